import Foundation

/// The path of a request to the preview server, percent-decoded once and checked.
///
/// Only origin-form targets (`/a/b.html?query`) are accepted. Each segment is decoded once, on its
/// own, so an encoded `/` (`%2f`) can never join or split segments; a segment that holds a slash, a
/// backslash, a NUL or another control character once decoded, or is not UTF-8, makes the request
/// malformed (400). Segments starting with a dot are refused as hidden (404) before anything is
/// looked up: `.` and `..` (encoded or not), and dotfiles and dot-folders, the `.pm-render-site`
/// marker among them, are never served.
struct RequestTarget: Equatable, Sendable {
    /// Decoded path segments; empty for `/`.
    var segments: [String]
    /// Whether the path ends with `/` (a folder: its `index.html` is served).
    var isFolder: Bool

    enum Refusal: Error, Equatable {
        /// Not a plain path (400).
        case malformed
        /// A hidden name (404).
        case hidden
    }

    static func parse(_ uri: String) -> Result<RequestTarget, Refusal> {
        var bytes = Array(uri.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return .failure(.malformed) }  // absolute-form, `*`, …
        if let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            bytes.removeSubrange(end...)
        }
        var raw = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let isFolder = raw.last?.isEmpty ?? true
        if isFolder { raw.removeLast() }
        var segments: [String] = []
        var hidden = false
        for piece in raw {
            guard let segment = decode(piece) else { return .failure(.malformed) }
            if segment.hasPrefix(".") { hidden = true }
            segments.append(segment)
        }
        return hidden ? .failure(.hidden) : .success(RequestTarget(segments: segments, isFolder: isFolder))
    }

    /// One segment, percent-decoded; nil when it is empty, badly encoded, or holds a character no
    /// file name here may hold.
    private static func decode(_ piece: ArraySlice<UInt8>) -> String? {
        var decoded: [UInt8] = []
        var index = piece.startIndex
        while index < piece.endIndex {
            var byte = piece[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < piece.endIndex, let high = hexValue(piece[index + 1]),
                    let low = hexValue(piece[index + 2])
                else { return nil }
                byte = high << 4 | low
                index += 2
            }
            guard byte >= 0x20, byte != 0x7F, byte != UInt8(ascii: "/"), byte != UInt8(ascii: "\\") else { return nil }
            decoded.append(byte)
            index += 1
        }
        guard !decoded.isEmpty else { return nil }
        return String(bytes: decoded, encoding: .utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The path, percent-encoded again (for a redirect's `Location`): always one leading `/`, never
    /// `//`, so it can only point to this server.
    var location: String {
        "/" + segments.map(Self.encode).joined(separator: "/") + (isFolder && !segments.isEmpty ? "/" : "")
    }

    private static func encode(_ segment: String) -> String {
        var encoded = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                encoded += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
            }
        }
        return encoded
    }
}
