import ArgumentParser
import Foundation
import PMRender

/// `pm-render history BOARD.md`: what happened to every card, from git.
struct History: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        abstract:
            "List what happened to every card (added, moved, edited, renamed, removed), newest first, from the board's git history.",
        discussion: """
            Follows renames of the file and the first-parent history (a merge counts as one change on the main \
            line). A version that is not readable text is skipped with a note; a shallow clone shows what it has, \
            with a warning.
            """
    )

    @Argument(help: "The board file.")
    var board: String

    @Option(help: ArgumentHelp("Only events since this date.", valueName: "YYYY-MM-DD"))
    var since: String?

    @Option(help: ArgumentHelp("At most this many events.", valueName: "n"))
    var limit: Int?

    @Option(help: "Output format.")
    var format: Format = .text

    @OptionGroup var localeOptions: LocaleOptions

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let since, CalendarDate(iso: Substring(since)) == nil {
            throw ValidationError("invalid --since '\(since)': expected YYYY-MM-DD")
        }
    }

    func run() async throws {
        let locale = try localeOptions.resolve()
        async let reading = BoardSources.history(of: board)
        guard let current = try await Boards.readable([board], format: diagnosticOptions.diagnostics).first else {
            return
        }
        let history: BoardHistory
        do {
            history = try await reading
        } catch let error as GitError {
            throw Output.usageFailure(error.description)
        }
        var notes = history.notes
        if history.commitCount == 0 { notes.append(Diagnostic(.neverCommitted, file: board, at: nil)) }
        if history.isShallow {
            notes.append(Diagnostic(.shallowHistory(commits: history.commitCount), file: board, at: nil))
        }
        Output.diagnostics(notes, format: diagnosticOptions.diagnostics)
        let sinceSeconds = since.flatMap { CalendarDate(iso: Substring($0)) }.map { $0.daysSinceEpoch * 86_400 }
        let events = history.filtered(since: sinceSeconds, limit: limit)
        switch format {
        case .text: Output.out(HistoryReport.text(history, events: events, board: current, locale: locale))
        case .json: Output.out(HistoryReport.json(history, events: events, board: current, locale: locale))
        }
    }
}
