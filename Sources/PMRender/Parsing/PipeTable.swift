/// A GitHub table in a board's text (cmark has no tables: it reads one as a paragraph): a header row, a delimiter
/// row of as many cells (`|---|:---:|`), and the rows after it, each cell with its place in the file.
struct PipeTable: Sendable {
    struct Cell: Sendable {
        /// The cell's Markdown, trimmed (`\|` stays escaped).
        var text: String
        /// The byte column where it starts (1-based).
        var byteColumn: Int
    }

    struct Row: Sendable {
        var line: Int
        /// As many cells as the header has (missing ones empty, extra ones dropped, as GitHub does).
        var cells: [Cell]
    }

    /// The header's cells.
    var header: [Cell]
    /// The header's line.
    var line: Int
    var rows: [Row]

    /// The table in lines `lines` of `source`: the first header and delimiter rows among them, and the rows after,
    /// up to a blank line. Nil when the lines hold no table.
    init?(lines: ClosedRange<Int>, in source: SourceText) {
        var line = lines.lowerBound
        var cells = Self.cells(source, line: line)
        while line < lines.upperBound, !source.isBlank(line + 1) {
            // (Each line's cells are worked out once: the line below a header that is no table's may be one.)
            let next = Self.cells(source, line: line + 1)
            if let header = cells, let delimiter = next, header.count == delimiter.count,
                delimiter.allSatisfy({ Self.isDelimiter($0.text) })
            {
                self.header = header
                self.line = line
                rows = []
                let blank = Cell(text: "", byteColumn: 0)
                var row = line + 2
                while row <= lines.upperBound, !source.isBlank(row), let cells = Self.cells(source, line: row) {
                    rows.append(
                        Row(
                            line: row,
                            cells: Array((cells + Array(repeating: blank, count: header.count)).prefix(header.count))))
                    row += 1
                }
                return
            }
            cells = next
            line += 1
        }
        return nil
    }

    /// A row's cells, trimmed, without the optional pipes at its ends; nil for a line without `|`. A pipe escaped
    /// with a backslash is the cell's text (inside code spans too, as on GitHub).
    static func cells(_ source: SourceText, line: Int) -> [Cell]? {
        let range = source.byteRange(ofLine: line)
        let bytes = source.bytes[range]
        guard bytes.contains(UInt8(ascii: "|")) else { return nil }
        var cells: [Cell] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        var escaped = false
        func add(_ end: Int) {
            var from = start
            var to = end
            while from < to, bytes[from] == 0x20 || bytes[from] == 0x09 { from += 1 }
            while to > from, bytes[to - 1] == 0x20 || bytes[to - 1] == 0x09 { to -= 1 }
            cells.append(
                Cell(text: String(decoding: bytes[from..<to], as: UTF8.self), byteColumn: from - range.lowerBound + 1))
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "|"), !escaped {
                add(index)
                start = index + 1
            }
            escaped = byte == UInt8(ascii: "\\") && !escaped
            index += 1
        }
        add(bytes.endIndex)
        // The pipes at the row's ends open and close it; they part no cells.
        if cells.count > 1, cells[0].text.isEmpty, bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "|")
        {
            cells.removeFirst()
        }
        if cells.count > 1, cells[cells.count - 1].text.isEmpty,
            bytes.last(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "|")
        {
            cells.removeLast()
        }
        return cells
    }

    /// A cell's Markdown parsed on its own (`line` and `byteColumn`: where the cell is in the file), its nodes placed
    /// where they are in the file.
    static func cellSegments(_ text: String, line: Int, byteColumn: Int) -> [MarkdownSegment] {
        var text = text
        var segments = text.withUTF8 { MarkdownParser.segments($0, firstLine: line) }
        for segment in segments.indices {
            for node in segments[segment].markdown.nodes.indices {
                if segments[segment].markdown.nodes[node].byteColumn > 0 {
                    segments[segment].markdown.nodes[node].byteColumn += byteColumn - 1
                }
                // A cell's `\|` is a pipe in a code span too (GitHub takes it out before the cell's Markdown).
                if segments[segment].markdown.nodes[node].kind == .code {
                    segments[segment].markdown.nodes[node].text.replace("\\|", with: "|")
                }
            }
        }
        return segments
    }

    /// `---`, `:---`, `---:` or `:---:`.
    private static func isDelimiter(_ cell: String) -> Bool {
        var dashes = Substring(cell)
        if dashes.hasPrefix(":") { dashes = dashes.dropFirst() }
        if dashes.hasSuffix(":") { dashes = dashes.dropLast() }
        return !dashes.isEmpty && dashes.allSatisfy { $0 == "-" }
    }
}

