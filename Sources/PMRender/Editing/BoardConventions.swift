import Foundation

/// How a board writes what an edit adds — deadlines, tags, assignees, indentation, blank lines, dates — read from
/// the board's own cards, so that new text looks as if its owner had written it. `BoardStyle` (from the parser) gives
/// the dialect, card style, bullet, task boxes and line ending; this adds what only the text shows.
struct BoardConventions {
    /// How a deadline is written.
    enum DueForm: Equatable {
        /// `@{2026-05-10}` (Obsidian Kanban; the board's date trigger and format).
        case braces
        /// `@[[2026-05-10]]` (Obsidian Kanban with "link dates to daily notes": the date is a link to its daily note).
        case dailyNote
        /// `📅 2026-05-10` (Obsidian Tasks), with the emoji the board uses (and a word before it: `@due 📅`).
        case emoji(String)
        /// `due:2026-05-10` (todo.txt)
        case todoTxt
        /// `@due(2026-05-10)`
        case atDue
        /// `[due:: 2026-05-10]`
        case dataview
        /// `(Due: 2026-05-10)`, a due date in round brackets as lists written by hand give one, with the key as written
        /// (`Deadline`, `Hạn`).
        case bracketed(String)
        /// A line `@ 2026-05-10` under the title (Taskell).
        case taskell
        /// A line `Due: 2026-05-10`, with the key as the board spells it.
        case field(String)
        /// A property item `- due: 2026-05-10` (VS Code Markdown Kanban).
        case property(String)

        var isInline: Bool {
            switch self {
            case .braces, .dailyNote, .emoji, .todoTxt, .atDue, .dataview, .bracketed: return true
            case .taskell, .field, .property: return false
            }
        }
    }

    var style: BoardStyle
    var dueForm: DueForm
    /// Tags as a `Tags:` line (heading cards) rather than `#tags` on the title line.
    var tagsAsField: Bool
    var tagsKey = "Tags"
    var assigneeKey = "Assignee"
    /// Fields are property items (`- tags: [a]`) rather than `Key: value` lines.
    var fieldsAsProperties = false
    /// What starts a list card's continuation lines (`"  "`, `"    "`, a tab).
    var continuationIndent: String?
    /// What starts a heading card's property items (`"  - "`).
    var propertyPrefix = "  - "
    /// Blank lines between two list cards (0 in a tight list).
    var listGap = 0
    /// Blank lines between a lane's heading and its first card.
    var headingGap = 1
    /// Descriptions written as `> ` quotes (Taskell).
    var quotedDescriptions = false
    /// List cards whose fields are property items under the title (VS Code Markdown Kanban's `- [021] Title` over
    /// `  - due: …`).
    var propertyListCards = false
    /// Descriptions kept in ```` ```md ```` blocks (VS Code Markdown Kanban).
    var fencedDescriptions = false
    /// The key of a completion date written as a property item (`- completed: 2025-07-06`), where cards record
    /// completion so rather than with a `✅` stamp.
    var completionProperty: String?
    var dateFormat: MomentFormat?
    /// The date format is the one the board's own dates show (`25/12/2026`), not a setting for `@{…}` tokens.
    var inferredDateFormat = false
    var timeFormat: MomentFormat?
    var triggers: CardTokens.Triggers
    /// The line ending new lines get.
    var lineEnding: [UInt8]
    /// Obsidian's settings block, as JSON (archive dates).
    var obsidianSettings: [String: Any] = [:]
    /// The board's time zone.
    let timezone: String

