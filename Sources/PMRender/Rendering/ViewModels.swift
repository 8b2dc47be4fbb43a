import Templating

// The values templates receive. Each view model declares its keys once, in `fields` (name, kind, one-line
// documentation); lookups at render time, the template linter and docs/TEMPLATES.md all come from these lists.
// No optionals: a missing value is an empty string, `false` or an empty list.

/// A date as text and as ISO 8601 for `datetime` attributes.
final class DateView: TemplateModel, TemplateObject {
    let iso: String
    let text: String

    init(iso: String, text: String) {
        self.iso = iso
        self.text = text
    }

    static let empty = DateView(iso: "", text: "")

    static let fields = TemplateFields<DateView>([
        .text("iso", "ISO 8601 (`2026-12-01` or `2026-12-01T18:00`), for `datetime` attributes") { $0.iso },
        .text("text", "The date as people read it, in the page's language") { $0.text },
    ])
}

/// HTML pm-render wrote itself (Markdown through `MarkdownHTML`): safe to write raw with `{{{…}}}`.
final class HTMLView: TemplateMarkup {
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static let empty = HTMLView(bytes: [])

    func write(into output: inout [UInt8]) { output += bytes }

    var isEmpty: Bool { bytes.isEmpty }

    /// Whether the HTML holds a link (`<a `): pm-render writes every other `<` as `&lt;`.
    var containsLink: Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2)
        where bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "a")
            && bytes[index + 2] == UInt8(ascii: " ")
        {
            return true
        }
        return false
    }
}

/// A card's description as `PageBuilder.blockHTML`, made when a template writes it and not kept: a page that lists
/// cards without their descriptions (the overdue page) never makes it, and a page of every card never holds all of it.
final class DescriptionHTML: TemplateMarkup {
    private let markdown: Markdown
    private let html: MarkdownHTML
    let isEmpty: Bool

    init(_ markdown: Markdown, html: MarkdownHTML) {
        self.markdown = markdown
        self.html = html
        // A block, a text or an inline element always writes something; only raw HTML, empty text and links or
        // images whose URL is refused may write nothing, so descriptions of those alone are written to know.
        isEmpty =
            !markdown.roots.contains { Self.alwaysWrites(markdown.nodes[$0]) }
            && (markdown.isEmpty || PageBuilder.blockBytes(markdown, html: html).isEmpty)
    }

    func write(into output: inout [UInt8]) {
        PageBuilder.appendBlockBytes(markdown, html: html, to: &output)
    }

    private static func alwaysWrites(_ node: Markdown.Node) -> Bool {
        switch node.kind {
        case .htmlBlock, .htmlInline, .link, .image: false
        case .text: !node.text.isEmpty
        default: true
        }
    }
}

/// One link of the navigation.
struct NavItemView: TemplateModel {
    let href: String
    let label: String
    /// The page this link leads to is the one shown (`aria-current="page"`).
    let isCurrent: Bool
    let hasCount: Bool
    let count: Int

    static let fields = TemplateFields<NavItemView>([
        .text("href", "Where the link leads") { $0.href },
        .text("label", "The link's text") { $0.label },
        .flag("isCurrent", "The link leads to this page (mark it with aria-current=\"page\")") { $0.isCurrent },
        .flag("hasCount", "The link shows a count (the overdue page)") { $0.hasCount },
        .number("count", "That count") { $0.count },
    ])
}

/// A tag chip.
final class TagView: TemplateModel, TemplateObject {
    let name: String
    /// The tag as a CSS-class-safe slug (`tag-<slug>`).
    let slug: String
    /// A hue from 0 to 359, the same for the same tag on every board and run.
    let hue: Int
    /// A colour chosen in the front matter (`tag-colors`), checked to be a plain CSS colour.
    let color: String

    init(name: String, slug: String, hue: Int, color: String) {
        self.name = name
        self.slug = slug
        self.hue = hue
        self.color = color
    }

