/// Markdown content as Swift values: cmark's tree, converted node by node, plus the Obsidian syntax pm-render
/// reads on top of it (highlights, wikilinks, callouts, task items …).
///
/// Nodes are stored flat, in document order; each node records where its subtree ends, so a container's
/// children are walked by jumping from one sibling to the next. This keeps a card's description to a couple
/// of allocations, however many nodes it has.
public struct Markdown: Hashable, Sendable {
    /// The nodes, parents before their children.
    public internal(set) var nodes: [Node]

    public init(nodes: [Node] = []) {
        self.nodes = nodes
    }

    /// Whether there is nothing to show.
    public var isEmpty: Bool { nodes.isEmpty }

    /// One node of Markdown content.
    ///
    /// A board of 100,000 cards holds millions of nodes, so a node is kept to 40 bytes: its numbers are stored in
    /// 32 bits (a node index, line, column, heading level or list start never needs more: cmark allows list starts
    /// of nine digits) and read as `Int`, and its two strings are kept as one, `text` then `detail` (few nodes have a
    /// detail, and a second string would take 16 bytes of every node).
    public struct Node: Hashable, Sendable {
        /// `text` followed by `detail`.
        private var strings: String
        /// The UTF-8 length of `detail` at the end of `strings`.
        private var storedDetailLength: Int32
        private var storedEnd: Int32
        private var storedNumber: Int32
        private var storedLine: Int32
        private var storedByteColumn: Int32
        public var kind: Kind
        public var flags: Flags

        /// A literal (text, code), a URL (link, image), a wikilink's target, or a callout's type.
        public var text: String {
            get {
                guard storedDetailLength > 0 else { return strings }
                return String(decoding: strings.utf8.dropLast(Int(storedDetailLength)), as: UTF8.self)
            }
            set { (strings, storedDetailLength) = Self.strings(text: newValue, detail: detail) }
        }
        /// A link's title, a code block's info string, a wikilink's label, a callout's title.
        public var detail: String {
            get {
                guard storedDetailLength > 0 else { return "" }
                return String(decoding: strings.utf8.suffix(Int(storedDetailLength)), as: UTF8.self)
            }
            set { (strings, storedDetailLength) = Self.strings(text: text, detail: newValue) }
        }
        /// Index just past this node's last descendant.
        public var end: Int {
            get { Int(storedEnd) }
            set { storedEnd = Int32(newValue) }
        }
        /// A heading's level, an ordered list's start number.
        public var number: Int {
            get { Int(storedNumber) }
            set { storedNumber = Int32(newValue) }
        }
        /// The line where the node starts, counted from its segment's first line (1); 0 when cmark gives no
        /// position. Add `MarkdownSegment.line - 1` for the line in the file.
        public var line: Int {
            get { Int(storedLine) }
            set { storedLine = Int32(clamping: newValue) }
        }
        /// The byte column where it starts (1-based; 0 when unknown).
        public var byteColumn: Int {
            get { Int(storedByteColumn) }
            set { storedByteColumn = Int32(clamping: newValue) }
        }

        public init(
            kind: Kind, end: Int = 0, text: String = "", detail: String = "", number: Int = 0, flags: Flags = [],
            line: Int = 0, byteColumn: Int = 0
        ) {
            (strings, storedDetailLength) = Self.strings(text: text, detail: detail)
            storedEnd = Int32(end)
            storedNumber = Int32(clamping: number)
            storedLine = Int32(clamping: line)
            storedByteColumn = Int32(clamping: byteColumn)
            self.kind = kind
            self.flags = flags
        }

        /// The one string of `text` and `detail`, and the length of the detail in it.
        private static func strings(text: String, detail: String) -> (String, Int32) {
            detail.isEmpty ? (text, 0) : (text + detail, Int32(detail.utf8.count))
        }

