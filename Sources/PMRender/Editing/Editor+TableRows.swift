/// Cards that are rows of a lane's own table (`## Doing` over `| ID | Task | Owner |`): a row is edited, removed,
/// moved to another lane's table (its cells put under the columns of the same names) or added as a line of cells.
/// Rows of a table that is the whole board (`| Task | Status |`, a lane a status) are edited and removed the same
/// way, moved by their status cell and added with their lane's status. Rows of a table whose columns are the lanes
/// are read but not written.
extension Editor {
    /// A table of cards in the file, as an edit of its rows needs it.
    struct RowTable {
        let table: PipeTable
        /// Its columns' names as the reader compares them (`PipeTable.plainName`).
        let names: [String]
        /// How its header is written: a pipe before the first cell, after the last, and its indentation.
        let leadingPipe: Bool
        let trailingPipe: Bool
        let indent: [UInt8]

        /// The line its last row is on (the delimiter's, when it has none).
        var lastLine: Int { table.rows.last?.line ?? table.line + 1 }

        /// The column that says a row's status (`Status`, `Estado`, `상태`), if any.
        var statusColumn: Int? { names.firstIndex { PipeTable.laneNames.contains($0) } }

        /// The status every row of the table has, written the same way (`Done`): what a row moved or added there
        /// takes. Nil when the rows differ, or there are none.
        var sharedStatus: String? {
            guard let column = statusColumn, let first = table.rows.first?.cells[column].text, !first.isEmpty,
                table.rows.allSatisfy({ $0.cells[column].text == first })
            else { return nil }
            return first
        }

        /// The first status written in the table that means `state` (`Todo` for a todo lane's new row), if any.
        func status(meaning state: CardState) -> String? {
            guard let column = statusColumn else { return nil }
            return table.rows.lazy.map { $0.cells[column].text }.first {
                LaneStates.meaning(of: $0) == .state(state)
            }
        }
    }

    /// The table whose row is on `line`, or nil.
    func rowTable(atRow line: Int) -> RowTable? {
        guard let source = sourceText, line >= 1, line <= source.lineCount else { return nil }
        var top = line
        while top > 1, !source.isBlank(top - 1), PipeTable.cells(source, line: top - 1) != nil { top -= 1 }
        guard let table = PipeTable(lines: top...line, in: source), table.rows.contains(where: { $0.line == line })
        else { return nil }
        return rowTable(table, source: source)
    }

    private func rowTable(_ table: PipeTable, source: SourceText) -> RowTable {
        let header = text.line(table.line).content
        let indent = Array(header.prefix { $0 == 0x20 || $0 == 0x09 })
        let trimmed = header.dropFirst(indent.count)
        let end = trimmed.lastIndex { $0 != 0x20 && $0 != 0x09 }
        return RowTable(
            table: table, names: table.header.map { PipeTable.plainName($0.text) },
            leadingPipe: trimmed.first == UInt8(ascii: "|"),
            trailingPipe: end.map { trimmed[$0] == UInt8(ascii: "|") } ?? false, indent: indent)
    }

    /// Whether the lane's cards are rows of tables under its own heading, which pm-render writes (not a status's rows
    /// of a table that is the whole board, nor a table's column).
    func holdsOwnTables(_ lane: Lane) -> Bool {
        guard lane.isTable else { return false }
        if let row = lane.cards.first {
            guard row.style == .tableRow, let table = rowTable(atRow: row.location.line) else { return false }
            return lane.location.line < table.table.line
        }
        return tableUnderHeading(of: lane) != nil
    }

    /// Whether the lane is a status of a table that is the whole board (`| Task | Status |`, a lane a status), as the
    /// reader read it.
    func isStatusOfTable(_ lane: Lane) -> Bool {
        lane.isStatus && lane.cards.first?.style == .tableRow
    }

    /// Whether pm-render writes the lane's cards as rows: of a table of its own, or of the board's table of statuses.
    func holdsRows(_ lane: Lane) -> Bool {
        holdsOwnTables(lane) || isStatusOfTable(lane)
    }

    /// The status a lane of the board's table of statuses is, as its first row writes it (without the row's own note:
    /// `PipeTable.status`).
    private func status(of lane: Lane, in table: RowTable) -> String? {
        guard let column = table.statusColumn, let first = lane.cards.first,
            let cell = table.table.rows.first(where: { $0.line == first.location.line })?.cells[column].text
        else { return nil }
        return String(PipeTable.status(cell))
    }