    init(board: Board, text: EditableText) {
        style = board.style
        timezone = board.timezone
        // CR LF when any line has it (as the board's style says), else CR when the lines end with CR alone.
        lineEnding =
            board.style.lineEnding == "\r\n" || !text.lines.contains(where: { $0.terminator == [0x0D] })
            ? Array(board.style.lineEnding.utf8) : [0x0D]
        triggers = CardTokens.Triggers(date: board.settings.dateTrigger, time: board.settings.timeTrigger)
        dateFormat = board.settings.dateFormat.flatMap(MomentFormat.init)
        inferredDateFormat = board.settings.dateFormatIsInferred
        timeFormat = board.settings.timeFormat.flatMap(MomentFormat.init)
        var forms: [(DueForm, Int)] = []
        func count(_ form: DueForm) {
            if let index = forms.firstIndex(where: { $0.0 == form }) {
                forms[index].1 += 1
            } else {
                forms.append((form, 1))
            }
        }
        var tagsKey: String?
        var assigneeKey: String?
        var properties = 0
        var fieldLines = 0
        var indents: [String: Int] = [:]
        var quoted = 0
        var fenced = 0
        var completionProperties: [String: Int] = [:]
        var listGap: Int?
        var headingGap: Int?
        let cards = board.cards + board.archive
        for card in cards {
            if let location = card.dueLocation, location.line <= text.count,
                let form = Self.dueForm(in: text.text(location.line), column: location.column, triggers: triggers)
            {
                count(form)
            }
            guard card.endLine > card.location.line, card.location.line < text.count else { continue }
            var sawContinuation = false
            var sawQuote = false
            let textLines = card.descriptionLines
            let contentColumn = CardBlock.markerWidth(text.text(card.location.line))
            for number in (card.location.line + 1)...min(card.endLine, text.count) where !text.isBlank(number) {
                let line = text.text(number)
                let trimmed = Substring(line).trimmingSpaces
                var fieldText = trimmed
                var isProperty = false
                if trimmed.hasPrefix("- ") {
                    fieldText = trimmed.dropFirst(2)
                    isProperty = true
                }
                if let (field, _) = CardField.parse(fieldText), field != .steps, !textLines.contains(String(trimmed)) {
                    let key = String(fieldText[..<fieldText.firstIndex(where: { $0 == ":" || $0 == "：" })!])
                        .trimmingWhitespace
                    if isProperty { properties += 1 } else { fieldLines += 1 }
                    if field == .tags, tagsKey == nil { tagsKey = key }
                    if field == .assignees, assigneeKey == nil { assigneeKey = key }
                    if field == .completed, isProperty { completionProperties[key, default: 0] += 1 }
                }
                if trimmed.hasPrefix("```md") || trimmed.hasPrefix("```markdown") { fenced += 1 }
                // The indentation of text under a title (not of a nested list, whose marker sits deeper).
                let isListItem =
                    trimmed.first.map { "-*+".contains($0) } == true && trimmed.dropFirst().first == " "
                    || trimmed.prefix(while: \.isASCIIDigit).count > 0
                        && trimmed.drop(while: \.isASCIIDigit).first == "."
                // (Nor of an indented code block: after a blank line, four columns past the marker's text.)
                let startsCode =
                    number > card.location.line + 1 && text.isBlank(number - 1)
                    && CardBlock.columns(line.prefix { $0 == " " || $0 == "\t" }) >= contentColumn + 4
                if card.style == .listItem, !sawContinuation, !isListItem, !startsCode {
                    sawContinuation = true
                    let indent = String(line.prefix { $0 == " " || $0 == "\t" })
                    if !indent.isEmpty { indents[indent, default: 0] += 1 }
                }
                // A card's description quoted (Taskell's `> ` lines, often under its `@ date` line).
                if card.style == .listItem, !sawQuote, !isListItem, trimmed.hasPrefix(">") {
                    sawQuote = true
                    quoted += 1
                }
            }
        }
        for lane in board.lanes {
            let list = lane.cards.filter { $0.style == .listItem }
            if listGap == nil, list.count >= 2 {
                listGap = Self.blankLines(between: list[0].endLine, and: list[1].location.line, in: text)
            }
            if headingGap == nil, let first = lane.cards.first, lane.description.nodes.isEmpty, lane.groups.isEmpty,
                lane.stateSource != .completeMarker
            {
                headingGap = Self.blankLines(between: lane.location.line, and: first.location.line, in: text)
            }
        }
        let settings = Self.obsidianSettings(in: text)
        let linked = settings["link-date-to-daily-note"] as? Bool
        let defaultForm: DueForm
        if board.style.headingCards {
            defaultForm = properties > fieldLines ? .property("due") : .field("Due")
        } else if board.style.dialect == .taskell {
            // Taskell shows `@{…}` as title text; its own deadline is a `@ date` line under the title.
            defaultForm = .taskell
        } else if linked == true {
            // The plugin's setting: a new date is a link to its daily note.
            defaultForm = .dailyNote
        } else {
            defaultForm = .braces
        }
        // The form most cards use; the first one written on a tie. Between the plugin's two forms, its setting, where
        // the board says it, decides (as it does for the plugin), whatever form the cards dated before use.
        var dueForm = forms.first(where: { $0.1 == forms.map(\.1).max() })?.0 ?? defaultForm
        if let linked, dueForm == .braces || dueForm == .dailyNote { dueForm = linked ? .dailyNote : .braces }
        self.dueForm = dueForm
        fieldsAsProperties = properties > fieldLines
        if case .property = dueForm { fieldsAsProperties = true }
        tagsAsField = board.style.headingCards
        propertyListCards = fieldsAsProperties && !board.style.headingCards && board.style.dialect == .vscodeKanban
        fencedDescriptions = fenced > 0
        completionProperty =
            completionProperties.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
        self.tagsKey = tagsKey ?? (fieldsAsProperties ? "tags" : "Tags")
        self.assigneeKey = assigneeKey ?? (fieldsAsProperties ? "assignee" : "Assignee")
        continuationIndent = indents.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
        // Taskell writes (and reads) the lines under a task four spaces in.
        if continuationIndent == nil, board.style.dialect == .taskell { continuationIndent = "    " }
        // Taskell quotes every description, though no card of the board may have one yet.
        quotedDescriptions = (quoted > 0 || board.style.dialect == .taskell) && board.style.dialect != .obsidianKanban
        obsidianSettings = settings
        self.listGap = min(listGap ?? 0, 2)
        self.headingGap = min(headingGap ?? 1, 2)
    }

