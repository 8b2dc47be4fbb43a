import Foundation
import Templating
import Testing

@testable import PMRender

/// Rendering through the templates: golden pages, template checks, atomic writing.
@Suite("Rendering")
struct RenderTests {
    static let today = CalendarDate(year: 2026, month: 11, day: 22)!
    static let examples = TestSupport.files(in: TestSupport.examples, withExtension: "md")

    static func render(_ path: String, templates: PageTemplates? = nil) async throws -> String {
        let parsed = try await BoardFile.load(path: path)
        #expect(!parsed.hasErrors)
        let set = templates ?? PageTemplates.builtIn()
        let (site, diagnostics) = SiteRenderer.render(
            parsed.board, options: RenderOptions(clock: DeadlineClock(today: today), templates: set))
        #expect(diagnostics.isEmpty)
        let file = try #require(site?.files.first { $0.path == "index.html" })
        return String(decoding: try file.contents, as: UTF8.self)
    }

    /// The board page of `board`, rendered with the built-in templates.
    static func page(of board: Board) throws -> String {
        let (site, _) = SiteRenderer.render(
            board, options: RenderOptions(clock: DeadlineClock(today: today), templates: PageTemplates.builtIn()))
        return String(decoding: try #require(site?.file("index.html")).contents, as: UTF8.self)
    }

    @Test("each example renders to its golden page", arguments: examples)
    func golden(name: String) async throws {
        let html = try await Self.render(TestSupport.examples.appending(path: name).path)
        try TestSupport.assertGolden(html, TestSupport.expected.appending(path: "html/\(name.dropLast(3)).html"))
    }

    @Test("an Obsidian board's card shows its lines as they were typed; a CommonMark board's wraps them")
    func obsidianLineBreaks() throws {
        let card = "- [ ] Card\n\tfirst line\n\tsecond line\n"
        for (front, shown) in [
            ("---\nkanban-plugin: basic\n---\n\n", "first line<br>\nsecond line"), ("", "first line\nsecond line"),
        ] {
            let parsed = BoardParser.parse(Array((front + "## Todo\n\n" + card).utf8), file: "board.md")
            let page = try Self.page(of: parsed.board)
            #expect(page.contains("<p>\(shown)</p>"), "\(front.isEmpty ? "CommonMark" : "Obsidian")")
        }
    }

    @Test("a Taskell card's > lines show as its description's lines, not as a quote")
    func taskellDescriptions() throws {
        let text = "## To Do\n\n- Card\n    > First line.\n    > Second line.\n    * [ ] step\n"
        let parsed = BoardParser.parse(Array(text.utf8), file: "board.md")
        #expect(parsed.board.style.dialect == .taskell)
        let page = try Self.page(of: parsed.board)
        #expect(page.contains("<div><p>First line.<br>\nSecond line.</p>"))
        #expect(!page.contains("<blockquote>"))
    }

    @Test("a card's other dates, recurrence, dependencies and fields are listed in its detail view, escaped")
    func cardDetails() throws {
        let text = """
            ## Todo

            - [ ] Trash 🔁 every week ⛔ abc1 ⏳ 2026-11-20 [room:: A&B <3 "x"] [review::]
            - [ ] Plain [review::]
            """
        let parsed = BoardParser.parse(Array(text.utf8), file: "board.md")
        let page = try Self.page(of: parsed.board)
        #expect(
            page.contains(
                "<dl class=\"details\"><dt>Scheduled</dt><dd>Nov 20, 2026</dd><dt>Repeats</dt><dd>every week</dd>"
                    + "<dt>Waits for</dt><dd>abc1</dd><dt>room</dt><dd>A&amp;B &lt;3 &quot;x&quot;</dd></dl>"))
        // Only the card that has them: a field without a value is not listed.
        #expect(page.components(separatedBy: "class=\"details\"").count == 2)
        #expect(!page.contains("<dt>review</dt>"))
    }