    /// The first table in a lane with no cards, under its heading (not a lane that is a column of a table, named on
    /// its header's line).
    private func tableUnderHeading(of lane: Lane) -> RowTable? {
        guard let source = sourceText, PipeTable.cells(source, line: lane.location.line) == nil else { return nil }
        let end = min(max(lane.endLine, lane.location.line), source.lineCount)
        var line = lane.location.line + 1
        while line < end {
            if !source.isBlank(line), PipeTable.cells(source, line: line) != nil,
                let table = PipeTable(lines: line...end, in: source), table.line <= end
            {
                return rowTable(table, source: source)
            }
            line += 1
        }
        return nil
    }

    /// Where a row goes in a lane of its own tables.
    struct RowInsertion {
        var table: RowTable
        /// The line it goes before.
        var before: Int
        /// Its index among the lane's cards.
        var index: Int
        /// The line of the one row of a lane without cards, which says it is empty (`| — | Nothing yet | — |`) or
        /// holds nothing: the row takes its place (after it, that row would be read as a card).
        var replacing: Int?

        func edit(_ line: EditableText.Line) -> LineEdit {
            replacing.map { .replace($0...$0, with: [line]) } ?? .insert([line], before: before)
        }
    }

    /// Where a row goes in a lane of its own tables: after the last row of the table of its last card, or, at the
    /// top, before the first row of the table of its first card. In a status of the board's table: after the lane's
    /// last row, or before its first.
    private mutating func rowInsertion(in lane: Lane) -> RowInsertion? {
        let rows = lane.cards.filter { $0.style == .tableRow }
        let ofStatus = isStatusOfTable(lane)
        if request.top, let first = rows.first, let table = rowTable(atRow: first.location.line) {
            let before = ofStatus ? first.location.line : table.table.rows.first?.line ?? first.location.line
            return RowInsertion(table: table, before: before, index: 0)
        }
        if let last = rows.last, let table = rowTable(atRow: last.location.line) {
            let before = ofStatus ? last.location.line + 1 : table.lastLine + 1
            return RowInsertion(table: table, before: before, index: lane.cards.count)
        }
        guard let table = tableUnderHeading(of: lane) else { return nil }
        var insertion = RowInsertion(table: table, before: table.lastLine + 1, index: 0)
        if table.table.rows.count == 1, let row = table.table.rows.first {
            insertion.replacing = row.line
            let written = text.line(row.line).text.trimmingWhitespace
            warnings.append(
                Diagnostic(
                    .laneSaysEmpty(lane: lane.name, line: written), file: file,
                    at: SourceLocation(line: row.line, column: 1)))
        }
        return insertion
    }

    /// A row of `cells` written as `table` writes its header: in a table whose lines put their pipes at the same
    /// places, padded to its columns (aligned as its delimiter row says), when every cell fits.
    private func rowLine(_ cells: [String], like table: RowTable) -> EditableText.Line {
        var bytes = table.indent
        if let widths = alignedWidths(of: table), widths.count == cells.count,
            zip(cells, widths).allSatisfy({ $0.unicodeScalars.count <= $1.width - 2 })
        {
            bytes += Array("|".utf8)
            for (cell, column) in zip(cells, widths) {
                let room = column.width - 2 - cell.unicodeScalars.count
                let before = column.alignment == .right ? room : column.alignment == .center ? room / 2 : 0
                let padded =
                    String(repeating: " ", count: before + 1) + cell
                    + String(repeating: " ", count: room - before + 1)
                bytes += Array((padded + "|").utf8)
            }
            return EditableText.Line(content: bytes, terminator: conventions.lineEnding)
        }
        if table.leadingPipe { bytes += Array("| ".utf8) }
        bytes += Array(cells.joined(separator: " | ").utf8)
        if table.trailingPipe { bytes += Array(" |".utf8) }
        return EditableText.Line(content: bytes, terminator: conventions.lineEnding)
    }

    /// A column of an aligned table: the characters between its pipes, and how its delimiter row aligns it.
    private struct AlignedColumn {
        enum Alignment { case left, right, center }
        let width: Int
        let alignment: Alignment
    }

