/// A board and the problems found while reading it.
public struct ParseResult: Sendable {
    public var board: Board
    /// Reading problems, in file order (rule checks are `BoardValidator`'s).
    public var diagnostics: [Diagnostic]
    /// Whether the file could be read as a board at all (it is UTF-8 text without NUL bytes).
    public var isReadable: Bool

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Reads a board file's bytes into a `Board`: decoding, front matter, cmark's parse, lanes and cards.
public enum BoardParser {
    /// Parses a board. Never throws and never fails on content: problems are diagnostics, and a board is always
    /// returned (empty when the bytes are not text).
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the path used in diagnostics and for the fallback title.
    public static func parse(_ bytes: [UInt8], file: String) -> ParseResult {
        var cache = BoardReader.CardCache()
        return parse(bytes, file: file, cache: &cache)
    }

    /// The same result as `parse(_:file:)`, a large board's cards read side by side.
    public static func parseConcurrently(_ bytes: [UInt8], file: String) async -> ParseResult {
        guard let (source, frontMatter, problems) = prepare(bytes, file: file) else {
            return unreadable(bytes, file: file)
        }
        let segments = await ChunkedParse.body(source, from: frontMatter.bodyStartLine)
        var reader = BoardReader(source: source, file: file, frontMatter: frontMatter)
        reader.releasesPieces = true
        var cache = BoardReader.CardCache()
        let board = await reader.read(consume segments, fallbackTitle: titleFromFileName(file), cache: &cache)
        return result(board, reader: reader, problems: problems, file: file)
    }

    static func parse(_ bytes: [UInt8], file: String, cache: inout BoardReader.CardCache) -> ParseResult {
        guard let (source, frontMatter, problems) = prepare(bytes, file: file) else {
            return unreadable(bytes, file: file)
        }
        let segments = body(source, from: frontMatter.bodyStartLine)
        return read(
            consume segments, source: source, frontMatter: frontMatter, problems: problems, file: file, cache: &cache,
            releasesPieces: true)
    }

    /// Decodes the bytes and reads the front matter; nil when the bytes are not UTF-8 text.
    static func prepare(_ bytes: [UInt8], file: String) -> (SourceText, FrontMatter, [(Problem, SourceLocation)])? {
        guard let source = try? SourceText(decoding: bytes) else { return nil }
        var problems: [(Problem, SourceLocation)] = []
        let frontMatter = FrontMatter.read(source) { problems.append(($0, $1)) }
        return (source, frontMatter, problems)
    }

    /// The Markdown pieces of the body (the lines from `firstLine` on).
    static func body(_ source: SourceText, from firstLine: Int, firstID: Int = 0) -> [MarkdownSegment] {
        ChunkedParse.parse(source, lines: firstLine...max(firstLine, source.lineCount), firstID: firstID)
    }

    /// The board the pieces make. With `releasesPieces`, the reader owns them (see `BoardReader.read`).
    static func read(
        _ segments: consuming [MarkdownSegment], source: SourceText, frontMatter: FrontMatter,
        problems: [(Problem, SourceLocation)], file: String, cache: inout BoardReader.CardCache,
        forHistory: Bool = false, reusesReadingsByText: Bool = false, releasesPieces: Bool = false
    ) -> ParseResult {
        var reader = BoardReader(source: source, file: file, frontMatter: frontMatter)
        reader.forHistory = forHistory
        reader.reusesReadingsByText = reusesReadingsByText
        reader.releasesPieces = releasesPieces
        let board = reader.read(consume segments, fallbackTitle: titleFromFileName(file), cache: &cache)
        return result(board, reader: reader, problems: problems, file: file)
    }

    private static func result(
        _ board: Board, reader: BoardReader, problems: [(Problem, SourceLocation)], file: String
    ) -> ParseResult {
        let diagnostics = (problems + reader.problems).map { Diagnostic($0.0, file: file, at: $0.1) }
        return ParseResult(board: board, diagnostics: diagnostics.sortedByLocation(), isReadable: true)
    }

    private static func unreadable(_ bytes: [UInt8], file: String) -> ParseResult {
        let diagnostic: Diagnostic
        do {
            _ = try SourceText(decoding: bytes)
            diagnostic = Diagnostic(.notUTF8, file: file, at: nil)
        } catch {
            switch error {
            case .notUTF8(let location): diagnostic = Diagnostic(.notUTF8, file: file, at: location)
            case .nulCharacter(let location): diagnostic = Diagnostic(.nulCharacter, file: file, at: location)
            }
        }
        return ParseResult(
            board: Board(title: titleFromFileName(file), sourceFile: file), diagnostics: [diagnostic], isReadable: false
        )
    }

    /// `boards/q3-plan.md` → `q3-plan` (the last path component without its extension; a path of slashes only is
    /// its own title). Read on UTF-8: `/` and `.` are ASCII, so the positions found are character boundaries.
    public static func titleFromFileName(_ path: String) -> String {
        var body = Substring(path)
        while body.utf8.last == UInt8(ascii: "/") { body = body.dropLast() }
        guard !body.isEmpty else { return path }
        let name = body.utf8.lastIndex(of: UInt8(ascii: "/")).map { body[body.utf8.index(after: $0)...] } ?? body
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex { return String(name[..<dot]) }
        return String(name)
    }
}
