import Foundation

/// What to render and how.
public struct RenderOptions: Sendable {
    /// "Now" for overdue and due-soon marks.
    public var clock: DeadlineClock
    public var templates: TemplateSet
    /// Where the site will be published, for absolute links in the calendar feed.
    public var baseURL: String?
    /// The board's history from git: adds `history.html` and timelines in the detail views.
    public var history: BoardHistory?
    /// The board is one of several in a site (its pages link back to the overview).
    public var partOfSite: Bool
    /// The board's name in calendar UIDs; default: the slug of its file name. A site of several boards
    /// passes each board's folder name, so UIDs stay unique across the boards' feeds.
    public var calendarSlug: String?

    public init(clock: DeadlineClock, templates: TemplateSet, baseURL: String? = nil, history: BoardHistory? = nil,
                partOfSite: Bool = false, calendarSlug: String? = nil) {
        self.clock = clock
        self.templates = templates
        self.baseURL = baseURL
        self.history = history
        self.partOfSite = partOfSite
        self.calendarSlug = calendarSlug
    }
}

/// A rendered site: files by relative path, in a stable order.
public struct RenderedSite: Sendable {
    /// One file of the site. A page is rendered when it is written (`SiteWriter`, a piece at a time)
    /// or when its `contents` are asked for; everything it shows was decided before, so rendering
    /// cannot fail.
    public struct File: Sendable {
        public let path: String
        /// Writes the file's bytes into a sink.
        let produce: @Sendable (ByteSink) -> Void

        /// A file with these bytes.
        public init(path: String, contents: [UInt8]) {
            self.path = path
            produce = { $0.append(contents) }
        }

        /// A file whose bytes `produce` writes when they are needed.
        init(path: String, producing produce: @escaping @Sendable (ByteSink) -> Void) {
            self.path = path
            self.produce = produce
        }

        /// The same file at another path.
        func moved(to path: String) -> File {
            File(path: path, producing: produce)
        }

        /// The file's bytes (a page is rendered into memory for this).
        public var contents: [UInt8] {
            let sink = ByteSink()
            produce(sink)
            return sink.bytes
        }
    }

    public var files: [File]
    public var cardCount: Int
    public var overdueCount: Int

    public func file(_ path: String) -> File? {
        files.first { $0.path == path }
    }
}

/// Renders a parsed board (parsed with `ParseOptions(renderHTML: true)`) into the site's files:
/// `index.html`, `overdue.html`, `board.ics`, and `history.html` when a history is given.
public enum SiteRenderer {
    public static func render(_ board: Board, options: RenderOptions) -> (RenderedSite?, [Diagnostic]) {
        let templates = options.templates
        if options.history != nil, !templates.has("history") {
            return (nil, [Diagnostic(.missingHistoryTemplate, file: "templates", at: nil)])
        }
        for name in ["page", "overdue"] where !templates.has(name) {
            return (nil, [Diagnostic(.missingTemplate(name), file: "templates", at: nil)])
        }
        let builder = PageBuilder(board: board, clock: options.clock, history: options.history, partOfSite: options.partOfSite)
        let slug = options.calendarSlug ?? Slug.make(BoardParser.titleFromFileName(board.sourceFile))
        // The view models are built side by side: the board page's (then the history page's, which
        // shows the page's overdue count) beside the overdue page's. The pages and the calendar feed
        // are rendered when they are written, each on its own thread, in pieces.
        let views = Mutex<(page: PageView?, history: HistoryPageView?, overdue: OverduePageView?)>((nil, nil, nil))
        Parallel.forEach(2) { job in
            if job == 0 {
                let page = builder.page()
                let history = options.history != nil ? builder.historyPage(overdueCount: page.overdueCount) : nil
                views.withLock { $0.page = page; $0.history = history }
            } else {
                let overdue = builder.overduePage()
                views.withLock { $0.overdue = overdue }
            }
        }
        let (page, history, overdue) = views.withLock { ($0.page!, $0.history, $0.overdue!) }
        // Files keep a fixed order. Every template was checked to exist above.
        var files = [
            RenderedSite.File(path: "index.html") { _ = templates.render(page, template: "page", to: $0) },
            RenderedSite.File(path: "overdue.html") { _ = templates.render(overdue, template: "overdue", to: $0) },
        ]
        if let history {
            files.append(RenderedSite.File(path: "history.html") { _ = templates.render(history, template: "history", to: $0) })
        }
        let calendar = ICalendar.Options(clock: options.clock, baseURL: options.baseURL)
        files.append(RenderedSite.File(path: "board.ics") { ICalendar.writeFeed(for: [(board, slug)], name: board.title, options: calendar, to: $0) })
        return (RenderedSite(files: files, cardCount: page.cardCount, overdueCount: page.overdueCount), [])
    }
}
