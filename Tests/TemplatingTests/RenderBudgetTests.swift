import Foundation
import Testing

@testable import Templating

/// What the checks before rendering let through is still held to a budget while rendering: output and
/// repetitions (sections repeating, partials included), each a clear error.
@Suite("Render budget")
struct RenderBudgetTests {
    static let cards = (0..<10).map { TestCard(title: "c\($0)") }
    static let page = TemplateValue.object(TestPage(cards: cards))

    func render(_ template: String, budget: TemplateSet.Budget) throws -> Int {
        let set = try templateSet(["main": template])
        let sink = ByteSink()
        try set.render("main", Self.page, to: sink, budget: budget)
        return sink.total
    }

    @Test("a page over the output budget stops with outputTooLarge; one at the budget renders")
    func output() throws {
        let template = "{{#cards}}0123456789{{/cards}}"
        #expect(try render(template, budget: .init(output: 100, steps: 1000)) == 100)
        #expect(throws: TemplateRenderError.outputTooLarge(limit: 99)) {
            try render(template, budget: .init(output: 99, steps: 1000))
        }
        // Markup written raw goes straight to the sink and is counted too.
        #expect(throws: TemplateRenderError.outputTooLarge(limit: 30)) {
            try render("{{#cards}}{{{intro}}}{{/cards}}", budget: .init(output: 30, steps: 1000))
        }
    }

    @Test("a streaming sink is held to the output budget as it hands pieces over")
    func streamingOutput() throws {
        let set = try templateSet(["main": "{{#cards}}{{#cards}}{{#cards}}{{title}}{{/cards}}{{/cards}}{{/cards}}"])
        let null = try #require(FileHandle(forWritingAtPath: "/dev/null"))
        defer { try? null.close() }
        let sink = ByteSink(descriptor: null.fileDescriptor)
        #expect(throws: TemplateRenderError.outputTooLarge(limit: 1000)) {
            try set.render("main", Self.page, to: sink, budget: .init(output: 1000, steps: 1_000_000))
        }
        #expect(sink.total > 1000 && sink.total < 1100)
    }

    @Test("repetitions over the budget stop with tooManySteps, even when nothing is written")
    func steps() throws {
        // 10 × 10 cards: 9 repeats of the outer section, 10 × 9 of the inner one.
        let template = "{{#cards}}{{#cards}}{{/cards}}{{/cards}}"
        #expect(try render(template, budget: .init(output: 100, steps: 99)) == 0)
        #expect(throws: TemplateRenderError.tooManySteps(limit: 98)) {
            try render(template, budget: .init(output: 100, steps: 98))
        }
        let partials = try templateSet(["main": "{{>a}}{{>a}}{{>a}}", "a": ""])
        #expect(throws: TemplateRenderError.tooManySteps(limit: 2)) {
            try partials.render("main", Self.page, to: ByteSink(), budget: .init(output: 100, steps: 2))
        }
    }

    @Test("the default budget is 1 GiB and 2^28 repetitions")
    func defaults() {
        let budget = TemplateSet.Budget()
        #expect(budget.output == 1 << 30 && budget.steps == 1 << 28)
    }
}
