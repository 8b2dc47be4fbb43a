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
    public struct File: Sendable {
        public let path: String
        public let contents: [UInt8]
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
        // The files are independent, so each is built and rendered side by side with the others: the
        // board page (then the history page, which shows the page's overdue count), the overdue page
        // and the calendar feed. A large board's page takes most of the time; the rest fits beside it.
        let rendered = Mutex([String: [UInt8]]())
        let counts = Mutex((cards: 0, overdue: 0))
        DispatchQueue.concurrentPerform(iterations: 3) { job in
            switch job {
            case 0:
                let page = builder.page()
                let html = templates.render(page, template: "page") ?? []
                counts.withLock { $0 = (page.cardCount, page.overdueCount) }
                rendered.withLock { $0["index.html"] = html }
                if options.history != nil {
                    let history = templates.render(builder.historyPage(overdueCount: page.overdueCount), template: "history") ?? []
                    rendered.withLock { $0["history.html"] = history }
                }
            case 1:
                let html = templates.render(builder.overduePage(), template: "overdue") ?? []
                rendered.withLock { $0["overdue.html"] = html }
            default:
                let feed = ICalendar.feedBytes(for: [(board, slug)], name: board.title,
                                               options: ICalendar.Options(clock: options.clock, baseURL: options.baseURL))
                rendered.withLock { $0["board.ics"] = feed }
            }
        }
        let contents = rendered.withLock { $0 }
        // Files keep a fixed order.
        let paths = ["index.html", "overdue.html"] + (options.history != nil ? ["history.html"] : []) + ["board.ics"]
        let files = paths.map { RenderedSite.File(path: $0, contents: contents[$0] ?? []) }
        let (cardCount, overdueCount) = counts.withLock { $0 }
        return (RenderedSite(files: files, cardCount: cardCount, overdueCount: overdueCount), [])
    }
}
