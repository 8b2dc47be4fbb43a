/// Where the current top-level blocks of a board go.
enum BoardSection: Sendable {
    case preamble
    case column(CardState)
    case archive
    case ignored
}

/// A card's blocks, found in a section and not read yet.
enum CardSource: Sendable {
    /// A list item and the last line that belongs to it.
    case listItem(MarkdownBlock, lastLine: Int)
    /// A `###` heading, the blocks under it and its last line.
    case heading(MarkdownBlock, body: [MarkdownBlock], lastLine: Int)
}

/// A card as read, with the problems found in it, in file order.
struct CardReading: Sendable {
    var card: Card?
    var problems: [(Problem, SourceLocation)]
}

/// Reads cards from their blocks: title tokens, fields, description. A card's reading depends only on
/// its own blocks, so many cards are read side by side.
struct CardReader: Sendable {
    let source: SourceText
    let options: ParseOptions
    /// Lines before the Markdown body (the front matter), added to cmark's line numbers.
    let lineOffset: Int

    /// Sections with at least this many cards are read on several threads, in runs of `run` cards.
    static let concurrentMinimum = 256
    static let run = 64

    /// Reads every card of a section, in order.
    func read(_ sources: [CardSource], in tree: borrowing MarkdownTree, section: BoardSection) -> [CardReading] {
        @Sendable func read(_ source: CardSource) -> CardReading {
            var problems: [(Problem, SourceLocation)] = []
            let card: Card?
            switch source {
            case .listItem(let item, let lastLine):
                card = listCard(tree, item, lastLine: lastLine, section: section, problems: &problems)
            case .heading(let heading, let body, let lastLine):
                card = headingCard(tree, heading, body: body, lastLine: lastLine, section: section, problems: &problems)
            }
            return CardReading(card: card, problems: problems)
        }
        guard options.concurrently, sources.count >= Self.concurrentMinimum, Parallel.cores > 1 else { return sources.map(read) }
        // Each run of cards is read on one thread; cards share no cmark nodes, so the tree is only
        // read (and its text nodes' literals copied) in disjoint places.
        let runs = (sources.count + Self.run - 1) / Self.run
        let readings = Mutex([[CardReading]](repeating: [], count: runs))
        Parallel.forEach(runs) { run in
            let part = sources[(run * Self.run)..<min(sources.count, (run + 1) * Self.run)].map(read)
            readings.withLock { $0[run] = part }
        }
        return readings.withLock { $0 }.flatMap { $0 }
    }

    private func headingCard(_ tree: borrowing MarkdownTree, _ heading: MarkdownBlock, body: [MarkdownBlock],
                             lastLine: Int, section: BoardSection, problems: inout [(Problem, SourceLocation)]) -> Card? {
        let cardLocation = location(heading)
        var draft = CardDraft(location: cardLocation)
        draft.title = TitleTokens.collapseWhitespace(plainText(tree, heading))
        var descriptionBlocks = body[...]

        // A first paragraph whose first line is a known `Key: value` is the card's field block.
        if let first = body.first, case .paragraph = first.kind {
            let firstLine = first.line + lineOffset
            if case .field = FieldLine(Substring(source.line(firstLine))) {
                let lineCount = tree.lineCount(of: first.node)
                for line in firstLine..<(firstLine + lineCount) {
                    let text = Substring(source.line(line))
                    switch FieldLine(text) {
                    case .field(let field, let value, let offset):
                        draft.add(field, value: value, at: SourceLocation(line: line, column: offset + 1)) { problems.append(($0, $1)) }
                    case .unknownKey(let key):
                        problems.append((.unknownMetadataKey(String(key)), SourceLocation(line: line, column: indentColumn(text))))
                    case .notAField:
                        problems.append((.malformedMetadataLine(String(text.trimmingSpaces)), SourceLocation(line: line, column: indentColumn(text))))
                    }
                }
                descriptionBlocks = descriptionBlocks.dropFirst()
            }
        }

        var description = ""
        var html = ""
        var plain = ""
        if let first = descriptionBlocks.first {
            description = source.text(lines: first.line + lineOffset, through: lastLine, removingIndent: 0)
            if options.renderHTML {
                html = tree.renderHTML(descriptionBlocks)
                plain = tree.plainText(descriptionBlocks)
            }
        }
        return finish(draft, style: .heading, description: description, html: html, plain: plain, lastLine: lastLine, section: section,
                      problems: &problems)
    }

