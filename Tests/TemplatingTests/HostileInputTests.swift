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
