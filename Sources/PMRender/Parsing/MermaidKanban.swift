import Foundation
import Yams

/// A Mermaid `kanban` diagram written in a fenced block (```` ```mermaid ````), read as lanes and cards
/// (https://mermaid.js.org/syntax/kanban.html):
///
/// ```
/// kanban
///   Todo
///     [Create Documentation]
///   id9[Ready for deploy]
///     id8[Design grammar]@{ assigned: 'knsv', ticket: 2038, priority: 'High' }
/// ```
///
/// As Mermaid reads it, indentation is the hierarchy: the first node's indentation is the columns', and every node
/// indented deeper is an item of the column above it. A node is `id[Label]`, `[Label]`, a bare `Label`, or one of
/// Mermaid's other shapes (`id(Label)`, `id((Label))`, `id{{Label}}`); `["Label"]` is quoted. `@{ … }` after a node is
/// its metadata, YAML: `assigned` (the assignees), `priority` (`Very High`, `High`, `Low`, `Very Low`, or a priority
/// pm-render reads), `ticket` (the card's ID; with the diagram's `ticketBaseUrl`, its address), `label` (the text
/// instead of the node's), and the keys of the fields cards have elsewhere (`due`, `tags` …); other keys are fields
/// shown as written. `%%` comments, `::icon()` and `:::class` decorations are not content. Parsing produces the
/// diagram and its problems; the board reader decides whether it is the board.
struct MermaidKanban {
    /// A column: a lane of the board.
    struct Column {
        var heading: LaneHeading
        var location: SourceLocation
        var cards: [Card] = []
        /// The last line of the column (its last item's).
        var endLine: Int
        /// The column's label was written bare, with no shape (`title Sprint 3`, `section To Do`).
        var isBare: Bool
    }

    /// The fenced block's first line and column.
    let location: SourceLocation
    /// The piece the diagram is.
    let segmentID: Int
    /// The last line of the block (its closing fence).
    var endLine: Int
    /// The diagram's title: its front matter's `title`, or a `title …` line (as other Mermaid diagrams write it).
    var title: String?
    /// The address of a ticket, `#TICKET#` standing for it (the diagram's `config: kanban: ticketBaseUrl`).
    var ticketBaseURL: String?
    var columns: [Column] = []
    var problems: [(Problem, SourceLocation)] = []

    /// Whether a piece is a fenced block of Mermaid (its info string's first word is `mermaid`).
    static func isMermaidBlock(_ segment: MarkdownSegment) -> Bool {
        guard !segment.markdown.nodes.isEmpty, segment.root.kind == .codeBlock else { return false }
        let info = segment.root.detail.trimmingWhitespace
        let word = info.prefix { !$0.isWhitespace && $0 != "{" && $0 != "," }
        return word.lowercased() == "mermaid"
    }

    /// The diagram in a fenced block of Mermaid, or nil when the block holds another kind of diagram (its first
    /// statement, after the diagram's front matter, `%%{init}%%` directives and `%%` comments, is not `kanban`).
    init?(_ segment: MarkdownSegment, source: SourceText, dateFormat: DateFormat?) {
        guard Self.isMermaidBlock(segment) else { return nil }
        let text = segment.root.text
        var count = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        if let last = text.last, last != "\n" { count += 1 }
        let first = segment.line + 1
        let last = min(segment.line + count, source.lineCount)
        guard first <= last else { return nil }
        location = SourceLocation(
            line: segment.line, column: source.column(line: segment.line, byteColumn: segment.byteColumn))
        segmentID = segment.id
        endLine = min(last + 1, source.lineCount)
        var reader = Reader(source: source, lines: first...last, dateFormat: dateFormat)
        guard reader.readHeader() else { return nil }
        title = reader.title
        ticketBaseURL = reader.ticketBaseURL
        reader.readNodes()
        columns = reader.columns
        problems = reader.problems
        Self.unshareTickets(&columns)
        if let ticketBaseURL {
            for column in columns.indices {
                for card in columns[column].cards.indices {
                    Self.link(&columns[column].cards[card], base: ticketBaseURL)
                }
            }
        }
        // `title Sprint 3` written bare at the columns' level, with no items (as Mermaid's other diagrams write a
        // title), is the diagram's title; `accTitle:` and `accDescr:` lines are its accessible title and
        // description, not columns.
        columns.removeAll { column in
            guard column.isBare, column.cards.isEmpty else { return false }
            let name = column.heading.name
            if name.lowercased().hasPrefix("title ") {
                if title == nil { title = String(name.dropFirst(6)).trimmingWhitespace }
                return true
            }
            return name.hasPrefix("accTitle") || name.hasPrefix("accDescr")
        }
    }

