import Templating

/// What to render and how.
public struct RenderOptions: Sendable {
    /// "Now" for overdue and due-soon marks.
    public var clock: DeadlineClock
    public var templates: PageTemplates
    /// Where the site will be published, for absolute links in the calendar feed and `webcal://` links.
    public var baseURL: String?
    /// The board's history from git: adds `history.html`, timelines and days in lane.
    public var history: BoardHistory?
    /// The board is one of several in a site (its pages link back to the overview).
    public var partOfSite = false
    /// The board's name in calendar UIDs; default: the slug of its file name. A site of several boards passes each
    /// board's folder name, so UIDs stay unique across the boards' feeds.
    public var calendarSlug: String?
    /// Wikilinks link under this URL (else the board's `wikilink-base`, else they are text).
    public var wikilinkBase: String?
    /// Files the board embeds (`![[diagram.png]]`) that are copied into the site: name → path in the site.
    public var embeds: [String: String] = [:]
    /// The board's problems, shown in a banner on its page.
    public var problems: [Diagnostic] = []
}

/// A rendered site: files by relative path, in a stable order.
public struct RenderedSite: Sendable {
    /// One file of the site. A page is rendered when it is written (`SiteWriter`, a piece at a time) or when its
    /// `contents` are asked for; everything it shows was decided before, so only a template whose recursion the
    /// data never ends can make it fail.
    public struct File: Sendable {
        public let path: String
        /// Writes the file's bytes into a sink.
        let produce: @Sendable (ByteSink) throws(RenderFailure) -> Void

        /// A file with these bytes.
        public init(path: String, contents: [UInt8]) {
            self.path = path
            produce = { $0.append(contents) }
        }

        /// A file whose bytes `produce` writes when they are needed.
        init(path: String, producing produce: @escaping @Sendable (ByteSink) throws(RenderFailure) -> Void) {
            self.path = path
            self.produce = produce
        }

        /// The same file at another path.
        func moved(to path: String) -> File {
            File(path: path, producing: produce)
        }

        /// The file's bytes (a page is rendered into memory for this).
        public var contents: [UInt8] {
            get throws(RenderFailure) {
                let sink = ByteSink()
                try produce(sink)
                return sink.bytes
            }
        }
    }

    public var files: [File]
    public var cardCount: Int
    public var overdueCount: Int

    public func file(_ path: String) -> File? {
        files.first { $0.path == path }
    }

    /// The site has a `metrics.html` (the board has a history and the templates a `metrics` page): its pages'
    /// navigation links to it (`nav.items`, `hasMetrics`).
    public var hasMetrics: Bool { file("metrics.html") != nil }
}

/// Renders a board into its site's files: `index.html`, `overdue.html`, `board.ics`, and `history.html` and
/// `metrics.html` when a history is given (`metrics.html` only when the templates have a `metrics` page).
public enum SiteRenderer {
    /// The site's files; nil with a diagnostic when the templates lack a page the board needs.
    public static func render(_ board: Board, options: RenderOptions) -> (RenderedSite?, [Diagnostic]) {
        let templates = options.templates
        if options.history != nil, !templates.has("history") {
            return (nil, [Diagnostic(.missingHistoryTemplate, file: "templates", at: nil)])
        }
        // Metrics come from the history; a template folder without `metrics` renders no metrics page.
        let hasMetrics = options.history != nil && templates.has("metrics")
        let site = SiteContext(
            partOfSite: options.partOfSite, baseURL: options.baseURL, hasMetrics: hasMetrics, embeds: options.embeds,
            wikilinkBase: options.wikilinkBase)
        let builder = PageBuilder(
            board: board, clock: options.clock, history: options.history, site: site, problems: options.problems)
        let slug = options.calendarSlug ?? Slug.make(BoardParser.titleFromFileName(board.sourceFile))
        let overdueCount = builder.tally.overdue
        let calendar = ICalendar.Options(clock: options.clock, baseURL: options.baseURL)
        // Each page's view models are made while it is written, side by side with the other files; the files that
        // take longest come first (they start first).
        var files = [
            RenderedSite.File(path: "index.html") { sink throws(RenderFailure) in
                try templates.render(builder.page(), template: "page", to: sink)
            },
            RenderedSite.File(path: "board.ics") {
                ICalendar.writeFeed(for: [(board, slug)], name: board.title, options: calendar, to: $0)
            },
            RenderedSite.File(path: "overdue.html") { sink throws(RenderFailure) in
                try templates.render(builder.overduePage(), template: "overdue", to: sink)
            },
        ]
        if options.history != nil {
            let history = builder.historyPage(overdueCount: overdueCount)
            files.append(templates.file("history.html", history, template: "history"))
        }
        if hasMetrics, let history = options.history {
            let metrics = MetricsPage.boardPage(
                board: board, history: history, builder: builder, overdueCount: overdueCount)
            files.append(templates.file("metrics.html", metrics, template: "metrics"))
        }
        return (RenderedSite(files: files, cardCount: board.cardCount, overdueCount: overdueCount), [])
    }
}