    /// The columns of a table written with a pipe before its first cell and after its last, whose every line puts
    /// its pipes at the same places (counted in characters: a table aligned for wide characters is not matched), and
    /// whose cells hold a space on each side at least; nil otherwise.
    private func alignedWidths(of table: RowTable) -> [AlignedColumn]? {
        guard table.leadingPipe, table.trailingPipe else { return nil }
        let lines = [table.table.line, table.table.line + 1] + table.table.rows.map(\.line)
        var places: [Int]?
        var delimiter: [Unicode.Scalar] = []
        // Columns whose rows start their text one space after the pipe: written flush left, whatever the delimiter
        // row says.
        var flushLeft = Array(repeating: true, count: table.names.count)
        for line in lines {
            let scalars = Array(text.line(line).text.unicodeScalars)
            let pipes = scalars.indices.filter { scalars[$0] == "|" && ($0 == 0 || scalars[$0 - 1] != "\\") }
            guard pipes.count == table.names.count + 1, places == nil || places == pipes,
                scalars[(pipes.last! + 1)...].allSatisfy(\.isSpaceLike)
            else { return nil }
            places = pipes
            if line == table.table.line + 1 { delimiter = scalars }
            guard line > table.table.line + 1 else { continue }
            for (column, (from, to)) in zip(pipes, pipes.dropFirst()).enumerated() {
                let spaces = scalars[(from + 1)..<to].prefix(while: \.isSpaceLike).count
                if spaces > 1, spaces < to - from - 1 { flushLeft[column] = false }
            }
        }
        guard let places else { return nil }
        return zip(places, places.dropFirst()).enumerated().map { column, pipes in
            let (from, to) = pipes
            let cell = delimiter[(from + 1)..<to].filter { !$0.isSpaceLike }
            let alignment: AlignedColumn.Alignment =
                flushLeft[column] ? .left : cell.last == ":" ? (cell.first == ":" ? .center : .right) : .left
            return AlignedColumn(width: to - from - 1, alignment: alignment)
        }
    }

    /// A cell's text for `value`: a pipe in it escaped, as GitHub reads one inside a cell.
    private static func cell(_ value: String) -> String {
        value.replacingOccurrences(of: "|", with: "\\|")
    }

    /// The refusal for a table's row that cannot go where it is asked to.
    func rowRefusal(_ card: Card, _ reason: String, fix: String = "move it") -> EditFailure {
        EditFailure(
            .refused, .editNotPossible("'\(card.title)' is a row of a table: \(reason); \(fix) in the file"),
            file: file, at: card.location)
    }

    /// Moves a table's row into another lane's table (or to the top of its own lane's first table): its line goes,
    /// and a line with its cells under the columns of the same names comes in. A status column takes the status the
    /// rows of the table it goes to all have.
    mutating func relocateRow(_ position: CardLookup.Position, to laneIndex: Int) throws(EditFailure) -> Change {
        let from = board.lanes[position.lane]
        let to = board.lanes[laneIndex]
        let card = from.cards[position.index]
        guard holdsOwnTables(to), let insertion = rowInsertion(in: to) else {
            throw rowRefusal(card, "'\(to.name)' holds no table of cards to take it")
        }
        guard let source = rowTable(atRow: card.location.line),
            let row = source.table.rows.first(where: { $0.line == card.location.line })
        else { throw rowRefusal(card, "its table could not be read again") }
        let target = insertion.table
        // Every filled cell needs a column of its name in the table it goes to.
        let lost = source.names.indices.filter {
            !PipeTable.isEmpty(row.cells[$0]) && !target.names.contains(source.names[$0])
        }
        guard lost.isEmpty else {
            let names = lost.map { "'\(source.table.header[$0].text)'" }.joined(separator: ", ")
            throw rowRefusal(card, "the table of '\(to.name)' has no column \(names) for what the row holds")
        }
        var cells = target.names.map { name in
            source.names.firstIndex(of: name).map { row.cells[$0].text } ?? ""
        }
        var check = TargetCheck(base: card, lane: to.name)
        if let column = target.statusColumn, let status = target.sharedStatus,
            laneIndex != position.lane, cells[column] != status
        {
            cells[column] = status
            check.fieldSwap = (
                key: PipeTable.displayName(target.table.header[column].text),
                new: MarkdownParser.inline(status).inlineText.trimmingWhitespace
            )
            check.checked = LaneStates.meaning(of: status) == .state(.done)
        }
        // The same columns in the same order: the row's line as written (its spacing, its alignment).
        let unchanged = source.names == target.names && cells == row.cells.map(\.text)
        var line = unchanged ? text.line(row.line) : rowLine(cells, like: target)
        line.terminator = conventions.lineEnding
        var expectation = Expectation(board: board)
        expectation.lanes[position.lane].remove(at: position.index)
        let index = insertion.index
        let at = laneIndex == position.lane && index > position.index ? index - 1 : index
        expectation.lanes[laneIndex].insert(.target, at: at)
        expectation.target = check
        return Change(
            edits: [.remove(row.line...row.line), insertion.edit(line)], expectation: expectation,
            summary: laneIndex == position.lane
                ? phrases.text("change.raised", ["title": card.title, "lane": to.name])
                : phrases.text("change.moved", ["title": card.title, "from": from.name, "to": to.name]),
            card: card)
    }

