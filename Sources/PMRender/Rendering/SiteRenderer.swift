/// What to render and how.
public struct RenderOptions: Sendable {
    /// "Now" for overdue and due-soon marks.
    public var clock: DeadlineClock
    public var templates: TemplateSet

    public init(clock: DeadlineClock, templates: TemplateSet) {
        self.clock = clock
        self.templates = templates
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
}

/// Renders a parsed board (parsed with `ParseOptions(renderHTML: true)`) into the site's files.
public enum SiteRenderer {
    public static func render(_ board: Board, options: RenderOptions) -> (RenderedSite?, [Diagnostic]) {
        let page = PageBuilder(board: board, clock: options.clock).page()
        guard let html = options.templates.render(page, template: "page") else {
            return (nil, [Diagnostic(.missingTemplate("page"), file: "templates", at: nil)])
        }
        let site = RenderedSite(files: [.init(path: "index.html", contents: Array(html.utf8))],
                                cardCount: page.cardCount, overdueCount: page.overdueCount)
        return (site, [])
    }
}