    @Test("a field whose value is a web address links to it; one in brackets is the card's field, not its text's link")
    func fieldLinks() throws {
        let text = """
            ## Todo

            - [ ] Fix login [pr:: https://example.com/pull/7?tab=files&x="1"] [note:: javascript:alert(1)]
            - [ ] Ship it
              see https://example.com/docs]
            """
        let parsed = BoardParser.parse(Array(text.utf8), file: "board.md")
        #expect(
            parsed.board.cards[0].extras.fields.map(\.key) == ["pr", "note"], "\(parsed.board.cards[0].extras.fields)")
        let page = try Self.page(of: parsed.board)
        #expect(
            page.contains(
                "<dt>pr</dt><dd><a href=\"https://example.com/pull/7?tab=files&amp;x=&quot;1&quot;\">"
                    + "https://example.com/pull/7?tab=files&amp;x=&quot;1&quot;</a></dd>"))
        #expect(page.contains("<dt>note</dt><dd>javascript:alert(1)</dd>"))
        // A bare address in text ends before a bracket it does not open.
        #expect(page.contains("see <a href=\"https://example.com/docs\">https://example.com/docs</a>]"))
    }

    @Test("group labels with no card under them are shown where they stand, and listed in JSON")
    func emptyGroups() throws {
        let text = """
            ## Backlog

            ### v0.1
            - [ ] First

            ### v1.0

            ### v1.1

            ### v2.0
            - [ ] Later

            ### Someday

            ## Icebox

            ### Nothing yet

            ### Tools
            - [ ] Saw
            """
        let board = BoardParser.parse(Array(text.utf8), file: "board.md").board
        let page = try Self.page(of: board)
        let labels = page.components(separatedBy: "<li class=\"group").dropFirst().map {
            String($0.prefix { $0 != "/" })
        }
        #expect(
            labels == [
                "\"><h3>v0.1<", " empty-group\"><h3>v1.0<", " empty-group\"><h3>v1.1<", "\"><h3>v2.0<",
                " empty-group\"><h3>Someday<", " empty-group\"><h3>Nothing yet<", "\"><h3>Tools<",
            ])
        let json = try JSONSerialization.jsonObject(with: Data(BoardJSON.encode(board).utf8)) as? [String: Any]
        let lanes = try #require(json?["lanes"] as? [[String: Any]])
        #expect(
            lanes.map { $0["groups"] as? [String] } == [
                ["v0.1", "v1.0", "v1.1", "v2.0", "Someday"], ["Nothing yet", "Tools"],
            ])
    }

    @Test(
        "a line break right after a block tag is dropped from a description's HTML; one in text, code or after an inline tag stays",
        arguments: [
            ("<p>a</p>\n<ul>\n<li>x</li>\n</ul>\n", "<p>a</p><ul><li>x</li></ul>"),
            (
                "<pre><code>a\n\nb\n</code></pre>\n<p>c<br />\nd</p>\n",
                "<pre><code>a\n\nb\n</code></pre><p>c<br />\nd</p>"
            ),
            ("\n\n<h2 id=\"x\">T</h2>\n\n<p><em>e</em>\nf</p>", "\n\n<h2 id=\"x\">T</h2><p><em>e</em>\nf</p>"),
            ("a &gt;\nb<blockquote>\n<div>\n</div></blockquote>", "a &gt;\nb<blockquote><div></div></blockquote>"),
            ("", ""), ("\n", "\n"), ("<td>\n", "<td>"), ("<tdx>\n<p/>\n", "<tdx>\n<p/>"),
        ])
    func breaksBetweenBlocks(html: String, expected: String) {
        #expect(String(decoding: PageBuilder.withoutBreaksBetweenBlocks(Array(html.utf8)), as: UTF8.self) == expected)
    }

    @Test("a description that starts with a block is written into the page as on its own: no line break before it")
    func descriptionStartingWithBlock() throws {
        let board = BoardParser.parse(Array("## Todo\n\n### Card\n\n> quoted\n".utf8), file: "board.md").board
        let page = try Self.page(of: board)
        #expect(page.contains("<div><blockquote><p>quoted</p></blockquote></div>"))
    }

    @Test("the built-in templates pass the template checks")
    func builtInTemplates() {
        let diagnostics = PageTemplates.lintBuiltIn()
        #expect(diagnostics.isEmpty, "\(DiagnosticPrinter.text(diagnostics))")
    }

    @Test("the overdue page lists cards as the overdue report orders them: earliest deadline first, then file order")
    func overdueOrder() throws {
        let board = TestSupport.parse(
            """
            ## TODO
            - [ ] Late evening @{2026-11-20 18:00}
            - [ ] Soon @{2026-11-23}
            - [ ] Oldest @{2026-10-01}
            - [ ] Late morning @{2026-11-20 09:00}
            - [ ] Same day A @{2026-11-20}
            - [ ] Later @{2026-12-30}
            ## Doing
            - [ ] Same day B @{2026-11-20}
            - [ ] Sooner @{2026-11-22}
            ## DONE
            - [x] Done late @{2026-10-01}
            """
        ).board
        let clock = DeadlineClock(today: Self.today)
        let (site, _) = SiteRenderer.render(board, options: RenderOptions(clock: clock, templates: .builtIn()))
        let page = String(decoding: try #require(site?.file("overdue.html")).contents, as: UTF8.self)
        let shown = page.components(separatedBy: "data-card-id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        let report = OverdueReport(boards: [board], clock: clock, within: board.dueSoonDays).entries
        let expected = report.filter { $0.status.isOverdue } + report.filter { $0.status.isDueSoon }
        #expect(shown.map(String.init) == expected.map(\.card.id))
        #expect(shown.count == 7)
    }

    @Test("the page shows columns in order with counts, WIP limits, overdue and due-soon marks")
    func pageContents() async throws {
        let html = try await Self.render(TestSupport.examples.appending(path: "board.md").path)
        let todo = try #require(html.range(of: "data-state=\"todo\""))
        let doing = try #require(html.range(of: "data-state=\"doing\""))
        let done = try #require(html.range(of: "data-state=\"done\""))
        #expect(todo.lowerBound < doing.lowerBound && doing.lowerBound < done.lowerBound)
        #expect(
            html.contains(
                "<span class=\"lane-name\">DOING</span> <span class=\"count\"><span aria-hidden=\"true\">2 / 2</span>"
                    + "<span class=\"vh\">2 cards of a limit of 2</span></span>"))
        #expect(html.contains("<li class=\"card overdue\" id=\"card-translate-onboarding-into-korean\">"))
        #expect(html.contains("<time datetime=\"2026-11-20\">Nov 20, 2026 · 2 days overdue</time>"))
        #expect(html.contains("<li class=\"card due-soon\" id=\"card-detail-view\">"))
        #expect(html.contains("<time datetime=\"2026-11-25T18:00\">Nov 25, 2026 18:00 · due in 3 days</time>"))
        // Each description is written once: the detail view shows the card's own markup.
        #expect(html.components(separatedBy: "Clearing the date picker").count == 2)
        #expect(html.contains("<dialog class=\"detail\" id=\"detail\""))
        let doneStart = try #require(html.range(of: "id=\"lane-done\"")?.upperBound)
        let doneLane = try #require(html[doneStart...].components(separatedBy: "</section>").first)
        #expect(doneLane.contains("class=\"card checked\""))
        #expect(!doneLane.contains("class=\"card overdue"), "DONE cards are never overdue")
        #expect(html.contains("As of <time datetime=\"2026-11-22\">Nov 22, 2026</time>"))
    }

    @Test(
        "a card's deadline words are the catalogue's for its status, whatever the day count (looked up once per count)",
        arguments: ["en", "ko"])
    func deadlineWords(locale: String) throws {
        // Deadlines from 40 days ago to 40 days ahead, timed and not, in TODO and DONE lanes, twice each.
        var text = "---\nlocale: \(locale)\ndue-soon: 5\n---\n"
        for lane in ["TODO", "DONE"] {
            text += "## \(lane)\n"
            for offset in -40...40 {
                let date = CalendarDate(daysSinceEpoch: Self.today.daysSinceEpoch + offset)
                text +=
                    "- [ ] A \(offset) @{\(date)}\n- [ ] B \(offset) @{\(date) 09:30}\n- [ ] C \(offset) @{\(date)}\n"
            }
        }
        let board = TestSupport.parse(text).board
        let clock = DeadlineClock(today: Self.today, minuteOfDay: 12 * 60)
        let builder = PageBuilder(board: board, clock: clock)
        let phrases = Phrases(board.locale)
        var seen = 0
        for card in board.lanes.flatMap(\.cards) {
            let view = builder.cardView(card)
            let status = DeadlineStatus(card: card, clock: clock, dueSoonDays: board.dueSoonDays)
            // The words as they were looked up per card before.
            var relative = ""
            if let date = card.due?.date, card.state != .done {
                if case .overdue(let days) = status {
                    relative = phrases.overdueAge(days: days)
                } else {
                    relative = phrases.dueIn(days: date.daysSinceEpoch - clock.today.daysSinceEpoch)
                }
            }
            #expect(view.dueRelative == relative, "\(card.title)")
            #expect(view.status == phrases.capitalized(phrases.status(status)), "\(card.title)")
            seen += relative.isEmpty ? 0 : 1
        }
        #expect(seen == 3 * 81)
        // A card the builder's board does not hold (another board's, on a combined page) gets the same words.
        let stranger = TestSupport.parse("## TODO\n- [ ] Late @{2026-11-01}\n").board.lanes[0].cards[0]
        #expect(builder.cardView(stranger).dueRelative == phrases.overdueAge(days: 21))
    }

    @Test("an empty lane says so; no lane is invented; archived cards sit in a collapsed section")
    func emptyAndArchived() async throws {
        let html = try await Self.render(TestSupport.examples.appending(path: "obsidian.md").path)
        #expect(html.contains("<details class=\"archive\" id=\"archive\">\n<summary>Archived (2)</summary>"))
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "b.md").path
        try "## TODO\n- [ ] Only card\n\n## DOING\n\n## DONE\n".write(toFile: path, atomically: true, encoding: .utf8)
        let page = try await Self.render(path)
        #expect(page.components(separatedBy: "<p class=\"empty\">No cards</p>").count == 3)
        #expect(!page.contains("class=\"archive\""))
        // A board with one lane shows one lane: no DOING or DONE it never had.
        try "## TODO\n- [ ] Only card\n".write(toFile: path, atomically: true, encoding: .utf8)
        let single = try await Self.render(path)
        #expect(single.components(separatedBy: "<section class=\"lane ").count == 2)
        #expect(!single.contains("<p class=\"empty\">"))
    }

    @Test("lanes are shown as written, in file order; a lane over its WIP limit is marked, and the page is published")
    func lanesAndLimits() async throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "b.md").path
        let board = "## Icebox\n\n## In *Review* (1)\n- [ ] A\n- [ ] B\n\n## Backlog\n- [ ] C\n\n## Shipped 🚀\n"
        try board.write(toFile: path, atomically: true, encoding: .utf8)
        let parsed = try await BoardFile.load(path: path)
        #expect(parsed.diagnostics.map(\.code) == ["wip-limit"])
        let html = try await Self.render(path)
        let names = ["Icebox", "In <em>Review</em>", "Backlog", "Shipped 🚀"].map {
            html.range(of: "<span class=\"lane-name\">\($0)</span>")?.lowerBound
        }
        #expect(names.allSatisfy { $0 != nil }, "every lane as written")
        #expect(names.compactMap { $0 } == names.compactMap { $0 }.sorted(), "in file order")
        #expect(
            html.contains(
                "<span class=\"lane-name\">In <em>Review</em></span> <span class=\"count\"><span aria-hidden=\"true\">"
                    + "2 / 1</span><span class=\"vh\">2 cards of a limit of 1</span></span> "
                    + "<span class=\"limit-warning\">over limit</span>"))
        #expect(html.components(separatedBy: " over-limit\"").count == 2, "only the lane over its limit is marked")
    }

    @Test("hostile board text is escaped everywhere; cmark drops raw HTML and javascript: links")
    func hostile() async throws {
        let html = try await Self.render(TestSupport.fixtures.appending(path: "hostile/xss.md").path)
        let scriptTags = html.components(separatedBy: "<script>").count - 1
        #expect(scriptTags == 2, "only the page's own scripts (the `js` class in the head, the enhancements)")
        for needle in [
            "onerror=\"", "onload=\"", "onmouseover=\"", "href=\"javascript:", "<img", "<svg", "<iframe", "<style>body",
            "src=\"javascript:",
        ] {
            #expect(!html.contains(needle), "found \(needle)")
        }
        // Titles are Markdown: raw HTML in them is dropped (cmark's safe mode), the text around it escaped.
        #expect(html.contains(">window.__pwned_card=1 Card title #&quot;&gt;x</a>"))
        #expect(html.contains("Quote &quot; breaker &#39; window.__pwned_close=1"))
        // A quote or `<` followed by a combining mark is one Character, but still escaped.
        #expect(
            html.contains(
                "Combining &quot;\u{338} autofocus onfocus=window.__pwned_combining=1 x=&quot;\u{338} mark &lt;\u{338}script&gt;"
            ))
        #expect(!html.contains("\"\u{338}") && !html.contains("<\u{338}"))
        // Every javascript:, vbscript: and data:text/html link lost its target, however it was encoded.
        #expect(
            html.range(of: "(href|src)=\"[^\"]*script:", options: [.regularExpression, .caseInsensitive]) == nil,
            "an executable URL survived")
        // A link to a dangerous URL is shown as its text only.
        #expect(html.contains("<p>entity\nhex entity\ncase\nvbscript\ndata html\nsvg\n"))
        #expect(!html.contains("href=\"data:"))
        // A `Tags:` line holding raw HTML is not a field: it stays in the description, escaped.
        #expect(html.contains("<p>Tags: &quot;&gt;&lt;svg/onload=window.__pwned_tagattr=1&gt;, x</p>"))
        // Tags are escaped in their text, and their class is a slug.
        #expect(
            html.contains(
                """
                <span class="tag-svg-onload-window-pwned-tagfield-1">&gt;&lt;svg/onload=window.__pwned_tagfield=1&gt;</span>\
                <span class="tag-x-onmouseover-window-pwned-tagfield2-1">x&quot;onmouseover=&quot;window.__pwned_tagfield2=1</span>
                """))
    }

    @Test(
        "HTML escaping works on bytes: nothing hides behind a combining mark",
        arguments: [
            ("plain text, 한국어 ✓", "plain text, 한국어 ✓"),
            ("a < b && c > d", "a &lt; b &amp;&amp; c &gt; d"),
            ("\"quoted\" 'single'", "&quot;quoted&quot; &#39;single&#39;"),
            ("\"\u{338} <\u{338} &\u{301} '\u{20DD}", "&quot;\u{338} &lt;\u{338} &amp;\u{301} &#39;\u{20DD}"),
            ("👩‍💻<🏳️‍🌈>", "👩‍💻&lt;🏳️‍🌈&gt;"),
            ("", ""),
        ])
    func escaping(input: String, expected: String) {
        #expect(HTMLEscaping.escape(input) == expected)
    }

    @Test("hostile text stays data in JSON and the calendar feed")
    func hostileExports() async throws {
        let path = TestSupport.fixtures.appending(path: "hostile/xss.md").path
        let board = try await BoardFile.load(path: path).board
        let json = BoardJSON.encode(board)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(
            object["title"] as? String
                == "<script>window.__pwned_title=1</script> Board \" onload=\"window.__pwned_attr=1")
        let feed = ICalendar.feed(
            for: [board], name: board.title, options: .init(clock: DeadlineClock(today: Self.today)))
        for line in feed.components(separatedBy: "\r\n").dropLast() {
            #expect(!line.contains("\n") && !line.contains("\r"), "a raw line break inside a content line")
            #expect(
                line.hasPrefix(" ") || line.range(of: "^[A-Z-]+[;:]", options: .regularExpression) != nil, "\(line)")
        }
    }

    @Test(
        "template problems are diagnostics with file, line and column",
        arguments: [
            (
                "syntax-error",
                "page.mustache:3:1: error: template syntax error: section 'columns' is never closed (expected '{{/columns}}')"
            ),
            ("missing-page", "missing-page: error: missing template 'page': add page.mustache to the templates folder"),
            (
                "missing-partial",
                "page.mustache:2:1: error: partial 'header' does not exist: add header.mustache to the templates folder"
            ),
            (
                "cycle",
                "b.mustache:2:4: error: partials include each other in a cycle outside any section (a → b → a): this would never finish"
            ),
            (
                "unknown-key",
                "page.mustache:1:5: error: unknown key 'titel': the template would render nothing here; see docs/TEMPLATES.md for the keys"
            ),
            ("unknown-key", "page.mustache:3:42: error: unknown key 'due.isoo'"),
            ("unknown-key", "page.mustache:5:17: error: unknown key 'labels.nope'"),
            (
                "pragma",
                "page.mustache:1:1: error: '% CONTENT_TYPE: TEXT' is not supported: pm-render's templates use plain Mustache (no pragmas, no dynamic partials)"
            ),
        ])
    func templateDiagnostics(folder: String, expected: String) {
        let path = TestSupport.fixtures.appending(path: "templates/\(folder)").path
        let (set, diagnostics) = PageTemplates.load(directory: path)
        #expect(set == nil)
        let printed = DiagnosticPrinter.text(diagnostics)
        #expect(printed.contains(expected), "\(printed)")
    }

    @Test("a user's template folder replaces the built-in templates")
    func customTemplates() async throws {
        let (loaded, diagnostics) = PageTemplates.load(
            directory: TestSupport.fixtures.appending(path: "templates/custom").path)
        #expect(diagnostics.isEmpty)
        let set: PageTemplates = try #require(loaded)
        let html = try await Self.render(TestSupport.examples.appending(path: "board.md").path, templates: set)
        #expect(html.contains("<h2 data-state=\"doing\">DOING (2 / 2)</h2>"))
        #expect(
            html.contains(
                "<li data-card-id=\"translate-onboarding-into-korean\">Translate onboarding into Korean (late)</li>"))
        #expect(!html.contains("<style>"))
        let (site, _) = SiteRenderer.render(
            try await BoardFile.load(path: TestSupport.examples.appending(path: "board.md").path).board,
            options: RenderOptions(clock: DeadlineClock(today: Self.today), templates: set))
        let overdue = String(decoding: try #require(site?.file("overdue.html")).contents, as: UTF8.self)
        #expect(
            overdue.contains(
                "<h1>Overdue (1)</h1><ul><li><a href=\"index.html#card-translate-onboarding-into-korean\">Translate onboarding into Korean</a> 2 days overdue</li></ul>"
            ))
    }
}

