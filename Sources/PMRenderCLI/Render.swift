import ArgumentParser
import Foundation
import PMRender

/// `pm-render BOARD.md`: render the HTML site (the default subcommand).
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a board into an HTML site (the default command).",
        discussion: """
            Writes OUTPUT/index.html, a self-contained page. Nothing is written when the board or the \
            templates have errors, and the previous site is replaced atomically.
            """
    )

    @Argument(help: "The board file.")
    var board: String

    @Option(name: [.short, .customLong("output")], help: "Output folder.")
    var output = "_site"

    @OptionGroup var clock: ClockOptions

    @OptionGroup var localeOptions: LocaleOptions

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    @Option(help: ArgumentHelp("Use the templates in this folder instead of the built-in ones.", valueName: "dir"))
    var templates: String?

    @Option(help: ArgumentHelp("Where the site is published, for absolute links in the calendar feed.", valueName: "url"))
    var baseURL: String?

    @Flag(help: "Do not read the board's git history (no history.html, no timelines).")
    var noHistory = false

    func run() throws {
        let start = ContinuousClock.now
        let locale = try localeOptions.resolve()
        let parsed: ParseResult
        do {
            parsed = try BoardLoader.load(path: board, options: ParseOptions(renderHTML: true))
        } catch {
            throw Output.usageFailure(error.description)
        }
        let (templateSet, templateDiagnostics) = templates.map(TemplateSet.load(directory:)) ?? TemplateSet.builtIn()
        let diagnostics = parsed.diagnostics + templateDiagnostics
        Output.diagnostics(diagnostics, format: diagnosticOptions.diagnostics)
        guard !diagnostics.hasErrors, let templateSet else { throw ExitCode(1) }

        let options = RenderOptions(clock: try clock.resolve(timezone: parsed.board.timezone), templates: templateSet,
                                    baseURL: baseURL, history: noHistory ? nil : readHistory())
        var model = parsed.board
        if let locale { model.locale = locale }
        let (site, renderDiagnostics) = SiteRenderer.render(model, options: options)
        Output.diagnostics(renderDiagnostics, format: diagnosticOptions.diagnostics)
        guard let site else { throw ExitCode(1) }
        do {
            try SiteWriter.write(site, to: output, protecting: [board])
        } catch {
            throw Output.usageFailure(error.description)
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Int((Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000).rounded())
        let overdue = site.overdueCount == 0 ? "" : ", \(site.overdueCount) overdue"
        Output.out("\(DiagnosticPrinter.sanitized(parsed.board.title)): \(Output.plural(site.cardCount, "card"))\(overdue) → "
            + "\(DiagnosticPrinter.sanitized(output))/index.html in \(milliseconds) ms\n")
    }
}

extension Render {
    /// The board's history when it is in a git repository; nothing (and no error) outside one.
    func readHistory() -> BoardHistory? {
        do {
            let history = try BoardHistory.read(path: board)
            var notes = history.notes
            if history.isShallow { notes.append(Diagnostic(.shallowHistory(commits: history.commitCount), file: board, at: nil)) }
            Output.diagnostics(notes, format: diagnosticOptions.diagnostics)
            return history
        } catch .notARepository, .gitNotFound {
            return nil
        } catch {
            Output.error("pm-render: warning: no history page: \(error.description)")
            return nil
        }
    }
}

/// `--today` and `--now`: the moment deadlines are judged against.
struct ClockOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Judge deadlines as of this date (default: today in the board's time zone).", valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(help: ArgumentHelp("Judge deadlines as of this minute, for timed deadlines.", valueName: "YYYY-MM-DDTHH:MM"))
    var now: String?

    func resolve(timezone: String) throws -> DeadlineClock {
        if let now {
            guard let clock = DeadlineClock(now: now) else {
                throw Output.usageFailure("invalid --now '\(now)': expected YYYY-MM-DDTHH:MM")
            }
            return clock
        }
        if let today {
            guard let date = CalendarDate(iso: Substring(today)) else {
                throw Output.usageFailure("invalid --today '\(today)': expected YYYY-MM-DD")
            }
            return DeadlineClock(today: date)
        }
        return DeadlineClock.current(in: timezone)
    }
}
