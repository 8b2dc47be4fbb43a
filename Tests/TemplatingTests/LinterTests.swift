import Templating
import Testing

/// The linter against small view models: what it reports, where, and what it leaves alone.
@Suite("Linter")
struct LinterTests {
    static let root = [TemplateRoot("main", TestPage.self)]

    /// The issues of `templates` (with the root `main` rendered with `TestPage`), as kind and place.
    static func issues(_ templates: [String: String], roots: [TemplateRoot] = root) -> [Found] {
        let sources = templates.map { TemplateSource(name: $0.key, path: "\($0.key).mustache", text: $0.value) }
        return TemplateSet.check(sources, roots: roots).issues.map {
            Found($0.kind, $0.template, $0.location?.line ?? 0, $0.location?.column ?? 0)
        }
    }

    struct Found: Hashable, CustomStringConvertible {
        let kind: TemplateIssue.Kind
        let template: String
        let line: Int
        let column: Int

        init(_ kind: TemplateIssue.Kind, _ line: Int, _ column: Int) {
            self.init(kind, "main", line, column)
        }

        init(_ kind: TemplateIssue.Kind, _ template: String, _ line: Int, _ column: Int) {
            self.kind = kind
            self.template = template
            self.line = line
            self.column = column
        }

        var description: String { "\(template):\(line):\(column) \(kind)" }
    }

    @Test("names every key of the models resolve, through sections, dotted names and outer contexts")
    func clean() {
        let template = """
            {{title}} {{{intro}}} {{&intro}} {{count}} {{{count}}} {{owner.name}}
            {{#hasCards}}{{title}}{{/hasCards}}{{^hasCards}}none{{/hasCards}}
            {{#owner}}{{name}} of {{title}}{{/owner}}
            {{#cards}}{{title}}{{#isDone}}✓{{/isDone}}{{owner.name}}{{#children}}{{title}}{{/children}}{{/cards}}
            {{#tags}}{{.}}{{/tags}}{{#title}}{{.}}{{/title}}{{! a comment: {{nothing}} }}
            """
        #expect(Self.issues(["main": template]) == [])
    }