    static let fields = TemplateFields<TagView>([
        .text("name", "The tag, without `#`") { $0.name },
        .text("slug", "The tag as a slug, for classes and filter links") { $0.slug },
        .number("hue", "A stable hue (0–359) derived from the tag's name") { $0.hue },
        .flag("hasColor", "The board chose a colour for this tag (`tag-colors`)") { !$0.color.isEmpty },
        .text("color", "That colour (a hex colour, CSS name or rgb()/hsl() value)") { $0.color },
    ])
}

/// A label and its value: a line of a card's timeline ("Entered Review · Nov 3, 2026") or of its details, or a key
/// figure at the top of the metrics page.
struct LabeledValueView: TemplateModel {
    let label: String
    let value: String
    /// The value as an address to link to, when it is a web address (`ticket: https://…`); else empty.
    var link = ""

    static let fields = TemplateFields<LabeledValueView>([
        .text("label", "What happened, what is measured or what is said") { $0.label },
        .text("value", "When, how long, how many, or what") { $0.value },
        .text("link", "The value, when it is a web address (`https://…`) to link to; else empty") { $0.link },
    ])
}

/// One subtask (a task item inside the card).
struct SubtaskView: TemplateModel {
    let title: String
    let isDone: Bool

    static let fields = TemplateFields<SubtaskView>([
        .text("title", "The subtask's text") { $0.title },
        .flag("isDone", "The subtask is checked") { $0.isDone },
    ])
}

/// A card, on the board page and in lists of cards (overdue page, overview).
final class CardView: TemplateModel, TemplateObject {
    let id: String
    /// `card-<id>`: the element ID of the card and the URL fragment that opens it.
    let anchor: String
    /// What the card's `link` starts with (another board's folder, on pages of several boards).
    let linkPrefix: String
    let title: String
    let titleHTML: HTMLView
    let state: String
    let stateName: String
    let lane: String
    let due: DateView?
    let dueRelative: String
    let isOverdue: Bool
    let isDueSoon: Bool
    let status: String
    let statusClass: String
    let tags: [TagView]
    let descriptionHTML: any TemplateMarkup
    let priority: String
    let priorityName: String
    let assignees: [String]
    let people: [PersonView]
    let subtasks: [SubtaskView]
    let subtasksDone: Int
    /// The title's HTML holds a link, so the title cannot itself be the link that opens the card.
    let titleHasLinks: Bool
    let isArchived: Bool
    let isChecked: Bool
    let line: Int
    /// Dates besides the deadline, recurrence, dependencies and other fields, each with its label.
    let details: [LabeledValueView]
    let timeline: [LabeledValueView]
    let daysInLane: Int?
    let daysInLaneText: String
    let group: String
    let isGroupStart: Bool
    /// Group labels with no card under them that stand before this card.
    let emptyGroupsBefore: [String]
    /// The board's title, on pages that list cards of several boards (else empty).
    let board: String

    init(
        id: String, anchor: String, linkPrefix: String, title: String, titleHTML: HTMLView, state: String,
        stateName: String, lane: String, due: DateView?, dueRelative: String, isOverdue: Bool, isDueSoon: Bool,
        status: String, statusClass: String, tags: [TagView], descriptionHTML: any TemplateMarkup, priority: String,
        priorityName: String, people: [PersonView], subtasks: [SubtaskView], isArchived: Bool, isChecked: Bool,
        line: Int, details: [LabeledValueView], timeline: [LabeledValueView], daysInLane: Int?, daysInLaneText: String,
        group: String, isGroupStart: Bool, emptyGroupsBefore: [String] = [], board: String
    ) {
        self.id = id
        self.anchor = anchor
        self.linkPrefix = linkPrefix
        self.title = title
        self.titleHTML = titleHTML
        self.state = state
        self.stateName = stateName
        self.lane = lane
        self.due = due
        self.dueRelative = dueRelative
        self.isOverdue = isOverdue
        self.isDueSoon = isDueSoon
        self.status = status
        self.statusClass = statusClass
        self.tags = tags
        self.descriptionHTML = descriptionHTML
        self.priority = priority
        self.priorityName = priorityName
        assignees = people.map(\.name)
        self.people = people
        self.subtasks = subtasks
        self.subtasksDone = subtasks.filter(\.isDone).count
        titleHasLinks = titleHTML.containsLink
        self.isArchived = isArchived
        self.isChecked = isChecked
        self.line = line
        self.details = details
        self.timeline = timeline
        self.daysInLane = daysInLane
        self.daysInLaneText = daysInLaneText
        self.group = group
        self.isGroupStart = isGroupStart
        self.emptyGroupsBefore = emptyGroupsBefore
        self.board = board
    }