    /// A ticket several items of the diagram give (`ticket: Project` on every item of one project, `ticket: MDViewer`
    /// on those of another) names what they belong to, not each of them: it is their field `ticket`, and each is
    /// known by its title, as an item without a ticket is (one ID on several cards would only be warned about).
    private static func unshareTickets(_ columns: inout [Column]) {
        var counts: [String: Int] = [:]
        for column in columns {
            for card in column.cards {
                if let id = card.explicitID { counts[id, default: 0] += 1 }
            }
        }
        guard counts.values.contains(where: { $0 > 1 }) else { return }
        for column in columns.indices {
            for index in columns[column].cards.indices {
                let card = columns[column].cards[index]
                guard let ticket = card.explicitID, counts[ticket, default: 0] > 1, !card.title.isEmpty else {
                    continue
                }
                var fields = card.fields
                fields.explicitID = nil
                fields.id = Slug.make(card.title)
                fields.baseID = fields.id
                if !fields.extras.fields.contains(where: { $0.key == "ticket" }) {
                    fields.extras.fields.insert(CardExtras.Field(key: "ticket", value: ticket), at: 0)
                }
                columns[column].cards[index].fields = fields
            }
        }
    }

    /// The card's ticket as an address, when the diagram gives one (`ticketBaseUrl`): a field `ticket`.
    private static func link(_ card: inout Card, base: String) {
        guard let index = card.extras.fields.firstIndex(where: { $0.key == "ticket" }) else { return }
        let ticket = card.extras.fields[index].value
        guard !ticket.isEmpty else { return }
        card.extras.fields[index].value = base.replacingOccurrences(of: "#TICKET#", with: ticket)
    }
}

extension MermaidKanban {
    /// Reads a diagram's lines one after another.
    private struct Reader {
        let source: SourceText
        let lines: ClosedRange<Int>
        let dateFormat: DateFormat?
        /// The line read next.
        var line: Int
        var title: String?
        var ticketBaseURL: String?
        var columns: [Column] = []
        var problems: [(Problem, SourceLocation)] = []
        /// The columns' indentation: the first node's.
        var columnIndent: Int?

        init(source: SourceText, lines: ClosedRange<Int>, dateFormat: DateFormat?) {
            self.source = source
            self.lines = lines
            self.dateFormat = dateFormat
            line = lines.lowerBound
        }

        /// Reads up to the `kanban` line: the diagram's front matter (`---` … `---`: its `title`, its `config:
        /// kanban: ticketBaseUrl`), `%%{init: …}%%` directives and comments. False when the diagram is no kanban.
        mutating func readHeader() -> Bool {
            var frontMatter = false
            var yaml: [String] = []
            while line <= lines.upperBound {
                let text = source.line(line)
                let trimmed = text.trimmingWhitespace
                line += 1
                if frontMatter {
                    if trimmed == "---" {
                        frontMatter = false
                        readFrontMatter(yaml.joined(separator: "\n"))
                    } else {
                        yaml.append(text)
                    }
                    continue
                }
                if trimmed.isEmpty { continue }
                if trimmed == "---", yaml.isEmpty {
                    frontMatter = true
                    continue
                }
                if trimmed.hasPrefix("%%") {
                    if trimmed.hasPrefix("%%{") { readDirective(trimmed) }
                    continue
                }
                let word = trimmed.prefix { !$0.isWhitespace }
                return word.lowercased() == "kanban" && trimmed.dropFirst(word.count).trimmingSpaces.isEmpty
            }
            return false
        }

