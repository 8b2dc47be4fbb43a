import ArgumentParser
import PMRender

/// `pm-render diff BOARD.md --against REV`: what changed, card by card.
struct Diff: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        abstract: "List how each card changed since a git revision or another file (added, moved, edited, removed)."
    )

    @Argument(help: "The board file.")
    var board: String

    @Option(help: ArgumentHelp("Compare with the board's version at this git revision.", valueName: "rev"))
    var against: String?

    @Option(help: ArgumentHelp("Compare with this file.", valueName: "file"))
    var previous: String?

    @Option(help: "Output format.")
    var format: Format = .text

    @OptionGroup var localeOptions: LocaleOptions

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        guard (against == nil) != (previous == nil) else {
            throw ValidationError("give exactly one of --against REV or --previous FILE")
        }
    }

    func run() async throws {
        let locale = try localeOptions.resolve()
        let source = against.map(PreviousSource.revision) ?? previous.map(PreviousSource.file)!
        let comparison: VersionComparison
        do {
            comparison = try await BoardComparison.run(path: board, against: source)
        } catch {
            throw Output.usageFailure(error.description)
        }
        // Rule violations are `check`'s business; diff reports only what stops it from comparing.
        Output.diagnostics(comparison.boardDiagnostics, format: diagnosticOptions.diagnostics)
        guard comparison.previous?.hasErrors != true else { throw ExitCode(1) }
        switch format {
        case .text: Output.out(ChangeReport.text(comparison, locale: locale))
        case .json: Output.out(ChangeReport.json(comparison, locale: locale))
        }
        if comparison.boardDiagnostics.hasErrors { throw ExitCode(1) }
    }
}