/// The `render` command end to end: output folder, atomic replacement, determinism.
@Suite("Render command", .serialized)
struct RenderCommandTests {
    func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted() {
            var isDirectory: ObjCBool = false
            let url = folder.appending(path: name)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[name] = try Data(contentsOf: url)
            }
        }
        return result
    }

    @Test("pm-render BOARD.md writes the page and prints one summary line")
    func renderDefault() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        let result = try TestSupport.run([
            TestSupport.examples.appending(path: "board.md").path, "-o", out.path, "--today", "2026-11-22",
            "--no-history",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Project Manager 2.0: 9 cards, 1 overdue → \(out.path)/index.html in ") == true)
        let golden = try Data(contentsOf: TestSupport.expected.appending(path: "html/board.html"))
        #expect(try Data(contentsOf: out.appending(path: "index.html")) == golden)
        // `render` is also an explicit subcommand.
        let again = try TestSupport.run([
            "render", TestSupport.examples.appending(path: "board.md").path, "-o", out.path, "--today", "2026-11-22",
            "--no-history",
        ])
        #expect(again.status == 0)
        #expect(try Data(contentsOf: out.appending(path: "index.html")) == golden)
    }

    @Test("output is byte-identical whatever the time zone, locale and current folder")
    func deterministic() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = TestSupport.examples.appending(path: "ko.md").path
        let a = folder.appending(path: "a")
        let b = folder.appending(path: "b")
        let r1 = try TestSupport.run(
            [board, "-o", a.path, "--today", "2026-11-22", "--no-history"],
            environment: ["TZ": "Pacific/Kiritimati", "LC_ALL": "C", "LANG": "C"])
        let r2 = try TestSupport.run(
            [board, "-o", b.path, "--today", "2026-11-22", "--no-history"], in: folder,
            environment: ["TZ": "America/Adak", "LC_ALL": "ko_KR.UTF-8", "LANG": "ko_KR.UTF-8"])
        #expect(r1.status == 0 && r2.status == 0)
        #expect(try files(in: a) == files(in: b))
        #expect(
            try files(in: a)["index.html"] == Data(contentsOf: TestSupport.expected.appending(path: "html/ko.html")))
    }

    @Test("a board with problems is published with them as warnings, exit 0")
    func problemsArePublished() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        for name in ["card-fields.md", "lane-rules.md", "front-matter-invalid-yaml.md"] {
            let path = TestSupport.fixtures.appending(path: "diagnostics/\(name)").path
            let result = try TestSupport.run([path, "-o", out.path, "--today", "2026-11-22", "--no-history"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(": warning: ") && !result.stderr.contains(": error: "), "\(result.stderr)")
            #expect(result.stdout.contains("→ \(out.path)/index.html"), "\(result.stdout)")
            #expect(FileManager.default.fileExists(atPath: out.appending(path: "index.html").path))
        }
        let fields = try TestSupport.run([
            TestSupport.fixtures.appending(path: "diagnostics/card-fields.md").path, "-o", out.path, "--no-history",
        ])
        #expect(
            fields.stderr.contains("card-fields.md:4:1: warning: 'tomorrow' is not a date, so the card has no deadline")
        )
        let page = try String(contentsOf: out.appending(path: "index.html"), encoding: .utf8)
        #expect(page.contains(">Heading card with bad fields</a>"), "the card with the bad deadline is on the page")
    }

    @Test("a board's problems reach its page (the 'problems' key), with their line and severity, escaped")
    func problemsOnThePage() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = TestSupport.fixtures.appending(path: "templates/problems").path
        let out = folder.appending(path: "site")
        let board = TestSupport.fixtures.appending(path: "diagnostics/lane-rules.md").path
        let result = try TestSupport.run([board, "-o", out.path, "--templates", templates, "--no-history"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: out.appending(path: "index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "<li class=").count == 9, "the 8 problems of the board")
        #expect(
            page.contains("<li class=\"warning\">4: lane &#39;Staging&#39; has 2 cards, over its WIP limit of 1</li>"))
        #expect(page.contains("<li class=\"error\">9: &#39;transitions&#39; names &#39;Shiped&#39;, which is neither"))
        #expect(page.contains("<h2>Staging 2 / 1 (over limit)</h2>"))
        let clean = try TestSupport.run([
            TestSupport.examples.appending(path: "board.md").path, "-o", out.path, "--templates", templates,
            "--no-history",
        ])
        #expect(clean.status == 0)
        #expect(!(try String(contentsOf: out.appending(path: "index.html"), encoding: .utf8)).contains("problems"))
    }

    @Test("a board that is not text, or one with problems under --strict, writes nothing and keeps the previous site")
    func errorsKeepPreviousSite() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        #expect(
            try TestSupport.run([
                TestSupport.examples.appending(path: "board.md").path, "-o", out.path, "--today", "2026-11-22",
            ]).status == 0)
        let before = try files(in: out)
        let binary = TestSupport.fixtures.appending(path: "diagnostics/nul-byte.md").path
        let warned = TestSupport.fixtures.appending(path: "diagnostics/wip-limits.md").path
        for arguments in [[binary], ["--strict", warned]] {
            let result = try TestSupport.run(arguments + ["-o", out.path, "--no-history"])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(try files(in: out) == before)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "site" }
            #expect(leftovers.isEmpty, "no temporary folders left behind: \(leftovers)")
            // A fresh output folder is not created at all.
            let fresh = folder.appending(path: "fresh")
            #expect(try TestSupport.run(arguments + ["-o", fresh.path, "--no-history"]).status == 1)
            #expect(!FileManager.default.fileExists(atPath: fresh.path))
        }
        let result = try TestSupport.run([binary, "-o", out.path, "--no-history"])
        #expect(result.stderr.contains("nul-byte.md:3:13: error: file contains a NUL character"))
        let strict = try TestSupport.run(["--strict", warned, "-o", out.path, "--no-history"])
        #expect(strict.stderr.contains("wip-limits.md:6:1: warning: lane 'TODO' has 2 cards, over its WIP limit of 1"))
    }

    @Test("re-rendering replaces the site whole: pages of the site before that the new one has not disappear")
    func replacesWhole() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        #expect(try TestSupport.run([TestSupport.examples.path, "-o", out.path, "--no-history"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out.appending(path: "board/index.html").path))
        let single = TestSupport.examples.appending(path: "ko.md").path
        #expect(try TestSupport.run([single, "-o", out.path, "--no-history"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: out.appending(path: "board").path))
        #expect(
            try String(contentsOf: out.appending(path: "index.html"), encoding: .utf8).contains("<html lang=\"ko\">"))
    }

    @Test("a file put into a site by hand is never deleted: the site is not replaced, and says why")
    func keepsFilesPutIntoASite() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        let board = TestSupport.examples.appending(path: "board.md").path
        #expect(try TestSupport.run([board, "-o", out.path, "--no-history"]).status == 0)
        // What a desktop leaves in a folder it showed is not the user's work.
        try Data("finder".utf8).write(to: out.appending(path: ".DS_Store"))
        #expect(try TestSupport.run([board, "-o", out.path, "--no-history"]).status == 0)
        try Data("mine".utf8).write(to: out.appending(path: "CNAME"))
        let result = try TestSupport.run([board, "-o", out.path, "--no-history"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("it holds 'CNAME', which pm-render did not write"), "\(result.stderr)")
        #expect(try Data(contentsOf: out.appending(path: "CNAME")) == Data("mine".utf8))
        // Nor is a templates folder kept inside the site it renders.
        try FileManager.default.removeItem(at: out.appending(path: "CNAME"))
        let templates = out.appending(path: "templates")
        try FileManager.default.copyItem(at: TestSupport.packageRoot.appending(path: "Templates"), to: templates)
        let kept = try TestSupport.run([board, "-o", out.path, "--templates", templates.path, "--no-history"])
        #expect(kept.status == 2)
        #expect(kept.stderr.contains("it contains the templates folder"), "\(kept.stderr)")
        #expect(FileManager.default.fileExists(atPath: templates.path))
    }

    @Test("a site written before markers listed files keeps a file put into it by hand")
    func keepsFilesPutIntoAnOlderSite() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        let board = TestSupport.examples.appending(path: "board.md").path
        #expect(try TestSupport.run([board, "-o", out.path, "--no-history"]).status == 0)
        try Data("pm-render 0.1.0\n".utf8).write(to: out.appending(path: ".pm-render-site"))
        #expect(try TestSupport.run([board, "-o", out.path, "--no-history"]).status == 0)
        try Data("mine".utf8).write(to: out.appending(path: "CNAME"))
        let result = try TestSupport.run([board, "-o", out.path, "--no-history"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("it holds 'CNAME'"), "\(result.stderr)")
    }

    @Test("a site replacing a folder keeps that folder's permissions")
    func keepsPermissions() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        #expect(chmod(out.path, 0o750) == 0)
        let board = TestSupport.examples.appending(path: "board.md").path
        #expect(try TestSupport.run([board, "-o", out.path, "--no-history"]).status == 0)
        var info = stat()
        #expect(stat(out.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o750)
        // A read-only site is replaced too, and no copy of the one before is left beside it.
        #expect(chmod(out.path, 0o555) == 0)
        #expect(try TestSupport.run([board, "-o", out.path, "--no-history"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["site"])
        #expect(chmod(out.path, 0o755) == 0)
    }

    @Test("a folder pm-render did not write, or one holding the current folder, is never replaced")
    func refusesForeignFolders() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let foreign = folder.appending(path: "docs")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: foreign.appending(path: "notes.txt"))
        let board = TestSupport.examples.appending(path: "board.md").path
        let result = try TestSupport.run([board, "-o", foreign.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("refusing to replace"))
        #expect(try Data(contentsOf: foreign.appending(path: "notes.txt")) == Data("precious".utf8))
        let dot = try TestSupport.run([board, "-o", "."], in: foreign)
        #expect(dot.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: foreign.path) == ["notes.txt"])
    }

    @Test("template errors from --templates exit 1 and write nothing")
    func badTemplates() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        let templates = TestSupport.fixtures.appending(path: "templates/syntax-error").path
        let result = try TestSupport.run([
            TestSupport.examples.appending(path: "board.md").path, "-o", out.path, "--templates", templates,
        ])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "syntax-error/page.mustache:3:1: error: template syntax error: section 'columns' is never closed"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a --templates folder that is not there, or is a file, exits 2 as an unreadable board does")
    func unreadableTemplates() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = TestSupport.examples.appending(path: "board.md").path
        for templates in ["missing", "file.txt"] {
            try Data("x".utf8).write(to: folder.appending(path: "file.txt"))
            let result = try TestSupport.run([board, "-o", "site", "--templates", templates], in: folder)
            #expect(result.status == 2, "\(templates): \(result.stderr)")
            #expect(result.stderr.contains("error: cannot read template: "), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "site").path))
        }
    }

    /// The linter accepts a recursion through a section because data could end it; here `columns` inside a lane
    /// resolves to the page's `columns` again (names are looked up the context stack), so it never ends.
    @Test("a template recursion the data never ends is an error, never a page silently cut off")
    func endlessRecursion() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        let templates = TestSupport.fixtures.appending(path: "templates/recursion").path
        let result = try TestSupport.run([
            TestSupport.examples.appending(path: "board.md").path, "-o", out.path, "--templates", templates,
            "--no-history",
        ])
        #expect(
            result.status != 0,
            "exit \(result.status); index.html: \((try? Data(contentsOf: out.appending(path: "index.html")))?.count ?? 0) bytes"
        )
        #expect(result.stderr.contains("error:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("the built-in templates are far within the limits on expansion")
    func builtInExpansion() throws {
        let set = PageTemplates.builtIn().set
        for page in ["page", "overdue", "history", "metrics", "overview"] {
            let size = try #require(set.inlinedSize(of: page))
            #expect(size < TemplateSet.maximumInlinedSize / 20, "\(page): \(size)")
        }
    }

    /// QA #4: templates a few lines long that would expand exponentially are refused before anything is rendered.
    @Test(
        "templates that expand exponentially are refused before rendering, and nothing is written",
        arguments: [
            ("30 nested sections over the lanes", "sections over lists are nested more than 8 deep"),
            ("40 partials, each including the next twice", "with its partials inlined, this template is over 100000"),
        ])
    func exponentialTemplates(_ test: (name: String, message: String)) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appending(path: "templates")
        try FileManager.default.copyItem(at: TestSupport.packageRoot.appending(path: "Templates"), to: templates)
        let page = templates.appending(path: "page.mustache")
        var text = try String(contentsOf: page, encoding: .utf8)
        if test.name.hasPrefix("30") {
            text += String(repeating: "{{#lanes}}", count: 30) + "{{name}}" + String(repeating: "{{/lanes}}", count: 30)
        } else {
            for level in 1...40 {
                try Data("{{> e\(level + 1)}}{{> e\(level + 1)}}".utf8).write(
                    to: templates.appending(path: "e\(level).mustache"))
            }
            try Data("x{{title}}".utf8).write(to: templates.appending(path: "e41.mustache"))
            text += "{{> e1}}"
        }
        try Data(text.utf8).write(to: page)
        let out = folder.appending(path: "site")
        let result = try TestSupport.run([
            TestSupport.examples.appending(path: "board.md").path, "-o", out.path, "--templates", templates.path,
            "--no-history",
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("error: \(test.message)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a copied binary works anywhere: the templates are inside it")
    func relocatedBinary() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appending(path: "bin/pm-render")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.binary, to: copy)
        let board = folder.appending(path: "board.md")
        try FileManager.default.copyItem(at: TestSupport.examples.appending(path: "board.md"), to: board)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["board.md", "--today", "2026-11-22"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let golden = try Data(contentsOf: TestSupport.expected.appending(path: "html/board.html"))
        #expect(try Data(contentsOf: folder.appending(path: "_site/index.html")) == golden)
    }

    @Test(
        "bad --today and --now are usage errors",
        arguments: [["--today", "2026-02-30"], ["--now", "2026-11-22"], ["--today", "yesterday"]])
    func badClock(arguments: [String]) throws {
        let result = try TestSupport.run(
            [TestSupport.examples.appending(path: "board.md").path, "-o", "/tmp/pm-render-never"] + arguments)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/pm-render-never"))
    }
}

