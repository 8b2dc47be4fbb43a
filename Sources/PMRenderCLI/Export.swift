import ArgumentParser
import PMRender

/// `pm-render export BOARD.md --format json`: the model on stdout.
struct Export: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, ics
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a board as JSON (docs/JSON.md) or its deadlines as an iCalendar feed, on stdout."
    )

    @OptionGroup var board: BoardFileArgument

    @Option(help: "Output format.")
    var format: Format = .json

    @OptionGroup var clock: ClockOptions

    @Option(help: ArgumentHelp("Where the site is published, for the calendar events' links.", valueName: "url"))
    var baseURL: String?

    @OptionGroup var report: ReportOptions

    func validate() throws {
        try AddressOption.validate("--base-url", baseURL)
    }

    func run() async throws {
        let locale = try report.locale()
        guard let board = try await report.board(self.board.path) else { return }
        switch format {
        case .json:
            Output.out(BoardJSON.encode(board))
        case .ics:
            let now = try clock.resolve(timezone: board.timezone)
            Output.out(
                ICalendar.feed(
                    for: [board], name: board.title,
                    options: ICalendar.Options(clock: now, baseURL: baseURL, locale: locale)))
        }
    }
}
