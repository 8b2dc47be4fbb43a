/// One of the board's three columns.
public struct Column: Hashable, Sendable {
    public var state: CardState
    /// The heading as written (`## In Progress (3)`), or nil when the section is missing.
    public var heading: String?
    /// The WIP limit from the heading's ` (N)` suffix or the front matter's `wip` rule.
    public var wipLimit: Int?
    /// Where the WIP limit was set, for diagnostics.
    public var wipLimitLocation: SourceLocation?
    public var cards: [Card]
    /// Where the section heading is; nil for a missing section (an empty column).
    public var location: SourceLocation?

    public init(state: CardState, heading: String? = nil, wipLimit: Int? = nil,
                wipLimitLocation: SourceLocation? = nil, cards: [Card] = [], location: SourceLocation? = nil) {
        self.state = state
        self.heading = heading
        self.wipLimit = wipLimit
        self.wipLimitLocation = wipLimitLocation
        self.cards = cards
        self.location = location
    }

    /// Whether the column holds more cards than its WIP limit allows.
    public var isOverLimit: Bool {
        guard let wipLimit else { return false }
        return cards.count > wipLimit
    }
}
