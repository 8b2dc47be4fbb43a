/// A card field written as `Key: value` on a line of its own (`Due: 2026-05-10`, `Tags: bug, ios`, `담당: 민지`), or
/// as a VS Code Markdown Kanban property item (`- due: 2026-05-10`).
enum CardField: Equatable {
    case due, id, tags, assignees, priority, start, scheduled, created, completed
    /// VS Code Markdown Kanban's `steps:` (a nested task list).
    case steps
    /// A VS Code Markdown Kanban property pm-render does not show (`workload`, `defaultExpanded`). On a line of its
    /// own (`Status: pending`) such a key is text.
    case ignored

    /// Field names, case-insensitive, in the languages boards are written in.
    init?(key: Substring) {
        guard let field = Self.names[key.trimmingSpaces.lowercased()] else { return nil }
        self = field
    }

    private static let names: [String: CardField] = {
        let groups: [(CardField, [String])] = [
            (
                .due,
                [
                    "due", "deadline", "due date", "duedate", "기한", "마감", "마감일", "fällig", "fälligkeit", "échéance",
                    "vencimiento", "prazo", "срок", "期限", "截止日期", "截止", "target date", "目标日期", "截止时间",
                    "到期日", "締切", "締め切り", "fecha límite", "data limite", "date limite", "scadenza", "дедлайн",
                    "son tarih", "tenggat", "hạn", "hạn chót", "thời hạn",
                ]
            ),
            (.id, ["id"]),
            (
                .tags,
                ["tags", "tag", "labels", "태그", "标签", "標籤", "タグ", "etiket", "etiketler", "etiquetas", "étiquettes"]
            ),
            (
                .assignees,
                [
                    "assignee", "assignees", "owner", "owners", "assigned", "assigned to", "담당", "담당자", "担当",
                    "担当者", "负责人", "負責人", "verantwortlich", "zuständig", "zugewiesen an", "responsable",
                    "assigné à", "assigné", "asignado a", "asignado", "responsável", "atribuído a", "atribuído",
                    "assegnato a", "ответственный", "исполнитель", "назначено", "sorumlu",
                ]
            ),
            (
                .priority,
                [
                    "priority", "prio", "우선순위", "优先级", "優先度", "優先級", "priorität", "prioritaet", "prioridad",
                    "prioridade", "priorité", "priorità", "приоритет", "öncelik", "prioritas", "ưu tiên", "prioriteit",
                    "priorytet", "prioritet",
                ]
            ),
            (.start, ["start", "started", "start date", "시작"]),
            (.scheduled, ["scheduled"]),
            (
                .created,
                [
                    "created", "created at", "created on", "creation date", "date created", "создано", "дата создания",
                    "erstellt am", "fecha de creación", "criado em", "data de criação", "créé le", "date de création",
                    "作成日", "创建日期", "创建时间", "생성일", "ngày tạo",
                ]
            ),
            (
                .completed,
                [
                    "completed", "completion", "done date", "completed at", "completed on", "завершено",
                    "дата завершения", "erledigt am", "abgeschlossen am", "fecha de finalización", "concluído em",
                    "terminé le", "完了日", "完成日期", "完成时间", "완료일", "ngày hoàn thành",
                ]
            ),
            (.steps, ["steps"]),
            (.ignored, ["workload", "defaultexpanded", "estimate", "status"]),
        ]
        return Dictionary(uniqueKeysWithValues: groups.flatMap { field, names in names.map { ($0, field) } })
    }()

    /// The keys VS Code Markdown Kanban writes in a task's property list.
    static let vscodeKeys: Set<String> = [
        "due", "tags", "priority", "workload", "steps", "assignee", "defaultExpanded",
    ]

