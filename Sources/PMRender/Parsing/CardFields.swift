/// A card field written as `Key: value`.
enum CardField: Equatable {
    case due
    case id
    case tags

    /// Field names, case-insensitive, including aliases.
    init?(key: Substring) {
        switch key.lowercased() {
        case "due", "deadline", "기한": self = .due
        case "id": self = .id
        case "tags", "태그": self = .tags
        default: return nil
        }
    }
}

/// One line of a card's field block, classified.
enum FieldLine: Equatable {
    /// A known field; `valueOffset` is the value's character offset in the line.
    case field(CardField, value: Substring, valueOffset: Int)
    /// `Key: value` whose key is not a card field.
    case unknownKey(Substring)
    /// Not of the form `Key: value`.
    case notAField

    init(_ line: Substring) {
        let trimmed = line.trimmingSpaces
        guard let colon = trimmed.firstIndex(where: { $0 == ":" || $0 == "：" }) else {
            self = .notAField
            return
        }
        let key = trimmed[..<colon].trimmingSpaces
        guard !key.isEmpty, key.count <= 40, !key.contains(" ") || key.count <= 20 else {
            self = .notAField
            return
        }
        guard let field = CardField(key: key) else {
            // Only single words followed by ": " read as an attempted field.
            let afterColon = trimmed[trimmed.index(after: colon)...]
            let looksLikeField = !key.contains(" ") && (afterColon.isEmpty || afterColon.first == " ")
                && key.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" })
            self = looksLikeField ? .unknownKey(key) : .notAField
            return
        }
        var valueStart = line.index(after: line.index(colon, offsetBy: 0))
        while valueStart < line.endIndex, line[valueStart] == " " || line[valueStart] == "\t" {
            valueStart = line.index(after: valueStart)
        }
        let value = line[valueStart...].trimmingSpaces
        self = .field(field, value: value, valueOffset: line.unicodeScalars.distance(from: line.startIndex, to: valueStart))
    }
}

/// What a card says about itself, gathered from its title, field lines and inline tokens, before
/// conflicts are checked.
struct CardDraft {
    var title = ""
    var location: SourceLocation
    var ids: [(String, SourceLocation)] = []
    var deadlines: [(Deadline, String, SourceLocation)] = []
    var tags: [String] = []

    init(location: SourceLocation) {
        self.location = location
    }

    /// Records one field value, reporting an invalid deadline or ID.
    mutating func add(_ field: CardField, value: Substring, at location: SourceLocation,
                      report: (Problem, SourceLocation) -> Void) {
        switch field {
        case .due:
            addDeadline(text: value, at: location, report: report)
        case .id:
            addID(String(value), at: location, report: report)
        case .tags:
            for part in value.split(separator: ",") {
                var tag = part.trimmingSpaces
                if tag.first == "#" { tag = tag.dropFirst() }
                if !tag.isEmpty { addTag(String(tag)) }
            }
        }
    }

    mutating func addDeadline(text: Substring, at location: SourceLocation, report: (Problem, SourceLocation) -> Void) {
        guard let deadline = Deadline(text: text) else {
            report(.invalidDeadline(String(text)), location)
            return
        }
        deadlines.append((deadline, String(text.trimmingSpaces), location))
    }

    mutating func addID(_ id: String, at location: SourceLocation, report: (Problem, SourceLocation) -> Void) {
        guard Slug.isValidID(id) else {
            report(.invalidCardID(id), location)
            return
        }
        ids.append((id, location))
    }

    mutating func addTag(_ tag: String) {
        if !tags.contains(tag) { tags.append(tag) }
    }

    /// The card's deadline and explicit ID after checking for conflicting values.
    func resolve(report: (Problem, SourceLocation) -> Void) -> (due: Deadline?, dueLocation: SourceLocation?, id: String?) {
        var due: (Deadline, String, SourceLocation)?
        for candidate in deadlines.sorted(by: { $0.2 < $1.2 }) {
            if let first = due {
                if first.0 != candidate.0 {
                    report(.conflictingDeadlines(first: first.1, second: candidate.1), candidate.2)
                }
            } else {
                due = candidate
            }
        }
        var id: (String, SourceLocation)?
        for candidate in ids.sorted(by: { $0.1 < $1.1 }) {
            if let first = id {
                if first.0 != candidate.0 { report(.conflictingIDs(first: first.0, second: candidate.0), candidate.1) }
            } else {
                id = candidate
            }
        }
        return (due?.0, due?.2, id?.0)
    }
}

