import Foundation

/// One card of a board.
///
/// A value type whose fields live in one shared, immutable box: a board of 100,000 cards is copied, filtered and
/// compared version after version (history, metrics), and copying a card is then one reference count, not one per
/// field. Fields are read and written as properties (`card.title`, `card.due = …`); writing one makes a new box.
/// Where the card is in its file is kept beside the box: a line added above a card moves it without a new box.
@dynamicMemberLookup
public struct Card: Hashable, Sendable {
    /// How the card is written in the file.
    public enum Style: String, Hashable, Sendable {
        /// A list item (`- [ ] Title @{2026-12-01} #tag`), as Obsidian Kanban writes.
        case listItem
        /// A `###` heading followed by `Due:`/`Tags:` lines and a description.
        case heading
        /// A row of a table in a lane (`| T02 | Semantic HTML | Ann |`). Read, never edited.
        case tableRow
        /// A block of YAML between two `---` lines in a lane (`title: Fix login`, `status: backlog`). Read, never
        /// edited.
        case yamlBlock
        /// An item of a Mermaid kanban diagram (`id4[Create parsing tests]@{ assigned: 'knsv' }`). Read, never edited.
        case mermaidItem
    }

    /// Everything a card holds.
    public struct Fields: Hashable, Sendable {
        /// The card's identity: its explicit ID if it has one, else the slug of its title; unique on the board
        /// (`-2`, `-3` in file order for repeated titles).
        public var id: String
        /// The ID written in the card (`ID:`, `^id`, `🆔 id`), if any.
        public var explicitID: String?
        /// The title as displayed: plain text, tokens removed.
        public var title: String
        /// The title's inline Markdown (links, emphasis, wikilinks), tokens removed.
        public var titleMarkup: Markdown
        /// The description: everything after the title line, metadata lines removed.
        public var description: Markdown
        /// The description's Markdown source, de-indented, with LF line endings.
        public var descriptionSource: String
        /// The name of the lane the card is in (the archive's name for archived cards).
        public var lane: String
        /// The state of its lane. Archived cards count as done.
        public var state: CardState
        /// Whether the card's task box is checked (`- [x]`).
        public var isChecked: Bool
        public var due: Deadline?
        /// Tasks-plugin and Dataview dates besides the deadline.
        public var dates: CardDates
        /// What the card says that pm-render shows but does not act on (recurrence, dependencies, other fields).
        public var extras: CardExtras
        public var tags: [String]
        public var priority: Priority?
        public var assignees: [String]
        /// Task items inside the card (and VS Code Kanban `steps`).
        public var subtasks: [Subtask]
        /// The `###` group label the card stands under, if any.
        public var group: String?
        public var style: Style
        /// Whether the card is in the archive (not in any lane).
        public var isArchived: Bool
        /// How many lines the title takes in the file: more than one when it was hard-wrapped.
        public var titleLines: Int
        /// The identity before repeated titles were numbered (the explicit ID, else the title's slug).
        var baseID: String
    }

    private final class Box: Sendable {
        let fields: Fields
        /// `fields.baseID` hashed once, for finding repeated titles in every version of a long history cheaply. Titles
        /// that differ only in their Unicode form (`Résumé` composed and decomposed), which Swift compares as equal,
        /// hash the same: they are repeated titles, numbered as such.
        let baseIDHash: UInt64

        init(_ fields: Fields) {
            self.fields = fields
            let id = fields.baseID
            baseIDHash = FNV1a.hash(id.utf8.allSatisfy { $0 < 0x80 } ? id : id.precomposedStringWithCanonicalMapping)
        }
    }

    private var box: Box
    /// The identity of the card's fields: two cards with the same one hold the same fields (a card read again from
    /// an unchanged piece of the next version keeps its box).
    var storageIdentity: ObjectIdentifier { ObjectIdentifier(box) }
    /// Where the card starts (its list marker or `###`).
    public var location: SourceLocation
    /// The last line of the card's source, blank lines excluded.
    public var endLine: Int
    /// Where the deadline was written, for diagnostics about it.
    public var dueLocation: SourceLocation?

    public init(
        id: String, explicitID: String? = nil, title: String, titleMarkup: Markdown = Markdown(),
        description: Markdown = Markdown(), descriptionSource: String = "", lane: String = "", state: CardState,
        isChecked: Bool = false, due: Deadline? = nil, dates: CardDates = CardDates(),
        extras: CardExtras = CardExtras(), tags: [String] = [],
        priority: Priority? = nil, assignees: [String] = [], subtasks: [Subtask] = [], group: String? = nil,
        style: Style = .listItem, isArchived: Bool = false, titleLines: Int = 1, location: SourceLocation,
        endLine: Int? = nil, dueLocation: SourceLocation? = nil
    ) {
        box = Box(
            Fields(
                id: id, explicitID: explicitID, title: title, titleMarkup: titleMarkup, description: description,
                descriptionSource: descriptionSource, lane: lane, state: state, isChecked: isChecked, due: due,
                dates: dates, extras: extras, tags: tags, priority: priority, assignees: assignees, subtasks: subtasks,
                group: group, style: style, isArchived: isArchived, titleLines: titleLines, baseID: id))
        self.location = location
        self.endLine = endLine ?? location.line
        self.dueLocation = dueLocation
    }

