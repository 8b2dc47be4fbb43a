/// The lines of one card, changed in place: its task box, the title and metadata on its first line, and its field
/// lines. Every line an operation does not touch keeps its bytes (indentation, trailing spaces, line ending).
struct CardBlock {
    var lines: [EditableText.Line]
    let style: Card.Style
    let conventions: BoardConventions
    /// How many lines the title takes (`Card.titleLines`): metadata goes on the last, field lines after it.
    var titleLines = 1
    /// The lines (without their indentation) the reader read as the card's description: none of them is a field line.
    var textLines: Set<String> = []

    /// The first line cut into its marker (`- [ ] `, `### `) and the rest.
    struct TitleLine {
        var prefix: String
        var body: String
        /// Whether the task box is checked, when the card has one (`[x]` and `[✅]` are; `[ ]`, `[]` and the Tasks
        /// plugin's `[/]` and `[-]` are not).
        var checked: Bool?
    }

    var eol: [UInt8] { conventions.lineEnding }

    static func splitTitle(_ line: String, style: Card.Style) -> TitleLine {
        let characters = Array(line)
        var index = 0
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        if style == .heading {
            while index < characters.count, characters[index] == "#" { index += 1 }
        } else if index < characters.count, "-*+".contains(characters[index]) {
            index += 1
        } else {
            while index < characters.count, characters[index].isASCIIDigit { index += 1 }
            if index < characters.count, characters[index] == "." || characters[index] == ")" { index += 1 }
        }
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        var checked: Bool?
        // The box as the reader reads it (`ObsidianSyntax.taskBox`), counted in Characters here.
        if style == .listItem, let box = ObsidianSyntax.taskBox(String(characters[index...]).unicodeScalars) {
            checked = box.checked
            var scalars = 0
            while scalars < box.scalars, index < characters.count {
                scalars += characters[index].unicodeScalars.count
                index += 1
            }
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        }
        return TitleLine(prefix: String(characters[..<index]), body: String(characters[index...]), checked: checked)
    }

    var title: TitleLine {
        get { titleLine(0) }
        set { setTitleLine(0, newValue) }
    }

    /// A line of the title (a wrapped title's later lines have only their indentation as prefix).
    func titleLine(_ index: Int) -> TitleLine { Self.splitTitle(lines[index].text, style: style) }

    mutating func setTitleLine(_ index: Int, _ line: TitleLine) {
        lines[index].content = Array((line.prefix + line.body).utf8)
    }

    /// Whether the first line opens a list, a quote or code (`- - patroller`, ``- ```sh``) rather than holding a
    /// title: nothing may be written on it.
    var opensWithBlock: Bool { style == .listItem && CardReader.opensWithBlock(itemLine: Substring(lines[0].text)) }

    /// Parts the line after the title's lines (a description's first line) from them with a blank line, so that it
    /// reads as a paragraph of its own in the card, not as the title's, hard-wrapped.
    mutating func partFromTitle() {
        let after = min(titleLines, lines.count)
        guard after < lines.count, !lines[after].isBlank else { return }
        lines.insert(EditableText.Line(content: [], terminator: eol), at: after)
    }

    // MARK: - Task box

    /// Checks or clears the task box; false when the card has none.
    @discardableResult
    mutating func setChecked(_ checked: Bool) -> Bool {
        let line = title
        guard let isChecked = line.checked else { return false }
        // `[/]` (in progress) and `[-]` (cancelled) are boxes not checked, and become `[x]`; a box ticked with a
        // check mark (`[✅]`) or left empty (`[]`) is written `[ ]` or `[x]`.
        guard isChecked != checked else { return true }
        var prefix = line.prefix
        if let open = prefix.lastIndex(of: "["), let close = prefix[open...].firstIndex(of: "]") {
            prefix.replaceSubrange(open...close, with: checked ? "[x]" : "[ ]")
        }
        title = TitleLine(prefix: prefix, body: line.body, checked: checked)
        return true
    }