    /// `index.html#card-<id>`: the card from another page of the site.
    var link: String { linkPrefix + "index.html#" + anchor }

    /// `card card-<state>`, then `overdue` or `due-soon`, `archived`, `checked`.
    var classes: String {
        var classes = "card card-" + state
        if !statusClass.isEmpty { classes += " " + statusClass }
        if isArchived { classes += " archived" }
        if isChecked { classes += " checked" }
        return classes
    }

    static let fields = TemplateFields<CardView>([
        .text("id", "The card's identity (explicit ID, else the slug of its title; unique on the board)") { $0.id },
        .text("anchor", "`card-<id>`: the card's element ID and the fragment that opens it") { $0.anchor },
        .text("link", "`index.html#card-<id>`, to open the card from another page") { $0.link },
        .text("title", "The title as plain text") { $0.title },
        .markup("titleHTML", "The title as HTML (links, emphasis, wikilinks kept)") { $0.titleHTML },
        .flag("titleHasLinks", "The title's HTML holds a link (it cannot sit inside the link that opens the card)") {
            $0.titleHasLinks
        },
        .text("state", "`todo`, `doing` or `done`: the state of the card's lane") { $0.state },
        .text("stateName", "That state in the page's language") { $0.stateName },
        .text("lane", "The name of the card's lane") { $0.lane },
        .text("classes", "CSS classes: `card card-<state>`, plus `overdue`, `due-soon`, `archived`, `checked`") {
            $0.classes
        },
        .flag("hasDue", "The card has a deadline") { $0.due != nil },
        .object("due", "The deadline (empty when none)") { $0.due ?? .empty },
        .text("dueRelative", "The deadline relative to today: \"in 2 days\", \"3 days overdue\"") { $0.dueRelative },
        .flag("isOverdue", "Not done and past its deadline") { $0.isOverdue },
        .flag("isDueSoon", "Not done and due within the board's due-soon days") { $0.isDueSoon },
        .flag("hasStatus", "The card is overdue or due soon") { !$0.status.isEmpty },
        .text("status", "\"2 days overdue\", \"Due tomorrow\"; empty otherwise") { $0.status },
        .text("statusClass", "`overdue`, `due-soon` or empty") { $0.statusClass },
        .flag("hasTags", "The card has tags") { !$0.tags.isEmpty },
        .list("tags", "The card's tags") { $0.tags },
        .flag("hasDescription", "The card has a description") { !$0.descriptionHTML.isEmpty },
        .markup("descriptionHTML", "The description as HTML (written once; the detail view shows the same)") {
            $0.descriptionHTML
        },
        .flag("hasPriority", "The card has a priority") { !$0.priority.isEmpty },
        .text("priority", "`highest`, `high`, `medium`, `normal`, `low` or `lowest`") { $0.priority },
        .text("priorityName", "The priority in the page's language") { $0.priorityName },
        .flag("hasAssignees", "The card names people") { !$0.assignees.isEmpty },
        .textList("assignees", "The people the card names") { $0.assignees },
        .list("people", "The same people, each with a slug for the assignee filter") { $0.people },
        .flag("hasSubtasks", "The card has task items") { !$0.subtasks.isEmpty },
        .list("subtasks", "The card's task items") { $0.subtasks },
        .number("subtasksDone", "How many task items are checked") { $0.subtasksDone },
        .number("subtasksTotal", "How many task items there are") { $0.subtasks.count },
        .number("subtaskPercent", "Checked task items, in percent (0–100)") {
            $0.subtasks.isEmpty ? 0 : $0.subtasksDone * 100 / $0.subtasks.count
        },
        .flag("isArchived", "The card is in the archive") { $0.isArchived },
        .flag("isChecked", "The card's task box is checked") { $0.isChecked },
        .number("line", "The line where the card starts in the board file") { $0.line },
        .flag("hasDetails", "The card has dates besides its deadline, a recurrence, dependencies or other fields") {
            !$0.details.isEmpty
        },
        .list(
            "details",
            "Those, each with its label: scheduled, start, created and completed dates, the recurrence, the tasks it "
                + "waits for, then Dataview fields pm-render does not interpret (`project: Apollo`)"
        ) { $0.details },
        .flag("hasTimeline", "The card's history is known (the board is in git)") { !$0.timeline.isEmpty },
        .list("timeline", "When the card was added, moved and finished, and its lead and cycle times") {
            $0.timeline
        },
        .flag("hasDaysInLane", "How long the card has been in its lane is known") { $0.daysInLane != nil },
        .number("daysInLane", "Days in its current lane") { $0.daysInLane ?? 0 },
        .text("daysInLaneText", "\"In Review for 5 days\", \"In Review since today\"") { $0.daysInLaneText },
        .flag("hasGroup", "The card stands under a `###` group label") { !$0.group.isEmpty },
        .text("group", "That label") { $0.group },
        .flag("isGroupStart", "The card is the first of its group (show the label before it)") { $0.isGroupStart },
        .textList("emptyGroupsBefore", "Group labels with no card under them that stand before the card") {
            $0.emptyGroupsBefore
        },
        .flag("hasBoard", "The page lists cards of several boards") { !$0.board.isEmpty },
        .text("board", "The card's board, on pages of several boards") { $0.board },
    ])
}

