import Foundation
import Templating
import Testing

@testable import PMRender

/// `metrics.html`: written beside every board that has a history (and for a site of several boards), linked from
/// the navigation, with five static SVG charts that each carry a title and a data table.
@Suite("Metrics page", .serialized)
struct MetricsPageTests {
    static func render(_ fixture: FlowFixture, templates: PageTemplates = .builtIn(), locale: BoardLocale? = nil)
        async throws -> RenderedSite
    {
        var board = try fixture.board()
        if let locale { board.settings.locale = locale }
        let options = RenderOptions(
            clock: DeadlineClock(today: CalendarDate(iso: "2026-01-09")!), templates: templates,
            history: try await fixture.history())
        let (site, diagnostics) = SiteRenderer.render(board, options: options)
        #expect(diagnostics.isEmpty)
        return try #require(site)
    }

    static func page(_ site: RenderedSite, _ path: String = "metrics.html") throws -> String {
        String(decoding: try #require(site.file(path)).contents, as: UTF8.self)
    }

    static func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    @Test("the view model declares each key once, with documentation, and the built-in template uses known keys")
    func schema() {
        for schema in TemplateSchema.reachable(from: MetricsPageView.self) {
            #expect(schema.duplicateNames.isEmpty, "\(schema.model.name): \(schema.duplicateNames)")
            for field in schema.fields { #expect(!field.doc.isEmpty, "\(schema.model.name).\(field.name)") }
        }
        #expect(PageTemplates.roots.contains { $0.template == "metrics" })
        #expect(PageTemplates.builtIn().has("metrics"))
    }

    @Test("a board with a history gets metrics.html, linked from the navigation of its pages")
    func written() async throws {
        let fixture = try FlowFixture.team()
        let site = try await Self.render(fixture)
        #expect(site.files.map(\.path).contains("metrics.html"))
        #expect(site.hasMetrics)
        let html = try Self.page(site)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<a href=\"metrics.html\" aria-current=\"page\">Metrics</a>"))
        #expect(html.contains("<a href=\"index.html\">Board</a>"))
        // The board page's view model links to it too (its template decides how to show the navigation).
        let board = try fixture.board()
        let builder = PageBuilder(
            board: board, clock: DeadlineClock(today: CalendarDate(iso: "2026-01-09")!),
            history: try await fixture.history(), site: SiteContext(hasMetrics: true))
        #expect(builder.page().frame.nav.items.map(\.href).contains("metrics.html"))
        #expect(builder.page().frame.hasMetrics)
    }

