import CCmark
import CPMSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The only file that calls cmark. It parses bytes once and converts cmark's tree into Swift values
// (`Markdown`), freeing everything cmark allocated before it returns; no cmark type leaves this file.
// cmark parses in its default (safe) mode; pm-render never asks cmark to render, its own HTML writer omits
// raw HTML and refuses dangerous URLs (see `HTMLWriter`).

/// A top-level piece of a Markdown document: a block, or one item of a top-level list.
///
/// Boards are read piece by piece: a lane is a heading and the pieces under it, a card is a list item (or a
/// heading and the blocks under it). Splitting top-level lists into their items lets a changed card be parsed
/// again on its own (see `IncrementalMarkdown`).
public struct MarkdownSegment: Equatable, Sendable {
    /// The piece as a single root node: the block, or the item (with `.ordered` set for an ordered list).
    public var markdown: Markdown
    /// Where the piece starts in the board file (1-based).
    public var line: Int
    /// The byte column where it starts (1-based).
    public var byteColumn: Int
    /// An identity unique among the segments a parser handed out, so readers can cache what they derive.
    public var id: Int

    /// The root node.
    public var root: Markdown.Node { markdown.nodes[0] }

    /// The piece without its content: where it is and who it is (it has no root).
    var released: MarkdownSegment {
        MarkdownSegment(markdown: Markdown(), line: line, byteColumn: byteColumn, id: id)
    }
}