    /// Whether `line` is `key: value` as VS Code Markdown Kanban writes it: one of its keys, lowercase, with a value
    /// of its form (`tags: [a, b]`, `due: 2026-…`, `priority: high`).
    static func isVSCodeProperty(_ line: Substring) -> Bool {
        let trimmed = line.trimmingSpaces
        guard let colon = trimmed.firstIndex(of: ":") else { return false }
        let key = String(trimmed[..<colon])
        let value = trimmed[trimmed.index(after: colon)...].trimmingSpaces
        switch key {
        case "tags": return value.hasPrefix("[")
        case "due": return value.first?.isASCIIDigit == true
        case "priority": return ["low", "medium", "high"].contains(value.lowercased())
        default: return vscodeKeys.contains(key)
        }
    }

    /// A line's text when it may be a `Key: value` field: text alone, or a bold key (`**Due:** 2026-05-11`,
    /// `**Due**: …`, as many boards write them) followed by text and code spans; nil for other markup.
    static func lineText(_ nodes: [Int], in markdown: Markdown) -> String? {
        guard let first = nodes.first else { return nil }
        var rest = nodes[...]
        var text = ""
        if markdown.nodes[first].kind == .strong {
            let inner = markdown.children(of: first)
            guard inner.allSatisfy({ markdown.nodes[$0].kind == .text }) else { return nil }
            text = markdown.plainText(of: first)
            rest = rest.dropFirst()
        }
        // Values may be code spans (`` Labels: `front`, `back` ``): their text is the value's.
        guard rest.allSatisfy({ markdown.nodes[$0].kind == .text || markdown.nodes[$0].kind == .code }) else {
            return nil
        }
        return text + rest.map { markdown.nodes[$0].text }.joined()
    }

    /// A line of `Key: value` fields joined by ` | `, ` · ` or ` • ` (`**Priority**: High | **Category**: Frontend`):
    /// each field, nil for a key pm-render does not know; nil when the line is not wholly such fields (keys in bold or
    /// plain, values in text or code spans).
    static func joinedFields(_ nodes: [Int], in markdown: Markdown) -> [(CardField?, Substring)]? {
        // Most lines hold no separator: `|` or the last byte of `·` (C2 B7) or `•` (E2 80 A2).
        guard
            nodes.contains(where: {
                markdown.nodes[$0].kind == .strong
                    || markdown.nodes[$0].text.containsByte { $0 == UInt8(ascii: "|") || $0 == 0xB7 || $0 == 0xA2 }
            })
        else { return nil }
        var flat = ""
        for index in nodes {
            let node = markdown.nodes[index]
            switch node.kind {
            case .text, .code: flat += node.text
            case .strong where markdown.children(of: index).allSatisfy({ markdown.nodes[$0].kind == .text }):
                flat += markdown.plainText(of: index)
            default: return nil
            }
        }
        // `|`, or a middle dot or bullet (`**Priority:** P0 · **Assignee:** DEV`); every part must be a field.
        // (Byte for byte: Foundation's `contains` and `components` go through NSString.)
        let separators: [StaticString] = [" | ", " · ", " • "]
        guard let separator = separators.first(where: flat.holdsBytes)?.description else { return nil }
        var fields: [(CardField?, Substring)] = []
        for part in flat.split(separator: separator, omittingEmptySubsequences: false) {
            let trimmed = part.trimmingSpaces
            guard let colon = trimmed.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
            let key = trimmed[..<colon].trimmingSpaces
            let value = trimmed[trimmed.index(after: colon)...].trimmingSpaces
            guard !key.isEmpty, key.count <= 20, !value.isEmpty else { return nil }
            fields.append((parse(trimmed)?.0, value))
        }
        return fields.count >= 2 ? fields : nil
    }

    /// `text` with a bold key made plain: `**Due:** x` and `**Due**: x` read as `Due: x`.
    static func unbolded(_ text: Substring) -> Substring {
        guard text.hasPrefix("**"), let close = text.dropFirst(2).range(of: "**") else { return text }
        return Substring(String(text.dropFirst(2)[..<close.lowerBound] + text[close.upperBound...]))
    }