        private mutating func readFrontMatter(_ yaml: String) {
            guard let node = try? Yams.compose(yaml: yaml), let mapping = node.mapping else { return }
            if let value = mapping["title"]?.scalar?.string, !value.trimmingWhitespace.isEmpty {
                title = value.trimmingWhitespace
            }
            if let url = mapping["config"]?.mapping?["kanban"]?.mapping?["ticketBaseUrl"]?.scalar?.string {
                ticketBaseURL = url
            }
        }

        /// `%%{init: {'kanban': {'ticketBaseUrl': 'https://…/#TICKET#'}}}%%`: the ticket's address.
        private mutating func readDirective(_ text: String) {
            guard let range = text.range(of: "ticketBaseUrl") else { return }
            var rest = text[range.upperBound...].drop { $0 == "'" || $0 == "\"" || $0 == " " }
            guard rest.first == ":" else { return }
            rest = rest.dropFirst().drop { $0 == " " }
            guard let quote = rest.first, quote == "'" || quote == "\"" else { return }
            let value = rest.dropFirst().prefix { $0 != quote }
            if !value.isEmpty { ticketBaseURL = String(value) }
        }

        /// Reads the columns and their items.
        mutating func readNodes() {
            while line <= lines.upperBound {
                let number = line
                line += 1
                let text = source.line(number)
                let scalars = Array(text.unicodeScalars)
                var start = 0
                while start < scalars.count, scalars[start] == " " || scalars[start] == "\t" { start += 1 }
                guard start < scalars.count else { continue }
                let rest = String(String.UnicodeScalarView(scalars[start...]))
                // Comments, and a node's icon and class, which are how it looks.
                if rest.hasPrefix("%%") || rest.hasPrefix("::icon(") || rest.hasPrefix(":::") { continue }
                readNode(scalars, start: start, line: number)
            }
        }

        private mutating func readNode(_ scalars: [Unicode.Scalar], start: Int, line number: Int) {
            let nodeLocation = SourceLocation(line: number, column: start + 1)
            let node = Node.parse(scalars, from: start)
            if let unclosed = node.unclosed {
                problems.append(
                    (.mermaidLabelNotClosed(node.opener), SourceLocation(line: number, column: unclosed + 1)))
            }
            var metadata: Metadata?
            var rest = (scalars: scalars, from: node.end, line: number)
            var after = node.end
            while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
            if after + 1 < scalars.count, scalars[after] == "@", scalars[after + 1] == "{" {
                metadata = readMetadata(scalars, from: after, line: number)
                if let metadata {
                    // Metadata over several lines: the node's lines end where it does.
                    line = max(line, metadata.endLine + 1)
                    let last =
                        metadata.endLine == number ? scalars : Array(source.line(metadata.endLine).unicodeScalars)
                    rest = (last, metadata.end, metadata.endLine)
                } else {
                    rest.from = scalars.count
                }
            }
            checkRest(rest.scalars, from: rest.from, line: rest.line)
            finish(node, metadata: metadata, indent: start, at: nodeLocation, endLine: rest.line)
        }

        /// Warns of text after a node and its metadata (a class or icon there is how it looks, not text).
        private mutating func checkRest(_ scalars: [Unicode.Scalar], from offset: Int, line number: Int) {
            var offset = offset
            while offset < scalars.count, scalars[offset] == " " || scalars[offset] == "\t" { offset += 1 }
            guard offset < scalars.count else { return }
            let rest = String(String.UnicodeScalarView(scalars[offset...])).trimmingWhitespace
            if rest.hasPrefix(":::") || rest.hasPrefix("::icon(") || rest.hasPrefix("%%") { return }
            problems.append((.mermaidTextAfterNode(rest), SourceLocation(line: number, column: offset + 1)))
        }

