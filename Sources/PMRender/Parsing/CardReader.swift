import Foundation
import Yams

/// Reads one card from its Markdown: the title (its first line, up to a line break or `<br>`), the description (the
/// rest), and the metadata written anywhere in the card's own text — dates, tags, IDs, priority, assignees,
/// `Key: value` field lines, VS Code Markdown Kanban property lists and subtasks. Token markers are removed from
/// what is displayed; lines that held only metadata disappear.
///
/// A card's reading depends only on its own Markdown and the board's date format, so readings are cached by the
/// segments they came from when a board's versions are read one after another.
struct CardReader: Sendable {
    let source: SourceText
    let dateFormat: DateFormat?
    let timeFormat: DateFormat?
    let triggers: CardTokens.Triggers
    /// The date trigger as text (`@`), for linked dates.
    let dateTrigger: String
    /// The places the board reader expects cards in, which a job names by its index (a job then stays small: a
    /// large board's jobs all live while its cards are read).
    var placements: [Placement] = []

    init(source: SourceText, dateFormat: DateFormat?, timeFormat: DateFormat?, triggers: CardTokens.Triggers) {
        self.source = source
        self.dateFormat = dateFormat
        self.timeFormat = timeFormat
        self.triggers = triggers
        dateTrigger = String(String.UnicodeScalarView(triggers.date))
    }

    /// A card as read (identity, lane and state are given by the board reader), with the problems found in it.
    struct Reading: Sendable {
        var card: Card
        var problems: [(Problem, SourceLocation)]
    }

    /// Where the board reader expects a card to go: its lane's name and state, and its group label. A card read
    /// with its placement is made with these fields, so that the board reader, which checks them and puts right
    /// any that differ, does not make each card's fields again.
    struct Placement: Sendable {
        let lane: String
        let state: CardState
        let group: String?
    }

    /// A card to read: its Markdown pieces and the last line of its source.
    struct Job: Sendable {
        private(set) var source: CardSource
        let endLine: Int
        /// Where the card is expected to go, as an index in the reader's `placements`; -1 when not known.
        let placement: Int32

        init(_ source: CardSource, endLine: Int, placement: Int32 = -1) {
            self.source = source
            self.endLine = endLine
            self.placement = placement
        }

        var first: MarkdownSegment { source.first }
        var body: [Int] { source.body }

        /// Lets the pieces go once the card is read (`CardSource.release`).
        mutating func release() { source.release() }
    }

    func read(_ job: Job) -> Reading {
        let placement = placements.indices.contains(Int(job.placement)) ? placements[Int(job.placement)] : nil
        switch job.source {
        case .item(let segment): return listCard(segment, endLine: job.endLine, placement: placement)
        case .heading(let heading, let body):
            return headingCard(heading, body: body, endLine: job.endLine, placement: placement)
        case .row(_, let row): return rowCard(row)
        }
    }

    /// Reads the cards one after another; with `releasing`, each job's pieces are let go once its card is read
    /// (`CardSource.release`).
    func read(_ jobs: inout [Job], releasing: Bool) -> [Reading] {
        var readings: [Reading] = []
        readings.reserveCapacity(jobs.count)
        for index in jobs.indices {
            readings.append(read(jobs[index]))
            if releasing { jobs[index].release() }
        }
        return readings
    }

    /// Below this many cards, reading them side by side costs more than it saves.
    static let cardsPerTask = 500

    /// Reads the cards side by side in runs of at least `cardsPerTask`; the readings are in the jobs' order. With
    /// `releasing`, each run's task holds the only copy of its jobs' pieces and lets each go once its card is read.
    func readAll(_ jobs: inout [Job], releasing: Bool) async -> [Reading] {
        guard jobs.count >= 2 * Self.cardsPerTask else { return read(&jobs, releasing: releasing) }
        let runs = min(jobs.count / Self.cardsPerTask, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let size = (jobs.count + runs - 1) / runs
        var parts = stride(from: 0, to: jobs.count, by: size).map { Array(jobs[$0..<min($0 + size, jobs.count)]) }
        if releasing {
            for index in jobs.indices { jobs[index].release() }
        }
        return await withTaskGroup(of: (Int, [Reading]).self) { group in
            for index in parts.indices {
                var run = parts[index]
                parts[index] = []
                group.addTask { (index, read(&run, releasing: releasing)) }
            }
            var readings: [[Reading]] = Array(repeating: [], count: parts.count)
            for await (index, run) in group { readings[index] = run }
            return readings.flatMap { $0 }
        }
    }

    /// Titles are one line on a card; longer ones are cut (with a warning) so pages stay readable.
    static let maximumTitleLength = 1_000

    /// A list-item card: `segment` is a top-level list item; its source runs to `endLine`.
    func listCard(_ segment: MarkdownSegment, endLine: Int, placement: Placement? = nil) -> Reading {
        var state = ReadingState(reader: self)
        state.placement = placement
        state.base = segment.line - 1
        state.settingsLine = ObsidianSettings.settingsLine(in: segment)
        // (Obsidian's settings block that the card's last line runs into is not the card's.)
        let markdown =
            state.settingsLine == nil ? segment.markdown : ObsidianSettings.leavingOutSettingsLine(segment).markdown
        let item = markdown.nodes[0]
        let children = Array(markdown.children(of: 0))
        var titleMarkup = Markdown()
        var description = Markdown.Builder()
        var titleLine = segment.line
        var rest = children[...]
        if let first = children.first,
            markdown.nodes[first].kind == .paragraph || markdown.nodes[first].kind == .heading
        {
            let lines = state.lines(of: first, in: markdown)
            titleLine = lines.first?.line ?? segment.line
            let count = state.titleLineCount(lines, in: markdown)
            var titleNodes = lines.first?.nodes ?? []
            if count > 1, let start = titleNodes.first, let end = lines[count - 1].nodes.last {
                // The wrapped lines and the soft breaks between them.
                titleNodes = markdown.children(of: first).filter { (start...end).contains($0) }
            }
            // The source lines the title takes are not the description's.
            if let last = lines.prefix(count).last?.lastLine, last > titleLine {
                for line in (titleLine + 1)...last { state.droppedLines.insert(line) }
                state.titleLines = last - titleLine + 1
            }
            titleMarkup = state.title(titleNodes, in: markdown, line: titleLine)
            state.paragraph(Array(lines.dropFirst(count)), in: markdown, into: &description)
            rest = rest.dropFirst()
            // `- [x] Title` over an indented `===` or `---`: CommonMark underlines the title into a heading; the
            // underline is the title's markup, not a description.
            if markdown.nodes[first].kind == .heading, let last = lines.last?.lastLine,
                last + 1 <= endLine, Self.isSetextUnderline(source.line(last + 1)),
                !rest.contains(where: { state.base + markdown.nodes[$0].line == last + 1 })
            {
                state.droppedLines.insert(last + 1)
            }
            // Obsidian writes a description on the title's line, after a `<br>`.
            if let lineBreak = markdown.children(of: first).first(where: { markdown.nodes[$0].kind == .lineBreak }),
                markdown.nodes[lineBreak].line > 0, state.base + markdown.nodes[lineBreak].line == titleLine
            {
                state.titleLineBreak = markdown.nodes[lineBreak].byteColumn
            }
        }
        for child in rest { state.block(child, in: markdown, into: &description) }
        let contentIndent = children.first.map { max(markdown.nodes[$0].byteColumn - 1, 0) } ?? 2
        let location = SourceLocation(
            line: segment.line, column: source.column(line: segment.line, byteColumn: segment.byteColumn))
        return state.finish(
            title: titleMarkup, description: description.markdown, style: .listItem, location: location,
            titleLine: titleLine, endLine: endLine, indent: contentIndent, isChecked: item.flags.contains(.checked))
    }

    /// Whether a line is a setext heading's underline: `=` or `-` only, after up to three spaces of indentation
    /// within its block (spaces and tabs around them).
    static func isSetextUnderline(_ line: String) -> Bool {
        let marks = line.trimmingWhitespace
        guard let mark = marks.first, mark == "=" || mark == "-" else { return false }
        return marks.allSatisfy { $0 == mark }
    }

    /// Whether a list item's first line (`- - patroller`, `- > idea`, ``- ```sh``, `-     code`) opens a block — a
    /// list, a quote, a code fence or indented code — rather than holding a line of text. Such a card is titled by
    /// the first line inside that block.
    static func opensWithBlock(itemLine line: Substring) -> Bool {
        let item = line.drop { $0 == " " || $0 == "\t" }
        guard let marker = item.first else { return false }
        var afterMarker: Substring
        if "-*+".contains(marker) {
            afterMarker = item.dropFirst()
        } else {
            let digits = item.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty, digits.count <= 9 else { return false }
            afterMarker = item.dropFirst(digits.count)
            guard afterMarker.first == "." || afterMarker.first == ")" else { return false }
            afterMarker = afterMarker.dropFirst()
        }
        // Five columns of space after the marker and then text: indented code (CommonMark).
        var columns = 0
        for character in afterMarker.prefix(while: { $0 == " " || $0 == "\t" }) {
            columns = character == "\t" ? columns + 4 - columns % 4 : columns + 1
        }
        let text = afterMarker.trimmingSpaces
        guard columns > 0, !text.isEmpty else { return false }
        if columns >= 5 || text.hasPrefix(">") || text.hasPrefix("```") || text.hasPrefix("~~~") { return true }
        guard let first = text.first else { return false }
        if "-*+".contains(first) { return text.dropFirst().first == " " }
        let digits = text.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, digits.count <= 9 else { return false }
        let rest = text.dropFirst(digits.count)
        return (rest.first == "." || rest.first == ")") && rest.dropFirst().first == " "
    }

    /// A heading card: the heading and the segments under it, up to `endLine`.
    func headingCard(
        _ heading: MarkdownSegment, body: [MarkdownSegment], endLine: Int, placement: Placement? = nil
    ) -> Reading {
        var state = ReadingState(reader: self)
        state.placement = placement
        state.base = heading.line - 1
        var description = Markdown.Builder()
        let titleMarkup: Markdown
        var style = Card.Style.heading
        if let lines = Self.yamlBlockLines(of: heading, source: source) {
            titleMarkup = state.yamlBlock(lines, into: &description)
            style = .yamlBlock
        } else {
            let markdown = heading.markdown
            titleMarkup = state.title(Array(markdown.children(of: 0)), in: markdown, line: heading.line)
        }
        // Fields whose first item alone has a task box (`- [x] **Description:** …` over `- **Module:** …`): the box
        // is the card's own, ticked or not, and the item a field.
        // (Field lines above them, `Due: …` as `edit` writes it, leave them so.)
        var body = body
        var isChecked = false
        let start = body.firstIndex { $0.root.kind != .paragraph } ?? body.endIndex
        if BoardReader.boxOpensFields(body[start...].prefix { $0.root.kind == .item }) {
            isChecked = body[start].root.flags.contains(.checked)
            body[start].markdown.nodes[0].flags.subtract([.task, .checked])
        }
        var run: [MarkdownSegment] = []
        for segment in body {
            if segment.root.kind == .item {
                run.append(segment)
                continue
            }
            if !run.isEmpty { state.items(run, into: &description) }
            run = []
            state.base = segment.line - 1
            // A quote of fields alone (`> type: feature` ⏎ `> priority: high`), one of them known: the card's
            // fields, read as its field lines are.
            if let fields = Self.quotedFields(segment) {
                state.block(fields, in: segment.markdown, into: &description)
                continue
            }
            state.block(0, in: segment.markdown, into: &description)
        }
        if !run.isEmpty { state.items(run, into: &description) }
        let location = SourceLocation(
            line: heading.line, column: source.column(line: heading.line, byteColumn: heading.byteColumn))
        return state.finish(
            title: titleMarkup, description: description.markdown, style: style, location: location,
            titleLine: heading.line, endLine: endLine, indent: 0, isChecked: isChecked)
    }
}

extension CardReader {
    /// The paragraph of a quote that holds `key: value` lines alone, one of them a field pm-render reads (`> type:
    /// feature` ⏎ `> priority: high`, as some tools write a heading card's fields); nil for any other quote.
    static func quotedFields(_ segment: MarkdownSegment) -> Int? {
        let markdown = segment.markdown
        let children = Array(markdown.children(of: 0))
        guard segment.root.kind == .blockQuote, children.count == 1, markdown.nodes[children[0]].kind == .paragraph,
            BoardReader.holdsFieldsAlone(children[0], in: markdown)
        else { return nil }
        return children[0]
    }