    /// Whether a line whose bold key was made plain (`**Issue**: 12` as `Issue: 12`) starts with a key of a few
    /// words and its colon. (Plain keys are not enough: `- Backend: the API` is a card's title.)
    static func startsWithBoldKey(_ text: Substring) -> Bool {
        guard let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return false }
        let key = text[..<colon]
        return !key.isEmpty && !key.contains("\n") && key.count <= 40
    }

    /// A line's text as field and due lines are read: its text nodes, anything else as `x`.
    static func plainLine(_ nodes: [Int], in markdown: Markdown) -> String {
        var plain = ""
        for index in nodes {
            if markdown.nodes[index].kind == .text { plain += markdown.nodes[index].text } else { plain += "x" }
        }
        return plain
    }

    /// An item's first line as plain text (`plainLine`), as `CardField.isPlainPropertyList` reads it; nil for a
    /// task item or an item that does not start with a paragraph.
    static func plainKeyLine(_ item: Int, in markdown: Markdown) -> Substring? {
        guard !markdown.nodes[item].flags.contains(.task), let paragraph = markdown.children(of: item).first,
            markdown.nodes[paragraph].kind == .paragraph
        else { return nil }
        let firstLine = markdown.children(of: paragraph).prefix {
            markdown.nodes[$0].kind != .softBreak && markdown.nodes[$0].kind != .lineBreak
        }
        return Substring(plainLine(Array(firstLine), in: markdown))
    }

    /// Whether a line is `Key: value` with a plain key of three words at most and a value (`Owner: Ann`,
    /// `Deliverable: the report`; not `See: //comment`), as the items of a list of a card's properties are.
    static func isPlainKeyLine(_ text: Substring) -> Bool {
        guard let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return false }
        let key = text[..<colon].trimmingSpaces
        let value = text[text.index(after: colon)...].trimmingSpaces
        return !key.isEmpty && key.count <= 30 && key.split(separator: " ").count <= 3 && !value.isEmpty
            && !value.hasPrefix("//")
    }

    /// Whether the items of a list are a card's properties by their keys alone: three at least, each a plain
    /// `Key: value` line (`isPlainKeyLine`), two of them known fields (`known`: `- Deliverable: …`, `- Owner: Ann`,
    /// `- Status: done`), or one whose value is its field's beyond doubt (`certain`, `isCertain`: `- Prioridad:
    /// Media` among `- Descripción: …`, `- Ubicación: …`). Fewer may be prose (`- Input: a file`, `- Output: a page`,
    /// `- Owner: the team decides`). `lines` are the items' first lines (nil for a task item or other markup).
    static func isPlainPropertyList(_ lines: [Substring?], known: Int, certain: Bool = false) -> Bool {
        lines.count >= 3 && (known >= 2 || (known == 1 && certain))
            && lines.allSatisfy { $0.map(isPlainKeyLine) ?? false }
    }

    /// Whether a field's value says by itself that the line is that field: a priority pm-render knows (`Prioridad:
    /// alta`) or a date for a due date (`Fecha límite: 2026-05-01`). Any words may follow an owner's key (`Owner: the
    /// team decides`).
    static func isCertain(_ field: CardField, value: Substring) -> Bool {
        switch field {
        case .priority: Priority(text: String(value)) != nil
        case .due: DateFormat.date(CardDraft.dateValue(value)) != nil
        default: false
        }
    }

    /// Whether a field's value is one pm-render reads for its key; otherwise its line is text, as written: a priority
    /// it does not know (`Priority: whenever`), or, for the dates that are only information (start, scheduled, created,
    /// completed), a value without a digit (`**Completed**: finished and tested`, in a legend of a board's states; a
    /// bad due date is warned of instead). A value that only holds its place (`Completed: —`) is read: it says nothing.
    static func reads(_ field: CardField, value: Substring) -> Bool {
        switch field {
        case .priority: Priority(text: String(value)) != nil || Placeholder.isValue(value)
        case .start, .scheduled, .created, .completed:
            value.unicodeScalars.contains { $0.properties.numericType != nil } || Placeholder.isValue(value)
        // "As soon as possible" is when, not a date: it stays as written, with no warning of a bad date.
        case .due: !isAsSoonAsPossible(value)
        default: true
        }
    }

    /// Whether a due date's place holds a word for "as soon as possible" (`asSoonAsPossible`), whatever its case and
    /// with any `!` and `.` after it (`ASAP!`, `Sofort.`).
    static func isAsSoonAsPossible(_ value: Substring) -> Bool {
        var words = value.trimmingSpaces
        // Every word starts with a letter: a value that starts with an ASCII digit (a date, nearly every value) is
        // none of them, and is not lower-cased to be looked up.
        guard let first = words.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        while let last = words.last, last == "!" || last == "." { words = words.dropLast() }
        return asSoonAsPossible.contains(words.lowercased())
    }

    /// Words for "as soon as possible" that a due date's place may hold (`Fällig: sofort`, `| Due | ASAP |`).
    static let asSoonAsPossible: Set<String> = [
        "asap", "a.s.a.p", "as soon as possible", "immediately", "now", "urgent", "sofort", "umgehend",
        "schnellstmöglich", "dringend", "dès que possible", "au plus vite", "immédiatement", "lo antes posible",
        "cuanto antes", "inmediato", "inmediatamente", "urgente", "o quanto antes", "imediato", "imediatamente",
        "il prima possibile", "subito", "zo snel mogelijk", "meteen", "direct", "jak najszybciej", "natychmiast",
        "как можно скорее", "срочно", "немедленно", "hemen", "acil", "en kısa sürede", "즉시", "최대한 빨리",
        "긴급", "至急", "すぐ", "早急", "尽快", "立即", "马上", "儘快", "立刻",
    ]

    /// Splits `Key: value` (ASCII or full-width colon); nil when the line is not of that form or the key is unknown.
    static func parse(_ line: Substring) -> (CardField, Substring)? {
        let trimmed = line.trimmingSpaces
        // The colon is ASCII `:` or the full-width `：` (EF BC 9A); keys are short.
        let bytes = trimmed.utf8
        var colon: Substring.Index?
        var index = bytes.startIndex
        var scanned = 0
        while index < bytes.endIndex, scanned < 80 {
            let byte = bytes[index]
            if byte == 0x3A || (byte == 0xEF && trimmed[index...].hasPrefix("：")) {
                colon = index
                break
            }
            index = bytes.index(after: index)
            scanned += 1
        }
        guard let colon else { return nil }
        let key = trimmed[..<colon]
        guard !key.isEmpty, key.count <= 20, let field = CardField(key: key) else { return nil }
        var value = trimmed[trimmed.index(after: colon)...].trimmingSpaces
        // A full stop after the value ends the sentence a list writes it in (`- Due: 2026-07-09.`, `- Priority: High.`).
        if let last = value.last, last == "." || last == "。", value.dropLast().last != "." {
            value = value.dropLast().trimmingSpaces
        }
        // `Due:2026` is a field; `Note:http://…` with an unknown key never gets here.
        return (field, value)
    }
}