/// Card views made one at a time, as a template's section reaches each card: a page of 100,000 cards never holds
/// every card's view and HTML at once. A template that lists the same cards twice has them made twice.
final class CardViewList: TemplateList {
    let count: Int
    private let make: @Sendable (Int) -> CardView

    /// A list whose element `index` is `make(index)`.
    init(count: Int, make: @escaping @Sendable (Int) -> CardView) {
        self.count = count
        self.make = make
    }

    /// A list of views made already.
    convenience init(_ views: [CardView]) {
        self.init(count: views.count) { views[$0] }
    }

    var isEmpty: Bool { count == 0 }

    func view(at index: Int) -> CardView { make(index) }

    func element(at index: Int) -> TemplateValue { .object(make(index)) }

    /// Lists one after another.
    static func joined(_ lists: [CardViewList]) -> CardViewList {
        var total = 0
        let starts = lists.map { list in
            defer { total += list.count }
            return total
        }
        return CardViewList(count: total) { index in
            // The last list starting at or before `index` is never an empty one (it starts where the next does).
            let which = starts.lastIndex { $0 <= index }!
            return lists[which].view(at: index - starts[which])
        }
    }
}

/// A lane (column) of the board page.
struct LaneView: TemplateModel {
    /// A slug unique on the page (`lane-review`, `lane-review-2`), with `-name` and `-cards` after it too, for IDs and
    /// storage keys.
    let key: String
    let name: String
    let nameHTML: HTMLView
    let state: String
    let stateName: String
    let count: Int
    let limit: Int?
    let countText: String
    let countLabel: String
    let overLimit: Bool
    let cards: CardViewList
    /// Group labels with no card under them after the lane's last card.
    var emptyGroupsAfter: [String] = []
    let descriptionHTML: HTMLView