    @Test("five charts, each an SVG with role=img, a title, a description and a data table; no script")
    func charts() async throws {
        let fixture = try FlowFixture.steady(pattern: ForecastTests.uneven, remaining: 6)
        var board = try fixture.board()
        board.settings.locale = .en
        let options = RenderOptions(
            clock: DeadlineClock(today: CalendarDate(iso: "2026-03-21")!), templates: .builtIn(),
            history: try await fixture.history())
        let html = try Self.page(try #require(SiteRenderer.render(board, options: options).0))
        #expect(Self.count(html, "<svg class=\"chart\"") == 4, "aging has nothing in progress: a sentence instead")
        #expect(Self.count(html, "role=\"img\"") == 4)
        for id in ["cfd", "cycle-time", "throughput", "forecast"] {
            #expect(html.contains("aria-labelledby=\"\(id)-title \(id)-desc\""), "\(id)")
            #expect(html.contains("<title id=\"\(id)-title\">"), "\(id)")
            #expect(html.contains("<caption id=\"\(id)-caption\">"), "\(id)")
        }
        #expect(html.contains("Nothing is in progress."))
        #expect(!html.contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"), "nothing is loaded from elsewhere")
        #expect(Self.count(html, "<polygon class=\"area area-") == 3)
        #expect(Self.count(html, "<circle class=\"dot dot-") == 18, "one dot per card done")
        // Throughput: 7, 6 and 5 cards in the three ISO weeks from Monday Mar 2 to Saturday Mar 21.
        for week in ["2026-W10: 7", "2026-W11: 6", "2026-W12: 5"] { #expect(html.contains("<title>\(week)</title>")) }
        #expect(html.contains("When will the 6 cards not yet done be done?"))
        #expect(html.contains("@media (prefers-color-scheme: dark)") && html.contains("@media print"))
    }

    @Test("the cumulative flow's data table holds the counts of every day")
    func flowTable() async throws {
        let html = try Self.page(try await Self.render(try FlowFixture.team()))
        #expect(
            html.contains(
                "<thead><tr><th scope=\"col\">Date</th><th scope=\"col\">TODO</th><th scope=\"col\">DOING</th>"
                    + "<th scope=\"col\">DONE</th><th scope=\"col\">Backlog</th><th scope=\"col\">Doing</th>"
                    + "<th scope=\"col\">Review</th><th scope=\"col\">Done</th><th scope=\"col\">Released</th></tr></thead>"
            ))
        #expect(
            html.contains(
                "<tr><th scope=\"row\">2026-01-08</th><td>1</td><td>2</td><td>4</td><td>1</td><td>0</td><td>2</td>"
                    + "<td>3</td><td>1</td></tr>"))
        // The aging chart: two cards in Review, with the cycle-time bands behind them.
        #expect(html.contains("<rect class=\"band band-p50\""))
        #expect(html.contains("<title>Card C: 10 days (Review)</title>"))
        // The forecast is not reliable: a sentence, no histogram.
        #expect(html.contains("Not reliable: only 4 cards done from 2025-12-29 to 2026-01-09"))
        // Cards still on the board link to them; a removed card does not.
        #expect(html.contains("<a href=\"index.html#card-card-a\">Card A</a>"))
        #expect(html.contains("<th scope=\"row\">Card F</th>"))
    }

    @Test("date labels at the plot's edges extend inwards; across New Year only the first and the new year's show it")
    func dateAxis() async throws {
        let html = try Self.page(try await Self.render(try FlowFixture.team()))
        // Twelve days from Dec 29 to Jan 9: five labels, at days 0, 2, 5, 8 and 11 (x = 48 … 690).
        let cfd = try #require(html.components(separatedBy: "<section class=\"chart-section\" id=\"cfd\"").last)
        let axis = "y=\"268\" text-anchor="
        #expect(cfd.contains("<text x=\"48\" \(axis)\"start\">Dec 29, 2025</text>"))
        #expect(cfd.contains("<text x=\"165\" \(axis)\"middle\">Dec 31</text>"))
        #expect(cfd.contains("<text x=\"340\" \(axis)\"middle\">Jan 3, 2026</text>"))
        #expect(cfd.contains("<text x=\"515\" \(axis)\"middle\">Jan 6</text>"))
        #expect(cfd.contains("<text x=\"690\" \(axis)\"end\">Jan 9</text>"))
    }

    @Test("card titles are escaped in tooltips, tables and links")
    func escaping() async throws {
        let fixture = try FlowFixture(timezone: "UTC", lanes: ["Todo", "Doing", "Done"])
        let evil = "Fix a < b && c > d for \"x\""
        try fixture.commit("2026-01-05T10:00:00Z", ["Todo": [evil]])
        try fixture.commit("2026-01-06T10:00:00Z", ["Doing": [evil]])
        let html = try Self.page(try await Self.render(fixture))
        #expect(!html.contains("a < b"))
        let escaped = "Fix a &lt; b &amp;&amp; c &gt; d for &quot;x&quot;"
        #expect(html.contains("<title>\(escaped): 4 days (Doing)</title>"))
        #expect(html.contains("<tr><th scope=\"row\">\(escaped)</th><td>Doing</td>"))
    }

    @Test("the page speaks the board's language")
    func korean() async throws {
        let html = try Self.page(try await Self.render(try FlowFixture.team(), locale: BoardLocale(rawValue: "ko")))
        #expect(html.contains("<html lang=\"ko\">"))
        #expect(html.contains("<h2 id=\"cfd-heading\">누적 흐름</h2>"))
        #expect(html.contains(">지표</a>"))
        #expect(!html.contains("⟦"))
    }

