import Foundation
import Templating
import Testing

/// Rendering beyond the spec: pm-render's values, escaping, partial indentation, sinks, errors.
@Suite("Rendering")
struct RenderTests {
    struct Truthiness: Sendable, CustomTestStringConvertible {
        let name: String
        let value: TemplateValue
        let isFalsy: Bool

        var testDescription: String { name }
    }

    static let truthiness: [Truthiness] = [
        Truthiness(name: "false", value: .flag(false), isFalsy: true),
        Truthiness(name: "true", value: .flag(true), isFalsy: false),
        Truthiness(name: "null", value: .null, isFalsy: true),
        Truthiness(name: "empty list", value: .list([TemplateValue]()), isFalsy: true),
        Truthiness(name: "list", value: .list([0]), isFalsy: false),
        Truthiness(name: "empty text", value: .text(""), isFalsy: true),
        Truthiness(name: "text", value: .text(" "), isFalsy: false),
        Truthiness(name: "empty markup", value: .markup(TrustedHTML("")), isFalsy: true),
        Truthiness(name: "markup", value: .markup(TrustedHTML("<br>")), isFalsy: false),
        Truthiness(name: "zero", value: .number(0), isFalsy: false),
        Truthiness(name: "object", value: object([:]), isFalsy: false),
    ]

    @Test("falsy values skip sections and render inverted ones", arguments: truthiness)
    func falsiness(_ test: Truthiness) throws {
        let output = try rendered(["main": "{{#x}}yes{{/x}}{{^x}}no{{/x}}"], "main", object(["x": test.value]))
        #expect(output == (test.isFalsy ? "no" : "yes"))
        #expect(test.value.isFalsy == test.isFalsy)
    }

    @Test("a missing key is falsy too, and renders nothing")
    func missing() throws {
        #expect(try rendered(["main": "[{{x}}{{{x.y}}}{{#x}}yes{{/x}}{{^x}}no{{/x}}]"], "main", object([:])) == "[no]")
    }

    @Test("numbers, flags, objects and lists interpolate as documented")
    func interpolation() throws {
        let root = object([
            "n": .number(-42), "max": .number(Int.max), "min": .number(Int.min), "zero": .number(0),
            "yes": .flag(true), "no": .flag(false), "object": object([:]), "list": .list(["a"]),
        ])
        let output = try rendered(
            ["main": "{{n}} {{max}} {{min}} {{zero}} {{yes}} {{no}} [{{object}}{{list}}]"], "main", root)
        #expect(output == "-42 \(Int.max) \(Int.min) 0 true false []")
    }

    /// The control characters HTML does not allow in text: below a space but tab, line feed, form feed and carriage
    /// return; and DEL.
    static let controls = (0..<32).filter { ![9, 10, 12, 13].contains($0) } + [127]