    static let fields = TemplateFields<LaneView>([
        .text(
            "key",
            "A slug unique on the page, for element IDs and remembered state; `KEY-name` and `KEY-cards` are unique too"
        ) { $0.key },
        .text("name", "The lane's name as plain text") { $0.name },
        .markup("nameHTML", "The lane's name as HTML (its inline Markdown rendered)") { $0.nameHTML },
        .text("state", "`todo`, `doing` or `done`") { $0.state },
        .text("stateName", "That state in the page's language") { $0.stateName },
        .number("count", "How many cards the lane holds") { $0.count },
        .flag("hasLimit", "The lane has a WIP limit") { $0.limit != nil },
        .number("limit", "The WIP limit (0 when none)") { $0.limit ?? 0 },
        .text("countText", "\"3\" or \"3 / 5\" with a limit") { $0.countText },
        .text("countLabel", "The count for screen readers: \"3 cards of a limit of 5\"") { $0.countLabel },
        .flag("overLimit", "The lane holds more cards than its WIP limit") { $0.overLimit },
        .flag("isEmpty", "The lane has no cards") { $0.cards.isEmpty },
        .list("cards", "The lane's cards, in file order", of: CardView.self) { $0.cards },
        .textList("emptyGroupsAfter", "Group labels with no card under them after the lane's last card") {
            $0.emptyGroupsAfter
        },
        .flag("hasList", "The lane has cards or group labels to list") {
            $0.cards.count > 0 || !$0.emptyGroupsAfter.isEmpty
        },
        .flag("hasDescription", "The lane has text under its heading") { !$0.descriptionHTML.isEmpty },
        .markup("descriptionHTML", "That text as HTML") { $0.descriptionHTML },
    ])
}

/// A problem of the board, shown in a banner on its page (the page is published anyway).
struct ProblemView: TemplateModel {
    let message: String
    let line: Int
    let severity: String

    static let fields = TemplateFields<ProblemView>([
        .text("message", "What is wrong and what would be right") { $0.message },
        .flag("hasLine", "The problem has a place in the file") { $0.line > 0 },
        .number("line", "Its line") { $0.line },
        .text("severity", "`error` or `warning`") { $0.severity },
    ])
}

/// A value to filter by (a tag, a person, a lane state) with the number of cards that have it.
struct FilterOptionView: TemplateModel {
    let value: String
    let slug: String
    let count: Int
    /// For tags: the tag's stable hue and its colour from `tag-colors` (else empty).
    var hue: Int = 0
    var color: String = ""

    static let fields = TemplateFields<FilterOptionView>([
        .text("value", "The value as shown") { $0.value },
        .text("slug", "The value as a slug, for the URL and CSS classes") { $0.slug },
        .number("count", "How many cards have it") { $0.count },
        .number("hue", "Tags: the tag's stable hue (0–359), as on its chips") { $0.hue },
        .flag("hasColor", "Tags: the board chose a colour for the tag (`tag-colors`)") { !$0.color.isEmpty },
        .text("color", "Tags: that colour (a hex colour, CSS name or rgb()/hsl() value)") { $0.color },
    ])
}

/// A person a card names.
final class PersonView: TemplateModel, TemplateObject {
    let name: String
    let slug: String

    init(name: String) {
        self.name = name
        slug = Slug.make(name)
    }

    static let fields = TemplateFields<PersonView>([
        .text("name", "The name as written on the card") { $0.name },
        .text("slug", "The name as a slug (the `assignee=` filter of the page's URL)") { $0.slug },
    ])
}

/// Fixed words of a page, in its language: strings of the catalogue, each a key of the view.
protocol CatalogueWordsView: TemplateModel {
    var catalogue: Catalogue { get }
}

extension TemplateField where Model: CatalogueWordsView {
    /// A key for each of `names`: the catalogue's string `prefix` + name (`label.openCard` for `openCard`).
    static func words(_ names: [String], prefix: String) -> [TemplateField<Model>] {
        names.map { name in
            let key = prefix + name
            return .text(name, "The catalogue's `\(key)`") { $0.catalogue.text(key) }
        }
    }
}

/// Words of the page, in its language: every `label.*` string of the catalogue (docs/LOCALIZATION.md).
struct LabelsView: CatalogueWordsView {
    let catalogue: Catalogue

    /// The keys are the `label.*` strings of the English catalogue, which every catalogue has (a test checks).
    static let fields = TemplateFields<LabelsView>(TemplateField.words(Localization.labelNames, prefix: "label."))
}

