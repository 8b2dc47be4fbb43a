/// The Obsidian syntax pm-render reads on top of cmark's CommonMark tree, as this product's own layer (cmark stays
/// the only Markdown parser): `==highlights==`, `~~strikethrough~~`, `%% comments %%`, `[[wikilinks|label]]`,
/// `![[embeds]]`, bare URLs as links, task items (`- [ ]`, `- [x]`), and callouts (`> [!note] Title`).
///
/// It rewrites converted values; code spans and code blocks are never touched.
enum ObsidianSyntax {
    /// Nesting deeper than this is copied as it is (only hostile files nest so deep).
    static let maximumDepth = 200

    static func apply(_ markdown: inout Markdown) {
        guard mayContainSyntax(markdown) else { return markTasks(&markdown) }
        var rewriter = Rewriter(source: markdown)
        for root in markdown.roots { rewriter.emit(root, depth: 0) }
        markdown = rewriter.builder.markdown
    }

    /// Task items, in place, for content with no other Obsidian syntax (most cards): no rebuilding, and no copy of
    /// the nodes (the value is changed where it is).
    private static func markTasks(_ markdown: inout Markdown) {
        for index in markdown.nodes.indices where markdown.nodes[index].kind == .item {
            guard let (checked, text, box) = taskMarker(of: index, in: markdown) else { continue }
            markdown.nodes[index].flags.insert(.task)
            if checked { markdown.nodes[index].flags.insert(.checked) }
            markdown.nodes[text].text = String(markdown.nodes[text].text.unicodeScalars.dropFirst(box.scalars))
            if markdown.nodes[text].byteColumn > 0 { markdown.nodes[text].byteColumn += box.bytes }
        }
    }

    /// What may stand in a task box: `[ ]`, `[x]`, and the Tasks plugin's custom statuses.
    static let taskMarks = " xX/-><!?*~"

    /// Check marks people tick a box with (`[✅]`, `[✔]`, `[✓]`, `[☑]`, also with the emoji variation selector
    /// `[✔️]`): a checked box, as `[x]` is.
    static let checkMarks: Set<Unicode.Scalar> = ["\u{2705}", "\u{2714}", "\u{2713}", "\u{2611}", "\u{1F5F9}"]

    /// A task box at the start of `scalars` (an item's text after its bullet): whether it is checked, and its length
    /// in scalars and UTF-8 bytes with the space after it. `[ ]`, `[x]`, the Tasks plugin's custom statuses, a check
    /// mark (`[✅]`), and `[]`, a box left empty (an unchecked one); not `[UI] Title`, nor a box run into its text.
    static func taskBox(_ scalars: some Collection<Unicode.Scalar>) -> (checked: Bool, scalars: Int, bytes: Int)? {
        // Most texts asked about start with no bracket: told before their first scalars are copied out.
        guard scalars.first == "[" else { return nil }
        let head = Array(scalars.prefix(5))
        var close = 1
        var checked = false
        if head.count > 1, head[1] == "]" {
            close = 1  // `[]`
        } else if head.count > 2, taskMarks.unicodeScalars.contains(head[1]) {
            close = 2
            checked = head[1] == "x" || head[1] == "X"
        } else if head.count > 2, checkMarks.contains(head[1]) {
            close = head[2] == "\u{FE0F}" ? 3 : 2
            checked = true
        } else {
            return nil
        }
        guard close < head.count, head[close] == "]" else { return nil }
        var length = close + 1
        if length < head.count {
            guard head[length] == " " || head[length] == "\t" else { return nil }
            length += 1
        }
        let bytes = head.prefix(length).reduce(0) { $0 + UTF8.width($1) }
        return (checked, length, bytes)
    }

    /// Whether `text` (an item's text after its bullet) starts with a task box: `[ ] Title`, `[x]`; not `[UI] Title`.
    static func startsWithTaskBox(_ text: Substring) -> Bool {
        taskBox(text.unicodeScalars) != nil
    }