    /// One `key: value` line of a card written as a block of YAML.
    struct YAMLLine {
        let key: Substring
        /// The value as written, or, when it is quoted (`"Fix: login"`, `'it''s'`), the string YAML reads.
        let value: Substring
        let line: Int
        let byteColumn: Int
    }

    /// The lines of a card written as a block of YAML between two `---` lines in a lane (`---` ⏎ `id: task-1` ⏎
    /// `title: Build the landing page` ⏎ `status: backlog` ⏎ `---`), which CommonMark reads as a heading underlined by
    /// the closing `---`: nil unless the heading is so underlined and its lines, two or more, are all `key: value`
    /// with YAML's plain keys, one of them its `title`.
    static func yamlBlockLines(of heading: MarkdownSegment, source: SourceText) -> [YAMLLine]? {
        guard heading.root.kind == .heading, heading.root.number == 2 else { return nil }
        var lines: [YAMLLine] = []
        for number in heading.line...min(heading.line + 100, source.lineCount) {
            let text = Substring(source.line(number))
            let trimmed = text.trimmingSpaces
            if !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "-" }) { break }
            guard let colon = trimmed.firstIndex(of: ":"), let first = trimmed.first, first.isLetter,
                trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            else { return nil }
            let value = trimmed[trimmed.index(after: colon)...]
            guard value.isEmpty || value.first == " " || value.first == "\t" else { return nil }
            let start = value.trimmingSpaces
            let byteColumn = text.utf8.distance(from: text.startIndex, to: start.startIndex) + 1
            // A quoted value is read as YAML reads it (Yams): scripts that write such blocks quote a title with a colon.
            var read = start
            if start.first == "\"" || start.first == "'",
                let string = (try? Yams.compose(yaml: String(start)))??.scalar?.string
            {
                read = Substring(string)
            }
            lines.append(YAMLLine(key: trimmed[..<colon], value: read, line: number, byteColumn: byteColumn))
        }
        guard lines.count >= 2, lines.contains(where: { $0.key.lowercased() == "title" }) else { return nil }
        return lines
    }
}

extension CardReader {
    /// A row of a table of cards (`| T02 | Semantic HTML | Ann | 2026-05-10 |`). The title column's cell is the title,
    /// read as a list card's is (tags and dates in it are metadata; a `<br>` ends it, and the rest is description); a
    /// description column's cell is the description; cells of the fields pm-render reads (`Due`, `Owner`, `Tags`, a
    /// `Priority` it knows, a valid `ID`) are those fields; every other cell is a field shown as written
    /// (`Module: API`, `Status: Backlog`: the lane says the state).
    func rowCard(_ table: TableRow) -> Reading {
        let line = table.row.line
        var state = ReadingState(reader: self)
        state.base = line - 1
        var titleMarkup = Markdown()
        var description = Markdown.Builder()
        var descriptionSource: [String] = []
        func addDescription(_ text: String, byteColumn: Int) {
            let text = Self.replacingBreaks(text)
            descriptionSource.append(text)
            for segment in PipeTable.cellSegments(text, line: line, byteColumn: byteColumn) {
                state.block(0, in: segment.markdown, into: &description)
            }
        }
        for (column, cell) in table.row.cells.enumerated() where !PipeTable.isEmpty(cell) {
            let location = SourceLocation(line: line, column: source.column(line: line, byteColumn: cell.byteColumn))
            let key = PipeTable.displayName(table.header[column])
            // A field's value as text (`**Alta**` is `Alta`).
            var plain: String { MarkdownParser.inline(cell.text).inlineText.trimmingWhitespace }
            switch table.roles[column] {
            case .title:
                var text = cell.text
                var rest = ""
                if let lineBreak = text.range(of: "<br\\s*/?>", options: [.regularExpression, .caseInsensitive]) {
                    rest = String(text[lineBreak.upperBound...]).trimmingWhitespace
                    text = String(text[..<lineBreak.lowerBound]).trimmingWhitespace
                }
                let markdown = PipeTable.cellSegments(text, line: line, byteColumn: cell.byteColumn).first?.markdown
                if let markdown,
                    let block = markdown.nodes.indices.first(where: {
                        [.paragraph, .heading].contains(markdown.nodes[$0].kind)
                    })
                {
                    titleMarkup = state.title(Array(markdown.children(of: block)), in: markdown, line: line)
                }
                if !rest.isEmpty { addDescription(rest, byteColumn: cell.byteColumn) }
            case .description:
                addDescription(cell.text, byteColumn: cell.byteColumn)
            case .field(let field):
                let value = plain
                let isRead =
                    switch field {
                    case .ignored, .steps: false
                    case .id: Slug.isValidID(value)
                    default: CardField.reads(field, value: Substring(value))
                    }
                if isRead {
                    state.draft.add(field, value: Substring(value), at: location, dateFormat: dateFormat)
                } else {
                    state.draft.extras.fields.append(CardExtras.Field(key: key, value: value))
                }
            case .other:
                state.draft.extras.fields.append(CardExtras.Field(key: key, value: plain))
            case .lane:
                // A note after the row's status is the row's own (`Done (2026-01-02)`: the lane is `Done`).
                if PipeTable.status(cell.text).utf8.count != cell.text.utf8.count {
                    state.draft.extras.fields.append(CardExtras.Field(key: key, value: plain))
                }
            }
        }
        let start = table.row.cells.first { !$0.text.isEmpty }?.byteColumn ?? 1
        let location = SourceLocation(line: line, column: source.column(line: line, byteColumn: start))
        // A row whose status says done (`| done | Create the repo |`) is checked, as a ticked task is.
        let status = table.header.firstIndex { PipeTable.laneNames.contains(PipeTable.plainName($0)) }
        // (An archived one, `Archived`, is a done lane's row too.)
        let isChecked =
            status.map {
                let meaning = LaneStates.meaning(of: table.row.cells[$0].text)
                return meaning == .state(.done) || meaning == .archive
            } ?? false
        var reading = state.finish(
            title: titleMarkup, description: description.markdown, style: .tableRow, location: location,
            titleLine: line, endLine: line, indent: 0, isChecked: isChecked)
        if reading.card.isNamed { reading.card.descriptionSource = descriptionSource.joined(separator: "\n\n") }
        return reading
    }

    /// A cell's text with its `<br>` tags as line ends (a table's cells are one line each).
    private static func replacingBreaks(_ text: String) -> String {
        text.replacingOccurrences(
            of: "\\s*<br\\s*/?>\\s*", with: "\n", options: [.regularExpression, .caseInsensitive])
    }
}

/// The work of reading one card.
private struct ReadingState {
    let reader: CardReader
    var draft = CardDraft()
    /// Lines that held only metadata (left out of the description's source).
    var droppedLines: Set<Int> = []
    /// Dropped lines that parted blocks (a ```` ```md ```` fence): the source keeps a blank line in their place.
    var blockBreaks: Set<Int> = []
    /// Lines with a piece that stays in the description: a line cut by `<br>` into text and metadata is kept.
    var keptLines: Set<Int> = []
    /// The title line had tags but nothing else: the tags are the title (unless a heading follows).
    var titleIsTags = false
    /// Node lines count from their segment's first line; this is that line minus one.
    var base = 0
    /// The byte column of a `<br>` that ends the title on its line (the description starts after it).
    var titleLineBreak: Int?
    /// The card opens with a block (`- - patroller`): its title was read from inside it, and its description
    /// source starts on the title's line.
    var titleFromBlock = false
    /// The line of Obsidian's settings block when the card's last line is its first (`ObsidianSettings`): the card's
    /// lines end before it (`listCard` reads the card's nodes without it).
    var settingsLine: Int?
    /// How many source lines the title takes (`titleLineCount`, and emphasis that runs on over a line break).
    var titleLines = 1
    /// The lane, state and group the card is made with (`CardReader.Placement`); else none, `todo`, none.
    var placement: CardReader.Placement?

    init(reader: CardReader) {
        self.reader = reader
    }

    struct Line {
        var nodes: [Int]
        var line: Int
        /// What ended the line before: a soft break, or a hard one (`<br>`, two spaces, a backslash); nil first.
        var breakBefore: Markdown.Kind? = nil
        /// The source line where it ends: below `line` when emphasis or a link runs on over a line break
        /// (`**… and` over `wordwheel is its control.** Here …`).
        var lastLine: Int
    }