    /// The form of the deadline written at `column` (1-based, in characters) of `line`.
    static func dueForm(in line: String, column: Int, triggers: CardTokens.Triggers) -> DueForm? {
        let scalars = Array(line.unicodeScalars)
        guard column >= 1, column <= scalars.count else { return nil }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[(column - 1)...])
        let rest = String(view)
        let trimmedLine = Substring(line).trimmingSpaces
        if rest.unicodeScalars.starts(with: triggers.date + ["{"]) { return .braces }
        if rest.unicodeScalars.starts(with: triggers.date + ["[", "["]) { return .dailyNote }
        if let first = rest.unicodeScalars.first, CardTokens.isDueEmoji(first) { return .emoji(String(first)) }
        if rest.hasPrefix("@due "),
            let emoji = rest.unicodeScalars.firstIndex(where: CardTokens.isDueEmoji),
            rest.unicodeScalars[rest.unicodeScalars.index(rest.startIndex, offsetBy: 4)..<emoji].allSatisfy({
                $0 == " "
            })
        {
            return .emoji(String(rest.unicodeScalars[...emoji]))
        }
        if rest.hasPrefix("due:") { return .todoTxt }
        if rest.hasPrefix("@due(") { return .atDue }
        if rest.hasPrefix("[due::") || rest.hasPrefix("(due::") { return .dataview }
        // `(Due: 2026-05-10)`: read as a token (`CardTokens`), its key as written.
        if rest.hasPrefix("("),
            case .token(.emojiDate(.due, _), let raw, _)? = CardTokens.scan(rest, triggers: triggers, source: true)
                .first,
            !raw.contains("::"), let colon = raw.firstIndex(of: ":")
        {
            return .bracketed(String(raw[raw.index(after: raw.startIndex)..<colon]).trimmingWhitespace)
        }
        if trimmedLine.hasPrefix("@ ") { return .taskell }
        var fieldText = trimmedLine
        let isProperty = fieldText.hasPrefix("- ")
        if isProperty { fieldText = fieldText.dropFirst(2) }
        fieldText = CardField.unbolded(fieldText)
        if let (field, value) = CardField.parse(fieldText), field == .due,
            let colon = fieldText.firstIndex(where: { $0 == ":" || $0 == "：" })
        {
            // A date written as a token after the key (`- **Дедлайн:** @{2026-05-10}`): the token is the form, the one
            // the board's editor reads.
            if value.unicodeScalars.starts(with: triggers.date + ["{"]) { return .braces }
            if let first = value.unicodeScalars.first, CardTokens.isDueEmoji(first) {
                return .emoji(String(first))
            }
            let key = String(fieldText[..<colon]).trimmingWhitespace
            return isProperty ? .property(key) : .field(key)
        }
        return nil
    }

    /// Blank lines strictly between two lines; nil when something else is between them.
    static func blankLines(between first: Int, and second: Int, in text: EditableText) -> Int? {
        guard second > first else { return nil }
        var blanks = 0
        for number in stride(from: first + 1, to: second, by: 1) {
            guard text.isBlank(number) else { return nil }
            blanks += 1
        }
        return blanks
    }

    /// Whether `line` is the first line of Obsidian's settings block (`%% kanban:settings`).
    static func startsSettingsBlock(_ line: String) -> Bool {
        Substring(line).trimmingSpaces.hasPrefix("%% kanban:settings")
    }

    /// The JSON of Obsidian's `%% kanban:settings` block, if the board has one.
    static func obsidianSettings(in text: EditableText) -> [String: Any] {
        guard
            let start = text.lines.lastIndex(where: { Self.startsSettingsBlock($0.text) })
        else { return [:] }
        var json = ""
        var inFence = false
        for line in text.lines[(start + 1)...] {
            let trimmed = Substring(line.text).trimmingSpaces
            if trimmed.hasPrefix("```") {
                if inFence { break }
                inFence = true
                continue
            }
            if trimmed.hasPrefix("%%") { break }
            if inFence { json += line.text + "\n" }
        }
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        return object as? [String: Any] ?? [:]
    }

    /// What Obsidian writes into an archived card's title when the board's `archive-with-date` setting is on: the
    /// date in `archive-date-format` (default: the date and time formats), with `archive-date-separator`, before
    /// the title (after it with `append-archive-date`). Nil when the setting is off.
    func archiveStamp(_ clock: DeadlineClock) -> (text: String, after: Bool)? {
        let setting = obsidianSettings["archive-with-date"] as? Bool == true
        guard setting || style.stampsArchive else { return nil }
        let dateFormat = obsidianSettings["date-format"] as? String ?? "YYYY-MM-DD"
        let timeFormat = obsidianSettings["time-format"] as? String ?? "HH:mm"
        // Stamps in the plugin's default form, as the board's archived cards carry them (`BoardStyle.stampsArchive`).
        let pattern =
            setting
            ? obsidianSettings["archive-date-format"] as? String ?? "\(dateFormat) \(timeFormat)" : "YYYY-MM-DD HH:mm"
        let time = TimeOfDay(hour: clock.minuteOfDay / 60, minute: clock.minuteOfDay % 60)
        let stamp =
            MomentFormat(pattern)?.render(date: clock.today, time: time)
            ?? "\(clock.today) \(time?.description ?? "00:00")"
        let separator =
            setting ? (obsidianSettings["archive-date-separator"] as? String).flatMap { $0.isEmpty ? nil : $0 } : nil
        let after = setting && obsidianSettings["append-archive-date"] as? Bool == true
        let parts = after ? [separator, stamp].compactMap { $0 } : [stamp, separator].compactMap { $0 }
        return (parts.joined(separator: " "), after)
    }

    // MARK: - Writing values

    /// A date (and time) as the board writes it in `@{…}` / `@@{…}`; ISO where the board has no format of its own.
    func bracedDeadline(_ deadline: Deadline, linked: Bool = false) -> String {
        let date = dateFormat?.format(deadline.date) ?? deadline.date.description
        var out = String(String.UnicodeScalarView(triggers.date)) + (linked ? "[[" + date + "]]" : "{" + date + "}")
        if let time = deadline.time {
            let written = timeFormat?.format(time: time) ?? time.description
            out += " " + String(String.UnicodeScalarView(triggers.time)) + "{" + written + "}"
        }
        return out
    }

    /// The inline token for a deadline in `form` (a time the form cannot hold is added as `@@{HH:mm}`).
    func inlineDeadline(_ deadline: Deadline, form: DueForm) -> String {
        let time =
            deadline.time.map {
                " " + String(String.UnicodeScalarView(triggers.time)) + "{"
                    + (timeFormat?.format(time: $0) ?? $0.description) + "}"
            } ?? ""
        switch form {
        case .braces: return bracedDeadline(deadline)
        case .dailyNote: return bracedDeadline(deadline, linked: true)
        case .emoji(let emoji): return "\(emoji) \(deadline.date)" + time
        case .atDue: return "@due(\(deadline.description))"
        case .dataview: return "[due:: \(deadline.description)]"
        case .bracketed(let key): return "(\(key): \(deadline.description))"
        // todo.txt has no times: a deadline with one is written as Obsidian Kanban writes it.
        case .todoTxt: return deadline.time == nil ? "due:\(deadline.date)" : bracedDeadline(deadline)
        case .taskell, .field, .property: return bracedDeadline(deadline)
        }
    }

    /// The line for a deadline written as a line of its own (without indentation).
    func deadlineLine(_ deadline: Deadline, form: DueForm) -> String {
        switch form {
        case .taskell:
            // Taskell writes a time in UTC, and says so; a board in another time zone (front matter) has its own.
            return "@ " + deadline.description + (deadline.time != nil && timezone == "UTC" ? " UTC" : "")
        case .field(let key): return "\(key): \(fieldDeadline(deadline))"
        case .property(let key): return "\(key): \(fieldDeadline(deadline))"
        default: return "Due: \(fieldDeadline(deadline))"
        }
    }

    /// A deadline as the value of a `Due:` line or a `due:` property: in the date format the board's own dates show
    /// (`Due: 25/12/2026`), which the reader reads them in first; ISO where the board has none, and with a time (the
    /// reader takes a time after an ISO date only: `Due: 2026-12-25 14:00`).
    func fieldDeadline(_ deadline: Deadline) -> String {
        guard inferredDateFormat, deadline.time == nil, let date = dateFormat?.format(deadline.date) else {
            return deadline.description
        }
        return date
    }
}