    /// A task box at the start of an item's first paragraph: (checked, text node, its length with the space after it).
    /// Also of a first heading: `- [x] Title` over an indented `===` or `---` is a heading to CommonMark (and to GFM,
    /// which then sees no task), but a ticked card to whoever wrote it.
    static func taskMarker(of item: Int, in source: Markdown) -> (Bool, Int, (scalars: Int, bytes: Int))? {
        guard let paragraph = source.children(of: item).first,
            source.nodes[paragraph].kind == .paragraph || source.nodes[paragraph].kind == .heading,
            let text = source.children(of: paragraph).first,
            source.nodes[text].kind == .text,
            let box = taskBox(source.nodes[text].text.unicodeScalars)
        else { return nil }
        return (box.checked, text, (box.scalars, box.bytes))
    }

    /// A cheap first look: most content has no item, quote, or pair of the characters the syntax starts with. (Every
    /// piece of a board is looked at: the nodes are read in place, not copied out with their text retained, and the
    /// text's bytes are read from its storage.)
    private static func mayContainSyntax(_ markdown: Markdown) -> Bool {
        let nodes = markdown.nodes
        for index in nodes.indices {
            switch nodes[index].kind {
            case .blockQuote:
                return true
            case .text:
                let text = nodes[index].text
                if text.utf8.withContiguousStorageIfAvailable(mayStartSyntax) ?? mayStartSyntax(Array(text.utf8)) {
                    return true
                }
            default:
                continue
            }
        }
        return false
    }