/// The navigation of every page, and the facts its links depend on.
struct NavView: TemplateModel {
    let items: [NavItemView]
    /// `metrics.html` when the site has a metrics page (its link is also one of `items`); else empty.
    var metricsLink: String = ""

    static let fields = TemplateFields<NavView>([
        .list("items", "The links, the current page marked") { $0.items },
        .flag("hasMetrics", "The site has a metrics page (false unless one is rendered)") { !$0.metricsLink.isEmpty },
        .text("metricsLink", "Its address (`metrics.html`), for templates that place the link themselves") {
            $0.metricsLink
        },
    ])
}

/// What every page of a board has: language, title, navigation, labels, footer.
struct PageFrame {
    let lang: String
    let generator: String
    let title: String
    let asOf: DateView
    let nav: NavView
    let hasHistory: Bool
    let hasMetrics: Bool
    let hasOverview: Bool
    let calendarLink: String
    let subscribeLink: String
    let updated: String
    let commit: String
    let labels: LabelsView
}

extension TemplateField where Model: PageFramed {
    /// The keys every page shares.
    static var frame: [TemplateField<Model>] {
        [
            .text("lang", "The page's language (`en`, `ko`)") { $0.frame.lang },
            .text("generator", "`pm-render VERSION`") { $0.frame.generator },
            .text("title", "The board's title (or the site's, on an overview)") { $0.frame.title },
            .object("asOf", "The day deadlines are judged against") { $0.frame.asOf },
            .object("nav", "The navigation") { $0.frame.nav },
            .flag("hasHistory", "The site has a history page (the board is in git)") { $0.frame.hasHistory },
            .flag("hasMetrics", "The site has a metrics page") { $0.frame.hasMetrics },
            .flag("hasOverview", "The board is part of a site of several boards") { $0.frame.hasOverview },
            .text("calendarLink", "The calendar feed to download (`board.ics`)") { $0.frame.calendarLink },
            .flag("hasSubscribeLink", "The site's URL is known, so calendars can subscribe") {
                !$0.frame.subscribeLink.isEmpty
            },
            .text("subscribeLink", "`webcal://…/board.ics`, to subscribe from a calendar app") {
                $0.frame.subscribeLink
            },
            .flag("hasUpdated", "The board's last commit is known") { !$0.frame.updated.isEmpty },
            .text("updated", "\"Updated Nov 22, 2026 from commit abc1234\"") { $0.frame.updated },
            .text("commit", "The short ID of that commit") { $0.frame.commit },
            .object("labels", "Fixed words in the page's language") { $0.frame.labels },
        ]
    }
}

/// A view model with the shared page keys.
protocol PageFramed: TemplateModel {
    var frame: PageFrame { get }
}

/// `index.html`: the board page.
struct PageView: PageFramed {
    let frame: PageFrame
    let descriptionHTML: HTMLView
    let summary: String
    let cardCount: Int
    let overdueCount: Int
    let dueSoonCount: Int
    let noDueCount: Int
    let lanes: [LaneView]
    let archived: CardViewList
    let problems: [ProblemView]
    let tagOptions: [FilterOptionView]
    let assigneeOptions: [FilterOptionView]
    let stateOptions: [FilterOptionView]
    /// A slug of the board, for keys the page remembers in the browser.
    let boardKey: String

