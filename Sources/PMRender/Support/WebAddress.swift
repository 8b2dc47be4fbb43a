/// Addresses pm-render writes into pages and calendar feeds as they were given (a site's `--base-url`, a wikilink
/// base): one rule for all of them, so that no scheme a browser would run (`javascript:`, `data:`) gets in, and the
/// paths pm-render appends to them make working links.
public enum WebAddress {
    /// Whether `text` is an `https://` or `http://` URL with a host (the scheme in any case), or, with `rootRelative`,
    /// a path from the site's root (`/wiki`; not `//host` or `/\host`, which a browser takes for another host);
    /// without white space, control characters or backslashes (a browser reads `\` as `/`), and without a query or a
    /// fragment, which would come before the path pm-render appends (`https://x.org/?a#b/index.html`).
    public static func isAllowed(_ text: String, rootRelative: Bool) -> Bool {
        guard !text.unicodeScalars.contains(where: { $0 == "?" || $0 == "#" }) else { return false }
        if rootRelative, text.hasPrefix("/") { return isClean(text) && !text.hasPrefix("//") }
        return isLink(text)
    }

    /// Whether `text` is an `https://` or `http://` URL with a host (the scheme in any case), without white space,
    /// control characters or backslashes: a value a page may link to as it is (a card's `ticket: https://…` field).
    public static func isLink(_ text: String) -> Bool {
        guard isClean(text) else { return false }
        let scheme = text.prefix { $0 != ":" }.lowercased()
        guard scheme == "https" || scheme == "http", text.dropFirst(scheme.count).hasPrefix("://") else { return false }
        let host = text.dropFirst(scheme.count + 3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && host.first != ":" && host.first != "@"
    }

    private static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F || $0 == "\\"
        }
    }
}