        /// Makes a node a column or an item of the last column, by its indentation.
        private mutating func finish(
            _ node: Node, metadata: Metadata?, indent: Int, at location: SourceLocation, endLine: Int
        ) {
            var label = node.label
            if let text = metadata?.values.first(where: { $0.key.lowercased() == "label" })?.value { label = text }
            label = Self.withoutBreaks(label)
            let columnIndent = self.columnIndent ?? indent
            self.columnIndent = columnIndent
            if indent <= columnIndent || columns.isEmpty {
                if indent < columnIndent {
                    problems.append((.mermaidNodeOutsideColumns(TextCleaning.collapseWhitespace(label)), location))
                }
                var name = TextCleaning.collapseWhitespace(label)
                // `section To Do`: a column, as a journey or a timeline writes its sections.
                if node.isBare, name.lowercased().hasPrefix("section "), name.count > 8 {
                    name = String(name.dropFirst(8)).trimmingWhitespace
                }
                columns.append(
                    Column(
                        heading: Self.heading(name), location: location, endLine: endLine, isBare: node.isBare))
                return
            }
            if let card = card(
                label: label, markdown: node.isMarkdown, metadata: metadata, at: location, endLine: endLine)
            {
                columns[columns.count - 1].cards.append(card)
            }
            columns[columns.count - 1].endLine = endLine
        }

        /// A card from an item: its label is the title; its metadata, fields.
        private mutating func card(
            label: String, markdown: Bool, metadata: Metadata?, at location: SourceLocation, endLine: Int
        ) -> Card? {
            var title = TextCleaning.collapseWhitespace(label)
            var titleMarkup =
                markdown
                ? MarkdownParser.inline(title) : Markdown(nodes: [Markdown.Node(kind: .text, end: 1, text: title)])
            if markdown {
                let plain = TextCleaning.collapseWhitespace(titleMarkup.inlineText)
                if plain.isEmpty {
                    titleMarkup = Markdown(nodes: [Markdown.Node(kind: .text, end: 1, text: title)])
                } else {
                    title = plain
                }
            }
            var draft = CardDraft()
            for value in metadata?.values ?? [] {
                read(value, into: &draft)
            }
            let (due, dueLocation, explicitID) = draft.resolve()
            problems += draft.problems
            if title.isEmpty, explicitID == nil {
                problems.append((.emptyCard, location))
                return nil
            }
            let length = title.unicodeScalars.count
            if length > CardReader.maximumTitleLength {
                problems.append((.titleTooLong(length: length, limit: CardReader.maximumTitleLength), location))
                title =
                    String(String.UnicodeScalarView(title.unicodeScalars.prefix(CardReader.maximumTitleLength))) + "…"
                titleMarkup = Markdown(nodes: [Markdown.Node(kind: .text, end: 1, text: title)])
            }
            return Card(
                id: explicitID ?? Slug.make(title), explicitID: explicitID, title: title, titleMarkup: titleMarkup,
                state: .todo, due: due, dates: draft.dates, extras: draft.extras, tags: draft.tags,
                priority: draft.priority, assignees: draft.assignees, style: .mermaidItem, location: location,
                endLine: endLine, dueLocation: dueLocation)
        }

        /// One metadata value: `assigned` and the other keys of card fields are those fields, `priority` a priority
        /// (Mermaid's `Very High` and `Very Low` too), `ticket` the card's ID (a field when it is no valid ID, also
        /// when the diagram gives tickets an address, and when items share it: `unshareTickets`); `label` was the title, `icon` and `shape` are how the
        /// node looks; other keys are fields shown as written.
        private func read(_ value: Metadata.Value, into draft: inout CardDraft) {
            let key = value.key.lowercased()
            let text = value.value.trimmingWhitespace
            guard !text.isEmpty else { return }
            switch key {
            case "label", "icon", "shape": return
            case "ticket":
                if Slug.isValidID(text), !draft.ids.contains(where: { $0.0 == text }) {
                    draft.addID(text, at: value.location)
                }
                if ticketBaseURL != nil || !Slug.isValidID(text) {
                    draft.extras.fields.append(CardExtras.Field(key: "ticket", value: text))
                }
                return
            case "priority":
                switch text.lowercased() {
                case "very high": draft.priority = .highest
                case "very low": draft.priority = .lowest
                default:
                    if let priority = Priority(text: text) {
                        draft.priority = priority
                    } else {
                        draft.extras.fields.append(CardExtras.Field(key: value.key, value: text))
                    }
                }
                return
            default: break
            }
            if let field = CardField(key: Substring(key)), field != .steps, field != .ignored,
                CardField.reads(field, value: Substring(text))
            {
                draft.add(field, value: Substring(text), at: value.location, dateFormat: dateFormat)
            } else {
                draft.extras.fields.append(CardExtras.Field(key: value.key, value: text))
            }
        }