    /// A paragraph's (or heading's) inline children, cut into lines at soft breaks, hard breaks and `<br>`.
    func lines(of paragraph: Int, in markdown: Markdown) -> [Line] {
        var lines: [Line] = []
        var current: [Int] = []
        var line = base + max(markdown.nodes[paragraph].line, 1)
        var lineOfCurrent = line
        var breakBefore: Markdown.Kind?
        for child in markdown.children(of: paragraph) {
            let node = markdown.nodes[child]
            if node.kind == .softBreak || node.kind == .lineBreak {
                lines.append(Line(nodes: current, line: lineOfCurrent, breakBefore: breakBefore, lastLine: line))
                breakBefore = node.kind
                current = []
                if node.kind == .softBreak || node.line == 0 { line += node.kind == .softBreak ? 1 : 0 }
                lineOfCurrent = line
                continue
            }
            if current.isEmpty, node.line > 0 {
                lineOfCurrent = base + node.line
                line = lineOfCurrent
            }
            current.append(child)
            // Soft breaks inside the node (emphasis over two lines) move on the line the next node is on.
            if node.end > child + 1 {
                line += markdown.nodes[(child + 1)..<node.end].reduce(0) { $0 + ($1.kind == .softBreak ? 1 : 0) }
            }
        }
        lines.append(Line(nodes: current, line: lineOfCurrent, breakBefore: breakBefore, lastLine: line))
        return lines
    }

    // MARK: Title

    /// Lines this long or longer may have been wrapped at a fixed width (72, 80 …) by an editor or a tool.
    static let wrapWidth = 60

    /// How many of a list card's first lines are its title: one, or more when the title was hard-wrapped — a long
    /// line that ends mid-sentence, continued by one that starts in lower case (`- [x] Hand the terminal to
    /// full-screen programs and restore the shell's terminal` over `modes cleanly when they exit or stop.`). A short
    /// line was not wrapped, and a line that starts otherwise (a capital, a link, a field, a token) begins the
    /// description.
    func titleLineCount(_ lines: [Line], in markdown: Markdown) -> Int {
        guard lines.count > 1 else { return 1 }
        var count = 1
        // Brackets the title's lines leave open.
        var open = Self.brackets(lines[0].nodes, in: markdown).change
        while count < lines.count {
            let previous = lines[count - 1]
            let next = lines[count]
            let nextBrackets = Self.brackets(next.nodes, in: markdown)
            // A bracket opened in the title and closed on the next line (`… (strategy decided` over
            // `2026-07-29 — see MEMORY.md)`): the line goes on, whatever it starts with and however short the line.
            let closesBracket = open > 0 && open + nextBrackets.lowest <= 0
            guard next.breakBefore == .softBreak, next.line == previous.lastLine + 1,
                let lastText = previous.nodes.last.map({ Self.visibleText(of: $0, in: markdown) }),
                let last = lastText.last(where: { !$0.isWhitespace }),
                // A line that ends mid-phrase (`… für WorkManager) +`, `… Ceux de`) goes on whatever its first letter.
                closesBracket || Self.continuesSentence(next.nodes, in: markdown)
                    || (Self.endsMidPhrase(lastText) && Self.startsWithLetter(next.nodes, in: markdown)),
                !Self.sentenceEnds.contains(last),
                // A line that has ended a sentence (`**Interpolation.** Decide how lists,`) is not a wrapped title.
                !Self.endsSentenceWithin(previous.nodes, in: markdown),
                // A long line, or one that ends with a word that cannot end a title (`look into supporting a`).
                closesBracket || wrapWidth(of: previous.lastLine) >= Self.wrapWidth
                    || Self.endsOpen(lastText),
                CardField.parse(Substring(CardField.lineText(next.nodes, in: markdown) ?? "")) == nil,
                // A line that ends one sentence and starts another is the title's only as the item's last line.
                count + 1 == lines.count || !Self.endsSentenceWithin(next.nodes, in: markdown),
                // Nor one a `<br>` parts from what follows on its line (the description).
                count + 1 == lines.count || lines[count + 1].breakBefore == .softBreak
            else { break }
            open += nextBrackets.change
            count += 1
        }
        return count
    }

    /// What a line's text (not its code) does to brackets: opened less closed, and the lowest that count falls to
    /// along the line.
    static func brackets(_ nodes: [Int], in markdown: Markdown) -> (change: Int, lowest: Int) {
        var change = 0
        var lowest = 0
        for index in nodes where markdown.nodes[index].kind == .text {
            // On UTF-8 (every card's lines are looked at): `（` and `）` are EF BC 88 and EF BC 89.
            var before: (UInt8, UInt8) = (0, 0)
            for byte in markdown.nodes[index].text.utf8 {
                let isWide = before == (0xEF, 0xBC)
                if byte == 0x28 || byte == 0x5B || (isWide && byte == 0x88) {
                    change += 1
                } else if byte == 0x29 || byte == 0x5D || (isWide && byte == 0x89) {
                    change -= 1
                    lowest = min(lowest, change)
                }
                before = (before.1, byte)
            }
        }
        return (change, lowest)
    }

    /// Whether a line goes on with a sentence: it starts in lower case (not a URL), with a code span, or with a
    /// bracket or link whose text does (`(\`apt install …\`), to confirm`, `[ui-select](…) popup instead`).
    static func continuesSentence(_ nodes: [Int], in markdown: Markdown) -> Bool {
        guard let first = nodes.first else { return false }
        let node = markdown.nodes[first]
        switch node.kind {
        case .code:
            return true
        case .link:
            return startsWord(Substring(markdown.plainText(of: first)))
        case .text:
            var text = Substring(node.text)
            if text.first == "(" {
                text = text.dropFirst()
                if text.isEmpty { return nodes.count > 1 && markdown.nodes[nodes[1]].kind == .code }
            }
            return startsWord(text)
        default:
            return false
        }
    }

    /// Whether text starts with a word in lower case (or in either case), not a URL.
    private static func startsWord(_ text: Substring, inLowerCase: Bool = true) -> Bool {
        guard let first = text.first, inLowerCase ? first.isLowercase : first.isLetter else { return false }
        return !text.hasPrefix("http") && !text.hasPrefix("www.")
    }

    /// Whether a line of three words or more ends with a word that leaves a sentence open (`look into supporting a`).
    private static func endsOpen(_ line: String) -> Bool {
        let words = lastWords(of: line, upTo: 3)
        return words.count == 3 && leadingWords.contains(String(words[0]))
    }

    /// The last words of a line, split at white space, the last first: at most `limit` of them (a title's line is
    /// judged by its end, and it may be long).
    private static func lastWords(of line: String, upTo limit: Int) -> [Substring] {
        if let words = asciiLastWords(of: line, upTo: limit) { return words }
        let scalars = line.unicodeScalars
        var words: [Substring] = []
        var end = scalars.endIndex
        while words.count < limit {
            while end > scalars.startIndex, scalars[scalars.index(before: end)].isSpaceLike {
                end = scalars.index(before: end)
            }
            guard end > scalars.startIndex else { break }
            var start = scalars.index(before: end)
            while start > scalars.startIndex, !scalars[scalars.index(before: start)].isSpaceLike {
                start = scalars.index(before: start)
            }
            words.append(line[start..<end])
            end = start
        }
        return words
    }

    /// `lastWords` on bytes, where every byte read is ASCII (each a scalar, white space as `isSpaceLike` says);
    /// nil at the first byte that is not.
    private static func asciiLastWords(of line: String, upTo limit: Int) -> [Substring]? {
        let bytes = line.utf8
        var words: [Substring] = []
        var end = bytes.endIndex
        while words.count < limit {
            var start = end
            // White space, then the word before it.
            for inWord in [false, true] {
                if inWord { end = start }
                while start > bytes.startIndex {
                    let byte = bytes[bytes.index(before: start)]
                    guard byte < 0x80 else { return nil }
                    guard (byte == 0x20 || (0x09...0x0D).contains(byte)) != inWord else { break }
                    start = bytes.index(before: start)
                }
            }
            guard start < end else { break }
            words.append(line[start..<end])
            end = start
        }
        return words
    }

    /// Whether a line ends where no title does: with a comma, with `+`, `&` or `/` standing alone (not `C++`, not a
    /// folder's path), or, three words or more, with a word that leaves a sentence open. The next line goes on with it
    /// even when it starts with a capital (a German noun, a name: `… (R8-Regel für WorkManager) +` over
    /// `Emulator-Starttest in der CI`).
    private static func endsMidPhrase(_ line: String) -> Bool {
        let words = lastWords(of: line, upTo: 2)
        guard let last = words.first else { return false }
        return last.hasSuffix(",") || (words.count > 1 && ["+", "&", "/"].contains(last)) || endsOpen(line)
    }

    /// Whether a line starts with a word of text in either case, not a URL.
    private static func startsWithLetter(_ nodes: [Int], in markdown: Markdown) -> Bool {
        guard let first = nodes.first, markdown.nodes[first].kind == .text else { return false }
        return startsWord(Substring(markdown.nodes[first].text), inLowerCase: false)
    }

    /// Words that leave a sentence open, in English, French, German, Spanish and Portuguese: a line ending with one
    /// was wrapped, however short. (Not those that end titles too: `Sign in`, `Things to do`, `yes or no`, German
    /// verb particles: `Räum den Keller auf`, `Bring Kuchen mit`.)
    private static let leadingWords: Set<String> = [
        "a", "an", "the", "of", "with", "and", "or", "from", "into", "that", "to", "for",
        "de", "du", "des", "la", "le", "les", "et", "à", "au", "aux", "pour", "avec", "sur", "dans",
        "der", "dem", "und", "für", "von", "zum", "zur",
        "del", "el", "los", "las", "con", "para", "por", "dos", "com", "em",
    ]

    /// A line's width as written, without its metadata (tags and dates an edit may add do not make it wrap).
    func wrapWidth(of line: Int) -> Int {
        CardTokens.scan(reader.source.line(line), triggers: reader.triggers, source: true).reduce(into: "") {
            text, piece in
            if case .text(let words) = piece { text += words }
        }.trimmingWhitespace.unicodeScalars.count
    }

    /// Whether a sentence ends inside a line, before more text (`… input. Ctrl-D exits …`).
    static func endsSentenceWithin(_ nodes: [Int], in markdown: Markdown) -> Bool {
        let text = Array(nodes.map { visibleText(of: $0, in: markdown) }.joined().trimmingWhitespace)
        for index in text.indices.dropLast() {
            if "。！？".contains(text[index]) || (".!?".contains(text[index]) && text[index + 1].isWhitespace) {
                return true
            }
        }
        return false
    }

