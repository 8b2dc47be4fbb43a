/// Plans an edit of a board file: finds the card and the lane, checks the team's rules, computes the change as
/// replacements of whole lines of the original bytes, and reads the result back to make sure the board reads the
/// same way apart from the change. Nothing is written here (see `BoardFileWriter`).
public enum BoardEditor {
    /// The edit `request` makes to the board whose bytes are `bytes`.
    /// - Parameter file: the board's path, for diagnostics.
    /// - Throws: `EditFailure` when the card or lane is unknown, a rule forbids the edit (without `force`), the
    ///   board has errors, or the result would not read the same way.
    public static func plan(_ request: EditRequest, bytes: [UInt8], file: String) throws(EditFailure) -> EditPlan {
        let parsed = BoardFile.check(BoardParser.parse(bytes, file: file))
        guard parsed.isReadable else { throw EditFailure(.refused, parsed.diagnostics) }
        var diagnostics: [Diagnostic] = []
        let errors = parsed.diagnostics.filter(\.isError)
        if !errors.isEmpty {
            guard request.force else {
                throw EditFailure(.refused, errors + [Diagnostic(.boardHasErrors, file: file, at: nil)])
            }
            diagnostics += errors.map(\.asWarning)
        }
        let text = EditableText(bytes)
        // The card is written as the board writes cards; a description's first line that would then read as part of
        // the title (after a long title line, one that starts in lower case) is parted from it by a blank line.
        var firstFailure: EditFailure?
        for partsDescription in [false, true] {
            var editor = Editor(board: parsed.board, text: text, request: request)
            editor.partsDescription = partsDescription
            let change = try editor.make()
            guard let expectation = change.expectation else {
                return EditPlan(
                    original: bytes, result: bytes, card: change.card, summary: change.summary,
                    diagnostics: diagnostics + editor.warnings + change.notes)
            }
            let result = text.applying(change.edits, lineEnding: editor.conventions.lineEnding).bytes
            let verified: EditVerifier.Verified
            do throws(EditFailure) {
                verified = try EditVerifier.verify(old: parsed, newBytes: result, file: file, expectation: expectation)
            } catch {
                // Parted, the line is still read so (or the card does not read back): the first reason is the true one.
                guard error.titleRunsOn || firstFailure != nil else { throw error }
                if let firstFailure { throw firstFailure }
                firstFailure = error
                continue
            }
            return EditPlan(
                original: bytes, result: result, card: change.keepsOldCard ? change.card : verified.card ?? change.card,
                summary: change.summary, diagnostics: diagnostics + editor.warnings + change.notes + verified.notes)
        }
        throw firstFailure ?? EditFailure(.refused, .editChangesBoard("the card would not be found"), file: file)
    }
}

/// The work of one edit.
struct Editor {
    let board: Board
    let text: EditableText
    let request: EditRequest
    let conventions: BoardConventions
    let phrases: Phrases
    /// The board's text as the reader reads it, for its tables' cells (nil: not UTF-8, so no table is edited).
    let sourceText: SourceText?
    var warnings: [Diagnostic] = []
    /// Write a blank line between the card's title and the line after it (`CardBlock.partFromTitle`), which would
    /// otherwise be read as part of the title.
    var partsDescription = false

    var file: String { board.sourceFile }

    /// "Now": `--today`/`--now`, else the current time in the board's time zone.
    var clock: DeadlineClock { request.clock ?? DeadlineClock.current(in: board.timezone) }

    init(board: Board, text: EditableText, request: EditRequest) {
        self.board = board
        self.text = text
        self.request = request
        conventions = BoardConventions(board: board, text: text)
        phrases = Phrases(board.locale)
        sourceText = try? SourceText(decoding: text.bytes)
    }

    /// An edit worked out: the line edits and what the board must read like afterwards (nil: nothing to do).
    struct Change {
        var edits: [LineEdit] = []
        var expectation: Expectation?
        var summary: String
        /// The card as it was (nothing to do, or removed), or a placeholder replaced by the verified card.
        var card: Card
        var keepsOldCard = false
        var notes: [Diagnostic] = []
    }

    mutating func make() throws(EditFailure) -> Change {
        if board.style.dialect == .kanbn {
            // kanbn's index lists tasks as links to their files, which hold the name, dates, tags and assignees: a
            // card is moved, finished or removed here, but made or changed with kanbn.
            switch request.action {
            case .add:
                throw EditFailure(
                    .refused, .editNotPossible("kanbn keeps each task in its own file: add it with 'kanbn add'"),
                    file: file)
            case .edit:
                throw EditFailure(
                    .refused,
                    .editNotPossible(
                        "kanbn keeps a task's name, dates, tags and assignees in its file: use 'kanbn edit'"),
                    file: file)
            case .archive:
                // kanbn reads every `##` section of its index as a column holding a list: a rule would break it.
                throw EditFailure(
                    .refused,
                    .editNotPossible("kanbn archives a task by moving its file: use 'kanbn archive'"), file: file)
            default:
                break
            }
        }
        if board.style.dialect == .taskell {
            // Taskell reads a card's name, `@ date`, `> description` and `* subtask` lines, and no other: a board
            // holding an `Assignee:` line no longer opens in Taskell.
            let assigns: Bool
            switch request.action {
            case .add(let card, _): assigns = !card.assignees.isEmpty
            case .edit(_, let changes): assigns = !changes.addAssignees.isEmpty
            default: assigns = false
            }
            if assigns {
                throw EditFailure(
                    .refused,
                    .editNotPossible(
                        "Taskell has no assignees: its cards hold a name, '@ date', '> description' and '* subtask' "
                            + "lines, and no other"),
                    file: file)
            }
        }
        switch request.action {
        case .add(let card, let lane): return try add(card, laneName: lane)
        case .move(let query, let lane):
            // A card asked into the state its lane has already stays there (`move x TODO` on a card in `Schedule`).
            if let state = CardState(canonicalName: lane), board.laneIndex(named: lane) == nil,
                let position = try? CardLookup.resolve(query, on: board), board.lanes[position.lane].state == state
            {
                return try move(query, to: position.lane)
            }
            // A row of the board's table of statuses goes to a status: a state's own name (`doing`) is the first
            // status of that state (not a section beside the table), else a status no row has yet, as is a lane asked
            // for that the board has not.
            if let position = try? CardLookup.resolve(query, on: board), isStatusOfTable(board.lanes[position.lane]),
                board.laneIndex(named: lane) == nil
            {
                // (`done`: a status of work given up, `Cancelled`, only when the table has no other done status.)
                let state = CardState(canonicalName: lane)
                let ofState = board.lanes.indices.filter {
                    isStatusOfTable(board.lanes[$0]) && board.lanes[$0].state == state
                }
                if let index = ofState.first(where: { !LaneStates.isCancelled(board.lanes[$0].name) }) ?? ofState.first
                {
                    return try move(query, to: index)
                }
                if state == nil, (try? resolveLane(lane)) == nil, let index = statusNaming(lane) {
                    return try move(query, to: index)
                }
                if state != nil || (try? resolveLane(lane)) == nil, let status = newStatus(lane, beside: position.lane)
                {
                    return try move(position, toNewStatus: status)
                }
            }
            return try move(query, to: try resolveLane(lane))
        case .done(let query): return try done(query)
        case .edit(let query, let changes): return try edit(query, changes)
        case .remove(let query): return try remove(query)
        case .archive(let query): return try archive(query)
        }
    }

    // MARK: - Commands