    @Test("an unknown key, at its tag; dotted names checked segment by segment")
    func unknownKeys() {
        let found = Self.issues(["main": "{{titel}}\n  {{owner.nam}} {{#cards}}{{name}}{{/cards}}\n{{^nope}}{{/nope}}"])
        #expect(
            found == [
                Found(.unknownKey("titel"), 1, 1),
                Found(.unknownKey("owner.nam"), 2, 3),
                Found(.unknownKey("name"), 2, 27),
                Found(.unknownKey("nope"), 3, 1),
            ])
    }

    @Test("a key of a list's elements is unknown outside the list; a key below a scalar is unknown")
    func wrongPlaces() {
        let found = Self.issues(["main": "{{isDone}}{{title.length}}{{cards.title}}"])
        #expect(
            found == [
                Found(.unknownKey("isDone"), 1, 1),
                Found(.unknownKey("title.length"), 1, 11),
                Found(.unknownKey("cards.title"), 1, 27),
            ])
    }

    @Test("a set that links comes back with its lint issues; one that does not, without a set")
    func checkReturnsTheSet() throws {
        let linked = TemplateSet.check([TemplateSource(name: "main", path: "main", text: "{{nope}}")], roots: Self.root)
        #expect(linked.issues.map(\.kind) == [.unknownKey("nope")])
        #expect(try linked.set?.render("main", .object(TestPage())) == [])
        let broken = TemplateSet.check(
            [TemplateSource(name: "main", path: "main", text: "{{>gone}}")], roots: Self.root)
        #expect(broken.set == nil && broken.issues.map(\.kind) == [.missingPartial("gone")])
    }

    @Test("an unknown section is reported once, not every name inside it")
    func unknownSectionOnce() {
        #expect(
            Self.issues(["main": "{{#nope}}{{a}}{{b.c}}{{#d}}{{/d}}{{/nope}}"]) == [Found(.unknownKey("nope"), 1, 1)])
    }

    @Test("plain text written raw is an error; markup and numbers raw are fine")
    func unescapedText() {
        let found = Self.issues([
            "main":
                "{{{title}}}\n{{&owner.name}} {{{intro}}}{{{count}}}\n{{#tags}}{{{.}}}{{/tags}}{{#cards}}{{&title}}{{/cards}}"
        ])
        #expect(
            found == [
                Found(.unescapedText("title"), 1, 1),
                Found(.unescapedText("owner.name"), 2, 1),
                Found(.unescapedText("."), 3, 10),
                Found(.unescapedText("title"), 3, 36),
            ])
    }

    @Test("{{x}} on an object or a list renders nothing: reported")
    func notText() {
        #expect(
            Self.issues(["main": "{{owner}} {{cards}} {{tags}}"]) == [
                Found(.notText("owner"), 1, 1), Found(.notText("cards"), 1, 11), Found(.notText("tags"), 1, 21),
            ])
    }

    @Test("partials are linted with the context stack at their tag, in their own file")
    func throughPartials() {
        let found = Self.issues([
            "main": "{{>header}}\n{{#cards}}\n{{>card}}\n{{/cards}}",
            "header": "{{title}} {{isDone}}",
            "card": "{{title}}\n{{#isDone}}{{owner.name}}{{/isDone}}{{bogus}}",
        ])
        #expect(found == [Found(.unknownKey("bogus"), "card", 2, 37), Found(.unknownKey("isDone"), "header", 1, 11)])
    }

    @Test("the same partial in two contexts is checked in each")
    func partialInTwoContexts() {
        let found = Self.issues(["main": "{{>name}}{{#owner}}{{>name}}{{/owner}}", "name": "{{name}}"])
        #expect(found == [Found(.unknownKey("name"), "name", 1, 1)])
    }

    @Test("a recursive partial through a section is linted and ends")
    func recursion() {
        let found = Self.issues([
            "main": "{{#cards}}{{>tree}}{{/cards}}",
            "tree": "{{title}}{{#children}}{{>tree}}{{/children}}{{typo}}",
        ])
        #expect(found == [Found(.unknownKey("typo"), "tree", 1, 45)])
    }

    @Test("missing partials, at their tags; missing roots")
    func missing() {
        #expect(Self.issues(["main": "x\n  {{>nowhere}}\n"]) == [Found(.missingPartial("nowhere"), 2, 3)])
        let roots = [TemplateRoot("main", TestPage.self), TemplateRoot("other", TestPage.self)]
        #expect(Self.issues(["main": ""], roots: roots) == [Found(.missingTemplate("other"), "other", 0, 0)])
    }

    @Test("partials including each other outside sections: a cycle, at the tag that closes it")
    func cycles() {
        #expect(
            Self.issues(["main": "{{>a}}", "a": "{{>b}}", "b": "x\n{{^hasCards}}{{>a}}{{/hasCards}}"]) == [
                Found(.partialCycle(["a", "b", "a"]), "b", 2, 14)
            ])
        #expect(Self.issues(["main": "{{>main}}"]) == [Found(.partialCycle(["main", "main"]), 1, 1)])
        // Through a section, the context can end it: allowed.
        #expect(Self.issues(["main": "{{#hasCards}}{{>main}}{{/hasCards}}"]) == [])
        // But the page's own list repeated inside itself, level after level, nests too deep.
        #expect(
            Self.issues(["main": "{{#cards}}{{>main}}{{/cards}}"]) == [
                Found(.listsTooDeep(limit: TemplateSet.maximumListNesting), 1, 1)
            ])
    }

    @Test("syntax errors come through the same list")
    func syntax() {
        let deep = String(repeating: "{{#hasCards}}", count: 65)
        #expect(Self.issues(["main": deep]) == [Found(.syntax(.nestingTooDeep(limit: 64)), 1, 64 * 13 + 1)])
    }

    @Test("the keys of a root model and of every model it reaches, with kind and doc")
    func schemaListing() {
        let schemas = TemplateSchema.reachable(from: TestPage.self)
        #expect(schemas.map(\.model.name) == ["TestPage", "TestPerson", "TestCard"])
        #expect(
            schemas[0].fields.map { "\($0.name): \($0.kind) — \($0.doc)" } == [
                "title: text — The page's title",
                "intro: markup — The introduction, as HTML",
                "count: number — How many cards",
                "hasCards: flag — Whether there are cards",
                "owner: TestPerson — Who owns the board",
                "cards: list of TestCard — The cards",
                "tags: list of text — Every tag",
            ])
        #expect(schemas[2].field(named: "children")?.kind == .list(TemplateModelType(TestCard.self)))
        #expect(schemas.allSatisfy { $0.duplicateNames.isEmpty })
    }

    @Test("a key declared twice keeps its first declaration, and is listed as a duplicate")
    func duplicates() {
        #expect(Twice.schema.duplicateNames == ["a"])
        #expect(Twice.schema.fields.map(\.doc) == ["first"])
        guard case .text("1")? = TemplateBox(Twice()).value(forKey: TemplateKey("a")) else {
            Issue.record("the first declaration is not the one served")
            return
        }
    }
}

private struct Twice: TemplateModel {
    static let fields = TemplateFields<Twice>([
        .text("a", "first") { _ in "1" }, .text("a", "second") { _ in "2" },
    ])
}