    /// A node's text: a leaf's own, a container's inlines.
    static func visibleText(of index: Int, in markdown: Markdown) -> String {
        let node = markdown.nodes[index]
        return node.kind == .text || node.kind == .code ? node.text : markdown.plainText(of: index)
    }

    private static let sentenceEnds: Set<Character> = [".", "!", "?", ":", ";", "。", "！", "？", "：", "…"]

    mutating func title(_ nodes: [Int], in markdown: Markdown, line: Int) -> Markdown {
        var builder = Markdown.Builder()
        var cleaner = InlineCleaner(removeTags: true)
        cleaner.clean(nodes, in: markdown, into: &builder, state: &self)
        var title = InlineCleaner.trimmed(builder.markdown)
        // A wrapped title's lines are one line.
        for index in title.nodes.indices where title.nodes[index].kind == .softBreak {
            title.nodes[index].kind = .text
            title.nodes[index].text = " "
        }
        // `- [ ] #### Setup`: the plugin shows the card's text as Markdown, a heading; the marks are not the title's.
        // Not `- [ ] \# 1 priority`: an escaped mark is text.
        if let first = title.nodes.first, first.kind == .text, first.text.utf8.first == UInt8(ascii: "#"),
            !isEscaped(first)
        {
            let text = first.text
            let marks = text.prefix { $0 == "#" }.count
            if (1...6).contains(marks), text.dropFirst(marks).first == " " {
                title.nodes[0].text = String(text.dropFirst(marks + 1))
                title = InlineCleaner.trimmed(title)
            }
        }
        if cleaner.sawTags { title = Self.withoutEmptyBrackets(title) }
        if title.inlineText.trimmingWhitespace.isEmpty, cleaner.sawTags {
            // A card that is only tags (`- [ ] #idea`): the tags are its title.
            var again = Markdown.Builder()
            var keeper = InlineCleaner(removeTags: false, recordTokens: false)
            keeper.clean(nodes, in: markdown, into: &again, state: &self)
            title = InlineCleaner.trimmed(again.markdown)
            titleIsTags = true
        }
        return title
    }

    /// Whether a text node starts with a backslash escape in the source (cmark gives inlines their columns).
    func isEscaped(_ node: Markdown.Node) -> Bool {
        guard node.line > 0, node.byteColumn > 0 else { return false }
        let range = reader.source.byteRange(ofLine: base + node.line)
        let at = range.lowerBound + node.byteColumn - 1
        return range.contains(at) && reader.source.bytes[at] == UInt8(ascii: "\\")
    }

    /// `Fix (#ui)` is titled `Fix`, not `Fix ()`: brackets that held only the tags taken out of a title go too
    /// (when they stand apart: `call()` keeps its brackets).
    static func withoutEmptyBrackets(_ title: Markdown) -> Markdown {
        var title = title
        var changed = false
        for index in title.nodes.indices where title.nodes[index].kind == .text {
            // Most titles have no bracket at all (`（` is EF BC 88).
            guard title.nodes[index].text.containsByte(where: { $0 == 0x28 || $0 == 0x5B || $0 == 0xEF }) else {
                continue
            }
            var scalars = Array(title.nodes[index].text.unicodeScalars)
            if TextCleaning.removeEmptyBrackets(&scalars) {
                title.nodes[index].text = String(String.UnicodeScalarView(scalars))
                changed = true
            }
        }
        return changed ? InlineCleaner.trimmed(title) : title
    }

    // MARK: Description

    /// Obsidian's `<br>` before a list item, a heading or a quote (`Shopping list<br>- [x] hair dryer<br>- [ ] fan`):
    /// the plugin shows a card's text with its `<br>`s made line breaks, as Markdown, so these are blocks — a list,
    /// subtasks — not lines of text. The lines' source, so read again; nil when no line after a `<br>` opens a block
    /// (most cards), when the lines hold metadata or code (the line reader reads those), or when the source cannot be
    /// cut out exactly.
    func blocksAfterBreaks(_ lines: [Line], in markdown: Markdown) -> Markdown? {
        // Only a line after a hard break may open a block (most cards have none).
        guard lines.contains(where: { $0.breakBefore == .lineBreak }) else { return nil }
        // An empty line first: the title's `<br><br>` (`# Docs<br><br>- [x] spec`).
        let lines = Array(lines.drop { $0.nodes.isEmpty })
        let opensBlock = { (line: Line) -> Bool in
            guard line.breakBefore == .lineBreak, let first = line.nodes.first else { return false }
            return markdown.nodes[first].kind == .text && Self.opensBlock(markdown.nodes[first].text)
        }
        // Metadata on those lines (`@{date}`, `#tag`, `Due:`) is read by the line reader: such a card stays so.
        let holdsMetadata = { (line: Line) -> Bool in
            let text = CardField.plainLine(line.nodes, in: markdown)
            return CardField.parse(Substring(text)) != nil
                || CardTokens.scan(text, triggers: reader.triggers).contains {
                    if case .token = $0 { return true }
                    return false
                }
        }
        guard lines.contains(where: opensBlock), !lines.contains(where: holdsMetadata),
            !lines.contains(where: { $0.nodes.contains { markdown.nodes[$0].kind == .code } }),
            let start = lines.first?.nodes.first, markdown.nodes[start].byteColumn > 0,
            let first = lines.first?.line, let last = lines.last?.lastLine
        else { return nil }
        // The text from the first line's start, each `<br>` a line break; the source line of each line of it.
        var text = ""
        var sourceLines: [Int] = []
        var blank: [Bool] = []
        for line in first...last {
            let content =
                line == first
                ? reader.source.line(line, fromByteColumn: markdown.nodes[start].byteColumn)
                : String(reader.source.line(line).drop { $0 == " " || $0 == "\t" })
            let pieces = content.replacingOccurrences(
                of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
            for piece in pieces.split(separator: "\n", omittingEmptySubsequences: false) {
                text += (sourceLines.isEmpty ? "" : "\n") + piece
                sourceLines.append(line)
                blank.append(piece.allSatisfy { $0 == " " || $0 == "\t" })
            }
        }
        var blocks = text.withUTF8 { MarkdownParser.segments($0, firstLine: 1) }
        // Each node on the source line it came from (columns are the text's, not the file's).
        for index in blocks.indices {
            let segmentLine = blocks[index].line
            for node in blocks[index].markdown.nodes.indices {
                let line = blocks[index].markdown.nodes[node].line
                guard line > 0 else { continue }
                let sourceLine = sourceLines[min(segmentLine + line - 2, sourceLines.count - 1)]
                blocks[index].markdown.nodes[node].line = sourceLine - base
                blocks[index].markdown.nodes[node].byteColumn = 0
            }
        }
        return Markdown.joining(blocks) { $0 >= 1 && $0 <= blank.count && blank[$0 - 1] }
    }

    /// Whether a line's text starts a list item, a heading or a quote.
    static func opensBlock(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            return bytes.dropFirst().first == UInt8(ascii: " ")
        case UInt8(ascii: ">"):
            return true
        case UInt8(ascii: "#"):
            let marks = bytes.prefix { $0 == first }.count
            return marks <= 6 && bytes.dropFirst(marks).first == UInt8(ascii: " ")
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digits = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            let after = bytes.dropFirst(digits)
            return digits <= 9 && (after.first == UInt8(ascii: ".") || after.first == UInt8(ascii: ")"))
                && after.dropFirst().first == UInt8(ascii: " ")
        default:
            return false
        }
    }

    /// The lines of a paragraph after the title line, or a whole paragraph: field lines and lines holding only
    /// metadata are read and dropped; the others stay, their token markers removed.
    ///
    /// The kept lines are parted as they were: by a soft break, or by a hard one (Obsidian writes a card's line breaks
    /// as `<br>`); an empty line between two hard breaks (`<br><br>`) parts paragraphs.
    mutating func paragraph(_ lines: [Line], in markdown: Markdown, into description: inout Markdown.Builder) {
        if let blocks = blocksAfterBreaks(lines, in: markdown) {
            for line in lines { keptLines.formUnion(line.line...line.lastLine) }
            for root in blocks.roots { block(root, in: blocks, into: &description) }
            return
        }
        // The kept lines, cleaned one after another into one builder: each line's nodes there, with what parts it from
        // the kept line before (the strongest break in between).
        var cleaned = Markdown.Builder()
        var kept: [(nodes: Range<Int>, parting: Parting)] = []
        var parting = Parting.softBreak
        var afterEmptyLine = false
        for line in lines {
            if line.breakBefore == .lineBreak { parting = max(parting, afterEmptyLine ? .paragraph : .lineBreak) }
            afterEmptyLine =
                line.breakBefore == .lineBreak
                && line.nodes.allSatisfy {
                    markdown.nodes[$0].kind == .text && markdown.nodes[$0].text.trimmingWhitespace.isEmpty
                }
            let plain = CardField.plainLine(line.nodes, in: markdown)
            if let (date, time) = Self.taskellDue(plain), line.nodes.allSatisfy({ markdown.nodes[$0].kind == .text }) {
                let location = SourceLocation(line: line.line, column: column(of: line.nodes.first, in: markdown))
                draft.addDeadline(date, time: time, text: String(plain.dropFirst(2)), at: location)
                droppedLines.insert(line.line)
                continue
            }
            // Fields joined on one line (`**Priority**: High | **Category**: Frontend | **Assigned**: @user`, as
            // MarkdownTaskManager writes them): the known ones are read; the line is left out when all are known. (Not
            // as one field: `Priority: P0 · Assignee: DEV` is no priority "P0 · Assignee: DEV".)
            let joined = CardField.joinedFields(line.nodes, in: markdown)
            if let parts = joined {
                let location = SourceLocation(line: line.line, column: column(of: line.nodes.first, in: markdown))
                let read = parts.map { part in part.0.flatMap { CardField.reads($0, value: part.1) ? $0 : nil } }
                for case (let field?, let value) in zip(read, parts.map(\.1)) where field != .steps && field != .ignored
                {
                    draft.add(field, value: value, at: location, dateFormat: reader.dateFormat)
                }
                if read.allSatisfy({ $0 != nil && $0 != .ignored }) {
                    droppedLines.insert(line.line)
                    continue
                }
            }
            // `Status: pending` is text here: only VS Code's property items of those keys are left out.
            // A value pm-render does not read for its key (`Priority: whenever`) stays as written.
            if joined == nil,
                let (field, value) = CardField.parse(Substring(CardField.lineText(line.nodes, in: markdown) ?? "")),
                field != .steps, field != .ignored, CardField.reads(field, value: value)
            {
                let location = SourceLocation(line: line.line, column: column(of: line.nodes.first, in: markdown))
                draft.add(field, value: value, at: location, dateFormat: reader.dateFormat)
                droppedLines.insert(line.line)
                continue
            }
            // A line of nothing but metadata (dates, tags, IDs) is read and left out. A date followed by words on its
            // line is text (`See @{2026-01-01} then`, `review 📅 2026-01-01 with Ana`): a card's dates are on its title
            // line, on lines of their own, or at the end of a line, where Obsidian Kanban appends them to a card's
            // text and the Tasks plugin reads them (from the end of the line, up to the first words).
            var cleaner = InlineCleaner(removeTags: false)
            let start = cleaned.nodes.count
            if CardTokens.mayHoldTokens(plain, triggers: reader.triggers) {
                var probe = InlineCleaner(removeTags: false, recordTokens: false)
                probe.clean(line.nodes, in: markdown, into: &cleaned, state: &self)
                cleaned.nodes.removeSubrange(start...)
                cleaner.textDates = probe.datesBeforeWords
            }
            cleaner.clean(line.nodes, in: markdown, into: &cleaned, state: &self)
            guard cleaner.keptWords else {
                cleaned.nodes.removeSubrange(start...)
                if !line.nodes.isEmpty { droppedLines.insert(line.line) }
                continue
            }
            InlineCleaner.trim(&cleaned.nodes, from: start)
            kept.append((start..<cleaned.nodes.count, parting))
            parting = .softBreak
            keptLines.insert(line.line)
        }
        guard !kept.isEmpty else { return }
        description.openNode(Markdown.Node(kind: .paragraph))
        for (index, (nodes, parting)) in kept.enumerated() {
            if index > 0 {
                switch parting {
                case .softBreak: description.leaf(Markdown.Node(kind: .softBreak))
                case .lineBreak: description.leaf(Markdown.Node(kind: .lineBreak))
                case .paragraph:
                    description.close()
                    description.openNode(Markdown.Node(kind: .paragraph))
                }
            }
            description.append(nodes, of: cleaned.nodes)
        }
        description.close()
    }