/// What a card says about itself, gathered from its title, fields and tokens before conflicts are settled.
struct CardDraft {
    var deadlines: [(Deadline, String, SourceLocation)] = []
    var pendingTime: (TimeOfDay, SourceLocation)?
    var ids: [(String, SourceLocation)] = []
    var tags: [String] = []
    private var tagSet: Set<String> = []
    var assignees: [String] = []
    var priority: Priority?
    var dates = CardDates()
    var extras = CardExtras()
    var subtasks: [Subtask] = []
    var problems: [(Problem, SourceLocation)] = []

    mutating func addTag(_ tag: String) {
        if !tag.isEmpty, tagSet.insert(tag).inserted { tags.append(tag) }
    }

    mutating func addAssignee(_ name: String) {
        var name = Substring(name).trimmingSpaces
        if name.first == "@" { name = name.dropFirst() }
        if name.hasPrefix("[["), name.hasSuffix("]]") { name = name.dropFirst(2).dropLast(2) }
        if !name.isEmpty, !assignees.contains(String(name)) { assignees.append(String(name)) }
    }

    mutating func addID(_ id: String, at location: SourceLocation) {
        guard Slug.isValidID(id) else {
            problems.append((.invalidCardID(id), location))
            return
        }
        ids.append((id, location))
    }