    /// Where a row of the board's table of statuses goes: a status of the table (a lane), or one no row has yet.
    enum StatusDestination {
        case lane(Int)
        case new(String, CardState)
    }

    /// Moves a row of the board's table of statuses to another status: its status cell is rewritten as the lane's
    /// first row writes it (a new status, as given), every other byte of its line kept, and it stays where it is
    /// (with `--top`, it goes before the lane's first row). A status whose last row leaves is no lane any more; a new
    /// one is a lane from then on.
    mutating func restatusRow(
        _ position: CardLookup.Position, to destination: StatusDestination
    ) throws(EditFailure) -> Change {
        let from = board.lanes[position.lane]
        let card = from.cards[position.index]
        guard let table = rowTable(atRow: card.location.line), let column = table.statusColumn,
            let row = table.table.rows.first(where: { $0.line == card.location.line })
        else { throw rowRefusal(card, "its table could not be read again") }
        let status: String
        let to: (name: String, state: CardState, cards: [Card])
        switch destination {
        case .lane(let laneIndex):
            let lane = board.lanes[laneIndex]
            // (A row's table is read up to that row: the lane's own first row's reads its status.)
            guard isStatusOfTable(lane), let first = lane.cards.first,
                let ofLane = rowTable(atRow: first.location.line),
                ofLane.table.line == table.table.line, let written = self.status(of: lane, in: ofLane)
            else { throw rowRefusal(card, "'\(lane.name)' is no status of its table", fix: "change its status") }
            (status, to) = (written, (lane.name, lane.state, lane.cards))
        case .new(let name, let state):
            // (A status given with a note, `Done (2026-01-10)`, of a lane the table has: the row goes there, the note
            // written as given.)
            (status, to) = (Self.cell(name), (name, state, statusLane(named: name).map { board.lanes[$0].cards } ?? []))
        }
        var cells = row.cells.map(\.text)
        cells[column] = status
        let line = rowLine(cells, replacing: row, in: text.line(row.line), aligned: alignedWidths(of: table) != nil)
        var expectation = Expectation(board: board)
        expectation.lanes[position.lane].remove(at: position.index)
        let noted: Int? = if case .new(let name, _) = destination { statusLane(named: name) } else { nil }
        if expectation.lanes[position.lane].isEmpty, noted != position.lane {
            try takeAwayStatus(position.lane, &expectation)
        }
        let edits: [LineEdit]
        let index: Int
        if request.top, let first = to.cards.first, first.location.line != row.line {
            edits = [.remove(row.line...row.line), .insert([line], before: first.location.line)]
            index = 0
        } else {
            edits = [.replace(row.line...row.line, with: [line])]
            index = to.cards.count { $0.location.line < row.line && $0.location != card.location }
        }
        switch destination {
        case .lane(let laneIndex):
            expectation.lanes[laneIndex].insert(.target, at: index)
            expectation.target = TargetCheck(base: card, lane: to.name)
        case .new(let name, _):
            // (A note in brackets after the status is the row's: the lane is the status alone.)
            if let noted {
                expectation.lanes[noted].insert(.target, at: index)
            } else {
                expectation.newLane = (String(PipeTable.status(name)), [.target])
            }
            expectation.target = TargetCheck(base: card)
        }
        expectation.lanesMayReorder = true
        // (A row is done as its status is; a note after its status, a field, goes with it.)
        expectation.target.checked = to.state == .done
        expectation.target.fieldMayChange = PipeTable.displayName(table.table.header[column].text)
        let stays: Bool = if case .lane(let laneIndex) = destination { laneIndex == position.lane } else { false }
        return Change(
            edits: edits, expectation: expectation,
            summary: stays
                ? phrases.text("change.raised", ["title": card.title, "lane": to.name])
                : phrases.text("change.moved", ["title": card.title, "from": from.name, "to": to.name]),
            card: card)
    }

    /// The status of the board's table that a status written with a note names (`Done (2026-01-10)`: `Done`), if the
    /// note is all that sets the two apart.
    func statusLane(named name: String) -> Int? {
        let bare = PipeTable.status(name)
        guard bare.count < name.count, case let key = LaneName.key(String(bare)) else { return nil }
        return board.lanes.firstIndex { isStatusOfTable($0) && LaneName.key($0.name) == key }
    }