    /// What parts two lines of a description, weakest first.
    enum Parting: Comparable {
        case softBreak, lineBreak, paragraph
    }

    /// Taskell's due line: `@ 2026-05-20`, or `@ 2026-05-20 14:00 UTC` (Taskell writes times in UTC).
    static func taskellDue(_ text: String) -> (CalendarDate, TimeOfDay?)? {
        let trimmed = Substring(text).trimmingSpaces
        guard trimmed.utf8.first == UInt8(ascii: "@"), trimmed.hasPrefix("@ ") else { return nil }
        var value = trimmed.dropFirst(2).trimmingSpaces
        if value.hasSuffix(" UTC") { value = value.dropLast(4) }
        return DateFormat.date(value)
    }

    /// A block of the card: paragraphs are read for fields and tokens, VS Code property lists become metadata,
    /// task items become subtasks; the rest is kept as it is.
    mutating func block(_ index: Int, in markdown: Markdown, into description: inout Markdown.Builder) {
        let node = markdown.nodes[index]
        switch node.kind {
        case .paragraph:
            paragraph(lines(of: index, in: markdown), in: markdown, into: &description)
        case .list:
            if propertyList(index, in: markdown, into: &description) { return }
            collectSubtasks(in: markdown, nodes: index..<markdown.nodes[index].end)
            description.append(subtree: index, of: markdown)
        case .blockQuote where quoteEndingInTaskellDue(index, in: markdown, into: &description):
            return
        default:
            collectSubtasks(in: markdown, nodes: index..<markdown.nodes[index].end)
            description.append(subtree: index, of: markdown)
        }
    }

    /// Taskell's `@ date` line right under a `> description` line (Taskell writes each on a line of its own, in any
    /// order; Markdown reads the `@` line as a lazy continuation of the quote): the card's deadline, as it is under a
    /// line that is no quote, and the quote without it. False when the quote does not end in one (then it is left
    /// alone).
    mutating func quoteEndingInTaskellDue(_ quote: Int, in markdown: Markdown, into description: inout Markdown.Builder)
        -> Bool
    {
        guard let paragraph = markdown.children(of: quote).reversed().first,
            markdown.nodes[paragraph].kind == .paragraph, markdown.nodes[paragraph].end == markdown.nodes[quote].end,
            let due = lines(of: paragraph, in: markdown).last, due.breakBefore == .softBreak,
            let first = due.nodes.first, due.nodes.allSatisfy({ markdown.nodes[$0].kind == .text }),
            !reader.source.line(due.line).trimmingWhitespace.hasPrefix(">"),
            let (date, time) = Self.taskellDue(CardField.plainLine(due.nodes, in: markdown))
        else { return false }
        let plain = CardField.plainLine(due.nodes, in: markdown)
        draft.addDeadline(
            date, time: time, text: String(plain.dropFirst(2)),
            at: SourceLocation(line: due.line, column: column(of: first, in: markdown)))
        droppedLines.insert(due.line)
        collectSubtasks(in: markdown, nodes: quote..<markdown.nodes[quote].end)
        var node = markdown.nodes[quote]
        node.end = 0
        description.openNode(node)
        description.append((quote + 1)..<paragraph, of: markdown.nodes)
        var text = markdown.nodes[paragraph]
        text.end = 0
        description.openNode(text)
        // The paragraph's lines before the soft break that ends the line above the `@` line.
        description.append((paragraph + 1)..<(first - 1), of: markdown.nodes)
        description.close()
        description.close()
        return true
    }

    /// Reads a VS Code Markdown Kanban property list (`- due: …`, `- tags: [a, b]`, `- steps:` with a task list): a
    /// list of properties, or one that starts with one of the extension's own (`due`, `tags`, `priority` …), whose
    /// other items (a note among them) stay in the description, as a list. False when the list is not one (then it
    /// is left alone).
    mutating func propertyList(_ list: Int, in markdown: Markdown, into description: inout Markdown.Builder) -> Bool {
        let items = Array(markdown.children(of: list))
        let properties = Self.readable(
            items.map { property($0, in: markdown) }, isVSCode: { isVSCodeProperty(items[$0], in: markdown) },
            isBold: { isBoldProperty(items[$0], in: markdown) }, isKey: { startsWithKey(items[$0], in: markdown) },
            plainKeyLines: { items.map { CardField.plainKeyLine($0, in: markdown) } })
        guard properties.contains(where: { $0 != nil }) else { return false }
        // A value not read for its key (`- **Completed**: finished and tested`) stays in the description, as written.
        let read = properties.map { $0.flatMap { CardField.reads($0.0, value: $0.1) ? $0 : nil } }
        for (item, property) in zip(items, read) {
            if let property { apply(property, item: item, in: markdown, into: &description) }
        }
        let others = zip(items, read).filter { $0.1 == nil }.map(\.0)
        guard !others.isEmpty else { return true }
        var node = markdown.nodes[list]
        node.end = 0
        description.openNode(node)
        for item in others {
            collectSubtasks(in: markdown, nodes: item..<markdown.nodes[item].end)
            description.append(subtree: item, of: markdown)
        }
        description.close()
        return true
    }

    /// A run of top-level list items under a heading card: its properties when the first item is one (the other
    /// items stay in the description), else a list in its description.
    mutating func items(_ segments: [MarkdownSegment], into description: inout Markdown.Builder) {
        let found = segments.map { segment -> (CardField, Substring, Int)? in
            base = segment.line - 1
            return property(0, in: segment.markdown)
        }
        let properties = Self.readable(
            found, isVSCode: { isVSCodeProperty(0, in: segments[$0].markdown) },
            isBold: { isBoldProperty(0, in: segments[$0].markdown) },
            isKey: { startsWithKey(0, in: segments[$0].markdown) },
            plainKeyLines: { segments.map { CardField.plainKeyLine(0, in: $0.markdown) } })
        var others = segments
        if properties.contains(where: { $0 != nil }) {
            let read = properties.map { $0.flatMap { CardField.reads($0.0, value: $0.1) ? $0 : nil } }
            for (segment, property) in zip(segments, read) {
                guard let property else { continue }
                base = segment.line - 1
                apply(property, item: 0, in: segment.markdown, into: &description)
            }
            others = zip(segments, read).filter { $0.1 == nil }.map(\.0)
            guard !others.isEmpty else { return }
        }
        let list = Markdown.joining(others) { reader.source.isBlank($0) }
        collectSubtasks(in: list)
        description.append(list)
    }

    /// The items of a list read as properties: every one, when all are; else, when the first is written as a
    /// property (as VS Code writes them, or with a bold key: `- **Priority:** High`), or every item starts with a key
    /// (`- **Issue**: #12`, `- **Due**: …`), or the items are plain keys (their first lines, `plainKeyLines`, make
    /// a `CardField.isPlainPropertyList`), those with a known key (the others, a note among them, stay in the
    /// description, and so do keys pm-render does not show, `**Status:**`, unless VS Code wrote them); else none.
    /// `isVSCode`, `isBold` and `isKey` tell by index.
    private static func readable(
        _ properties: [(CardField, Substring, Int)?], isVSCode: (Int) -> Bool, isBold: (Int) -> Bool,
        isKey: (Int) -> Bool, plainKeyLines: () -> [Substring?]
    ) -> [(CardField, Substring, Int)?] {
        // All read, or none (which no rule below changes: they only take properties away).
        guard properties.contains(where: { $0 == nil }), properties.contains(where: { $0 != nil }) else {
            return properties
        }
        // The "Markdown Kanban & Roadmap" extension starts a card's VS Code properties with `- id: T-4`.
        let startsWithID = properties.first??.0 == .id && properties.indices.dropFirst().contains(where: isVSCode)
        let startsWithProperty = properties.first.flatMap({ $0 }) != nil && (isVSCode(0) || isBold(0) || startsWithID)
        let known = properties.count { $0 != nil }
        let certain = properties.contains { $0.map { CardField.isCertain($0.0, value: $0.1) } ?? false }
        // (`isPlainPropertyList` wants three lines and two known keys, or one beyond doubt: the lines are not made
        // for fewer.)
        guard
            startsWithProperty || properties.indices.allSatisfy(isKey)
                || (properties.count >= 3 && (known >= 2 || certain)
                    && CardField.isPlainPropertyList(plainKeyLines(), known: known, certain: certain))
        else {
            return properties.map { _ in nil }
        }
        return properties.indices.map { properties[$0]?.0 == .ignored && !isVSCode($0) ? nil : properties[$0] }
    }

