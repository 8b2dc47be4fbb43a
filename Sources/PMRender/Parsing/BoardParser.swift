/// Options for `BoardParser`.
public struct ParseOptions: Sendable {
    /// Render card and board descriptions to HTML (with cmark, from the already-parsed tree).
    public var renderHTML: Bool

    public init(renderHTML: Bool = false) {
        self.renderHTML = renderHTML
    }
}

/// A board and every problem found while reading it.
public struct ParseResult: Sendable {
    public var board: Board
    public var diagnostics: [Diagnostic]
    /// Whether the file itself could be read into a trustworthy model (no parse errors). A board that
    /// only breaks a rule (a WIP limit, a duplicate identity) is readable.
    public var isReadable: Bool

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Reads a board file's bytes into a `Board`, collecting diagnostics for the whole file.
public enum BoardParser {
    /// Parses a board. Never throws: problems are diagnostics, and a board is always returned
    /// (possibly partial when there are errors).
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the path used in diagnostics and for the fallback title.
    public static func parse(_ bytes: [UInt8], file: String, options: ParseOptions = ParseOptions()) -> ParseResult {
        let fallbackTitle = titleFromFileName(file)
        let source: SourceText
        do {
            source = try SourceText(decoding: bytes)
        } catch {
            let diagnostic: Diagnostic
            switch error {
            case .notUTF8(let location): diagnostic = Diagnostic(.notUTF8, file: file, at: location)
            case .nulCharacter(let location): diagnostic = Diagnostic(.nulCharacter, file: file, at: location)
            }
            return ParseResult(board: Board(title: fallbackTitle, sourceFile: file), diagnostics: [diagnostic], isReadable: false)
        }
        var parser = Parser(source: source, file: file, options: options)
        parser.run(fallbackTitle: fallbackTitle)
        var diagnostics = parser.diagnostics
        let isReadable = !diagnostics.hasErrors
        diagnostics += BoardValidator.validate(parser.board)
        return ParseResult(board: parser.board, diagnostics: diagnostics.sortedByLocation(), isReadable: isReadable)
    }

    /// `boards/q3-plan.md` → `q3-plan`.
    static func titleFromFileName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot > name.startIndex { return String(name[..<dot]) }
        return name
    }
}

/// The state of one parse: walks cmark's top-level blocks once and builds the board.
private struct Parser {
    let source: SourceText
    let file: String
    let options: ParseOptions
    var diagnostics: [Diagnostic] = []
    var board: Board
    /// Lines before the Markdown body (the front matter), added to cmark's line numbers.
    var lineOffset = 0

    init(source: SourceText, file: String, options: ParseOptions) {
        self.source = source
        self.file = file
        self.options = options
        self.board = Board(title: "", sourceFile: file)
    }

