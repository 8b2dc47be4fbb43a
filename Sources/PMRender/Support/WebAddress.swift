/// Addresses pm-render writes into pages and calendar feeds as they were given (a site's `--base-url`, a wikilink
/// base): one rule for all of them, so that no scheme a browser would run (`javascript:`, `data:`) gets in, and the
/// paths pm-render appends to them make working links.
public enum WebAddress {
    /// Whether `text` is an `https://` or `http://` URL with a host (the scheme in any case), or, with `rootRelative`,
    /// a path from the site's root (`/wiki`; not `//host` or `/\host`, which a browser takes for another host);
    /// without white space, control characters or backslashes (a browser reads `\` as `/`), and without a query or a
    /// fragment, which would come before the path pm-render appends (`https://x.org/?a#b/index.html`). It must also
    /// make a URI once its letters beyond ASCII are percent-encoded (`uri(_:)`; a calendar feed's `URL` is one): no
    /// character a URI never holds (`"`, `<`, `>`, `` ` ``, `{`, `}`, `|`, `^`), a `%` only before two hex digits, and
    /// a host in ASCII (a host in other letters is written in its `xn--` form).
    public static func isAllowed(_ text: String, rootRelative: Bool) -> Bool {
        guard
            !text.unicodeScalars.contains(where: { "?#\"<>`{}|^".unicodeScalars.contains($0) }),
            hasValidEscapes(text)
        else { return false }
        if rootRelative, text.hasPrefix("/") { return isClean(text) && !text.hasPrefix("//") }
        return isLink(text) && host(of: text).allSatisfy(\.isASCII)
    }

    /// `text` with each byte of its letters beyond ASCII percent-encoded (`/프로젝트` is `/%ED%94%84…`), as a URI
    /// writes an address given with them (RFC 3987's mapping of an IRI to a URI).
    public static func uri(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if byte < 0x80 {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` is an `https://` or `http://` URL with a host (the scheme in any case), without white space,
    /// control characters or backslashes: a value a page may link to as it is (a card's `ticket: https://…` field).
    public static func isLink(_ text: String) -> Bool {
        guard isClean(text) else { return false }
        let scheme = text.prefix { $0 != ":" }.lowercased()
        guard scheme == "https" || scheme == "http", text.dropFirst(scheme.count).hasPrefix("://") else { return false }
        let host = host(of: text)
        return !host.isEmpty && host.first != ":" && host.first != "@"
    }

    /// What follows `://` up to the path, query or fragment.
    private static func host(of text: String) -> Substring {
        let scheme = text.prefix { $0 != ":" }
        return text.dropFirst(scheme.count + 3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

    /// Whether every `%` of `text` starts a percent-encoded byte (`%2F`).
    private static func hasValidEscapes(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "%" {
            guard index + 2 < scalars.count, Character(scalars[index + 1]).isHexDigit,
                Character(scalars[index + 2]).isHexDigit
            else { return false }
        }
        return true
    }

    private static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F || $0 == "\\"
        }
    }
}