enum MarkdownParser {
    /// Parses UTF-8 Markdown whose first byte is at the start of line `firstLine` of the board file, and returns
    /// its top-level pieces with Obsidian syntax applied. Segment identities start at `firstID`.
    static func segments(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, firstID: Int = 0) -> [MarkdownSegment] {
        // cmark allocates the tree from an arena, freed whole once the tree is converted (cmark's tree is many
        // small blocks, and a free() each was a good part of the parse).
        pm_arena_push(min(max(bytes.count * 8, 4096), 1 << 20))
        defer { pm_arena_pop() }
        let parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, arenaAllocator)
        defer { cmark_parser_free(parser) }
        bytes.withMemoryRebound(to: CChar.self) { chars in
            if let base = chars.baseAddress, !chars.isEmpty { cmark_parser_feed(parser, base, chars.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return [] }
        var segments: [MarkdownSegment] = []
        // One builder for the whole parse: each segment's nodes are copied out of it at their size.
        var builder = Markdown.Builder()
        var source = Source(bytes: bytes)
        let lineOffset = firstLine - 1
        var block = cmark_node_first_child(root)
        while let current = block {
            if cmark_node_get_type(current) == CMARK_NODE_LIST {
                let ordered = cmark_node_get_list_type(current) == CMARK_ORDERED_LIST
                var item = cmark_node_first_child(current)
                while let currentItem = item {
                    segments.append(
                        segment(
                            currentItem, lineOffset: lineOffset, id: firstID + segments.count, ordered: ordered,
                            source: &source, builder: &builder))
                    item = cmark_node_next(currentItem)
                }
            } else {
                segments.append(
                    segment(
                        current, lineOffset: lineOffset, id: firstID + segments.count, ordered: false,
                        source: &source, builder: &builder))
            }
            block = cmark_node_next(current)
        }
        return segments
    }

    /// cmark's allocator callbacks on the current arena (`pm_arena_push`).
    nonisolated(unsafe) private static let arenaAllocator: UnsafeMutablePointer<cmark_mem> = {
        let allocator = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        allocator.initialize(to: cmark_mem(calloc: pm_arena_calloc, realloc: pm_arena_realloc, free: pm_arena_free))
        return allocator
    }()

    /// Parses a piece of inline Markdown on its own (a lane name, a title), with Obsidian syntax applied.
    static func inline(_ text: String) -> Markdown {
        var copy = text
        return copy.withUTF8 { bytes in
            let pieces = segments(bytes, firstLine: 1)
            guard let first = pieces.first, first.root.kind == .paragraph || first.root.kind == .heading else {
                return Markdown()
            }
            return first.markdown.slice(1..<first.markdown.nodes.count)
        }
    }

    private static func segment(
        _ node: OpaquePointer, lineOffset: Int, id: Int, ordered: Bool, source: inout Source,
        builder: inout Markdown.Builder
    ) -> MarkdownSegment {
        convert(node, baseLine: Int(cmark_node_get_start_line(node)), source: &source, into: &builder)
        var markdown = builder.take()
        if ordered { markdown.nodes[0].flags.insert(.ordered) }
        ObsidianSyntax.apply(&markdown)
        return MarkdownSegment(
            markdown: markdown, line: Int(cmark_node_get_start_line(node)) + lineOffset,
            byteColumn: Int(cmark_node_get_start_column(node)), id: id)
    }

    /// Converts a subtree without recursion (a board may nest 10,000 quotes deep), adding its nodes to `builder`.
    /// Node lines count from the subtree's first line (`baseLine` in the parse), so the piece can move in the file
    /// without being touched.
    private static func convert(
        _ top: OpaquePointer, baseLine: Int, source: inout Source, into builder: inout Markdown.Builder
    ) {
        let iterator = cmark_iter_new(top)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_EXIT {
                builder.close()
                continue
            }
            let type = cmark_node_get_type(node)
            let line = Int(cmark_node_get_start_line(node))
            var value = Markdown.Node(
                kind: kind(of: type), line: line > 0 ? line - baseLine + 1 : 0,
                byteColumn: Int(cmark_node_get_start_column(node)))
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
                let text = literal(node)
                if type == CMARK_NODE_HTML_INLINE {
                    // Obsidian saves a card's line breaks as <br>.
                    if isLineBreakTag(text) {
                        value.kind = .lineBreak
                        break
                    }
                    if isHTMLMarkup(text) {
                        value.text = text
                        break
                    }
                    // `ILogger<T>`, `List<Card>`: angle brackets around a word that names no HTML element are text.
                    value.kind = .text
                }
                // cmark splits text at brackets and other delimiters it tried; adjacent text is one run for us.
                // (The last node's kind is read in place: `nodes.last` would copy the node, its text retained.)
                if let last = builder.nodes.indices.last, builder.nodes[last].kind == .text,
                    let previous = cmark_node_previous(node),
                    case let previousType = cmark_node_get_type(previous),
                    previousType == CMARK_NODE_TEXT || previousType == CMARK_NODE_HTML_INLINE
                {
                    builder.nodes[builder.nodes.count - 1].text += text
                    continue
                }
                value.text = text
                if type == CMARK_NODE_TEXT, let pieces = source.escapedMarks(in: node, literal: text) {
                    for (piece, offset) in pieces {
                        var part = value
                        part.text = piece
                        if part.byteColumn > 0 { part.byteColumn += offset }
                        builder.leaf(part)
                    }
                    continue
                }
            case CMARK_NODE_CODE, CMARK_NODE_HTML_BLOCK:
                value.text = literal(node)
            case CMARK_NODE_CODE_BLOCK:
                value.text = literal(node)
                value.detail = string(cmark_node_get_fence_info(node))
            case CMARK_NODE_HEADING:
                value.number = Int(cmark_node_get_heading_level(node))
            case CMARK_NODE_LIST:
                if cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
                    value.flags.insert(.ordered)
                    value.number = Int(cmark_node_get_list_start(node))
                }
                if cmark_node_get_list_tight(node) != 0 { value.flags.insert(.tight) }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                value.text = string(cmark_node_get_url(node))
                value.detail = string(cmark_node_get_title(node))
            default:
                break
            }
            // Containers get an exit event even when empty (an empty item); leaves do not.
            if isContainer(type) {
                builder.openNode(value)
            } else {
                builder.leaf(value)
            }
        }
    }

    /// The kind of node a cmark node type becomes. Custom nodes (cmark's parser never makes them) read as inline HTML.
    private static func kind(of type: cmark_node_type) -> Markdown.Kind {
        switch type {
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_EMPH: .emphasis
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        default: .htmlInline
        }
    }

    private static func isContainer(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE,
            CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK:
            return false
        default:
            return true
        }
    }

    /// Whether inline HTML is markup: a comment, a declaration, or a tag of an HTML element (not `<T>` in
    /// `ILogger<T>`).
    static func isHTMLMarkup(_ html: String) -> Bool {
        guard html.hasPrefix("<"), let second = html.dropFirst().first else { return false }
        if second == "!" || second == "?" { return true }
        let name = html.dropFirst(second == "/" ? 2 : 1).prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        return htmlElements.contains(name.lowercased())
    }

    /// HTML's elements (and SVG's and MathML's roots), for telling markup from text in angle brackets.
    private static let htmlElements: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body",
        "br", "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "data", "datalist", "dd",
        "del", "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure",
        "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "i", "iframe",
        "img", "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark", "math", "menu", "meta",
        "meter", "nav", "noscript", "object", "ol", "optgroup", "option", "output", "p", "param", "picture", "pre",
        "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "section", "select", "small", "source", "span",
        "strike", "strong", "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "template", "textarea",
        "tfoot", "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
    ]

    /// Whether a backslash before `c` escapes it: an ASCII punctuation character (CommonMark's rule).
    static func isEscapable(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && ##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.unicodeScalars.contains(c)
    }

    /// `<br>`, `<br/>`, `<br />`, any case.
    static func isLineBreakTag(_ html: String) -> Bool {
        var scalars = html.unicodeScalars.filter { $0 != " " }.map { Character($0).lowercased() }.joined()
        if scalars.hasSuffix("/>") { scalars = String(scalars.dropLast(2)) + ">" }
        return scalars == "<br>"
    }

    private static func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    /// Copies a string cmark owns (its pointers are borrowed from the node).
    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

