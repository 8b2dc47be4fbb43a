import Foundation

/// Renders one board, or several boards into one site: `SLUG/…` per board (its page, overdue page, calendar and
/// history), `index.html` (an overview of every board), `overdue.html` (overdue and due-soon cards of all boards)
/// and `boards.ics` (every deadline). Boards are read and rendered side by side; each board's git history is read
/// while the board is parsed.
///
/// Every board that can be read is published: its problems are returned as warnings and shown on its page. Only a
/// board that is not a readable text file fails (and, with `strict`, any problem).
public enum MultiBoardSite {
    public struct Options: Sendable {
        public var templates: PageTemplates
        /// "Now" for a board, from its time zone.
        public var clock: @Sendable (String) -> DeadlineClock
        public var baseURL: String?
        public var locale: BoardLocale?
        public var readHistory = true
        /// Write the readable boards even when others cannot be read (the overview lists the failed ones).
        public var keepGoing = false
        /// Any problem of a board fails it (nothing is written).
        public var strict = false
        /// Wikilinks link under this URL (`--wikilink-base`).
        public var wikilinkBase: String?
    }

    public struct Outcome: Sendable {
        /// Nil when nothing may be written (a board failed and `keepGoing` is off).
        public var site: RenderedSite?
        /// Every board's diagnostics, in path order; board problems are warnings here unless `strict`.
        public var diagnostics: [Diagnostic]
        /// Boards that could not be read (or, with `strict`, had problems).
        public var failed: [String]
        public var boardCount: Int
        /// The title of the board when there is only one.
        public var title: String?
    }

    /// One board, read and rendered on its own.
    struct BoardResult: Sendable {
        let index: Int
        let path: String
        /// The path the overview shows: relative to the boards' common folder.
        let shownPath: String
        /// Its folder in a site of several boards; empty for a lone board.
        let slug: String
        let board: Board?
        let files: [RenderedSite.File]
        let diagnostics: [Diagnostic]
        let overdueCount: Int
        let latestChange: Int?
        /// The board's history, for the site's combined metrics.
        var history: BoardHistory? = nil
    }

    public static func build(paths: [String], options: Options) async -> Outcome {
        let multi = paths.count > 1
        // A lone board's site is the output folder itself: it needs no slug (nor the Foundation path handling that
        // works them out, about 0.5 ms at its first use).
        let slugs = multi ? BoardDiscovery.slugs(for: paths) : [:]
        // What the overview shows of each board's path: the same on any machine and in any current folder.
        let shown = multi ? BoardDiscovery.relativePaths(for: paths) : [:]
        let results = await withTaskGroup(of: BoardResult.self) { group -> [BoardResult] in
            for (index, path) in paths.enumerated() {
                group.addTask {
                    await renderOne(
                        index: index, path: path, shownPath: shown[path] ?? path, slug: slugs[path] ?? "",
                        options: options, multi: multi)
                }
            }
            var collected: [BoardResult] = []
            for await result in group { collected.append(result) }
            return collected.sorted { $0.index < $1.index }
        }
        return assemble(results, options: options)
    }

    static func renderOne(
        index: Int, path: String, shownPath: String, slug: String, options: Options, multi: Bool
    ) async -> BoardResult {
        // The history (git runs) is read while the board is parsed.
        async let history = options.readHistory ? try? BoardSources.history(of: path) : nil
        let loaded: ParseResult
        do {
            loaded = try await BoardFile.load(path: path)
        } catch {
            // Leaving the scope cancels the history still being read: git is stopped, not waited for.
            return BoardResult(
                index: index, path: path, shownPath: shownPath, slug: slug, board: nil, files: [],
                diagnostics: [error.diagnostic], overdueCount: 0,
                latestChange: nil)
        }
        let boardHistory = await history
        var board = loaded.board
        if let locale = options.locale { board.settings.locale = locale }
        var diagnostics = loaded.diagnostics + (boardHistory?.notes ?? [])
        let problems = loaded.diagnostics.filter { $0.severity != .note }
        guard loaded.isReadable, !(options.strict && !problems.isEmpty) else {
            return BoardResult(
                index: index, path: path, shownPath: shownPath, slug: slug, board: board, files: [],
                diagnostics: diagnostics,
                overdueCount: 0, latestChange: nil)
        }
        // Published anyway: its problems are warnings of the rendering (and a banner on its page).
        if !options.strict { diagnostics = diagnostics.map(\.asWarning) }
        let embeds = Embeds.find(in: board, boardPath: path)
        let renderOptions = RenderOptions(
            clock: options.clock(board.timezone), templates: options.templates,
            baseURL: options.baseURL.map { multi ? ($0.hasSuffix("/") ? $0 + slug : $0 + "/" + slug) : $0 },
            history: boardHistory, partOfSite: multi, calendarSlug: multi ? slug : nil,
            wikilinkBase: options.wikilinkBase, embeds: embeds.paths, problems: problems)
        let (site, renderDiagnostics) = SiteRenderer.render(board, options: renderOptions)
        let files = ((site?.files ?? []) + embeds.files).map { multi ? $0.moved(to: "\(slug)/\($0.path)") : $0 }
        return BoardResult(
            index: index, path: path, shownPath: shownPath, slug: slug, board: board, files: site == nil ? [] : files,
            diagnostics: diagnostics + renderDiagnostics, overdueCount: site?.overdueCount ?? 0,
            latestChange: boardHistory?.latestCommit?.date, history: boardHistory)
    }

