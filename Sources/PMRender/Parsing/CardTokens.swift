/// The metadata tokens boards write inside a card's text: Obsidian Kanban dates (`@{2026-05-10}`, `@@{14:00}`),
/// TaskPaper-style `@due(…)` and `@done(…)`, Tasks-plugin emoji (`📅 2026-05-10`, `⏫`, `🔁 every week`), Dataview fields
/// (`[due:: 2026-05-10]`), `#tags` and block IDs (`^abc1`). Scanning works on Unicode scalars, so a 10 MB line
/// stays linear.
enum CardToken: Equatable {
    /// `@{…}` (a date in the board's format).
    case date(String)
    /// `@@{…}`
    case time(String)
    /// A Tasks emoji date, a TaskPaper date (`@due(…)`, `@done(…)`) or a Dataview field holding a date.
    case emojiDate(DateKind, String)
    case priority(Priority)
    /// `🔁 every week` (kept as text for people; not interpreted).
    case recurrence(String)
    case tag(String)
    case blockID(String)
    /// `🆔 abc`
    case id(String)
    /// `[assignee:: Minji]`
    case assignee(String)
    /// A Dataview field pm-render does not interpret (`[estimate:: 3h]`): left in the text.
    case field(key: String, value: String)
    /// `⛔ abc` (Tasks dependencies): dropped from the text.
    case dependency(String)
    /// Fields written as a list in a title (`(prio: High, owner: ai)`, `— owner: infra`): the tokens they stand for,
    /// read together (`fieldList`).
    case fields([CardToken])

    enum DateKind: Equatable {
        case due, scheduled, start, created, completed, cancelled
    }
}

extension CardToken {
    /// Whether the token is a field of a name pm-render does not know (`[estimate:: 3h]`, `Est: 2 days`).
    var isUnknownField: Bool {
        if case .field(let key, _) = self { return CardField(key: Substring(key)) == nil }
        return false
    }
}

/// Text cut into plain runs and tokens.
enum CardTextPiece: Equatable {
    case text(String)
    /// A token, its text as written, and its offset in scalars from the start of the scanned text.
    case token(CardToken, raw: String, offset: Int)
}

enum CardTokens {
    /// Cuts `text` into plain runs and tokens.
    /// - Parameter atLineEnd: whether the text ends its line (a block ID `^id` only counts there).
    /// Obsidian Kanban's date and time triggers (`@` and `@@` unless a board's settings choose others).
    struct Triggers: Hashable, Sendable {
        var date: [Unicode.Scalar] = ["@"]
        var time: [Unicode.Scalar] = ["@", "@"]

        init() {}

        init(date: String?, time: String?) {
            if let date, !date.isEmpty { self.date = Array(date.unicodeScalars) }
            if let time, !time.isEmpty { self.time = Array(time.unicodeScalars) }
        }
    }

