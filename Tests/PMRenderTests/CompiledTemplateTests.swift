import Foundation
import Mustache
import MustacheTokens
import Testing
@testable import PMRender

/// Compiled templates render byte for byte what swift-mustache renders from the same templates.
@Suite("Compiled templates")
struct CompiledTemplateTests {
    static let boards = RenderTests.examples.map { TestSupport.examples.appending(path: $0).path }
        + ["calendar.md"].map { TestSupport.fixtures.appending(path: "boards/\($0)").path }
        + [TestSupport.fixtures.appending(path: "hostile/xss.md").path]

    /// A set of the given templates (with empty required ones where missing).
    static func templates(_ sources: [String: String]) -> TemplateSet? {
        let sources = sources.merging(TemplateSet.requiredNames.map { ($0, "") }) { given, _ in given }
        return TemplateSet.make(sources.map { TemplateSet.Source(name: $0.key, path: "\($0.key).mustache", text: $0.value) }, lint: false).0
    }

    static func expectSame(_ set: TemplateSet, _ value: some TemplateObject, _ name: String,
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let compiled = set.render(value, template: name).map { String(decoding: $0, as: UTF8.self) }
        let reference = set.renderWithSwiftMustache(value, template: name).map { String(decoding: $0, as: UTF8.self) }
        #expect(compiled != nil, sourceLocation: sourceLocation)
        #expect(compiled == reference, sourceLocation: sourceLocation)
    }

    @Test("the built-in templates compile")
    func builtInCompiles() throws {
        let set = try #require(TemplateSet.builtIn().0)
        let templates = try set.sources.mapValues { try MustacheTemplate(string: HTMLEscaping.pragmaLine + $0.text) }
        #expect(throws: Never.self) { try CompiledTemplates(templates) }
        #expect(set.compiled != nil)
        #expect(try #require(TemplateSet.builtIn(lint: true).0).compiled != nil)
    }

    @Test("the built-in templates' tokens, read when pm-render was built, are what swift-mustache parses now")
    func embeddedTokens() throws {
        let embedded = try #require(EmbeddedTemplates.tokens(), "the build plugin could not read the built-in templates")
        #expect(embedded.keys.sorted() == EmbeddedTemplates.sources.keys.sorted())
        for (name, text) in EmbeddedTemplates.sources {
            let parsed = try TemplateSet.parse(TemplateSet.Source(name: name, path: name, text: text))
            let tokens = try MustacheTokens.tokens(of: parsed, allowedContentType: { $0 is HTMLEscaping })
            #expect(embedded[name] == tokens, "Templates/\(name).mustache")
            #expect(!tokens.isEmpty)
        }
    }

    @Test("tokens print as Swift that rebuilds them")
    func tokenSource() {
        let token = MustacheToken.section("a.b", [.text("x\"\\\n\u{1}"), .unescapedVariable("."), .partial("p", indentation: "  "),
                                                   .invertedSection("c", [.partial("q", indentation: nil), .variable("d")])])
        #expect(token.swiftSource == #".section("a.b", [.text("x\"\\\n\u{1}"), .unescapedVariable("."), .partial("p", indentation: "  "), .invertedSection("c", [.partial("q", indentation: nil), .variable("d")])])"#)
    }

    @Test("each board's pages render the same both ways", arguments: boards)
    func boardPages(path: String) throws {
        let parsed = try BoardLoader.load(path: path, options: ParseOptions(renderHTML: true))
        let builder = PageBuilder(board: parsed.board, clock: DeadlineClock(today: RenderTests.today), history: nil, partOfSite: false)
        let set = try #require(TemplateSet.builtIn().0)
        Self.expectSame(set, builder.page(), "page")
        Self.expectSame(set, builder.overduePage(), "overdue")
    }