    // MARK: - Title and inline tokens

    /// Whether `description` (the card's, as read) starts with the text after a `<br>` on the title line
    /// (`Card<br>more`), not with a line under it.
    func startsDescription(_ description: String) -> Bool {
        guard let first = description.split(separator: "\n", omittingEmptySubsequences: false).first, !first.isEmpty,
            let br = lines[0].text.range(of: "<br", options: .caseInsensitive)
        else { return false }
        return lines[0].text[br.upperBound...].contains(first)
    }

    /// Where metadata goes on the title line: before a trailing block ID, a `<br>`, a backslash line break and
    /// trailing spaces.
    static func metadataInsertionPoint(_ body: String) -> String.Index {
        var end = body.endIndex
        if let br = body.range(of: "<br", options: .caseInsensitive) { end = br.lowerBound }
        var cut = end
        while cut > body.startIndex, body[body.index(before: cut)] == " " || body[body.index(before: cut)] == "\t" {
            cut = body.index(before: cut)
        }
        if let backslash = trailingBreak(body[..<cut]) {
            cut = backslash
            while cut > body.startIndex, body[body.index(before: cut)] == " " || body[body.index(before: cut)] == "\t" {
                cut = body.index(before: cut)
            }
        }
        // A block ID (`^abc`) must stay last.
        if let space = trailingBlockID(body[..<cut]) {
            cut = space
            while cut > body.startIndex, body[body.index(before: cut)] == " " { cut = body.index(before: cut) }
        }
        return cut
    }

    /// Where a backslash that ends `text` is (`Hard break\`: a line break, the title's end, when a line follows);
    /// nil when it ends otherwise (`\\` is a backslash, escaped).
    static func trailingBreak(_ text: Substring) -> String.Index? {
        let backslashes = text.reversed().prefix { $0 == "\\" }.count
        return backslashes % 2 == 1 ? text.index(before: text.endIndex) : nil
    }

    /// Where the space before a block ID (`^abc`) that ends `text` is; nil when it ends otherwise.
    static func trailingBlockID(_ text: Substring) -> String.Index? {
        guard let space = text.lastIndex(where: { $0 == " " || $0 == "\t" }) else { return nil }
        let word = text[text.index(after: space)...]
        guard word.first == "^", word.count > 1,
            word.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        return space
    }

    /// Adds `token` (`#tag`, `@{2026-05-10}`, `✅ 2026-05-10`) to the title line's metadata (at the end of a wrapped
    /// title, on its last line).
    mutating func appendInline(_ token: String) {
        let last = min(titleLines, lines.count) - 1
        var line = titleLine(last)
        let point = Self.metadataInsertionPoint(line.body)
        let before = line.body[..<point]
        let separator = before.isEmpty || before.last == " " ? "" : " "
        line.body = String(before) + separator + token + String(line.body[point...])
        setTitleLine(last, line)
    }