    /// Whether text holds a pair of the characters Obsidian's syntax starts with (`[[`, `==`, `~~`, `%%`), `://` or
    /// `www.`.
    private static func mayStartSyntax(_ bytes: some Collection<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "="), UInt8(ascii: "~"), UInt8(ascii: "%"):
                if previous == byte { return true }
            case UInt8(ascii: "/"):
                if previous == UInt8(ascii: "/") { return true }  // "://"
            case UInt8(ascii: "."):
                if previous == UInt8(ascii: "w") { return true }  // "www."
            default:
                break
            }
            previous = byte
        }
        return false
    }

    /// A delimiter that pairs with a later one in the same container.
    enum Delimiter: Equatable {
        case highlight, strikethrough, comment

        var text: String {
            switch self {
            case .highlight: return "=="
            case .strikethrough: return "~~"
            case .comment: return "%%"
            }
        }
    }

    /// A piece of a container's inline children, after its text is cut at delimiters.
    enum Piece {
        case node(Int)
        case text(String, line: Int, byteColumn: Int)
        case delimiter(Delimiter)
    }

    /// What a delimiter piece turned out to be once the container's delimiters are paired.
    enum Role {
        case open(Delimiter)
        case close, literal, startDropping, stopDropping
    }

    struct Rewriter {
        let source: Markdown
        var builder = Markdown.Builder()
        /// Scalars and bytes to drop from the start of a text node (a task item's `[ ] `).
        var stripPrefix: [Int: (scalars: Int, bytes: Int)] = [:]
        /// Paragraphs whose first line is dropped (a callout's `[!note] Title` line).
        var dropFirstLine: Set<Int> = []

        init(source: Markdown) {
            self.source = source
        }

        mutating func emit(_ index: Int, depth: Int, allowAutolinks: Bool = true) {
            let node = source.nodes[index]
            guard node.end > index + 1 || isContainer(node.kind) else {
                builder.leaf(node)
                return
            }
            if depth > ObsidianSyntax.maximumDepth {
                builder.append(subtree: index, of: source)
                return
            }
            switch node.kind {
            case .item:
                var item = node
                if let (checked, textIndex, box) = taskMarker(of: index) {
                    item.flags.insert(.task)
                    if checked { item.flags.insert(.checked) }
                    stripPrefix[textIndex] = box
                }
                builder.openNode(item)
                emitBlocks(of: index, depth: depth)
                builder.close()
            case .blockQuote:
                if let (kind, title, folded, paragraph) = callout(index) {
                    var callout = node
                    callout.kind = .callout
                    callout.text = kind
                    callout.detail = title
                    if folded { callout.flags.insert(.folded) }
                    dropFirstLine.insert(paragraph)
                    builder.openNode(callout)
                } else {
                    builder.openNode(node)
                }
                emitBlocks(of: index, depth: depth)
                builder.close()
            case .list, .callout:
                builder.openNode(node)
                emitBlocks(of: index, depth: depth)
                builder.close()
            case .paragraph, .heading:
                let start = builder.nodes.count
                builder.openNode(node)
                emitInlines(of: index, depth: depth, allowAutolinks: allowAutolinks)
                builder.close()
                // A paragraph that held only a comment (or a callout's title line) is gone; a top-level one stays,
                // empty, so that its piece has a root.
                if builder.nodes.count == start + 1, node.kind == .paragraph, depth > 0 { builder.nodes.removeLast() }
            default:
                builder.openNode(node)
                emitInlines(
                    of: index, depth: depth,
                    allowAutolinks: allowAutolinks && node.kind != .link && node.kind != .image)
                builder.close()
            }
        }

        private func isContainer(_ kind: Markdown.Kind) -> Bool {
            switch kind {
            case .text, .softBreak, .lineBreak, .code, .htmlInline, .codeBlock, .htmlBlock, .thematicBreak,
                .wikilink, .embed:
                return false
            default:
                return true
            }
        }

        // MARK: Blocks

        /// A container's blocks, leaving out Obsidian comment blocks (`%%` … `%%` across paragraphs).
        private mutating func emitBlocks(of index: Int, depth: Int) {
            var inComment = false
            for child in source.children(of: index) {
                let node = source.nodes[child]
                if node.kind == .paragraph {
                    let text = source.plainText(of: child)
                    if inComment {
                        if text.contains("%%") { inComment = false }
                        continue
                    }
                    if text.hasPrefix("%%"), !text.dropFirst(2).contains("%%") {
                        inComment = true
                        continue
                    }
                } else if inComment {
                    continue
                }
                emit(child, depth: depth + 1)
            }
        }

        func taskMarker(of item: Int) -> (Bool, Int, (scalars: Int, bytes: Int))? {
            ObsidianSyntax.taskMarker(of: item, in: source)
        }

        /// `> [!type]` (with `-` or `+` folding and an optional title): (type, title, folded, first paragraph).
        private func callout(_ quote: Int) -> (String, String, Bool, Int)? {
            guard let paragraph = source.children(of: quote).first,
                source.nodes[paragraph].kind == .paragraph,
                let first = source.children(of: paragraph).first,
                source.nodes[first].kind == .text
            else { return nil }
            let text = source.nodes[first].text
            guard text.hasPrefix("[!"), let close = text.firstIndex(of: "]") else { return nil }
            let kind = text[text.index(text.startIndex, offsetBy: 2)..<close]
            guard !kind.isEmpty, kind.count <= 40,
                kind.unicodeScalars.allSatisfy({ $0.isWordCharacter || $0 == "-" || $0 == "_" })
            else { return nil }
            var rest = text[text.index(after: close)...]
            var folded = false
            if rest.first == "-" || rest.first == "+" {
                folded = rest.first == "-"
                rest = rest.dropFirst()
            }
            // The title is the rest of the first line.
            var title = String(rest)
            var child = source.nodes[first].end
            while child < source.nodes[paragraph].end {
                let node = source.nodes[child]
                if node.kind == .softBreak || node.kind == .lineBreak { break }
                title += node.kind == .text || node.kind == .code ? node.text : ""
                child += 1
            }
            return (kind.lowercased(), title.trimmingWhitespace, folded, paragraph)
        }

        // MARK: Inlines

        private mutating func emitInlines(of container: Int, depth: Int, allowAutolinks: Bool) {
            var pieces: [Piece] = []
            var skippingFirstLine = dropFirstLine.contains(container)
            for child in source.children(of: container) {
                let node = source.nodes[child]
                if skippingFirstLine {
                    if node.kind == .softBreak || node.kind == .lineBreak { skippingFirstLine = false }
                    continue
                }
                guard node.kind == .text else {
                    pieces.append(.node(child))
                    continue
                }
                var text = node.text
                var column = node.byteColumn
                if let drop = stripPrefix[child] {
                    text = String(text.unicodeScalars.dropFirst(drop.scalars))
                    if column > 0 { column += drop.bytes }
                }
                cut(text, line: node.line, byteColumn: column, into: &pieces)
            }
            let roles = ObsidianSyntax.pair(pieces)
            var dropping = false
            for (position, piece) in pieces.enumerated() {
                switch piece {
                case .delimiter(let delimiter):
                    switch roles[position] {
                    case .startDropping: dropping = true
                    case .stopDropping: dropping = false
                    case .open(let kind) where !dropping:
                        builder.openNode(Markdown.Node(kind: kind == .highlight ? .highlight : .strikethrough))
                    case .close where !dropping: builder.close()
                    case .literal where !dropping:
                        emitText(delimiter.text, line: 0, byteColumn: 0, allowAutolinks: false)
                    default: break
                    }
                case .text(let text, let line, let column):
                    if !dropping { emitText(text, line: line, byteColumn: column, allowAutolinks: allowAutolinks) }
                case .node(let index):
                    if !dropping { emit(index, depth: depth + 1, allowAutolinks: allowAutolinks) }
                }
            }
        }

        /// Cuts text at `==`, `~~` and `%%` that could open or close.
        private func cut(_ text: String, line: Int, byteColumn: Int, into pieces: inout [Piece]) {
            let bytes = Array(text.utf8)
            var start = 0
            var index = 0
            func flush(_ end: Int) {
                if end > start {
                    pieces.append(
                        .text(
                            String(decoding: bytes[start..<end], as: UTF8.self), line: line,
                            byteColumn: byteColumn == 0 ? 0 : byteColumn + start))
                }
            }
            while index + 1 < bytes.count {
                let byte = bytes[index]
                let delimiter: Delimiter?
                switch byte {
                case UInt8(ascii: "="): delimiter = .highlight
                case UInt8(ascii: "~"): delimiter = .strikethrough
                case UInt8(ascii: "%"): delimiter = .comment
                default: delimiter = nil
                }
                guard let delimiter, bytes[index + 1] == byte,
                    index + 2 >= bytes.count || bytes[index + 2] != byte || delimiter == .comment
                else {
                    index += 1
                    continue
                }
                flush(index)
                pieces.append(.delimiter(delimiter))
                index += 2
                start = index
            }
            flush(bytes.count)
        }

        /// Text with wikilinks, embeds and bare URLs made into nodes.
        private mutating func emitText(_ text: String, line: Int, byteColumn: Int, allowAutolinks: Bool) {
            for (token, offset) in InlineTokens.scan(text, autolinks: allowAutolinks) {
                switch token {
                case .text(let piece):
                    // (Text after a wikilink starts where it is written: a date in it is found on its line.)
                    builder.leaf(
                        Markdown.Node(
                            kind: .text, text: piece, line: line, byteColumn: byteColumn == 0 ? 0 : byteColumn + offset
                        ))
                case .wikilink(let target, let label):
                    builder.leaf(Markdown.Node(kind: .wikilink, text: target, detail: label, line: line))
                case .embed(let target, let detail):
                    builder.leaf(Markdown.Node(kind: .embed, text: target, detail: detail, line: line))
                case .url(let url, let shown):
                    builder.openNode(Markdown.Node(kind: .link, text: url, line: line))
                    builder.leaf(Markdown.Node(kind: .text, text: shown, line: line))
                    builder.close()
                }
            }
        }
    }

    /// Decides what each delimiter piece of one container is: comments first (everything between a pair is
    /// dropped), then highlights and strikethroughs, nesting like emphasis. An opener must be followed by a
    /// non-space, a closer preceded by one, so `a == b` stays text.
    static func pair(_ pieces: [Piece]) -> [Role] {
        var roles = [Role](repeating: .literal, count: pieces.count)
        func before(_ position: Int) -> Unicode.Scalar? {
            guard position > 0 else { return nil }
            if case .text(let text, _, _) = pieces[position - 1] { return text.unicodeScalars.last }
            if case .node = pieces[position - 1] { return "x" }
            return nil
        }
        func after(_ position: Int) -> Unicode.Scalar? {
            guard position + 1 < pieces.count else { return nil }
            if case .text(let text, _, _) = pieces[position + 1] { return text.unicodeScalars.first }
            if case .node = pieces[position + 1] { return "x" }
            return nil
        }
        // Comments.
        var openComment: Int?
        var inComment = Set<Int>()
        for (position, piece) in pieces.enumerated() {
            guard case .delimiter(.comment) = piece else {
                if openComment != nil { inComment.insert(position) }
                continue
            }
            if let open = openComment {
                roles[open] = .startDropping
                roles[position] = .stopDropping
                openComment = nil
            } else {
                openComment = position
            }
        }
        if let open = openComment {
            // An unclosed comment hides nothing; what followed it is text again.
            roles[open] = .literal
            for position in inComment where position > open { inComment.remove(position) }
        }
        // Highlights and strikethroughs.
        var stack: [(Delimiter, Int)] = []
        for (position, piece) in pieces.enumerated() {
            guard case .delimiter(let delimiter) = piece, delimiter != .comment, !inComment.contains(position) else {
                continue
            }
            let canClose = before(position).map { !$0.isSpaceLike } ?? false
            let canOpen = after(position).map { !$0.isSpaceLike } ?? false
            if canClose, let match = stack.lastIndex(where: { $0.0 == delimiter }) {
                // Openers after the match stay text.
                stack.removeSubrange((match + 1)...)
                roles[stack.removeLast().1] = .open(delimiter)
                roles[position] = .close
            } else if canOpen {
                stack.append((delimiter, position))
            }
        }
        return roles
    }
}

