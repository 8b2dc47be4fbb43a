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
        guard !key.isEmpty, key.count <= 40, !key.contains(" " as Character) || key.count <= 20 else {
            self = .notAField
            return
        }
        guard let field = CardField(key: key) else {
            // Only single words followed by ": " read as an attempted field.
            let afterColon = trimmed[trimmed.index(after: colon)...]
            let looksLikeField = !key.contains(" " as Character) && (afterColon.isEmpty || afterColon.first == " ")
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
    private var tagSet: Set<String> = []

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
        if tagSet.insert(tag).inserted { tags.append(tag) }
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

extension Unicode.Scalar {
    /// Whitespace, with a fast path for ASCII (Unicode property look-ups are slow in hot loops).
    @inline(__always) var isSpaceLike: Bool {
        value < 0x80 ? (value == 0x20 || (0x09...0x0D).contains(value)) : properties.isWhitespace
    }

    /// A letter or digit of any script, with a fast path for ASCII.
    @inline(__always) var isWordCharacter: Bool {
        if value < 0x80 {
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        return properties.isAlphabetic || properties.numericType != nil
    }

    @inline(__always) var isDigitLike: Bool {
        value < 0x80 ? (0x30...0x39).contains(value) : properties.numericType != nil
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines: the scalars Foundation's
    /// `.whitespacesAndNewlines` holds (Unicode's White_Space), without bridging through NSString.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpaceLike }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpaceLike })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// The first exact occurrence of `token` (compared scalar by scalar) at or after `start`.
    func scalarRange(of token: String, from start: Index) -> Range<Index>? {
        let haystack = unicodeScalars[start...]
        let needle = Array(token.unicodeScalars)
        guard let head = needle.first else { return nil }
        var candidate = haystack.startIndex
        while let found = haystack[candidate...].firstIndex(of: head) {
            var end = found
            var matched = 0
            while matched < needle.count, end < haystack.endIndex, haystack[end] == needle[matched] {
                matched += 1
                end = haystack.index(after: end)
            }
            if matched == needle.count { return found..<end }
            candidate = haystack.index(after: found)
        }
        return nil
    }
}

/// Reads the inline tokens of a list card's title line (`[ ]`, `@{date}`, `@@{time}`, `📅 date`,
/// `#tag`, `^id`), removes them and returns the display title. Works on Unicode scalars (every token
/// delimiter is ASCII), so a pathological 10 MB line stays fast.
enum TitleTokens {
    /// - Parameters:
    ///   - segments: the title line's inline text; tokens are read from non-code segments only.
    ///   - locate: the source location of a token's text (searched in the raw line).
    static func read(_ segments: [InlineSegment], into draft: inout CardDraft,
                     locate: (String) -> SourceLocation, report: (Problem, SourceLocation) -> Void) -> String {
        var title = String.UnicodeScalarView()
        var pendingTime: (String, SourceLocation)?
        var sawDate: (CalendarDate, SourceLocation)?
        for (index, segment) in segments.enumerated() {
            if segment.isCode {
                title.append(contentsOf: segment.text.unicodeScalars)
                continue
            }
            let scalars = Array(segment.text.unicodeScalars)
            var cursor = 0
            if index == 0 {
                while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
                if cursor + 2 < scalars.count, scalars[cursor] == "[", scalars[cursor + 2] == "]",
                   [" ", "x", "X"].contains(scalars[cursor + 1]),
                   cursor + 3 == scalars.count || scalars[cursor + 3] == " " {
                    cursor += 3
                }
            }
            func text(_ range: Range<Int>) -> String {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[range])
                return String(view)
            }
            while cursor < scalars.count {
                let scalar = scalars[cursor]
                let atWordStart = cursor == 0 || scalars[cursor - 1].isSpaceLike
                if scalar == "@", let (valueRange, end, isTime) = braced(scalars, at: cursor) {
                    let location = locate(text(cursor..<end))
                    let value = text(valueRange)
                    if isTime {
                        pendingTime = (value, location)
                    } else if let date = CalendarDate(iso: Substring(value)) {
                        sawDate = (date, location)
                    } else {
                        report(.invalidDeadline(value), location)
                    }
                    cursor = end
                    continue
                }
                if scalar == "📅" {
                    var after = cursor + 1
                    while after < scalars.count, scalars[after] == " " { after += 1 }
                    let end = min(after + 10, scalars.count)
                    draft.addDeadline(text: Substring(text(after..<end)), at: locate(text(cursor..<end)), report: report)
                    cursor = end
                    continue
                }
                if scalar == "#", atWordStart, let end = tagEnd(scalars, from: cursor + 1) {
                    draft.addTag(text((cursor + 1)..<end))
                    cursor = end
                    continue
                }
                if scalar == "^", atWordStart, index == segments.count - 1, let end = idEnd(scalars, from: cursor + 1) {
                    let id = text((cursor + 1)..<end)
                    draft.addID(id, at: locate("^" + id), report: report)
                    cursor = end
                    continue
                }
                title.append(scalar)
                cursor += 1
            }
        }
        if let (date, location) = sawDate {
            var time: TimeOfDay?
            if let (text, timeLocation) = pendingTime {
                time = TimeOfDay(text: Substring(text))
                if time == nil { report(.invalidDeadline(text), timeLocation) }
            }
            let deadline = Deadline(date: date, time: time)
            draft.deadlines.append((deadline, deadline.description, location))
        } else if let (text, location) = pendingTime {
            report(.invalidDeadline("@@{\(text)} without a date @{YYYY-MM-DD}"), location)
        }
        return cleanTitle(String(title))
    }

    /// `@{value}` or `@@{value}` at `index`: the value's range, the index after `}`, and whether it is a time.
    private static func braced(_ s: [Unicode.Scalar], at index: Int) -> (Range<Int>, Int, Bool)? {
        var cursor = index + 1
        var isTime = false
        if cursor < s.count, s[cursor] == "@" {
            isTime = true
            cursor += 1
        }
        guard cursor < s.count, s[cursor] == "{" else { return nil }
        let valueStart = cursor + 1
        var close = valueStart
        while close < s.count, close - valueStart <= 32, s[close] != "}" { close += 1 }
        guard close < s.count, s[close] == "}" else { return nil }
        return (valueStart..<close, close + 1, isTime)
    }

    /// End of a tag name (letters, digits, `-`, `_`, `/`; not only digits), or nil if there is none.
    private static func tagEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        var hasNonDigit = false
        while end < s.count {
            let c = s[end]
            let isDigit = c.isDigitLike
            guard c.isWordCharacter || c == "-" || c == "_" || c == "/" else { break }
            if !isDigit { hasNonDigit = true }
            end += 1
        }
        guard end > start, hasNonDigit else { return nil }
        return end
    }

    /// End of a block ID at the very end of the line (`^abc-123`), or nil.
    private static func idEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        while end < s.count, s[end].isASCII, s[end].isWordCharacter || s[end] == "-" {
            end += 1
        }
        guard end > start, s[end...].allSatisfy({ $0 == " " }) else { return nil }
        return end
    }

    /// Collapses whitespace and turns Obsidian wiki links `[[target|label]]` into their label.
    static func cleanTitle(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "[")), text.contains("[[") else { return collapseWhitespace(text) }
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

    /// Runs of whitespace become one space; leading and trailing whitespace is dropped.
    static func collapseWhitespace(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.isSpaceLike {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }
}
