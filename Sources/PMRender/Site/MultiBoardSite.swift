import Foundation

/// Renders several boards into one site: `SLUG/…` per board (its page, overdue page, calendar and
/// history), `index.html` (an overview of every board), `overdue.html` (overdue and due-soon cards of
/// all boards) and `boards.ics` (every deadline). Boards are parsed and rendered in parallel.
public enum MultiBoardSite {
    public struct Options: Sendable {
        public var templates: TemplateSet
        /// "Now" for a board, from its time zone.
        public var clock: @Sendable (String) -> DeadlineClock
        public var baseURL: String?
        public var locale: BoardLocale?
        public var readHistory: Bool
        /// Write the valid boards even when others have errors (the overview lists the failed ones).
        public var keepGoing: Bool

        public init(templates: TemplateSet, clock: @escaping @Sendable (String) -> DeadlineClock, baseURL: String? = nil,
                    locale: BoardLocale? = nil, readHistory: Bool = true, keepGoing: Bool = false) {
            self.templates = templates
            self.clock = clock
            self.baseURL = baseURL
            self.locale = locale
            self.readHistory = readHistory
            self.keepGoing = keepGoing
        }
    }

    public struct Outcome: Sendable {
        /// Nil when nothing may be written (a board failed and `keepGoing` is off).
        public var site: RenderedSite?
        /// Every board's diagnostics, in path order.
        public var diagnostics: [Diagnostic]
        /// Boards that could not be read or had errors.
        public var failed: [String]
        public var boardCount: Int
        /// The title of the board when there is only one.
        public var title: String?
    }

    /// One board, parsed and rendered on its own.
    struct BoardResult: Sendable {
        let index: Int
        let path: String
        let slug: String
        let board: Board?
        let files: [RenderedSite.File]
        let diagnostics: [Diagnostic]
        let overdueCount: Int
        let latestChange: Int?
    }

    public static func build(paths: [String], options: Options) async -> Outcome {
        let slugs = BoardDiscovery.slugs(for: paths)
        let results = await withTaskGroup(of: BoardResult.self) { group -> [BoardResult] in
            for (index, path) in paths.enumerated() {
                group.addTask { await renderOne(index: index, path: path, slug: slugs[path]!, options: options, multi: paths.count > 1) }
            }
            var collected: [BoardResult] = []
            for await result in group { collected.append(result) }
            return collected.sorted { $0.index < $1.index }
        }
        return assemble(results, options: options)
    }

    /// The same, one board after another (for comparison in tests).
    public static func buildSerially(paths: [String], options: Options) async -> Outcome {
        let slugs = BoardDiscovery.slugs(for: paths)
        var results: [BoardResult] = []
        for (index, path) in paths.enumerated() {
            results.append(await renderOne(index: index, path: path, slug: slugs[path]!, options: options, multi: paths.count > 1))
        }
        return assemble(results, options: options)
    }

    static func renderOne(index: Int, path: String, slug: String, options: Options, multi: Bool) async -> BoardResult {
        // The board's git history is read (git runs) while the board is parsed.
        async let reading = options.readHistory ? try? BoardHistory.read(path: path) : nil
        let result = Result { () throws(BoardLoadError) in try BoardLoader.load(path: path, options: ParseOptions(renderHTML: true)) }
        let history = await reading
        let parsed: ParseResult
        do {
            parsed = try result.get()
        } catch {
            return BoardResult(index: index, path: path, slug: slug, board: nil, files: [],
                               diagnostics: [Diagnostic(.unreadableBoard(error.reason), file: path, at: nil)], overdueCount: 0, latestChange: nil)
        }
        var board = parsed.board
        if let locale = options.locale { board.locale = locale }
        guard !parsed.hasErrors else {
            return BoardResult(index: index, path: path, slug: slug, board: board, files: [], diagnostics: parsed.diagnostics,
                               overdueCount: 0, latestChange: nil)
        }
        let renderOptions = RenderOptions(clock: options.clock(board.timezone), templates: options.templates,
                                          baseURL: options.baseURL.map { $0.hasSuffix("/") ? $0 + slug : $0 + "/" + slug },
                                          history: history, partOfSite: multi, calendarSlug: multi ? slug : nil)
        let (site, diagnostics) = SiteRenderer.render(board, options: renderOptions)
        let files = (site?.files ?? []).map { multi ? $0.moved(to: "\(slug)/\($0.path)") : $0 }
        return BoardResult(index: index, path: path, slug: slug, board: board, files: files,
                           diagnostics: parsed.diagnostics + (history?.notes ?? []) + diagnostics,
                           overdueCount: site?.overdueCount ?? 0, latestChange: history?.events.first?.commit.date)
    }

    static func assemble(_ results: [BoardResult], options: Options) -> Outcome {
        let diagnostics = results.flatMap(\.diagnostics)
        let failed = results.filter { $0.files.isEmpty }.map(\.path)
        guard failed.isEmpty || options.keepGoing else {
            return Outcome(site: nil, diagnostics: diagnostics, failed: failed, boardCount: results.count, title: results.count == 1 ? results.first?.board?.title : nil)
        }
        let good = results.filter { !$0.files.isEmpty }
        if results.count == 1, let only = good.first {
            let site = RenderedSite(files: only.files, cardCount: only.board?.cardCount ?? 0, overdueCount: only.overdueCount)
            return Outcome(site: site, diagnostics: diagnostics, failed: failed, boardCount: 1, title: only.board?.title)
        }
        var files = good.flatMap(\.files)
        let entries = good.map { OverviewBuilder.Entry(board: $0.board!, slug: $0.slug, clock: options.clock($0.board!.timezone),
                                                        latestChange: $0.latestChange) }
        // The overview speaks --locale, else the boards' language when they all share one, else English.
        let locales = Set(entries.map(\.board.locale))
        let builder = OverviewBuilder(entries: entries, failed: failed, locale: options.locale ?? (locales.count == 1 ? locales.first! : .en))
        let overview = builder.overviewPage()
        for (name, path, view) in [("overview", "index.html", overview as any TemplateObject), ("overdue", "overdue.html", builder.overduePage())] {
            guard let html = options.templates.render(view, template: name) else {
                return Outcome(site: nil, diagnostics: diagnostics + [Diagnostic(.missingTemplate(name), file: "templates", at: nil)],
                               failed: failed, boardCount: results.count, title: results.count == 1 ? results.first?.board?.title : nil)
            }
            files.append(.init(path: path, contents: html))
        }
        let boards = entries.map { ($0.board, $0.slug) }
        let calendar = ICalendar.Options(clock: entries.first?.clock ?? options.clock("UTC"), baseURL: options.baseURL, locale: options.locale)
        files.append(RenderedSite.File(path: "boards.ics") { ICalendar.writeFeed(for: boards, name: overview.title, options: calendar, to: $0) })
        let site = RenderedSite(files: files, cardCount: good.reduce(0) { $0 + ($1.board?.cardCount ?? 0) },
                                overdueCount: good.reduce(0) { $0 + $1.overdueCount })
        return Outcome(site: site, diagnostics: diagnostics, failed: failed, boardCount: results.count, title: results.count == 1 ? results.first?.board?.title : nil)
    }
}
