import Templating
import Testing

/// Inputs meant to exhaust the stack or take quadratic time: each must finish and report. (How fast
/// is measured apart, never here; these would take minutes if the work were quadratic.)
@Suite("Hostile inputs")
struct HostileInputTests {
    static let count = 100_000

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let template: String
        let error: TemplateSyntaxError

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "100,000 nested sections", template: String(repeating: "{{#a}}", count: count),
            error: TemplateSyntaxError(.nestingTooDeep(limit: 64), at: .init(line: 1, column: 64 * 6 + 1))),
        Case(
            name: "100,000 nested sections, a line each", template: String(repeating: "{{^a}}\n", count: count),
            error: TemplateSyntaxError(.nestingTooDeep(limit: 64), at: .init(line: 65, column: 1))),
        Case(
            name: "100,000 unclosed tags", template: "x" + String(repeating: "{{a ", count: count),
            error: TemplateSyntaxError(.unclosedTag, at: .init(line: 1, column: 2))),
        Case(
            name: "100,000 unclosed triple mustaches, a line each",
            template: "ok\n" + String(repeating: "{{{a}}\n", count: count),
            error: TemplateSyntaxError(.unclosedTag, at: .init(line: 2, column: 1))),
        Case(
            name: "100,000 unclosed comments", template: String(repeating: "{{!", count: count),
            error: TemplateSyntaxError(.unclosedTag, at: .init(line: 1, column: 1))),
        Case(
            name: "100,000 opening delimiters", template: String(repeating: "{", count: 2 * count),
            error: TemplateSyntaxError(.unclosedTag, at: .init(line: 1, column: 1))),
        Case(
            name: "100,000 close tags", template: String(repeating: "{{/a}}", count: count),
            error: TemplateSyntaxError(.wrongCloseTag(expected: nil, found: "a"), at: .init(line: 1, column: 1))),
        Case(
            name: "100,000 sections, one left open at the start",
            template: "{{#open}}" + String(repeating: "{{#a}}{{/a}}", count: count),
            error: TemplateSyntaxError(.unclosedSection("open"), at: .init(line: 1, column: 1))),
        Case(
            name: "1 MB of a name never closed", template: "{{" + String(repeating: "n", count: 1 << 20),
            error: TemplateSyntaxError(.unclosedTag, at: .init(line: 1, column: 1))),
    ]

    @Test("finishes and reports", arguments: cases)
    func reports(_ test: Case) {
        #expect(throws: test.error) { try Template(parsing: test.template) }
    }

    @Test("100,000 tags on one line, and 100,000 lone braces around them")
    func manyTagsOnALine() throws {
        let template = String(repeating: "{{a}}} {x", count: Self.count)
        let output = try rendered(["main": template], "main", object(["a": .text("A")]))
        #expect(output == String(repeating: "A} {x", count: Self.count))
    }

    @Test("a 1 MB template of tags and lines parses, links, lints and renders")
    func megabyte() throws {
        let line = "<p class=\"{{title}}\">{{#hasCards}}{{count}}{{/hasCards}}{{! note }}</p>\n"
        let lines = (1 << 20) / line.utf8.count + 1
        let template = String(repeating: line, count: lines)
        let (set, issues) = TemplateSet.check(
            [TemplateSource(name: "main", path: "main", text: template)], roots: LinterTests.root)
        #expect(issues.isEmpty)
        let output = try #require(set).render("main", .object(TestPage(title: "<T>")))
        #expect(
            String(decoding: output, as: UTF8.self) == String(repeating: "<p class=\"&lt;T&gt;\">2</p>\n", count: lines)
        )
    }

    @Test("20,000 partials in a chain link and lint without recursing; a cycle through all of them is found")
    func longChains() {
        let count = 20_000
        var sources = (0..<count).map {
            TemplateSource(name: "p\($0)", path: "p\($0)", text: "{{title}}{{>p\($0 + 1)}}")
        }
        sources.append(TemplateSource(name: "p\(count)", path: "p\(count)", text: "{{nope}}"))
        let main = TemplateSource(name: "main", path: "main", text: "{{>p0}}")
        let (_, issues) = TemplateSet.check(sources + [main], roots: LinterTests.root)
        #expect(issues.map(\.kind) == [.unknownKey("nope")])
        sources[count] = TemplateSource(name: "p\(count)", path: "p\(count)", text: "{{>p0}}")
        let (set, cycle) = TemplateSet.check(sources + [main], roots: LinterTests.root)
        #expect(set == nil)
        guard case .partialCycle(let chain)? = cycle.first?.kind else {
            Issue.record("no cycle: \(cycle)")
            return
        }
        #expect(cycle.count == 1 && chain.count == count + 2 && chain.first == chain.last)
    }

    @Test("deep data through sections renders without recursing")
    func deepSections() throws {
        var value: TemplateValue = .text("leaf")
        for _ in 0..<64 { value = object(["a": .list([value])]) }
        let template = String(repeating: "{{#a}}", count: 64) + "{{.}}" + String(repeating: "{{/a}}", count: 64)
        #expect(try rendered(["main": template], "main", value) == "leaf")
    }
}