    @Test("every special byte is escaped, alone, in runs and next to combining marks; nothing else is")
    func escaping() throws {
        let special = "&<>\"'"
        var plain = (1...127).filter { !Self.controls.contains($0) }.map { Character(Unicode.Scalar(UInt8($0))) }
            .filter { !special.contains($0) }.map(String.init).joined()
        plain += "é日本😀👍🏽"
        let input = plain + "&x<<>\"\u{338}'&amp;" + plain
        let expected = plain + "&amp;x&lt;&lt;&gt;&quot;\u{338}&#39;&amp;amp;" + plain
        let root = object(["x": .text(input), "m": .markup(TrustedHTML(input))])
        #expect(try rendered(["main": "{{x}}|{{m}}"], "main", root) == expected + "|" + expected)
        #expect(
            try rendered(["main": "{{{x}}}|{{&x}}|{{{m}}}"], "main", root)
                == [input, input, input].joined(separator: "|"))
        #expect(HTMLEscaping.escape(input) == expected)
        #expect(HTMLEscaping.escape(plain) == plain)
        for byte in special.utf8 {
            var output: [UInt8] = []
            HTMLEscaping.append([byte], to: &output)
            let reference = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
            #expect(String(decoding: output, as: UTF8.self) == reference[String(UnicodeScalar(byte))])
        }
    }

    @Test("a control character HTML does not allow becomes U+FFFD, at any offset of a long text; markup is kept")
    func controlCharacters() throws {
        for control in Self.controls {
            let byte = UInt8(control)
            #expect(HTMLEscaping.escape(String(decoding: [byte], as: UTF8.self)) == "\u{FFFD}")
            for offset in [0, 7, 8, 13, 31] {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: 32)
                text[offset] = byte
                let escaped = HTMLEscaping.escape(String(decoding: text, as: UTF8.self))
                #expect(
                    escaped == String(repeating: "a", count: offset) + "\u{FFFD}"
                        + String(repeating: "a", count: 31 - offset))
            }
        }
        let text = "a\tb\nc\u{0C}d\re<\u{1B}[31m"
        #expect(HTMLEscaping.escape(text) == "a\tb\nc\u{0C}d\re&lt;\u{FFFD}[31m")
        let root = object(["x": .text(text), "m": .markup(TrustedHTML(text))])
        #expect(try rendered(["main": "{{x}}|{{{m}}}"], "main", root) == HTMLEscaping.escape(text) + "|" + text)
    }

    @Test("markup is written as is by {{{x}}} in the middle of other output")
    func markupOrder() throws {
        let cards: [TemplateValue] = (0..<3).map { object(["html": .markup(TrustedHTML("<b>\($0)</b>"))]) }
        #expect(
            try rendered(["main": "<{{#cards}}({{{html}}}){{/cards}}>"], "main", object(["cards": .list(cards)]))
                == "<(<b>0</b>)(<b>1</b>)(<b>2</b>)>")
    }

    @Test("view models serve their fields; a key they lack is looked for further out")
    func models() throws {
        let page = TestPage(
            title: "T&T", cards: [TestCard(title: "a", isDone: true), TestCard(title: "b")], tags: ["x", "<y>"])
        let template =
            "{{title}}|{{{intro}}}|{{count}}|{{owner.name}}|{{#cards}}{{title}}{{#isDone}}✓{{/isDone}}{{owner.name}},{{/cards}}|{{#tags}}{{.}}{{/tags}}"
        #expect(
            String(decoding: try templateSet(["main": template]).render("main", .object(page)), as: UTF8.self)
                == "T&amp;T|<p>Hi</p>|2|Minji|a✓Minji,bMinji,|x&lt;y&gt;")
    }

    @Test("a view model that is a class is handed to templates as itself; one that is a struct, in a box")
    func modelReferences() throws {
        let page = TestPage(title: "T")
        guard case .object(let object) = page.templateValue else {
            Issue.record("a class view model is not an object")
            return
        }
        #expect(object === page)
        guard case .object(let boxed) = TestPerson(name: "Minji").templateValue else {
            Issue.record("a struct view model is not an object")
            return
        }
        #expect((boxed as? TemplateBox<TestPerson>)?.model.name == "Minji")
        guard case .text("Minji")? = boxed.value(forKey: TemplateKey("name")) else {
            Issue.record("the box does not serve the struct's fields")
            return
        }
    }

    @Test("a key with a null value stops the search up the stack; a missing key does not")
    func nullStops() throws {
        let root = object(["a": .text("outer"), "inner": object(["a": .null]), "other": object([:])])
        #expect(
            try rendered(["main": "[{{#inner}}{{a}}{{/inner}}][{{#other}}{{a}}{{/other}}]"], "main", root)
                == "[][outer]")
    }

    @Test(
        "standalone partials indent their lines, nested ones add up; empty lines and inline partials are not indented")
    func indentation() throws {
        let templates = [
            "main": "<ul>\n  {{>item}}\n</ul>\n",
            "item": "<li>\n\n  {{>inner}}\n</li>{{>inline}}\n",
            "inner": "a\n{{#yes}}\nb{{x}}\n{{/yes}}\n",
            "inline": "i\nj",
        ]
        let output = try rendered(templates, "main", object(["yes": .flag(true), "x": .text("1\n2")]))
        #expect(output == "<ul>\n  <li>\n\n    a\n    b1\n2\n  </li>i\nj\n</ul>\n")
    }

    @Test("a file sink gets what a memory sink gets, in pieces")
    func streaming() throws {
        let cards: [TemplateValue] = (0..<60_000).map {
            object(["t": .text("card <\($0)>"), "h": .markup(TrustedHTML("<p>\($0)</p>"))])
        }
        let set = try templateSet(["main": "{{#cards}}<li>{{t}}{{{h}}}</li>\n{{/cards}}"])
        let memory = try set.render("main", object(["cards": .list(cards)]))
        #expect(memory.count > 2 * ByteSink.pieceSize)
        let path = FileManager.default.temporaryDirectory.appending(path: "templating-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        let sink = ByteSink(descriptor: descriptor)
        try set.render("main", object(["cards": .list(cards)]), to: sink)
        #expect(sink.bytes.count < ByteSink.pieceSize, "the sink wrote as it went")
        sink.flush()
        close(descriptor)
        #expect(sink.failure == 0)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == memory)
    }

    @Test("rendering a template the set lacks is an error")
    func noSuchTemplate() throws {
        #expect(throws: TemplateRenderError.noSuchTemplate("nope")) {
            try templateSet(["main": ""]).render("nope", .null)
        }
    }

    @Test("a recursion that data never ends stops at the depth limit, with the partial's place")
    func runaway() throws {
        let set = try templateSet(["main": "x\n{{#yes}}{{>main}}{{/yes}}"])
        #expect(
            throws: TemplateRenderError.partialsTooDeep(
                template: "main", location: TemplateLocation(line: 2, column: 9))
        ) {
            try set.render("main", object(["yes": .flag(true)]))
        }
    }

    @Test("recursive data renders through a recursive partial as deep as the limit allows")
    func recursiveData() throws {
        func tree(_ depth: Int) -> TestCard {
            TestCard(title: "\(depth)", children: depth == 0 ? [] : [tree(depth - 1)])
        }
        let set = try templateSet([
            "main": "{{#cards}}{{>node}}{{/cards}}", "node": "({{title}}{{#children}}{{>node}}{{/children}})",
        ])
        let output = try set.render("main", .object(TestPage(cards: [tree(200)])))
        let expected = (0...200).reversed().map { "(\($0)" }.joined() + String(repeating: ")", count: 201)
        #expect(String(decoding: output, as: UTF8.self) == expected)
        #expect(throws: TemplateRenderError.self) { try set.render("main", .object(TestPage(cards: [tree(300)]))) }
    }

    @Test("sources: named ones get folder paths; a name given twice keeps the last")
    func sources() throws {
        let sources = TemplateSource.named(["b": "B", "a": "A"], folder: "Templates")
        #expect(
            sources == [
                TemplateSource(name: "a", path: "Templates/a.mustache", text: "A"),
                TemplateSource(name: "b", path: "Templates/b.mustache", text: "B"),
            ])
        let set = try TemplateSet(sources + [TemplateSource(name: "a", path: "x", text: "again")])
        #expect(set.names == ["a", "b"] && set.has("a") && !set.has("c"))
        #expect(set.source(named: "a")?.text == "again")
        #expect(try set.render("a", .null) == Array("again".utf8))
    }
}