/// Wikilinks, embeds and bare URLs in a run of text.
enum InlineTokens: Equatable {
    case text(String)
    case wikilink(target: String, label: String)
    case embed(target: String, detail: String)
    case url(String, shown: String)

    /// The tokens of `text`, each with its UTF-8 offset in it.
    static func scan(_ text: String, autolinks: Bool) -> [(InlineTokens, offset: Int)] {
        guard text.containsByte(UInt8(ascii: "[")) || (autolinks && mayHaveURL(text)) else { return [(.text(text), 0)] }
        let scalars = Array(text.unicodeScalars)
        var tokens: [(InlineTokens, offset: Int)] = []
        var plain = String.UnicodeScalarView()
        var index = 0
        // The UTF-8 offset of `scalars[index]`, and of the token or plain run being read.
        var offset = 0
        var start = 0
        func flush() {
            if !plain.isEmpty {
                tokens.append((.text(String(plain)), start))
                plain = String.UnicodeScalarView()
            }
            start = offset
        }
        func skip(to end: Int) {
            for scalar in scalars[index..<end] { offset += UTF8.width(scalar) }
            index = end
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let isEmbed = scalar == "!" && index + 2 < scalars.count && scalars[index + 1] == "["
            if scalar == "[" || isEmbed, let (inner, end) = wikilink(scalars, at: isEmbed ? index + 1 : index) {
                flush()
                let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                let target = String(parts[0]).trimmingWhitespace
                let label = parts.count > 1 ? String(parts[1]).trimmingWhitespace : ""
                tokens.append(
                    (isEmbed ? .embed(target: target, detail: label) : .wikilink(target: target, label: label), start))
                skip(to: end)
                start = offset
                continue
            }
            if autolinks, index == 0 || !scalars[index - 1].isWordCharacter, !isFieldValue(scalars, at: index),
                let end = urlEnd(scalars, at: index)
            {
                flush()
                var shown = String.UnicodeScalarView()
                shown.append(contentsOf: scalars[index..<end])
                let text = String(shown)
                tokens.append((.url(text.hasPrefix("www.") ? "https://" + text : text, shown: text), start))
                skip(to: end)
                start = offset
                continue
            }
            plain.append(scalar)
            skip(to: index + 1)
        }
        flush()
        return tokens
    }