    /// A field of the card.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: field] }
        set {
            var fields = box.fields
            fields[keyPath: field] = newValue
            box = Box(fields)
        }
    }

    /// All fields at once, for changing several with one copy.
    public var fields: Fields {
        get { box.fields }
        set { box = Box(newValue) }
    }

    public static func == (lhs: Card, rhs: Card) -> Bool {
        lhs.location == rhs.location && lhs.endLine == rhs.endLine && lhs.dueLocation == rhs.dueLocation
            && (lhs.box === rhs.box || lhs.box.fields == rhs.box.fields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
        hasher.combine(location)
    }

    /// The same card `delta` lines further down its file.
    public func moved(by delta: Int) -> Card {
        var card = self
        card.location.line += delta
        card.endLine += delta
        card.dueLocation?.line += delta
        return card
    }

    /// A hash of `baseID` (`FNV1a`).
    var baseIDHash: UInt64 { box.baseIDHash }
    /// Whether the identity is the base identity (its title was not numbered).
    var hasBaseID: Bool { box.fields.id == box.fields.baseID }

    /// Whether the card is in lane `lane`, whose state is `state` (read without copying a field).
    func isIn(lane: String, _ state: CardState) -> Bool { box.fields.state == state && box.fields.lane == lane }

    /// Whether the card stands under group label `group` (read without copying a field).
    func isIn(group: String?) -> Bool { box.fields.group == group }
    /// Whether the card has a title or an ID: a card without either is not a card.
    var isNamed: Bool { !box.fields.title.isEmpty || box.fields.explicitID != nil }

    /// Whether the ID was written in the file rather than derived from the title.
    public var hasExplicitID: Bool { box.fields.explicitID != nil }

    /// Whether the card's work is finished, for its deadline: it stands in a done lane, or its own box is ticked, or
    /// it carries a completion date (the Tasks plugin's `✅ 2026-10-30`), wherever it stands (a ticked task in a
    /// checklist's `## Week 1`). Finished cards are never overdue or due soon and get no calendar event.
    public var isFinished: Bool {
        box.fields.state == .done || box.fields.isChecked || box.fields.dates.completed != nil
    }

    /// Done subtasks and all subtasks.
    public var subtaskProgress: (done: Int, total: Int) {
        (box.fields.subtasks.filter(\.isDone).count, box.fields.subtasks.count)
    }
}

/// Dates a card carries besides its deadline (Tasks plugin emoji, Dataview fields).
public struct CardDates: Hashable, Sendable {
    /// ⏳ scheduled
    public var scheduled: CalendarDate?
    /// 🛫 start
    public var start: CalendarDate?
    /// ➕ created
    public var created: CalendarDate?
    /// ✅ done
    public var completed: CalendarDate?

    public init(
        scheduled: CalendarDate? = nil, start: CalendarDate? = nil, created: CalendarDate? = nil,
        completed: CalendarDate? = nil
    ) {
        self.scheduled = scheduled
        self.start = start
        self.created = created
        self.completed = completed
    }
}

/// What a card says that pm-render shows on its page but does not act on: the Tasks plugin's recurrence
/// (`🔁 every week`) and dependencies (`⛔ abc1`), and Dataview fields of other names (`[project:: Apollo]`) taken out
/// of its title. Without this they would be written in the board and shown nowhere.
public struct CardExtras: Hashable, Sendable {
    /// A Dataview field: its key and value as written.
    public struct Field: Hashable, Sendable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The rule after `🔁` (`every week on Monday`), as written.
    public var recurrence: String?
    /// The IDs after `⛔`: the tasks this one waits for.
    public var dependsOn: [String]
    /// Dataview fields of other names, in the order written.
    public var fields: [Field]

    public init(recurrence: String? = nil, dependsOn: [String] = [], fields: [Field] = []) {
        self.recurrence = recurrence
        self.dependsOn = dependsOn
        self.fields = fields
    }

    public var isEmpty: Bool { recurrence == nil && dependsOn.isEmpty && fields.isEmpty }
}

/// A card's priority, as the Tasks plugin ranks it.
public enum Priority: Int, Hashable, Sendable, CaseIterable, Comparable {
    case lowest = 0
    case low, normal, medium, high, highest

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `highest`, `high`, …
    public var name: String {
        switch self {
        case .lowest: return "lowest"
        case .low: return "low"
        case .normal: return "normal"
        case .medium: return "medium"
        case .high: return "high"
        case .highest: return "highest"
        }
    }
}

/// A task item inside a card.
public struct Subtask: Hashable, Sendable {
    public var title: String
    public var isDone: Bool
}
