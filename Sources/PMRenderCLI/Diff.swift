import ArgumentParser
import PMRender

/// `pm-render diff BOARD.md --against REV`: what changed, card by card.
struct Diff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "List how each card changed since a git revision or another file (added, moved, edited, removed)."
    )

    @OptionGroup var board: BoardFileArgument

    @OptionGroup var previousOptions: PreviousOptions

    @Option(help: "Output format.")
    var format: TextOrJSON = .text

    @OptionGroup var report: ReportOptions

    func validate() throws {
        guard previousOptions.isGiven else { throw ValidationError("give one of --against REV or --previous FILE") }
    }

    func run() async throws {
        let locale = try report.locale()
        let comparison = try await previousOptions.compare(board.path)
        // Rule violations are `check`'s business; diff only says what stops it from comparing.
        let blocking = comparison.boardDiagnostics.filter { $0.code == "previous-version-unreadable" }
        let unreadable = !comparison.current.isReadable
        Output.diagnostics(
            unreadable ? comparison.boardDiagnostics : blocking, format: report.diagnostics)
        guard !unreadable, blocking.isEmpty else { throw ExitCode(1) }
        switch format {
        case .text: Output.out(ChangeReport.text(comparison, locale: locale))
        case .json: Output.out(ChangeReport.json(comparison, locale: locale))
        }
    }
}
