/// Options for `BoardParser`.
public struct ParseOptions: Sendable {
    /// Render card and board descriptions to HTML (with cmark, from the already-parsed tree).
    public var renderHTML: Bool
    /// Read the cards of a long section on several threads (the tests compare with one thread).
    var concurrently = true

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
        var section = BoardSection.preamble
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
                                      into section: BoardSection, sawThematicBreak: inout Bool) -> Int {
        var index = start
        var inComment = false
        // The section's cards are found first, then read (side by side when there are many); their
        // problems are reported in file order either way.
        var sources: [CardSource] = []
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
                    sources.append(.listItem(item, lastLine: itemEnd))
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
                sources.append(.heading(block, body: Array(blocks[(index + 1)..<bodyEnd]), lastLine: lastLine))
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
        var cards: [Card] = []
        for reading in cardReader.read(sources, in: tree, section: section) {
            for (problem, location) in reading.problems { report(problem, location) }
            if let card = reading.card { cards.append(card) }
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

    // MARK: - Helpers

    /// Reads cards; the same source and line offset as the parser's.
    private var cardReader: CardReader { CardReader(source: source, options: options, lineOffset: lineOffset) }

    private func location(_ block: MarkdownBlock) -> SourceLocation { cardReader.location(block) }

    private func plainText(_ tree: borrowing MarkdownTree, _ block: MarkdownBlock) -> String { cardReader.plainText(tree, block) }

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