    /// The status of the board's table at `laneIndex`, whose last row leaves it, is no lane after the edit (its text
    /// may go to another: the lanes are checked by name). Refused when a rule of the front matter names the lane: the
    /// board would then name a lane it has not.
    func takeAwayStatus(_ laneIndex: Int, _ expectation: inout Expectation) throws(EditFailure) {
        let lane = board.lanes[laneIndex]
        // (A rule may name a status that says a state while no row has it: `BoardValidator.unknownNames`.)
        if board.rules.namesLane(lane), !BoardValidator.namesStatusToBe(lane.name, on: board) {
            throw EditFailure(
                .refused,
                .editNotPossible(
                    "no row would have the status '\(lane.name)' after this edit, so it would be no lane, and the "
                        + "front matter's rules name it: change the rules, or the rows' statuses in the file"),
                file: file, at: lane.location)
        }
        expectation.lanesGone.insert(laneIndex)
        expectation.lanesMayReorder = true
    }

    /// The roles of a table's columns as the reader took them for `card`, a row of it: of the ways a table is read
    /// (in a lane named for a state or not, any column of text a title or not), the first whose title cell reads as
    /// the card's title (`| [TASK-010](…) | 완료 | … |` is titled by its linked ID, not by a column of text).
    static func roles(of table: PipeTable, reading card: Card, on row: PipeTable.Row) -> [PipeTable.Role]? {
        let ways = [(true, true), (false, false), (true, false), (false, true)].lazy.compactMap {
            table.roles(inLaneOfState: $0.0, anyTitle: $0.1)
        }
        return ways.first { roles in
            roles.firstIndex(of: .title).map {
                MarkdownParser.inline(row.cells[$0].text).inlineText.trimmingWhitespace.hasPrefix(card.title)
            } ?? false
        } ?? ways.first
    }

    /// Whether a cell is a link alone (`[TASK-010](TASK-010-ws.md)`).
    private static func isLink(_ cell: String) -> Bool {
        let cell = Substring(cell).trimmingSpaces
        return cell.hasPrefix("[") && cell.hasSuffix(")") && cell.contains("](") && !cell.dropFirst().contains("[")
    }