/// Templates that a few lines make expand exponentially (QA #4): refused before anything is rendered, and
/// held to a budget while rendering whatever the checks let through.
@Suite("Exponential templates")
struct ExponentialTemplateTests {
    @Test("a chain of partials each including the next twice is refused where it grows over the limit")
    func doublingPartials() {
        var templates = ["main": "{{>e1}}", "e41": "x{{title}}"]
        for level in 1...40 { templates["e\(level)"] = "{{>e\(level + 1)}}{{>e\(level + 1)}}" }
        // e41 has 2 operations and e(n) 2 + 2 × e(n+1): e27 has 65,534, e26 131,070.
        #expect(
            LinterTests.issues(templates) == [
                LinterTests.Found(.tooLarge(limit: TemplateSet.maximumInlinedSize), "e26", 1, 9)
            ])
        templates["main"] = "{{>e27}}"
        for level in 1...26 { templates["e\(level)"] = nil }
        #expect(LinterTests.issues(templates).isEmpty)
    }

    @Test("a partial included many times, each time once, is not too large")
    func widePartials() {
        let templates = ["main": String(repeating: "{{>card}}", count: 10_000), "card": "<p>{{title}}</p>"]
        #expect(LinterTests.issues(templates).isEmpty)
    }

    @Test("30 nested sections over the page's own list are refused at the ninth repeat")
    func nestedLists() {
        let section = "{{#cards}}"
        let template = String(repeating: section, count: 30) + "{{title}}" + String(repeating: "{{/cards}}", count: 30)
        // The first section goes down into the page's cards; each one after it repeats them all again.
        let column = (TemplateSet.maximumListNesting + 1) * section.utf8.count + 1
        #expect(
            LinterTests.issues(["main": template]) == [
                LinterTests.Found(.listsTooDeep(limit: TemplateSet.maximumListNesting), "main", 1, column)
            ])
        let allowed = TemplateSet.maximumListNesting + 1
        let deepest =
            String(repeating: section, count: allowed) + "{{title}}" + String(repeating: "{{/cards}}", count: allowed)
        #expect(LinterTests.issues(["main": deepest]).isEmpty)
    }

    @Test("nested lists are counted through partials, a recursion over the same list included")
    func nestedListsThroughPartials() {
        let issues = LinterTests.issues([
            "main": "{{#cards}}{{>again}}{{/cards}}", "again": "{{#cards}}{{>again}}{{/cards}}",
        ])
        #expect(issues == [LinterTests.Found(.listsTooDeep(limit: TemplateSet.maximumListNesting), "again", 1, 1)])
    }

    @Test("a recursion down the data's own lists (sub-cards of sub-cards) is not nesting: it lints and renders")
    func treeRecursion() throws {
        let templates = [
            "main": "{{#cards}}{{>card}}{{/cards}}",
            "card": "<li>{{title}}<ul>{{#children}}{{>card}}{{/children}}</ul>",
        ]
        #expect(LinterTests.issues(templates).isEmpty)
        var card = TestCard(title: "leaf")
        for level in 0..<20 { card = TestCard(title: "c\(level)", children: [card, TestCard(title: "x")]) }
        let output = try templateSet(templates).render("main", .object(TestPage(cards: [card])))
        #expect(String(decoding: output, as: UTF8.self).contains("<li>leaf<ul></ul>"))
    }
}
