#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the versions of one board one after another, parsing with cmark only what changed.
///
/// Consecutive versions share most of their text. cmark reads a document block by block, each line in the light of
/// the lines before it; so where a top-level block (or an item of a top-level list) starts, the lines before it
/// decide nothing about what follows, except list-level properties pm-render does not use (tightness, start number)
/// and link reference definitions (a version that may define links is parsed whole). Hence, for each run of changed
/// lines (`LineDiff`), the version is parsed from the last piece that starts before the run, up to the first piece
/// after it that also starts a piece in the previous version; the pieces in between runs are the previous version's,
/// moved by the number of lines added or removed. Cards are read once per piece (`BoardReader.CardCache`).
///
/// Reading is two steps: `PieceReader` turns bytes into Markdown pieces, which depends only on the versions before
/// (their text), and `board(from:file:)` reads the pieces into a board, which depends on the cards read before
/// (the cache). The history runs the two side by side, a few versions apart (`BoardSources.history`).
///
/// The result equals `BoardParser.parse` of the same bytes (the tests check this on random edit sequences).
struct VersionReader {
    /// The first step: a version's text, front matter and Markdown pieces, read from its changes.
    var pieces = PieceReader()
    private var cache = BoardReader.CardCache()
    /// How many versions were parsed whole (for tests).
    var wholeParses: Int { pieces.wholeParses }
    /// How many card readings the cache holds (for tests).
    var cachedReadings: Int { cache.entries.count }
    /// How many cards were read, rather than found in the cache (for tests).
    var cardsRead: Int { cache.stored }
    /// Versions are read for the history: language detection and the writing style are left out (the tests compare
    /// whole boards, so they leave this off).
    var forHistory = false

    mutating func read(_ bytes: [UInt8], file: String) -> ParseResult {
        board(from: pieces.read(bytes), file: file)
    }

    /// The second step: the board the pieces make, its cards read only where the cache does not hold them.
    mutating func board(from pieces: VersionPieces, file: String) -> ParseResult {
        switch pieces {
        case .unreadable(let bytes):
            return BoardParser.parse(bytes, file: file)
        case .readable(let source, let frontMatter, let problems, let segments, let mayDefineLinks):
            return BoardParser.read(
                segments, source: source, frontMatter: frontMatter, problems: problems, file: file, cache: &cache,
                forHistory: forHistory, reusesReadingsByText: !mayDefineLinks)
        }
    }
}

/// A version read as far as its Markdown pieces (`VersionReader.PieceReader`).
enum VersionPieces: Sendable {
    /// The text, its front matter and the problems found there, its pieces, and whether a line may define a link
    /// (which changes how other lines read, so card readings are not shared with other versions by their text).
    case readable(SourceText, FrontMatter, [(Problem, SourceLocation)], [MarkdownSegment], mayDefineLinks: Bool)
    /// Bytes that are not UTF-8 text.
    case unreadable([UInt8])
}

extension VersionReader {
    /// Reads versions as far as their Markdown pieces, each from its changes to the one before. Piece identities are
    /// unique among all the pieces one reader hands out, which is what lets the card cache key readings by them.
    struct PieceReader: Sendable {
        private struct Previous {
            let source: SourceText
            let bodyStart: Int
            let mayDefineLinks: Bool
            let segments: [MarkdownSegment]
        }

        private var previous: Previous?
        /// The previous version's line hashes, once computed.
        private var previousHashes: [UInt64]?
        /// The last front matter read: its bytes and what it says.
        private var frontMatters: (bytes: [UInt8], frontMatter: FrontMatter, problems: [(Problem, SourceLocation)])?
        private var nextID = 0
        /// How many versions were parsed whole (for tests).
        private(set) var wholeParses = 0

        /// Lines after the change that are parsed to find where the two versions meet again; grows when that is
        /// not enough.
        static let lookahead = 6

        mutating func read(_ bytes: [UInt8]) -> VersionPieces {
            guard let source = try? SourceText(decoding: bytes) else {
                previous = nil
                return .unreadable(bytes)
            }
            // The same front matter as before (its bytes, closing line included) says the same: it is not read again.
            let frontMatter: FrontMatter
            let problems: [(Problem, SourceLocation)]
            if let known = frontMatters, Self.sameFrontMatter(known.bytes, in: source) {
                (frontMatter, problems) = (known.frontMatter, known.problems)
            } else {
                var found: [(Problem, SourceLocation)] = []
                frontMatter = FrontMatter.read(source) { found.append(($0, $1)) }
                problems = found
                let end =
                    frontMatter.bodyStartLine - 1 < source.lineStarts.count
                    ? source.lineStarts[frontMatter.bodyStartLine - 1] : source.bytes.count
                frontMatters = (Array(source.bytes[..<end]), frontMatter, problems)
            }
            let bodyStart = frontMatter.bodyStartLine
            let mayDefineLinks = ChunkedParse.mayDefineLinks(source)
            let segments: [MarkdownSegment]
            if let previous, previous.bodyStart == bodyStart, !previous.mayDefineLinks, !mayDefineLinks,
                (1..<bodyStart).allSatisfy({ Self.sameLine(previous.source, $0, source, $0) })
            {
                segments = update(previous, to: source)
            } else {
                previousHashes = nil
                segments = wholeBody(source, from: bodyStart)
            }
            previous = Previous(
                source: source, bodyStart: bodyStart, mayDefineLinks: mayDefineLinks, segments: segments)
            return .readable(source, frontMatter, problems, segments, mayDefineLinks: mayDefineLinks)
        }