    /// Whether `text` may hold a token at all: most text has none of the bytes tokens start with (`@ # ^ [ ( {`, the
    /// board's own triggers, and the emoji, all outside ASCII), so it is not scanned.
    static func mayHoldTokens(_ text: String, triggers: Triggers = Triggers()) -> Bool {
        let date = triggers.date.first.map { UInt8(truncatingIfNeeded: $0.value) } ?? UInt8(ascii: "@")
        let time = triggers.time.first.map { UInt8(truncatingIfNeeded: $0.value) } ?? UInt8(ascii: "@")
        var colon = false
        let marked = text.containsByte { byte in
            if byte == UInt8(ascii: ":") { colon = true }
            return byte >= 0x80 || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "^")
                || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") || byte == date
                || byte == time
        }
        // todo.txt's `due:2026-05-10`.
        return marked || (colon && text.holdsBytes("due:"))
    }

    /// - Parameter source: whether `text` is a line's Markdown source (what the editing commands rewrite), not a text
    ///   as Markdown reads it (the reader's text nodes): in the source, a code span (`` `#include` ``) and a character
    ///   escaped with a backslash (`\#hashtag`) are text, as they are to the reader, which never sees them as text.
    static func scan(_ text: String, atLineEnd: Bool = true, triggers: Triggers = Triggers(), source: Bool = false)
        -> [CardTextPiece]
    {
        let s = Array(text.unicodeScalars)
        // Pieces are cut from the text's bytes: where each scalar starts (none for ASCII text, where it is its index).
        let bytes = Array(text.utf8)
        var starts: [Int] = []
        if bytes.count != s.count {
            starts.reserveCapacity(s.count + 1)
            var offset = 0
            for scalar in s {
                starts.append(offset)
                offset += UTF8.width(scalar)
            }
            starts.append(offset)
        }
        func string(_ range: Range<Int>) -> String {
            let from = starts.isEmpty ? range.lowerBound : starts[range.lowerBound]
            let to = starts.isEmpty ? range.upperBound : starts[range.upperBound]
            return String(decoding: bytes[from..<to], as: UTF8.self)
        }
        var pieces: [CardTextPiece] = []
        // The plain text not yet added to `pieces` runs from `plainStart` to `i`.
        var plainStart = 0
        var i = 0
        func emit(_ token: CardToken, _ range: Range<Int>) {
            if plainStart < range.lowerBound { pieces.append(.text(string(plainStart..<range.lowerBound))) }
            pieces.append(.token(token, raw: string(range), offset: range.lowerBound))
            i = range.upperBound
            plainStart = i
        }
        while i < s.count {
            let c = s[i]
            // Most of a text is ASCII that starts no token (every token below starts with one of these, the board's
            // triggers or a scalar outside ASCII): passed over at once.
            if c.value < 0x80, c != triggers.time[0], c != triggers.date[0] {
                switch c {
                case "@", "d", "(", "{", "[", "#", "^": break
                case "`" where source:
                    i = codeSpanEnd(s, at: i)
                    continue
                case "\\" where source:
                    i += i + 1 < s.count && MarkdownParser.isEscapable(s[i + 1]) ? 2 : 1
                    continue
                default:
                    i += 1
                    continue
                }
            }
            // A `<br>` parts words too (Obsidian writes a card's line breaks so: `Title<br>#tag`).
            let atWordStart =
                i == 0 || s[i - 1].isSpaceLike || s[i - 1] == "(" || s[i - 1] == "["
                || (s[i - 1] == ">" && afterBreakTag(s, i))
            if c == triggers.time[0] || c == triggers.date[0], let (value, end, isTime) = braced(s, at: i, triggers) {
                emit(isTime ? .time(string(value)) : .date(string(value)), i..<end)
                continue
            }
            if c == triggers.date[0], let (value, end) = linkedDate(s, at: i, triggers) {
                emit(.date(value), i..<end)
                continue
            }
            if c == "@", atWordStart, let (kind, value, end) = taskPaperDate(s, at: i) {
                emit(.emojiDate(kind, string(value)), i..<end)
                continue
            }
            // `@due 📅 2022-09-23`: a word for the date before the Tasks plugin's emoji is the date's too.
            if c == "@", atWordStart, i + 4 < s.count, String(String.UnicodeScalarView(s[(i + 1)...(i + 3)])) == "due",
                s[i + 4].isSpaceLike
            {
                var emoji = i + 4
                while emoji < s.count, s[emoji].isSpaceLike { emoji += 1 }
                if emoji < s.count, dateEmoji(s[emoji]) == .due, let (value, end) = emojiValue(s, after: emoji + 1) {
                    emit(.emojiDate(.due, string(value)), i..<end)
                    continue
                }
            }
            // todo.txt's `due:2025-08-05`.
            if c == "d", atWordStart, let (value, end) = todoTxtDue(s, at: i) {
                emit(.emojiDate(.due, string(value)), i..<end)
                continue
            }
            if let kind = dateEmoji(c), let (value, end) = emojiValue(s, after: i + 1) {
                emit(.emojiDate(kind, string(value)), i..<end)
                continue
            }
            if let priority = priorityEmoji(c) {
                var end = i + 1
                if end < s.count, s[end] == "\u{FE0F}" { end += 1 }
                emit(.priority(priority), i..<end)
                continue
            }
            if c == "🔁" {
                // The rule runs to the next field: an emoji, a tag, a block ID or a Dataview field.
                var end = i + 1
                while end < s.count, !isTokenEmoji(s[end]),
                    !("#^[(".unicodeScalars.contains(s[end]) && s[end - 1].isSpaceLike)
                {
                    end += 1
                }
                while end > i + 1, s[end - 1].isSpaceLike { end -= 1 }
                emit(.recurrence(string((i + 1)..<end).trimmingWhitespace), i..<end)
                continue
            }
            if c == "🆔" || c == "⛔", let (value, end) = taskID(s, after: i + 1, list: c == "⛔") {
                emit(c == "🆔" ? .id(string(value)) : .dependency(string(value)), i..<end)
                continue
            }
            // ` — owner: infra`, ` – (prio: High) — due: 2026-03-01` at the end of the text.
            if c == "—" || c == "–", i > 0, s[i - 1] == " ", let (tokens, end) = trailingFields(s, from: i) {
                emit(.fields(tokens), i..<end)
                continue
            }
            if c == "(", let (token, end) = fieldList(s, at: i, atLineEnd: atLineEnd) {
                emit(token, i..<end)
                continue
            }
            // `{tag: [Research]; due_date: 2025-08-20; assignee: Alice}` ending the text (MD Planner).
            if c == "{", let (token, end) = braceFieldList(s, at: i, atLineEnd: atLineEnd) {
                emit(token, i..<end)
                continue
            }
            if c == "[" || c == "(", let (key, value, end) = dataviewField(s, at: i) {
                emit(fieldToken(key: key, value: value), i..<end)
                continue
            }
            if c == "#", atWordStart, let end = tagEnd(s, from: i + 1) {
                emit(.tag(string((i + 1)..<end)), i..<end)
                continue
            }
            if c == "^", atLineEnd, atWordStart, let end = blockIDEnd(s, from: i + 1) {
                emit(.blockID(string((i + 1)..<end)), i..<end)
                continue
            }
            i += 1
        }
        if plainStart < s.count { pieces.append(.text(string(plainStart..<s.count))) }
        return pieces
    }

    /// Where the code span whose opening backticks start at `index` ends (the index after its closing run, as long as
    /// the opening one), or, when no run closes it, the index after the opening run: backticks left open are text.
    static func codeSpanEnd(_ s: [Unicode.Scalar], at index: Int) -> Int {
        var run = 0
        while index + run < s.count, s[index + run] == "`" { run += 1 }
        var close = index + run
        while close < s.count {
            var closing = 0
            while close + closing < s.count, s[close + closing] == "`" { closing += 1 }
            if closing == run { return close + run }
            close += max(closing, 1)
        }
        return index + run
    }

    /// The token a Dataview field stands for.
    static func fieldToken(key: String, value: String) -> CardToken {
        switch key.lowercased() {
        case "due", "deadline": return .emojiDate(.due, value)
        case "scheduled": return .emojiDate(.scheduled, value)
        case "start", "started": return .emojiDate(.start, value)
        case "created": return .emojiDate(.created, value)
        case "completion", "completed", "done": return .emojiDate(.completed, value)
        case "cancelled": return .emojiDate(.cancelled, value)
        case "priority": return Priority(text: value).map { .priority($0) } ?? .field(key: key, value: value)
        case "id": return .id(value)
        case "assignee", "assignees", "owner", "owners", "assigned": return .assignee(value)
        default: return .field(key: key, value: value)
        }
    }

    // MARK: - Pieces

    /// `TIME{value}` or `DATE{value}` at `index` (by default `@@{…}` and `@{…}`): the value's range, the index after
    /// `}`, and whether it is a time.
    private static func braced(_ s: [Unicode.Scalar], at index: Int, _ triggers: Triggers) -> (Range<Int>, Int, Bool)? {
        func matches(_ trigger: [Unicode.Scalar]) -> Bool {
            guard index + trigger.count < s.count else { return false }
            for (offset, scalar) in trigger.enumerated() where s[index + offset] != scalar { return false }
            return s[index + trigger.count] == "{"
        }
        // The longer trigger first: `@@{` is a time, not `@` followed by `@{`.
        let ordered =
            triggers.time.count >= triggers.date.count
            ? [(triggers.time, true), (triggers.date, false)] : [(triggers.date, false), (triggers.time, true)]
        guard let (trigger, isTime) = ordered.first(where: { matches($0.0) }) else { return nil }
        let valueStart = index + trigger.count + 1
        var close = valueStart
        while close < s.count, close - valueStart <= 40, s[close] != "}" { close += 1 }
        guard close < s.count, s[close] == "}" else { return nil }
        return (valueStart..<close, close + 1, isTime)
    }

    /// A date linked to its daily note at `index`, the board's date trigger before a wikilink (`@[[2026-05-10]]`,
    /// `@[[2026-05-10#^a1b2]]`, `@[[2026-05-10|May 10]]`): the date's text (`linkedDateText`) and the index after
    /// `]]`; nil when the link names no date (`@[[Bob]]`).
    private static func linkedDate(_ s: [Unicode.Scalar], at index: Int, _ triggers: Triggers) -> (String, Int)? {
        let open = index + triggers.date.count
        guard open + 1 < s.count, s[open] == "[", s[open + 1] == "[",
            Array(s[index..<open]) == triggers.date
        else { return nil }
        var close = open + 2
        while close + 1 < s.count, close - open <= 200, s[close] != "[", s[close] != "\n" {
            if s[close] == "]", s[close + 1] == "]" { break }
            close += 1
        }
        guard close + 1 < s.count, s[close] == "]", s[close + 1] == "]" else { return nil }
        let inner = String(String.UnicodeScalarView(s[(open + 2)..<close]))
        let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let text = linkedDateText(target: String(parts[0]), label: parts.count > 1 ? String(parts[1]) : "")
        // (Digits and separators alone are a date in the board's format, which may be ambiguous alone: `09/08/2026`.)
        let numeric =
            text.filter(\.isASCIIDigit).count >= 6 && text.allSatisfy { $0.isASCIIDigit || "-./ ".contains($0) }
        guard numeric || DateFormat.date(Substring(text)) != nil else { return nil }
        return (text, close + 2)
    }

    /// The text of a link that names a date (a daily note): its label when it has one, else its target without a
    /// heading or block in the note (`2026-05-10#^a1b2`).
    static func linkedDateText(target: String, label: String) -> String {
        let label = label.trimmingWhitespace
        return label.isEmpty ? String(target.trimmingWhitespace.prefix { $0 != "#" }) : label
    }

    /// A TaskPaper date at `index`: `@due(…)`, `@done(…)`, `@start(…)` …, named as Dataview's date fields are
    /// (`fieldToken`).
    private static func taskPaperDate(_ s: [Unicode.Scalar], at index: Int) -> (CardToken.DateKind, Range<Int>, Int)? {
        var nameEnd = index + 1
        while nameEnd < s.count, nameEnd - index <= 10, s[nameEnd].isASCII, s[nameEnd].properties.isAlphabetic {
            nameEnd += 1
        }
        guard nameEnd > index + 1, nameEnd < s.count, s[nameEnd] == "(" else { return nil }
        let name = String(String.UnicodeScalarView(s[(index + 1)..<nameEnd]))
        guard case .emojiDate(let kind, _) = fieldToken(key: name, value: "") else { return nil }
        let start = nameEnd + 1
        var close = start
        while close < s.count, close - start <= 40, s[close] != ")" { close += 1 }
        guard close < s.count, s[close] == ")" else { return nil }
        // Other than `@due(…)`, only a date: `@start(Anna)` in a sentence is prose.
        guard name.lowercased() == "due" || (start < close && s[start].properties.numericType != nil) else {
            return nil
        }
        return (kind, start..<close, close + 1)
    }

    /// todo.txt's deadline at `index`: `due:` and an ISO date, then a space or the end.
    private static func todoTxtDue(_ s: [Unicode.Scalar], at index: Int) -> (Range<Int>, Int)? {
        let start = index + 4
        let end = start + 10
        guard end <= s.count, String(String.UnicodeScalarView(s[index..<start])) == "due:",
            end == s.count || s[end].isSpaceLike
        else { return nil }
        let value = s[start..<end]
        for (offset, c) in value.enumerated() where (offset == 4 || offset == 7) ? c != "-" : !("0"..."9").contains(c) {
            return nil
        }
        return (start..<end, end)
    }

    /// Whether `c` is one of the Tasks plugin's due-date emoji (`📅`, `📆`, `🗓`).
    static func isDueEmoji(_ c: Unicode.Scalar) -> Bool { dateEmoji(c) == .due }

    /// The Tasks plugin's date emoji.
    private static func dateEmoji(_ c: Unicode.Scalar) -> CardToken.DateKind? {
        switch c {
        case "📅", "📆", "🗓": return .due
        case "⏳", "⌛": return .scheduled
        case "🛫": return .start
        case "➕": return .created
        case "✅": return .completed
        case "❌": return .cancelled
        default: return nil
        }
    }

    private static func priorityEmoji(_ c: Unicode.Scalar) -> Priority? {
        switch c {
        case "🔺": return .highest
        case "⏫": return .high
        case "🔼": return .medium
        case "🔽": return .low
        case "⏬": return .lowest
        default: return nil
        }
    }

    private static func isTokenEmoji(_ c: Unicode.Scalar) -> Bool {
        dateEmoji(c) != nil || priorityEmoji(c) != nil || c == "🔁" || c == "🆔" || c == "⛔"
    }

    /// A date after an emoji: optional spaces (and variation selector), then `YYYY-MM-DD`.
    private static func emojiValue(_ s: [Unicode.Scalar], after index: Int) -> (Range<Int>, Int)? {
        var start = index
        if start < s.count, s[start] == "\u{FE0F}" { start += 1 }
        while start < s.count, s[start] == " " { start += 1 }
        var end = start
        while end < s.count, end - start < 10, s[end].isASCII, s[end].properties.isASCIIHexDigit || s[end] == "-" {
            end += 1
        }
        guard end - start >= 8 else { return nil }
        return (start..<end, end)
    }

    /// The Tasks plugin's ID (`🆔 abc-1`) or IDs (`⛔ abc-1,def`) after `index`: letters, digits, `-` and `_`, with
    /// only space, the end or another token after them (`⛔ out of scope` and `⛔ blocked: x` are text).
    private static func taskID(_ s: [Unicode.Scalar], after index: Int, list: Bool) -> (Range<Int>, Int)? {
        var start = index
        if start < s.count, s[start] == "\u{FE0F}" { start += 1 }
        while start < s.count, s[start] == " " { start += 1 }
        let isIDCharacter = { (c: Unicode.Scalar) in
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_")
        }
        var end = start
        while end < s.count {
            if isIDCharacter(s[end]) {
                end += 1
            } else if list, s[end] == ",", end > start {
                // `⛔ a, b`: spaces after a comma go with the list.
                var next = end + 1
                while next < s.count, s[next] == " " { next += 1 }
                guard next < s.count, isIDCharacter(s[next]) else { break }
                end = next
            } else {
                break
            }
        }
        guard end > start else { return nil }
        var after = end
        while after < s.count, s[after].isSpaceLike { after += 1 }
        // More metadata: a token's emoji, the plugin's `🏁` on-completion, a tag, a block ID, a field, a date `@{…}`.
        guard after == s.count || isTokenEmoji(s[after]) || "#^[(@🏁".unicodeScalars.contains(s[after]) else {
            return nil
        }
        return (start..<end, end)
    }

    /// `[key:: value]` or `(key:: value)` at `index`.
    private static func dataviewField(_ s: [Unicode.Scalar], at index: Int) -> (String, String, Int)? {
        let close: Unicode.Scalar = s[index] == "[" ? "]" : ")"
        var cursor = index + 1
        var key = String.UnicodeScalarView()
        while cursor < s.count, s[cursor].isWordCharacter || s[cursor] == "-" || s[cursor] == "_" || s[cursor] == " ",
            key.count < 40
        {
            key.append(s[cursor])
            cursor += 1
        }
        guard !key.isEmpty, cursor + 1 < s.count, s[cursor] == ":", s[cursor + 1] == ":" else { return nil }
        cursor += 2
        var value = String.UnicodeScalarView()
        while cursor < s.count, s[cursor] != close, value.count < 200 {
            value.append(s[cursor])
            cursor += 1
        }
        guard cursor < s.count, s[cursor] == close else { return nil }
        return (String(key).trimmingWhitespace, String(value).trimmingWhitespace, cursor + 1)
    }

    /// Fields in round brackets at `index`, as lists written by hand or by tools give a task's fields: `key: value`
    /// parts with one colon, parted by `,`, `;` or `|` (`(Due: 2026-08-29)`, `(prio: High)`, `(Priority: High, Owner:
    /// IT, Due: 2025-02-15)`, `(Prio: High | Est: 2 days | Owner: John)`). One field at least is one pm-render reads
    /// (`fieldValue`) and every known one reads its value; other keys are fields shown as written. `(Due: end of
    /// May)`, `(Note: 2026-08-29)` and `(see: the docs)` are text. A due date alone is the date's token, as before.
    /// A priority may come first without its key (`(medium, assigned: Bo)`), and alone in brackets ending the line it
    /// is the card's priority (`**Add the export** (low)`, as claude-memory writes tasks; `(P1)`; not `(1)`, and not
    /// inside the title: `Set the limit (high) first`).
    private static func fieldList(_ s: [Unicode.Scalar], at index: Int, atLineEnd: Bool) -> (CardToken, Int)? {
        guard let (close, colon) = closingBracket(s, at: index, pair: ("(", ")"), within: 200) else { return nil }
        // Most brackets hold words (`(see the docs)`): no colon, no fields.
        guard colon else {
            guard endsLine(s, from: close + 1, atLineEnd: atLineEnd),
                let priority = barePriority(String(String.UnicodeScalarView(s[(index + 1)..<close])))
            else { return nil }
            return (.priority(priority), close + 1)
        }
        guard let (tokens, reads) = fields(s[(index + 1)..<close], separators: ",;|", barePriorityFirst: true), reads
        else { return nil }
        if tokens.count == 1, case .emojiDate(.due, _) = tokens[0] { return (tokens[0], close + 1) }
        return (.fields(tokens), close + 1)
    }

    /// Fields in curly brackets ending a text, as MD Planner writes a task's (`{tag: [Research]; due_date: 2025-08-20;
    /// assignee: Alice; priority: 1; effort: 5}`): `key: value` parts parted by `;` or `,`, a key's `_` read as a space
    /// (`due_date` is `Due date`), several values in square brackets (`tag: [UI, Backend]`), a date with its hour alone
    /// (`2025-08-26T22`) at that hour. As in round brackets (`fieldList`), one field at least is one pm-render reads and
    /// every known one reads its value; other keys are fields shown as written (`effort: 5`). Only at the end of the
    /// line (or before more metadata), so that `{key: value}` in a sentence stays text.
    private static func braceFieldList(_ s: [Unicode.Scalar], at index: Int, atLineEnd: Bool) -> (CardToken, Int)? {
        guard let (close, colon) = closingBracket(s, at: index, pair: ("{", "}"), within: 300), colon,
            endsLine(s, from: close + 1, atLineEnd: atLineEnd),
            let (tokens, reads) = fields(s[(index + 1)..<close], separators: ";,", braced: true), reads
        else { return nil }
        return (.fields(tokens), close + 1)
    }

    /// The bracket closing the one at `index` on its line, no other opening before it and at most `within`
    /// characters on, and whether a colon stands between them; nil without one.
    private static func closingBracket(
        _ s: [Unicode.Scalar], at index: Int, pair: (open: Unicode.Scalar, close: Unicode.Scalar), within: Int
    ) -> (close: Int, colon: Bool)? {
        var close = index + 1
        var colon = false
        while close < s.count, close - index <= within, s[close] != pair.close, s[close] != pair.open,
            s[close] != "\n"
        {
            if s[close] == ":" { colon = true }
            close += 1
        }
        return close < s.count && s[close] == pair.close ? (close, colon) : nil
    }

    /// Whether nothing but space, or more metadata (`#tag`, `^id`, a token's emoji), follows `index` on the line.
    /// (Metadata is told by its first character: `@{date}`, `[due:: …]` and `(due: …)`, which the editing commands
    /// write after a title, count, so that a deadline added after `(low)` keeps it the card's priority.)
    private static func endsLine(_ s: [Unicode.Scalar], from index: Int, atLineEnd: Bool) -> Bool {
        var after = index
        while after < s.count, s[after].isSpaceLike { after += 1 }
        guard after < s.count else { return atLineEnd }
        return "#^@[({".unicodeScalars.contains(s[after]) || isTokenEmoji(s[after])
    }

    /// A priority written alone, without its key: a word pm-render knows for one (`high`, `P1`, `urgent`, `Alta`),
    /// with the word `priority` before or after it or not (`High Priority`, `low prio`), not a number alone (`(1)`
    /// numbers things), nor one character (`(中)` also names Chinese).
    private static func barePriority(_ text: String) -> Priority? {
        var word = Substring(text.trimmingWhitespace)
        let lowered = word.lowercased()
        for suffix in [" priority", " prio"] where lowered.hasSuffix(suffix) { word = word.dropLast(suffix.count) }
        if lowered.hasPrefix("priority ") { word = word.dropFirst(9) }
        word = word.trimmingSpaces
        guard word.count >= 2, word.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
        return Priority(text: String(word))
    }

    /// The fields ending a text after a dash (` — owner: infra`, ` — (prio: High) — owner: infra`, ` – due:
    /// 2026-03-01`): from `index`, parts after ` — ` or ` – ` to the end or to more metadata (` #tag`, ` @{…}`,
    /// ` 📅 …`), each a known `key: value` (not a field of another name: `— Scope: the API` is the title's) or fields in
    /// round brackets (`fieldList`); their tokens and where they end. Only the last 200 characters of a text are looked
    /// at, so a long line of dashes stays linear.
    private static func trailingFields(_ s: [Unicode.Scalar], from index: Int) -> ([CardToken], Int)? {
        // (Every field holds a colon: most dashes in titles are followed by words alone.)
        guard s.count - index <= 200, s[index...].contains(":") else { return nil }
        // More metadata after a space ends the fields' values (`— owner: web #ui 📅 2026-12-01`).
        func metadataAfter(_ space: Int) -> Bool {
            guard space + 1 < s.count else { return false }
            let next = s[space + 1]
            if isTokenEmoji(next) || next == "#" || next == "^" || next == "[" { return true }
            return next == "@" && space + 2 < s.count
                && (s[space + 2] == "{" || s[space + 2] == "@" || s[space + 2] == "[")
        }
        var tokens: [CardToken] = []
        var reads = false
        var start = index
        var stop = s.count
        while start < stop {
            // A dash between spaces opens each part.
            guard s[start] == "—" || s[start] == "–", start + 1 < s.count, s[start + 1] == " " else { return nil }
            var end = start + 2
            while end < s.count, !(s[end] == " " && end + 1 < s.count && (s[end + 1] == "—" || s[end + 1] == "–")) {
                if s[end] == " ", metadataAfter(end) {
                    stop = end
                    break
                }
                end += 1
            }
            var first = start + 2
            while first < end, s[first] == " " { first += 1 }
            var last = end
            while last > first, s[last - 1].isSpaceLike { last -= 1 }
            if first < last, s[first] == "(", let (token, after) = fieldList(s, at: first, atLineEnd: true),
                after == last
            {
                if case .fields(let list) = token { tokens += list } else { tokens.append(token) }
                reads = true
            } else if let (list, read) = fields(s[first..<last], separators: ""),
                !list.contains(where: \.isUnknownField)
            {
                tokens += list
                reads = reads || read
            } else {
                return nil
            }
            start = end + 1
        }
        return reads ? (tokens, min(stop, s.count)) : nil
    }

    /// `key: value` parts parted by `separators` (a separator parts them only before another `key:`, so that `Due: Nov
    /// 20, 2026` is one): their tokens (`fieldValue`) and whether a part is a field pm-render reads (not `status`); nil
    /// when a part is no field or a known key does not read its value.
    private static func fields(
        _ text: ArraySlice<Unicode.Scalar>, separators: String, braced: Bool = false, barePriorityFirst: Bool = false
    ) -> ([CardToken], Bool)? {
        let text = Array(text)
        // Where each part starts: after a separator that is followed by a key and its colon.
        var starts = [0]
        for (offset, c) in text.enumerated() where separators.unicodeScalars.contains(c) {
            if keyEnd(text, from: offset + 1) != nil { starts.append(offset + 1) }
        }
        var tokens: [CardToken] = []
        var reads = false
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] - 1 : text.count
            let keyed = keyEnd(text, from: start).map { $0 < end } ?? false
            if !keyed, barePriorityFirst, number == 0, starts.count > 1,
                let priority = barePriority(String(String.UnicodeScalarView(text[start..<end])))
            {
                tokens.append(.priority(priority))
                reads = true
                continue
            }
            guard let colon = keyEnd(text, from: start), colon < end else { return nil }
            let key = String(String.UnicodeScalarView(text[start..<colon])).trimmingWhitespace
            var value = String(String.UnicodeScalarView(text[(colon + 1)..<end])).trimmingWhitespace
            guard !value.isEmpty else { return nil }
            let known = braced ? CardField(key: Substring(key.replacingOccurrences(of: "_", with: " "))) : nil
            if braced, let known, Self.dateFields.contains(known), Self.isDateAndHour(value) { value += ":00" }
            guard let field = known ?? CardField(key: Substring(key)) else {
                tokens.append(.field(key: key, value: value))
                continue
            }
            guard let token = fieldValue(field, key: key, value: value) else { return nil }
            tokens += token
            if field != .ignored, field != .steps, !token.isEmpty { reads = true }
        }
        return (tokens, reads)
    }

    /// The fields whose values are dates.
    private static let dateFields: Set<CardField> = [.due, .start, .scheduled, .created, .completed]

    /// Whether a value is a date and an hour alone, as ISO 8601 allows (`2025-08-26T22`).
    private static func isDateAndHour(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 13, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T")
        else { return false }
        return [0, 1, 2, 3, 5, 6, 8, 9, 11, 12].allSatisfy { (0x30...0x39).contains(bytes[$0]) }
    }

    /// The index of the colon after a key that starts at `start` (spaces first): a few words of letters, digits,
    /// `-` and `_`, then `:` and no second one (`[key:: value]` is Dataview's).
    private static func keyEnd(_ text: [Unicode.Scalar], from start: Int) -> Int? {
        var cursor = start
        while cursor < text.count, text[cursor] == " " { cursor += 1 }
        let keyStart = cursor
        var spaces = 0
        while cursor < text.count, cursor - keyStart <= 20,
            text[cursor].isWordCharacter || text[cursor] == "-" || text[cursor] == "_" || text[cursor] == " "
        {
            if text[cursor] == " " { spaces += 1 }
            cursor += 1
        }
        guard cursor > keyStart, cursor < text.count, text[cursor] == ":", spaces <= 3,
            cursor + 1 == text.count || text[cursor + 1] != ":"
        else { return nil }
        return cursor
    }

    /// The tokens of a known field written `key: value` in a list: a due date, a date, a priority, people, an ID or
    /// tags pm-render reads (nil when it does not read the value: `due: end of May`); a value that only holds its
    /// place says nothing (`owner: TBD`); the keys it does not show (`status`, `estimate`) are fields as written.
    private static func fieldValue(_ field: CardField, key: String, value: String) -> [CardToken]? {
        if Placeholder.isValue(Substring(value)) { return [] }
        switch field {
        case .due, .start, .scheduled, .created, .completed:
            guard DateFormat.date(Substring(value)) != nil else { return nil }
            let kind: CardToken.DateKind =
                switch field {
                case .start: .start
                case .scheduled: .scheduled
                case .created: .created
                case .completed: .completed
                default: .due
                }
            return [.emojiDate(kind, value)]
        case .priority: return Priority(text: value).map { [.priority($0)] }
        case .assignees: return [.assignee(value)]
        case .id: return Slug.isValidID(value) ? [.id(value)] : nil
        case .tags:
            // `tags: [ui, backend]`: the brackets hold the list.
            let list = value.hasPrefix("[") && value.hasSuffix("]") ? value.dropFirst().dropLast() : Substring(value)
            return list.split(whereSeparator: { $0 == "," || $0 == " " }).map {
                .tag(String($0.drop { $0 == "#" }))
            }
        case .ignored, .steps: return [.field(key: key, value: value)]
        }
    }

    /// End of a tag name (letters, digits, `-`, `_`, `/`; not only digits), or nil if there is none.
    /// A mark, or an emoji: emoji go on a tag (`#docs📄`, as Obsidian reads it), but not the Tasks plugin's
    /// (`#ops📅 2026-05-10`).
    private static func isTagSymbol(_ c: Unicode.Scalar) -> Bool {
        if c.properties.generalCategory.isMark || c.isVariationSelector || c == "\u{200D}" { return true }
        let isPictograph = c.value >= 0x1F000 || c.properties.isEmojiPresentation
        return (isPictograph && !isTokenEmoji(c)) || c.properties.isEmojiModifier
    }

    private static func tagEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        var hasNonDigit = false
        while end < s.count {
            let c = s[end]
            guard
                c.isWordCharacter || c == "-" || c == "_" || c == "/" || (!c.isASCII && isTagSymbol(c))
                    // A symbol shown as an emoji by the selector after it (`♻️`, U+267B U+FE0F).
                    || (!c.isASCII && c.properties.isEmoji && end + 1 < s.count && s[end + 1] == "\u{FE0F}"
                        && !isTokenEmoji(c))
            else { break }
            // Digits and separators alone are a reference (`#5-9`, an issue range; `#2024/05`), not a tag.
            if !c.isDigitLike, c != "-", c != "_", c != "/" { hasNonDigit = true }
            end += 1
        }
        // A trailing slash or dash is punctuation, not part of the tag.
        while end > start, s[end - 1] == "/" || s[end - 1] == "-" { end -= 1 }
        guard end > start, hasNonDigit else { return nil }
        // A colour (`#FDFBF7`, `#2F4F2F80`): six or eight hex digits, a digit among them (`#facade` is a tag).
        let name = s[start..<end]
        if name.count == 6 || name.count == 8, name.contains(where: { ("0"..."9").contains($0) }),
            name.allSatisfy({ $0.properties.isASCIIHexDigit })
        {
            return nil
        }
        return end
    }

    /// End of a block ID at the very end of the text (`^abc-123`), or nil.
    private static func blockIDEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        while end < s.count, s[end].isASCII, s[end].isWordCharacter || s[end] == "-" { end += 1 }
        guard end > start, s[end...].allSatisfy({ $0.isSpaceLike }) else { return nil }
        return end
    }
}

