/// The team's process rules, from the front matter. Rules name lanes or states (`TODO`, `DOING`, `DONE`);
/// a name is resolved against the board's lanes first, so a lane called `Review` and the state `DOING`
/// can both be named.
public struct BoardRules: Hashable, Sendable {
    /// Where new cards may appear; nil: in todo lanes.
    public var newCards: [RuleName]?
    /// For each lane or state, where its cards may move; nil: anywhere.
    public var transitions: [RuleName: [RuleName]]?
    /// WIP limits by lane (that lane's cards) or state (the cards of all its lanes).
    public var wip: [RuleName: Int]
    /// The `lanes:` map: a state (and WIP limit) for lanes by name.
    public var lanes: [RuleName: LaneSetting]
    /// Where each rule was written (`new-cards`, `transitions`, `wip`, `lanes`), for diagnostics that cite it.
    public var locations: [String: SourceLocation]

    public init(
        newCards: [RuleName]? = nil, transitions: [RuleName: [RuleName]]? = nil, wip: [RuleName: Int] = [:],
        lanes: [RuleName: LaneSetting] = [:], locations: [String: SourceLocation] = [:]
    ) {
        self.newCards = newCards
        self.transitions = transitions
        self.wip = wip
        self.lanes = lanes
        self.locations = locations
    }

    /// Whether a rule names `lane` by its name (not by its state).
    public func namesLane(_ lane: Lane) -> Bool {
        let named =
            (newCards ?? []) + (transitions ?? [:]).flatMap { [$0.key] + $0.value } + Array(wip.keys)
            + Array(lanes.keys)
        return named.contains { $0.isLaneName && $0.matchesName(of: lane) }
    }

    /// Whether a card may move from one lane to another. The rule for the lane the card leaves is the one naming
    /// that lane, else the one naming its state. Without a rule for it, a card may only move between lanes of the
    /// same state; with one, it may move to what the rule names, and between lanes of its state unless the rule
    /// names lanes.
    public func allows(moveFrom from: Lane, to: Lane) -> Bool {
        guard transitions != nil, LaneName.key(from.name) != LaneName.key(to.name) else { return true }
        guard let targets = allowedTargets(from: from) else { return from.state == to.state }
        if targets.contains(where: { $0.matches(to) }) { return true }
        return from.state == to.state && !targets.contains(where: \.isLaneName)
    }

    /// Whether a new card may appear in `lane`: by default a todo lane's, not one of notes after a doing lane (which
    /// is todo only for standing outside the flow) nor a lane of notes (`Lane.holdsNotes`). A lane read from a table
    /// is one too: a new row in `## To Do` is a new card there.
    public func allowsNewCard(in lane: Lane) -> Bool {
        guard let newCards else {
            return lane.state == .todo && lane.stateSource != .afterDoing && !lane.holdsNotes
        }
        return newCards.contains { $0.matches(lane) }
    }

    /// The names of the lanes new cards may start in on `board`, as the rule is written or as the default gives them.
    public func newCardLaneNames(on board: Board) -> [String] {
        newCards.map { $0.map(\.text) } ?? board.lanes.filter { allowsNewCard(in: $0) }.map(\.name)
    }

    /// The rule for cards leaving `lane`: the names they may go to; nil when no rule mentions the lane or its state.
    public func allowedTargets(from lane: Lane) -> [RuleName]? {
        guard let transitions else { return nil }
        if let rule = transitions.first(where: { $0.key.matchesName(of: lane) }) { return rule.value }
        return transitions.first { $0.key.isLaneName == false && $0.key.state == lane.state }?.value
    }
}

extension BoardRules {
    /// The rules without where they were written (which moves when lines are added above).
    var withoutLocations: BoardRules {
        var rules = self
        rules.locations = [:]
        for name in rules.lanes.keys { rules.lanes[name]?.location = nil }
        return rules
    }
}

/// A lane or state named in a rule, as written.
public struct RuleName: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    /// Where it was written.
    public var location: SourceLocation?

    public init(_ text: String, at location: SourceLocation? = nil) {
        self.text = text
        self.location = location
    }

    public var description: String { text }

    /// The state it names, when it is `TODO`, `DOING` or `DONE` (any case).
    public var state: CardState? { CardState(canonicalName: text) }

    /// Whether it names a lane rather than a state (`Review`).
    public var isLaneName: Bool { state == nil }

    /// Whether `lane` is this lane by name.
    public func matchesName(of lane: Lane) -> Bool { LaneName.names(lane.name, text) }

    /// Whether `lane` is named, or is in the named state.
    public func matches(_ lane: Lane) -> Bool { matchesName(of: lane) || state == lane.state }

    public static func == (lhs: RuleName, rhs: RuleName) -> Bool { LaneName.key(lhs.text) == LaneName.key(rhs.text) }
    public func hash(into hasher: inout Hasher) { hasher.combine(LaneName.key(text)) }
}

/// A lane's entry in the front matter's `lanes:` map.
public struct LaneSetting: Hashable, Sendable {
    public var state: CardState?
    public var wip: Int?
    public var location: SourceLocation?
    /// Written by another tool for its own columns (kanbn's `startedColumns`), which this board may not have.
    public var isForeign: Bool

    public init(state: CardState? = nil, wip: Int? = nil, location: SourceLocation? = nil, isForeign: Bool = false) {
        self.state = state
        self.wip = wip
        self.location = location
        self.isForeign = isForeign
    }
}
