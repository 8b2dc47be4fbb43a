/// The escaping of every `{{value}}`, done on UTF-8 bytes: `&`, `<`, `>`, `"` and `'` become
/// `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`, and a control character HTML does not allow in its text (any
/// below a space but tab, line feed, form feed and carriage return; DEL) becomes U+FFFD, the replacement character.
///
/// On bytes nothing can hide: those five never occur inside a multi-byte UTF-8 sequence, so a quote
/// followed by a combining mark (one grapheme cluster, `"` + U+0338) is escaped like any other. (An
/// escaper that looks up Characters misses it, and card text could leave an attribute value.)
public enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, and control characters by U+FFFD.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var output: [UInt8] = []
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` escaped to `output`.
    public static func append(_ text: String, to output: inout [UInt8]) {
        // Native strings are contiguous UTF-8 (small ones are copied to the stack): no allocation.
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ append($0, to: &output) }) {
            return done
        }
        append(Array(text.utf8), to: &output)
    }

    /// Appends `bytes` escaped to `output`.
    public static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0, to: &output) }
    }

    /// Appends `bytes` escaped to `output`.
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        // Most text has nothing to escape and is copied in one piece, after a scan eight bytes at a
        // time; the rest is counted, then written in place, without an append per run.
        let first = firstSpecial(in: bytes)
        guard first < bytes.count else {
            output.append(contentsOf: bytes)
            return
        }
        var extra = 0
        for byte in UnsafeBufferPointer(rebasing: bytes[first...]) where needsEscape(byte) {
            switch byte {
            case UInt8(ascii: "\""): extra += 5
            case UInt8(ascii: "&"), UInt8(ascii: "'"): extra += 4
            case UInt8(ascii: "<"), UInt8(ascii: ">"): extra += 3
            default: extra += 2  // U+FFFD: three bytes for one
            }
        }
        guard extra > 0 else {
            output.append(contentsOf: bytes)
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bytes.count + extra))
        output.withUnsafeMutableBufferPointer { buffer in
            var out = start
            func put(_ reference: StaticString) {
                for byte in UnsafeBufferPointer(start: reference.utf8Start, count: reference.utf8CodeUnitCount) {
                    buffer[out] = byte
                    out += 1
                }
            }
            for byte in bytes {
                guard needsEscape(byte) else {
                    buffer[out] = byte
                    out += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "&"): put("&amp;")
                case UInt8(ascii: "<"): put("&lt;")
                case UInt8(ascii: ">"): put("&gt;")
                case UInt8(ascii: "\""): put("&quot;")
                case UInt8(ascii: "'"): put("&#39;")
                default: put("\u{FFFD}")
                }
            }
        }
    }

    /// The offset of the first byte of `bytes` that needs escaping; `bytes.count` when none does.
    static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            // A zero byte where the special byte is; the classic test for a zero byte in a word.
            func has(_ special: UInt8) -> Bool {
                let matches = word ^ (ones &* UInt64(special))
                return (matches &- ones) & ~matches & highs != 0
            }
            // A byte below a space: the same test on the word less 0x20 in each byte (tab and line feed, which need
            // nothing, are sorted out byte by byte).
            let belowSpace = (word &- ones &* 0x20) & ~word & highs != 0
            if has(UInt8(ascii: "&")) || has(UInt8(ascii: "<")) || has(UInt8(ascii: ">")) || has(UInt8(ascii: "\""))
                || has(UInt8(ascii: "'")) || belowSpace || has(0x7F)
            {
                break  // somewhere in these eight bytes: found byte by byte below
            }
            offset += 8
        }
        while offset < bytes.count, !needsEscape(bytes[offset]) { offset += 1 }
        return offset
    }

    /// Whether `byte` is one of `& < > " '` or a control character HTML does not allow: all but DEL lie below 64,
    /// so one bit of a mask each.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 64 ? (specialMask >> UInt64(byte)) & 1 != 0 : byte == 0x7F
    }

    /// Bits 38 (`&`), 39 (`'`), 34 (`"`), 60 (`<`) and 62 (`>`), and 0 to 31 but 9, 10, 12 and 13 (tab, line feed, form
    /// feed, carriage return). (A literal: the escaper's inner loop reads it.)
    private static let specialMask: UInt64 = 0x5000_00C4_FFFF_C9FF
}
