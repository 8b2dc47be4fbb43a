/// Finds the card a command names: its ID, its title, or the start of either, ignoring case. An exact ID wins over
/// a title, an exact title over a prefix; a name that fits several cards is refused with the candidates listed.
public enum CardLookup {
    /// Where a card is on a board.
    public struct Position: Hashable, Sendable {
        public var lane: Int
        public var index: Int
    }

    public enum Result: Equatable {
        case found(Position)
        case none
        case ambiguous([Position])
    }

    public static func find(_ query: String, on board: Board) -> Result {
        var all: [(Position, Card)] = []
        for (laneIndex, lane) in board.lanes.enumerated() {
            for (index, card) in lane.cards.enumerated() { all.append((Position(lane: laneIndex, index: index), card)) }
        }
        return find(query, among: all)
    }

    /// The card of `cards` that `query` names; a title copied as the file writes it (`**Ship** the [app](…)`) names
    /// the card whose title reads so.
    private static func find(_ query: String, among cards: [(Position, Card)]) -> Result {
        let found = find(key: fold(query), among: cards)
        guard found == .none else { return found }
        let plain = fold(MarkdownParser.inline(query).inlineText)
        return plain == fold(query) ? found : find(key: plain, among: cards)
    }

    private static func find(key: String, among all: [(Position, Card)]) -> Result {
        guard !key.isEmpty else { return .none }
        let tiers: [((Card) -> Bool)] = [
            { fold($0.id) == key },
            { fold($0.title) == key },
            { fold($0.id).hasPrefix(key) || fold($0.title).hasPrefix(key) },
        ]
        for matches in tiers {
            let found = all.filter { matches($0.1) }.map(\.0)
            if found.count == 1 { return .found(found[0]) }
            if found.count > 1 { return .ambiguous(found) }
        }
        return .none
    }

    /// The card named by `query`, or the failure to report (exit 2).
    static func resolve(_ query: String, on board: Board) throws(EditFailure) -> Position {
        switch find(query, on: board) {
        case .found(let position):
            return position
        case .none:
            // A card archived is not on the board's lanes, which the editing commands change: said where it is.
            let archived = board.archive.enumerated().map { (Position(lane: -1, index: $0.offset), $0.element) }
            if case .found(let position) = find(query, among: archived) {
                let card = board.archive[position.index]
                throw EditFailure(.usage, .cardInArchive(card.title), file: board.sourceFile, at: card.location)
            }
            throw EditFailure(.usage, .noSuchCard(query), file: board.sourceFile)
        case .ambiguous(let positions):
            let cards = positions.map { board.lanes[$0.lane].cards[$0.index] }
            let candidates = cards.prefix(10).map { "'\($0.id)'" } + (cards.count > 10 ? ["…"] : [])
            let notes = cards.map {
                Diagnostic.Note(
                    file: board.sourceFile, location: $0.location, message: "'\($0.id)': \($0.title) (in \($0.lane))")
            }
            throw EditFailure(
                .usage, .ambiguousCard(query, candidates: Array(candidates)), file: board.sourceFile, notes: notes)
        }
    }

    /// A lane by name (as rules compare names), then by state (`DONE`: the first done lane), then by the start of
    /// its name.
    static func lane(_ name: String, on board: Board) throws(EditFailure) -> Int {
        // Two lanes that compare the same (`[[Done]]` and `Done ✔️`) are told apart by their names as written. (Lanes
        // written the same, which no name tells apart, are named by the first of them, as by its name as written.)
        let key = LaneName.key(name)
        let same = board.lanes.indices.filter { LaneName.key(board.lanes[$0].name) == key }
        if Set(same.map { board.lanes[$0].name }).count > 1, !board.lanes.contains(where: { $0.name == name }) {
            throw EditFailure(
                .usage, .ambiguousLane(name, candidates: same.map { board.lanes[$0].name }), file: board.sourceFile)
        }
        if let index = board.laneIndex(named: name) { return index }
        // The lane's heading as written, with its WIP limit (`In Progress (3)`, `Doing [WIP: 2]`): its own limit,
        // not another (a stale one, or one meant to set it). On a board without limits, a number after a lane's name
        // may be its count of cards, which some boards write after every lane's name.
        if let heading = LaneHeading(written: name), heading.name != name,
            let index = board.laneIndex(named: heading.name),
            heading.limit == board.lanes[index].wipLimit
                || heading.bareNumber != nil && board.lanes.allSatisfy({ $0.wipLimit == nil })
        {
            return index
        }
        if let state = CardState(canonicalName: name), let index = board.firstLaneIndex(in: state) {
            return index
        }
        let folded = fold(name)
        let matches = board.lanes.indices.filter { !folded.isEmpty && fold(board.lanes[$0].name).hasPrefix(folded) }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw EditFailure(
                .usage, .ambiguousLane(name, candidates: matches.map { board.lanes[$0].name }), file: board.sourceFile)
        }
        throw EditFailure(.usage, .noSuchLane(name, lanes: board.lanes.map(\.name)), file: board.sourceFile)
    }

    /// Case-insensitive comparison key: lowercased, whitespace runs collapsed.
    static func fold(_ text: String) -> String {
        TextCleaning.collapseWhitespace(text).lowercased()
    }
}