    mutating func addDeadline(_ date: CalendarDate, time: TimeOfDay?, text: String, at location: SourceLocation) {
        deadlines.append((Deadline(date: date, time: time), text, location))
    }

    /// A date field's value without the marks of a date written as tokens (`Due: @{2026-05-10} @@{14:00}`,
    /// `@[[2026-05-10]]`, `📅 2026-05-10`): the date (and time) they hold.
    static func dateValue(_ value: Substring) -> Substring {
        let value = value.trimmingSpaces
        // (Most values start with a digit: no mark to look for.)
        if let first = value.utf8.first, first < 0x80, first != UInt8(ascii: "@") { return value }
        guard
            value.hasPrefix("@{") || value.hasPrefix("@[[")
                || value.unicodeScalars.first.map(CardTokens.isDueEmoji) == true
        else { return value }
        var plain = ""
        var rest = Substring(value)
        while let first = rest.first {
            if let marker = ["@@{", "@{", "@[[", "]]", "}"].first(where: { rest.hasPrefix($0) }) {
                plain += " "
                rest = rest.dropFirst(marker.count)
            } else if let scalar = rest.unicodeScalars.first, CardTokens.isDueEmoji(scalar) || scalar.value == 0xFE0F {
                rest = Substring(rest.unicodeScalars.dropFirst())
            } else {
                plain.append(first)
                rest = rest.dropFirst()
            }
        }
        return Substring(TextCleaning.collapseWhitespace(plain))
    }

    /// Adds a `Key: value` field. A value that only holds its place (`Assignee: —`, `Due: TBD`) says nothing.
    mutating func add(
        _ field: CardField, value written: Substring, at location: SourceLocation, dateFormat: DateFormat?
    ) {
        let value: Substring
        switch field {
        case .due, .start, .scheduled, .created, .completed: value = Self.dateValue(written)
        default: value = written
        }
        guard !Placeholder.isValue(value) else { return }
        switch field {
        case .due:
            guard let (date, time) = DateFormat.date(value, preferred: dateFormat) else {
                problems.append((.invalidDeadline(String(value)), location))
                return
            }
            addDeadline(date, time: time, text: String(value), at: location)
        case .id:
            addID(String(value), at: location)
        case .tags:
            var list = value.trimmingSpaces
            let isBracketed = list.first == "[" && list.last == "]"
            if isBracketed { list = list.dropFirst().dropLast() }
            // VS Code's `[UI, Host Discovery]`: commas part tags, which may hold spaces. Otherwise spaces part them
            // too (`Tags: bug ios`, `#bug #ios, #android`).
            if list.utf8.allSatisfy({ $0 < 0x80 }) {
                for part in Self.asciiParts(of: list, alsoAtSpaces: !isBracketed) { addTag(Self.asciiTag(part)) }
                return
            }
            let parts =
                isBracketed
                ? list.split(separator: ",")
                : list.split(separator: ",").flatMap { $0.split(separator: " ") }
            for part in parts {
                var tag = part.trimmingSpaces
                if tag.first == "#" { tag = tag.dropFirst() }
                // Quotes around a tag (`"bug"`, `['a', 'b']`); a quote on one side only is dropped too, never a letter.
                if tag.first == "\"" || tag.first == "'" { tag = tag.dropFirst() }
                if tag.last == "\"" || tag.last == "'" { tag = tag.dropLast() }
                addTag(String(tag))
            }
        case .assignees:
            var list = value.trimmingSpaces
            if list.first == "[", list.last == "]" { list = list.dropFirst().dropLast() }
            for part in list.split(separator: ",") { addAssignee(String(part)) }
        case .priority:
            if let parsed = Priority(text: String(value)) { priority = parsed }
        case .start, .scheduled, .created, .completed:
            guard let (date, _) = DateFormat.date(value, preferred: dateFormat) else {
                problems.append((.invalidDate(String(value)), location))
                return
            }
            switch field {
            case .start: dates.start = date
            case .scheduled: dates.scheduled = date
            case .created: dates.created = date
            default: dates.completed = date
            }
        case .steps, .ignored:
            break
        }
    }

