/// Character classes and trimming on Unicode scalars, with ASCII fast paths: Unicode property look-ups are slow in
/// the hot loops of parsing, and Foundation's versions bridge through NSString.
extension Unicode.Scalar {
    /// Whitespace (Unicode's White_Space).
    @inline(__always) var isSpaceLike: Bool {
        value < 0x80 ? (value == 0x20 || (0x09...0x0D).contains(value)) : properties.isWhitespace
    }

    /// A letter or digit of any script.
    @inline(__always) var isWordCharacter: Bool {
        if value < 0x80 {
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        return properties.isAlphabetic || properties.numericType != nil
    }

    /// A digit of any script.
    @inline(__always) var isDigitLike: Bool {
        value < 0x80 ? (0x30...0x39).contains(value) : properties.numericType != nil
    }
}

extension String {
    /// Whether a byte of the text's UTF-8 satisfies `predicate` (tried in order, up to the first that does). Read from
    /// the string's storage where it can be: walking a `String.UTF8View` byte by byte costs several times more.
    @inline(__always) func containsByte(where predicate: (UInt8) -> Bool) -> Bool {
        var text = self
        return text.withUTF8 { bytes in
            for byte in bytes where predicate(byte) { return true }
            return false
        }
    }

    /// Whether the text's UTF-8 holds `byte` (`containsByte(where:)`).
    @inline(__always) func containsByte(_ byte: UInt8) -> Bool { containsByte { $0 == byte } }

    /// The string without leading and trailing whitespace and newlines.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpaceLike }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpaceLike })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// The text without the spaces and tabs it starts with, read as characters (a space that a combining mark follows
    /// is no space); nil when it starts with neither. On bytes where no character can join them: spaces and tabs are
    /// one byte, a tab never joins another character, and a space joins only what follows it, a mark (not ASCII).
    var withoutLeadingSpaces: String? {
        let bytes = utf8
        var index = bytes.startIndex
        while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index = bytes.index(after: index) }
        if index == bytes.startIndex { return nil }
        if index == bytes.endIndex || bytes[index] < 0x80 { return String(self[index...]) }
        let trimmed = String(drop(while: { $0 == " " || $0 == "\t" }))
        return trimmed.utf8.count == utf8.count ? nil : trimmed
    }

    /// The text without the spaces and tabs it ends with, read as characters; nil when it ends with neither. On bytes
    /// where no character can join them: a space joins only a character before it that prepends (not ASCII).
    var withoutTrailingSpaces: String? {
        let bytes = utf8
        var index = bytes.endIndex
        while index > bytes.startIndex {
            let before = bytes.index(before: index)
            guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
            index = before
        }
        if index == bytes.endIndex { return nil }
        if index == bytes.startIndex || bytes[bytes.index(before: index)] < 0x80 { return String(self[..<index]) }
        var trimmed = self
        while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
        return trimmed.utf8.count == utf8.count ? nil : trimmed
    }
}

extension StringProtocol {
    /// Whether the text holds `needle`, byte for byte. (Foundation's `contains` goes through NSString, and the
    /// standard library's generic search of one collection in another is slower still.)
    func holdsBytes(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        return utf8.withContiguousStorageIfAvailable { Self.find(pattern, in: $0) }
            ?? Self.find(pattern, in: Array(utf8))
    }

    private static func find(_ pattern: UnsafeBufferPointer<UInt8>, in bytes: some RandomAccessCollection<UInt8>)
        -> Bool
    {
        guard let first = pattern.first else { return true }
        guard bytes.count >= pattern.count else { return false }
        var start = bytes.startIndex
        let last = bytes.index(bytes.endIndex, offsetBy: -pattern.count)
        while start <= last {
            if bytes[start] == first,
                pattern.indices.dropFirst().allSatisfy({ bytes[bytes.index(start, offsetBy: $0)] == pattern[$0] })
            {
                return true
            }
            start = bytes.index(after: start)
        }
        return false
    }
}

extension Substring {
    /// The substring without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while end > start {
            let before = bytes.index(before: end)
            guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
            end = before
        }
        return self[start..<end]
    }

    /// `Done (2023)`: what stands before a bracketed suffix, and what the brackets hold.
    var bracketedSuffix: (before: Substring, inside: Substring)? {
        guard let last, last == ")" || last == "]" || last == "）",
            let open = lastIndex(where: { $0 == "(" || $0 == "[" || $0 == "（" }), open > startIndex
        else { return nil }
        return (self[..<open].trimmingSpaces, self[index(after: open)..<index(before: endIndex)])
    }
}