        // Nodes are equal when their text and detail are (compared as strings, as two stored strings would be).
        public static func == (left: Node, right: Node) -> Bool {
            left.kind == right.kind && left.flags == right.flags && left.storedEnd == right.storedEnd
                && left.storedNumber == right.storedNumber && left.storedLine == right.storedLine
                && left.storedByteColumn == right.storedByteColumn && left.text == right.text
                && left.detail == right.detail
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(flags)
            hasher.combine(storedEnd)
            hasher.combine(storedNumber)
            hasher.combine(storedLine)
            hasher.combine(storedByteColumn)
            hasher.combine(text)
            hasher.combine(detail)
        }
    }

    public enum Kind: UInt8, Hashable, Sendable {
        // Blocks
        case paragraph, heading, blockQuote, list, item, codeBlock, htmlBlock, thematicBreak
        /// An Obsidian callout (`> [!note] Title`): `text` is its type, `detail` its title.
        case callout
        // Inlines
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, link, image
        /// `==text==`
        case highlight
        /// `~~text~~`
        case strikethrough
        /// `[[target|label]]`: `text` is the target, `detail` the label (empty: show the target).
        case wikilink
        /// `![[file]]`: `text` is the file.
        case embed
    }

    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A list is ordered (`1.`), else bulleted.
        public static let ordered = Flags(rawValue: 1)
        /// A list is tight (no blank lines between items).
        public static let tight = Flags(rawValue: 2)
        /// An item is a task (`[ ]` or `[x]`).
        public static let task = Flags(rawValue: 4)
        /// A task item is checked.
        public static let checked = Flags(rawValue: 8)
        /// A callout is folded (`[!note]-`).
        public static let folded = Flags(rawValue: 16)
    }

    // MARK: - Walking

    /// The indices of the top-level nodes.
    public var roots: Children { Children(nodes: nodes, range: 0..<nodes.count) }

    /// The indices of a node's children.
    public func children(of index: Int) -> Children {
        Children(nodes: nodes, range: (index + 1)..<nodes[index].end)
    }

    /// Indices of sibling nodes, one after another.
    public struct Children: Sequence {
        let nodes: [Node]
        let range: Range<Int>

        public func makeIterator() -> Iterator {
            Iterator(nodes: nodes, position: range.lowerBound, end: range.upperBound)
        }

        public struct Iterator: IteratorProtocol {
            let nodes: [Node]
            var position: Int
            let end: Int

            public mutating func next() -> Int? {
                guard position < end else { return nil }
                defer { position = nodes[position].end }
                return position
            }
        }

        public var isEmpty: Bool { range.isEmpty }
        /// The first of them.
        public var first: Int? { range.isEmpty ? nil : range.lowerBound }
    }

    /// The nodes of `range` (whole subtrees) as their own value.
    public func slice(_ range: Range<Int>) -> Markdown {
        guard !range.isEmpty else { return Markdown() }
        let shift = range.lowerBound
        if shift == 0, range.upperBound == nodes.count { return self }
        var copy = Array(nodes[range])
        for i in copy.indices { copy[i].end -= shift }
        return Markdown(nodes: copy)
    }

    /// Several values one after another.
    public static func joined(_ parts: [Markdown]) -> Markdown {
        var result = Markdown()
        for part in parts { result.append(part) }
        return result
    }

    /// Appends another value's nodes after these.
    public mutating func append(_ other: Markdown) {
        let shift = nodes.count
        nodes.reserveCapacity(nodes.count + other.nodes.count)
        for var node in other.nodes {
            node.end += shift
            nodes.append(node)
        }
    }

    /// The plain text of a node's inlines: markup dropped, breaks as spaces, wikilinks as their label, embeds as
    /// their file name.
    public func plainText(of index: Int) -> String {
        var out = ""
        appendPlainText(from: index + 1, to: nodes[index].end, into: &out)
        return out
    }

    /// The plain text of every root's inlines, one after another.
    public var inlineText: String {
        var out = ""
        appendPlainText(from: 0, to: nodes.count, into: &out)
        return out
    }

    private func appendPlainText(from start: Int, to end: Int, into out: inout String) {
        var index = start
        while index < end {
            let node = nodes[index]
            switch node.kind {
            case .text, .code: out += node.text
            case .softBreak, .lineBreak: out += " "
            case .wikilink: out += node.wikilinkLabel
            case .embed: out += node.text
            default: break
            }
            index += 1
        }
    }
}