/// The bytes cmark parsed, for what its tree no longer says: where a character was escaped with a backslash.
private struct Source {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where each line starts (found the first time a text asks).
    private var lineStarts: [Int]?

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A text node's text cut before and after each mark that starts a card's metadata (`#`, `@`, `^`) escaped with a
    /// backslash in the source (`\#hashtag`), each piece with its byte offset in the source: the escaped mark alone in
    /// its own piece starts no tag or date, as CommonMark and Obsidian read it (cmark gives it as text joined to the
    /// text around it). Nil when the text has no such mark (or its source is not found as cmark's text).
    mutating func escapedMarks(in node: OpaquePointer, literal: String) -> [(String, Int)]? {
        // (Cheap tests first: text without escapes is as long as its source, and most text has no mark.)
        let line = Int(cmark_node_get_start_line(node))
        let first = Int(cmark_node_get_start_column(node))
        let last = Int(cmark_node_get_end_column(node))
        guard last - first + 1 > literal.utf8.count, line >= 1, first >= 1, Int(cmark_node_get_end_line(node)) == line
        else { return nil }
        let isMark = { (byte: UInt8) in
            byte == UInt8(ascii: "#") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "^")
        }
        guard literal.utf8.contains(where: isMark) else { return nil }
        if lineStarts == nil {
            var starts = [0]
            for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
            lineStarts = starts
        }
        guard let starts = lineStarts, line <= starts.count, starts[line - 1] + last <= bytes.count else { return nil }
        let span = bytes[(starts[line - 1] + first - 1)..<(starts[line - 1] + last)]
        // The span read again, its escapes taken away: it must be cmark's text (no entity, columns as written).
        var pieces: [(String, Int)] = []
        var piece: [UInt8] = []
        var pieceStart = 0
        var unescaped: [UInt8] = []
        var index = span.startIndex
        while index < span.endIndex {
            let byte = span[index]
            let offset = index - span.startIndex
            if byte == UInt8(ascii: "\\"), index + 1 < span.endIndex,
                MarkdownParser.isEscapable(Unicode.Scalar(span[index + 1]))
            {
                let escaped = span[index + 1]
                unescaped.append(escaped)
                if isMark(escaped) {
                    if !piece.isEmpty { pieces.append((String(decoding: piece, as: UTF8.self), pieceStart)) }
                    pieces.append((String(Unicode.Scalar(escaped)), offset))
                    piece = []
                    pieceStart = offset + 2
                } else {
                    piece.append(escaped)
                }
                index += 2
                continue
            }
            unescaped.append(byte)
            piece.append(byte)
            index += 1
        }
        if !piece.isEmpty { pieces.append((String(decoding: piece, as: UTF8.self), pieceStart)) }
        guard pieces.count > 1, unescaped.elementsEqual(literal.utf8) else { return nil }
        return pieces
    }
}

extension MarkdownSegment {
    /// The same piece `delta` lines further down the file (its nodes' lines count from its start, so only it moves).
    func moved(by delta: Int) -> MarkdownSegment {
        var copy = self
        copy.line += delta
        return copy
    }
}

extension Markdown {
    /// Pieces one after another, as one value: runs of top-level list items become lists again (tight unless a
    /// blank line separates two of them, as `isBlank` tells for the line before an item).
    static func joining(_ segments: [MarkdownSegment], isBlank: (Int) -> Bool) -> Markdown {
        var builder = Builder()
        var index = 0
        while index < segments.count {
            guard segments[index].root.kind == .item else {
                builder.append(segments[index].markdown)
                index += 1
                continue
            }
            var end = index + 1
            while end < segments.count, segments[end].root.kind == .item { end += 1 }
            let loose = (index + 1..<end).contains { isBlank(segments[$0].line - 1) }
            var flags: Flags = loose ? [] : [.tight]
            if segments[index].root.flags.contains(.ordered) { flags.insert(.ordered) }
            builder.openNode(Node(kind: .list, number: 1, flags: flags))
            for segment in segments[index..<end] { builder.append(segment.markdown) }
            builder.close()
            index = end
        }
        return builder.markdown
    }
}
