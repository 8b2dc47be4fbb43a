import ArgumentParser
import PMRender

/// `pm-render check BOARD.md...`: parse and validate, print diagnostics.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check boards for errors and print diagnostics as FILE:LINE:COL: error: MESSAGE.",
        discussion: "Exit status: 0 no errors (warnings allowed), 1 a board has errors, 2 usage error or unreadable file."
    )

    @Argument(help: "Board files to check.")
    var boards: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        var failed = false
        var totals = (cards: 0, errors: 0, warnings: 0)
        for path in boards {
            let result: ParseResult
            do {
                result = try BoardLoader.load(path: path)
            } catch {
                throw Output.usageFailure(error.description)
            }
            Output.diagnostics(result.diagnostics)
            totals.cards += result.board.cardCount
            totals.errors += result.diagnostics.errorCount
            totals.warnings += result.diagnostics.warningCount
            if result.hasErrors || (strict && result.diagnostics.warningCount > 0) { failed = true }
        }
        let what = boards.count == 1 ? boards[0] : Output.plural(boards.count, "board")
        Output.error("\(DiagnosticPrinter.sanitized(what)): \(Output.plural(totals.cards, "card")), "
            + "\(Output.plural(totals.errors, "error")), \(Output.plural(totals.warnings, "warning"))")
        if failed { throw ExitCode(1) }
    }
}