    /// Edits a table's row in place: the cells of the columns the change reaches (the title's, the deadline's, the
    /// assignees', the tags' or, without one, the title's `#tags`) are rewritten, every other byte of the line kept. A
    /// change with no column to hold it is refused.
    mutating func editRow(_ position: CardLookup.Position, _ changes: CardChanges) throws(EditFailure) -> Change {
        let card = board.lanes[position.lane].cards[position.index]
        guard let table = rowTable(atRow: card.location.line),
            let row = table.table.rows.first(where: { $0.line == card.location.line }),
            let roles = Self.roles(of: table.table, reading: card, on: row),
            let titleColumn = roles.firstIndex(of: .title)
        else { throw rowRefusal(card, "its table could not be read again") }
        var cells = row.cells.map(\.text)
        var check = TargetCheck(base: card, lane: card.lane)
        var fields: [String] = []
        func column(_ role: PipeTable.Role, for what: String) throws(EditFailure) -> Int {
            guard let column = roles.firstIndex(of: role) else {
                throw rowRefusal(card, "its table has no column for \(what)", fix: "edit it")
            }
            return column
        }
        /// The `#tags` written in the title's cell, as written.
        let titleTags = CardTokens.scan(cells[titleColumn], triggers: conventions.triggers, source: true).compactMap {
            if case .token(.tag, let raw, _) = $0 { return raw }
            return nil
        }
        if let title = changes.title {
            // (A table of linked IDs, `| [TASK-010](TASK-010-….md) | 완료 |`, names each task in its own file.)
            if Self.isLink(cells[titleColumn]) {
                throw rowRefusal(
                    card, "its title is a link to the task's own file, which names it",
                    fix: "rename the task there, and the link")
            }
            let valid = try validRenamedTitle(title)
            // Its tokens and comments kept after the new words, as on a list card's title line.
            cells[titleColumn] = CardBlock.replacingWords(
                of: cells[titleColumn], with: Self.cell(valid), conventions: conventions)
            let given = EditVerifier.cardAsRead(valid, on: board)
            check.title = given.title
            check.titleChanged = true
            if !given.tags.isEmpty { check.tags = unique(card.tags + given.tags) }
            fields.append("title")
        }
        if let due = changes.due {
            let dueColumn = try column(.field(.due), for: "a deadline")
            cells[dueColumn] = due.map(conventions.fieldDeadline) ?? ""
            check.due = .some(due)
            // (What the cell held that is no date, `sofort`, was a field of its own.)
            check.fieldMayChange = PipeTable.displayName(table.table.header[dueColumn].text)
            fields.append("deadline")
        }
        if !changes.addTags.isEmpty || !changes.removeTags.isEmpty {
            for tag in changes.addTags { try validateTag(tag) }
            let spelt = { (tag: String) in card.tags.first { $0.lowercased() == tag.lowercased() } }
            let added = unique(changes.addTags.filter { spelt($0) == nil })
            let removed = Set(changes.removeTags.compactMap(spelt))
            let tagsColumn = roles.firstIndex(of: .field(.tags))
            // Taken away where they are written (the title's cell, the tags' column), added to the tags' column, or
            // to the title's cell without one.
            let keptInTitle = titleTags.filter { !removed.contains(String($0.dropFirst())) }
            if keptInTitle.count < titleTags.count || (tagsColumn == nil && !added.isEmpty) {
                let written = titleTags.joined(separator: " ")
                guard cells[titleColumn].hasSuffix(written) else {
                    throw rowRefusal(card, "its tags are written inside its title", fix: "edit them")
                }
                let title = String(cells[titleColumn].dropLast(written.utf8.count)).trimmingWhitespace
                let tags = keptInTitle + (tagsColumn == nil ? added.map { "#" + $0 } : [])
                cells[titleColumn] = ([title] + tags).joined(separator: " ")
            }
            if let tagsColumn {
                let inTitle = Set(titleTags.map { $0.dropFirst().lowercased() })
                let inColumn = card.tags.filter { !inTitle.contains($0.lowercased()) }
                let new = inColumn.filter { !removed.contains($0) } + added
                if new != inColumn { cells[tagsColumn] = Self.cell(new.joined(separator: ", ")) }
            }
            check.tags = card.tags.filter { !removed.contains($0) } + added
            fields.append("tags")
        }
        if !changes.addAssignees.isEmpty || !changes.removeAssignees.isEmpty {
            for name in changes.addAssignees { try validateAssignee(name) }
            let assigneesColumn = try column(.field(.assignees), for: "assignees")
            let names = unique(card.assignees + changes.addAssignees).filter { !changes.removeAssignees.contains($0) }
            let written = row.cells[assigneesColumn]
            if names == card.assignees {
                // (Nothing to write: the cell stays as written.)
            } else if PipeTable.isEmpty(written) || written.text == card.assignees.joined(separator: ", ") {
                cells[assigneesColumn] = Self.cell(names.joined(separator: ", "))
            } else if card.assignees.allSatisfy(names.contains) {
                // Added after the names as they are written (`[[ann]]` stays a link).
                let added = names.filter { !card.assignees.contains($0) }
                cells[assigneesColumn] = ([written.text] + added.map(Self.cell)).joined(separator: ", ")
            } else {
                throw rowRefusal(
                    card, "its assignees are written with marks or separators pm-render would not keep",
                    fix: "edit them")
            }
            check.assignees = names
            fields.append("assignees")
        }
        // (A cell the row leaves out, `| Spec |` under `| Task | Owner |`, has no place to write.)
        if let missing = cells.indices.first(where: { cells[$0] != row.cells[$0].text && row.cells[$0].byteColumn == 0 }
        ) {
            throw rowRefusal(card, "the row has no cell under '\(table.table.header[missing].text)'", fix: "edit it")
        }
        if cells == row.cells.map(\.text) {
            let problem = Problem.editChangesNothing(title: card.title)
            return Change(
                summary: problem.message, card: card, keepsOldCard: true,
                notes: [Diagnostic(problem, file: file, at: card.location)])
        }
        var expectation = Expectation(board: board)
        expectation.lanes[position.lane][position.index] = .target
        expectation.target = check
        return Change(
            edits: [
                .replace(
                    row.line...row.line,
                    with: [
                        rowLine(
                            cells, replacing: row, in: text.line(row.line), aligned: alignedWidths(of: table) != nil)
                    ])
            ],
            expectation: expectation, summary: editSummary(of: card, changes, fields: fields), card: card)
    }

    /// The line of `row` with the cells that differ from `cells` rewritten, every other byte kept (a cell that was
    /// empty is written with a space on each side).
    /// In a table whose pipes line up (`aligned`), the spaces after a rewritten cell take up the difference, as far
    /// as they can, so that the pipes stay where they were.
    private func rowLine(
        _ cells: [String], replacing row: PipeTable.Row, in line: EditableText.Line, aligned: Bool = false
    ) -> EditableText.Line {
        var line = line
        // From the last cell back, so that the byte columns of those before stay right.
        for column in row.cells.indices.reversed() where cells[column] != row.cells[column].text {
            var start = row.cells[column].byteColumn - 1
            let end = start + row.cells[column].text.utf8.count
            guard start >= 0, end <= line.content.count else { continue }
            var new = Array(cells[column].utf8)
            var after = end
            if start == end, !new.isEmpty {
                // (An empty cell is found at its end: its spaces go.)
                while start > 0, line.content[start - 1] == 0x20 || line.content[start - 1] == 0x09 { start -= 1 }
                new = [0x20] + new + (end < line.content.count ? [0x20] : [])
            } else if aligned {
                let change = cells[column].unicodeScalars.count - row.cells[column].text.unicodeScalars.count
                let spaces = line.content[end...].prefix { $0 == 0x20 }.count
                if change < 0 { new += Array(repeating: 0x20, count: -change) }
                if change > 0 { after = end + min(change, max(spaces - 1, 0)) }
            }
            line.content.replaceSubrange(start..<after, with: new)
        }
        return line
    }

