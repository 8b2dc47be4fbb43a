import Mustache
import Templating
import Testing
@testable import PMRender

/// The templates' contract: every view-model property is reachable by its name, and nothing else.
@Suite("View models")
struct ViewModelTests {
    static func check(_ value: Any & MustacheParent) {
        let labels = Mirror(reflecting: value).children.compactMap(\.label)
        #expect(!labels.isEmpty)
        for label in labels {
            let viaLookup = value.child(named: label)
            let viaMirror = Mirror(reflecting: value).children.first { $0.label == label }?.value
            #expect(viaLookup != nil, "\(type(of: value)).\(label) is not served to templates")
            #expect(String(describing: viaLookup) == String(describing: viaMirror.map { Optional($0) } ?? nil),
                    "\(type(of: value)).\(label) serves a different value")
        }
        #expect(value.child(named: "noSuchKey") == nil)
    }

    @Test("lookup tables match the structs")
    func lookupMatchesProperties() throws {
        let page = PageSample.page
        Self.check(page)
        Self.check(page.asOf)
        Self.check(page.labels)
        let column = try #require(page.columns.first)
        Self.check(column)
        let card = try #require(page.allCards.first { $0.hasTags })
        Self.check(card)
        Self.check(card.due)
        Self.check(try #require(card.tags.first))
    }

    @Test("the sample used to check templates has every list filled and every flag set somewhere")
    func sampleIsComplete() {
        let page = PageSample.page
        #expect(page.hasDescription && page.hasArchived && !page.archived.isEmpty)
        #expect(page.columns.allSatisfy { !$0.cards.isEmpty || $0.isEmpty })
        #expect(page.columns.contains { $0.overLimit } && page.columns.contains { $0.isEmpty })
        let cards = page.allCards
        #expect(cards.contains { $0.isOverdue } && cards.contains { $0.isDueSoon } && cards.contains { $0.hasTags })
        #expect(cards.contains { $0.hasDescription } && cards.contains { $0.isArchived } && cards.contains { !$0.hasDue })
    }

    @Test("a column over its WIP limit is marked in words, not only colour")
    func overLimit() throws {
        let board = TestSupport.parse("## DOING (1)\n- a\n- b\n").board
        let (set, _) = TemplateSet.builtIn()
        let (site, _) = SiteRenderer.render(board, options: RenderOptions(clock: DeadlineClock(today: CalendarDate(year: 2026, month: 1, day: 1)!), templates: try #require(set)))
        let html = String(decoding: try #require(site?.files.first).contents, as: UTF8.self)
        #expect(html.contains("<section class=\"column column-doing over-limit\" data-state=\"doing\""))
        #expect(html.contains("<span class=\"count\">2 / 1</span> <span class=\"limit-warning\">over limit</span>"))
    }
}