    static func assemble(_ results: [BoardResult], options: Options) -> Outcome {
        let diagnostics = results.flatMap(\.diagnostics)
        let failed = results.filter { $0.files.isEmpty }.map(\.path)
        let title = results.count == 1 ? results.first?.board?.title : nil
        guard failed.isEmpty || options.keepGoing else {
            return Outcome(site: nil, diagnostics: diagnostics, failed: failed, boardCount: results.count, title: title)
        }
        let good = results.filter { !$0.files.isEmpty }
        if results.count == 1, let only = good.first {
            let site = RenderedSite(
                files: only.files, cardCount: only.board?.cardCount ?? 0, overdueCount: only.overdueCount)
            return Outcome(
                site: site, diagnostics: diagnostics, failed: failed, boardCount: 1, title: only.board?.title)
        }
        var files = good.flatMap(\.files)
        let entries = good.map {
            OverviewBuilder.Entry(
                board: $0.board!, slug: $0.slug, file: $0.shownPath, clock: options.clock($0.board!.timezone),
                latestChange: $0.latestChange
            )
        }
        // The overview speaks --locale, else the boards' language when they all share one, else English.
        let locales = Set(entries.map(\.board.locale))
        let locale = options.locale ?? (locales.count == 1 ? locales.first! : .en)
        // Combined metrics of the boards that have a history, when the templates have a metrics page.
        let histories = good.compactMap { result in
            result.history.map { MetricsPage.Entry(board: result.board!, slug: result.slug, history: $0) }
        }
        let hasMetrics = !histories.isEmpty && options.templates.has("metrics")
        let builder = OverviewBuilder(
            entries: entries, failed: results.filter { $0.files.isEmpty }.map(\.shownPath), locale: locale,
            baseURL: options.baseURL, hasMetrics: hasMetrics)
        let overview = builder.overviewPage()
        let overdue = builder.overduePage()
        guard options.templates.has("overview") else {
            return Outcome(
                site: nil,
                diagnostics: diagnostics + [Diagnostic(.missingTemplate("overview"), file: "templates", at: nil)],
                failed: failed, boardCount: results.count, title: title)
        }
        let templates = options.templates
        files.append(templates.file("index.html", overview, template: "overview"))
        files.append(templates.file("overdue.html", overdue, template: "overdue"))
        if hasMetrics {
            let today = entries.first?.clock.today ?? options.clock("UTC").today
            let metrics = MetricsPage.combinedPage(
                histories, today: today, locale: locale, overview: builder, overdueCount: overview.overdueCount)
            files.append(templates.file("metrics.html", metrics, template: "metrics"))
        }
        let boards = entries.map { ($0.board, $0.slug) }
        let calendar = ICalendar.Options(
            clock: entries.first?.clock ?? options.clock("UTC"), baseURL: options.baseURL, locale: options.locale)
        files.append(
            RenderedSite.File(path: "boards.ics") {
                ICalendar.writeFeed(for: boards, name: overview.frame.title, options: calendar, to: $0)
            })
        let site = RenderedSite(
            files: files, cardCount: good.reduce(0) { $0 + ($1.board?.cardCount ?? 0) },
            overdueCount: good.reduce(0) { $0 + $1.overdueCount })
        return Outcome(site: site, diagnostics: diagnostics, failed: failed, boardCount: results.count, title: title)
    }
}

extension Diagnostic {
    /// The same problem as a warning (a board with problems is still published).
    public var asWarning: Diagnostic {
        guard severity == .error else { return self }
        var copy = self
        copy.severity = .warning
        return copy
    }
}