    /// Removes a table's row: its line.
    func removeRow(_ card: Card) -> LineEdit {
        .remove(card.location.line...card.location.line)
    }

    /// A new card as a row of the lane's table: the title (and its tags) under the title column, the deadline,
    /// assignees and description under columns of theirs, the status every row has under a status column. A field
    /// given that has no column is refused: the row could not hold it.
    mutating func newRow(_ card: NewCard, title: String, in lane: Lane, status newStatus: String? = nil)
        throws(EditFailure) -> (line: EditableText.Line, insertion: RowInsertion)
    {
        // (The columns as the reader took them for the lane's first row, where it has one.)
        let first = lane.cards.first { $0.style == .tableRow }
        guard var insertion = rowInsertion(in: lane), case let target = insertion.table,
            let roles = first.flatMap({ card in
                target.table.rows.first { $0.line == card.location.line }.flatMap {
                    Self.roles(of: target.table, reading: card, on: $0)
                }
            }) ?? target.table.roles(inLaneOfState: true, anyTitle: true),
            let titleColumn = roles.firstIndex(of: .title)
        else {
            throw EditFailure(
                .refused,
                .editNotPossible("'\(lane.name)' holds a table whose title column is unclear: add the row in the file"),
                file: file)
        }
        // (A table of linked IDs, `| [TASK-010](TASK-010-….md) | 완료 |`, names each task in its own file.)
        if !target.table.rows.isEmpty, target.table.rows.allSatisfy({ Self.isLink($0.cells[titleColumn].text) }) {
            throw EditFailure(
                .refused,
                .editNotPossible(
                    "the rows of '\(lane.name)' are named by links to their tasks' own files: add the task there, "
                        + "and its row in the file"),
                file: file)
        }
        var cells = Array(repeating: "", count: target.names.count)
        // (Tags in the tags' column, as `edit --tag` writes them; without one, after the title.)
        if let column = roles.firstIndex(of: .field(.tags)) {
            cells[titleColumn] = Self.cell(title)
            cells[column] = Self.cell(card.tags.joined(separator: ", "))
        } else {
            let tags = card.tags.map { "#" + $0 }.joined(separator: " ")
            cells[titleColumn] = Self.cell(tags.isEmpty ? title : title + " " + tags)
        }
        func put(_ value: String, in role: PipeTable.Role, named what: String) throws(EditFailure) {
            guard let column = roles.firstIndex(of: role) else {
                throw EditFailure(
                    .refused,
                    .editNotPossible(
                        "the table of '\(lane.name)' has no column for \(what): add the row in the file, or add "
                            + "the card without it"),
                    file: file)
            }
            cells[column] = Self.cell(value)
        }
        if let due = card.due { try put(conventions.fieldDeadline(due), in: .field(.due), named: "a deadline") }
        if !card.assignees.isEmpty {
            try put(card.assignees.joined(separator: ", "), in: .field(.assignees), named: "assignees")
        }
        if let description = card.description?.trimmingWhitespace, !description.isEmpty {
            guard !description.contains(where: \.isNewline) else {
                throw EditFailure(
                    .refused,
                    .editNotPossible("a table's cell holds one line: give the row's description on one line"),
                    file: file)
            }
            try put(description, in: .description, named: "a description")
        }
        // (The lane's status, in the board's table of statuses; else the status the rows share, else one of the
        // table's that means the lane's state: a row without one is no card.)
        if let column = target.statusColumn, let newStatus {
            // (A status no row has yet: after the table's last row.)
            cells[column] = Self.cell(newStatus)
            let whole = sourceText.flatMap { PipeTable(lines: target.table.line...$0.lineCount, in: $0) }
            insertion = RowInsertion(table: target, before: (whole?.rows.last?.line ?? target.lastLine) + 1, index: 0)
        } else if let column = target.statusColumn,
            let status = isStatusOfTable(lane)
                ? status(of: lane, in: target) : target.sharedStatus ?? target.status(meaning: lane.state)
        {
            cells[column] = status
        } else if let column = target.statusColumn, !isStatusOfTable(lane), target.table.rowWithoutStatus() != nil,
            case let statuses = target.table.rows.map({ $0.cells[column] }).filter({ !PipeTable.isEmpty($0) }).map(
                \.text),
            !statuses.isEmpty
        {
            // (A table kept from being the board's lanes by a row without a status: the new row is given the status
            // of its lane's state, in the words of the table's statuses, not another empty one.)
            cells[column] = Self.cell(LaneStates.name(for: lane.state, besides: statuses))
        }
        if let column = roles.firstIndex(of: .field(.id))
            ?? target.names.firstIndex(where: PipeTable.numberNames.contains),
            let id = nextRowID(column: target.names[column], in: target)
        {
            cells[column] = id
        }
        return (rowLine(cells, like: target), insertion)
    }

