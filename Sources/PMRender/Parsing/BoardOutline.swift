#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A board file cut into its cards and the rest (the "frame": front matter, preamble, section
/// headings, breaks, comments, lane markers) by a line scanner, without cmark.
///
/// `VersionParser` uses it to re-parse only the cards that changed between versions of a board.
/// The scanner accepts only files whose shape leaves no doubt about where every card starts and
/// ends, and whose cards read the same on their own; for anything cmark could read differently
/// (fenced code or HTML indented where it could escape a card, setext headings, tabs in indentation,
/// lazy continuation lines, ordered lists at the top level, link reference definitions, carriage
/// returns, …) it gives up, and the caller parses the whole file.
struct BoardOutline {
    /// One card's source: from its `- ` or `###` line to the line before the next top-level piece
    /// (trailing blank lines included).
    struct CardPiece {
        var bytes: Range<Int>
        /// 1-based line of the card's first line.
        var line: Int
    }

    /// The file with each run of consecutive cards replaced by one marker card `- [ ] mN`, where N
    /// is the run's index: parsing it tells which column (or the archive) each run belongs to.
    var frame: [UInt8] = []
    /// For each line of `frame` (0-based), the 1-based line of the file it comes from.
    var frameLines: [Int] = []
    /// The runs of cards, in file order.
    var runs: [[CardPiece]] = []

    /// The marker title of run `index`.
    static func markerTitle(_ index: Int) -> String { "m\(index)" }

    /// The run a marker card of the parsed frame stands for; nil for any other card.
    func run(ofMarker title: String) -> [CardPiece]? {
        guard title.first == "m", let index = Int(title.dropFirst()), runs.indices.contains(index),
              BoardOutline.markerTitle(index) == title else { return nil }
        return runs[index]
    }

    /// Nil when the file's shape is not one the scanner is sure about.
    init?(_ bytes: [UInt8]) {
        guard let scanned = bytes.withUnsafeBufferPointer({ buffer in
            var scanner = Scanner(bytes: buffer)
            return scanner.run()
        }) else { return nil }
        var pendingRun: [CardPiece] = []
        var lastPieceEndsBlank = false
        func flushRun() {
            guard !pendingRun.isEmpty else { return }
            frame += Array("- [ ] \(BoardOutline.markerTitle(runs.count))\n".utf8)
            frameLines.append(pendingRun[0].line)
            if lastPieceEndsBlank {
                frame.append(0x0A)
                frameLines.append(pendingRun[0].line)
            }
            runs.append(pendingRun)
            pendingRun = []
        }
        for piece in scanned {
            switch piece.kind {
            case .card:
                pendingRun.append(CardPiece(bytes: piece.bytes, line: piece.firstLine))
                lastPieceEndsBlank = piece.endsWithBlankLine
            case .frame:
                flushRun()
                frame += bytes[piece.bytes]
                frameLines += piece.firstLine..<(piece.firstLine + piece.lineCount)
            }
        }
        flushRun()
    }
}

/// The line scanner behind `BoardOutline`.
private struct Scanner {
    enum Kind { case frame, card }

    struct Piece {
        var kind: Kind
        var bytes: Range<Int>
        var firstLine: Int
        var lineCount: Int
        var endsWithBlankLine: Bool
    }

    /// What the lines being read belong to.
    enum Mode {
        /// Before the first `##` heading: all frame.
        case preamble
        /// Between cards of a section, or after a frame piece in it.
        case section
        /// Inside a list card whose content is indented by this many columns.
        case listCard(Int)
        /// Inside a `###` card's body (up to the next heading of level 1 to 3).
        case headingCard
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// Start offsets of the lines (0-based line numbers).
    var starts: [Int] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: - Lines

    /// End of line `index` (before its newline).
    func end(_ index: Int) -> Int {
        let next = index + 1 < starts.count ? starts[index + 1] : bytes.count
        return next > starts[index] && bytes[next - 1] == 0x0A ? next - 1 : next
    }

