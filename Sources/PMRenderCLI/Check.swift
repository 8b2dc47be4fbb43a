import ArgumentParser
import PMRender

/// `pm-render check BOARD.md...`: parse and validate, print diagnostics.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check boards and print diagnostics as FILE:LINE:COL: error: MESSAGE.",
        discussion: """
            With --against REV (or --previous FILE), also compares each board with that version and checks the \
            team's rules for new cards and moves. With --verbose, lists each board's lanes with their states and \
            which rule gave each its state. Exit status: 0 no errors (warnings allowed), 1 a board has errors (or \
            warnings, with --strict), 2 usage error, unreadable file or git problem.
            """
    )

    @Argument(help: "Board files to check.")
    var boards: [String]

    @OptionGroup var previousOptions: PreviousOptions

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .shortAndLong, help: "List each board's lanes, their states and why.")
    var verbose = false

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        if previousOptions.previous != nil, BoardDiscovery.distinct(boards).count > 1 {
            throw ValidationError("--previous compares one board; give exactly one BOARD")
        }
    }

    func run() async throws {
        var failed = false
        var all: [Diagnostic] = []
        var cards = 0
        // A board named twice is checked once.
        let boards = BoardDiscovery.distinct(self.boards)
        var unreadable = false
        for path in boards {
            guard let current = await Boards.load(path, reporting: &all) else {
                unreadable = true
                continue
            }
            let diagnostics: [Diagnostic]
            let board: Board
            if previousOptions.isGiven {
                let comparison = try await previousOptions.compare(current, path: path)
                diagnostics = comparison.diagnostics
                board = comparison.current.board
            } else {
                diagnostics = current.diagnostics
                board = current.board
            }
            if verbose { Output.error(LaneReport.text(board)) }
            all += diagnostics
            cards += board.cardCount
            if diagnostics.hasErrors || (strict && diagnostics.warningCount > 0) { failed = true }
        }
        Output.diagnostics(all, format: diagnosticOptions.diagnostics, toStdout: true)
        let what = boards.count == 1 ? boards[0] : Output.plural(boards.count, "board")
        Output.error(
            "\(DiagnosticPrinter.sanitized(what)): \(Output.plural(cards, "card")), "
                + "\(Output.plural(all.errorCount, "error")), \(Output.plural(all.warningCount, "warning"))")
        if unreadable { throw ExitCode(2) }
        if failed { throw ExitCode(1) }
    }
}