    /// Whether an item's first line starts with a bold key (`**Priority:** High`).
    private func isBoldProperty(_ item: Int, in markdown: Markdown) -> Bool {
        guard let paragraph = markdown.children(of: item).first, markdown.nodes[paragraph].kind == .paragraph,
            let first = Self.keyNodes(Array(markdown.children(of: paragraph)), in: markdown).first
        else { return false }
        return markdown.nodes[first].kind == .strong
    }

    /// Whether an item (not a task) starts with a bold key (`CardField.startsWithBoldKey`).
    private func startsWithKey(_ item: Int, in markdown: Markdown) -> Bool {
        guard !markdown.nodes[item].flags.contains(.task), isBoldProperty(item, in: markdown),
            let paragraph = markdown.children(of: item).first, let line = lines(of: paragraph, in: markdown).first,
            let text = CardField.lineText(Self.keyNodes(line.nodes, in: markdown), in: markdown)
        else { return false }
        return CardField.startsWithBoldKey(Substring(text))
    }

    /// A line's nodes from its first with text: a task box read as the card's own (`BoardReader.boxOpensFields`)
    /// leaves an empty text before the key.
    private static func keyNodes(_ nodes: [Int], in markdown: Markdown) -> [Int] {
        Array(nodes.drop { markdown.nodes[$0].kind == .text && markdown.nodes[$0].text.isEmpty })
    }

    /// Whether an item is `key: value` with one of VS Code Markdown Kanban's keys.
    private func isVSCodeProperty(_ item: Int, in markdown: Markdown) -> Bool {
        guard let paragraph = markdown.children(of: item).first, markdown.nodes[paragraph].kind == .paragraph,
            let line = lines(of: paragraph, in: markdown).first
        else { return false }
        return CardField.isVSCodeProperty(Substring(CardField.plainLine(line.nodes, in: markdown)))
    }

    /// An item `key: value` with a known key: (field, value, line).
    private func property(_ item: Int, in markdown: Markdown) -> (CardField, Substring, Int)? {
        guard !markdown.nodes[item].flags.contains(.task),
            let paragraph = markdown.children(of: item).first,
            markdown.nodes[paragraph].kind == .paragraph
        else { return nil }
        let firstLine = lines(of: paragraph, in: markdown).first
        let nodes = Self.keyNodes(firstLine?.nodes ?? [], in: markdown)
        // A bold key (`- **Due:** 2026-05-11`) as in a field line.
        let text = CardField.lineText(nodes, in: markdown) ?? CardField.plainLine(nodes, in: markdown)
        guard let (field, value) = CardField.parse(Substring(text)) else { return nil }
        return (field, value, firstLine?.line ?? base + markdown.nodes[item].line)
    }

    private mutating func apply(
        _ property: (CardField, Substring, Int), item: Int, in markdown: Markdown,
        into description: inout Markdown.Builder
    ) {
        let (field, value, line) = property
        droppedLines.insert(line)
        // VS Code Markdown Kanban keeps a task's description in a ```md block inside its property list.
        for child in markdown.children(of: item) where markdown.nodes[child].kind == .codeBlock {
            let info = markdown.nodes[child].detail.split(separator: " ").first?.lowercased()
            guard info == "md" || info == "markdown" else { continue }
            let text = Array(markdown.nodes[child].text.utf8)
            let pieces = text.withUnsafeBufferPointer {
                MarkdownParser.segments($0, firstLine: base + markdown.nodes[child].line + 1)
            }
            description.append(Markdown.joining(pieces) { _ in false })
            // The description's source is what the fence holds, without the fence's own lines.
            let opening = base + markdown.nodes[child].line
            droppedLines.insert(opening)
            blockBreaks.insert(opening)
            let closing = opening + text.count { $0 == 0x0A } + 1
            let fence = reader.source.line(opening).trimmingWhitespace.prefix(1)
            if closing <= reader.source.lineCount, reader.source.line(closing).trimmingWhitespace.hasPrefix(fence) {
                droppedLines.insert(closing)
            }
        }
        if field == .steps {
            // The steps' own list, nested in the item, is the card's checklist.
            for child in markdown.children(of: item) where markdown.nodes[child].kind == .list {
                collectSubtasks(in: markdown, nodes: child..<markdown.nodes[child].end, stepsCount: true)
                description.append(subtree: child, of: markdown)
            }
            return
        }
        draft.add(field, value: value, at: SourceLocation(line: line, column: 1), dateFormat: reader.dateFormat)
    }

    /// Every task item in `markdown` is a subtask (VS Code steps count even without a checkbox).
    /// `range`: the nodes to look in (a node's subtree, `index..<nodes[index].end`), else all.
    mutating func collectSubtasks(in markdown: Markdown, nodes range: Range<Int>? = nil, stepsCount: Bool = false) {
        for index in range ?? markdown.nodes.indices where markdown.nodes[index].kind == .item {
            let node = markdown.nodes[index]
            guard node.flags.contains(.task) || stepsCount else { continue }
            let paragraph = markdown.children(of: index).first(where: { markdown.nodes[$0].kind == .paragraph })
            let title = (paragraph.map { markdown.plainText(of: $0) } ?? "").trimmingWhitespace
            // A box with nothing beside it (Taskell leaves `* [ ]` behind) is no subtask.
            guard !title.isEmpty else { continue }
            draft.subtasks.append(Subtask(title: title, isDone: node.flags.contains(.checked)))
        }
    }

    func column(of node: Int?, in markdown: Markdown) -> Int {
        guard let node, markdown.nodes[node].line > 0, markdown.nodes[node].byteColumn > 0 else { return 1 }
        return reader.source.column(line: base + markdown.nodes[node].line, byteColumn: markdown.nodes[node].byteColumn)
    }

    // MARK: Finishing

    mutating func finish(
        title titleMarkup: Markdown, description: Markdown, style: Card.Style, location: SourceLocation,
        titleLine: Int, endLine: Int, indent: Int, isChecked: Bool
    ) -> CardReader.Reading {
        var titleMarkup = titleMarkup
        var description = description
        var title = TextCleaning.collapseWhitespace(titleMarkup.inlineText)
        if titleIsTags || title.isEmpty, style == .listItem, let first = description.roots.first,
            description.nodes[first].kind == .heading, description.nodes[first].line > 0,
            base + description.nodes[first].line == titleLine + 1,
            !TextCleaning.collapseWhitespace(description.plainText(of: first)).isEmpty
        {
            // `- [ ] #bug #mobile` over `# Mobile Bug` (the next line): the heading is the title, read as a title is
            // (its tokens are metadata); the tags stay the card's.
            titleMarkup = self.title(Array(description.children(of: first)), in: description, line: titleLine + 1)
            title = TextCleaning.collapseWhitespace(titleMarkup.inlineText)
            droppedLines.insert(titleLine + 1)
            var rest = Markdown.Builder()
            for root in description.roots where root != first { rest.append(subtree: root, of: description) }
            description = rest.markdown
        }
        if title.isEmpty, let first = description.roots.first(where: { description.nodes[$0].kind == .paragraph }) {
            // No title line but a description: its first line is the title.
            var lines = self.lines(of: first, in: description)
            let head = lines.removeFirst()
            titleMarkup = InlineCleaner.trimmed(description.slice(nodesRange(head.nodes, in: description)))
            title = TextCleaning.collapseWhitespace(titleMarkup.inlineText)
            var rest = Markdown.Builder()
            if !lines.isEmpty {
                rest.openNode(Markdown.Node(kind: .paragraph))
                for (index, line) in lines.enumerated() {
                    if index > 0 { rest.leaf(Markdown.Node(kind: .softBreak)) }
                    rest.append(description.slice(nodesRange(line.nodes, in: description)))
                }
                rest.close()
            }
            for root in description.roots where root != first { rest.append(subtree: root, of: description) }
            description = rest.markdown
        }
        if title.isEmpty, let first = description.roots.first, description.nodes[first].kind != .paragraph {
            // An item that starts with a list, a quote or code (`- - patroller`, `- > note`): the first line of it is
            // the title, and all of it stays the description, so that nothing written is lost.
            let inside = (first..<description.nodes[first].end).first {
                [.paragraph, .heading, .codeBlock].contains(description.nodes[$0].kind)
            }
            titleFromBlock = true
            if let inside, description.nodes[inside].kind == .codeBlock {
                let line = description.nodes[inside].text.split(whereSeparator: \.isNewline).first {
                    !$0.allSatisfy(\.isWhitespace)
                }
                title = TextCleaning.collapseWhitespace(String(line ?? ""))
                titleMarkup = Markdown(nodes: [Markdown.Node(kind: .text, end: 1, text: title)])
            } else if let inside, let line = self.lines(of: inside, in: description).first {
                titleMarkup = InlineCleaner.trimmed(description.slice(nodesRange(line.nodes, in: description)))
                title = TextCleaning.collapseWhitespace(titleMarkup.inlineText)
            }
        }
        let (due, dueLocation, explicitID) = draft.resolve()
        var problems = draft.problems
        let dates = draft.dates
        if title.isEmpty,
            let date = due?.description
                ?? [dates.scheduled, dates.start, dates.created, dates.completed].lazy.compactMap({ $0 }).first?
                .description
        {
            // A card that is only a date (`- @{2026-03-01}`, `- [ ] 📅 2026-03-01`): the date is its title, as a
            // plain `- 2026-03-01` is (a day's entry of a log, a meeting), and stays its date.
            title = date
            titleMarkup = Markdown(nodes: [Markdown.Node(kind: .text, end: 1, text: title)])
        }
        if title.isEmpty, explicitID == nil {
            problems.append((.emptyCard, location))
            return CardReader.Reading(
                card: Card(id: "", title: "", state: .todo, location: location), problems: problems)
        }
        let length = title.unicodeScalars.count
        if length > CardReader.maximumTitleLength {
            problems.append((.titleTooLong(length: length, limit: CardReader.maximumTitleLength), location))
            title = String(String.UnicodeScalarView(title.unicodeScalars.prefix(CardReader.maximumTitleLength))) + "…"
            titleMarkup = Markdown(nodes: [Markdown.Node(kind: .text, end: 1, text: title)])
        }
        var last = max(endLine, location.line)
        // Obsidian's settings block written right under the card (no blank line) is not the card's.
        if let settingsLine, settingsLine <= last { last = settingsLine - 1 }
        while last > location.line, reader.source.isBlank(last) { last -= 1 }
        let card = Card(
            id: explicitID ?? Slug.make(title), explicitID: explicitID, title: title, titleMarkup: titleMarkup,
            description: description,
            descriptionSource: descriptionSource(after: titleLine, through: last, indent: indent),
            lane: placement?.lane ?? "", state: placement?.state ?? .todo, isChecked: isChecked, due: due,
            dates: draft.dates, extras: draft.extras, tags: draft.tags, priority: draft.priority,
            assignees: draft.assignees, subtasks: draft.subtasks, group: placement?.group, style: style,
            titleLines: titleLines, location: location, endLine: last, dueLocation: dueLocation)
        return CardReader.Reading(card: card, problems: problems)
    }

