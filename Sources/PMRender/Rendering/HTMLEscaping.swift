import Mustache

/// The escaping of every `{{value}}` in HTML templates, done on UTF-8 bytes.
///
/// swift-mustache's own HTML escaper looks each `Character` (grapheme cluster) up in a table, so a
/// quote or `<` followed by a combining mark (`"` + U+0338) is one Character missing from the table
/// and passes through unescaped: enough for card text to leave an attribute value. On bytes nothing
/// can hide: `& < > " '` never occur inside a multi-byte UTF-8 sequence. It is also several times
/// faster, and escaping is a large part of rendering a big board.
struct HTMLEscaping: MustacheContentType {
    /// The content type's name for swift-mustache's `CONTENT_TYPE` pragma.
    static let name = "PM_RENDER_HTML"

    /// The line `TemplateSet` puts before every template. (User templates may not have pragmas of
    /// their own, so none can turn escaping off.)
    static let pragmaLine = "{{% CONTENT_TYPE: \(name)}}\n"

    /// Registers the content type with swift-mustache (once, before any template is parsed).
    static let registered: Void = {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
    }()

    func escapeText(_ text: String) -> String {
        HTMLEscaping.escape(text)
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
    static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: needsEscape) else { return String(decoding: bytes, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8)
            append(bytes, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Appends `text` escaped to `output`.
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &output) }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        // Runs without anything to escape are copied whole.
        var runStart = 0
        for (index, byte) in bytes.enumerated() where needsEscape(byte) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            switch byte {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\""): output += "&quot;".utf8
            default: output += "&#39;".utf8
            }
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