    func isBlank(_ index: Int) -> Bool {
        isBlank(index, from: starts[index])
    }

    /// Whether line `index` holds only spaces and tabs from byte `offset` on.
    func isBlank(_ index: Int, from offset: Int) -> Bool {
        var offset = offset
        let stop = end(index)
        while offset < stop {
            if bytes[offset] != 0x20, bytes[offset] != 0x09 { return false }
            offset += 1
        }
        return true
    }

    /// Leading spaces; nil when the indentation holds a tab (the scanner does not expand tabs).
    func indent(_ index: Int) -> Int? {
        var offset = starts[index]
        let stop = end(index)
        while offset < stop, bytes[offset] == 0x20 { offset += 1 }
        if offset < stop, bytes[offset] == 0x09 { return nil }
        return offset - starts[index]
    }

    func byte(_ index: Int, _ column: Int) -> UInt8? {
        let offset = starts[index] + column
        return offset < end(index) ? bytes[offset] : nil
    }

    /// The level of an ATX heading starting in column 0, else nil.
    func headingLevel(_ index: Int) -> Int? {
        var level = 0
        while byte(index, level) == UInt8(ascii: "#") { level += 1 }
        guard (1...6).contains(level) else { return nil }
        let next = byte(index, level)
        return next == nil || next == 0x20 || next == 0x09 ? level : nil
    }

    /// Whether the line, after `indent` spaces, is a thematic break (three or more `-`, `*` or `_`).
    func isThematicBreak(_ index: Int, from indent: Int) -> Bool {
        guard let first = byte(index, indent), "-*_".utf8.contains(first) else { return false }
        var count = 0
        var offset = starts[index] + indent
        let stop = end(index)
        while offset < stop {
            let byte = bytes[offset]
            if byte == first { count += 1 } else if byte != 0x20, byte != 0x09 { return false }
            offset += 1
        }
        return count >= 3
    }

    /// Whether the line, after `indent` spaces, could underline a setext heading (`===` or `---`).
    func isSetextUnderline(_ index: Int, from indent: Int) -> Bool {
        guard let first = byte(index, indent), first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else { return false }
        var offset = starts[index] + indent
        let stop = end(index)
        while offset < stop, bytes[offset] == first { offset += 1 }
        while offset < stop, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
        return offset == stop
    }

    /// Whether the line, after `indent` spaces, starts a fence (```` ``` ```` or `~~~`); returns its
    /// character and length.
    func fence(_ index: Int, from indent: Int) -> (UInt8, Int)? {
        guard let first = byte(index, indent), first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        var length = 0
        while byte(index, indent + length) == first { length += 1 }
        guard length >= 3 else { return nil }
        // A backtick fence's info string holds no backtick (else the line is paragraph text).
        if first == UInt8(ascii: "`") {
            var offset = starts[index] + indent + length
            let stop = end(index)
            while offset < stop {
                if bytes[offset] == first { return nil }
                offset += 1
            }
        }
        return (first, length)
    }

    /// Whether the line closes a fence opened with `opening`.
    func closesFence(_ index: Int, _ opening: (UInt8, Int)) -> Bool {
        guard let indent = indent(index), indent <= 3, let (character, length) = fence(index, from: indent),
              character == opening.0, length >= opening.1 else { return false }
        return isBlank(index, from: starts[index] + indent + length)
    }

    /// A bullet list item in column 0 with content: the column its content starts at.
    func bulletContentIndent(_ index: Int) -> Int? {
        guard let marker = byte(index, 0), "-*+".utf8.contains(marker) else { return nil }
        var spaces = 0
        while byte(index, 1 + spaces) == 0x20 { spaces += 1 }
        guard spaces >= 1, spaces <= 4, let next = byte(index, 1 + spaces), next != 0x09 else { return nil }
        return 1 + spaces
    }

    func contains(_ index: Int, _ a: UInt8, _ b: UInt8, from column: Int = 0) -> Bool {
        var offset = starts[index] + column
        let stop = end(index)
        while offset + 1 < stop {
            if bytes[offset] == a, bytes[offset + 1] == b { return true }
            offset += 1
        }
        return false
    }