extension Markdown {
    /// The content with its top-level quotes opened: their blocks stand where the quotes were (Taskell writes a
    /// card's description as `> ` lines, which the app shows as plain text).
    var unquoted: Markdown {
        guard roots.contains(where: { nodes[$0].kind == .blockQuote }) else { return self }
        var builder = Builder()
        for root in roots {
            if nodes[root].kind == .blockQuote {
                for child in children(of: root) { builder.append(subtree: child, of: self) }
            } else {
                builder.append(subtree: root, of: self)
            }
        }
        return builder.markdown
    }
}

extension Markdown.Node {
    /// What a wikilink shows: its label, else its target as Obsidian shows it: `Page > Heading` for
    /// `[[Page#Heading]]`, `Page` for a block of it (`[[Page#^a1b2]]`).
    public var wikilinkLabel: String {
        guard detail.isEmpty else { return detail }
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return text }
        let page = parts[0].trimmingSpaces
        let heading = parts[1].trimmingSpaces
        if heading.isEmpty || heading.hasPrefix("^") { return page.isEmpty ? text : String(page) }
        return page.isEmpty ? String(heading) : page + " > " + heading
    }
}

extension Markdown {
    /// Builds a value node by node, parents before children; `close` sets where a parent ends.
    struct Builder {
        var nodes: [Node] = []
        private var open: [Int] = []

        /// Room for a value's first nodes at once: a builder growing from nothing would allocate and move its nodes
        /// at 1, 2, 4 and 8 of them (the value built is trimmed to its size all the same).
        @inline(__always) private mutating func makeRoom() {
            if nodes.capacity == 0 { nodes.reserveCapacity(16) }
        }

        /// Adds a node that will have children; call `close()` after them.
        mutating func openNode(_ node: consuming Node) {
            makeRoom()
            open.append(nodes.count)
            nodes.append(node)
        }

        mutating func close() {
            let index = open.removeLast()
            nodes[index].end = nodes.count
        }

        /// Adds a node without children.
        mutating func leaf(_ node: consuming Node) {
            makeRoom()
            node.end = nodes.count + 1
            nodes.append(node)
        }

        /// Adds another value's nodes (whole subtrees) under the currently open node.
        mutating func append(_ other: Markdown) {
            makeRoom()
            let shift = nodes.count
            for var node in other.nodes {
                node.end += shift
                nodes.append(node)
            }
        }

        /// Adds the subtree of `other` at `index` under the currently open node, read where it is.
        mutating func append(subtree index: Int, of other: Markdown) {
            append(index..<other.nodes[index].end, of: other.nodes)
        }

        /// Adds the nodes `range` of `other` (whole subtrees, their ends counted in `other`) under the currently open
        /// node, read where they are.
        mutating func append(_ range: Range<Int>, of other: [Node]) {
            makeRoom()
            let shift = nodes.count - range.lowerBound
            for var node in other[range] {
                node.end += shift
                nodes.append(node)
            }
        }

        /// The value built, in an array of its own size: a builder grows by doubling, and what it leaves unused
        /// would stay with the value for as long as the board does (a quarter of the model's memory).
        var markdown: Markdown {
            precondition(open.isEmpty, "unclosed Markdown node")
            return Markdown(nodes: nodes.atItsSize)
        }

        /// The value built (as `markdown`), leaving the builder empty with its room kept for the next one.
        mutating func take() -> Markdown {
            let value = markdown
            nodes.removeAll(keepingCapacity: true)
            return value
        }
    }
}
