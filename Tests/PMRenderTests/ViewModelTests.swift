import Foundation
import Templating
import Testing

@testable import PMRender

/// The templates' contract: each view model declares its keys once; the built-in templates use only keys that
/// exist; every key is documented in docs/TEMPLATES.md.
@Suite("View models")
struct ViewModelTests {
    /// `index.html` of `board`, rendered with the built-in templates on 2026-01-01.
    static func boardPage(_ board: Board) throws -> String {
        let (site, _) = SiteRenderer.render(
            board,
            options: RenderOptions(
                clock: DeadlineClock(today: CalendarDate(year: 2026, month: 1, day: 1)!),
                templates: PageTemplates.builtIn()))
        return String(decoding: try #require(site?.file("index.html")).contents, as: UTF8.self)
    }

    static let roots: [any TemplateModel.Type] = [
        PageView.self, OverduePageView.self, HistoryPageView.self, OverviewPageView.self,
    ]

    @Test("no view model declares a key twice, and every key has documentation")
    func schemas() {
        for root in Self.roots {
            for schema in TemplateSchema.reachable(from: root) {
                #expect(schema.duplicateNames.isEmpty, "\(schema.model.name): \(schema.duplicateNames)")
                for field in schema.fields { #expect(!field.doc.isEmpty, "\(schema.model.name).\(field.name)") }
            }
        }
    }

    @Test("every key the built-in templates use exists (the linter walks them with the view models)")
    func builtInTemplatesUseKnownKeys() {
        let diagnostics = PageTemplates.lintBuiltIn()
        #expect(diagnostics.isEmpty, "\(DiagnosticPrinter.text(diagnostics))")
    }

    @Test("docs/TEMPLATES.md holds the reference generated from the view models")
    func documented() throws {
        let url = TestSupport.packageRoot.appending(path: "docs/TEMPLATES.md")
        let docs = try TestSupport.read(url)
        let begin = try #require(docs.range(of: "<!-- keys:begin -->\n"))
        let end = try #require(docs.range(of: "<!-- keys:end -->"))
        let generated = TemplateDocs.markdown()
        if TestSupport.isRecording {
            try (docs[..<begin.upperBound] + generated + docs[end.lowerBound...]).write(
                to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(docs[begin.upperBound..<end.lowerBound]) == generated,
            "docs/TEMPLATES.md is out of date: run PM_RENDER_RECORD=1 swift test --filter ViewModelTests")
    }

    @Test("a lane over its WIP limit is marked in words, not only colour")
    func overLimit() throws {
        let board = TestSupport.parse("## DOING (1)\n- a\n- b\n").board
        let html = try Self.boardPage(board)
        #expect(html.contains("over-limit"))
        #expect(html.contains("2 / 1"))
        #expect(html.contains("over limit"))
    }

    @Test("a state over its WIP limit (wip: {DOING: 2}) marks every lane of the state, on the page and in the terminal")
    func stateOverLimit() throws {
        let board = TestSupport.parse(
            "---\nwip:\n  DOING: 2\n---\n## Todo\n- a\n## In Progress\n- b\n## Review\n- c\n- d\n## Done\n"
        ).board
        let html = try Self.boardPage(board)
        #expect(html.components(separatedBy: "lane-doing over-limit\"").count == 3, "both doing lanes")
        #expect(!html.contains("lane-todo over-limit"))
        let terminal = try TerminalBoard.render(
            board,
            options: .init(
                width: 100, color: false, clock: DeadlineClock(today: CalendarDate(year: 2026, month: 1, day: 1)!)))
        #expect(terminal.contains("In Progress 1 !"))
        #expect(terminal.contains("Review 2 !"))
        #expect(!terminal.contains("Todo 1 !"))
    }

    @Test(
        "lane keys are unique with the IDs of the lanes' parts; ordinary boards keep theirs",
        arguments: [
            (["TODO", "Doing", "Done"], ["lane-todo", "lane-doing", "lane-done"]),
            (["TODO", "TODO", "TODO"], ["lane-todo", "lane-todo-2", "lane-todo-3"]),
            (["", "Done"], ["lane-1", "lane-done"]),
            // QA #8: a lane's own slug was another's `-cards` or `-name`.
            (
                ["TODO", "TODO cards", "Todo name", "Done"],
                ["lane-todo", "lane-todo-cards-2", "lane-todo-name-2", "lane-done"]
            ),
            (["TODO cards", "TODO"], ["lane-todo-cards", "lane-todo-2"]),
            // A numbered key that is another lane's own slug.
            (["TODO", "TODO 2", "TODO"], ["lane-todo", "lane-todo-2", "lane-todo-3"]),
            (["TODO", "TODO", "TODO 2"], ["lane-todo", "lane-todo-2", "lane-todo-2-2"]),
        ])
    func laneKeys(names: [String], keys: [String]) {
        #expect(PageBuilder.laneKeys(names) == keys)
    }

    @Test("every element ID on the board page is unique, whatever the lane names")
    func uniqueIDs() throws {
        let board = TestSupport.parse(
            "## TODO\n\n- [ ] a\n\n## TODO cards\n\n- [ ] b\n\n## Todo name\n\n- [ ] c\n\n## TODO\n\n- [ ] d\n\n"
                + "## TODO 2\n\n- [ ] e\n\n## Done\n\n- [x] n\n"
        ).board
        let html = try Self.boardPage(board)
        let ids = html.matches(of: /\sid="([^"]*)"/).map { String($0.output.1) }
        #expect(ids.count > 20)
        #expect(
            Set(ids).count == ids.count,
            "duplicates: \(Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys)")
        // The lane switcher's links and the lanes' labels point at the lane of that name.
        #expect(html.contains("<a href=\"#lane-todo-cards-2\" data-lane=\"lane-todo-cards-2\">TODO cards"))
        #expect(html.contains("id=\"lane-todo-cards-2\" data-state=\"todo\""))
    }
}