    func hasPrefix(_ index: Int, _ text: String) -> Bool {
        var column = 0
        for byte in text.utf8 {
            guard self.byte(index, column) == byte else { return false }
            column += 1
        }
        return true
    }

    // MARK: - Scan

    mutating func run() -> [Piece]? {
        // Carriage returns and a byte-order mark are normalised by the full parser; leave them to it.
        if bytes.isEmpty { return [] }
        guard let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) == nil,
              !(bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) else { return nil }
        // A link reference definition (`[label]: url`) anywhere turns `[label]` into a link everywhere,
        // across cards: such files are parsed whole. Every definition holds `]:`.
        var bracket = 0
        while bracket < bytes.count, let found = memchr(base + bracket, 0x5D, bytes.count - bracket) {
            bracket = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            if bracket < bytes.count, bytes[bracket] == UInt8(ascii: ":") { return nil }
        }
        starts = [0]
        var offset = 0
        while offset < bytes.count, let newline = memchr(base + offset, 0x0A, bytes.count - offset) {
            offset = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
            if offset < bytes.count { starts.append(offset) }
        }
        let count = starts.count

        var pieces: [Piece] = []
        var pieceStart = 0
        var pieceKind = Kind.frame
        func close(at line: Int) {
            guard line > pieceStart else { return }
            let range = starts[pieceStart]..<(line < count ? starts[line] : bytes.count)
            pieces.append(Piece(kind: pieceKind, bytes: range, firstLine: pieceStart + 1, lineCount: line - pieceStart,
                                endsWithBlankLine: isBlank(line - 1)))
        }
        func open(_ kind: Kind, at line: Int) {
            close(at: line)
            pieceStart = line
            pieceKind = kind
        }

        var line = 0
        // Front matter: frame up to its closing delimiter (an unclosed one is an error: full parse).
        if isDelimiter(0, dots: false) {
            line = 1
            while line < count, !isDelimiter(line, dots: true) { line += 1 }
            guard line < count else { return nil }
            line += 1
        }

        var mode = Mode.preamble
        var previousBlank = true
        var previousHeading = false
        while line < count {
            if isBlank(line) {
                previousBlank = true
                previousHeading = false
                line += 1
                continue
            }
            guard let indent = indent(line) else { return nil }
            let afterBlank = previousBlank
            let afterHeading = previousHeading
            previousBlank = false
            previousHeading = false

            if case .listCard(let contentIndent) = mode, indent > 0 {
                // Inside the card; less indented, cmark could read a lazy continuation or a new block.
                guard indent >= contentIndent else { return nil }
                line += 1
                continue
            }

            if case .preamble = mode, !(indent == 0 && headingLevel(line) == 2) {
                guard let next = bodyLine(line, indent: indent, afterBlank: afterBlank, afterHeading: afterHeading,
                                          comments: true) else { return nil }
                previousHeading = indent == 0 && headingLevel(line) != nil
                line = next
                continue
            }
            if case .headingCard = mode, !(indent == 0 && (headingLevel(line) ?? 4) <= 3) {
                guard let next = bodyLine(line, indent: indent, afterBlank: afterBlank, afterHeading: afterHeading,
                                          comments: false) else { return nil }
                previousHeading = indent == 0 && headingLevel(line) != nil
                line = next
                continue
            }

            // Column 0 at the top level of a section: a heading, a card, a break, a comment or a lane marker.
            guard indent == 0 else { return nil }
            if let level = headingLevel(line) {
                guard level <= 3 else { return nil }  // stray content: its diagnostics come from the full parse
                open(level == 3 ? .card : .frame, at: line)
                mode = level == 3 ? .headingCard : .section
                previousHeading = true
                line += 1
            } else if isThematicBreak(line, from: 0) {
                guard afterBlank || afterHeading else { return nil }
                open(.frame, at: line)
                mode = .section
                line += 1
            } else if let contentIndent = bulletContentIndent(line) {
                open(.card, at: line)
                mode = .listCard(contentIndent)
                line += 1
            } else if hasPrefix(line, "%%") {
                guard afterBlank || afterHeading, let closing = commentEnd(from: line) else { return nil }
                open(.frame, at: line)
                mode = .section
                line = closing + 1
            } else if isCompleteMarker(line) {
                guard afterBlank || afterHeading else { return nil }
                let next = line + 1
                guard next >= count || isBlank(next) || headingLevel(next) != nil || bulletContentIndent(next) != nil else {
                    return nil
                }
                open(.frame, at: line)
                mode = .section
                line += 1
            } else {
                return nil
            }
        }
        close(at: count)
        return pieces
    }