    static let fields = TemplateFields<PageView>(
        TemplateField.frame + [
            .flag("hasDescription", "The board has text before its first lane") { !$0.descriptionHTML.isEmpty },
            .markup("descriptionHTML", "That text as HTML") { $0.descriptionHTML },
            .text("summary", "\"12 cards, 2 overdue\"") { $0.summary },
            .flag("hasCards", "Some lane holds a card (the filter bar is shown)") { $0.cardCount > 0 },
            .number("cardCount", "Cards in lanes (archived excluded)") { $0.cardCount },
            .number("overdueCount", "Overdue cards") { $0.overdueCount },
            .number("dueSoonCount", "Cards due soon") { $0.dueSoonCount },
            .number("noDueCount", "Cards in lanes without a deadline") { $0.noDueCount },
            .list("lanes", "The lanes, in file order") { $0.lanes },
            .list("columns", "The lanes (the name templates before format v2 used)") { $0.lanes },
            .flag("hasArchived", "The board has archived cards") { !$0.archived.isEmpty },
            .number("archivedCount", "How many") { $0.archived.count },
            .list("archived", "The archived cards", of: CardView.self) { $0.archived },
            .list("allCards", "Every card, lanes first then archived", of: CardView.self) {
                CardViewList.joined($0.lanes.map(\.cards) + [$0.archived])
            },
            .flag("hasProblems", "The board has problems (the page is shown anyway)") { !$0.problems.isEmpty },
            .list("problems", "Those problems") { $0.problems },
            .flag("hasTagOptions", "Some card has a tag") { !$0.tagOptions.isEmpty },
            .list("tagOptions", "Every tag with its number of cards and its colour, for the filter and tag styles") {
                $0.tagOptions
            },
            .flag("hasAssigneeOptions", "Some card names a person") { !$0.assigneeOptions.isEmpty },
            .list("assigneeOptions", "Every person with their number of cards, for the filter") {
                $0.assigneeOptions
            },
            .list("stateOptions", "The lane states the board uses (`todo`, `doing`, `done`) with their cards") {
                $0.stateOptions
            },
            .text("boardKey", "A slug of the board, for what the page remembers in the browser") { $0.boardKey },
        ])
}

/// `overdue.html`: overdue and due-soon cards, most overdue first.
struct OverduePageView: PageFramed {
    let frame: PageFrame
    let overdueHeading: String
    let dueSoonHeading: String
    let overdue: CardViewList
    let dueSoon: CardViewList

    static let fields = TemplateFields<OverduePageView>(
        TemplateField.frame + [
            .number("overdueCount", "Overdue cards") { $0.overdue.count },
            .number("dueSoonCount", "Cards due soon") { $0.dueSoon.count },
            .text("overdueHeading", "\"Overdue (2)\"") { $0.overdueHeading },
            .text("dueSoonHeading", "\"Due soon (1)\"") { $0.dueSoonHeading },
            .flag("hasOverdue", "Something is overdue") { !$0.overdue.isEmpty },
            .list("overdue", "Overdue cards, most overdue first", of: CardView.self) { $0.overdue },
            .flag("hasDueSoon", "Something is due soon") { !$0.dueSoon.isEmpty },
            .list("dueSoon", "Cards due soon, soonest first", of: CardView.self) { $0.dueSoon },
        ])
}

extension OverduePageView {
    init(
        frame: PageFrame, overdueHeading: String, dueSoonHeading: String, overdue: [CardView], dueSoon: [CardView]
    ) {
        self.init(
            frame: frame, overdueHeading: overdueHeading, dueSoonHeading: dueSoonHeading,
            overdue: CardViewList(overdue), dueSoon: CardViewList(dueSoon))
    }
}

/// One event of the history page.
struct HistoryEventView: TemplateModel {
    /// `added`, `moved`, `edited`, `renamed`, `archived` or `removed`.
    let kind: String
    let time: String
    let iso: String
    let title: String
    let link: String
    let description: String
    let author: String
    let byline: String
    let commit: String
    let subject: String

    static let fields = TemplateFields<HistoryEventView>([
        .text("kind", "`added`, `moved`, `edited`, `renamed`, `archived` or `removed`") { $0.kind },
        .text("time", "`HH:MM` in the board's time zone") { $0.time },
        .text("iso", "The commit's time, ISO 8601 in UTC") { $0.iso },
        .text("title", "The card's title") { $0.title },
        .flag("hasLink", "The card is still on the board") { !$0.link.isEmpty },
        .text("link", "Its link (`index.html#card-<id>`)") { $0.link },
        .text("description", "What happened: \"Moved from Review to Shipped\"") { $0.description },
        .text("author", "The commit's author") { $0.author },
        .text("byline", "\"by Minji\"") { $0.byline },
        .text("commit", "The commit's short ID") { $0.commit },
        .text("subject", "The commit's subject") { $0.subject },
    ])
}

