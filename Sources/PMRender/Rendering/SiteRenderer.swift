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
        let builder = PageBuilder(board: board, clock: options.clock, history: options.history, partOfSite: options.partOfSite)
        let page = builder.page()
        var pages: [(name: String, path: String, view: any TemplateObject)] = [
            ("page", "index.html", page), ("overdue", "overdue.html", builder.overduePage()),
        ]
        if options.history != nil {
            guard options.templates.has("history") else {
                return (nil, [Diagnostic(.missingHistoryTemplate, file: "templates", at: nil)])
            }
            pages.append(("history", "history.html", builder.historyPage(overdueCount: page.overdueCount)))
        }
        for (name, _, _) in pages where !options.templates.has(name) {
            return (nil, [Diagnostic(.missingTemplate(name), file: "templates", at: nil)])
        }
        let slug = options.calendarSlug ?? Slug.make(BoardParser.titleFromFileName(board.sourceFile))
        // The pages and the calendar feed are independent: render them side by side (a large board's
        // page takes most of the time, the rest fits beside it). Files keep their fixed order.
        let contents = Mutex([[UInt8]](repeating: [], count: pages.count + 1))
        let jobs = pages
        DispatchQueue.concurrentPerform(iterations: jobs.count + 1) { index in
            let bytes: [UInt8]
            if index < jobs.count {
                bytes = options.templates.render(jobs[index].view, template: jobs[index].name) ?? []
            } else {
                bytes = ICalendar.feedBytes(for: [(board, slug)], name: board.title,
                                            options: ICalendar.Options(clock: options.clock, baseURL: options.baseURL))
            }
            contents.withLock { $0[index] = bytes }
        }
        let rendered = contents.withLock { $0 }
        let files = zip(pages.map(\.path) + ["board.ics"], rendered).map { RenderedSite.File(path: $0, contents: $1) }
        return (RenderedSite(files: files, cardCount: page.cardCount, overdueCount: page.overdueCount), [])
    }
}
