import ArgumentParser
import PMRender

/// `pm-render BOARD.md`: render the HTML page (default subcommand).
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a board into an HTML site (the default command)."
    )

    @Argument(help: "The board file.")
    var board: String

    func run() throws {
        throw Output.usageFailure("rendering is not implemented yet")
    }
}