/// One day of the history page.
struct HistoryDayView: TemplateModel {
    let date: DateView
    let events: [HistoryEventView]

    static let fields = TemplateFields<HistoryDayView>([
        .object("date", "The day") { $0.date },
        .list("events", "What happened that day, newest first") { $0.events },
    ])
}

/// `history.html`: what happened to the cards, newest first, grouped by day.
struct HistoryPageView: PageFramed {
    let frame: PageFrame
    let overdueCount: Int
    let isShallow: Bool
    let shallowNote: String
    let days: [HistoryDayView]

    static let fields = TemplateFields<HistoryPageView>(
        TemplateField.frame + [
            .number("overdueCount", "Overdue cards (for the navigation)") { $0.overdueCount },
            .flag("isShallow", "Only part of the history is available (a shallow clone)") { $0.isShallow },
            .text("shallowNote", "A note saying so") { $0.shallowNote },
            .flag("hasEvents", "Something happened") { !$0.days.isEmpty },
            .list("days", "The days, newest first") { $0.days },
        ])
}

/// One segment of a board's stacked bar on the overview.
struct StateCountView: TemplateModel {
    let state: String
    let name: String
    let count: Int
    /// Width of the segment, `"37.5%"`.
    let width: String

    static let fields = TemplateFields<StateCountView>([
        .text("state", "`todo`, `doing` or `done`") { $0.state },
        .text("name", "That state in the page's language") { $0.name },
        .number("count", "Cards in lanes of that state") { $0.count },
        .text("width", "The segment's share of the bar (`37.5%`)") { $0.width },
    ])
}

/// A board on the overview.
struct OverviewBoardView: TemplateModel {
    let title: String
    let link: String
    let file: String
    let cardCount: String
    let counts: [StateCountView]
    let overdueCount: Int
    let dueSoonCount: Int
    let overdueText: String
    let dueSoonText: String
    let latestChange: DateView?

    static let fields = TemplateFields<OverviewBoardView>([
        .text("title", "The board's title") { $0.title },
        .text("link", "`SLUG/index.html`") { $0.link },
        .text("file", "The board's file, relative to the folder the boards have in common") { $0.file },
        .text("cardCount", "\"12 cards\"") { $0.cardCount },
        .list("counts", "Cards per state, for a stacked bar") { $0.counts },
        .number("overdueCount", "Overdue cards") { $0.overdueCount },
        .number("dueSoonCount", "Cards due soon") { $0.dueSoonCount },
        .flag("hasOverdue", "Something is overdue") { $0.overdueCount > 0 },
        .flag("hasDueSoon", "Something is due soon") { $0.dueSoonCount > 0 },
        .text("overdueText", "\"2 overdue\"") { $0.overdueText },
        .text("dueSoonText", "\"1 due soon\"") { $0.dueSoonText },
        .flag("hasLatestChange", "The board's last commit is known") { $0.latestChange != nil },
        .object("latestChange", "Its day") { $0.latestChange ?? .empty },
    ])
}

/// `index.html` of a site of several boards.
struct OverviewPageView: PageFramed {
    let frame: PageFrame
    let summary: String
    let overdueCount: Int
    /// Most overdue first.
    let boards: [OverviewBoardView]
    let failed: [String]

    static let fields = TemplateFields<OverviewPageView>(
        TemplateField.frame + [
            .text("summary", "\"3 boards, 40 cards, 2 overdue\"") { $0.summary },
            .number("overdueCount", "Overdue cards of every board") { $0.overdueCount },
            .list("boards", "The boards, most overdue first") { $0.boards },
            .flag("hasFailed", "Some boards could not be read") { !$0.failed.isEmpty },
            .textList("failed", "Their files, relative to the folder the boards have in common") { $0.failed },
        ])
}