    /// The non-empty runs of ASCII `text` between commas (and spaces): what `split(separator:)` gives, without
    /// reading the text character by character. (In ASCII every byte is a character, but for CR LF, which holds
    /// neither separator.)
    static func asciiParts(of text: Substring, alsoAtSpaces: Bool) -> [Substring] {
        var parts: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") || (alsoAtSpaces && byte == UInt8(ascii: " ")) {
                if start < index { parts.append(text[start..<index]) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start < bytes.endIndex { parts.append(text[start..<bytes.endIndex]) }
        return parts
    }

    /// A part of an ASCII tag list as a tag: what the loop over `parts` in `add` makes of it, on bytes (in ASCII a
    /// character is a byte, CR LF aside, which a part neither starts nor ends with as a mark or quote).
    private static func asciiTag(_ part: Substring) -> String {
        var tag = part.trimmingSpaces.utf8[...]
        if tag.first == UInt8(ascii: "#") { tag = tag.dropFirst() }
        if tag.first == UInt8(ascii: "\"") || tag.first == UInt8(ascii: "'") { tag = tag.dropFirst() }
        if tag.last == UInt8(ascii: "\"") || tag.last == UInt8(ascii: "'") { tag = tag.dropLast() }
        return String(Substring(tag))
    }

    /// The deadline and explicit ID after settling conflicts (the first one written wins).
    mutating func resolve() -> (due: Deadline?, dueLocation: SourceLocation?, id: String?) {
        if let (time, location) = pendingTime {
            // A time beside a date that could not be read has its problem said already.
            let dateUnreadable = problems.contains { if case .invalidDeadline = $0.0 { true } else { false } }
            if deadlines.isEmpty, !dateUnreadable {
                problems.append((.timeWithoutDate, location))
            } else if let index = deadlines.firstIndex(where: { $0.0.time == nil }),
                !deadlines.contains(where: { $0.0.time == time })
            {
                // A time written before its date.
                let (deadline, text, written) = deadlines[index]
                deadlines[index] = (Deadline(date: deadline.date, time: time), text, written)
            }
        }
        let due = firstWritten(deadlines, conflict: Problem.conflictingDeadlines)
        let id = firstWritten(ids.map { ($0.0, $0.0, $0.1) }, conflict: Problem.conflictingIDs)
        return (due?.0, due?.2, id?.0)
    }

    /// The candidate written first (value, text, where); each later one with another value is a `conflict`.
    private mutating func firstWritten<Value: Equatable>(
        _ candidates: [(Value, String, SourceLocation)], conflict: (_ first: String, _ second: String) -> Problem
    ) -> (Value, String, SourceLocation)? {
        let sorted = candidates.sorted { $0.2 < $1.2 }
        guard let first = sorted.first else { return nil }
        for candidate in sorted.dropFirst() where candidate.0 != first.0 {
            problems.append((conflict(first.1, candidate.1), candidate.2))
        }
        return first
    }
}
