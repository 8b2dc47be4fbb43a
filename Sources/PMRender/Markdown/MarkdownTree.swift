import CCmark
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The only place that calls cmark. It parses a buffer once, exposes the blocks the board parser
// needs as Swift values, and renders block ranges to HTML in cmark's safe default mode. No cmark type
// leaves this file: `MarkdownNode` is an opaque, internal handle valid only inside `parse`.

/// An opaque handle to a node of a `MarkdownTree`; valid only while the tree is alive.
struct MarkdownNode: @unchecked Sendable {
    fileprivate let pointer: OpaquePointer
}

/// A block of a parsed document, as a Swift value.
struct MarkdownBlock: Sendable {
    enum Kind: Equatable {
        case heading(level: Int)
        case paragraph
        case list
        case item
        case thematicBreak
        case htmlBlock
        case codeBlock
        case blockQuote
        case other
    }

    let kind: Kind
    /// 1-based line within the parsed buffer.
    let line: Int
    /// 1-based byte column within that line.
    let byteColumn: Int
    let node: MarkdownNode
}

/// A run of a block's inline text, flattened to plain text.
struct InlineSegment {
    var text: String
    /// Code spans are kept verbatim: no tags, deadlines or IDs are read from them.
    var isCode: Bool
}

/// A parsed CommonMark document that owns its cmark tree.
/// Sendable so that the cards of a large board are read side by side (`CardReader`): each thread
/// reads its own cards' subtrees only, and cmark's reads of disjoint subtrees share no state (copying
/// a text node's literal changes that node alone). The tree is freed after every reader returns.
struct MarkdownTree: ~Copyable, @unchecked Sendable {
    private let root: OpaquePointer

    private init(root: OpaquePointer) {
        self.root = root
    }