/// A moment.js date or time pattern (`DD.MM.YYYY`, `HH:mm`), for writing dates the way a board reads them.
struct MomentFormat {
    enum Piece: Equatable {
        case year4, year2, month1, month2, monthShort, monthLong, day1, day2, dayOrdinal, weekdayShort, weekdayLong
        case hour24, hour24Padded, hour12, hour12Padded, minute, minutePadded, meridiemLower, meridiemUpper
        case literal(String)
    }

    let pattern: String
    let pieces: [Piece]

    /// The pieces by the letters that write them: a run of one letter (`Do`, the ordinal day, adds an `o`).
    private static let tokens: [String: Piece] = [
        "YYYY": .year4, "YY": .year2, "M": .month1, "MM": .month2, "MMM": .monthShort, "MMMM": .monthLong,
        "D": .day1, "DD": .day2, "Do": .dayOrdinal, "ddd": .weekdayShort, "dddd": .weekdayLong, "H": .hour24,
        "HH": .hour24Padded, "h": .hour12, "hh": .hour12Padded, "m": .minute, "mm": .minutePadded,
        "a": .meridiemLower, "A": .meridiemUpper,
    ]

    init?(_ pattern: String) {
        self.pattern = pattern
        var pieces: [Piece] = []
        let s = Array(pattern)
        var i = 0
        while i < s.count {
            if s[i] == "[", let close = s[i...].firstIndex(of: "]") {
                pieces.append(.literal(String(s[(i + 1)..<close])))
                i = close + 1
                continue
            }
            var n = 1
            while i + n < s.count, s[i + n] == s[i] { n += 1 }
            var token = String(repeating: s[i], count: n)
            if token == "D", i + 1 < s.count, s[i + 1] == "o" { token = "Do" }
            if let piece = Self.tokens[token] {
                pieces.append(piece)
                i += token.count
            } else if s[i].isLetter {
                return nil
            } else {
                pieces.append(.literal(String(s[i])))
                i += 1
            }
        }
        self.pieces = pieces
    }

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    func render(date: CalendarDate?, time: TimeOfDay?) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): out += text
            case .year4: out += Self.pad(date?.year ?? 0, 4)
            case .year2: out += Self.pad((date?.year ?? 0) % 100, 2)
            case .month1: out += String(date?.month ?? 0)
            case .month2: out += Self.pad(date?.month ?? 0, 2)
            case .monthShort: out += String(Self.months[(date?.month ?? 1) - 1].prefix(3))
            case .monthLong: out += Self.months[(date?.month ?? 1) - 1]
            case .day1: out += String(date?.day ?? 0)
            case .day2: out += Self.pad(date?.day ?? 0, 2)
            case .dayOrdinal:
                let day = date?.day ?? 0
                let suffix =
                    (11...13).contains(day % 100)
                    ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][day % 10]
                out += "\(day)\(suffix)"
            case .weekdayShort: out += String(Self.weekdays[date?.weekday ?? 0].prefix(3))
            case .weekdayLong: out += Self.weekdays[date?.weekday ?? 0]
            case .hour24: out += String(time?.hour ?? 0)
            case .hour24Padded: out += Self.pad(time?.hour ?? 0, 2)
            case .hour12: out += String(((time?.hour ?? 0) + 11) % 12 + 1)
            case .hour12Padded: out += Self.pad(((time?.hour ?? 0) + 11) % 12 + 1, 2)
            case .minute: out += String(time?.minute ?? 0)
            case .minutePadded: out += Self.pad(time?.minute ?? 0, 2)
            case .meridiemLower: out += (time?.hour ?? 0) < 12 ? "am" : "pm"
            case .meridiemUpper: out += (time?.hour ?? 0) < 12 ? "AM" : "PM"
            }
        }
        return out
    }

    /// The date in this pattern; nil when the board's reader would not read it back as the same date.
    func format(_ date: CalendarDate) -> String? {
        let text = render(date: date, time: nil)
        guard let reader = DateFormat(moment: pattern), reader.parse(Substring(text))?.0 == date else { return nil }
        return text
    }

    /// The time in this pattern; nil when the board's reader would not read it back as the same time.
    func format(time: TimeOfDay) -> String? {
        let text = render(date: nil, time: time)
        let reader = DateFormat(moment: pattern)
        guard (reader?.parseTime(Substring(text)) ?? TimeOfDay(text: Substring(text))) == time else { return nil }
        return text
    }
}