extension PipeTable {
    /// What a column holds on a table of cards.
    enum Role: Hashable, Sendable {
        /// The card's title.
        case title
        /// The card's description (`Notes`, `Kuvaus`, `说明`).
        case description
        /// A field pm-render reads (`Due`, `Owner`, `Priority`, `ID`, `Tags`, …: `CardField`'s names).
        case field(CardField)
        /// Anything else, shown as written (`Module: API`).
        case other
        /// The card's lane, on a table that is a whole board (`| Task | Status |` under `## Board`).
        case lane
    }

    /// The column that says each row's lane (`Status`, `Stage`, `Column`, `Estado`, `状态`, …), when every row has
    /// one. A blank row (`isBlank`: a template's row to fill in) is no card, and needs none.
    func laneColumn() -> Int? {
        guard let column = statusColumn, rows.contains(where: { Self.holdsStatus($0.cells[column]) }),
            rows.allSatisfy({ Self.holdsStatus($0.cells[column]) || Self.isBlank($0) })
        else { return nil }
        return column
    }

    /// Whether every cell of a row is empty or holds a place (`|  |  |`, `| — | — |`): no card, whatever the table.
    static func isBlank(_ row: Row) -> Bool { row.cells.allSatisfy(isEmpty) }

    /// The column named for a card's lane (`Status`), if any.
    private var statusColumn: Int? { header.firstIndex { Self.laneNames.contains(Self.plainName($0.text)) } }

    /// Whether a status cell says a lane. (`Offen` only holds a place as an assignee: as a status it is a lane's
    /// name.)
    private static func holdsStatus(_ cell: Cell) -> Bool {
        !cell.text.isEmpty && !isNumber(cell) && (!isEmpty(cell) || LaneStates.meaning(of: cell.text) != nil)
    }

    /// The first row whose status cell is empty (or holds a place: `—`) in a table whose other rows, most of them,
    /// have a status: the row that keeps the table from being a lane a status (`laneColumn`), and its cell.
    func rowWithoutStatus() -> (row: Row, cell: Cell)? {
        guard let column = statusColumn, let first = rowsWithoutStatus.first else { return nil }
        return (first, first.cells[column])
    }

    /// The rows of `rowWithoutStatus`, all of them (none where the table is not so).
    var rowsWithoutStatus: [Row] {
        guard let column = statusColumn else { return [] }
        let missing = rows.filter { !Self.holdsStatus($0.cells[column]) && !Self.isBlank($0) }
        guard missing.count * 2 < rows.count, missing.allSatisfy({ Self.isEmpty($0.cells[column]) }) else { return [] }
        return missing
    }

    /// Whether the table's cells hold text, as cards do, rather than figures (WIP limits, counts, `∞`, `50%`): most
    /// of its filled cells are no numbers.
    var holdsText: Bool {
        let cells = rows.flatMap(\.cells).filter { !Self.isEmpty($0) }
        return cells.count { !Self.isNumber($0) } * 2 > cells.count
    }

    /// A number, a percentage or `∞`.
    static func isNumber(_ cell: Cell) -> Bool {
        !cell.text.isEmpty && cell.text.allSatisfy { $0.isNumber || ".,%∞+-~ ".contains($0) }
    }

    /// Names of a column that says a card's lane.
    static let laneNames: Set<String> = [
        "status", "state", "stage", "column", "lane", "estado", "etapa", "situação", "situacao", "statut", "stade",
        "état", "etat", "zustand", "spalte", "stato", "stav", "статус", "состояние", "стадия", "状态", "狀態", "阶段",
        "ステータス", "状態", "상태", "단계", "trạng thái", "durum",
    ]

