import CPMSupport
import Foundation

/// A large board's body parsed in chunks side by side, each by cmark, with the same pieces as one parse of the whole.
///
/// Chunks are cut before a line that starts with an ATX heading (`## Lane`, `### Card`), and cmark decides whether
/// a cut holds: the chunk before it is parsed through the heading's line, and when that line is a heading of the
/// document's own (not inside a fenced code block or an HTML block), every block before it is closed there, so what
/// follows parses the same on its own. A chunk whose cut did not hold, or a board that may define link references
/// (they reach across the whole document), is parsed whole.
enum ChunkedParse {
    /// Below this many bytes a chunk is not worth a task of its own.
    static let minimumChunkBytes = 64 * 1024
    /// A larger body is cut into chunks of about this many bytes, parsed a few at a time (one a core): cmark's tree,
    /// many times the size of the text, is then never built for the whole board at once (the trees of the chunks
    /// being parsed are the parse's peak memory).
    static let chunkBytes = 64 * 1024

    /// The pieces of the body (the lines from `firstLine` on), as `BoardParser.body` gives them, in at most `chunks`
    /// chunks parsed side by side (by default at least one a core, each at least `minimumChunkBytes`, and more of
    /// `chunkBytes` on a larger board).
    static func body(_ source: SourceText, from firstLine: Int, chunks: Int? = nil) async -> [MarkdownSegment] {
        let bytes = bodyBytes(source, from: firstLine)
        // Less than two chunks' worth is one chunk: the cores (which Foundation counts from the cgroup's files, about
        // 0.2 ms) are not asked for.
        if chunks == nil, bytes < 2 * minimumChunkBytes { return BoardParser.body(source, from: firstLine) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let chunks = chunks ?? max(min(cores, bytes / minimumChunkBytes), bytes / chunkBytes)
        guard let starts = chunkStarts(source, from: firstLine, chunks: chunks) else {
            return BoardParser.body(source, from: firstLine)
        }
        // The chunks' arenas share their blocks (`pm_arena_pop` keeps them for the next chunk); given back once all are
        // parsed.
        defer { pm_arena_release_spares() }
        let parts = await withTaskGroup(of: (Int, [MarkdownSegment]).self) { group in
            var parts = [[MarkdownSegment]](repeating: [], count: starts.count)
            for index in starts.indices {
                // One chunk a core at a time: the next starts when one is done.
                if index >= cores, let (done, part) = await group.next() { parts[done] = part }
                group.addTask { (index, parse(source, chunk: index, of: starts)) }
            }
            for await (index, part) in group { parts[index] = part }
            return parts
        }
        return join(parts, starts: starts) ?? BoardParser.body(source, from: firstLine)
    }

    /// The same pieces as `body`, the chunks parsed one after another (for the fuzzer, which is not async).
    static func bodyInOrder(_ source: SourceText, from firstLine: Int, chunks: Int) -> [MarkdownSegment] {
        guard let starts = chunkStarts(source, from: firstLine, chunks: chunks) else {
            return BoardParser.body(source, from: firstLine)
        }
        let parts = starts.indices.map { parse(source, chunk: $0, of: starts) }
        return join(parts, starts: starts) ?? BoardParser.body(source, from: firstLine)
    }

    /// The first line of each chunk; nil when the body is one chunk.
    private static func chunkStarts(_ source: SourceText, from firstLine: Int, chunks: Int) -> [Int]? {
        guard chunks > 1, !mayDefineLinks(source) else { return nil }
        let cuts = cutLines(source, from: firstLine, chunks: chunks)
        return cuts.isEmpty ? nil : [firstLine] + cuts
    }

    /// Chunk `index`: from its start through the line of the next cut (the heading that proves the cut), or to the
    /// end.
    private static func parse(_ source: SourceText, chunk index: Int, of starts: [Int]) -> [MarkdownSegment] {
        let last = index + 1 < starts.count ? starts[index + 1] : source.lineCount
        return parse(source, lines: starts[index]...max(last, starts[index]))
    }

    /// The chunks' pieces as one list, numbered again; nil when a cut did not hold (the chunk before it does not end
    /// with a heading of its own at the cut).
    private static func join(_ parts: [[MarkdownSegment]], starts: [Int]) -> [MarkdownSegment]? {
        var segments: [MarkdownSegment] = []
        segments.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for (index, part) in parts.enumerated() {
            var kept = part[...]
            if index + 1 < starts.count {
                guard let last = kept.last, last.root.kind == .heading, last.line == starts[index + 1] else {
                    return nil
                }
                kept = kept.dropLast()
            }
            for var segment in kept {
                segment.id = segments.count
                segments.append(segment)
            }
        }
        return segments
    }

    /// Lines where chunks may start: for each of `chunks - 1` even shares of the body's bytes, the ATX heading line
    /// nearest to where the share ends; in order, without repeats, none at `firstLine`.
    static func cutLines(_ source: SourceText, from firstLine: Int, chunks: Int) -> [Int] {
        let headings = (firstLine + 1...max(source.lineCount, firstLine + 1)).filter {
            $0 <= source.lineCount && startsWithHeading(source, line: $0)
        }
        guard !headings.isEmpty else { return [] }
        let bodyStart = source.lineStarts[firstLine - 1]
        let share = (source.bytes.count - bodyStart) / chunks
        var cuts: [Int] = []
        for part in 1..<chunks {
            let target = bodyStart + part * share
            // The first heading at or after the target, or the one before it if that is nearer.
            var low = 0
            var high = headings.count
            while low < high {
                let middle = (low + high) / 2
                if source.lineStarts[headings[middle] - 1] < target { low = middle + 1 } else { high = middle }
            }
            var best = min(low, headings.count - 1)
            if low > 0,
                low == headings.count
                    || target - source.lineStarts[headings[low - 1] - 1] < source.lineStarts[headings[low] - 1] - target
            {
                best = low - 1
            }
            if cuts.last.map({ $0 < headings[best] }) ?? true { cuts.append(headings[best]) }
        }
        return cuts
    }

    /// Whether a line starts, at its first byte, with an ATX heading's opening: 1 to 6 `#` and then a space, a tab or
    /// the line's end.
    static func startsWithHeading(_ source: SourceText, line: Int) -> Bool {
        let range = source.byteRange(ofLine: line)
        var index = range.lowerBound
        while index < range.upperBound, source.bytes[index] == UInt8(ascii: "#") { index += 1 }
        let hashes = index - range.lowerBound
        guard hashes >= 1, hashes <= 6 else { return false }
        return index == range.upperBound || source.bytes[index] == 0x20 || source.bytes[index] == 0x09
    }

    /// Whether a line could be a link reference definition (`[label]: url`), which changes how links elsewhere in the
    /// document read: a `[` after the line's indentation, quote and list markers, and `]:` after it.
    static func mayDefineLinks(_ source: SourceText) -> Bool {
        guard source.contains(UInt8(ascii: "]"), followedBy: UInt8(ascii: ":")) else { return false }
        let bytes = source.bytes
        for line in 1...max(source.lineCount, 1) where line <= source.lineCount {
            let range = source.byteRange(ofLine: line)
            var index = range.lowerBound
            // Definitions may stand inside quotes and list items too.
            while index < range.upperBound, isMarkerByte(bytes[index]) { index += 1 }
            guard index < range.upperBound, bytes[index] == UInt8(ascii: "[") else { continue }
            var previous: UInt8 = 0
            for byte in bytes[index..<range.upperBound] {
                if previous == UInt8(ascii: "]"), byte == UInt8(ascii: ":") { return true }
                previous = byte
            }
        }
        return false
    }

    /// Spaces, tabs, `>` and list markers (`-`, `+`, `*`, `1.`, `1)`).
    private static func isMarkerByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }

    /// The pieces of lines `lines` of `source`, parsed on their own (identities from 0).
    static func parse(_ source: SourceText, lines: ClosedRange<Int>, firstID: Int = 0) -> [MarkdownSegment] {
        guard lines.lowerBound <= source.lineCount else { return [] }
        let startByte = source.lineStarts[lines.lowerBound - 1]
        let endByte =
            lines.upperBound < source.lineStarts.count ? source.lineStarts[lines.upperBound] : source.bytes.count
        return source.bytes.withUnsafeBufferPointer { all in
            MarkdownParser.segments(
                UnsafeBufferPointer(rebasing: all[startByte..<endByte]), firstLine: lines.lowerBound, firstID: firstID)
        }
    }

    private static func bodyBytes(_ source: SourceText, from firstLine: Int) -> Int {
        firstLine <= source.lineStarts.count ? source.bytes.count - source.lineStarts[firstLine - 1] : 0
    }
}