    private mutating func add(_ card: NewCard, laneName: String?) throws(EditFailure) -> Change {
        let title = try validTitle(card.title)
        if let line = card.description?.split(whereSeparator: \.isNewline).first(where: {
            $0.unicodeScalars.contains(where: Self.isControl)
        }) {
            throw invalid("description", String(line), expected: "text without control characters")
        }
        for tag in card.tags { try validateTag(tag) }
        for name in card.assignees { try validateAssignee(name) }
        // On a board kept as a table of statuses, a new card is a row with a status, not a card of a section beside
        // the table (which a state may be given by its place): a state's own name (`todo`; without --lane, todo) is
        // the first status of that state (that the rules allow a new card in), else a status no row has yet
        // (`newStatus`), as is a lane asked for that the board has not.
        var statusOfState: Int?
        if let statusLane = board.lanes.firstIndex(where: isStatusOfTable),
            laneName.map({ board.laneIndex(named: $0) == nil }) ?? true
        {
            let wanted = laneName ?? CardState.todo.rawValue
            let state = CardState(canonicalName: wanted)
            statusOfState =
                board.lanes.indices.first { index in
                    isStatusOfTable(board.lanes[index]) && board.lanes[index].state == state
                        && (laneName != nil || board.rules.allowsNewCard(in: board.lanes[index]))
                } ?? (state == nil && (try? resolveLane(wanted)) == nil ? statusNaming(wanted) : nil)
            if statusOfState == nil, state != nil || (try? resolveLane(wanted)) == nil,
                let status = newStatus(wanted, beside: statusLane)
            {
                try enforceNewCardRule(
                    in: Lane(name: status.name, state: status.state, location: board.lanes[statusLane].location))
                return try addRow(card, title: title, to: statusLane, status: status)
            }
        }
        let laneIndex: Int
        let named = statusOfState == nil ? try laneName.map(resolveLane) : nil
        if let index = statusOfState ?? named {
            laneIndex = index
            try refuseUnwritable(laneIndex, rows: true)
            try enforceNewCardRule(in: board.lanes[laneIndex])
        } else {
            // The first lane new cards may start in that pm-render writes: one of list or heading cards, or of a
            // table of its own, which takes a row. (Failing that, one the rule allows, or a todo lane of notes after
            // the doing one: the board's only.)
            guard
                let index = board.lanes.firstIndex(where: {
                    board.rules.allowsNewCard(in: $0) && (!$0.isTable || holdsRows($0))
                })
                    ?? board.lanes.firstIndex(where: { board.rules.allowsNewCard(in: $0) })
                    ?? (board.rules.newCards == nil ? board.firstLaneIndex(in: .todo) : nil)
            else {
                throw EditFailure(.usage, .noLaneForState(.todo), file: file)
            }
            try refuseUnwritable(index, rows: true)
            laneIndex = index
        }
        let lane = board.lanes[laneIndex]
        try enforce(wipProblems(into: lane, from: nil))
        if holdsRows(lane) { return try addRow(card, title: title, to: laneIndex) }
        // A heading with nothing under it, written among list cards, would read as a group label: on a board of
        // heading cards, a lane of list cards takes a list card (not on a VS Code Markdown Kanban board, whose
        // heading cards hold their properties as items).
        let style: Card.Style =
            board.style.headingCards
                && (board.style.dialect == .vscodeKanban || !lane.cards.contains { $0.style == .listItem })
            ? .heading : .listItem
        if style == .heading, let description = card.description, !fencesDescription(of: card) {
            try requireNoHeading(in: description)
        }
        var block = CardBlock(
            lines: newCardLines(
                NewCard(
                    title: title, due: card.due, tags: unique(card.tags), assignees: unique(card.assignees),
                    description: card.description), style: style, lane: lane),
            style: style, conventions: conventions)
        var check = TargetCheck(
            lane: lane.name, due: card.due.map { .some($0) }, tags: unique(card.tags), tagsAtLeast: true,
            assignees: unique(card.assignees), assigneesAtLeast: true)
        check.checked = false
        // The title alone, as the reader reads it: the title the card must show, and the tags, deadline, completion
        // date and assignees written in it.
        let given = EditVerifier.cardAsRead(title, on: board)
        check.title = given.title
        check.description = card.description
        // Written as given (not quoted, not in a ```md block), the description reads back as written.
        if !(style == .listItem && conventions.quotedDescriptions), !fencesDescription(of: card),
            !conventions.propertyListCards || !conventions.fencedDescriptions
        {
            check.descriptionSource =
                Self.writtenDescription(card.description).map {
                    EditVerifier.descriptionAsRead($0, on: board)
                } ?? ""
        }
        // Without tokens in its description, the card has just what was given: the deadline given (or its title's),
        // the tags and assignees given and its title's, no completion date unless its title has one.
        let descriptionHoldsTokens = (card.description ?? "").split(whereSeparator: \.isNewline).contains { line in
            CardTokens.scan(String(line), triggers: conventions.triggers, source: true).contains {
                if case .token = $0 { return true }
                return false
            }
        }
        if !descriptionHoldsTokens {
            if card.due == nil { check.due = .some(given.due) }
            check.tags = unique(unique(card.tags) + given.tags)
            check.tagsAtLeast = false
            check.assignees = unique(unique(card.assignees) + given.assignees)
            check.assigneesAtLeast = false
            if lane.state != .done { check.completed = .some(given.dates.completed) }
        }
        // A card added to a done lane is written as one moved there would be: checked, and stamped where the board
        // stamps completions.
        if lane.state == .done {
            if !keepsBoxesOpen(lane), block.setChecked(true) { check.checked = true }
            if board.style.stampsCompletion {
                stampCompletion(&block)
                check.completed = .some(clock.today)
            }
        }
        if partsDescription { block.partFromTitle() }
        check.titleLines = block.titleLines
        try requireHeadingCard(block, title: title, at: nil)
        let insertion = insertionPoint(in: lane, style: style)
        if style == .listItem { check.reindented = lineUp(&block, in: lane, at: insertion.index) }
        let lines = block.lines
        var expectation = Expectation(board: board)
        expectation.lanes[laneIndex].insert(.target, at: insertion.index)
        expectation.target = check
        // The first card takes the place of an item that said the lane was empty (`- _(empty)_`).
        let edit = takePlaceholder(of: laneIndex, expecting: &expectation).map {
            LineEdit.replace($0...$0, with: lines)
        }
        return Change(
            edits: [edit ?? insertion.edit(lines, blank: blankLine)], expectation: expectation,
            summary: phrases.text("change.added", ["title": title, "state": lane.name]),
            card: Card(id: "", title: title, state: lane.state, location: SourceLocation(line: 0, column: 0)))
    }

    private mutating func move(_ query: String, to laneIndex: Int) throws(EditFailure) -> Change {
        let position = try resolveCard(query, rows: true)
        let from = board.lanes[position.lane]
        let card = from.cards[position.index]
        let to = board.lanes[laneIndex]
        try refuseUnwritable(laneIndex, rows: card.style == .tableRow)
        // `--top` in the card's own lane puts it first there, unless it is first already (a heading card: first of the
        // heading cards, which come after list cards).
        let raises =
            position.lane == laneIndex && request.top
            && to.cards[..<position.index].contains { card.style == .listItem || $0.style == card.style }
        if position.lane == laneIndex, !raises {
            return Change(
                summary: Problem.cardAlreadyInLane(title: card.title, lane: to.name).message, card: card,
                keepsOldCard: true,
                notes: [Diagnostic(.cardAlreadyInLane(title: card.title, lane: to.name), file: file, at: card.location)]
            )
        }
        // Within its lane a card moves no matter the transitions and WIP limits.
        if position.lane != laneIndex { try enforceRules(moving: card, from: from, to: to) }
        return try relocate(position, to: laneIndex)
    }

    /// Refuses a new card in a lane the front matter's `new-cards` rule does not allow.
    private mutating func enforceNewCardRule(in lane: Lane) throws(EditFailure) {
        guard !board.rules.allowsNewCard(in: lane) else { return }
        try enforce([
            (
                .newCardNotAllowed(
                    lane: lane.name, allowed: board.rules.newCardLaneNames(on: board),
                    written: board.rules.newCards != nil),
                board.rules.locations["new-cards"]
            )
        ])
    }

    /// Refuses a move the front matter's transitions or a WIP limit do not allow.
    private mutating func enforceRules(moving card: Card, from: Lane, to: Lane) throws(EditFailure) {
        var problems: [(Problem, SourceLocation?)] = []
        if !board.rules.allows(moveFrom: from, to: to) {
            let allowed = (board.rules.allowedTargets(from: from) ?? []).map(\.text)
            problems.append(
                (
                    .moveNotAllowed(title: card.title, from: from.name, to: to.name, allowed: allowed),
                    transitionsLocation(from)
                ))
        }
        problems += wipProblems(into: to, from: from)
        try enforce(problems, card: card)
    }