    /// Replaces the title's words, keeping the metadata tokens written on the title line (in their order) and what
    /// follows a `<br>`. A title wrapped over several lines becomes one line.
    mutating func replaceTitle(with newTitle: String, current: String) {
        if titleLines > 1, style == .listItem, lines.count >= titleLines {
            var line = title
            line.body = ([line.body] + lines[1..<titleLines].map { $0.text.trimmingWhitespace }).joined(separator: " ")
            lines.removeSubrange(1..<titleLines)
            titleLines = 1
            title = line
        }
        // A first line of tokens alone over a `# Heading` that the card was titled by (the reader's rule).
        if style == .listItem, lines.count > 1, Self.onlyTokens(title.body, conventions: conventions),
            let heading = Self.atxHeading(lines[1].text), Self.words(heading.body, conventions: conventions) == current
        {
            let text = Self.replacingWords(of: heading.body, with: newTitle, conventions: conventions)
            lines[1].content = Array((heading.prefix + Self.escapingClosingHashes(text)).utf8)
            return
        }
        var line = title
        var body = line.body
        var tail = ""
        let unspaced = body.reversed().drop { $0 == " " || $0 == "\t" }.count
        if let end = body.range(of: "<br", options: .caseInsensitive)?.lowerBound
            ?? Self.trailingBreak(body.prefix(unspaced))
        {
            // What stood between the title and its `<br>` (often nothing: `**Exam**<br>desc`) or its backslash line
            // break stays.
            let gap = body[..<end].reversed().prefix { $0 == " " || $0 == "\t" }
            tail = String(gap.reversed()) + String(body[end...])
            body = String(body[..<end])
        }
        // Spaces or tabs the line ended with stay at its end (a rename and its reverse give the file back).
        let trailing = tail.isEmpty ? String(body.reversed().prefix { $0 == " " || $0 == "\t" }.reversed()) : ""
        var words = Self.replacingWords(of: body, with: newTitle, conventions: conventions)
        while words.last == " " || words.last == "\t" { words.removeLast() }
        line.body = words + tail
        if style == .heading { line.body = Self.escapingClosingHashes(line.body) }
        if style == .listItem {
            line.body = Self.writtenTitle(line.body, hasBox: line.checked != nil, conventions: conventions)
        }
        line.body += trailing
        title = line
    }

    /// `text` with its words replaced by `newText`, its tokens (tags, dates, IDs) and comments (`<!-- owner: kim -->`,
    /// `%% note %%`: the user's, though no page shows them) kept after it, in their order.
    static func replacingWords(of text: String, with newText: String, conventions: BoardConventions) -> String {
        let tagName = { (piece: CardTextPiece) -> String? in
            if case .token(.tag(let name), _, _) = piece { return name }
            return nil
        }
        // (A tag the new words write, spelt the same, is not written again after them.)
        let tagsWritten = Set(
            CardTokens.scan(newText, triggers: conventions.triggers, source: true).compactMap(tagName))
        let pieces = CardTokens.scan(text, triggers: conventions.triggers, source: true).filter {
            tagName($0).map { !tagsWritten.contains($0) } ?? true
        }
        let kept = pieces.flatMap { piece -> [String] in
            switch piece {
            case .token(_, let raw, _): [raw]
            case .text(let words): comments(in: words)
            }
        }
        // A token written against the words (`工作计划📅 2026-05-01`) stays against the new ones, so that a rename and
        // its reverse give the line back.
        // (Not after a token the new words end with: `#work📅` would be another tag to Obsidian; nor after a bracket
        // or other mark, which stays behind: `Variables (#var)` renamed is `New title #var`.)
        if pieces.count > 1, case .text(let words) = pieces[0], case .token(_, let raw, _) = pieces[1],
            kept.first == raw, let last = words.unicodeScalars.last,
            last.properties.isAlphabetic || last.properties.numericType != nil,
            case .text = CardTokens.scan(newText, triggers: conventions.triggers, source: true).last
        {
            return ([newText + raw] + kept.dropFirst()).joined(separator: " ")
        }
        return ([newText] + kept).joined(separator: " ")
    }

