/// Markdown values as plain text, for calendar descriptions, search, terminal output and other text-only outputs:
/// inline markup dropped, paragraphs separated by blank lines, list items prefixed with "- " (task items with
/// "[ ] " or "[x] "), code kept verbatim, link URLs in parentheses after their text.
enum PlainText {
    static func markdown(_ markdown: Markdown) -> String {
        var out = ""
        // Open nodes: where each ends, its kind, and what to write then (a calendar writes this for every card: the
        // nodes are read in place, and nothing is made for a closing until it is written).
        var open: [(end: Int, kind: Markdown.Kind, closing: Closing)] = []
        let nodes = markdown.nodes
        for index in nodes.indices {
            while let last = open.last, last.end <= index {
                last.closing.write(nodes, into: &out)
                open.removeLast()
            }
            let inItem = open.last?.kind == .item
            let kind = nodes[index].kind
            switch kind {
            // Raw HTML is never written into a page, but text outputs show what the author wrote (`<tags>`).
            case .text, .code, .htmlInline: out += nodes[index].text
            case .codeBlock: out += nodes[index].text + (inItem ? "" : "\n")
            case .softBreak, .lineBreak: out += "\n"
            case .wikilink: out += nodes[index].wikilinkLabel
            case .embed: out += nodes[index].text
            case .thematicBreak: out += "---\n\n"
            case .item:
                let flags = nodes[index].flags
                out += flags.contains(.task) ? (flags.contains(.checked) ? "- [x] " : "- [ ] ") : "- "
            case .callout:
                let node = nodes[index]
                out += (node.detail.isEmpty ? node.text : node.detail) + "\n"
            default: break
            }
            let closing: Closing
            switch kind {
            case .paragraph, .heading: closing = inItem ? .line : .paragraph
            case .list: closing = .line
            case .link:
                let url = nodes[index].text
                closing = !url.isEmpty && !MarkdownHTML.isDangerous(url) ? .url(of: index) : .none
            default: closing = .none
            }
            open.append((nodes[index].end, kind, closing))
        }
        for last in open.reversed() { last.closing.write(nodes, into: &out) }
        return out.trimmingWhitespace
    }

    /// What ends a node in plain text.
    private enum Closing {
        case none
        /// A line break (a paragraph in a list item, a list).
        case line
        /// A blank line after a paragraph or heading.
        case paragraph
        /// ` (URL)` after a link's text: the URL of the link at this index.
        case url(of: Int)

        func write(_ nodes: [Markdown.Node], into out: inout String) {
            switch self {
            case .none: break
            case .line: out += "\n"
            case .paragraph: out += "\n\n"
            case .url(let index): out += " (\(nodes[index].text))"
            }
        }
    }
}