    /// A status no row of the board's table has, which a row of it may be moved to (`move A Blocked`; `done A` on a
    /// table without a done status): the name given when it says a state (a typo does not make a lane), or, for a
    /// state's own name (`done`), that state's name in the words of the table's statuses (`Done`, `완료`). Nil when
    /// the lane at `laneIndex` (the card's) is no status of such a table.
    private func newStatus(_ name: String, beside laneIndex: Int) -> (name: String, state: CardState)? {
        guard isStatusOfTable(board.lanes[laneIndex]) else { return nil }
        let statuses = board.lanes.filter(isStatusOfTable).map(\.name)
        if let state = CardState(canonicalName: name) { return (LaneStates.name(for: state, besides: statuses), state) }
        guard case .state(let state) = LaneStates.meaning(of: name) else { return nil }
        // (`review` typed, beside statuses that start with a capital: `Review`.)
        let name = name.trimmingWhitespace
        let capitalized = statuses.allSatisfy { $0.first?.isUppercase == true } && name == name.lowercased()
        return (capitalized ? name.prefix(1).uppercased() + name.dropFirst() : name, state)
    }

    /// The one status of the board's table whose name holds the words of `name` (`Review` names `In Review`,
    /// `Testing` names `QA Testing`): a name given short, which would otherwise be a new status beside it.
    private func statusNaming(_ name: String) -> Int? {
        let words = { (text: String) in
            text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
        let wanted = words(name)
        guard !wanted.isEmpty else { return nil }
        let found = board.lanes.indices.filter { index in
            let have = words(board.lanes[index].name)
            return isStatusOfTable(board.lanes[index]) && have.count > wanted.count
                && (0...(have.count - wanted.count)).contains { Array(have[$0..<($0 + wanted.count)]) == wanted }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Moves a row of the board's table of statuses to a status no row has yet (`newStatus`).
    private mutating func move(
        _ position: CardLookup.Position, toNewStatus status: (name: String, state: CardState)
    ) throws(EditFailure) -> Change {
        let from = board.lanes[position.lane]
        let card = from.cards[position.index]
        let lane = Lane(name: status.name, state: status.state, location: card.location)
        try enforceRules(moving: card, from: from, to: lane)
        return try restatusRow(position, to: .new(status.name, status.state))
    }

    private mutating func done(_ query: String) throws(EditFailure) -> Change {
        let position = try resolveCard(query, rows: true)
        let card = board.lanes[position.lane].cards[position.index]
        if board.lanes[position.lane].state == .done {
            let lane = board.lanes[position.lane].name
            return Change(
                summary: Problem.cardAlreadyInLane(title: card.title, lane: lane).message, card: card,
                keepsOldCard: true,
                notes: [Diagnostic(.cardAlreadyInLane(title: card.title, lane: lane), file: file, at: card.location)])
        }
        // (A table's row goes to a done lane's table. A lane of cancelled work, `Cancelled`, `Won't do`, or of
        // archived work, `Archived`, is done too, but finished work goes there only when no other done lane is; a row
        // of the board's table of statuses then takes a done status of its own.)
        func first(_ test: (Lane) -> Bool) -> Int? {
            board.lanes.firstIndex {
                test($0) && !LaneStates.isCancelled($0.name) && LaneStates.meaning(of: $0.name) != .archive
            }
                ?? (isStatusOfTable(board.lanes[position.lane]) ? nil : board.lanes.firstIndex(where: test))
        }
        guard
            let target = card.style == .tableRow
                ? first({ $0.state == .done && holdsRows($0) })
                : first({ $0.state == .done && !$0.holdsNotes && !$0.isTable })
                    ?? first({ $0.state == .done && !$0.holdsNotes })
                    ?? first({ $0.state == .done })
        else {
            if let status = newStatus(CardState.done.rawValue, beside: position.lane) {
                return try move(position, toNewStatus: status)
            }
            throw EditFailure(.usage, .noLaneForState(.done, hint: noLaneHint(for: card, state: .done)), file: file)
        }
        return try move(card.id, to: target)
    }

    /// Why a table's row finds no lane of `state`: its table is kept from being the board's lanes by a row without a
    /// status, or the lanes of that state are no tables of rows, which is where a row is moved.
    private func noLaneHint(for card: Card, state: CardState) -> NoLaneHint? {
        guard card.style == .tableRow else { return nil }
        if let table = rowTable(atRow: card.location.line),
            let missing = sourceText.flatMap({ PipeTable(lines: table.table.line...$0.lineCount, in: $0) })?
                .rowWithoutStatus()
        {
            return .rowWithoutStatus(line: missing.row.line)
        }
        let lanes = board.lanes.filter { $0.state == state && !$0.holdsNotes && !holdsRows($0) }
        return lanes.isEmpty ? nil : .lanesHoldNoRows(lanes.map(\.name))
    }

    private mutating func remove(_ query: String) throws(EditFailure) -> Change {
        let position = try resolveCard(query, rows: true)
        let lane = board.lanes[position.lane]
        let card = lane.cards[position.index]
        try checkGroupsKeepCards(leaving: position)
        var expectation = Expectation(board: board)
        expectation.lanes[position.lane].remove(at: position.index)
        // (The one row without a status of a table that is a lane's: without it, the table is the board's lanes.)
        if card.style == .tableRow, let source = sourceText, let top = rowTable(atRow: card.location.line)?.table.line,
            let table = PipeTable(lines: top...source.lineCount, in: source),
            table.rowsWithoutStatus.map(\.line) == [card.location.line]
        {
            throw rowRefusal(
                card,
                "it is the one row without a status, and without it the table would be read as the board's lanes "
                    + "(a lane a status)", fix: "give it a status, or remove it")
        }
        // (A status of the board's table is a lane while a row has it, named as its first row writes it.)
        if isStatusOfTable(lane) {
            if board.lanes.filter(isStatusOfTable).map(\.cards.count).reduce(0, +) == 1 {
                throw rowRefusal(
                    card, "it is its table's only row, and a table without rows is not the board's lanes",
                    fix: "remove it")
            }
            if expectation.lanes[position.lane].isEmpty { try takeAwayStatus(position.lane, &expectation) }
            expectation.lanesMayReorder = true
        }
        return Change(
            edits: [
                card.style == .tableRow
                    ? removeRow(card) : .remove(removalRange(of: card, at: position.index, in: lane))
            ],
            expectation: expectation,
            summary: phrases.text("change.removed", ["title": card.title, "state": lane.name]), card: card,
            keepsOldCard: true)
    }

    private mutating func archive(_ query: String) throws(EditFailure) -> Change {
        let position = try resolveCard(query)
        try checkGroupsKeepCards(leaving: position)
        let lane = board.lanes[position.lane]
        let card = lane.cards[position.index]
        var block = cardBlock(of: card)
        // Obsidian's `archive-with-date` setting: the date (and time) before (or after) the title.
        if conventions.archiveStamp(clock) != nil { try requireTitleLine(block, card) }
        let stamped = conventions.archiveStamp(clock).map { stamp -> Bool in
            // After the title: on its last line, when it is wrapped.
            let index = stamp.after ? min(block.titleLines, block.lines.count) - 1 : 0
            var line = block.titleLine(index)
            if stamp.after {
                let point = CardBlock.metadataInsertionPoint(line.body)
                line.body = String(line.body[..<point]) + " " + stamp.text + String(line.body[point...])
            } else {
                line.body = stamp.text + " " + line.body
            }
            block.setTitleLine(index, line)
            return true
        }
        var expectation = Expectation(board: board)
        expectation.lanes[position.lane].remove(at: position.index)
        expectation.archive.append(.target)
        let level = String(repeating: "#", count: board.lanes.map(\.headingLevel).min() ?? 2)
        let insertion: Insertion
        var inserted: [EditableText.Line]
        var reindented = false
        if let heading = board.archiveLocation {
            let archived = board.archive.filter { $0.location > heading }
            if let last = archived.last {
                // Lined up with the card it follows (a deeper marker would nest it in that card).
                if card.style == .listItem, let model = archived.last(where: { $0.style == .listItem }) {
                    reindented = reindent(&block, like: model)
                }
                insertion = Insertion(
                    after: last.endLine, gapBefore: card.style == .heading ? 1 : conventions.listGap,
                    gapAfter: gap(after: last.endLine), index: 0)
            } else {
                insertion = Insertion(
                    after: heading.line, gapBefore: conventions.headingGap, gapAfter: gap(after: heading.line), index: 0
                )
            }
            inserted = block.lines
            expectation.target = TargetCheck(base: card, lane: nil, archived: true, titleChanged: stamped == true)
            expectation.target.reindented = reindented
            expectation.target.firstOnTitleLine = block.startsDescription(card.descriptionSource)
        } else {
            // No archive yet: Obsidian's, after the last lane (before the settings block).
            let after = lastLaneEnd
            insertion = Insertion(after: after, gapBefore: 1, gapAfter: gap(after: after), index: 0)
            // (Taskell reads `##` lists and nothing between them: its archive is a list named so, with no rule.)
            let rule = board.style.dialect == .taskell ? [] : [line("***"), blankLine]
            inserted = rule + [line("\(level) Archive"), blankLine] + block.lines
            expectation.target = TargetCheck(base: card, lane: "Archive", archived: true, titleChanged: stamped == true)
        }
        // (The archive goes where the lane ended, before the settings block: the blank lines there stay.)
        let removal = removalRange(of: card, at: position.index, in: lane, archiving: true)
        return Change(
            edits: [.remove(removal), insertion.edit(inserted, blank: blankLine)], expectation: expectation,
            summary: phrases.text("change.archived", ["title": card.title]), card: card)
    }

    private mutating func edit(_ query: String, _ changes: CardChanges) throws(EditFailure) -> Change {
        let position = try resolveCard(query, rows: true)
        let lane = board.lanes[position.lane]
        let card = lane.cards[position.index]
        if card.style == .tableRow { return try editRow(position, changes) }
        var block = cardBlock(of: card)
        try requireTitleLine(block, card)
        var check = TargetCheck(base: card, lane: card.lane)
        var fields: [String] = []
        var given: Card?
        // The deadline before the title: it is found where the reader read it, on the lines as they were.
        if let due = changes.due {
            check.descriptionSwap = try setDue(due, of: card, in: &block)
            check.due = .some(due)
            fields.append("deadline")
        }
        if let title = changes.title {
            let valid = try validRenamedTitle(title)
            block.replaceTitle(with: valid, current: card.title)
            given = EditVerifier.cardAsRead(valid, on: board)
            check.title = given?.title
            fields.insert("title", at: 0)
        }
        if !changes.addTags.isEmpty || !changes.removeTags.isEmpty {
            // A tag is the card's in any case, as Obsidian matches tags: `--untag IOS` takes `#ios` away, and
            // `--tag IOS` adds nothing to a card tagged `#ios`.
            let spelt = { (tag: String) in
                card.tags.contains(tag) ? tag : card.tags.first { $0.lowercased() == tag.lowercased() } ?? tag
            }
            let removeTags = changes.removeTags.map(spelt)
            let addTags = changes.addTags.filter { spelt($0) == $0 }
            // A tag the card has may be taken away however it is spelt (`tags: [UI, Host Discovery]`).
            for tag in changes.addTags + removeTags.filter({ !card.tags.contains($0) }) {
                try validateTag(tag)
            }
            // A tag is removed from the title and metadata lines; one written in the description's text stays: after
            // a `<br>` on the title line (checked first, as the title line is rewritten whole), or on its own lines.
            func refuseIfInDescription(_ texts: [String]) throws(EditFailure) {
                for tag in removeTags
                where texts.contains(where: { text in
                    CardTokens.scan(text, triggers: conventions.triggers, source: true).contains {
                        if case .token(.tag(let name), _, _) = $0 { return name == tag }
                        return false
                    }
                }) {
                    throw EditFailure(
                        .refused,
                        .editNotPossible(
                            "'#\(tag)' is also written in the card's description, where pm-render leaves it: edit "
                                + "the description"), file: file)
                }
            }
            let titleLine = block.title.body
            if let br = titleLine.range(of: "<br", options: .caseInsensitive) {
                try refuseIfInDescription([String(titleLine[br.lowerBound...])])
            }
            check.tags = change(
                card.tags, adding: addTags, removing: removeTags, in: &block, add: addTag,
                remove: removeTag)
            try refuseIfInDescription(block.lines.map(\.text))
            fields.append("tags")
        }
        if !changes.addAssignees.isEmpty || !changes.removeAssignees.isEmpty {
            for name in changes.addAssignees { try validateAssignee(name) }
            // A name the card has may be taken away however it reads.
            for name in changes.removeAssignees where !card.assignees.contains(name) {
                try validateAssignee(name, option: "--unassign")
            }
            check.assignees = change(
                card.assignees, adding: changes.addAssignees, removing: changes.removeAssignees, in: &block,
                add: addAssignee, remove: removeAssignee)
            fields.append("assignees")
        }
        if partsDescription { block.partFromTitle() }
        check.titleLines = block.titleLines
        // A card that is only a date is titled by it (`- [ ] 📅 2026-03-01`): a new date is its new title.
        check.titleChanged =
            changes.title != nil || (changes.due != nil && card.due.map { card.title == $0.description } == true)
        // Tags written in the new title are the card's too.
        if let given {
            if !given.tags.isEmpty { check.tags = Array(Set((check.tags ?? card.tags) + given.tags)) }
        }
        var expectation = Expectation(board: board)
        expectation.lanes[position.lane][position.index] = .target
        expectation.target = check
        let summary = editSummary(of: card, changes, fields: fields, shown: given?.title)
        if block.lines == cardLines(card) {
            // Nothing changed, though the card has what was to be taken away: it is written where no edit reaches
            // (fields joined on one line, `**Assigned**: @ann | …`).
            let kept =
                changes.removeTags.filter(card.tags.contains).map { "#" + $0 }
                + changes.removeAssignees.filter(card.assignees.contains)
            if let first = kept.first {
                throw EditFailure(
                    .refused,
                    .editNotPossible("'\(first)' is written where pm-render cannot take it away: edit that line"),
                    file: file)
            }
            let problem = Problem.editChangesNothing(title: card.title)
            return Change(
                summary: problem.message, card: card, keepsOldCard: true,
                notes: [Diagnostic(problem, file: file, at: card.location)])
        }
        try requireStaysHeadingCard(block, card)
        return Change(
            edits: [.replace(card.location.line...card.endLine, with: block.lines)], expectation: expectation,
            summary: summary, card: card)
    }

    /// Refuses a heading card's description that holds a heading (`## Notes`, or a line underlined with `---` or
    /// `===`) or a rule (`---`): written under the card's own heading, it would start another card or a lane, or end
    /// the card.
    private func requireNoHeading(in description: String) throws(EditFailure) {
        // Read as cmark reads the board, so that a heading is what it would take for one.
        var text = description.replacingCRLF()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let blocks = text.withUTF8 { MarkdownParser.segments($0, firstLine: 1) }
        for block in blocks where block.root.kind == .heading || block.root.kind == .thematicBreak {
            let written = block.line >= 1 && block.line <= lines.count ? lines[block.line - 1].trimmingSpaces : ""
            // (Where cards keep their descriptions in a ```md block, it is inside a property item: a card has one.)
            let fence =
                conventions.fieldsAsProperties && conventions.fencedDescriptions
                ? ", or give the card a deadline, a tag or an assignee, whose property holds the description in a "
                    + "```md block" : ""
            let problem =
                block.root.kind == .heading
                ? "the description holds a heading ('\(written)'); on this board cards are "
                    + "headings, so it would start another card or a lane: write it as **bold** text"
                : "the description holds a rule ('\(written)'); on this board cards are headings, and a rule would "
                    + "end the card before the text after it"
            throw EditFailure(.usage, .editNotPossible(problem + fence), file: file)
        }
    }

    /// Refuses to leave a heading card whose lines after the heading would no longer make it a card as the reader
    /// tells (`BoardReader.isHeadingCard`): a task list first, the field line before it taken away.
    /// (A card read over a plain list of its details stays one over such a list: the board's other headings told.)
    private func requireStaysHeadingCard(_ block: CardBlock, _ card: Card) throws(EditFailure) {
        try requireHeadingCard(block, title: card.title, at: card.location, plainListsAreDetails: true)
    }

    /// Refuses heading card lines whose lines after the heading would not make it a card as the reader tells
    /// (`BoardReader.isHeadingCard`): a task list first, no field line before it.
    private func requireHeadingCard(
        _ block: CardBlock, title: String, at location: SourceLocation?, plainListsAreDetails: Bool = false
    ) throws(EditFailure) {
        guard block.style == .heading, block.lines.count > 1 else { return }
        // The heading with its lines: its ID or number may make a plain list under it its details.
        var text = block.lines.map(\.text).joined(separator: "\n")
        let segments = text.withUTF8 { MarkdownParser.segments($0, firstLine: 1) }
        let heading = segments.first.flatMap { $0.root.kind == .heading ? $0 : nil }
        let body = Array(segments.dropFirst(heading == nil ? 0 : 1))
        guard !body.isEmpty,
            !BoardReader.isHeadingCard(body, heading: heading, plainListsAreDetails: plainListsAreDetails)
        else { return }
        throw EditFailure(.refused, .headingCardBecomesLabel(title: title), file: file, at: location)
    }

    /// Refuses to write on the first line of a card that opens with a list, a quote or code (its title is read
    /// from inside that block, and text written after the marker would break it).
    private func requireTitleLine(_ block: CardBlock, _ card: Card) throws(EditFailure) {
        guard block.opensWithBlock else { return }
        throw EditFailure(
            .refused,
            .editNotPossible(
                "'\(card.title)' opens with a list, a quote or code, not a title line: edit it in the board file"),
            file: file)
    }

    // MARK: - Moving a card

    /// Records today's completion as the board's cards record theirs: a `✅ date` stamp on the title line, or a
    /// property item (`  - completed: 2026-11-26`) on a board whose cards keep it so.
    private func stampCompletion(_ block: inout CardBlock) {
        if let key = conventions.completionProperty, block.style == .listItem || conventions.fieldsAsProperties {
            block.insertField(key: key, value: clock.today.description)
        } else {
            block.appendInline("✅ \(clock.today)")
        }
    }

    /// The line of the item that says a card-less lane is empty (`- _(empty)_`), as the reader found it.
    private func placeholderLine(of lane: Lane) -> Int? {
        lane.cards.isEmpty ? lane.placeholderLine : nil
    }

    /// The line a card put in the lane at `laneIndex` takes the place of: the one that says the lane is empty, which
    /// stays no line beside a card (it would read as one), as a person editing the file would delete it. The lane's
    /// text, that line, goes (no later edit writes it back), with a warning saying so.
    private mutating func takePlaceholder(of laneIndex: Int, expecting expectation: inout Expectation) -> Int? {
        let lane = board.lanes[laneIndex]
        guard let line = placeholderLine(of: lane) else { return nil }
        let written = text.line(line).text.trimmingWhitespace
        warnings.append(
            Diagnostic(
                .laneSaysEmpty(lane: lane.name, line: written), file: file, at: SourceLocation(line: line, column: 1)))
        expectation.lanesWithNewText.insert(laneIndex)
        return line
    }

    /// Whether a done lane's cards leave their boxes open: it has cards with boxes, none checked, and no
    /// `**Complete**` marker (with it, Obsidian checks them). A card moved there is written as they are.
    private func keepsBoxesOpen(_ lane: Lane) -> Bool {
        guard lane.stateSource != .completeMarker else { return false }
        let boxes = lane.cards.compactMap { cardBlock(of: $0).title.checked }
        return !boxes.isEmpty && !boxes.contains(true)
    }

    /// The card at `position` moved to the lane at `laneIndex` (rules already checked): its task box checked when it
    /// enters a done lane (and stamped `✅ date` when the board stamps completions), cleared when it leaves one.
    private mutating func relocate(_ position: CardLookup.Position, to laneIndex: Int) throws(EditFailure) -> Change {
        if board.lanes[position.lane].cards[position.index].style == .tableRow {
            return isStatusOfTable(board.lanes[position.lane])
                ? try restatusRow(position, to: .lane(laneIndex)) : try relocateRow(position, to: laneIndex)
        }
        try checkGroupsKeepCards(leaving: position)
        let from = board.lanes[position.lane]
        let to = board.lanes[laneIndex]
        let card = from.cards[position.index]
        var block = cardBlock(of: card)
        var check = TargetCheck(base: card, lane: to.name)
        if to.state == .done, from.state != .done {
            if !keepsBoxesOpen(to), block.setChecked(true) { check.checked = true }
            if board.style.stampsCompletion, card.dates.completed == nil {
                if conventions.completionProperty == nil { try requireTitleLine(block, card) }
                stampCompletion(&block)
                check.completed = .some(clock.today)
            }
        } else if from.state == .done, to.state != .done {
            if block.setChecked(false) { check.checked = false }
            let endedWithID = CardBlock.trailingBlockID(Substring(block.title.body).trimmingSpaces) != nil
            var removed = block.removeTokens {
                if case .emojiDate(.completed, _) = $0 { return true }
                return false
            }
            // A completion property item (`  - completed: …`) goes too.
            if let line = block.fieldLines().last(where: { $0.field == .completed && $0.head.contains("- ") }) {
                block.lines.remove(at: line.index)
                removed += 1
            }
            if removed > 0 {
                check.completed = .some(nil)
                // Without the stamp after it, a `^id` in the title ends the line, where Obsidian reads it as the
                // card's block ID: the title loses it (`Ship it ^dep-a ✅ 2026-05-03` → `Ship it`, ID `dep-a`).
                if !endedWithID, CardBlock.trailingBlockID(Substring(block.title.body).trimmingSpaces) != nil {
                    check.blockIDExposed = true
                }
            }
        }
        try requireStaysHeadingCard(block, card)
        let insertion = insertionPoint(in: to, style: card.style)
        if card.style == .listItem {
            check.reindented = lineUp(&block, in: to, at: insertion.index)
            check.firstOnTitleLine = block.startsDescription(card.descriptionSource)
        }
        let removal = removalRange(of: card, at: position.index, in: from)
        var expectation = Expectation(board: board)
        expectation.lanes[position.lane].remove(at: position.index)
        expectation.lanes[laneIndex].insert(.target, at: insertion.index)
        expectation.target = check
        let placeholder = position.lane == laneIndex ? nil : takePlaceholder(of: laneIndex, expecting: &expectation)
        return Change(
            edits: [
                .remove(removal),
                placeholder.map { LineEdit.replace($0...$0, with: block.lines) }
                    ?? insertion.edit(block.lines, blank: blankLine),
            ], expectation: expectation,
            summary: position.lane == laneIndex
                ? phrases.text("change.raised", ["title": card.title, "lane": to.name])
                : phrases.text("change.moved", ["title": card.title, "from": from.name, "to": to.name]),
            card: card)
    }

    /// Moves a list card's lines left or right so that its marker lines up with `model`'s (only spaces are moved);
    /// false when they stay.
    /// A list card put at `index` of `lane`, lined up with the list card it follows (or, at the top, the one it
    /// precedes): under a card indented less, a deeper marker would nest it in that card, and a card indented less
    /// than the one after it would take that card in. Whether it was moved.
    private func lineUp(_ block: inout CardBlock, in lane: Lane, at index: Int) -> Bool {
        guard
            let model = lane.cards[..<index].last(where: { $0.style == .listItem })
                ?? lane.cards.first(where: { $0.style == .listItem })
        else { return false }
        return reindent(&block, like: model)
    }

    private func reindent(_ block: inout CardBlock, like model: Card) -> Bool {
        let current = block.lines[0].content.prefix { $0 == 0x20 || $0 == 0x09 }
        let wanted = text.line(model.location.line).content.prefix { $0 == 0x20 || $0 == 0x09 }
        guard !current.contains(0x09), !wanted.contains(0x09), current.count != wanted.count else { return false }
        let delta = wanted.count - current.count
        let textColumn = CardBlock.markerWidth(block.lines[0].text)
        for index in block.lines.indices where !block.lines[index].isBlank {
            let content = block.lines[index].content
            let indent = content.prefix { $0 == 0x20 || $0 == 0x09 }
            let column = CardBlock.columns(String(decoding: indent, as: UTF8.self))
            guard index > 0, column >= 4, column < textColumn else {
                block.lines[index].content = Self.shiftingIndent(content, by: delta)
                continue
            }
            // Left of the card's text but 4 columns in (`   - [ ] Card` over `   \t- [ ] sub`): a lazy continuation of
            // the card's paragraph, kept from starting a block (a list item, a fence) by its 4 columns alone. It
            // stays one: 4 columns in where that is left of the text, else 4 columns past the text.
            let shifted = column + delta
            let width = max(shifted, 4) < textColumn + delta ? max(shifted, 4) : max(shifted, textColumn + delta + 4)
            block.lines[index].content = Array(repeating: 0x20, count: width) + content.dropFirst(indent.count)
        }
        return true
    }

    /// A line moved `delta` columns right (or left), as Markdown counts columns: a tab reaches the next multiple of 4,
    /// so spaces put before one would widen nothing (`"   \t"` is as wide as `"\t"`). Spaces go in (or out) after the
    /// indentation's last tab, which ends on a tab stop; a line left of it with too few spaces there has its
    /// indentation written as spaces.
    static func shiftingIndent(_ content: [UInt8], by delta: Int) -> [UInt8] {
        let indent = content.prefix { $0 == 0x20 || $0 == 0x09 }
        guard let tab = indent.lastIndex(of: 0x09) else {
            var content = content
            if delta > 0 {
                content.insert(contentsOf: repeatElement(0x20, count: delta), at: 0)
            } else {
                content.removeFirst(min(indent.count, -delta))
            }
            return content
        }
        let spacesAfterTab = indent.count - tab - 1
        var content = content
        if delta > 0 {
            content.insert(contentsOf: repeatElement(0x20, count: delta), at: tab + 1)
        } else if spacesAfterTab >= -delta {
            content.removeSubrange((tab + 1)..<(tab + 1 - delta))
        } else {
            let width = CardBlock.columns(String(decoding: indent, as: UTF8.self))
            content.replaceSubrange(0..<indent.count, with: repeatElement(0x20, count: max(0, width + delta)))
        }
        return content
    }

    // MARK: - Where lines go

    /// Lines to insert after line `after`, with blank lines before and after them; `index` is the card's position in
    /// its lane afterwards.
    struct Insertion {
        var after: Int
        var gapBefore: Int
        var gapAfter: Int
        var index: Int

        func edit(_ lines: [EditableText.Line], blank: EditableText.Line) -> LineEdit {
            .insert(
                Array(repeating: blank, count: gapBefore) + lines + Array(repeating: blank, count: gapAfter),
                before: after + 1)
        }
    }

    /// The blank lines after a list card put after line `after`: none before a blank line or the end. What follows
    /// with no blank line (Obsidian's `%% kanban:settings`) would run on into the card's lines (a lazy continuation
    /// of its list or quote): one blank line parts them. A heading (the next lane's) or a list item (an empty `- ` the
    /// board left under its cards, the list's next item, never a continuation) ends the card's lines as it is: none,
    /// so that the lines stay as tight as they were, and the card's removal (its lines and the blank lines before
    /// them) leaves them as they were.
    private func gap(after: Int) -> Int {
        guard after < text.lines.count, !text.isBlank(after + 1) else { return 0 }
        let next = text.line(after + 1).text
        return Self.startsListItem(next) || CardBlock.atxHeading(next) != nil ? 0 : 1
    }

    /// The blank lines between list cards in `lane`, where a card goes: those between its first two list cards that
    /// stand one after the other (nothing but blank lines between them) at the top, its last two at the bottom; the
    /// board's (`BoardConventions.listGap`) where it has no such two.
    private func listGap(in lane: Lane, atTop: Bool) -> Int {
        let list = lane.cards.filter { $0.style == .listItem }
        var pairs = zip(list, list.dropFirst()).lazy.compactMap {
            BoardConventions.blankLines(between: $0.endLine, and: $1.location.line, in: text)
        }.makeIterator()
        if atTop { return min(pairs.next() ?? conventions.listGap, 2) }
        var last: Int?
        while let gap = pairs.next() { last = gap }
        return min(last ?? conventions.listGap, 2)
    }

    /// Whether a line starts a list item (`- `, `* `, `+ `, `1. `, `1) `, or a marker alone), indented less than code.
    static func startsListItem(_ line: String) -> Bool {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count, index < 4, scalars[index] == " " { index += 1 }
        guard index < 4, index < scalars.count else { return false }
        if "-*+".unicodeScalars.contains(scalars[index]) {
            index += 1
        } else {
            let start = index
            while index < scalars.count, index - start < 9, ("0"..."9").contains(scalars[index]) { index += 1 }
            guard index > start, index < scalars.count, scalars[index] == "." || scalars[index] == ")" else {
                return false
            }
            index += 1
        }
        return index == scalars.count || scalars[index] == " " || scalars[index] == "\t"
    }

    /// Where a card of `style` goes in `lane`: after its last card of that style (list cards come before heading
    /// cards), or at the top with `--top`; in an empty lane, after its heading, description or `**Complete**`.
    func insertionPoint(in lane: Lane, style: Card.Style) -> Insertion {
        let cards = lane.cards
        if style == .listItem {
            // At the top: before the lane's first card, a heading card too (a list card may come before one; a blank
            // line parts them).
            if request.top, let first = cards.first {
                return Insertion(
                    after: first.location.line - 1, gapBefore: 0,
                    gapAfter: first.style == .listItem ? listGap(in: lane, atTop: true) : 1, index: 0)
            }
            if let last = cards.lastIndex(where: { $0.style == .listItem }) {
                // A `###` label after the lane's last card with no card under it yet: the bottom of the lane is under
                // it, as close as the lane's other labels are to their cards.
                if let label = lane.groups.last, label.isHeading, label.firstCard == cards.count,
                    label.location.line > cards[last].endLine, !cards.contains(where: { $0.style == .heading })
                {
                    let spacing = lane.groups.lazy.filter { $0.isHeading && $0.firstCard < cards.count }.compactMap {
                        BoardConventions.blankLines(
                            between: $0.location.line, and: cards[$0.firstCard].location.line, in: text)
                    }.first
                    return Insertion(
                        after: label.location.line, gapBefore: min(spacing ?? 0, 2),
                        gapAfter: gap(after: label.location.line), index: cards.count)
                }
                let after = cards[last].endLine
                return Insertion(
                    after: after, gapBefore: listGap(in: lane, atTop: false), gapAfter: gap(after: after),
                    index: last + 1)
            }
            if let firstHeading = cards.first {
                var after = firstHeading.location.line - 1
                while after > lane.location.line, text.isBlank(after) { after -= 1 }
                let gap = after == lane.location.line ? conventions.headingGap : 1
                return Insertion(after: after, gapBefore: gap, gapAfter: 0, index: 0)
            }
            // At the top of a lane whose only lines are items that are no cards (an empty `- `): before them, in their
            // list.
            if request.top, lane.descriptionSource.isEmpty, lane.endLine > lane.location.line {
                var first = lane.location.line + 1
                while first < lane.endLine, text.isBlank(first) { first += 1 }
                if Self.startsListItem(text.line(first).text) {
                    return Insertion(after: first - 1, gapBefore: 0, gapAfter: 0, index: 0)
                }
            }
            let after = lane.endLine
            var gapBefore = after == lane.location.line ? conventions.headingGap : 1
            if lane.stateSource == .completeMarker, after != lane.location.line { gapBefore = 0 }
            // A heading (the next lane's) that followed with no blank line follows the card as tight: then its
            // removal, its lines and the blank lines before them, gives back the file.
            return Insertion(
                after: after, gapBefore: gapBefore, gapAfter: gap(after: after),
                index: 0)
        }
        if request.top, let first = cards.firstIndex(where: { $0.style == .heading }) {
            return Insertion(after: cards[first].location.line - 1, gapBefore: 0, gapAfter: 1, index: first)
        }
        // A lane of list cards under `###` labels: at the top, before the first label (under which a heading card would
        // take the list for its own).
        if request.top, let label = lane.groups.first, label.isHeading, label.firstCard == 0 {
            return Insertion(after: label.location.line - 1, gapBefore: 0, gapAfter: 1, index: 0)
        }
        if let last = cards.last {
            return Insertion(after: last.endLine, gapBefore: 1, gapAfter: 0, index: cards.count)
        }
        let after = lane.endLine
        return Insertion(
            after: after, gapBefore: after == lane.location.line ? max(conventions.headingGap, 1) : 1, gapAfter: 0,
            index: 0)
    }

    /// The last line of the board's last lane as written: its cards and any text after them (a note under the list,
    /// which an archive put before it would carry off into the archive), up to Obsidian's settings block or the end of
    /// the file, blank lines excluded. A footer (a rule over a little text at the end) is the board's, and stays after
    /// what goes there.
    var lastLaneEnd: Int {
        guard let lane = board.lanes.last else { return text.count }
        var end = text.count
        if let settings = text.lines.lastIndex(where: { BoardConventions.startsSettingsBlock($0.text) }),
            settings >= lane.endLine
        {
            end = settings
        }
        var next = lane.endLine + 1
        while next <= end, text.isBlank(next) { next += 1 }
        guard next <= end, !Self.isThematicBreak(text.line(next).text) else { return lane.endLine }
        while end > lane.endLine, text.isBlank(end) { end -= 1 }
        return end
    }

    /// A rule (`---`, `***`, `___`, spaces between its marks allowed), as Markdown reads one.
    static func isThematicBreak(_ line: String) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        let marks = line.filter { $0 != " " && $0 != "\t" }
        guard indent <= 3, let first = marks.first, "-*_".contains(first), marks.count >= 3 else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// Refuses to take the last list card out of a lane with group labels: a `###` label with no list card left in
    /// its lane reads as a heading card. (A label of text stays a line of text then.)
    func checkGroupsKeepCards(leaving position: CardLookup.Position) throws(EditFailure) {
        let lane = board.lanes[position.lane]
        let headings = lane.groups.filter(\.isHeading)
        // (On an Obsidian Kanban board every heading in a lane is a label.)
        guard !headings.isEmpty, lane.cards[position.index].style == .listItem,
            board.style.dialect != .obsidianKanban
        else { return }
        let others = lane.cards.indices.filter { $0 != position.index && lane.cards[$0].style == .listItem }
        guard others.isEmpty else { return }
        throw EditFailure(.refused, .groupLabelLeftEmpty(labels: headings.map(\.name), lane: lane.name), file: file)
    }

    /// The lines a card's removal takes: its own, and one of the runs of blank lines around it, so that the lines
    /// around it close up the way they were before it was added: the run before it when it is its lane's last card
    /// (and no item that is no card, an empty `- `, continues its list), else the run after it when it stood between
    /// two, or under its lane's heading (or a label) with no blank line over a card of its kind, as `--top` puts a
    /// card, or over Obsidian's settings block as the lane's only card right under its heading or marker (not when
    /// `archiving`: the archive goes in there).
    func removalRange(of card: Card, at index: Int, in lane: Lane, archiving: Bool = false) -> ClosedRange<Int> {
        let isLast = index == lane.cards.count - 1
        let first = card.location.line
        let last = min(card.endLine, text.count)
        var before = 0
        while first - before - 1 >= 1, text.isBlank(first - before - 1) { before += 1 }
        var after = 0
        while last + after + 1 <= text.count, text.isBlank(last + after + 1) { after += 1 }
        let listGoesOn = after == 0 && last < text.count && Self.startsListItem(text.line(last + 1).text)
        if before > 0, isLast, !listGoesOn { return (first - before)...last }
        // (Under its lane's heading, the run after the first card is the one `--top` wrote before a card of its kind; a
        // card of another kind after it, a heading card after a list card, had it before.)
        let topOfItsKind = index == 0 && !isLast && lane.cards[1].style == card.style
        if after > 0, before > 0 || topOfItsKind { return first...(last + after) }
        // A lane's only card right under its heading or `**Complete**` marker, over Obsidian's settings block: the
        // run after it is the one put there to part the card from the block (`gap(after:)`), which was right under
        // the marker before.
        if !archiving, after > 0, index == 0, isLast, last + after < text.count,
            BoardConventions.startsSettingsBlock(text.text(last + after + 1))
        {
            return first...(last + after)
        }
        return first...last
    }

    /// The card's lines to edit, knowing the lines the reader read as its description's text: a `Key: value` line
    /// among them (`- Completed: N/A` in a list the reader does not take for properties) is no field of the card.
    func cardBlock(of card: Card) -> CardBlock {
        var block = CardBlock(
            lines: cardLines(card), style: card.style, conventions: conventions, titleLines: card.titleLines)
        block.textLines = card.descriptionLines
        return block
    }

    func cardLines(_ card: Card) -> [EditableText.Line] {
        Array(text.lines[(card.location.line - 1)..<min(card.endLine, text.count)])
    }

    var blankLine: EditableText.Line { EditableText.Line(content: [], terminator: conventions.lineEnding) }

    func line(_ text: String) -> EditableText.Line { EditableText.Line(text, ending: conventions.lineEnding) }

    // MARK: - Rules

    /// Refuses (or, with `--force`, warns about) what the rules forbid.
    private mutating func enforce(_ problems: [(Problem, SourceLocation?)], card: Card? = nil) throws(EditFailure) {
        guard !problems.isEmpty else { return }
        if request.force {
            warnings += problems.map { Diagnostic(.ruleOverridden($0.0), file: file, at: $0.1) }
            return
        }
        var notes: [Diagnostic.Note] = []
        if let card {
            notes.append(Diagnostic.Note(file: file, location: card.location, message: "'\(card.title)' is here"))
        }
        notes.append(Diagnostic.Note(file: file, location: nil, message: "--force does it anyway"))
        throw EditFailure(.refused, problems.map { Diagnostic($0.0, file: file, at: $0.1, notes: notes) })
    }

    /// Where the `transitions` rule for cards leaving `lane` is written.
    private func transitionsLocation(_ lane: Lane) -> SourceLocation? {
        let rules = board.rules
        if let transitions = rules.transitions {
            if let key = transitions.keys.first(where: { $0.matchesName(of: lane) }), let location = key.location {
                return location
            }
            if let key = transitions.keys.first(where: { !$0.isLaneName && $0.state == lane.state }),
                let location = key.location
            {
                return location
            }
        }
        return rules.locations["transitions"]
    }

    /// The WIP limits a card entering `lane` (from `from`, or new) would go over: the lane's own, and its state's.
    private func wipProblems(into lane: Lane, from: Lane?) -> [(Problem, SourceLocation?)] {
        var problems: [(Problem, SourceLocation?)] = []
        if let limit = lane.wipLimit, lane.cards.count >= limit {
            problems.append(
                (
                    .laneAtWIPLimit(lane: lane.name, count: lane.cards.count, limit: limit),
                    lane.wipLimitLocation ?? lane.location
                ))
        }
        guard from?.state != lane.state else { return problems }
        for (name, limit) in board.rules.wip.sorted(by: { $0.key.text < $1.key.text }) where limit > 0 {
            guard board.lane(named: name.text) == nil, let state = name.state, state == lane.state else { continue }
            let count = board.cardCount(in: state)
            if count >= limit {
                problems.append(
                    (
                        .stateAtWIPLimit(state: state, count: count, limit: limit),
                        name.location ?? board.rules.locations["wip"]
                    ))
            }
        }
        return problems
    }

    // MARK: - Names and values

    func resolveLane(_ name: String) throws(EditFailure) -> Int {
        try CardLookup.lane(name, on: board)
    }

    /// A card written into a lane of notes would make its items cards, or be read as its text: neither is the edit.
    /// Refuses to write cards into a lane of notes, or into a lane read from a table or of cards written as blocks of
    /// YAML.
    /// A lane of a table of its own, or a status of the board's table, takes rows (`rows`), and nothing else.
    private func refuseUnwritable(_ laneIndex: Int, rows: Bool = false) throws(EditFailure) {
        let lane = board.lanes[laneIndex]
        if lane.holdsNotes { throw EditFailure(.usage, .laneHoldsNotes(lane.name), file: file) }
        if rows, holdsRows(lane) { return }
        let read =
            lane.isTable
            ? "is read from a table"
            : lane.isDiagram
                ? "is a column of a Mermaid kanban diagram"
                : lane.cards.contains { $0.style == .yamlBlock } ? "holds cards written as YAML" : nil
        if let read {
            throw EditFailure(
                .refused,
                .editNotPossible(
                    "'\(lane.name)' \(read), which pm-render reads but does not write: edit the lane in the file"),
                file: file)
        }
    }

    /// The card `query` names, unless it is a block of YAML or a table's row (read, never written; a row of a lane's
    /// own table, or of the board's table of statuses, is edited, moved and removed, with `rows`).
    private func resolveCard(_ query: String, rows: Bool = false) throws(EditFailure) -> CardLookup.Position {
        let position = try CardLookup.resolve(query, on: board)
        let card = board.lanes[position.lane].cards[position.index]
        let written: String
        switch card.style {
        case .listItem, .heading: return position
        case .tableRow:
            guard holdsRows(board.lanes[position.lane]) else {
                written =
                    board.lanes[position.lane].isColumn
                    ? "a cell of a table whose columns are lanes" : "a row of a table"
                break
            }
            if rows { return position }
            // (Only `archive` takes no rows: an archive of rows would be a table of its own.)
            throw rowRefusal(card, "rows are moved, edited and removed, not archived", fix: "remove it, or move it")
        case .yamlBlock: written = "a block of YAML"
        case .mermaidItem: written = "an item of a Mermaid kanban diagram"
        }
        throw EditFailure(
            .refused,
            .editNotPossible(
                "'\(card.title)' is \(written), which pm-render reads but does not write: edit it in the file"),
            file: file, at: card.location)
    }

    /// A new title for a card that has its other fields: tags in it join the card's, but a date, an ID, a priority, a
    /// field or an assignee in it would change what `edit` keeps (those have options of their own, or are edited in the
    /// file).
    func validRenamedTitle(_ title: String) throws(EditFailure) -> String {
        let valid = try validTitle(title)
        let metadata = CardTokens.scan(valid, triggers: conventions.triggers, source: true).contains {
            switch $0 {
            case .text, .token(.tag, _, _): false
            case .token: true
            }
        }
        guard !metadata else {
            throw invalid(
                "title", title,
                expected: "a title without a date, ID, priority, field or other metadata in it (give the deadline "
                    + "with --due)")
        }
        return valid
    }

    /// What `edit` says it did: the card renamed (its new title as the board reads it, `shown`, as its old one is:
    /// `\#tag` is `#tag`), or which of its fields were edited.
    func editSummary(of card: Card, _ changes: CardChanges, fields: [String], shown: String? = nil) -> String {
        if let title = changes.title, fields == ["title"] {
            return phrases.text("change.renamed", ["old": card.title, "title": shown ?? title])
        }
        return phrases.text(
            "change.edited",
            [
                "title": changes.title ?? card.title,
                "fields": phrases.list(fields.map { phrases.text("field.\($0)") }),
            ])
    }

    /// The usage failure of an option's value that is not what it must be.
    private func invalid(_ option: String, _ value: String, expected: String) -> EditFailure {
        EditFailure(.usage, .invalidEditValue(option: option, value: value, expected: expected), file: file)
    }

    /// A control character other than a tab or a line break: written into a board, it would be there unseen (an
    /// escape sequence pasted from a terminal) or make it no text at all (NUL).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F
    }

    private func validTitle(_ title: String) throws(EditFailure) -> String {
        let trimmed = title.trimmingWhitespace
        func refused(_ expected: String) -> EditFailure { invalid("title", title, expected: expected) }
        // A title must show some text: HTML and `%%` comments alone read as no title at all.
        // (As the text of a list item or heading: `1. Intro` is no list there.)
        let shown = MarkdownParser.inline(CardBlock.escapingBlockStart(trimmed)).inlineText
            .replacingOccurrences(of: "%%.*?(%%|$)", with: "", options: .regularExpression)
        if !trimmed.isEmpty, !trimmed.contains(where: { $0.isNewline }), shown.trimmingWhitespace.isEmpty {
            throw refused("a title that shows some text (HTML and comments do not)")
        }
        guard !trimmed.isEmpty else { throw refused("a title") }
        // A control character (an escape sequence pasted from a terminal) would be written into the board unseen.
        if trimmed.unicodeScalars.contains(where: Self.isControl) {
            throw refused("a title without control characters")
        }
        // (An argument's bytes that are not UTF-8 arrive as U+FFFD: the title would be written changed.)
        if trimmed.unicodeScalars.contains("\u{FFFD}") {
            throw refused("a title in UTF-8 text (it holds bytes that are not, shown as '\u{FFFD}')")
        }
        // `- TBD` alone in a lane says the lane is empty (but on an Obsidian board, where the plugin shows it as a card).
        if !board.style.headingCards, board.style.dialect != .obsidianKanban, Placeholder.isItem(trimmed) {
            throw refused("a title that says more than that a lane is empty (alone in a lane, it would read so)")
        }
        // Taskell shows a title as plain text: an escape written for Markdown would show.
        if board.style.dialect == .taskell, CardBlock.escapingBlockStart(trimmed) != trimmed {
            throw refused(
                "a title that does not start like a list, a quote or code (Taskell would show the backslash that "
                    + "keeps Markdown from reading it so)")
        }
        // On a board of items without task boxes, `- [x] Title` would be a checked card titled "Title".
        if !board.style.taskItems, !board.style.headingCards, ObsidianSyntax.startsWithTaskBox(Substring(trimmed)) {
            throw refused("a title that does not start with a task box")
        }
        // Dates, IDs and stamps alone leave no title (tags alone are one: `#idea`).
        let hasTag = CardTokens.scan(trimmed, triggers: conventions.triggers, source: true).contains {
            if case .token(.tag, _, _) = $0 { return true }
            return false
        }
        if !hasTag, CardBlock.words(trimmed, conventions: conventions).trimmingWhitespace.isEmpty {
            throw refused("a title with words, not only metadata")
        }
        // A `<br>` (`<br/>`, `<BR />`) outside a code span ends a title: what follows would be the description.
        guard !trimmed.contains(where: { $0.isNewline }),
            trimmed.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)
                .range(of: #"<br\s*/?>"#, options: [.regularExpression, .caseInsensitive]) == nil
        else { throw refused("a title of one line (a <br> would start the description)") }
        // A date token that holds no date would be read as a bad date, and left out of the title.
        if let value = EditVerifier.badDate(in: trimmed, on: board) {
            throw refused(
                "a title whose date tokens hold dates ('\(value)' is none; a mark escaped with a backslash, as in "
                    + "'\\@{…}', is text)")
        }
        return trimmed
    }

    func validateTag(_ tag: String) throws(EditFailure) {
        let pieces = CardTokens.scan("#" + tag, triggers: conventions.triggers)
        guard pieces.count == 1, case .token(.tag(let name), _, _) = pieces[0], name == tag else {
            throw invalid(
                "tag", tag,
                expected: "letters, digits, '-', '_' or '/', not only digits, without '#', and not a colour "
                    + "(six or eight hex digits with a digit among them)")
        }
    }

    /// Refuses a name the board would not read back as that assignee, by the reader's own rule for an `Assignee:`
    /// line (`CardField.lineText`, `CardField.parse`, `CardDraft.add`): its value in plain text (no HTML, emphasis,
    /// link or `<br>`), not one that only holds a place (`TBD`, `none`, `—`), split at commas, `@` and `[[…]]` taken
    /// off.
    func validateAssignee(_ name: String, option: String = "--assignee") throws(EditFailure) {
        let expected =
            "a name in plain text (no '@' or '[[…]]' around it, no ',' or ']', no HTML or Markdown marks), and not "
            + "one that only holds a place (TBD, none, —)"
        guard !name.contains("]"), !name.contains(where: { $0.isNewline }) else {
            throw invalid(option, name, expected: expected)
        }
        let markdown = MarkdownParser.inline("Assignee: " + name)
        var draft = CardDraft()
        if let text = CardField.lineText(Array(markdown.roots), in: markdown),
            let (field, value) = CardField.parse(Substring(text)), field == .assignees
        {
            draft.add(field, value: value, at: SourceLocation(line: 1, column: 1), dateFormat: nil)
        }
        guard draft.assignees == [name] else { throw invalid(option, name, expected: expected) }
    }

    /// Adds the values a list (tags, assignees) lacks and removes those it has, in the card's text; the new list.
    private func change(
        _ list: [String], adding: [String], removing: [String], in block: inout CardBlock,
        add: (String, inout CardBlock) -> Void, remove: (String, inout CardBlock) -> Void
    ) -> [String] {
        var list = list
        for value in unique(adding) where !list.contains(value) {
            add(value, &block)
            list.append(value)
        }
        for value in unique(removing) where list.contains(value) {
            remove(value, &block)
            list.removeAll { $0 == value }
        }
        return list
    }

    func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