    /// Parses `bytes` (UTF-8) and runs `body` with the tree, freeing it afterwards.
    static func parse<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (borrowing MarkdownTree) throws -> R) rethrows -> R {
        // CMARK_OPT_DEFAULT is the safe mode: raw HTML is omitted and dangerous URLs are emptied.
        let root: OpaquePointer = bytes.withMemoryRebound(to: CChar.self) { chars in
            guard let base = chars.baseAddress else { return cmark_parse_document("", 0, CMARK_OPT_DEFAULT) }
            return cmark_parse_document(base, chars.count, CMARK_OPT_DEFAULT)
        }
        defer { cmark_node_free(root) }
        replaceUnsafeImages(root)
        let tree = MarkdownTree(root: root)
        return try body(tree)
    }

    /// cmark's safe mode renders an image whose URL it refuses (`javascript:`, `data:text/html`, …) as
    /// `<img src="">`, which is harmless but invalid HTML. Such images become their alt text instead.
    private static func replaceUnsafeImages(_ root: OpaquePointer) {
        var unsafe: [OpaquePointer] = []
        let iterator = cmark_iter_new(root)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_IMAGE else { continue }
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if isDangerous(url) { unsafe.append(node) }
        }
        cmark_iter_free(iterator)
        for image in unsafe {
            // Move the alt text (the image's children) in front of the image, then drop the image.
            while let child = cmark_node_first_child(image) {
                cmark_node_insert_before(image, child)
            }
            cmark_node_unlink(image)
            cmark_node_free(image)
        }
    }

    /// The URLs cmark's safe mode blanks: `javascript:`, `vbscript:`, `file:`, and `data:` other than
    /// PNG, GIF, JPEG and WebP images.
    static func isDangerous(_ url: String) -> Bool {
        let lower = url.lowercased()
        if lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("file:") { return true }
        guard lower.hasPrefix("data:") else { return false }
        return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { lower.hasPrefix($0) }
    }

    /// The document's top-level blocks, in order.
    func topLevelBlocks() -> [MarkdownBlock] {
        children(of: MarkdownNode(pointer: root))
    }

    /// The child blocks of a container block (a list's items, an item's blocks).
    func children(of node: MarkdownNode) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var child = cmark_node_first_child(node.pointer)
        while let current = child {
            blocks.append(block(current))
            child = cmark_node_next(current)
        }
        return blocks
    }

    /// Number of source lines of a paragraph or heading: one more than its line breaks.
    func lineCount(of node: MarkdownNode) -> Int {
        var count = 1
        var child = cmark_node_first_child(node.pointer)
        while let current = child {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { count += 1 }
            child = cmark_node_next(current)
        }
        return count
    }

    /// The inline content of a paragraph or heading as plain-text segments (emphasis and link markup
    /// dropped, image alt text kept). With `firstLineOnly`, stops at the first line break.
    func inlineSegments(of node: MarkdownNode, firstLineOnly: Bool) -> [InlineSegment] {
        var segments: [InlineSegment] = []
        func append(_ text: String, code: Bool) {
            if let last = segments.last, last.isCode == code {
                segments[segments.count - 1].text += text
            } else {
                segments.append(InlineSegment(text: text, isCode: code))
            }
        }
        let iterator = cmark_iter_new(node.pointer)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_HTML_INLINE {
                append(literal(current), code: false)
            } else if type == CMARK_NODE_CODE {
                append(literal(current), code: true)
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                if firstLineOnly { break }
                append(" ", code: false)
            }
        }
        return segments
    }

    /// Renders blocks to HTML, one after another, in cmark's safe mode.
    func renderHTML(_ blocks: some Sequence<MarkdownBlock>) -> String {
        var html = ""
        for block in blocks {
            html += render(block.node.pointer)
        }
        return html
    }

    /// Blocks as plain text: inline markup dropped, paragraphs separated by blank lines, list items
    /// prefixed with "- ", code kept verbatim. For calendar descriptions and other plain-text outputs.
    func plainText(_ blocks: some Sequence<MarkdownBlock>, skippingLines skipped: Int = 0) -> String {
        var out = ""
        for block in blocks {
            let iterator = cmark_iter_new(block.node.pointer)
            defer { cmark_iter_free(iterator) }
            var breaksToSkip = skipped
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if breaksToSkip > 0 {
                    // Still on the lines already used (a list card's title and fields): skip every event.
                    if event == CMARK_EVENT_ENTER, type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { breaksToSkip -= 1 }
                    continue
                }
                if event == CMARK_EVENT_ENTER {
                    switch type {
                    case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                        out += literal(node)
                    case CMARK_NODE_CODE_BLOCK:
                        out += literal(node) + "\n"
                    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                        out += "\n"
                    case CMARK_NODE_ITEM:
                        out += "- "
                    case CMARK_NODE_THEMATIC_BREAK:
                        out += "---\n\n"
                    default:
                        break
                    }
                } else if event == CMARK_EVENT_EXIT {
                    switch type {
                    case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                        out += cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_ITEM ? "\n" : "\n\n"
                    case CMARK_NODE_LIST:
                        out += "\n"
                    case CMARK_NODE_LINK:
                        if let url = cmark_node_get_url(node), url.pointee != 0 { out += " (\(String(cString: url)))" }
                    default:
                        break
                    }
                }
            }
            breaksToSkip = 0
        }
        return out.trimmingWhitespace
    }

    /// Renders a paragraph without its first `droppedLines` lines, e.g. a list card's description
    /// that continues the paragraph holding its title and fields. Moves the kept inlines out of the
    /// paragraph, so call it at most once per paragraph.
    func renderParagraphHTML(_ paragraph: MarkdownNode, droppingLines droppedLines: Int) -> String {
        guard let fresh = cmark_node_new(CMARK_NODE_PARAGRAPH) else { return "" }
        defer { cmark_node_free(fresh) }
        var breaksSeen = 0
        var child = cmark_node_first_child(paragraph.pointer)
        while let current = child, breaksSeen < droppedLines {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { breaksSeen += 1 }
            child = cmark_node_next(current)
        }
        var moved = 0
        while let current = child {
            child = cmark_node_next(current)
            cmark_node_append_child(fresh, current)  // unlinks it from the old paragraph
            moved += 1
        }
        return moved == 0 ? "" : render(fresh)
    }

    private func render(_ node: OpaquePointer) -> String {
        guard let html = cmark_render_html(node, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    private func literal(_ node: OpaquePointer) -> String {
        guard let text = cmark_node_get_literal(node) else { return "" }
        return String(cString: text)  // copied: the pointer is borrowed from the node
    }

    private func block(_ node: OpaquePointer) -> MarkdownBlock {
        let kind: MarkdownBlock.Kind
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING: kind = .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_PARAGRAPH: kind = .paragraph
        case CMARK_NODE_LIST: kind = .list
        case CMARK_NODE_ITEM: kind = .item
        case CMARK_NODE_THEMATIC_BREAK: kind = .thematicBreak
        case CMARK_NODE_HTML_BLOCK: kind = .htmlBlock
        case CMARK_NODE_CODE_BLOCK: kind = .codeBlock
        case CMARK_NODE_BLOCK_QUOTE: kind = .blockQuote
        default: kind = .other
        }
        return MarkdownBlock(kind: kind, line: Int(cmark_node_get_start_line(node)),
                             byteColumn: Int(cmark_node_get_start_column(node)), node: MarkdownNode(pointer: node))
    }
}