    private static func mayHaveURL(_ text: String) -> Bool {
        text.holdsBytes("://") || text.holdsBytes("www.")
    }

    /// `[[…]]` starting at `index`: the inside and the index after `]]`.
    private static func wikilink(_ s: [Unicode.Scalar], at index: Int) -> (String, Int)? {
        guard index + 1 < s.count, s[index] == "[", s[index + 1] == "[" else { return nil }
        var close = index + 2
        while close + 1 < s.count, close - index < 500 {
            if s[close] == "]", s[close + 1] == "]" {
                guard close > index + 2 else { return nil }
                var inner = String.UnicodeScalarView()
                inner.append(contentsOf: s[(index + 2)..<close])
                return (String(inner), close + 2)
            }
            // A link's target holds no `[` (nor a line break): `[[[[…` is no link at any of its brackets.
            if s[close] == "\n" || s[close] == "[" { return nil }
            close += 1
        }
        return nil
    }

    /// Whether `index` starts the value of a Dataview field in brackets (`[link:: https://…]`, `(pr:: https://…)`):
    /// the card's field, which its details show as a link, not a link in its text.
    private static func isFieldValue(_ s: [Unicode.Scalar], at index: Int) -> Bool {
        var before = index
        while before > 0, s[before - 1] == " " { before -= 1 }
        guard before >= 3, s[before - 1] == ":", s[before - 2] == ":" else { return false }
        before -= 2
        while before > 0, s[before - 1].isWordCharacter || s[before - 1] == "-" || s[before - 1] == " " { before -= 1 }
        return before > 0 && before < index - 2 && (s[before - 1] == "[" || s[before - 1] == "(")
    }

