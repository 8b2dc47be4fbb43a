/// Addresses pm-render writes into pages and calendar feeds as they were given (a site's `--base-url`, a wikilink
/// base): one rule for all of them, so that no scheme a browser would run (`javascript:`, `data:`) gets in.
public enum WebAddress {
    /// Whether `text` starts with `https://` or `http://` (or, with `rootRelative`, `/`: a path from the site's
    /// root) and holds no white space or control character.
    public static func isAllowed(_ text: String, rootRelative: Bool) -> Bool {
        let startsWell =
            text.hasPrefix("https://") || text.hasPrefix("http://") || (rootRelative && text.hasPrefix("/"))
        return startsWell
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }
}
