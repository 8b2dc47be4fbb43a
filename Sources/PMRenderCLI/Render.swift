import ArgumentParser
import Foundation
import PMRender

/// `pm-render BOARD.md`, `pm-render a.md b.md`, `pm-render boards/`: render a site (the default command).
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render boards into an HTML site (the default command).",
        discussion: """
            One board: OUTPUT/index.html and its pages. Several boards or a folder (searched for *.md \
            files that are boards): one sub-folder per board plus an overview, a combined overdue page \
            and a combined calendar. Every board that can be read is published: its problems are printed \
            as warnings and shown on its page (exit 0). Nothing is written when a board cannot be read \
            (unless --keep-going), when the templates have errors, or, with --strict, when a board has any \
            problem (exit 1). The previous site is replaced atomically.
            """
    )

    @Argument(help: "Board files or folders of boards.")
    var boards: [String]

    @Option(name: [.short, .customLong("output")], help: "Output folder.")
    var output = "_site"

    @OptionGroup var clock: ClockOptions

    @Option(help: ArgumentHelp("Use the templates in this folder instead of the built-in ones.", valueName: "dir"))
    var templates: String?

    @Option(
        help: ArgumentHelp("Where the site is published, for absolute links in the calendar feed.", valueName: "url"))
    var baseURL: String?

    @Flag(help: "Do not read the boards' git history (no history.html, no timelines).")
    var noHistory = false

    @Flag(
        help:
            "With several boards: write the readable ones even when others cannot be read, listing the failed ones on the overview."
    )
    var keepGoing = false

    @Flag(help: "Write nothing and exit 1 when a board has any problem (warnings included).")
    var strict = false

    @Option(help: ArgumentHelp("Link wikilinks ([[Page]]) under this URL.", valueName: "url"))
    var wikilinkBase: String?

    @OptionGroup var watchOptions: WatchOptions

    @OptionGroup var report: ReportOptions

    func validate() throws {
        try AddressOption.validate("--base-url", baseURL)
        try AddressOption.validate("--wikilink-base", wikilinkBase, rootRelative: true)
    }

    func run() async throws {
        if watchOptions.watch || watchOptions.serve != nil {
            try await Watcher(render: self).run()
            return
        }
        let rendered = try await render()
        // The site is written and swapped in, and every diagnostic and the summary are printed (`Output` writes
        // them unbuffered): the process ends here, with the status returning would give, before the board and its
        // pages are freed one object at a time, which nothing needs (100,000 cards: about 0.3 s of CPU).
        Output.exit(rendered.status, keeping: rendered.site)
    }

    /// What rendering once leaves: its exit status, and the site it wrote, if any (its pages hold the board).
    struct Rendered {
        var status: Int32
        var site: RenderedSite?
    }

    /// Renders the site once; returns the exit status (0 written, 1 board or template errors).
    /// Usage and environment problems throw (exit 2).
    func renderOnce() async throws -> Int32 {
        try await render().status
    }

    /// `renderOnce`, returning the site written as well.
    func render() async throws -> Rendered {
        let start = ContinuousClock.now
        let locale = try report.locale()
        let clockOptions = clock
        _ = try clockOptions.resolve(timezone: "UTC")  // reports a malformed --today/--now once, up front
        // JSON and SARIF are one document per run, whatever step found the problems: printed once, at the end.
        let oneDocument = report.diagnostics == .json || report.diagnostics == .sarif
        var pending: [Diagnostic] = []
        func show(_ diagnostics: [Diagnostic]) {
            if oneDocument {
                pending += diagnostics
            } else {
                Output.diagnostics(diagnostics, format: report.diagnostics)
            }
        }
        defer { if oneDocument { Output.diagnostics(pending, format: report.diagnostics) } }
        let found: BoardDiscovery.Found
        do {
            found = try BoardDiscovery.find(boards)
        } catch {
            show([error.diagnostic])
            return Rendered(status: 2)
        }
        show(found.skipped.map { Diagnostic(.notABoard, file: $0, at: nil) })
        guard !found.boards.isEmpty else {
            throw Output.usageFailure("no boards found in \(boards.joined(separator: ", "))")
        }
        let (templateSet, templateDiagnostics) =
            templates.map(PageTemplates.load(directory:)) ?? (PageTemplates.builtIn(), [])
        show(templateDiagnostics)
        guard let templateSet, !templateDiagnostics.hasErrors else {
            // A folder or file that cannot be read is the environment's problem (exit 2), as an unreadable board is;
            // a template's own errors exit 1.
            let unreadable = Problem.unreadableTemplate("").code
            return Rendered(status: templateDiagnostics.contains { $0.isError && $0.code == unreadable } ? 2 : 1)
        }

        var options = MultiBoardSite.Options(templates: templateSet) { timezone in
            (try? clockOptions.resolve(timezone: timezone)) ?? DeadlineClock.current(in: timezone)
        }
        options.baseURL = baseURL
        options.locale = locale
        options.readHistory = !noHistory
        options.keepGoing = keepGoing
        options.strict = strict
        options.wikilinkBase = wikilinkBase
        let outcome = await MultiBoardSite.build(paths: found.boards, options: options)
        show(outcome.diagnostics)
        // A board that cannot be read is an environment problem (exit 2), not an error in a board.
        let unreadable = outcome.diagnostics.contains { $0.code == Problem.unreadableBoard("").code }
        guard let site = outcome.site else { return Rendered(status: unreadable ? 2 : 1) }
        do {
            try await SiteWriter.write(site, to: output, protecting: found.boards, templates: templates)
        } catch .rendering(let diagnostic) {
            show([diagnostic])
            return Rendered(status: 1)
        } catch {
            throw Output.usageFailure(error.description)
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Int(
            (Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000).rounded())
        let overdue = site.overdueCount == 0 ? "" : ", \(site.overdueCount) overdue"
        let what: String
        if outcome.boardCount == 1 {
            let title = outcome.title ?? found.boards[0]
            what = "\(DiagnosticPrinter.sanitized(title)): \(Output.plural(site.cardCount, "card"))\(overdue)"
        } else {
            let failed = outcome.failed.isEmpty ? "" : " (\(outcome.failed.count) failed)"
            what =
                "\(Output.plural(outcome.boardCount, "board"))\(failed), \(Output.plural(site.cardCount, "card"))\(overdue)"
        }
        Output.out("\(what) → \(DiagnosticPrinter.sanitized(output))/index.html in \(milliseconds) ms\n")
        return Rendered(status: outcome.failed.isEmpty ? 0 : (unreadable ? 2 : 1), site: site)
    }
}

/// `--today` and `--now`: the moment deadlines are judged against.
struct ClockOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Take this date as today, for deadlines, reports and stamps (default: today in the board's time zone).",
            valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(
        help: ArgumentHelp("Take this minute as now, for timed deadlines.", valueName: "YYYY-MM-DDTHH:MM"))
    var now: String?

    func validate() throws {
        if today != nil, now != nil { throw ValidationError("--today and --now cannot be used together") }
    }

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