    /// An ID or row number written as a prefix and a number (`T-007`, `US-12`, `19`).
    private struct NumberedID {
        let prefix: Substring
        let number: Int
        let digits: Int

        init?(_ cell: String) {
            let digits = cell.utf8.reversed().prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            let prefix = cell.dropLast(digits)
            guard digits > 0, digits <= 9, !prefix.contains(where: \.isNumber), let number = Int(cell.suffix(digits))
            else { return nil }
            (self.prefix, self.number, self.digits) = (prefix, number, digits)
        }
    }

    /// The ID a new row takes in `table`'s column `name`: the board's numbering continued. Its prefix is the one most
    /// of the table's IDs have (the board's, for a table without any), its number the highest with that prefix in
    /// any table of cards plus one, padded with zeros as that one is (`T-007` after `T-006`, `19` after `18`). Nil
    /// when no cell of the column is numbered.
    private func nextRowID(column name: String, in table: RowTable) -> String? {
        var tables = [table]
        var seen = Set(table.table.rows.map(\.line))
        for card in board.lanes.lazy.flatMap(\.cards)
        where card.style == .tableRow && !seen.contains(card.location.line) {
            guard let other = rowTable(atRow: card.location.line) else { continue }
            seen.formUnion(other.table.rows.map(\.line))
            tables.append(other)
        }
        func ids(_ table: RowTable) -> [NumberedID] {
            guard let column = table.names.firstIndex(of: name) else { return [] }
            return table.table.rows.compactMap { NumberedID($0.cells[column].text) }
        }
        let all = tables.flatMap(ids)
        func mostCommonPrefix(_ ids: [NumberedID]) -> Substring? {
            let counts = Dictionary(ids.map { ($0.prefix, 1) }, uniquingKeysWith: +)
            return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        }
        guard let prefix = mostCommonPrefix(ids(table)) ?? mostCommonPrefix(all),
            let highest = all.filter({ $0.prefix == prefix }).max(by: { $0.number < $1.number })
        else { return nil }
        let number = String(highest.number + 1)
        let padding = highest.digits > String(highest.number).count ? max(highest.digits - number.count, 0) : 0
        return prefix + String(repeating: "0", count: padding) + number
    }

    /// Adds a card as a row of the lane's table (`newRow`), or, with a `status`, a row of the board's table of
    /// statuses (the lane's) with a status no row has yet.
    mutating func addRow(
        _ card: NewCard, title: String, to laneIndex: Int, status: (name: String, state: CardState)? = nil
    ) throws(EditFailure) -> Change {
        let lane = board.lanes[laneIndex]
        let (line, insertion) = try newRow(card, title: title, in: lane, status: status?.name)
        let given = EditVerifier.cardAsRead(title, on: board)
        var check = TargetCheck(
            lane: status == nil ? lane.name : nil, due: .some(card.due ?? given.due),
            tags: unique(unique(card.tags) + given.tags), assignees: unique(unique(card.assignees) + given.assignees))
        check.title = given.title
        var expectation = Expectation(board: board)
        if let status, let noted = statusLane(named: status.name) {
            expectation.lanes[noted].append(.target)
            expectation.lanesMayReorder = true
        } else if let status {
            expectation.newLane = (String(PipeTable.status(status.name)), [.target])
            expectation.lanesMayReorder = true
        } else {
            expectation.lanes[laneIndex].insert(.target, at: insertion.index)
        }
        expectation.target = check
        let (name, state) = status ?? (lane.name, lane.state)
        return Change(
            edits: [insertion.edit(line)], expectation: expectation,
            summary: phrases.text("change.added", ["title": title, "state": name]),
            card: Card(id: "", title: title, state: state, location: SourceLocation(line: 0, column: 0)))
    }
}
