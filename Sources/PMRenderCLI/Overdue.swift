import ArgumentParser
import PMRender

/// `pm-render overdue BOARD.md...`: overdue (and due-soon) cards for CI logs, summaries and chat.
struct Overdue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overdue",
        abstract: "List overdue cards (and, with --within, cards due soon), most overdue first.",
        discussion:
            "With --fail-on-overdue, exits 1 when anything is overdue, so a scheduled CI job fails and notifies."
    )

    @Argument(help: "Board files.")
    var boards: [String]

    @OptionGroup var clock: ClockOptions

    // (Unconditional: a negative number is the value, which validate() refuses by name, not an option.)
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Also list cards due within this many days.", valueName: "days"))
    var within: Int?

    @Option(help: "Output format: text, markdown (a table for $GITHUB_STEP_SUMMARY) or json.")
    var format: ReportFormat = .text

    @Flag(help: "Exit 1 when any card is overdue.")
    var failOnOverdue = false

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if let within, within < 0 || within > 3650 { throw ValidationError("--within must be between 0 and 3650 days") }
    }

    func run() async throws {
        let locale = try report.locale()
        let parsed = try await Boards.readable(boards, format: report.diagnostics)
        var clocks: [String: DeadlineClock] = [:]
        for board in parsed { clocks[board.sourceFile] = try clock.resolve(timezone: board.timezone) }
        let report = OverdueReport(boards: parsed, clock: { clocks[$0.sourceFile]! }, within: within)
        switch format {
        case .text: Output.out(report.text(locale: locale))
        case .markdown: Output.out(report.markdown(locale: locale))
        case .json: Output.out(report.json())
        }
        if failOnOverdue, report.overdueCount > 0 { throw ExitCode(1) }
    }
}