    private func listCard(_ tree: borrowing MarkdownTree, _ item: MarkdownBlock, lastLine: Int, section: BoardSection,
                          problems: inout [(Problem, SourceLocation)]) -> Card? {
        let cardLocation = location(item)
        var draft = CardDraft(location: cardLocation)
        let children = tree.children(of: item.node)
        var description = ""
        var html = ""
        var plain = ""
        let contentIndent: Int

        if let first = children.first, first.kind == .paragraph || { if case .heading = first.kind { return true }; return false }() {
            let titleLine = first.line + lineOffset
            contentIndent = first.byteColumn - 1
            // Token locations are found in the raw line (exact columns), searching from the previous token on.
            let rawLine = source.line(titleLine)
            var searchFrom = rawLine.unicodeScalars.index(rawLine.unicodeScalars.startIndex, offsetBy: min(first.byteColumn - 1, rawLine.unicodeScalars.count), limitedBy: rawLine.unicodeScalars.endIndex) ?? rawLine.startIndex
            let fallback = SourceLocation(line: titleLine, column: source.column(line: titleLine, byteColumn: first.byteColumn))
            let locate: (String) -> SourceLocation = { token in
                guard let range = rawLine.scalarRange(of: token, from: searchFrom) else { return fallback }
                searchFrom = range.upperBound
                return SourceLocation(line: titleLine, column: rawLine.unicodeScalars.distance(from: rawLine.startIndex, to: range.lowerBound) + 1)
            }
            draft.title = TitleTokens.read(tree.inlineSegments(of: first.node, firstLineOnly: true), into: &draft,
                                           locate: locate, report: { problems.append(($0, $1)) })

            // `Key: value` lines right under the title are fields; the rest is the description.
            var fieldLines = 0
            let paragraphLines = first.kind == .paragraph ? tree.lineCount(of: first.node) : 1
            if paragraphLines > 1 {
                for line in (titleLine + 1)..<(titleLine + paragraphLines) {
                    let text = Substring(source.line(line))
                    guard case .field(let field, let value, let offset) = FieldLine(text) else { break }
                    draft.add(field, value: value, at: SourceLocation(line: line, column: offset + 1)) { problems.append(($0, $1)) }
                    fieldLines += 1
                }
            }
            let restOfParagraph = paragraphLines - 1 - fieldLines
            let descriptionStart = titleLine + 1 + fieldLines
            if descriptionStart <= lastLine {
                description = source.text(lines: descriptionStart, through: lastLine, removingIndent: contentIndent)
            }
            if options.renderHTML {
                if restOfParagraph > 0 {
                    plain = tree.plainText([first], skippingLines: 1 + fieldLines)
                    html += tree.renderParagraphHTML(first.node, droppingLines: 1 + fieldLines)
                }
                let rest = tree.plainText(children.dropFirst())
                plain += plain.isEmpty || rest.isEmpty ? rest : "\n\n" + rest
                html += tree.renderHTML(children.dropFirst())
            }
        } else {
            problems.append((.emptyCardTitle, cardLocation))
            contentIndent = 2
        }
        return finish(draft, style: .listItem, description: description, html: html, plain: plain, lastLine: lastLine, section: section,
                      problems: &problems)
    }

    /// Titles are one line on a card; longer ones are cut (with a warning) so pages stay readable and
    /// rendering stays fast even for pathological files.
    static let maximumTitleLength = 1_000

    private func finish(_ draft: CardDraft, style: Card.Style, description: String, html: String, plain: String,
                        lastLine: Int, section: BoardSection, problems: inout [(Problem, SourceLocation)]) -> Card? {
        var draft = draft
        let length = draft.title.unicodeScalars.count
        if length > Self.maximumTitleLength {
            problems.append((.titleTooLong(length: length, limit: Self.maximumTitleLength), draft.location))
            draft.title = String(String.UnicodeScalarView(draft.title.unicodeScalars.prefix(Self.maximumTitleLength))) + "…"
        }
        let (due, dueLocation, explicitID) = draft.resolve { problems.append(($0, $1)) }
        if draft.title.isEmpty, explicitID == nil {
            if !problems.contains(where: { $0.0.code == Problem.emptyCardTitle.code && $0.1 == draft.location }) {
                problems.append((.emptyCardTitle, draft.location))
            }
            return nil
        }
        var endLine = max(lastLine, draft.location.line)
        while endLine > draft.location.line, source.isBlank(endLine) { endLine -= 1 }
        let state: CardState
        switch section {
        case .column(let s): state = s
        default: state = .done
        }
        let isArchived: Bool
        if case .archive = section { isArchived = true } else { isArchived = false }
        return Card(id: explicitID ?? Slug.make(draft.title), hasExplicitID: explicitID != nil, title: draft.title,
                    state: state, due: due, tags: draft.tags, description: description, descriptionHTML: html,
                    descriptionText: plain,
                    style: style, isArchived: isArchived, location: draft.location, endLine: endLine,
                    dueLocation: dueLocation)
    }

    func location(_ block: MarkdownBlock) -> SourceLocation {
        let line = block.line + lineOffset
        return SourceLocation(line: line, column: source.column(line: line, byteColumn: block.byteColumn))
    }

    func plainText(_ tree: borrowing MarkdownTree, _ block: MarkdownBlock) -> String {
        tree.inlineSegments(of: block.node, firstLineOnly: false).map(\.text).joined()
    }

    private func indentColumn(_ text: Substring) -> Int {
        text.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count + 1
    }
}