    /// The HTML (`<!-- … -->`) and Obsidian (`%% … %%`) comments in a line's text, outside code spans, as written; one
    /// left open runs to the end of the text (it goes on on the next lines).
    static func comments(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        func starts(_ mark: String, at index: Int) -> Bool {
            let mark = Array(mark.unicodeScalars)
            return index + mark.count <= scalars.count && Array(scalars[index..<(index + mark.count)]) == mark
        }
        func end(of mark: String, from index: Int) -> Int {
            var index = index
            while index < scalars.count, !starts(mark, at: index) { index += 1 }
            return min(index + mark.unicodeScalars.count, scalars.count)
        }
        var found: [String] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "`" {
                // A code span: its text is the title's, not a comment (an unclosed run of backticks is text).
                index = CardTokens.codeSpanEnd(scalars, at: index)
            } else if starts("<!--", at: index) || starts("%%", at: index) {
                let close = starts("<!--", at: index) ? end(of: "-->", from: index + 4) : end(of: "%%", from: index + 2)
                var comment = String.UnicodeScalarView()
                comment.append(contentsOf: scalars[index..<close])
                found.append(String(comment))
                index = close
            } else {
                index += 1
            }
        }
        return found
    }

    /// Whether `text` holds tokens (tags, dates, IDs) and nothing else.
    static func onlyTokens(_ text: String, conventions: BoardConventions) -> Bool {
        CardTokens.scan(text, triggers: conventions.triggers, source: true).allSatisfy { piece in
            if case .text(let words) = piece { return words.allSatisfy(\.isWhitespace) }
            return true
        }
    }

    /// The words of `text` without its tokens, as plain text (markup read, spaces collapsed): what a title shows.
    static func words(_ text: String, conventions: BoardConventions) -> String {
        let words = CardTokens.scan(text, triggers: conventions.triggers, source: true).compactMap { piece -> String? in
            if case .text(let words) = piece { return words }
            return nil
        }
        let text = escapingBlockStart(words.joined(separator: " ").trimmingWhitespace)
        return TextCleaning.collapseWhitespace(MarkdownParser.inline(text).inlineText)
    }

    /// An ATX heading line (`# Title`, indented up to the card's text): its indentation and marks, and its text
    /// without a closing sequence.
    static func atxHeading(_ line: String) -> (prefix: String, body: String)? {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        let marks = line.dropFirst(indent.count).prefix { $0 == "#" }
        let rest = line.dropFirst(indent.count + marks.count)
        guard (1...6).contains(marks.count), let space = rest.first, space == " " || space == "\t" else { return nil }
        var body = rest.dropFirst().trimmingSpaces
        let closing = body.reversed().prefix { $0 == "#" }.count
        if closing > 0, body.dropLast(closing).last == " " || closing == body.count { body = body.dropLast(closing) }
        return (String(indent + marks) + " ", String(body.trimmingSpaces))
    }

    /// A heading's text with a trailing run of `#` after a space escaped (`Fix \#`), so that it is not read as the
    /// heading's closing sequence and dropped.
    static func escapingClosingHashes(_ text: String) -> String {
        let run = text.reversed().prefix { $0 == "#" }.count
        guard run > 0 else { return text }
        let head = text.dropLast(run)
        guard head.isEmpty || head.last == " " || head.last == "\t" else { return text }
        return head + "\\" + String(repeating: "#", count: run)
    }

    /// A list card's title as written after its marker: escaped where it would open a block — without a task box,
    /// and on an Obsidian board, whose plugin shows a card's text as Markdown blocks (`- [ ] 1. Intro` is a list
    /// there) — else as it is (after a task box, CommonMark reads a paragraph's text).
    static func writtenTitle(_ title: String, hasBox: Bool, conventions: BoardConventions) -> String {
        !hasBox || conventions.style.dialect == .obsidianKanban ? escapingBlockStart(title) : title
    }

    /// A title with what would open a block at the start of a list item's text escaped (`1\. Intro`, `\> quote`,
    /// `\- x`, `\```), so that `- 1. Intro` is a card titled "1. Intro", not a list in an item. (`# Setup` stays: a
    /// card's text is Markdown, and the plugin shows a heading, as after a task box.)
    static func escapingBlockStart(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return text }
        let endsMarker = { (at: Int) in at == bytes.count || bytes[at] == 0x20 || bytes[at] == 0x09 }
        switch first {
        case UInt8(ascii: ">"):
            return "\\" + text
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            // A bullet. (A thematic break, `***`, shows no text: it is refused as a title.)
            return endsMarker(1) ? "\\" + text : text
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            return bytes.prefix(3).allSatisfy { $0 == first } && bytes.count >= 3 ? "\\" + text : text
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digits = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            guard digits <= 9, digits < bytes.count,
                bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")"),
                endsMarker(digits + 1)
            else { return text }
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: digits)
            return String(text[..<index]) + "\\" + String(text[index...])
        default:
            return text
        }
    }

    /// `text` without a `<br>` that the removal of what followed it left at its end (`Exam<br>@{2026-05-10}` loses
    /// its date, and its break).
    static func withoutDanglingBreak(_ text: String, was original: String) -> String {
        let trimmed = text.trimmingWhitespace
        guard let br = trimmed.range(of: "<br", options: [.caseInsensitive, .backwards]),
            trimmed[br.upperBound...].trimmingCharacters(in: [" ", "/"]) == ">",
            !original.trimmingWhitespace.lowercased().hasSuffix(String(trimmed[br.lowerBound...]).lowercased())
        else { return text }
        return String(trimmed[..<br.lowerBound]).trimmingWhitespace
    }

    /// Removes the tokens `matches` accepts from the title line and from lines that hold nothing but metadata;
    /// returns how many were removed. A line left empty is removed.
    mutating func removeTokens(where matches: (CardToken) -> Bool) -> Int {
        rewriteTokens { token, _ in matches(token) ? "" : nil }
    }

    /// Rewrites the tokens on the title line and on lines that hold nothing but metadata (not lines the reader read as
    /// the description's text, `textLines`): `rewrite` returns a token's new text (empty removes it) or nil to keep it;
    /// returns how many were rewritten. A line left empty is removed.
    mutating func rewriteTokens(_ rewrite: (CardToken, String) -> String?) -> Int {
        var removed = 0
        var index = 0
        while index < lines.count {
            let isTitle = index < titleLines
            let text = isTitle ? titleLine(index).body : lines[index].text
            let pieces = CardTokens.scan(text, triggers: conventions.triggers, source: true)
            let onlyMetadata = pieces.allSatisfy {
                if case .text(let plain) = $0 { return plain.allSatisfy { $0 == " " || $0 == "\t" } }
                return true
            }
            // (A line the reader read as the description's text, a subtask's date under it, is not the card's.)
            guard
                isTitle
                    || (onlyMetadata && !lines[index].isBlank
                        && !textLines.contains(String(Substring(text).trimmingSpaces)))
            else {
                index += 1
                continue
            }
            var kept: [Character] = []
            // Where tokens were removed: only the spaces there are joined.
            var seams: [Int] = []
            var changed = false
            for piece in pieces {
                switch piece {
                case .text(let plain): kept += plain
                case .token(let token, let raw, _):
                    if let new = rewrite(token, raw) {
                        changed = true
                        removed += 1
                        if new.isEmpty { seams.append(kept.count) } else { kept += new }
                    } else {
                        kept += raw
                    }
                }
            }
            guard changed else {
                index += 1
                continue
            }
            let trailing = String(text.reversed().prefix { $0 == " " || $0 == "\t" }.reversed())
            let collapsed = Self.joiningSeams(kept, at: seams, trailing: trailing)
            if isTitle {
                var line = titleLine(index)
                line.body = Self.withoutDanglingBreak(collapsed, was: text)
                setTitleLine(index, line)
                index += 1
            } else if collapsed.allSatisfy({ $0 == " " || $0 == "\t" }) {
                lines.remove(at: index)
            } else {
                lines[index].content = Array(collapsed.utf8)
                index += 1
            }
        }
        return removed
    }

    /// The line with the spaces around each place a token was removed (`seams`) joined: one space between words,
    /// none at the line's end, the indentation kept at its start; every other byte as it was (two spaces inside a
    /// link or code span stay two). A line that still has text ends with the trailing spaces it had (`trailing`).
    static func joiningSeams(_ text: [Character], at seams: [Int], trailing: String) -> String {
        func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }
        var chars = text
        // Places with nothing but spaces between them are one (`a #x #y b` without both tags).
        var places: [Int] = []
        for seam in seams {
            if let previous = places.last, text[previous..<min(seam, text.count)].allSatisfy(isSpace) { continue }
            places.append(seam)
        }
        for original in places.reversed() {
            let seam = min(original, chars.count)
            var start = seam
            while start > 0, isSpace(chars[start - 1]) { start -= 1 }
            var end = seam
            while end < chars.count, isSpace(chars[end]) { end += 1 }
            if start == 0 {
                chars.replaceSubrange(0..<end, with: chars[0..<seam])  // the indentation before it
            } else if end == chars.count || start == seam || end == seam {
                // At the end, or where the token stood against a word or a tag on one side (`**PI** @{…}<br>`, as a
                // token appended before a `<br>` is written): the spaces go with it.
                chars.removeSubrange(start..<end)
            } else {
                chars.replaceSubrange(start..<end, with: [" "])
            }
        }
        while let last = chars.last, isSpace(last) { chars.removeLast() }
        let hasText = chars.contains { !isSpace($0) }
        return String(chars) + (hasText ? trailing : "")
    }

    // MARK: - Field lines

    /// A `Key: value` line (or `- key: value` property item) of the card.
    struct FieldLine {
        var index: Int
        var field: CardField
        /// Everything up to the value (`"  Tags: "`).
        var head: String
        var value: String
    }

    func fieldLines() -> [FieldLine] {
        var found: [FieldLine] = []
        for index in lines.indices.dropFirst() {
            let text = lines[index].text
            let indent = text.prefix { $0 == " " || $0 == "\t" }
            var rest = Substring(text.dropFirst(indent.count))
            guard !textLines.contains(String(rest.trimmingSpaces)) else { continue }
            var marker = ""
            if rest.hasPrefix("- ") {
                marker = "- "
                rest = rest.dropFirst(2)
            }
            // A bold key, `**Due:** …` or `**Due**: …`, is read as the key (as `CardField.lineText` reads it).
            guard let (field, value) = CardField.parse(CardField.unbolded(rest)), field != .steps,
                let colon = rest.firstIndex(where: { $0 == ":" || $0 == "：" })
            else { continue }
            var valueStart = rest.index(after: colon)
            if rest[valueStart...].hasPrefix("**") { valueStart = rest.index(valueStart, offsetBy: 2) }
            while valueStart < rest.endIndex, rest[valueStart] == " " || rest[valueStart] == "\t" {
                valueStart = rest.index(after: valueStart)
            }
            let head = String(indent) + marker + String(rest[..<valueStart])
            found.append(FieldLine(index: index, field: field, head: head, value: String(value)))
        }
        return found
    }

    /// Where a new field line goes: after the card's first run of field lines, else right after the title's lines.
    var fieldInsertionIndex: Int {
        let fields = fieldLines().map(\.index)
        guard var index = fields.first else { return titleLines }
        while index < lines.count, fields.contains(index) { index += 1 }
        return index
    }

    /// Indentation for a new line under a list card's title.
    var continuationIndent: String {
        if style == .heading { return "" }
        let line = title
        let markerWidth = Self.markerWidth(lines[0].text)
        if let indent = conventions.continuationIndent, Self.columns(indent) >= markerWidth,
            !line.prefix.hasPrefix(" "), !line.prefix.hasPrefix("\t")
        {
            return indent
        }
        return String(repeating: " ", count: markerWidth)
    }

    /// The width of a list card's marker up to its text (`- `, `1. `: a task box is the text's), the column the
    /// lines under its title are read from.
    static func markerWidth(_ titleLine: String) -> Int {
        let line = splitTitle(titleLine, style: .listItem)
        guard line.checked != nil, let open = line.prefix.lastIndex(of: "[") else { return line.prefix.count }
        return line.prefix[..<open].count
    }

    /// How many columns `indent` (spaces and tabs) takes, as Markdown counts them: a tab reaches the next multiple
    /// of 4.
    static func columns(_ indent: some StringProtocol) -> Int {
        indent.reduce(0) { $0 + ($1 == "\t" ? 4 - $0 % 4 : 1) }
    }

    /// A new field line (`Tags: a`) in the board's form, placed after the card's field lines and written as the last
    /// of them is (`- **Priority:** High` gives `- **Tags:** a`: a plain line there would continue that item).
    mutating func insertField(key: String, value: String) {
        let index = fieldInsertionIndex
        let text: String
        let fields = fieldLines().filter { $0.index < index }
        if let last = fields.last, !conventions.fieldsAsProperties {
            text = Self.fieldHead(like: last.head, key: key) + value
            // Lines of one paragraph parted by line breaks (two spaces), the last without: the new line goes before
            // the last, with a break of its own, so that it is a line of its own where Markdown is shown.
            let lines = self.lines
            let breaks = { (index: Int) in lines[index].text.hasSuffix("  ") }
            if fields.count >= 2, fields[fields.count - 2].index == last.index - 1, breaks(last.index - 1),
                !breaks(last.index)
            {
                insertLine(text + "  ", at: last.index)
                return
            }
        } else if conventions.fieldsAsProperties {
            let existing = fieldLines().first { $0.head.contains("- ") }
            let prefix =
                existing.map { String($0.head.prefix { $0 == " " || $0 == "\t" }) + "- " } ?? conventions.propertyPrefix
            text = prefix + key + ": " + value
        } else {
            text = continuationIndent + key + ": " + value
        }
        insertLine(text, at: index)
    }

    /// The head of a field line for `key`, in the form of `head` (its indent, list marker and bold key):
    /// `"  - **Due:** "` gives `"  - **Tags:** "`, `"**Due**: "` gives `"**Tags**: "`.
    static func fieldHead(like head: String, key: String) -> String {
        var rest = Substring(head)
        let indent = rest.prefix { $0 == " " || $0 == "\t" }
        rest = rest.dropFirst(indent.count)
        let marker = rest.hasPrefix("- ") ? "- " : ""
        rest = rest.dropFirst(marker.count)
        guard rest.hasPrefix("**"), let close = rest.dropFirst(2).range(of: "**") else {
            return indent + marker + key + ": "
        }
        let colonInside = rest[..<close.lowerBound].hasSuffix(":") || rest[..<close.lowerBound].hasSuffix("：")
        return indent + marker + (colonInside ? "**\(key):** " : "**\(key)**: ")
    }

    mutating func insertLine(_ text: String, at index: Int) {
        lines.insert(EditableText.Line(text, ending: eol), at: index)
    }

    mutating func setField(_ field: FieldLine, value: String) {
        // Trailing spaces stay: two of them are a line break.
        let trailing = lines[field.index].text.reversed().prefix { $0 == " " || $0 == "\t" }
        lines[field.index].content = Array((field.head + value + String(trailing.reversed())).utf8)
    }

    /// The items of a list value (`a, b` or `[a, b]`), and whether it was bracketed.
    static func listItems(_ value: String) -> (items: [String], bracketed: Bool) {
        var list = Substring(value).trimmingSpaces
        let bracketed = list.first == "[" && list.last == "]"
        if bracketed { list = list.dropFirst().dropLast() }
        let items = list.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
        return (items, bracketed)
    }

    /// An item of a field's list as the reader reads it: without the backticks of a code span (`` `front` ``).
    static func bare(_ item: String) -> String {
        item.count > 2 && item.hasPrefix("`") && item.hasSuffix("`") ? String(item.dropFirst().dropLast()) : item
    }

    static func listValue(_ items: [String], bracketed: Bool) -> String {
        let joined = items.joined(separator: ", ")
        return bracketed ? "[" + joined + "]" : joined
    }
}

extension Card {
    /// The lines of the card's description as written, without their indentation: what the reader read as text. A
    /// `Key: value` line among them (`- Completed: N/A` in a list it does not take for properties) is no field.
    var descriptionLines: Set<String> {
        Set(self.descriptionSource.split(separator: "\n").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty })
    }
}
