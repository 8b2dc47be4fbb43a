/// Markdown values as plain text, for calendar descriptions, search, terminal output and other text-only outputs:
/// inline markup dropped, paragraphs separated by blank lines, list items prefixed with "- " (task items with
/// "[ ] " or "[x] "), code kept verbatim, link URLs in parentheses after their text.
enum PlainText {
    static func markdown(_ markdown: Markdown) -> String {
        var out = ""
        // Open nodes: where each ends, its kind, and what to write then.
        var open: [(end: Int, kind: Markdown.Kind, closing: String)] = []
        for (index, node) in markdown.nodes.enumerated() {
            while let last = open.last, last.end <= index {
                out += last.closing
                open.removeLast()
            }
            let inItem = open.last?.kind == .item
            switch node.kind {
            // Raw HTML is never written into a page, but text outputs show what the author wrote (`<tags>`).
            case .text, .code, .htmlInline: out += node.text
            case .codeBlock: out += node.text + (inItem ? "" : "\n")
            case .softBreak, .lineBreak: out += "\n"
            case .wikilink: out += node.wikilinkLabel
            case .embed: out += node.text
            case .thematicBreak: out += "---\n\n"
            case .item:
                out += node.flags.contains(.task) ? (node.flags.contains(.checked) ? "- [x] " : "- [ ] ") : "- "
            case .callout:
                out += (node.detail.isEmpty ? node.text : node.detail) + "\n"
            default: break
            }
            let closing: String
            switch node.kind {
            case .paragraph, .heading: closing = inItem ? "\n" : "\n\n"
            case .list: closing = "\n"
            case .link where !node.text.isEmpty && !MarkdownHTML.isDangerous(node.text): closing = " (\(node.text))"
            default: closing = ""
            }
            open.append((node.end, node.kind, closing))
        }
        for last in open.reversed() { out += last.closing }
        return out.trimmingWhitespace
    }
}
