import ArgumentParser
import PMRender

/// `pm-render check BOARD.md...`: parse and validate, print diagnostics.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check boards for errors and print diagnostics as FILE:LINE:COL: error: MESSAGE.",
        discussion: """
            With --against REV (or --previous FILE), also compares each board with that version and \
            checks the team's rules for new cards and moves. Exit status: 0 no errors (warnings \
            allowed), 1 a board has errors, 2 usage error, unreadable file or git problem.
            """
    )

    @Argument(help: "Board files to check.")
    var boards: [String]

    @Option(help: ArgumentHelp("Compare with each board's version at this git revision.", valueName: "rev"))
    var against: String?

    @Option(help: ArgumentHelp("Compare with this file instead of a git revision.", valueName: "file"))
    var previous: String?

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        if against != nil, previous != nil {
            throw ValidationError("--against and --previous cannot be used together")
        }
        if previous != nil, boards.count > 1 {
            throw ValidationError("--previous compares one board; give exactly one BOARD")
        }
    }

    func run() async throws {
        var failed = false
        var all: [Diagnostic] = []
        var cards = 0
        for path in boards {
            let diagnostics: [Diagnostic]
            let board: Board
            do {
                if let source = against.map(PreviousSource.revision) ?? previous.map(PreviousSource.file) {
                    let comparison = try await BoardComparison.run(path: path, against: source)
                    diagnostics = comparison.diagnostics
                    board = comparison.current.board
                } else {
                    let result = try BoardLoader.load(path: path)
                    diagnostics = result.diagnostics
                    board = result.board
                }
            } catch let error as ComparisonError {
                throw Output.usageFailure(error.description)
            } catch let error as BoardLoadError {
                throw Output.usageFailure(error.description)
            }
            all += diagnostics
            cards += board.cardCount
            if diagnostics.hasErrors || (strict && diagnostics.warningCount > 0) { failed = true }
        }
        Output.diagnostics(all, format: diagnosticOptions.diagnostics, toStdout: true)
        let what = boards.count == 1 ? boards[0] : Output.plural(boards.count, "board")
        Output.error("\(DiagnosticPrinter.sanitized(what)): \(Output.plural(cards, "card")), "
            + "\(Output.plural(all.errorCount, "error")), \(Output.plural(all.warningCount, "warning"))")
        if failed { throw ExitCode(1) }
    }
}