/// Failures while writing: the previous site stays exactly as it was.
@Suite("Never losing a site", .serialized)
struct SiteSafetyTests {
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            let url = folder.appending(path: name)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[name] = try Data(contentsOf: url)
            }
        }
        return result
    }

    func siblings(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path).sorted()
    }

    @Test("a write that runs out of space fails cleanly (exit 2) and keeps the previous site")
    func outOfSpace() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appending(path: "site")
        #expect(try TestSupport.run(["examples/obsidian.md", "-o", site.path, "--today", "2026-11-22"]).status == 0)
        let before = try snapshot(site)
        // `ulimit -f 8`: no file may grow past 8 KB, as on a full disk; index.html is larger.
        let result = try TestSupport.run(
            [
                "-c", "ulimit -f 8; exec \"$0\" \"$@\"", TestSupport.binary.path,
                TestSupport.examples.appending(path: "board.md").path, "-o", site.path,
            ],
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write '\(site.path)/"), "\(result.stderr)")
        #expect(result.stderr.contains("file too large (the file-size limit was reached)"), "\(result.stderr)")
        #expect(try snapshot(site) == before)
        #expect(try siblings(of: site) == ["site"], "no temporary folder is left behind")
    }

    @Test("a run killed at any moment leaves the old site or the new one, never a mix")
    func killedMidWrite() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = folder.appending(path: "big.md")
        var text = "## TODO\n"
        for index in 0..<3_000 { text += "- [ ] Card \(index) @{2026-12-01} #tag\n  A *description* with `code`.\n" }
        try text.write(to: board, atomically: true, encoding: .utf8)
        let site = folder.appending(path: "site")
        #expect(
            try TestSupport.run(["examples/board.md", "-o", site.path, "--today", "2026-11-22", "--no-history"]).status
                == 0)
        let old = try snapshot(site)
        for attempt in 0..<6 {
            let process = Process()
            process.executableURL = TestSupport.binary
            process.arguments = [board.path, "-o", site.path, "--today", "2026-11-22"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 0.05 + Double(attempt) * 0.12)
            kill(process.processIdentifier, attempt % 2 == 0 ? SIGTERM : SIGKILL)
            process.waitUntilExit()
            let now = try snapshot(site)
            if now != old {
                // Only the complete new site may replace the old one.
                #expect(now["index.html"].map { String(decoding: $0, as: UTF8.self).contains("Card 2999") } == true)
                #expect(Set(now.keys) == Set(old.keys))
            }
        }
        // A normal run afterwards succeeds and cleans up what the killed runs left.
        #expect(try TestSupport.run([board.path, "-o", site.path, "--today", "2026-11-22"]).status == 0)
        #expect(try siblings(of: site) == ["big.md", "site"])
    }
}