/// Files a board embeds (`![[diagram.png]]`) that sit next to it: copied into the site under `files/`.
enum Embeds {
    /// Raster images only (an SVG could carry script into the site), and only regular files inside the board's folder (no `..`, no absolute paths, no links out)
    /// whose first bytes are those of an image.
    static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "bmp"]
    /// Larger files are not copied (the embed shows as its name).
    static let maximumSize = 20 * 1024 * 1024

    /// Whether `head` (a file's first bytes) starts as one of the image formats above does. A file that does not (a
    /// text or an HTML page named `.png`) is not copied into the published site; one in another of these formats than
    /// its name says is, as browsers show it.
    static func isImage(_ head: [UInt8]) -> Bool {
        func starts(_ signature: String, at offset: Int = 0) -> Bool {
            let bytes = Array(signature.utf8)
            return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }  // PNG
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return true }  // JPEG
        if starts("GIF87a") || starts("GIF89a") { return true }
        if starts("RIFF"), starts("WEBP", at: 8) { return true }
        if starts("BM"), head.count >= 26 { return true }  // BMP: a 14-byte file header and a DIB header
        // AVIF: an ISO media file whose `ftyp` box names the avif or avis brand (major or compatible).
        guard starts("ftyp", at: 4), head.count >= 16 else { return false }
        let size = min(head.count, head[0..<4].reduce(0) { $0 << 8 | Int($1) })
        return stride(from: 8, to: size - 3, by: 4).contains { starts("avif", at: $0) || starts("avis", at: $0) }
    }

    static func find(in board: Board, boardPath: String) -> (paths: [String: String], files: [RenderedSite.File]) {
        var names: Set<String> = []
        // Every node of the board is looked at, before anything is written: only its kind is read (a node taken out
        // of its array is a copy, its text retained), and the cards are not gathered into a new array.
        func collect(_ markdown: Markdown) {
            let nodes = markdown.nodes
            for index in nodes.indices where nodes[index].kind == .embed { names.insert(nodes[index].text) }
        }
        func collect(_ cards: [Card]) {
            for card in cards {
                collect(card.titleMarkup)
                collect(card.description)
            }
        }
        collect(board.description)
        for lane in board.lanes { collect(lane.cards) }
        collect(board.archive)
        guard !names.isEmpty else { return ([:], []) }
        let folder = URL(fileURLWithPath: boardPath).deletingLastPathComponent().standardizedFileURL
        let root = folder.resolvingSymlinksInPath().path
        var paths: [String: String] = [:]
        var files: [RenderedSite.File] = []
        var used: Set<String> = []
        for name in names.sorted() {
            let target = name.split(separator: "|").first.map(String.init) ?? name
            guard !target.hasPrefix("/"), !target.split(separator: "/").contains(".."),
                let ext = target.split(separator: ".").last.map({ $0.lowercased() }), extensions.contains(ext)
            else { continue }
            let candidates = [target, "attachments/" + target, "assets/" + target, "images/" + target]
            guard
                let found = candidates.lazy.map({ folder.appending(path: $0) }).first(where: { url in
                    let resolved = url.resolvingSymlinksInPath().path
                    guard resolved.hasPrefix(root + "/"),
                        let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
                        attributes[.type] as? FileAttributeType == .typeRegular,
                        let size = attributes[.size] as? Int, size <= maximumSize
                    else { return false }
                    return true
                }), let data = FileManager.default.contents(atPath: found.resolvingSymlinksInPath().path),
                isImage([UInt8](data.prefix(256)))
            else { continue }
            var sitePath = "files/" + Slug.make(String(target.dropLast(ext.count + 1))) + "." + ext
            var counter = 2
            while used.contains(sitePath) {
                sitePath = "files/" + Slug.make(String(target.dropLast(ext.count + 1))) + "-\(counter)." + ext
                counter += 1
            }
            used.insert(sitePath)
            paths[name] = sitePath
            files.append(RenderedSite.File(path: sitePath, contents: [UInt8](data)))
        }
        return (paths, files)
    }
}

extension MultiBoardSite.Options {
    /// Options with the templates and the clock; the rest keep their defaults (history read, no base URL,
    /// the boards' own locales, stop at the first board that cannot be read) until set.
    public init(templates: PageTemplates, clock: @escaping @Sendable (String) -> DeadlineClock) {
        self.init(templates: templates, clock: clock, baseURL: nil)
    }
}