    @Test("a large board's pages, streamed a piece at a time, are what swift-mustache renders")
    func streamedPages() throws {
        let parsed = BoardParser.parse(Array(StreamingTests.largeBoard(cards: 700).utf8), file: "large.md", options: ParseOptions(renderHTML: true))
        let builder = PageBuilder(board: parsed.board, clock: DeadlineClock(today: RenderTests.today), history: nil, partOfSite: false)
        let set = try #require(TemplateSet.builtIn().0)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func check(_ value: some TemplateObject, _ name: String) throws {
            let path = folder.appending(path: name).path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            try #require(descriptor >= 0)
            let sink = ByteSink(descriptor: descriptor)
            #expect(set.render(value, template: name, to: sink))
            sink.flush()
            close(descriptor)
            let streamed = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(streamed.count > ByteSink.pieceSize || name != "page", "the page is written in several pieces")
            #expect(TestSupport.firstDifference(streamed, set.renderWithSwiftMustache(value, template: name)) == nil, "\(name)")
        }
        try check(builder.page(), "page")
        try check(builder.overduePage(), "overdue")
    }

    @Test("every sample page renders the same both ways, with the built-in and with custom templates",
          arguments: ["built-in", "custom"])
    func samplePages(templates: String) throws {
        let set = try #require(templates == "built-in" ? TemplateSet.builtIn().0
            : TemplateSet.load(directory: TestSupport.fixtures.appending(path: "templates/custom").path).0)
        #expect(set.compiled != nil)
        for (name, sample) in PageSample.roots where set.has(name) {
            Self.expectSame(set, sample, name)
        }
    }

    /// Mustache's corners, each rendered against the sample board page.
    static let corners: [(String, [String: String])] = [
        ("standalone lines", ["page": "a\n  {{#hasArchived}}  \nin\n  {{/hasArchived}}\n{{! note }}\n  {{^cards}}\nnone\n{{/cards}}\nz"]),
        ("indented standalone partial", ["page": "<ul>\n  {{> item}}\n</ul>\n", "item": "{{#columns}}\n<li>{{name}}\n{{#cards}}\n{{title}}\n{{/cards}}\n</li>\n{{/columns}}\n"]),
        ("nested indented partials", ["page": " {{> outer}}\n", "outer": "o1\n\t{{> inner}}\no2\n", "inner": "i1\ni2 {{title}}\n\ni3\n"]),
        ("inline partial", ["page": "<p>{{> inline}}</p>\n", "inline": "x\n{{title}}\n"]),
        ("partial in a list", ["page": "{{#columns}}\n  {{> column}}\n{{/columns}}\n", "column": "{{state}}: {{count}}\n{{#cards}}{{id}},{{/cards}}\n"]),
        ("values of every kind", ["page": "{{cardCount}} {{hasArchived}} {{hasHistory}} {{{descriptionHTML}}} {{&title}} {{title}}"]),
        ("objects and lists printed", ["page": "{{asOf}}|{{columns.0}}|{{labels.tags}}"]),
        ("dotted and context names", ["page": "{{#columns}}{{#cards}}{{labels.close}} {{.state}} {{state}} {{due.text}} {{.due.iso}} {{.labels}}|{{/cards}}{{/columns}}"]),
        ("sections over kinds", ["page": "{{#asOf}}{{iso}}{{/asOf}}{{#title}}[{{.}}]{{/title}}{{#cardCount}}n={{.}}{{/cardCount}}{{#missing}}no{{/missing}}{{^missing}}yes{{/missing}}"]),
        ("inverted sections", ["page": "{{^archived}}{{.}}empty{{/archived}}{{^columns}}x{{/columns}}{{^asOf}}x{{/asOf}}{{^hasHistory}}no history{{/hasHistory}}{{^title}}x{{/title}}"]),
        ("lists of text", ["overview": "{{#failed}}<{{.}}>{{/failed}}{{^failed}}none{{/failed}}", "page": ""]),
        ("escaping", ["page": "{{#columns}}{{#cards}}{{title}}{{{title}}}{{/cards}}{{/columns}}"]),
        ("CRLF lines", ["page": "a\r\n{{#hasArchived}}\r\nb\r\n{{/hasArchived}}\r\n  {{> p}}\r\n", "p": "1\r\n2\r\n"]),
    ]

    @Test("Mustache's corners render the same both ways", arguments: corners)
    func corner(name: String, sources: [String: String]) throws {
        let set = try #require(Self.templates(sources), "\(name)")
        #expect(set.compiled != nil)
        for (template, sample) in PageSample.roots where sources[template] != nil {
            Self.expectSame(set, sample, template)
        }
    }

    @Test("random templates render the same both ways")
    func randomTemplates() throws {
        var generator = SplitMix64(seed: 0x7E3A)
        let names = ["title", "columns", "cards", "tags", "name", "state", "hasDue", "due", "due.text", ".", ".title",
                     "labels", "labels.tags", "archived", "cardCount", "isEmpty", "missing", "asOf.iso", "descriptionHTML"]
        let texts = ["", " ", "  ", "\t", "x", "<&>", "\n", "\r\n", "a\nb", " \n", "\n  "]
        func piece(_ depth: Int, _ partials: Bool) -> String {
            let name = names.randomElement(using: &generator)!
            switch Int.random(in: 0..<(depth > 2 ? 4 : 7), using: &generator) {
            case 0, 1: return texts.randomElement(using: &generator)!
            case 2: return "{{\(name)}}"
            case 3: return Bool.random(using: &generator) ? "{{{\(name)}}}" : "{{! c }}"
            case 4 where partials: return texts.randomElement(using: &generator)! + "{{> part\(Int.random(in: 0..<2, using: &generator))}}"
            default:
                let sigil = Bool.random(using: &generator) ? "#" : "^"
                let body = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in piece(depth + 1, partials) }.joined()
                let open = Bool.random(using: &generator) ? "\n" : ""
                return "\(open){{\(sigil)\(name)}}\(open)\(body){{/\(name)}}\(open)"
            }
        }
        func template(_ partials: Bool) -> String {
            (0..<Int.random(in: 1..<8, using: &generator)).map { _ in piece(0, partials) }.joined()
        }
        for _ in 0..<300 {
            let sources = ["page": template(true), "part0": template(true), "part1": template(false)]
            // part0 may include itself: a cycle swift-mustache would follow forever.
            guard !sources["part0"]!.contains("{{> part0}}") else { continue }
            let set = try #require(Self.templates(sources), "\(sources)")
            #expect(set.compiled != nil)
            Self.expectSame(set, PageSample.page, "page")
        }
    }

    @Test("a set with transforms renders through swift-mustache")
    func transformsFallBack() throws {
        let set = try #require(Self.templates(["page": "{{uppercased(title)}} {{#reversed(columns)}}{{name}}{{/reversed(columns)}}", "overdue": ""]))
        #expect(set.compiled == nil)
        let page = try #require(set.render(PageSample.page, template: "page"))
        #expect(String(decoding: page, as: UTF8.self) == PageSample.page.title.uppercased() + " DONEDOINGTODO")
    }
}
