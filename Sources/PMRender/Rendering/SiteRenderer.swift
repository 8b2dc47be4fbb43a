/// What to render and how.
public struct RenderOptions: Sendable {
    /// "Now" for overdue and due-soon marks.
    public var clock: DeadlineClock
    public var templates: TemplateSet
    /// Where the site will be published, for absolute links in the calendar feed.
    public var baseURL: String?

    public init(clock: DeadlineClock, templates: TemplateSet, baseURL: String? = nil) {
        self.clock = clock
        self.templates = templates
        self.baseURL = baseURL
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
/// `index.html`, `overdue.html` and `board.ics`.
public enum SiteRenderer {
    public static func render(_ board: Board, options: RenderOptions) -> (RenderedSite?, [Diagnostic]) {
        let builder = PageBuilder(board: board, clock: options.clock)
        let page = builder.page()
        var files: [RenderedSite.File] = []
        for (name, path, view) in [("page", "index.html", page as Any), ("overdue", "overdue.html", builder.overduePage())] {
            guard let html = options.templates.render(view, template: name) else {
                return (nil, [Diagnostic(.missingTemplate(name), file: "templates", at: nil)])
            }
            files.append(.init(path: path, contents: Array(html.utf8)))
        }
        let feed = ICalendar.feed(for: [board], name: board.title,
                                  options: ICalendar.Options(clock: options.clock, baseURL: options.baseURL))
        files.append(.init(path: "board.ics", contents: Array(feed.utf8)))
        return (RenderedSite(files: files, cardCount: page.cardCount, overdueCount: page.overdueCount), [])
    }
}