        /// Reads `@{ … }` from `offset` (at `@`), across lines when it goes on: its values, or nil (with a warning)
        /// when it is not closed or is not YAML.
        private mutating func readMetadata(_ scalars: [Unicode.Scalar], from offset: Int, line number: Int)
            -> Metadata?
        {
            let at = SourceLocation(line: number, column: offset + 1)
            var text = ""
            var quote: Unicode.Scalar?
            var current = scalars
            var index = offset + 2
            var lineNumber = number
            var lineTexts: [(Int, [Unicode.Scalar], Int)] = [(number, scalars, offset + 2)]
            while true {
                while index < current.count {
                    let scalar = current[index]
                    if let open = quote {
                        if scalar == open { quote = nil }
                    } else if scalar == "\"" || scalar == "'" {
                        quote = scalar
                    } else if scalar == "}" {
                        let values = parseValues(text, lines: lineTexts)
                        guard let values else {
                            problems.append((.invalidMermaidMetadata(TextCleaning.collapseWhitespace(text)), at))
                            return Metadata(values: [], end: index + 1, endLine: lineNumber)
                        }
                        return Metadata(values: values, end: index + 1, endLine: lineNumber)
                    }
                    text.unicodeScalars.append(scalar)
                    index += 1
                }
                guard lineNumber < lines.upperBound else { break }
                lineNumber += 1
                current = Array(source.line(lineNumber).unicodeScalars)
                lineTexts.append((lineNumber, current, 0))
                text += "\n"
                index = 0
            }
            problems.append((.mermaidMetadataNotClosed, at))
            return nil
        }

        /// The values of metadata's YAML (`ticket: 2038, assigned: 'knsv'` on one line, as a flow mapping; a block
        /// mapping over lines), each with where its key is written.
        private func parseValues(_ text: String, lines: [(Int, [Unicode.Scalar], Int)]) -> [Metadata.Value]? {
            let yaml = text.contains("\n") ? text : "{" + text + "}"
            let trimmed = text.trimmingWhitespace
            if trimmed.isEmpty { return [] }
            guard let node = try? Yams.compose(yaml: yaml), let mapping = node.mapping else { return nil }
            var values: [Metadata.Value] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string else { continue }
                let written: String
                if let scalar = value.scalar {
                    written = scalar.string
                } else if let sequence = value.sequence {
                    written = sequence.compactMap { $0.scalar?.string }.joined(separator: ", ")
                } else {
                    continue
                }
                values.append(Metadata.Value(key: name, value: written, location: Self.find(name, in: lines)))
            }
            return values
        }

        /// Where `key` is written among the metadata's lines (its first place followed by a colon).
        private static func find(_ key: String, in lines: [(Int, [Unicode.Scalar], Int)]) -> SourceLocation {
            let target = Array(key.unicodeScalars)
            for (number, scalars, start) in lines where scalars.count >= target.count {
                var index = start
                while index + target.count <= scalars.count {
                    if Array(scalars[index..<(index + target.count)]) == target {
                        var after = index + target.count
                        while after < scalars.count,
                            scalars[after] == " " || scalars[after] == "'"
                                || scalars[after] == "\""
                        {
                            after += 1
                        }
                        if after < scalars.count, scalars[after] == ":" {
                            return SourceLocation(line: number, column: index + 1)
                        }
                    }
                    index += 1
                }
            }
            let first = lines[0]
            return SourceLocation(line: first.0, column: max(first.2 - 1, 1))
        }

        /// A label's `<br>` line breaks, as spaces: a title is one line.
        static func withoutBreaks(_ label: String) -> String {
            label.replacingOccurrences(of: "<br\\s*/?>", with: " ", options: [.regularExpression, .caseInsensitive])
        }