extension Priority {
    /// `high`, `Highest`, `p1`, `1`, `urgent`, `높음` …
    init?(text: String) {
        switch text.trimmingWhitespace.lowercased() {
        case "highest", "urgent", "critical", "p0", "긴급", "최우선", "最高", "dringend", "urgente", "kritisch", "crítica",
            "crítico", "critique", "критический", "срочно", "acil", "kritik":
            self = .highest
        case "high", "p1", "1", "높음", "高", "hoch", "alta", "alto", "haute", "élevée", "высокий", "yüksek", "tinggi",
            "cao", "hoog", "wysoki", "wysoka", "hög", "høy":
            self = .high
        case "medium", "med", "normal-high", "p2", "2", "중간", "보통", "中", "mittel", "media", "medio", "média", "médio",
            "moyenne", "moyen", "средний", "orta", "sedang", "trung bình", "gemiddeld", "średni", "średnia", "medel":
            self = .medium
        case "normal", "p3", "3": self = .normal
        case "low", "p4", "4", "낮음", "低", "niedrig", "baja", "bajo", "baixa", "baixo", "basse", "bas", "низкий",
            "düşük",
            "rendah", "thấp", "laag", "niski", "niska", "låg", "lav":
            self = .low
        case "lowest", "p5", "5", "최저", "最低": self = .lowest
        default: return nil
        }
    }
}

extension CardTokens {
    /// Whether `s[..<i]` ends with a `<br>` tag (`<br>`, `<br/>`, `<br />`, any case).
    static func afterBreakTag(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        var j = i - 1  // at `>`
        if j > 0, s[j - 1] == "/" { j -= 1 }
        while j > 0, s[j - 1] == " " { j -= 1 }
        guard j >= 3 else { return false }
        return s[j - 3] == "<" && (s[j - 2] == "b" || s[j - 2] == "B") && (s[j - 1] == "r" || s[j - 1] == "R")
    }
}
