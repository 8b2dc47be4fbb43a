/// One lane (column) of a board: a heading and the cards under it.
public struct Lane: Hashable, Sendable {
    /// The name as plain text (markup dropped), without a trailing WIP limit `(N)`: what rules and messages use.
    public var name: String
    /// The heading's text exactly as written (Markdown source), without a trailing WIP limit.
    public var heading: String
    /// The name's inline Markdown (links, emphasis), for pages.
    public var nameMarkup: Markdown
    /// The state rules, reports and history reason about.
    public var state: CardState
    /// Which rule gave the lane its state.
    public var stateSource: LaneStateSource
    /// The WIP limit, from the heading's `(N)` or the front matter.
    public var wipLimit: Int?
    /// Where the WIP limit was set, for diagnostics.
    public var wipLimitLocation: SourceLocation?
    /// Content under the heading before its first card (shown under the lane's name).
    public var description: Markdown
    /// The description's Markdown source, as written.
    public var descriptionSource: String = ""
    public var cards: [Card]
    /// `###` labels that group the lane's list cards.
    public var groups: [CardGroup]
    /// Where the heading is.
    public var location: SourceLocation
    /// The heading's level (2 for `##`).
    public var headingLevel: Int
    /// The last line of the lane (before the next lane or the archive), blank lines excluded.
    public var endLine: Int
    /// The line of the item that says the lane is empty (`- _(empty)_`), read as the lane's text: the first card
    /// added takes its place.
    public var placeholderLine: Int?
    /// A lane of notes (`## Legend` over plain items on a board of task items): it holds text, and new cards do not
    /// start in it.
    public var holdsNotes = false
    /// The lane's cards are a table's rows, or the lane is a table's column (`| Backlog | Doing | Done |`):
    /// pm-render reads such cards but does not write them.
    public var isTable = false
    /// The lane is a status of a table that is the board (`| Task | Status |`, a lane a status): its cards are the
    /// rows with that status, and a status no row has yet may be written.
    public var isStatus = false
    /// The lane is a column of a table whose columns are the board's lanes (`| Backlog | Doing | Done |`): its cards
    /// are the column's cells.
    public var isColumn = false
    /// The lane is a column of a Mermaid kanban diagram: pm-render reads its cards but does not write them.
    public var isDiagram = false

    public init(
        name: String, heading: String? = nil, nameMarkup: Markdown = Markdown(), state: CardState,
        stateSource: LaneStateSource = .name,
        wipLimit: Int? = nil, wipLimitLocation: SourceLocation? = nil, description: Markdown = Markdown(),
        cards: [Card] = [], groups: [CardGroup] = [], location: SourceLocation, headingLevel: Int = 2,
        endLine: Int? = nil
    ) {
        self.name = name
        self.heading = heading ?? name
        self.nameMarkup = nameMarkup
        self.state = state
        self.stateSource = stateSource
        self.wipLimit = wipLimit
        self.wipLimitLocation = wipLimitLocation
        self.description = description
        self.cards = cards
        self.groups = groups
        self.location = location
        self.headingLevel = headingLevel
        self.endLine = endLine ?? location.line
    }

    /// Whether the lane holds more cards than its WIP limit allows.
    public var isOverLimit: Bool {
        guard let wipLimit else { return false }
        return cards.count > wipLimit
    }
}

/// Which rule gave a lane its state (`check --verbose` and the JSON export show it).
public enum LaneStateSource: String, Hashable, Sendable {
    /// Front matter `lanes:`.
    case frontMatter = "front-matter"
    /// Obsidian's `**Complete**` marker under the heading.
    case completeMarker = "complete-marker"
    /// The lane's name is a known name of the state.
    case name
    /// The state of the nearest lane above it.
    case previousLane = "previous-lane"
    /// A lane after a done lane is todo: later work, parking lots and notes stand there (Obsidian Kanban, too, counts
    /// only lanes marked **Complete** as complete).
    case afterDone = "after-done"
    /// A lane after a doing lane is todo when a todo lane is the next of a known state, or none is and a done lane
    /// came before: there it stands outside the flow from doing to done (notes, decisions, later phases).
    case afterDoing = "after-doing"
    /// The first lanes, before any known one, are todo.
    case firstLanes = "first-lanes"
    /// A status of the board's table that names no state (`Sprint 1`) is doing, whatever statuses the other rows have.
    case tableStatus = "table-status"
}

/// A `###` label grouping a lane's list cards.
public struct CardGroup: Hashable, Sendable {
    public var name: String
    /// The index in the lane's cards of the group's first card; for a label with no card under it, of the card after
    /// it (the lane's card count at its end).
    public var firstCard: Int
    public var location: SourceLocation
    /// A `###` heading, rather than a line of text (`**Backend:**`) over the cards.
    public var isHeading = true

    /// The level given to a label that is a line of text: below every heading, so that any heading ends its group.
    static let paragraphLevel = 7
}
