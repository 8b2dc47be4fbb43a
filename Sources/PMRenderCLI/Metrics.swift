import ArgumentParser
import Foundation
import PMRender

/// `pm-render metrics BOARD.md`: flow metrics (cycle time, throughput, cumulative flow, aging work, forecast) from
/// the board's git history.
struct MetricsCommand: HistoryCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract:
            "Show flow metrics from the board's git history: cycle and lead time, throughput, cumulative flow, aging "
            + "work in progress and a Monte Carlo forecast.",
        discussion: """
            Days are calendar days in the board's time zone, from commit dates (first-parent history, renames \
            followed). The forecast runs 10,000 trials drawing days from the daily throughput of the last 90 days; \
            with fewer than 10 cards done in those days it says it is not reliable. See docs/METRICS.md.
            """
    )

    static let reading = "metrics"

    @OptionGroup var board: BoardFileArgument

    @Option(
        help: ArgumentHelp("Count from this day (default: the day the first card was added).", valueName: "YYYY-MM-DD"))
    var since: String?

    @OptionGroup var clock: ClockOptions

    @Option(
        help: ArgumentHelp(
            "Seed of the forecast's random draws (the same seed gives the same forecast).", valueName: "n"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Also forecast how many cards will be done by this day.", valueName: "YYYY-MM-DD"))
    var by: String?

    @Option(help: "Output format: text, markdown (for $GITHUB_STEP_SUMMARY) or json.")
    var format: ReportFormat = .text

    @OptionGroup var report: ReportOptions

    func validate() throws {
        try DayOption.validate("--since", since)
        try DayOption.validate("--by", by)
    }

    func describe(_ history: BoardHistory, of current: Board, locale: BoardLocale?) throws {
        let today = try clock.resolve(timezone: current.timezone).today
        let sinceDate = DayOption.day(since)
        let byDate = DayOption.day(by)
        if let sinceDate, sinceDate > today {
            throw Output.usageFailure("--since \(sinceDate) is after today (\(today)): there is nothing to measure")
        }
        if let byDate, byDate <= today {
            throw Output.usageFailure("--by \(byDate) is not after today (\(today)): a forecast looks ahead")
        }
        let horizon = Forecast.Options().horizonDays
        if let byDate, byDate.daysSinceEpoch - today.daysSinceEpoch > horizon {
            throw Output.usageFailure(
                "--by \(byDate) is more than \(horizon / 365) years after today (\(today)): too far to forecast")
        }
        printNotes(of: history)
        var options = FlowMetrics.Options(today: today, since: sinceDate)
        options.forecast.seed = seed
        options.forecast.by = byDate
        let metrics = FlowMetrics(history: history, board: current, options: options)
        switch format {
        case .text: Output.out(metrics.text(title: current.title, file: board.path, locale: locale ?? current.locale))
        case .markdown: Output.out(metrics.markdown(title: current.title, locale: locale ?? current.locale))
        case .json: Output.out(metrics.json())
        }
    }
}
