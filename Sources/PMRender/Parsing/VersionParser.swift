#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses successive versions of one board (its git history), reusing what earlier versions had.
///
/// A commit usually changes a card or two, so parsing every version in full repeats the same work
/// hundreds of times. When `BoardOutline` can cut a version into cards and frame, each card's source
/// is looked up in a cache (parsed once, on its own, when first seen) and the frame (front matter,
/// headings, comments) is parsed with one marker card per run of cards to learn where the runs
/// belong. The result equals `BoardParser.parse` of the whole file; versions the outline is unsure
/// about, and versions with errors, are parsed in full.
///
/// Only the model is reused, not the rendered descriptions: the history never renders them.
struct VersionParser {
    /// A version as the history needs it.
    enum Version {
        /// A readable board; `cardSources` holds, for each of `board.cards`, the number of its source
        /// in this parser (the same number means the same source text), or is nil when the version
        /// was parsed in full.
        case board(Board, cardSources: [Int]?)
        /// A version with parse errors: the full parse, with every diagnostic.
        case unreadable(ParseResult)
    }

    /// Card sources seen so far, numbered in order: the parsed card (nil for a source with errors)
    /// and a number for its identity (equal numbers, equal identities). A card is parsed as the only
    /// card of a `## TODO` section, so its lines are off by `cardLineOffset`.
    private var sourceNumbers: [SourceKey: Int] = [:]
    private var parsedCards: [Card?] = []
    private(set) var identityNumbers: [Int] = []
    private var identities: [String: Int] = [:]
    /// Frames by their exact text; nil for a frame with errors.
    private var frames: [[UInt8]: Board?] = [:]
    private static let cardPrefix = Array("## TODO\n".utf8)
    private static let cardLineOffset = 1

    /// How many versions were read from their outline, and how many in full (for tests).
    private(set) var outlined = 0
    private(set) var parsedInFull = 0

    init() {}

    mutating func parse(_ bytes: [UInt8], file: String) -> Version {
        if let outline = BoardOutline(bytes), let (board, sources) = assemble(outline, bytes: bytes, file: file) {
            outlined += 1
            return .board(board, cardSources: sources)
        }
        parsedInFull += 1
        let result = BoardParser.parse(bytes, file: file)
        return result.isReadable ? .board(result.board, cardSources: nil) : .unreadable(result)
    }

    /// The board from cached cards and frame; nil when a piece has errors (the caller then parses
    /// the whole file to report them exactly).
    private mutating func assemble(_ outline: BoardOutline, bytes: [UInt8], file: String) -> (Board, [Int])? {
        let frameBoard: Board
        if let cached = frames[outline.frame] {
            guard let cached else { return nil }
            frameBoard = cached
        } else {
            let result = BoardParser.parse(outline.frame, file: file)
            frames[outline.frame] = result.isReadable ? result.board : nil
            guard result.isReadable else { return nil }
            frameBoard = result.board
        }

        var board = frameBoard
        // The cache is shared by every path the file had: the name-derived parts are this version's.
        board.sourceFile = file
        if board.titleLocation == nil { board.title = BoardParser.titleFromFileName(file) }
        func remap(_ location: SourceLocation?) -> SourceLocation? {
            location.map { location in
                guard outline.frameLines.indices.contains(location.line - 1) else { return location }
                return SourceLocation(line: outline.frameLines[location.line - 1], column: location.column)
            }
        }
        board.titleLocation = remap(board.titleLocation)
        for index in board.columns.indices {
            board.columns[index].location = remap(board.columns[index].location)
            board.columns[index].wipLimitLocation = remap(board.columns[index].wipLimitLocation)
        }
        board.rules.locations = board.rules.locations.mapValues { remap($0) ?? $0 }

        var sources: [Int] = []
        for index in board.columns.indices {
            var columnCards: [Card] = []
            for marker in board.columns[index].cards {
                guard runCards(marker, outline, bytes: bytes, file: file, into: &columnCards, sources: &sources) else { return nil }
            }
            board.columns[index].cards = columnCards
        }
        var archived: [Card] = []
        var archivedSources: [Int] = []
        for marker in board.archived {
            guard runCards(marker, outline, bytes: bytes, file: file, into: &archived, sources: &archivedSources) else { return nil }
        }
        board.archived = archived
        // Every run must have landed somewhere, as every card does in the full parse.
        let markers = frameBoard.cardCount + frameBoard.archived.count
        guard markers == outline.runs.count else { return nil }
        return (board, sources)
    }

    /// Appends the cards of the run a marker card stands for, in the marker's column (or the archive);
    /// false when one of them has errors.
    private mutating func runCards(_ marker: Card, _ outline: BoardOutline, bytes: [UInt8], file: String,
                                   into cards: inout [Card], sources: inout [Int]) -> Bool {
        guard let run = outline.run(ofMarker: marker.title) else { return false }
        for piece in run {
            let number = sourceNumber(bytes[piece.bytes], file: file)
            guard var card = parsedCards[number] else { return false }
            let shift = piece.line - 1 - VersionParser.cardLineOffset
            card.location.line += shift
            card.endLine += shift
            card.dueLocation?.line += shift
            card.state = marker.state
            card.isArchived = marker.isArchived
            cards.append(card)
            sources.append(number)
        }
        return true
    }

    /// The number of a card's source, parsing it the first time it is seen.
    private mutating func sourceNumber(_ source: ArraySlice<UInt8>, file: String) -> Int {
        if let number = sourceNumbers[SourceKey(source)] { return number }
        let result = BoardParser.parse(VersionParser.cardPrefix + source, file: file)
        let card = result.isReadable && result.board.cardCount == 1 ? result.board.cards[0] : nil
        let number = parsedCards.count
        sourceNumbers[SourceKey(ArraySlice(Array(source)))] = number
        parsedCards.append(card)
        if let id = card?.id {
            let identity = identities.count
            identityNumbers.append(identities[id, default: identity])
            if identities[id] == nil { identities[id] = identity }
        } else {
            identityNumbers.append(-1)
        }
        return number
    }
}

/// Source bytes as a dictionary key, hashed in one pass over the bytes (not byte by byte).
private struct SourceKey: Hashable {
    let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: SourceKey, rhs: SourceKey) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBytes { a in
            rhs.bytes.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