    /// Each column's role, when the table's rows are cards: nil when no column is the title. The title is the column
    /// named for titles (`Task`, `Title`, `Task title`, `Tarefa`, `任务名`; names as general as `Name` and `Item`
    /// only `inLaneOfState`, as a team list has them too); failing that, when `anyTitle` and the table holds text
    /// (not figures), the first column of text that is no field, no row number and no description (a description
    /// column when there is nothing else).
    func roles(inLaneOfState: Bool, anyTitle: Bool) -> [Role]? {
        let names = header.map { Self.plainName($0.text) }
        var roles: [Role] = names.map { name in
            if Self.descriptionNames.contains(name) { return .description }
            if let field = CardField(key: Substring(name)) { return .field(field) }
            if Self.namesIDs(name) { return .field(.id) }
            return .other
        }
        let anyText = anyTitle && holdsText
        // Of two columns named for titles, the one of IDs is not (`| Ticket | Title |` over `| OBS-01 | Fix the key |`).
        // Nor is one of figures: a count of tasks (`| Estado | Tareas |` over `| Pendiente | 39 |`).
        let titled = names.indices.filter { Self.namesTitles(names[$0]) && !holdsFigures($0) }
        let title =
            (titled.first { !holdsIDs($0) } ?? titled.first)
            ?? (inLaneOfState ? names.firstIndex { Self.generalTitleNames.contains($0) } : nil)
            ?? (anyText ? textColumn(names, roles: roles, allowing: .other) : nil)
            ?? (anyText ? textColumn(names, roles: roles, allowing: .description) : nil)
            ?? linkedIDColumn(roles)
            ?? (inLaneOfState && laneColumn() != nil ? widestTextColumn(roles) : nil)
        guard let title else { return nil }
        roles[title] = .title
        // That column is the cards' IDs, when none is named so.
        if !roles.contains(.field(.id)), let ids = titled.first(where: { $0 != title && holdsIDs($0) }) {
            roles[ids] = .field(.id)
        }
        return roles
    }

    /// The column of IDs written as links to each card's own file (`| [TASK-010](TASK-010-ws.md) | 완료 | High |`), on
    /// a table with no column of titles: an index generated from task files names its cards so.
    private func linkedIDColumn(_ roles: [Role]) -> Int? {
        roles.indices.first { column in
            roles[column] == .field(.id) && !rows.isEmpty
                && rows.allSatisfy { row in
                    let text = row.cells[column].text.trimmingWhitespace
                    guard text.hasPrefix("["), text.hasSuffix(")"), let close = text.range(of: "](") else {
                        return false
                    }
                    let label = String(text[text.index(after: text.startIndex)..<close.lowerBound])
                    return Slug.isValidID(label) && label.contains { $0.isASCII && $0.isNumber }
                }
        }
    }

    /// In a table with a status on every row and no column named for titles (`| Issue | Slice | Status | PR |`), the
    /// column whose text is widest among those of no other role that hold no IDs, no references (`#2`, `#4 (merged)`)
    /// and no links alone: the titles.
    private func widestTextColumn(_ roles: [Role]) -> Int? {
        let status = laneColumn()
        func isReference(_ cell: Cell) -> Bool {
            let text = cell.text.trimmingWhitespace
            return text.first == "#" || text.first == "[" || text.hasPrefix("http") || Self.isNumber(cell)
        }
        let candidates = roles.indices.filter { column in
            roles[column] == .other && column != status && !holdsIDs(column)
                && rows.contains { !Self.isEmpty($0.cells[column]) && !isReference($0.cells[column]) }
        }
        func width(_ column: Int) -> Int { rows.reduce(0) { $0 + $1.cells[column].text.count } }
        return candidates.max { width($0) < width($1) }
    }

    /// Whether `column` holds figures alone (a count, a percentage), in one row at least.
    private func holdsFigures(_ column: Int) -> Bool {
        rows.contains { !Self.isEmpty($0.cells[column]) }
            && rows.allSatisfy { Self.isEmpty($0.cells[column]) || Self.isNumber($0.cells[column]) }
    }

    /// Whether every row has an ID in `column`, and nothing else: a word of letters, digits, `-`, `_` and `.` with a
    /// digit in it (`OBS-01`, `` `t_7d493a1e` ``, `~~S5-ANIM~~`), as a column of tickets' or cards' IDs holds. (A
    /// blank row, `isBlank`, is no card.)
    private func holdsIDs(_ column: Int) -> Bool {
        let rows = rows.filter { !Self.isBlank($0) }
        return !rows.isEmpty
            && rows.allSatisfy { row in
                let text = String(row.cells[column].text.filter { !"*`~".contains($0) }).trimmingWhitespace
                return Slug.isValidID(text) && text.contains { $0.isASCII && $0.isNumber }
            }
    }

    /// The first column of role `allowed` that is not a row number (`#`, `No.`, `编号`, or numbers alone) and has
    /// text in some row.
    private func textColumn(_ names: [String], roles: [Role], allowing allowed: Role) -> Int? {
        names.indices.first { column in
            roles[column] == allowed && !Self.numberNames.contains(names[column])
                && rows.contains { !Self.isEmpty($0.cells[column]) && !Self.isNumber($0.cells[column]) }
        }
    }

