/// Writing a card's metadata the way the board writes it.
extension Editor {
    /// A new card's lines: a list item (`- [ ] Title @{2026-12-01} #tag`) or a heading card (`### Title` and field
    /// lines), with the board's bullet, task box, deadline form, field names, indentation and line ending.
    func newCardLines(_ card: NewCard, style: Card.Style, lane: Lane) -> [EditableText.Line] {
        var lines: [String] = []
        let description = Self.writtenDescription(card.description)
        if style == .heading {
            let level = String(repeating: "#", count: lane.headingLevel + 1)
            lines.append("\(level) \(CardBlock.escapingClosingHashes(card.title))")
            let properties = conventions.fieldsAsProperties
            let prefix = properties ? conventions.propertyPrefix : ""
            if let due = card.due {
                var form = conventions.dueForm
                if form.isInline { form = properties ? .property("due") : .field("Due") }
                lines.append(prefix + conventions.deadlineLine(due, form: form))
            }
            if !card.tags.isEmpty {
                lines.append(
                    prefix + conventions.tagsKey + ": " + CardBlock.listValue(card.tags, bracketed: properties))
            }
            if !card.assignees.isEmpty {
                lines.append(prefix + conventions.assigneeKey + ": " + card.assignees.joined(separator: ", "))
            }
            if let description {
                if fencesDescription(of: card) {
                    // Inside the last property item, as VS Code Markdown Kanban keeps it.
                    let itemIndent = String(prefix.prefix { $0 == " " || $0 == "\t" })
                    lines += Self.fenced(description, indent: itemIndent + "  ")
                } else {
                    lines.append("")
                    lines += description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                }
            }
            return lines.map(line)
        }
        let bullet = listMarker(in: lane)
        let title = CardBlock.writtenTitle(card.title, hasBox: board.style.taskItems, conventions: conventions)
        var first = bullet + " " + (board.style.taskItems ? "[ ] " : "") + title
        if conventions.propertyListCards {
            return propertyListCard(card, first: first, description: description).map(line)
        }
        var block = CardBlock(lines: [line(first)], style: .listItem, conventions: conventions)
        if let due = card.due, conventions.dueForm.isInline {
            block.appendInline(conventions.inlineDeadline(due, form: conventions.dueForm))
        }
        for tag in card.tags { block.appendInline("#" + tag) }
        first = block.lines[0].text
        lines.append(first)
        let indent = block.continuationIndent
        if let due = card.due, !conventions.dueForm.isInline {
            lines.append(indent + conventions.deadlineLine(due, form: conventions.dueForm))
        }
        if !card.assignees.isEmpty {
            lines.append(indent + conventions.assigneeKey + ": " + card.assignees.joined(separator: ", "))
        }
        if let description {
            if !conventions.quotedDescriptions, Self.startsApart(description) { lines.append("") }
            for text in description.split(separator: "\n", omittingEmptySubsequences: false) {
                if conventions.quotedDescriptions {
                    // (Taskell writes, and reads only, `> ` with its space, on an empty line too.)
                    lines.append(indent + (text.isEmpty && board.style.dialect != .taskell ? ">" : "> " + text))
                } else {
                    lines.append(text.trimmingSpaces.isEmpty ? "" : Self.indenting(text, by: indent))
                }
            }
        }
        return lines.map(line)
    }

    /// The marker a new list card starts with: the board's bullet or, on a board of numbered cards (`1. [ ] …`), the
    /// number after the lane's last (at the top, its first's).
    private func listMarker(in lane: Lane) -> String {
        guard let delimiter = board.style.numberDelimiter else { return String(board.style.bullet) }
        let numbers = lane.cards.filter { $0.style == .listItem }.compactMap { card in
            Int(text.line(card.location.line).text.drop { $0 == " " || $0 == "\t" }.prefix { $0.isASCIIDigit })
        }
        let number = request.top ? (numbers.first ?? 1) : (numbers.last.map { $0 + 1 } ?? 1)
        return "\(number)\(delimiter)"
    }

    /// A new card's description as it is written: LF line endings, without the blank lines at its ends (the newline
    /// `echo` or a file ends with), a line of spaces alone written empty; nil when nothing is left.
    static func writtenDescription(_ description: String?) -> String? {
        guard let text = description?.replacingCRLF(), !text.trimmingWhitespace.isEmpty else { return nil }
        let blank = { (line: Substring) in line.allSatisfy { $0 == " " || $0 == "\t" } }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.drop(while: blank).reversed().drop(while: blank).reversed().map { blank($0) ? "" : $0 }
            .joined(separator: "\n")
    }

