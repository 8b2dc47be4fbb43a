/// Markdown values as plain text, for calendar descriptions, search, terminal output and other text-only outputs:
/// inline markup dropped, paragraphs separated by blank lines, list items prefixed with "- " (task items with
/// "[ ] " or "[x] "), code kept verbatim, link URLs in parentheses after their text.
enum PlainText {
    static func markdown(_ markdown: Markdown) -> String {
        // Written as bytes (a calendar writes this for every card), made a string once.
        var out: [UInt8] = []
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
            case .text, .code, .htmlInline: out += nodes[index].text.utf8
            case .codeBlock:
                out += nodes[index].text.utf8
                if !inItem { out.append(0x0A) }
            case .softBreak, .lineBreak: out.append(0x0A)
            case .wikilink: out += nodes[index].wikilinkLabel.utf8
            case .embed: out += nodes[index].text.utf8
            case .thematicBreak: out += "---\n\n".utf8
            case .item:
                let flags = nodes[index].flags
                out += (flags.contains(.task) ? (flags.contains(.checked) ? "- [x] " : "- [ ] ") : "- ").utf8
            case .callout:
                let node = nodes[index]
                out += (node.detail.isEmpty ? node.text : node.detail).utf8
                out.append(0x0A)
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
        return trimmingWhitespace(out)
    }

    /// The text of `bytes` without leading and trailing whitespace (`String.trimmingWhitespace`), trimmed on bytes
    /// where the edges are ASCII.
    private static func trimmingWhitespace(_ bytes: [UInt8]) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        // Whitespace outside ASCII at an edge (a no-break space): the scalars say.
        guard start == end || (bytes[start] < 0x80 && bytes[end - 1] < 0x80) else {
            return String(decoding: bytes, as: UTF8.self).trimmingWhitespace
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
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

        func write(_ nodes: [Markdown.Node], into out: inout [UInt8]) {
            switch self {
            case .none: break
            case .line: out.append(0x0A)
            case .paragraph: out += "\n\n".utf8
            case .url(let index):
                out += " (".utf8
                out += nodes[index].text.utf8
                out.append(UInt8(ascii: ")"))
            }
        }
    }
}