    @Test("no history, no metrics page; a template folder without metrics.mustache renders none and links none")
    func optional() async throws {
        let fixture = try FlowFixture.team()
        let board = try fixture.board()
        let clock = DeadlineClock(today: CalendarDate(iso: "2026-01-09")!)
        let (plain, _) = SiteRenderer.render(board, options: RenderOptions(clock: clock, templates: .builtIn()))
        #expect(try #require(plain).file("metrics.html") == nil)
        #expect(try #require(plain).hasMetrics == false)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["page", "overdue", "history"] {
            try "{{title}}{{#nav.items}} {{href}}{{/nav.items}}\n".write(
                to: folder.appending(path: "\(name).mustache"), atomically: true, encoding: .utf8)
        }
        let (templates, problems) = PageTemplates.load(directory: folder.path)
        #expect(problems.isEmpty)
        let (site, diagnostics) = SiteRenderer.render(
            board,
            options: RenderOptions(
                clock: clock, templates: try #require(templates), history: try await fixture.history()))
        #expect(diagnostics.isEmpty)
        let rendered = try #require(site)
        #expect(rendered.file("metrics.html") == nil && !rendered.hasMetrics)
        #expect(rendered.file("history.html") != nil)
        #expect(!(try Self.page(rendered, "index.html")).contains("metrics.html"))
    }

    @Test("a site of several boards: metrics.html per board and a combined one linked from the overview")
    func severalBoards() async throws {
        let team = try FlowFixture.team()
        try team.repo.write(
            "ops/board.md", team.text(["Backlog": ["Ops task"]]).replacingOccurrences(of: "# Team", with: "# Ops"))
        try team.repo.git("add", "-A")
        try team.repo.git(
            "commit", "-q", "-m", "Ops board",
            environment: [
                "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b", "GIT_COMMITTER_NAME": "a",
                "GIT_COMMITTER_EMAIL": "a@b", "GIT_AUTHOR_DATE": "2026-01-08T10:00:00+09:00",
                "GIT_COMMITTER_DATE": "2026-01-08T10:00:00+09:00",
            ])
        let outcome = await MultiBoardSite.build(
            paths: [team.path, team.repo.root.appending(path: "ops/board.md").path],
            options: MultiBoardSite.Options(
                templates: .builtIn(), clock: { _ in DeadlineClock(today: CalendarDate(iso: "2026-01-09")!) }))
        let site = try #require(outcome.site)
        let paths = Set(site.files.map(\.path))
        let slugs = paths.filter { $0.hasSuffix("/metrics.html") }.sorted()
        #expect(slugs.count == 2, "\(paths.sorted())")
        #expect(paths.contains("metrics.html"))
        let combined = try Self.page(site)
        #expect(combined.contains("<a href=\"metrics.html\" aria-current=\"page\">Metrics</a>"))
        #expect(combined.contains("<a href=\"index.html\">All boards</a>"))
        // Cards of both boards, lanes named after their board.
        #expect(combined.contains("<th scope=\"col\">Team: Review</th>"))
        #expect(combined.contains("<th scope=\"col\">Ops: Backlog</th>"))
        #expect(combined.contains("<title>Card C: 10 days (Team: Review)</title>"))
        let boardSlug = try #require(slugs.first { !$0.hasPrefix("ops") }).split(separator: "/").first!
        #expect(combined.contains("<a href=\"\(boardSlug)/index.html#card-card-a\">Card A</a>"))
        // The overview's template decides how its navigation looks; its view model links the metrics page.
        let builder = OverviewBuilder(entries: [], failed: [], locale: .en, hasMetrics: true)
        #expect(
            builder.frame(current: "index.html", title: "", overdueCount: 0).nav.items.map(\.href).contains(
                "metrics.html"))
    }
}