    /// The description's source: what follows the title (on its line after a `<br>`, and the card's lines after
    /// it, de-indented), metadata-only lines left out.
    func descriptionSource(after titleLine: Int, through last: Int, indent: Int) -> String {
        var text: [UInt8] = []
        var runs = 0
        var run: (Int, Int)?
        var blankBefore = false
        func flush() {
            if let (first, end) = run {
                if runs > 0 { text += blankBefore ? [0x0A, 0x0A] : [0x0A] }
                let lines = (lo: max(first, 1), hi: min(end, reader.source.lineCount))
                if lines.lo <= lines.hi {
                    reader.source.append(lines: lines.lo, through: lines.hi, removingIndent: indent, to: &text)
                }
                runs += 1
                blankBefore = false
            }
            run = nil
        }
        if titleLine < last {
            for line in (titleLine + 1)...last {
                if droppedLines.contains(line), !keptLines.contains(line) {
                    flush()
                    if blockBreaks.contains(line) { blankBefore = true }
                } else if let (first, _) = run {
                    run = (first, line)
                } else {
                    run = (line, line)
                }
            }
        }
        flush()
        // Blank lines around it go, not the first line's indentation (a nested list keeps its shape).
        let after = Self.withoutBlankEdges(Self.dedented(text))
        if titleFromBlock {
            let first = reader.source.line(titleLine, fromByteColumn: indent + 1).trimmingWhitespace
            return after.isEmpty ? first : first + "\n" + after
        }
        guard let column = titleLineBreak, keptLines.contains(titleLine) else { return after }
        // The rest of the title's line, from just past the `<br>` tag.
        let rest = reader.source.line(titleLine, fromByteColumn: column)
        guard let close = rest.utf8.firstIndex(of: UInt8(ascii: ">")) else { return after }
        var onTitleLine = String(rest[rest.utf8.index(after: close)...]).trimmingWhitespace
        // `Title<br><br>Text`: the description starts at its text.
        while onTitleLine.hasPrefix("<"), let end = onTitleLine.firstIndex(of: ">"),
            MarkdownParser.isLineBreakTag(String(onTitleLine[...end]))
        {
            onTitleLine = String(onTitleLine[onTitleLine.index(after: end)...]).trimmingWhitespace
        }
        return after.isEmpty ? onTitleLine : onTitleLine + "\n" + after
    }

    /// The text without its leading blank lines and trailing whitespace (on bytes: this runs for every card).
    static func withoutBlankEdges(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
            var start = 0
            var index = 0
            while index < bytes.count, isBlank(bytes[index]) {
                if bytes[index] == 0x0A { start = index + 1 }
                index += 1
            }
            if index == bytes.count { return "" }
            var end = bytes.count
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            if start == 0, end == bytes.count { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        } ?? text
    }

    /// The text without the indentation all its non-blank lines share (Taskell indents a card's lines by four
    /// spaces, VS Code's steps by six, some boards by tabs), so that it reads as the same Markdown on its own. The
    /// shared indentation is the spaces and tabs every non-blank line starts with, alike.
    static func dedented(_ text: [UInt8]) -> String {
        // Counted on bytes, which is counting characters unless the indentation is followed by a combining mark
        // (then the text takes the slower path, on characters).
        var common: ArraySlice<UInt8>?
        var lineStart = 0
        while lineStart <= text.count {
            let lineEnd = text[lineStart...].firstIndex(of: 0x0A) ?? text.count
            var end = lineStart
            while end < lineEnd, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
            if end > lineStart, end < lineEnd, text[end] >= 0x80 {
                return dedented(String(decoding: text, as: UTF8.self))
            }
            if end < lineEnd {
                let indent = text[lineStart..<end]
                common = common.map { $0.prefix(zip($0, indent).prefix { $0 == $1 }.count) } ?? indent
            }
            lineStart = lineEnd + 1
        }
        guard let common, !common.isEmpty else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        lineStart = 0
        while lineStart <= text.count {
            let lineEnd = text[lineStart...].firstIndex(of: 0x0A) ?? text.count
            // A blank line loses what it has of the indentation.
            let start = lineStart + zip(common, text[lineStart..<lineEnd]).prefix { $0 == $1 }.count
            if lineStart > 0 { out.append(0x0A) }
            out += text[start..<lineEnd]
            lineStart = lineEnd + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `dedented` on characters.
    static func dedented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " || $0 == "\t" } }
        guard var common = indents.first else { return text }
        for indent in indents.dropFirst() { common = common.prefix(zip(common, indent).prefix { $0 == $1 }.count) }
        guard !common.isEmpty else { return text }
        return lines.map { $0.dropFirst(zip(common, $0).prefix { $0 == $1 }.count) }.joined(separator: "\n")
    }

    private func nodesRange(_ nodes: [Int], in markdown: Markdown) -> Range<Int> {
        guard let first = nodes.first, let last = nodes.last else { return 0..<0 }
        return first..<markdown.nodes[last].end
    }
}

/// Removes token markers from inline content and records what they say.
private struct InlineCleaner {
    /// Tags are removed from titles (shown as chips) and kept in descriptions.
    let removeTags: Bool
    /// Whether tokens are added to the card (false when a title is read again).
    var recordTokens = true
    var sawTags = false
    /// Whether anything but tags, dates and other metadata was kept (else the line held only metadata).
    var keptWords = false
    /// How many dates, first to last, are text (in a description's line, those with words after them).
    var textDates = 0
    /// How many dates were met, and how many of them before the last words.
    var dateCount = 0
    var datesBeforeWords = 0

    init(removeTags: Bool, recordTokens: Bool = true) {
        self.removeTags = removeTags
        self.recordTokens = recordTokens
    }

    mutating func clean(
        _ nodes: [Int], in markdown: Markdown, into builder: inout Markdown.Builder, state: inout ReadingState,
        depth: Int = 0
    ) {
        var skipNext = false
        for (position, index) in nodes.enumerated() {
            if skipNext {
                skipNext = false
                continue
            }
            let node = markdown.nodes[index]
            switch node.kind {
            case .text:
                var text = node.text
                // `@[[2026-05-10]]` or `@[2026-05-10](…)`: Obsidian's date linked to a daily note.
                let trigger = state.reader.dateTrigger
                if position + 1 < nodes.count, text.utf8.last == trigger.utf8.last, text.hasSuffix(trigger),
                    let date = Self.linkedDate(nodes[position + 1], in: markdown, format: state.reader.dateFormat)
                {
                    let isRead = dateCount >= textDates
                    // (Where the date's trigger is written: `--due` rewrites the token there.)
                    let at = location(
                        node, in: state, offset: text.unicodeScalars.count - trigger.unicodeScalars.count)
                    if isRead { text.removeLast(trigger.count) }
                    cleanText(text, node: node, into: &builder, state: &state)
                    dateCount += 1
                    if isRead, recordTokens {
                        state.draft.addDeadline(date, time: nil, text: date.description, at: at)
                    }
                    skipNext = isRead
                    continue
                }
                cleanText(text, node: node, into: &builder, state: &state)
            case .emphasis, .strong, .highlight, .strikethrough:
                guard depth < 50 else {
                    builder.append(subtree: index, of: markdown)
                    continue
                }
                let start = builder.nodes.count
                builder.openNode(node)
                clean(
                    Array(markdown.children(of: index)), in: markdown, into: &builder, state: &state, depth: depth + 1)
                builder.close()
                if builder.nodes.count == start + 1 { builder.nodes.removeLast() }
            default:
                if node.kind != .softBreak, node.kind != .lineBreak { keptWord() }
                builder.append(subtree: index, of: markdown)
            }
        }
    }

    /// The date a wikilink or a link names (`[[2026-05-10]]`, `[May 10th, 2026](…)`, a daily note's heading or block
    /// `[[2026-05-10#^a1b2]]`).
    private static func linkedDate(_ index: Int, in markdown: Markdown, format: DateFormat?) -> CalendarDate? {
        let node = markdown.nodes[index]
        let text: String
        switch node.kind {
        case .wikilink:
            text = CardTokens.linkedDateText(target: node.text, label: node.detail)
        case .link: text = markdown.plainText(of: index)
        default: return nil
        }
        return DateFormat.date(Substring(text), preferred: format)?.0
    }

    private func location(_ node: Markdown.Node, in state: ReadingState, offset: Int) -> SourceLocation {
        guard node.line > 0 else { return SourceLocation(line: state.base + 1, column: 1) }
        let line = state.base + node.line
        let column = node.byteColumn > 0 ? state.reader.source.column(line: line, byteColumn: node.byteColumn) : 1
        return SourceLocation(line: line, column: column + offset)
    }

    private mutating func cleanText(
        _ text: String, node: Markdown.Node, into builder: inout Markdown.Builder, state: inout ReadingState
    ) {
        var kept = ""
        if CardTokens.mayHoldTokens(text, triggers: state.reader.triggers) {
            for piece in CardTokens.scan(text, triggers: state.reader.triggers) {
                switch piece {
                case .text(let plain):
                    if plain.unicodeScalars.contains(where: { !$0.isSpaceLike }) { keptWord() }
                    kept += plain
                case .token(let token, let raw, let offset):
                    let at = location(node, in: state, offset: offset)
                    if !apply(token, raw: raw, at: at, state: &state) {
                        switch token {
                        case .tag: break
                        // A date not read stays as written, but is no word after a date (`@{30-04-2024}`, whose
                        // format the board's other dates may settle, then `@@{12:00}`).
                        case .date, .time, .emojiDate: keptWords = true
                        default: keptWord()
                        }
                        kept += raw
                    }
                }
            }
        } else {
            if text.unicodeScalars.contains(where: { !$0.isSpaceLike }) { keptWord() }
            kept = text
        }
        let collapsed = TextCleaning.collapseSpaces(kept)
        if !collapsed.isEmpty {
            builder.leaf(Markdown.Node(kind: .text, text: collapsed, line: node.line, byteColumn: node.byteColumn))
        }
    }