    /// Whether a new heading card's description goes in a ```` ```md ```` block: on a board whose cards keep theirs
    /// so, inside the last of its property items (`- due: …`), so only when it has one.
    func fencesDescription(of card: NewCard) -> Bool {
        conventions.fieldsAsProperties && conventions.fencedDescriptions
            && (card.due != nil || !card.tags.isEmpty || !card.assignees.isEmpty)
    }

    /// A list card as VS Code Markdown Kanban writes one: its properties as items under the title (`  - due: …`,
    /// `  - tags: [a, b]`), and its description in a ```` ```md ```` block inside the last of them where the board's
    /// cards keep theirs so (else as lines under the title).
    private func propertyListCard(_ card: NewCard, first: String, description: String?) -> [String] {
        let indent = String(repeating: " ", count: String(board.style.bullet).count + 1)
        var lines = [first]
        if let due = card.due {
            let form: BoardConventions.DueForm =
                if case .property = conventions.dueForm { conventions.dueForm } else { .property("due") }
            lines.append(indent + "- " + conventions.deadlineLine(due, form: form))
        }
        if !card.tags.isEmpty {
            lines.append(indent + "- " + conventions.tagsKey + ": " + CardBlock.listValue(card.tags, bracketed: true))
        }
        if !card.assignees.isEmpty {
            lines.append(indent + "- " + conventions.assigneeKey + ": " + card.assignees.joined(separator: ", "))
        }
        guard let description else { return lines }
        if conventions.fencedDescriptions, lines.count > 1 {
            return lines + Self.fenced(description, indent: indent + "  ")
        }
        return lines + (lines.count == 1 && Self.startsApart(description) ? [""] : [])
            + description.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingSpaces.isEmpty ? "" : Self.indenting($0, by: indent)
            }
    }

    /// A description in a ```` ```md ```` block at `indent`, its fence longer than any run of backticks in it (so that
    /// the text cannot close it).
    static func fenced(_ description: String, indent: String) -> [String] {
        let text = description.split(separator: "\n", omittingEmptySubsequences: false)
        var longest = 0
        for line in text {
            var run = 0
            for character in line {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [indent + fence + "md"] + text.map { $0.trimmingSpaces.isEmpty ? "" : indent + $0 } + [indent + fence]
    }

    /// A line of a description put under a card's title, `indent` further right as Markdown counts columns: after
    /// spaces that do not end on a tab stop, a tab the line starts with would reach less far (`"  \tcode"` is four
    /// columns in, not six), so the spaces go after the line's own tabs (`Editor.shiftingIndent`).
    static func indenting(_ text: Substring, by indent: String) -> String {
        guard indent.allSatisfy({ $0 == " " }), text.first == " " || text.first == "\t" else {
            return indent + text
        }
        return String(decoding: shiftingIndent(Array(text.utf8), by: indent.count), as: UTF8.self)
    }

    /// Whether a description must be parted from the title's paragraph by a blank line to read as written: a `---` or
    /// `===` line in its first paragraph would make the title's paragraph a heading, and an indented code block (a
    /// first line four columns in) cannot interrupt a paragraph, so it would be read as the title's text.
    static func startsApart(_ description: String) -> Bool {
        let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = lines.first?.prefix { $0 == " " || $0 == "\t" } ?? ""
        if CardBlock.columns(indent) >= 4 { return true }
        return lines.prefix { !$0.trimmingSpaces.isEmpty }.contains(where: isSetextUnderline)
    }

    /// A line that underlines the paragraph above it as a heading: up to three spaces, then only `=` or only `-`.
    static func isSetextUnderline(_ text: Substring) -> Bool {
        let indent = text.prefix { $0 == " " }.count
        let rest = text.dropFirst(indent).trimmingSpaces
        guard indent <= 3, let first = rest.first, first == "=" || first == "-" else { return false }
        return rest.allSatisfy { $0 == first }
    }

    // MARK: - Deadline

    /// The first piece after a `<br>` on a title line that an edit changed, before and after (the description's
    /// text changes by that much); nil when none did.
    static func pieceAfterBreak(changedFrom old: String, to new: String) -> (old: String, new: String)? {
        let pieces = { (line: String) in
            line.split(separator: /<br\s*\/?>/.ignoresCase(), omittingEmptySubsequences: false).dropFirst()
                .map { String($0.trimmingSpaces) }
        }
        return zip(pieces(old), pieces(new)).first { $0 != $1 }
    }

    /// Sets (or, with nil, removes) the deadline, in place where the card has one, else where the board writes them.
    /// Returns a line of the card's description it rewrote, before and after (`ship @{2026-06-08} @@{10:00}` as
    /// `ship @{2026-12-01}`): the description's text changes by that much.
    @discardableResult
    func setDue(_ due: Deadline?, of card: Card, in block: inout CardBlock) throws(EditFailure) -> (
        old: String, new: String
    )? {
        let isTime: (CardToken) -> Bool = {
            if case .time = $0 { return true }
            return false
        }
        let isDue: (CardToken) -> Bool = {
            switch $0 {
            case .date, .time, .emojiDate(.due, _): return true
            default: return false
            }
        }
        guard let due else {
            // Every deadline the card carries goes: tokens, `Due:` lines, Taskell `@ date` lines.
            let before = block.lines.map(\.content)
            let titleLine = block.lines.first?.text ?? ""
            _ = block.removeTokens(where: isDue)
            for field in block.fieldLines().reversed() where field.field == .due { block.lines.remove(at: field.index) }
            for index in block.lines.indices.dropFirst().reversed() where isTaskellDue(block.lines[index].text) {
                block.lines.remove(at: index)
            }
            // A date at the end of a line of the description (`second line @{2026-05-10}`), which the reader reads
            // as the deadline: it goes from that line, whose text changes by that much.
            if card.due != nil, block.lines.map(\.content) == before, let location = card.dueLocation,
                case let index = location.line - card.location.line, index > 0, index < block.lines.count,
                let rewritten = rewriteDeadline(in: &block, line: index, column: location.column, with: nil)
            {
                return rewritten
            }
            // A deadline none of those forms holds (a date in a link, `@[2026-05-10](…)`).
            if card.due != nil, block.lines.map(\.content) == before {
                throw EditFailure(
                    .refused,
                    .editNotPossible("the card's deadline is written in a way pm-render cannot change in place"),
                    file: file)
            }
            return Self.pieceAfterBreak(changedFrom: titleLine, to: block.lines.first?.text ?? "")
        }
        if let location = card.dueLocation {
            let index = location.line - card.location.line
            guard index >= 0, index < block.lines.count else {
                throw EditFailure(.refused, .editNotPossible("the card's deadline is not in its own lines"), file: file)
            }
            let written = block.lines[index].text
            let form = BoardConventions.dueForm(in: written, column: location.column, triggers: conventions.triggers)
            switch form {
            case .some(.field), .some(.property):
                guard let field = block.fieldLines().first(where: { $0.index == index }) else { break }
                block.setField(field, value: conventions.fieldDeadline(due))
                return nil
            case .some(.taskell):
                let indent = written.prefix { $0 == " " || $0 == "\t" }
                block.lines[index].content = Array((indent + conventions.deadlineLine(due, form: .taskell)).utf8)
                return nil
            default:
                // An inline token (or one a tab before it on its line hides from cmark's column: the line's own).
                // Times written apart (`@@{…}`) go; the new token carries the time, if any.
                _ = block.removeTokens(where: isTime)
                guard let rewritten = rewriteDeadline(in: &block, line: index, column: location.column, with: due)
                else { break }
                return rewritten
            }
            throw EditFailure(
                .refused, .editNotPossible("the card's deadline is written in a way pm-render cannot change in place"),
                file: file)
        }
        // A `Due:` line that holds no date yet (`Due: TBD`, `**Due:** —`) takes it.
        if let field = block.fieldLines().first(where: { $0.field == .due && Placeholder.isValue(Substring($0.value)) })
        {
            block.setField(field, value: conventions.fieldDeadline(due))
            return nil
        }
        // So does one that says "as soon as possible" (`Due: ASAP`), which is read as the description's text: the
        // description loses that line.
        var lines = block
        lines.textLines = []
        if let field = lines.fieldLines().first(where: {
            $0.field == .due && !CardField.reads(.due, value: Substring($0.value))
        }) {
            let line = String(Substring(block.lines[field.index].text).trimmingSpaces)
            block.setField(field, value: conventions.fieldDeadline(due))
            let text = card.descriptionSource
            let old =
                text.contains("\n" + line) ? "\n" + line : text.contains(line + "\n") ? line + "\n" : line
            return (old, "")
        }
        if card.style == .listItem, conventions.dueForm.isInline {
            block.appendInline(conventions.inlineDeadline(due, form: conventions.dueForm))
            return nil
        }
        var form = conventions.dueForm
        if form.isInline { form = conventions.fieldsAsProperties ? .property("due") : .field("Due") }
        switch form {
        case .taskell:
            // Under the title's lines (a title wrapped over two lines reads as one).
            block.insertLine(
                block.continuationIndent + conventions.deadlineLine(due, form: form),
                at: min(block.titleLines, block.lines.count))
        case .field(let key), .property(let key):
            block.insertField(key: key, value: conventions.fieldDeadline(due))
        default:
            block.insertField(key: "Due", value: conventions.fieldDeadline(due))
        }
        return nil
    }

    /// Rewrites the deadline token on line `index` of the card as `due` in the token's own form, or with nil takes it
    /// away; a time written apart (`@@{10:00}`) goes with it (the new token carries the time, if any). The token is
    /// the one at `column`, else, when no token starts there (cmark counts a column after a tab that starts a card's
    /// continuation line as wider than its byte), the line's nearest one. Returns the rewritten text of the line (on
    /// the title line, the piece after a `<br>`), before and after, or nil when the line holds no deadline token.
    private func rewriteDeadline(in block: inout CardBlock, line index: Int, column: Int, with due: Deadline?)
        -> (old: String, new: String)??
    {
        let written = block.lines[index].text
        let pieces = CardTokens.scan(written, triggers: conventions.triggers, source: true)
        let isTime: (CardToken) -> Bool = {
            if case .time = $0 { return true }
            return false
        }
        // The deadline tokens of the line, by their columns, the one at `column` (or nearest to it) first.
        let dates = pieces.compactMap { piece -> Int? in
            guard case .token(let token, _, let offset) = piece else { return nil }
            switch token {
            case .date, .emojiDate(.due, _): return offset + 1
            default: return nil
            }
        }.sorted { abs($0 - column) < abs($1 - column) }
        guard let at = dates.first,
            let form = BoardConventions.dueForm(in: written, column: at, triggers: conventions.triggers), form.isInline
        else { return nil }
        var rebuilt = ""
        var replaced = false
        // A token taken away from the start of the line's text: the spaces after it go, its indentation stays.
        var droppingSpaces = false
        for piece in pieces {
            switch piece {
            case .text(let plain):
                rebuilt += droppingSpaces ? plain.drop { $0 == " " || $0 == "\t" } : Substring(plain)
                droppingSpaces = false
            case .token(let token, let raw, let offset):
                if !replaced, offset + 1 == at {
                    replaced = true
                    guard let due else {
                        if rebuilt.allSatisfy({ $0 == " " || $0 == "\t" }) {
                            droppingSpaces = true
                        } else {
                            while rebuilt.last == " " || rebuilt.last == "\t" { rebuilt.removeLast() }
                        }
                        continue
                    }
                    var new = conventions.inlineDeadline(due, form: form)
                    // As the card wrote it: `📅2025-08-01`, no space after the emoji, stays so.
                    if case .emoji(let emoji) = form, raw.hasPrefix(emoji),
                        raw.dropFirst(emoji.count).first?.isWhitespace == false, new.hasPrefix(emoji + " ")
                    {
                        new = emoji + new.dropFirst(emoji.count + 1)
                    }
                    rebuilt += new
                } else if isTime(token) {
                    // A time written apart on this line (`@@{10:00}`) goes with the date it belonged to.
                    while rebuilt.last == " " { rebuilt.removeLast() }
                } else {
                    rebuilt += raw
                }
            }
        }
        block.lines[index].content = Array(rebuilt.utf8)
        // On a line of the description, its text changes by this line; on the title line, by the piece after a
        // `<br>` that held it (Obsidian's `Call the landlord<br>about it @{2024-04-22}`).
        guard index == 0 else {
            return (String(Substring(written).trimmingSpaces), String(Substring(rebuilt).trimmingSpaces))
        }
        return .some(Self.pieceAfterBreak(changedFrom: written, to: rebuilt))
    }

    private func isTaskellDue(_ text: String) -> Bool {
        let trimmed = Substring(text).trimmingSpaces
        guard trimmed.hasPrefix("@ ") else { return false }
        var value = trimmed.dropFirst(2).trimmingSpaces
        if value.hasSuffix(" UTC") { value = value.dropLast(4) }
        return DateFormat.date(value) != nil
    }

    // MARK: - Tags and assignees

    func addTag(_ tag: String, to block: inout CardBlock) {
        if let field = block.fieldLines().first(where: { $0.field == .tags }) {
            var (items, bracketed) = CardBlock.listItems(field.value)
            if Placeholder.isValue(Substring(field.value)) { items = [] }
            let hashed = items.first?.hasPrefix("#") ?? false
            items.append(hashed ? "#" + tag : tag)
            block.setField(field, value: CardBlock.listValue(items, bracketed: bracketed))
        } else if block.style == .heading ? conventions.tagsAsField : conventions.propertyListCards {
            // A heading card's `Tags:` line; on a VS Code Markdown Kanban list board, a `- tags: [z]` item (the
            // extension shows a `#z` in the title as its text), as `add` writes them.
            block.insertField(
                key: conventions.tagsKey, value: CardBlock.listValue([tag], bracketed: conventions.fieldsAsProperties))
        } else {
            block.appendInline("#" + tag)
        }
    }

    func removeTag(_ tag: String, from block: inout CardBlock) {
        _ = block.removeTokens {
            if case .tag(let name) = $0 { return name == tag }
            return false
        }
        for field in block.fieldLines().reversed() where field.field == .tags {
            let (items, bracketed) = CardBlock.listItems(field.value)
            let kept = items.filter { CardBlock.bare($0) != tag && CardBlock.bare($0) != "#" + tag }
            guard kept.count != items.count else { continue }
            if kept.isEmpty {
                block.lines.remove(at: field.index)
            } else {
                block.setField(field, value: CardBlock.listValue(kept, bracketed: bracketed))
            }
        }
    }

    func addAssignee(_ name: String, to block: inout CardBlock) {
        if let field = block.fieldLines().first(where: { $0.field == .assignees }) {
            var (items, bracketed) = CardBlock.listItems(field.value)
            // A name takes the place of `—` or `TBD` (a value that only holds its place).
            if Placeholder.isValue(Substring(field.value)) { items = [] }
            items.append(name)
            block.setField(field, value: CardBlock.listValue(items, bracketed: bracketed))
            return
        }
        let hasInline = block.lines.contains { line in
            CardTokens.scan(line.text, triggers: conventions.triggers, source: true).contains {
                if case .token(.assignee, _, _) = $0 { return true }
                return false
            }
        }
        // A Dataview field (`[assignee:: Ana, Ben]`) takes the name in its list.
        var added = false
        if hasInline {
            _ = block.rewriteTokens { token, raw in
                guard !added, case .assignee(let names) = token else { return nil }
                added = true
                return Self.dataviewField(raw, names: CardBlock.listItems(names).items + [name])
            }
        }
        if added {
            return
        } else if hasInline, block.style == .listItem {
            block.appendInline("[assignee:: \(name)]")
        } else {
            block.insertField(key: conventions.assigneeKey, value: name)
        }
    }

    func removeAssignee(_ name: String, from block: inout CardBlock) {
        _ = block.rewriteTokens { token, raw in
            guard case .assignee(let names) = token, CardBlock.listItems(names).items.contains(name) else { return nil }
            let kept = CardBlock.listItems(names).items.filter { $0 != name }
            return kept.isEmpty ? "" : Self.dataviewField(raw, names: kept)
        }
        for field in block.fieldLines().reversed() where field.field == .assignees {
            let (items, bracketed) = CardBlock.listItems(field.value)
            let kept = items.filter {
                let item = CardBlock.bare($0)
                return item != name && item != "@" + name && item != "[[\(name)]]"
            }
            guard kept.count != items.count else { continue }
            if kept.isEmpty {
                block.lines.remove(at: field.index)
            } else {
                block.setField(field, value: CardBlock.listValue(kept, bracketed: bracketed))
            }
        }
    }
}

extension Editor {
    /// A Dataview field written as `raw` is (`[assignee:: …]`, `(owner:: …)`) with `names` as its value.
    static func dataviewField(_ raw: String, names: [String]) -> String {
        guard let separator = raw.range(of: "::"), let close = raw.last else { return raw }
        return String(raw[..<separator.upperBound]) + " " + names.joined(separator: ", ") + String(close)
    }
}

extension String {
    /// CR LF and lone CR turned into LF.
    func replacingCRLF() -> String {
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                out.append("\n")
                previousCR = true
                continue
            }
            if scalar == "\n", previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            out.append(scalar)
        }
        return String(out)
    }
}
