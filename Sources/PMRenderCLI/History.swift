import ArgumentParser
import Foundation
import PMRender

/// `pm-render history BOARD.md`: what happened to every card, from git.
struct History: HistoryCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract:
            "List what happened to every card (added, moved, edited, renamed, removed), newest first, from the board's git history.",
        discussion: """
            Follows renames of the file and the first-parent history (a merge counts as one change on the main \
            line). A version that is not readable text is skipped with a note; a shallow clone shows what it has, \
            with a warning.
            """
    )

    static let reading = "history"

    @OptionGroup var board: BoardFileArgument

    @Option(help: ArgumentHelp("Only events since this date.", valueName: "YYYY-MM-DD"))
    var since: String?

    // (Unconditional: a negative number is the value, which validate() refuses by name, not an option.)
    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many events.", valueName: "n"))
    var limit: Int?

    @Option(help: "Output format.")
    var format: TextOrJSON = .text

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        try DayOption.validate("--since", since)
    }

    func describe(_ history: BoardHistory, of current: Board, locale: BoardLocale?) {
        printNotes(of: history)
        let sinceSeconds = DayOption.day(since).map { $0.daysSinceEpoch * 86_400 }
        let events = history.filtered(since: sinceSeconds, limit: limit)
        switch format {
        case .text: Output.out(HistoryReport.text(history, events: events, board: current, locale: locale))
        case .json: Output.out(HistoryReport.json(history, events: events, board: current, locale: locale))
        }
    }
}
