#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A board's text as validated UTF-8 bytes with LF line endings and no BOM, indexed by line.
///
/// Working on bytes keeps a 50 MB board cheap: strings are made only for the pieces the model keeps.
struct SourceText: Sendable {
    /// Normalised bytes: BOM removed, CRLF and lone CR turned into LF.
    let bytes: [UInt8]
    /// Byte offset where each line starts; `lineStarts[0]` is line 1.
    let lineStarts: [Int]
    /// Whether the file ended its lines with CR LF (or CR).
    let hadCRLF: Bool
    /// Whether the file started with a UTF-8 byte-order mark.
    let hadBOM: Bool

    enum DecodingError: Error, Equatable {
        case notUTF8(SourceLocation)
        case nulCharacter(SourceLocation)
    }

    /// Validates and normalises raw file contents. A file with no BOM and no CR (the usual case)
    /// is kept as it is, its storage shared with `raw`: a large board is not held twice.
    init(decoding raw: [UInt8]) throws(DecodingError) {
        // The usual file (no BOM, no CR, no NUL, valid UTF-8) is only scanned for its line starts.
        if let lineStarts = Self.plainLineStarts(raw) {
            bytes = raw
            self.lineStarts = lineStarts
            hadBOM = false
            hadCRLF = false
            return
        }
        var start = 0
        if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { start = 3 }
        // Bytes are copied only from the first byte that changes (a BOM, a CR) on.
        var copying = start > 0
        var bytes: [UInt8] = []
        if copying { bytes.reserveCapacity(raw.count - start) }
        var lineStarts = [0]
        var lineStartInRaw = start
        var index = start
        let count = raw.count
        while index < count {
            let byte = raw[index]
            if byte < 0x80 {
                if byte == 0x0A {
                    if copying { bytes.append(byte) }
                    lineStarts.append(copying ? bytes.count : index + 1)
                    lineStartInRaw = index + 1
                } else if byte == 0x0D {
                    if !copying {
                        copying = true
                        bytes.reserveCapacity(raw.count)
                        bytes.append(contentsOf: raw[..<index])
                    }
                    bytes.append(0x0A)
                    lineStarts.append(bytes.count)
                    if index + 1 < count, raw[index + 1] == 0x0A { index += 1 }
                    lineStartInRaw = index + 1
                } else if byte == 0 {
                    throw .nulCharacter(
                        SourceText.location(
                            in: raw, lineStart: lineStartInRaw, offset: index,
                            line: lineStarts.count))
                } else if copying {
                    bytes.append(byte)
                }
                index += 1
                continue
            }
            let length = SourceText.utf8SequenceLength(raw, at: index)
            guard length > 0 else {
                throw .notUTF8(
                    SourceText.location(
                        in: raw, lineStart: lineStartInRaw, offset: index,
                        line: lineStarts.count))
            }
            if copying { bytes.append(contentsOf: raw[index..<index + length]) }
            index += length
        }
        self.bytes = copying ? bytes : raw
        self.lineStarts = lineStarts
        self.hadBOM = start > 0
        self.hadCRLF = copying && bytes.count < raw.count - start
    }

    /// Number of lines (a trailing newline does not start a new line).
    var lineCount: Int {
        if let last = lineStarts.last, last == bytes.count, lineStarts.count > 1 { return lineStarts.count - 1 }
        return lineStarts.count
    }

    /// Byte range of a 1-based line, without its newline.
    func byteRange(ofLine line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        return start..<end
    }

    /// A line's text, without its newline.
    func line(_ line: Int) -> String {
        String(decoding: bytes[byteRange(ofLine: line)], as: UTF8.self)
    }

    /// A line's text from a 1-based byte column on.
    func line(_ line: Int, fromByteColumn column: Int) -> String {
        let range = byteRange(ofLine: line)
        let start = min(range.lowerBound + max(column - 1, 0), range.upperBound)
        return String(decoding: bytes[start..<range.upperBound], as: UTF8.self)
    }

    /// Whether a line is empty or only spaces and tabs.
    /// Whether `byte` occurs anywhere in the text (`memchr`: a board of thousands of lines is scanned in
    /// microseconds).
    func contains(_ byte: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }

    /// Whether `first` is followed by `second` anywhere in the text (`memchr` from one `first` to the next).
    func contains(_ first: UInt8, followedBy second: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard var position = buffer.baseAddress else { return false }
            let end = position + buffer.count
            while position < end, let found = memchr(position, Int32(first), end - position) {
                let next = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
                if next < end, next.pointee == second { return true }
                position = next
            }
            return false
        }
    }

    func isBlank(_ line: Int) -> Bool {
        bytes[byteRange(ofLine: line)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Converts a 1-based byte column into a 1-based character (Unicode scalar) column.
    func column(line: Int, byteColumn: Int) -> Int {
        let range = byteRange(ofLine: line)
        let end = min(range.lowerBound + max(byteColumn - 1, 0), range.upperBound)
        var scalars = 0
        for byte in bytes[range.lowerBound..<end] where byte & 0xC0 != 0x80 { scalars += 1 }
        return scalars + 1 + max(0, byteColumn - 1 - (end - range.lowerBound))
    }

    /// Text of lines `first...last` joined with LF, each with up to `indent` columns of leading
    /// whitespace removed (tabs advance to the next multiple of 4, as in CommonMark). Leading and
    /// trailing blank lines are dropped.
    func text(lines first: Int, through last: Int, removingIndent indent: Int, keepBlankEdges: Bool = false) -> String {
        var lo = max(first, 1)
        var hi = min(last, lineCount)
        if !keepBlankEdges {
            while lo <= hi, isBlank(lo) { lo += 1 }
            while hi >= lo, isBlank(hi) { hi -= 1 }
        }
        guard lo <= hi else { return "" }
        var out: [UInt8] = []
        append(lines: lo, through: hi, removingIndent: indent, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text(lines:through:removingIndent:keepBlankEdges: true)` for lines `lo` to `hi` of the text,
    /// appended to `out`.
    func append(lines lo: Int, through hi: Int, removingIndent indent: Int, to out: inout [UInt8]) {
        for line in lo...hi {
            let range = byteRange(ofLine: line)
            var index = range.lowerBound
            var column = 0
            var pendingSpaces = 0
            while index < range.upperBound, column < indent {
                let byte = bytes[index]
                if byte == 0x20 {
                    column += 1
                } else if byte == 0x09 {
                    let next = (column / 4 + 1) * 4
                    if next > indent {
                        pendingSpaces = next - indent
                        column = indent
                    } else {
                        column = next
                    }
                } else {
                    break
                }
                index += 1
            }
            if line > lo { out.append(0x0A) }
            out.append(contentsOf: repeatElement(0x20, count: pendingSpaces))
            out.append(contentsOf: bytes[index..<range.upperBound])
        }
    }

    // MARK: - UTF-8 validation

    /// The line starts of a file that needs no change, or nil when it has a BOM, a CR, a NUL or bytes that are
    /// not UTF-8 (the general path then normalises it or says where it is wrong).
    private static func plainLineStarts(_ raw: [UInt8]) -> [Int]? {
        raw.withUnsafeBufferPointer { buffer -> [Int]? in
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { return nil }
            var lineStarts = [0]
            lineStarts.reserveCapacity(buffer.count / 32 + 1)
            var index = 0
            let raw = UnsafeRawBufferPointer(buffer)
            var wordsFrom = 0  // where eight bytes at a time may be tried again
            while index < buffer.count {
                // Eight printable ASCII bytes at once (no byte of 0x80 or more, none below 0x20): most of a board.
                // A word that is not is read byte by byte, and words are tried again after it.
                if index >= wordsFrom {
                    wordsFrom = buffer.count
                    while index + 8 <= buffer.count {
                        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        let belowSpace = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                        guard (word | belowSpace) & 0x8080_8080_8080_8080 == 0 else {
                            wordsFrom = index + 8
                            break
                        }
                        index += 8
                    }
                    guard index < buffer.count else { break }
                }
                let byte = buffer[index]
                if byte >= 0x20 || byte == 0x09 {
                    if byte < 0x80 {
                        index += 1
                    } else {
                        let length = utf8SequenceLength(buffer, at: index)
                        guard length > 0 else { return nil }
                        index += length
                    }
                } else if byte == 0x0A {
                    index += 1
                    lineStarts.append(index)
                } else if byte == 0x0D || byte == 0 {
                    return nil
                } else {
                    index += 1  // other control characters are text
                }
            }
            // Room for a line every 32 bytes, grown by doubling: kept at its size, as it lives as long as the board.
            return lineStarts.atItsSize
        }
    }

    private static func utf8SequenceLength<Bytes: RandomAccessCollection<UInt8>>(_ raw: Bytes, at index: Int) -> Int
    where Bytes.Index == Int {
        let lead = raw[index]
        let length: Int
        let minSecond: UInt8
        let maxSecond: UInt8
        switch lead {
        case 0xC2...0xDF: (length, minSecond, maxSecond) = (2, 0x80, 0xBF)
        case 0xE0: (length, minSecond, maxSecond) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, minSecond, maxSecond) = (3, 0x80, 0xBF)
        case 0xED: (length, minSecond, maxSecond) = (3, 0x80, 0x9F)
        case 0xF0: (length, minSecond, maxSecond) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, minSecond, maxSecond) = (4, 0x80, 0xBF)
        case 0xF4: (length, minSecond, maxSecond) = (4, 0x80, 0x8F)
        default: return 0
        }
        guard index + length <= raw.count else { return 0 }
        guard raw[index + 1] >= minSecond, raw[index + 1] <= maxSecond else { return 0 }
        for offset in 2..<length where raw[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    private static func location(in raw: [UInt8], lineStart: Int, offset: Int, line: Int) -> SourceLocation {
        var column = 1
        var index = lineStart
        while index < offset {
            if raw[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