/// Reads the inline tokens of a list card's title line (`[ ]`, `@{date}`, `@@{time}`, `📅 date`,
/// `#tag`, `^id`), removes them and returns the display title.
enum TitleTokens {
    /// - Parameters:
    ///   - segments: the title line's inline text; tokens are read from non-code segments only.
    ///   - locate: the source location of a token's text (searched in the raw line).
    static func read(_ segments: [InlineSegment], into draft: inout CardDraft,
                     locate: (String) -> SourceLocation, report: (Problem, SourceLocation) -> Void) -> String {
        var pieces: [String] = []
        var pendingTime: (String, SourceLocation)?
        var sawDate: (CalendarDate, SourceLocation, String)?
        for (index, segment) in segments.enumerated() {
            if segment.isCode {
                pieces.append(segment.text)
                continue
            }
            var text = Substring(segment.text)
            if index == 0 {
                let trimmed = text.drop(while: { $0 == " " })
                for box in ["[ ]", "[x]", "[X]"] where trimmed.hasPrefix(box) {
                    let rest = trimmed.dropFirst(box.count)
                    if rest.isEmpty || rest.first == " " { text = rest }
                    break
                }
            }
            var kept = ""
            var cursor = text.startIndex
            while cursor < text.endIndex {
                let character = text[cursor]
                let atWordStart = cursor == text.startIndex || text[text.index(before: cursor)].isWhitespace
                if character == "@", let (value, end, isTime) = braced(text, at: cursor) {
                    let token = String(text[cursor..<end])
                    let location = locate(token)
                    if isTime {
                        pendingTime = (String(value), location)
                    } else if let date = CalendarDate(iso: value) {
                        sawDate = (date, location, String(value))
                    } else {
                        report(.invalidDeadline(String(value)), location)
                    }
                    cursor = end
                    continue
                }
                if character == "📅" {
                    var after = text.index(after: cursor)
                    while after < text.endIndex, text[after] == " " { after = text.index(after: after) }
                    let end = text.index(after, offsetBy: 10, limitedBy: text.endIndex) ?? text.endIndex
                    let value = text[after..<end]
                    let location = locate(String(text[cursor..<end]))
                    draft.addDeadline(text: value, at: location, report: report)
                    cursor = end
                    continue
                }
                if character == "#", atWordStart, let end = tagEnd(text, from: text.index(after: cursor)) {
                    draft.addTag(String(text[text.index(after: cursor)..<end]))
                    cursor = end
                    continue
                }
                if character == "^", atWordStart, index == segments.count - 1, let end = idEnd(text, from: text.index(after: cursor)) {
                    let id = String(text[text.index(after: cursor)..<end])
                    draft.addID(id, at: locate("^" + id), report: report)
                    cursor = end
                    continue
                }
                kept.append(character)
                cursor = text.index(after: cursor)
            }
            pieces.append(kept)
        }
        if let (date, location, _) = sawDate {
            var time: TimeOfDay?
            if let (text, timeLocation) = pendingTime {
                time = TimeOfDay(text: Substring(text))
                if time == nil { report(.invalidDeadline(text), timeLocation) }
            }
            draft.deadlines.append((Deadline(date: date, time: time), Deadline(date: date, time: time).description, location))
        } else if let (text, location) = pendingTime {
            report(.invalidDeadline("@@{\(text)} without a date @{YYYY-MM-DD}"), location)
        }
        return cleanTitle(pieces.joined())
    }

    /// `@{value}` or `@@{value}` starting at `index`: the value, the index after `}`, and whether it is a time.
    private static func braced(_ text: Substring, at index: Substring.Index) -> (Substring, Substring.Index, Bool)? {
        var cursor = text.index(after: index)
        var isTime = false
        if cursor < text.endIndex, text[cursor] == "@" {
            isTime = true
            cursor = text.index(after: cursor)
        }
        guard cursor < text.endIndex, text[cursor] == "{" else { return nil }
        let valueStart = text.index(after: cursor)
        guard let close = text[valueStart...].firstIndex(of: "}"),
              text.distance(from: valueStart, to: close) <= 32
        else { return nil }
        return (text[valueStart..<close], text.index(after: close), isTime)
    }

    /// End of a tag name (letters, digits, `-`, `_`, `/`; not only digits), or nil if there is none.
    private static func tagEnd(_ text: Substring, from start: Substring.Index) -> Substring.Index? {
        var end = start
        var hasNonDigit = false
        while end < text.endIndex {
            let c = text[end]
            guard c.isLetter || c.isNumber || c == "-" || c == "_" || c == "/" else { break }
            if !c.isNumber { hasNonDigit = true }
            end = text.index(after: end)
        }
        guard end > start, hasNonDigit else { return nil }
        return end
    }

    /// End of a block ID at the very end of the line (`^abc-123`), or nil.
    private static func idEnd(_ text: Substring, from start: Substring.Index) -> Substring.Index? {
        var end = start
        while end < text.endIndex, text[end].isASCII, text[end].isLetter || text[end].isNumber || text[end] == "-" {
            end = text.index(after: end)
        }
        guard end > start, text[end...].allSatisfy({ $0 == " " }) else { return nil }
        return end
    }

    /// Collapses whitespace and turns Obsidian wiki links `[[target|label]]` into their label.
    static func cleanTitle(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            result += rest[..<open.lowerBound]
            let inner = rest[open.upperBound..<close.lowerBound]
            result += inner.split(separator: "|", maxSplits: 1).last.map(String.init) ?? ""
            rest = rest[close.upperBound...]
        }
        result += rest
        return collapseWhitespace(result)
    }

    static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
