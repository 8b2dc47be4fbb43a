import ArgumentParser
import PMRender

/// `pm-render export BOARD.md --format json`: the model on stdout.
struct Export: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
    }

    static let configuration = CommandConfiguration(
        abstract: "Print a board as JSON on stdout (schema: docs/JSON.md)."
    )

    @Argument(help: "The board file.")
    var board: String

    @Option(help: "Output format.")
    var format: Format = .json

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func run() throws {
        let result: ParseResult
        do {
            result = try BoardLoader.load(path: board)
        } catch {
            throw Output.usageFailure(error.description)
        }
        Output.diagnostics(result.diagnostics, format: diagnosticOptions.diagnostics)
        guard !result.hasErrors else { throw ExitCode(1) }
        switch format {
        case .json: Output.out(BoardJSON.encode(result.board))
        }
    }
}