        private mutating func update(_ old: Previous, to new: SourceText) -> [MarkdownSegment] {
            let newHashes = LineDiff.lineHashes(new)
            defer { previousHashes = newHashes }
            let oldHashes = previousHashes ?? LineDiff.lineHashes(old.source)
            let found = LineDiff.hunks(oldHashes, newHashes) { Self.sameLine(old.source, $0 + 1, new, $1 + 1) }
            guard var hunks = found else { return wholeBody(new, from: old.bodyStart) }
            if hunks.isEmpty { return old.segments }

            var result: [MarkdownSegment] = []
            var oldIndex = 0  // the next old piece not yet copied or replaced
            var delta = 0  // new line − old line in the unchanged lines being copied
            var resume = old.bodyStart  // a new line where a piece starts and everything before it is settled
            var h = 0
            while h < hunks.count {
                // Start at the last old piece that starts before the hunk (and after what is settled).
                var start = resume
                var copyEnd = oldIndex
                while copyEnd < old.segments.count, old.segments[copyEnd].line < hunks[h].old.lowerBound {
                    start = max(start, old.segments[copyEnd].line + delta)
                    copyEnd += 1
                }
                if copyEnd > oldIndex, old.segments[copyEnd - 1].line + delta == start { copyEnd -= 1 }
                for index in oldIndex..<copyEnd { result.append(old.segments[index].moved(by: delta)) }

                // Parse from there until a piece starts where one started before, after the hunk (merging hunks that
                // come before such a place).
                var lookahead = Self.lookahead
                while true {
                    let hunk = hunks[h]
                    let deltaAfter = hunk.new.upperBound - hunk.old.upperBound
                    let nextHunk = h + 1 < hunks.count ? hunks[h + 1].new.lowerBound : new.lineCount + 1
                    let end = min(new.lineCount, max(hunk.new.upperBound - 1, start) + lookahead)
                    let window = parse(new, lines: start...max(end, start))
                    let cut = window.firstIndex { segment in
                        segment.line >= hunk.new.upperBound && segment.line < nextHunk
                            && oldStart(old, segment.line - deltaAfter, from: copyEnd) != nil
                    }
                    if let cut {
                        result += window[..<cut]
                        oldIndex = oldStart(old, window[cut].line - deltaAfter, from: copyEnd)!
                        delta = deltaAfter
                        resume = window[cut].line
                        break
                    }
                    if end >= new.lineCount {
                        return result + window  // parsed to the end
                    }
                    if end >= nextHunk - 1 {
                        // The next hunk comes first: one window covers both.
                        hunks[h + 1] = LineDiff.Hunk(
                            old: hunk.old.lowerBound..<hunks[h + 1].old.upperBound,
                            new: hunk.new.lowerBound..<hunks[h + 1].new.upperBound)
                        h += 1
                        continue
                    }
                    lookahead *= 4
                }
                h += 1
            }
            for index in oldIndex..<old.segments.count { result.append(old.segments[index].moved(by: delta)) }
            return result
        }

        /// The index of the old piece starting at `line`, searching from `from` (pieces are in line order).
        private func oldStart(_ old: Previous, _ line: Int, from: Int) -> Int? {
            var low = from
            var high = old.segments.count
            while low < high {
                let middle = (low + high) / 2
                if old.segments[middle].line < line { low = middle + 1 } else { high = middle }
            }
            return low < old.segments.count && old.segments[low].line == line ? low : nil
        }

        private mutating func wholeBody(_ source: SourceText, from bodyStart: Int) -> [MarkdownSegment] {
            wholeParses += 1
            let segments = BoardParser.body(source, from: bodyStart, firstID: nextID)
            nextID += segments.count
            return segments
        }

        /// The pieces of lines `lines` of `source`, parsed on their own.
        private mutating func parse(_ source: SourceText, lines: ClosedRange<Int>) -> [MarkdownSegment] {
            let segments = ChunkedParse.parse(source, lines: lines, firstID: nextID)
            nextID += segments.count
            return segments
        }

        /// Whether `source` starts with the front matter whose bytes (closing line included) are `known`; for a board
        /// without front matter, whether `source` has none either.
        static func sameFrontMatter(_ known: [UInt8], in source: SourceText) -> Bool {
            guard known.isEmpty else { return source.bytes.starts(with: known) }
            return source.lineCount == 0 || Substring(source.line(1)).trimmingSpaces != "---"
        }

        static func sameLine(_ a: SourceText, _ lineA: Int, _ b: SourceText, _ lineB: Int) -> Bool {
            let rangeA = a.byteRange(ofLine: lineA)
            let rangeB = b.byteRange(ofLine: lineB)
            guard rangeA.count == rangeB.count else { return false }
            guard !rangeA.isEmpty else { return true }
            return a.bytes.withUnsafeBufferPointer { pa in
                b.bytes.withUnsafeBufferPointer { pb in
                    memcmp(pa.baseAddress! + rangeA.lowerBound, pb.baseAddress! + rangeB.lowerBound, rangeA.count) == 0
                }
            }
        }
    }
}
