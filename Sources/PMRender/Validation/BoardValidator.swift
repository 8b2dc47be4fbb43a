/// Checks that need the whole board: WIP limits, repeated IDs, and rules that name lanes the board does not have.
public enum BoardValidator {
    public static func validate(_ board: Board) -> [Diagnostic] {
        let file = board.sourceFile
        var diagnostics: [Diagnostic] = []

        // An ID written twice: the second card got `-2` (see BoardReader); say so, pointing at the first. The cards
        // are read lane by lane, in place (`board.cards` would copy them all into a new array).
        var firstByID: [String: Card] = [:]
        for lane in board.lanes {
            for card in lane.cards where card.id == card.explicitID {
                firstByID[card.id] = firstByID[card.id] ?? card
            }
        }
        for lane in board.lanes {
            for card in lane.cards {
                guard let explicit = card.explicitID, card.id != explicit else { continue }
                let note = firstByID[explicit].map {
                    [Diagnostic.Note(file: file, location: $0.location, message: Problem.firstCardWithID.message)]
                }
                diagnostics.append(
                    Diagnostic(
                        .duplicateCardID(id: explicit, title: card.title, renamed: card.id), file: file,
                        at: card.location, notes: note ?? []))
            }
        }

        for lane in board.lanes {
            guard let limit = lane.wipLimit, lane.cards.count > limit else { continue }
            diagnostics.append(
                Diagnostic(
                    .overWIPLimit(lane: lane.name, count: lane.cards.count, limit: limit), file: file,
                    at: lane.wipLimitLocation ?? lane.location))
        }
        // A limit for a state counts the cards of all its lanes.
        for over in board.statesOverLimit {
            diagnostics.append(
                Diagnostic(
                    .overStateWIPLimit(state: over.state, count: over.count, limit: over.limit), file: file,
                    at: over.location))
        }

        diagnostics += unknownNames(in: board)
        return diagnostics
    }

    /// Whether a rule's name is a status the board's table may be given though no row has it yet: a name that says a
    /// state, on a board kept as a table of statuses (`wip: {Blocked: 2}`, `transitions` into `Review`).
    static func namesStatusToBe(_ name: String, on board: Board) -> Bool {
        guard board.lanes.contains(where: \.isStatus), case .state = LaneStates.meaning(of: name) else { return false }
        return true
    }

    /// Rule names that are neither a lane of the board nor a state (nor a status to be: `namesStatusToBe`).
    static func unknownNames(in board: Board) -> [Diagnostic] {
        let rules = board.rules
        var named: [(String, RuleName)] = []
        named += (rules.newCards ?? []).map { ("new-cards", $0) }
        for (from, targets) in rules.transitions ?? [:] {
            named.append(("transitions", from))
            named += targets.map { ("transitions", $0) }
        }
        named += rules.wip.keys.map { ("wip", $0) }
        named += rules.lanes.filter { !$0.value.isForeign }.keys.map { ("lanes", $0) }
        let lanes = board.lanes.map(\.name)
        return named.filter {
            $0.1.state == nil && board.lane(named: $0.1.text) == nil && !namesStatusToBe($0.1.text, on: board)
        }
        .sorted {
            ($0.1.location ?? SourceLocation(line: 0, column: 0))
                < ($1.1.location ?? SourceLocation(line: 0, column: 0))
        }
        .map { key, name in
            Diagnostic(
                .unknownLaneInRule(key: key, name: name.text, lanes: lanes), file: board.sourceFile,
                at: name.location ?? rules.locations[key])
        }
    }
}

/// Reads a board file, parses and checks it: what every command starts from.
public enum BoardFile {
    /// The board at `path` with its reading problems and the board-wide checks. The file is only read.
    public static func load(path: String) async throws(BoardLoadError) -> ParseResult {
        check(await BoardParser.parseConcurrently(try BoardLoader.readBytes(path: path), file: path))
    }

    /// A parsed board with the board-wide checks added.
    public static func check(_ result: ParseResult) -> ParseResult {
        guard result.isReadable else { return result }
        var checked = result
        checked.diagnostics = (result.diagnostics + BoardValidator.validate(result.board)).sortedByLocation()
        return checked
    }
}

extension BoardLoadError {
    /// The diagnostic that the board cannot be opened (`unreadable-board`): a problem of the environment, which the
    /// commands report with the boards' diagnostics, in the format asked for, and exit 2.
    public var diagnostic: Diagnostic { Diagnostic(.unreadableBoard(reason), file: path, at: nil) }
}