    /// A line of the preamble or of a heading card's body, which stays where it is unless it could
    /// start a block that hides a heading (fenced code or HTML) or turn the text above it into a
    /// heading (a setext underline). Returns the next line to read; nil to give up.
    private func bodyLine(_ line: Int, indent: Int, afterBlank: Bool, afterHeading: Bool, comments: Bool) -> Int? {
        if indent > 3 { return line + 1 }  // indented code or a continuation line
        let first = byte(line, indent)
        if first == UInt8(ascii: "<") || (isSetextUnderline(line, from: indent) && !afterBlank && !afterHeading) {
            return nil
        }
        if indent > 0 {
            // An indented fence, heading or comment could be at the top level or inside a list item.
            if first == UInt8(ascii: "#") || fence(line, from: indent) != nil || (comments && first == 0x25) { return nil }
            return line + 1
        }
        if let opening = fence(line, from: 0) {
            // A top-level fence: skip to its end (or the end of the file).
            var next = line + 1
            while next < starts.count, !closesFence(next, opening) { next += 1 }
            return next + 1
        }
        if comments, hasPrefix(line, "%%") {
            // A comment in the preamble must close before the first section, as the full parser sees it.
            return commentEnd(from: line).map { $0 + 1 }
        }
        return line + 1
    }

    private func isDelimiter(_ index: Int, dots: Bool) -> Bool {
        var stop = end(index)
        while stop > starts[index], bytes[stop - 1] == 0x20 || bytes[stop - 1] == 0x09 { stop -= 1 }
        guard stop - starts[index] == 3 else { return false }
        let first = bytes[starts[index]]
        guard first == UInt8(ascii: "-") || (dots && first == UInt8(ascii: ".")) else { return false }
        return bytes[starts[index] + 1] == first && bytes[starts[index] + 2] == first
    }

    private func isCompleteMarker(_ index: Int) -> Bool {
        var stop = end(index)
        while stop > starts[index], bytes[stop - 1] == 0x20 { stop -= 1 }
        return stop - starts[index] == 12 && hasPrefix(index, "**Complete**")
    }

    /// The last line of an Obsidian `%%` comment opened on `first`: the line holding the closing
    /// `%%`, when the comment's lines are plain enough that cmark's blocks end exactly there.
    private func commentEnd(from first: Int) -> Int? {
        let count = starts.count
        var line = first
        while line < count {
            if line > first {
                if isBlank(line) { line += 1; continue }
                guard let indent = indent(line), indent == 0, let byte = byte(line, 0) else { return nil }
                if let opening = fence(line, from: 0) {
                    line += 1
                    while line < count, !closesFence(line, opening) {
                        if contains(line, 0x25, 0x25) { return nil }
                        line += 1
                    }
                    guard line < count else { return nil }
                    line += 1
                    continue
                }
                // Lines that could start a block running past the closing `%%` are left to the full parse.
                guard !"-*+#><=_[|0123456789".utf8.contains(byte) else { return nil }
            }
            if contains(line, 0x25, 0x25, from: line == first ? 2 : 0) {
                return line + 1 >= count || isBlank(line + 1) ? line : nil
            }
            line += 1
        }
        return nil
    }
}