    /// Whether a column's name (`plainName`) says it holds titles: a title name, a title name among its words
    /// (`Task title`, `Nome da tarefa`, `Задача / описание`), or, in Chinese, Japanese or Korean, one followed by
    /// more (`任务名`, `タスク名`, `작업명`).
    static func namesTitles(_ name: String) -> Bool {
        if titleNames.contains(name) { return true }
        if namesIDs(name) { return false }
        let words = name.split(separator: " ").map(String.init)
        if words.count > 1, words.contains(where: titleNames.contains) { return true }
        guard let first = name.unicodeScalars.first, first.isCJK else { return false }
        return titleNames.contains { $0.unicodeScalars.first?.isCJK == true && name.hasPrefix($0) }
    }

    /// Whether a column's name (`plainName`) says it holds the IDs of what another word names: `Task ID`, `Story ID`,
    /// `任务 ID`, `タスクID` (the cards' IDs, not their titles, though a title's name is among its words).
    static func namesIDs(_ name: String) -> Bool {
        guard name.hasSuffix("id"), name.count > 2 else { return false }
        let before = name.dropLast(2)
        if before.hasSuffix(" ") { return true }
        return before.unicodeScalars.last?.isCJK == true
    }

    /// A header cell as a name to look up: its letters, digits and `#`, words parted by single spaces, in lower case
    /// (`**Task**` → `task`, `📝 Task` → `task`, `No.` → `no.`).
    static func plainName(_ cell: String) -> String {
        let kept = displayName(cell).unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || "#.".unicodeScalars.contains(scalar)
                || scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark
                ? Character(scalar) : " "
        }
        return String(kept).split(separator: " ").joined(separator: " ").lowercased()
    }

    /// A status cell's status, a note after it aside, in brackets or after a dash, a colon or a line break (`Done
    /// (2026-01-02)`, `Blocked - waiting on Ann`, `Done: v1.2`, `In progress<br>since Monday`: `Done`, `Blocked`,
    /// `In progress`): the rows of one status may each carry a note of their own. A status that is not wholly a known
    /// name of a state is kept whole (`Phase 2 (API)`, `Sprint 3 - Done`).
    static func status(_ cell: String) -> Substring {
        let text = Substring(cell).trimmingSpaces
        let isState = { (part: Substring) -> Bool in
            guard !part.isEmpty, case .state = LaneStates.wholeMeaning(of: String(part)) else { return false }
            return true
        }
        if let (before, _) = text.bracketedSuffix, isState(before) { return before }
        for separator in noteSeparators {
            if let range = text.range(of: separator), case let before = text[..<range.lowerBound].trimmingSpaces,
                isState(before)
            {
                return before
            }
        }
        return text
    }

    /// What parts a status from a note after it (`status`).
    private static let noteSeparators = [" - ", " – ", " — ", ": ", "<br>", "<br/>", "<br />"]

    /// Whether a cell holds nothing: empty, or a mark or word that only holds the place (`—`, `N/A`, `TBD`).
    static func isEmpty(_ cell: Cell) -> Bool {
        cell.text.isEmpty || Placeholder.isValue(Substring(cell.text)) || showsNothing(cell.text)
    }

    /// Whether a cell's text is only non-breaking spaces and line breaks (`&nbsp;`, `<br>`), which fill a cell that
    /// shows nothing.
    private static func showsNothing(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "&") || first == UInt8(ascii: "<") else {
            return false
        }
        var rest = Substring(text)
        while let next = ["&nbsp;", "&#160;", "<br>", "<br/>", "<br />"].first(where: {
            rest.lowercased().hasPrefix($0)
        }) {
            rest = rest.dropFirst(next.count).drop { $0 == " " }
        }
        return rest.isEmpty
    }

    /// A header cell without emphasis, code marks and edge spaces (`**Module**` → `Module`).
    /// A cell's text with its links' addresses left out (`[Fix login](#fix-login)` → `Fix login`).
    static func linkText(_ cell: String) -> String {
        guard cell.contains("](") else { return cell }
        var out = ""
        var rest = Substring(cell)
        while let open = rest.range(of: "]("), let close = rest[open.upperBound...].firstIndex(of: ")") {
            out += rest[..<open.lowerBound]
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    static func displayName(_ cell: String) -> String {
        String(cell.filter { !"*_`".contains($0) }).trimmingWhitespace
    }

    /// Names of a column of card titles, in the languages boards are written in.
    static let titleNames: Set<String> = [
        "task", "tasks", "task name", "title", "work item", "story", "user story", "card", "feature", "features",
        "todo", "to-do", "to do", "summary", "subject", "tarea", "tareas", "título", "titulo", "historia",
        "historia de usuario", "historias de usuario", "tarea técnica", "actividad", "tarefa", "tarefas", "história",
        "atividade", "tâche", "tâches", "titre", "aufgabe", "aufgaben", "titel", "attività", "compito", "titolo",
        "taak", "задача", "задачи", "заголовок", "завдання", "zadanie", "tytuł", "tehtävä", "tehtävät", "otsikko",
        "uppgift", "görev", "başlık", "任务", "任務", "任务名称", "标题", "標題", "事项", "事項", "待办事项", "待办", "特性",
        "功能", "内容", "내용", "工作", "epic", "epics", "stories", "user stories", "requirement", "requirements",
        "deliverable", "deliverables", "action item", "action items", "activity", "activities", "actividades",
        "atividades", "thema", "ticket", "tickets", "bug", "bugs", "업무", "할일", "tarjeta", "tarjetas", "cartão",
        "cartões",
        "cartao", "карточка", "карточки", "卡片", "カード", "카드",
        "タスク", "タイトル", "件名", "作業", "작업", "할 일", "제목", "태스크", "과제", "công việc", "nhiệm vụ",
        "tiêu đề", "tugas", "judul",
    ]

    /// Names of a column that may hold card titles, or people or things (a team list): titles only in a lane named
    /// for a state.
    static let generalTitleNames: Set<String> = [
        "name", "item", "items", "nombre", "nome", "nom", "naam", "название", "назва", "nazwa", "nimi", "namn",
        "名称", "名稱", "項目", "항목", "이름", "名前", "概要", "개요",
    ]

    /// Names of a column of card descriptions.
    static let descriptionNames: Set<String> = [
        "description", "details", "notes", "note", "comment", "comments", "remarks", "descripción", "descripcion",
        "notas", "nota", "descrição", "descricao", "observações", "description détaillée", "détails", "remarques",
        "beschreibung", "notizen", "descrizione", "beschrijving", "описание", "примечание", "примечания", "opis",
        "kuvaus", "beskrivning", "açıklama", "描述", "说明", "說明", "备注", "備註", "詳細", "説明", "備考", "설명",
        "비고", "메모", "mô tả", "ghi chú", "deskripsi", "keterangan",
    ]

    /// Names of a column of row numbers, never a title.
    static let numberNames: Set<String> = ["#", "n", "no", "no.", "nr", "nr.", "nº", "num", "序号", "编号", "番号", "번호"]
}

/// A row of a table of cards as a card's source (or a cell, of a table whose columns are lanes): the row, its place
/// in the table, and the table's columns (their names and roles).
struct TableRow: Sendable {
    /// The bits of a card's key its place takes (`CardSource.key`): a table's first 2^20 rows (or cells) are read.
    static let indexBits = 20
    /// The row's index among the table's rows (the cell's among its cells, row by row), unique among its cards.
    var index: Int
    var row: PipeTable.Row
    var header: [String]
    var roles: [PipeTable.Role]
}

extension PipeTable {
    /// Whether a column is named as one of `lanes` (comparison keys, `LaneName.key`).
    func namesLane(among lanes: Set<String>) -> Bool {
        header.contains { lanes.contains(LaneName.key($0.text)) }
    }

    /// Whether the header names lanes of two states or more, and most of its columns do (`| Backlog | In Testing |
    /// Live |`: a board kept as a table, lanes for columns). A status column is no such sign: build status, metrics and
    /// legends have one; nor are a few columns of a table of cards that start with a lane's word (`| Task | Blocker |
    /// Next action |`).
    /// So is a header of subjects each with its done twin (`| CC | DESSI | CC REALIZADA | DESSI REALIZADA |`): each
    /// subject's work to do, and done.
    var columnsAreLanes: Bool {
        let meanings = header.compactMap { LaneStates.meaning(of: $0.text.replacingOccurrences(of: "*", with: "")) }
        if Set(meanings).count >= 2 && meanings.count * 2 > header.count { return true }
        let names = header.map { Self.displayName($0.text).lowercased() }
        func isTwin(_ name: String, of subject: String) -> Bool {
            !subject.isEmpty && name.hasPrefix(subject + " ")
                && LaneStates.meaning(of: String(name.dropFirst(subject.count + 1))) == .state(.done)
        }
        let subjects = names.filter { name in names.contains { isTwin($0, of: name) } }
        return !subjects.isEmpty && LaneStates.meaning(of: subjects[0]) == nil
            && names.allSatisfy { name in subjects.contains(name) || subjects.contains { isTwin(name, of: $0) } }
    }
}