    /// Notes words kept: the dates met so far are before them.
    private mutating func keptWord() {
        keptWords = true
        datesBeforeWords = dateCount
    }

    /// Records a token; returns whether its marker is removed from the text.
    private mutating func apply(_ token: CardToken, raw: String, at location: SourceLocation, state: inout ReadingState)
        -> Bool
    {
        // A list of fields (`(prio: High, owner: ai)`) is its fields; its text goes when each of them goes.
        if case .fields(let tokens) = token {
            var removed = true
            for field in tokens where !apply(field, raw: raw, at: location, state: &state) { removed = false }
            return removed
        }
        if case .tag = token { sawTags = true }
        switch token {
        case .date, .time, .emojiDate:
            dateCount += 1
            guard dateCount > textDates else { return false }
        default: break
        }
        // A title read a second time (to keep its tags) records nothing again: it changes a copy. Otherwise the draft
        // is moved out of `state` while it changes, so that recording a token never copies every tag read before.
        var draft = CardDraft()
        if recordTokens { swap(&draft, &state.draft) } else { draft = state.draft }
        defer { if recordTokens { swap(&draft, &state.draft) } }
        switch token {
        case .date(let value):
            // Obsidian reads its dates leniently (moment.js): `@{📅 2023-09-30}` is a date, what is around it ignored.
            guard
                let (date, time) = DateFormat.date(Substring(value), preferred: state.reader.dateFormat)
                    ?? DateFormat.date(
                        Substring(value).drop { !$0.isLetter && !$0.isNumber }, preferred: state.reader.dateFormat)
            else {
                draft.problems.append((.invalidDeadline(value), location))
                return false
            }
            draft.addDeadline(date, time: time, text: value, at: location)
            return true
        case .time(let value):
            let time = state.reader.timeFormat?.parseTime(Substring(value)) ?? TimeOfDay(text: Substring(value))
            guard let time else {
                draft.problems.append((.invalidTime(value), location))
                return false
            }
            draft.pendingTime = (time, location)
            // A time completes the date written before it.
            if let last = draft.deadlines.indices.last, draft.deadlines[last].0.time == nil {
                let (deadline, text, written) = draft.deadlines[last]
                draft.deadlines[last] = (Deadline(date: deadline.date, time: time), text + " " + value, written)
            }
            return true
        case .emojiDate(let kind, let value):
            guard let (date, time) = DateFormat.date(Substring(value)) else {
                // A bad due date leaves the card without a deadline; the other dates are only information.
                draft.problems.append((kind == .due ? .invalidDeadline(value) : .invalidDate(value), location))
                return false
            }
            switch kind {
            case .due: draft.addDeadline(date, time: time, text: value, at: location)
            case .scheduled: draft.dates.scheduled = date
            case .start: draft.dates.start = date
            case .created: draft.dates.created = date
            case .completed: draft.dates.completed = date
            case .cancelled: break
            }
            return true
        case .priority(let priority):
            draft.priority = priority
            return true
        case .recurrence(let rule):
            if !rule.isEmpty { draft.extras.recurrence = rule }
            return true
        case .dependency(let ids):
            for id in ids.split(separator: ",").map({ String($0.trimmingSpaces) })
            where !draft.extras.dependsOn.contains(id) {
                draft.extras.dependsOn.append(id)
            }
            return true
        case .tag(let name):
            draft.addTag(name)
            return removeTags
        case .blockID(let id), .id(let id):
            draft.addID(id, at: location)
            return true
        case .assignee(let names):
            for name in names.split(separator: ",") { draft.addAssignee(String(name)) }
            return true
        case .field(let key, let value):
            // Unknown Dataview fields leave a title (they are not its words) and are shown beside it; in a
            // description they stay where they are written.
            if removeTags { draft.extras.fields.append(CardExtras.Field(key: key, value: value)) }
            return removeTags
        case .fields:
            return true
        }
    }

    /// Inline content without leading and trailing whitespace.
    static func trimmed(_ markdown: consuming Markdown) -> Markdown {
        var copy = markdown
        trim(&copy.nodes, from: 0)
        return copy
    }

    /// `trimmed`, in place, for the inline content that `nodes` holds from `start` on (whole subtrees, their ends
    /// counted in `nodes`).
    static func trim(_ nodes: inout [Markdown.Node], from start: Int) {
        // (A node is written only when its text changes: most lines have no edge spaces, and a write copies the
        // nodes of a value shared with its builder.)
        if start < nodes.count, nodes[start].kind == .text, let text = nodes[start].text.withoutLeadingSpaces {
            nodes[start].text = text
        }
        var lastRoot: Int?
        var root = start
        while root < nodes.count {
            lastRoot = root
            root = nodes[root].end
        }
        if let last = lastRoot, nodes[last].kind == .text, let text = nodes[last].text.withoutTrailingSpaces {
            nodes[last].text = text
        }
        Markdown.removeEmptyText(&nodes, from: start)
    }
}

extension Markdown {
    /// The same content without empty text nodes.
    func removingEmptyText() -> Markdown {
        var copy = self
        Self.removeEmptyText(&copy.nodes, from: 0)
        return copy
    }

    /// Takes the empty text nodes out of `nodes` from `start` on (whole subtrees, their ends counted in `nodes`), in
    /// place: each node left moves down by the empty ones before it, and its end by those before its end.
    static func removeEmptyText(_ nodes: inout [Node], from start: Int) {
        guard nodes[start...].contains(where: { $0.kind == .text && $0.text.isEmpty }) else { return }
        // How many nodes from `start` up to each index are taken out.
        var removedBefore = Array(repeating: 0, count: nodes.count - start + 1)
        var removed = 0
        for index in start..<nodes.count {
            removedBefore[index - start] = removed
            if nodes[index].kind == .text, nodes[index].text.isEmpty { removed += 1 }
        }
        removedBefore[nodes.count - start] = removed
        var kept = start
        for index in start..<nodes.count where !(nodes[index].kind == .text && nodes[index].text.isEmpty) {
            var node = nodes[index]
            node.end -= removedBefore[node.end - start]
            nodes[kept] = node
            kept += 1
        }
        nodes.removeSubrange(kept...)
    }
}

/// Clean-up of displayed text: whitespace, and brackets a title's tags left empty.
enum TextCleaning {
    private static let closing: [Unicode.Scalar: Unicode.Scalar] = ["(": ")", "[": "]", "\u{FF08}": "\u{FF09}"]

    /// Takes out brackets that hold nothing but spaces and stand apart (`Fix ( )` → `Fix`; `call()` keeps its
    /// brackets), with the space before them (or after them at the start of the text); whether there were any.
    static func removeEmptyBrackets(_ scalars: inout [Unicode.Scalar]) -> Bool {
        var changed = false
        var at = 0
        while at < scalars.count {
            guard let close = closing[scalars[at]], at == 0 || scalars[at - 1] == " " else {
                at += 1
                continue
            }
            var end = at + 1
            while end < scalars.count, scalars[end] == " " { end += 1 }
            guard end < scalars.count, scalars[end] == close else {
                at += 1
                continue
            }
            var start = at
            end += 1
            if start > 0 { start -= 1 } else if end < scalars.count, scalars[end] == " " { end += 1 }
            scalars.removeSubrange(start..<end)
            changed = true
            at = start
        }
        return changed
    }

    /// Runs of whitespace become one space; leading and trailing whitespace is dropped.
    static func collapseWhitespace(_ text: String) -> String {
        if isCollapsed(text) { return text }
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

    /// Whether `text` is ASCII without edge spaces, runs of spaces or other whitespace (most titles): nothing to do.
    private static func isCollapsed(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.first != 0x20, bytes.last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 || (0x09...0x0D).contains(byte) || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        return true
    }

    /// Runs of spaces (left where tokens were removed) become one space; edges are kept.
    static func collapseSpaces(_ text: String) -> String {
        var previous: UInt8 = 0
        let needed = text.containsByte { byte in
            defer { previous = byte }
            return byte == 0x09 || (byte == 0x20 && previous == 0x20)
        }
        guard needed else { return text }
        var out = String.UnicodeScalarView()
        var previousSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar == " " || scalar == "\t"
            if isSpace, previousSpace { continue }
            out.append(isSpace ? " " : scalar)
            previousSpace = isSpace
        }
        return String(out)
    }
}

extension ReadingState {
    /// Reads a card's block of YAML (see `CardReader.yamlBlockLines`): its `title` is the title, read as a title line
    /// is; its `description` starts the description; the keys of known fields are those fields (`due_date` as `due
    /// date`, `priority`, `tags`, `id`); the other keys with a value are fields shown as written (`status: backlog`:
    /// the lane says the state). Returns the title.
    mutating func yamlBlock(_ lines: [CardReader.YAMLLine], into description: inout Markdown.Builder) -> Markdown {
        var title = Markdown()
        // The closing `---`, and a rule that doubles it.
        var next = (lines.last?.line ?? 0) + 1
        while next <= reader.source.lineCount {
            let text = Substring(reader.source.line(next)).trimmingSpaces
            guard text.isEmpty || (text.count >= 3 && text.allSatisfy { $0 == "-" }) else { break }
            droppedLines.insert(next)
            next += 1
        }
        for line in lines {
            droppedLines.insert(line.line)
            let key = line.key.lowercased().replacingOccurrences(of: "_", with: " ")
            let location = SourceLocation(
                line: line.line, column: reader.source.column(line: line.line, byteColumn: line.byteColumn))
            func text() -> Markdown {
                var builder = Markdown.Builder()
                builder.openNode(Markdown.Node(kind: .paragraph))
                builder.leaf(
                    Markdown.Node(kind: .text, text: String(line.value), line: 1, byteColumn: line.byteColumn))
                builder.close()
                return builder.markdown
            }
            if key == "title" {
                let markdown = text()
                base = line.line - 1
                title = self.title(Array(markdown.children(of: 0)), in: markdown, line: line.line)
            } else if key == "description" {
                if !line.value.isEmpty { description.append(text()) }
            } else if let (field, value) = CardField.parse(Substring(key + ": " + line.value)), field != .steps,
                field != .ignored
            {
                draft.add(field, value: value, at: location, dateFormat: reader.dateFormat)
            } else if !line.value.isEmpty, !Placeholder.isValue(line.value) {
                draft.extras.fields.append(CardExtras.Field(key: String(line.key), value: String(line.value)))
            }
        }
        return title
    }
}
