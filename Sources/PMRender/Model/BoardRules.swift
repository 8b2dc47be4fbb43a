/// The team's process rules, from the front matter (`new-cards`, `transitions`, `wip`).
public struct BoardRules: Hashable, Sendable {
    /// States a new card may appear in. Default: TODO only.
    public var newCardStates: Set<CardState>
    /// For each state, the states a card may move to. Default: every move.
    public var transitions: [CardState: Set<CardState>]
    /// WIP limits from the front matter (`wip:`), merged into the columns by the parser.
    public var wipLimits: [CardState: Int]
    /// Where each rule was written, for diagnostics that cite it.
    public var locations: [String: SourceLocation]

    public init(newCardStates: Set<CardState> = [.todo],
                transitions: [CardState: Set<CardState>] = BoardRules.allMoves,
                wipLimits: [CardState: Int] = [:],
                locations: [String: SourceLocation] = [:]) {
        self.newCardStates = newCardStates
        self.transitions = transitions
        self.wipLimits = wipLimits
        self.locations = locations
    }

    /// Every move between two different states.
    public static let allMoves: [CardState: Set<CardState>] = Dictionary(
        uniqueKeysWithValues: CardState.allCases.map { from in (from, Set(CardState.allCases.filter { $0 != from })) }
    )

    public func allows(move from: CardState, to: CardState) -> Bool {
        from == to || transitions[from, default: []].contains(to)
    }
}