    /// The end of a bare URL (`https://…`, `http://…`, `www.…`) starting at `index`, trailing punctuation left out.
    private static func urlEnd(_ s: [Unicode.Scalar], at index: Int) -> Int? {
        func hasPrefix(_ prefix: String) -> Bool {
            let p = Array(prefix.unicodeScalars)
            guard index + p.count <= s.count else { return false }
            for (offset, scalar) in p.enumerated() where s[index + offset] != scalar { return false }
            return true
        }
        let schemeLength: Int
        if hasPrefix("https://") {
            schemeLength = 8
        } else if hasPrefix("http://") {
            schemeLength = 7
        } else if hasPrefix("www.") {
            schemeLength = 4
        } else {
            return nil
        }
        var end = index + schemeLength
        while end < s.count, !s[end].isSpaceLike, s[end] != "<", s[end] != ">", s[end] != "\"" { end += 1 }
        // Trailing punctuation is not part of the URL; a closing parenthesis or bracket only when it closes one
        // inside (`[link:: https://x.org/a]`, a Dataview field, ends before its `]`).
        while end > index + schemeLength {
            let last = s[end - 1]
            if ".,:;!?'*_~".unicodeScalars.contains(last) {
                end -= 1
            } else if last == ")" || last == "]" {
                let open: Unicode.Scalar = last == ")" ? "(" : "["
                let opens = s[index..<end].filter { $0 == open }.count
                let closes = s[index..<end].filter { $0 == last }.count
                if closes > opens { end -= 1 } else { break }
            } else {
                break
            }
        }
        guard end > index + schemeLength else { return nil }
        return end
    }
}
