/// The escaping of every `{{value}}`, done on UTF-8 bytes: `&`, `<`, `>`, `"` and `'` become
/// `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`.
///
/// On bytes nothing can hide: those five never occur inside a multi-byte UTF-8 sequence, so a quote
/// followed by a combining mark (one grapheme cluster, `"` + U+0338) is escaped like any other. (An
/// escaper that looks up Characters misses it, and card text could leave an attribute value.)
public enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
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
        // Runs without anything to escape are copied whole.
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if needsEscape(byte) {
                if index > runStart {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                switch byte {
                case UInt8(ascii: "&"): output += amp
                case UInt8(ascii: "<"): output += lt
                case UInt8(ascii: ">"): output += gt
                case UInt8(ascii: "\""): output += quot
                default: output += apos
                }
                runStart = index + 1
            }
            index += 1
        }
        if count > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
    }

    /// Whether `byte` is one of `& < > " '`: all five lie below 64, so one bit of a mask each.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 64 && (specialMask >> UInt64(byte)) & 1 != 0
    }

    private static let specialMask: UInt64 =
        1 << UInt64(UInt8(ascii: "&")) | 1 << UInt64(UInt8(ascii: "<")) | 1 << UInt64(UInt8(ascii: ">"))
        | 1 << UInt64(UInt8(ascii: "\"")) | 1 << UInt64(UInt8(ascii: "'"))

    private static let amp: [UInt8] = Array("&amp;".utf8)
    private static let lt: [UInt8] = Array("&lt;".utf8)
    private static let gt: [UInt8] = Array("&gt;".utf8)
    private static let quot: [UInt8] = Array("&quot;".utf8)
    private static let apos: [UInt8] = Array("&#39;".utf8)
}