        /// A column's name as a lane's heading (a trailing `(N)` is its WIP limit, as on any lane).
        static func heading(_ name: String) -> LaneHeading {
            var builder = Markdown.Builder()
            builder.openNode(Markdown.Node(kind: .heading, number: 2))
            builder.leaf(Markdown.Node(kind: .text, text: name))
            builder.close()
            return LaneHeading(builder.markdown, source: name)
        }
    }

    /// A node's metadata (`@{ … }`).
    private struct Metadata {
        struct Value {
            let key: String
            let value: String
            let location: SourceLocation
        }

        var values: [Value]
        /// The offset after its `}` on its last line.
        var end: Int
        var endLine: Int
    }

    /// A node as Mermaid writes it: `id[Label]`, `[Label]`, `id(Label)`, `id((Label))`, `id{{Label}}`, `id))Label((`,
    /// `id)Label(`, or a bare `Label` (its ID is its label).
    private struct Node {
        var label: String
        /// The offset after the node.
        var end: Int
        /// Written with no shape.
        var isBare: Bool
        /// The label is a Markdown string (`` ["`**bold** text`"] ``).
        var isMarkdown = false
        /// The shape's opening mark, and where it is when nothing closes it.
        var opener = ""
        var unclosed: Int?

        /// The shapes' marks: an opening one and the one that closes it.
        static let shapes: [(String, String)] = [
            ("((", "))"), ("{{", "}}"), ("))", "(("), ("[", "]"), ("(", ")"), (")", "("),
        ]

        static func parse(_ scalars: [Unicode.Scalar], from start: Int) -> Node {
            // The ID runs to a shape's mark or to metadata (`@{`), as Mermaid's lexer reads it.
            var index = start
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "[" || scalar == "(" || scalar == ")" { break }
                if scalar == "{", index + 1 < scalars.count, scalars[index + 1] == "{" { break }
                if scalar == "@", index + 1 < scalars.count, scalars[index + 1] == "{" { break }
                index += 1
            }
            let id = String(String.UnicodeScalarView(scalars[start..<index])).trimmingWhitespace
            guard index < scalars.count,
                let (open, close) = shapes.first(where: { Self.has($0.0, in: scalars, at: index) })
            else {
                return Node(label: id, end: index, isBare: true)
            }
            let labelStart = index + open.unicodeScalars.count
            // The label runs to the last closing mark before metadata (`@{`) or the end of the line, so that
            // brackets inside it stay its text (`[Fix the [x] box]`).
            var limit = scalars.count
            var scan = labelStart
            if scan < scalars.count, scalars[scan] == "\"" {
                // A quoted label (`["Fix: @{x}"]`) holds anything up to its closing quote.
                scan += 1
                while scan < scalars.count, scalars[scan] != "\"" { scan += 1 }
            }
            while scan + 1 < scalars.count {
                if scalars[scan] == "@", scalars[scan + 1] == "{" {
                    limit = scan
                    break
                }
                scan += 1
            }
            let closer = Array(close.unicodeScalars)
            var end: Int?
            var position = limit - closer.count
            while position >= labelStart {
                if Array(scalars[position..<(position + closer.count)]) == closer {
                    end = position
                    break
                }
                position -= 1
            }
            var node = Node(label: "", end: limit, isBare: false, opener: open)
            let labelEnd: Int
            if let end {
                labelEnd = end
                node.end = end + closer.count
            } else {
                labelEnd = limit
                node.unclosed = index
            }
            var label = String(String.UnicodeScalarView(scalars[labelStart..<max(labelStart, labelEnd)]))
                .trimmingWhitespace
            if label.hasPrefix("\"`"), label.hasSuffix("`\""), label.count >= 4 {
                label = String(label.dropFirst(2).dropLast(2))
                node.isMarkdown = true
            } else if label.count >= 2, label.hasPrefix("\""), label.hasSuffix("\"") {
                label = String(label.dropFirst().dropLast())
            }
            node.label = label
            return node
        }

        private static func has(_ mark: String, in scalars: [Unicode.Scalar], at index: Int) -> Bool {
            let mark = Array(mark.unicodeScalars)
            guard index + mark.count <= scalars.count else { return false }
            return Array(scalars[index..<(index + mark.count)]) == mark
        }
    }
}