    mutating func report(_ problem: Problem, _ location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(problem, file: file, at: location, notes: notes))
    }

    // MARK: - Board

    /// Where the current top-level blocks go.
    enum Section {
        case preamble
        case column(CardState)
        case archive
        case ignored
    }

    mutating func run(fallbackTitle: String) {
        var frontMatterProblems: [(Problem, SourceLocation)] = []
        let frontMatter = FrontMatter.read(source) { frontMatterProblems.append(($0, $1)) }
        for (problem, location) in frontMatterProblems { report(problem, location) }
        board.locale = frontMatter.locale
        board.timezone = frontMatter.timezone
        board.dueSoonDays = frontMatter.dueSoonDays
        board.reminder = frontMatter.reminder
        board.rules = frontMatter.rules
        lineOffset = frontMatter.bodyStartLine - 1

        let bodyStart = frontMatter.bodyStartLine <= source.lineStarts.count
            ? source.lineStarts[frontMatter.bodyStartLine - 1] : source.bytes.count
        source.bytes.withUnsafeBufferPointer { all in
            let body = UnsafeBufferPointer(rebasing: all[bodyStart...])
            MarkdownTree.parse(body) { tree in
                walk(tree)
            }
        }

        if let title = frontMatter.title, !title.isEmpty {
            board.title = title
            board.titleLocation = frontMatter.titleLocation
        } else if board.title.isEmpty {
            board.title = fallbackTitle
            board.titleLocation = nil
        }
        for (state, limit) in board.rules.wipLimits where limit > 0 {
            let index = board.columns.firstIndex { $0.state == state }!
            if let existing = board.columns[index].wipLimit, existing <= limit { continue }
            board.columns[index].wipLimit = limit
            board.columns[index].wipLimitLocation = board.rules.locations["wip.\(state.rawValue)"]
        }
    }

    private mutating func walk(_ tree: borrowing MarkdownTree) {
        let blocks = tree.topLevelBlocks()
        var section = Section.preamble
        var seenSections: [CardState: SourceLocation] = [:]
        var sawThematicBreak = false
        var sawHeading = false
        var descriptionBlocks: [MarkdownBlock] = []
        var inComment = false
        var index = 0

        while index < blocks.count {
            let block = blocks[index]
            let line = block.line + lineOffset
            let nextLine = index + 1 < blocks.count ? blocks[index + 1].line + lineOffset : source.lineCount + 1

            // Obsidian comments (%% ... %%), including the trailing kanban:settings block.
            if inComment || startsComment(block) {
                inComment = !closesComment(from: line, to: nextLine - 1, opening: !inComment, firstLineColumn: block.byteColumn)
                index += 1
                continue
            }

            switch block.kind {
            case .heading(let level) where level == 1:
                if !sawHeading, board.title.isEmpty {
                    board.title = TitleTokens.collapseWhitespace(plainText(tree, block))
                    board.titleLocation = location(block)
                } else {
                    report(.titleNotFirst, location(block))
                }
                sawHeading = true
                index += 1
                if case .preamble = section {} else {
                    // A stray `#` heading inside a section does not end it.
                    index = readSection(tree, blocks, from: index, into: section, sawThematicBreak: &sawThematicBreak)
                }

            case .heading(let level) where level == 2:
                sawHeading = true
                let text = plainText(tree, block)
                switch SectionHeading(text: text) {
                case .state(let state, let wipLimit):
                    if let first = seenSections[state] {
                        report(.duplicateSection(state), location(block),
                               notes: [Diagnostic.Note(file: file, location: first, message: "the first \(state.rawValue) section is here")])
                    } else {
                        seenSections[state] = location(block)
                        let columnIndex = board.columns.firstIndex { $0.state == state }!
                        board.columns[columnIndex].heading = TitleTokens.collapseWhitespace(text)
                        board.columns[columnIndex].location = location(block)
                        board.columns[columnIndex].wipLimit = wipLimit
                        board.columns[columnIndex].wipLimitLocation = wipLimit == nil ? nil : location(block)
                    }
                    section = .column(state)
                case .archive:
                    if sawThematicBreak {
                        section = .archive
                    } else {
                        report(.archiveWithoutBreak, location(block))
                        section = .ignored
                    }
                case .unknown(let name, let suggestion):
                    report(.unknownSection(name, suggestion: suggestion), location(block))
                    section = .ignored
                case .invalidWIPLimit(let value):
                    report(.invalidWIPLimit(value), location(block))
                    section = .ignored
                }
                index += 1
                index = readSection(tree, blocks, from: index, into: section, sawThematicBreak: &sawThematicBreak)

            default:
                if case .thematicBreak = block.kind { sawThematicBreak = true }
                descriptionBlocks.append(block)
                index += 1
            }
        }

        descriptionBlocks.removeAll { if case .thematicBreak = $0.kind { return true } else { return false } }
        if let first = descriptionBlocks.first, let last = descriptionBlocks.last {
            let endLine = (blocks.first { $0.line > last.line && isSectionHeading($0) }?.line).map { $0 + lineOffset - 1 } ?? source.lineCount
            board.description = source.text(lines: first.line + lineOffset, through: endLine, removingIndent: 0)
            if options.renderHTML { board.descriptionHTML = tree.renderHTML(descriptionBlocks) }
        }
    }

    private func isSectionHeading(_ block: MarkdownBlock) -> Bool {
        if case .heading(let level) = block.kind { return level <= 2 }
        return false
    }

    /// Reads the blocks of one section (up to the next `#`/`##` heading); returns the index after it.
    private mutating func readSection(_ tree: borrowing MarkdownTree, _ blocks: [MarkdownBlock], from start: Int,
                                      into section: Section, sawThematicBreak: inout Bool) -> Int {
        var index = start
        var inComment = false
        var cards: [Card] = []
        while index < blocks.count {
            let block = blocks[index]
            if isSectionHeading(block) { break }
            let line = block.line + lineOffset
            let nextLine = index + 1 < blocks.count ? blocks[index + 1].line + lineOffset : source.lineCount + 1

            if inComment || startsComment(block) {
                inComment = !closesComment(from: line, to: nextLine - 1, opening: !inComment, firstLineColumn: block.byteColumn)
                index += 1
                continue
            }
            switch block.kind {
            case .list:
                let items = tree.children(of: block.node)
                for (itemIndex, item) in items.enumerated() {
                    let itemEnd = itemIndex + 1 < items.count ? items[itemIndex + 1].line + lineOffset - 1 : nextLine - 1
                    if let card = listCard(tree, item, lastLine: itemEnd, section: section) { cards.append(card) }
                }
                index += 1
            case .heading(let level) where level == 3:
                // A heading card: its body runs to the next heading of level 1 to 3.
                var bodyEnd = index + 1
                while bodyEnd < blocks.count {
                    if case .heading(let l) = blocks[bodyEnd].kind, l <= 3 { break }
                    bodyEnd += 1
                }
                let lastLine = bodyEnd < blocks.count ? blocks[bodyEnd].line + lineOffset - 1 : source.lineCount
                if let card = headingCard(tree, block, body: Array(blocks[(index + 1)..<bodyEnd]), lastLine: lastLine, section: section) {
                    cards.append(card)
                }
                index = bodyEnd
            case .thematicBreak:
                sawThematicBreak = true
                index += 1
            case .paragraph where isCompleteMarker(line: line, lastLine: nextLine - 1):
                index += 1  // Obsidian's "**Complete**" lane marker
            default:
                if case .ignored = section {} else {
                    report(.strayContent(describe(block.kind)), location(block))
                }
                index += 1
            }
        }
        switch section {
        case .column(let state):
            let columnIndex = board.columns.firstIndex { $0.state == state }!
            board.columns[columnIndex].cards += cards
        case .archive:
            board.archived += cards
        case .preamble, .ignored:
            break
        }
        return index
    }

    // MARK: - Cards

    private mutating func headingCard(_ tree: borrowing MarkdownTree, _ heading: MarkdownBlock, body: [MarkdownBlock],
                                      lastLine: Int, section: Section) -> Card? {
        let cardLocation = location(heading)
        var draft = CardDraft(location: cardLocation)
        draft.title = TitleTokens.collapseWhitespace(plainText(tree, heading))
        var problems: [(Problem, SourceLocation)] = []
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
        for (problem, location) in problems { report(problem, location) }

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
        return finish(draft, style: .heading, description: description, html: html, plain: plain, lastLine: lastLine, section: section)
    }

    private mutating func listCard(_ tree: borrowing MarkdownTree, _ item: MarkdownBlock, lastLine: Int, section: Section) -> Card? {
        let cardLocation = location(item)
        var draft = CardDraft(location: cardLocation)
        let children = tree.children(of: item.node)
        var problems: [(Problem, SourceLocation)] = []
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
        for (problem, location) in problems { report(problem, location) }
        return finish(draft, style: .listItem, description: description, html: html, plain: plain, lastLine: lastLine, section: section)
    }

    /// Titles are one line on a card; longer ones are cut (with a warning) so pages stay readable and
    /// rendering stays fast even for pathological files.
    static let maximumTitleLength = 1_000

    private mutating func finish(_ draft: CardDraft, style: Card.Style, description: String, html: String, plain: String,
                                 lastLine: Int, section: Section) -> Card? {
        var draft = draft
        let length = draft.title.unicodeScalars.count
        if length > Parser.maximumTitleLength {
            report(.titleTooLong(length: length, limit: Parser.maximumTitleLength), draft.location)
            draft.title = String(String.UnicodeScalarView(draft.title.unicodeScalars.prefix(Parser.maximumTitleLength))) + "…"
        }
        var problems: [(Problem, SourceLocation)] = []
        let (due, dueLocation, explicitID) = draft.resolve { problems.append(($0, $1)) }
        for (problem, location) in problems { report(problem, location) }
        if draft.title.isEmpty, explicitID == nil {
            if !diagnostics.contains(where: { $0.code == Problem.emptyCardTitle.code && $0.location == draft.location }) {
                report(.emptyCardTitle, draft.location)
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

    // MARK: - Helpers

    private func location(_ block: MarkdownBlock) -> SourceLocation {
        let line = block.line + lineOffset
        return SourceLocation(line: line, column: source.column(line: line, byteColumn: block.byteColumn))
    }

    private func plainText(_ tree: borrowing MarkdownTree, _ block: MarkdownBlock) -> String {
        tree.inlineSegments(of: block.node, firstLineOnly: false).map(\.text).joined()
    }

    private func indentColumn(_ text: Substring) -> Int {
        text.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count + 1
    }

    private func startsComment(_ block: MarkdownBlock) -> Bool {
        guard block.kind == .paragraph else { return false }
        return source.line(block.line + lineOffset, fromByteColumn: block.byteColumn).hasPrefix("%%")
    }

    /// Whether a `%%` closing the comment appears in lines `from...to` (after the opening `%%`).
    private func closesComment(from first: Int, to last: Int, opening: Bool, firstLineColumn: Int) -> Bool {
        guard first <= last else { return false }
        for line in first...last {
            var text = Substring(line == first ? source.line(line, fromByteColumn: firstLineColumn) : source.line(line))
            if line == first, opening { text = text.dropFirst(2) }
            if text.contains("%%") { return true }
        }
        return false
    }

    private func isCompleteMarker(line: Int, lastLine: Int) -> Bool {
        guard line == lastLine || (line < lastLine && source.isBlank(line + 1)) else { return false }
        return Substring(source.line(line)).trimmingSpaces == "**Complete**"
    }

    private func describe(_ kind: MarkdownBlock.Kind) -> String {
        switch kind {
        case .paragraph: return "paragraph"
        case .codeBlock: return "code block"
        case .blockQuote: return "quote"
        case .htmlBlock: return "HTML block"
        case .heading(let level): return "level-\(level) heading"
        case .list, .item: return "list"
        case .thematicBreak: return "thematic break"
        case .other: return "content"
        }
    }
}
