import Templating

/// Small view models for the linter and rendering tests: one of each kind of field, a nested
/// object, a list of models that recurses, a list of text. The page is a class handed over as
/// itself, the others are structs handed over in boxes.
final class TestPage: TemplateModel, TemplateObject {
    let title: String
    let intro = TrustedHTML("<p>Hi</p>")
    let count = 2
    let hasCards = true
    let owner = TestPerson(name: "Minji")
    let cards: [TestCard]
    let tags: [String]

    init(title: String = "Board", cards: [TestCard] = [], tags: [String] = []) {
        self.title = title
        self.cards = cards
        self.tags = tags
    }

    static let fields = TemplateFields<TestPage>([
        .text("title", "The page's title") { $0.title },
        .markup("intro", "The introduction, as HTML") { $0.intro },
        .number("count", "How many cards") { $0.count },
        .flag("hasCards", "Whether there are cards") { $0.hasCards },
        .object("owner", "Who owns the board") { $0.owner },
        .list("cards", "The cards") { $0.cards },
        .textList("tags", "Every tag") { $0.tags },
    ])
}

struct TestPerson: TemplateModel {
    let name: String

    static let fields = TemplateFields<TestPerson>([
        .text("name", "The person's name") { $0.name }
    ])
}

struct TestCard: TemplateModel {
    let title: String
    var isDone = false
    var children: [TestCard] = []

    static let fields = TemplateFields<TestCard>([
        .text("title", "The card's title") { $0.title },
        .flag("isDone", "Whether it is done") { $0.isDone },
        .list("children", "Its sub-cards") { $0.children },
    ])
}

/// A set of templates given as name and text (paths are `name.mustache`).
func templateSet(_ templates: [String: String]) throws(TemplateSetError) -> TemplateSet {
    try TemplateSet(templates.map { TemplateSource(name: $0.key, path: "\($0.key).mustache", text: $0.value) })
}

/// Renders the template `name` of `templates` with `root`, as a string.
func rendered(_ templates: [String: String], _ name: String = "main", _ root: TemplateValue) throws -> String {
    String(decoding: try templateSet(templates).render(name, root), as: UTF8.self)
}

/// An object with the given keys.
func object(_ values: [String: TemplateValue]) -> TemplateValue {
    .object(DictionaryObject(values))
}
