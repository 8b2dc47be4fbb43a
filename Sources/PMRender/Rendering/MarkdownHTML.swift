import Templating

/// Writes Markdown values as HTML: CommonMark's HTML, plus Obsidian's highlights, strikethrough, wikilinks, embeds,
/// callouts and task items. It is safe for content from anyone: every text is escaped, raw HTML is left out, and
/// links and images with dangerous URLs (`javascript:`, `vbscript:`, `file:`, `data:` other than images) lose their
/// URL, as in cmark's safe mode.
struct MarkdownHTML: Sendable {
    struct Options: Sendable {
        /// Added to heading levels (a card's `# Heading` must not outrank the page's headings).
        var headingOffset = 0
        /// Wikilinks link under this URL; without it they are text.
        var wikilinkBase: String?
        /// The URL of an embedded file copied into the site, if it was.
        var embedURL: @Sendable (String) -> String? = { _ in nil }
        /// The accessible names of a task item's checkbox: (open, done).
        var taskLabels = ("open", "done")
        /// The attribute that names a task item's checkbox: `title`, or `aria-label` (a `title` alone is no label
        /// for assistive technology).
        var taskLabelAttribute: TaskLabelAttribute = .title
        /// A line break in a paragraph shows as one (Obsidian shows a card's lines as they were typed); else it is
        /// CommonMark's soft break, which the browser wraps.
        var softBreaksAreLineBreaks = false
    }

    enum TaskLabelAttribute: Sendable {
        case title, ariaLabel
    }

    let options: Options

    init(options: Options = Options()) {
        self.options = options
    }

    /// The HTML of `markdown`, appended to `out`.
    func write(_ markdown: Markdown, to out: inout [UInt8]) {
        var writer = Writer(markdown: markdown, options: options)
        writer.run(into: &out)
    }

    /// The HTML of `markdown` as a string.
    func string(_ markdown: Markdown) -> String {
        var out: [UInt8] = []
        write(markdown, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A URL for an `href` or `src` attribute, as cmark writes it: characters safe in URLs as they are (`&` and `'`
    /// as character references), every other byte percent-encoded.
    static func appendHref(_ url: String, to out: inout [UInt8]) {
        var url = url
        url.withUTF8 { bytes in
            // Runs of bytes kept as they are go in at once.
            var kept = 0
            for index in bytes.indices {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    continue
                // `-_.+!*(),%#@?=;:/$~`, kept as they are (a case each: a search of a string's bytes for each was a
                // tenth of a page's links).
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "!"),
                    UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "%"),
                    UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"),
                    UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "~"):
                    continue
                default:
                    break
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[kept..<index]))
                kept = index + 1
                switch byte {
                case UInt8(ascii: "&"): out += "&amp;".utf8
                case UInt8(ascii: "'"): out += "&#x27;".utf8
                default:
                    out += "%".utf8
                    out += String(byte, radix: 16, uppercase: true).leftPadded(to: 2).utf8
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[kept...]))
        }
    }

    /// Whether a URL is one cmark's safe mode refuses.
    static func isDangerous(_ url: String) -> Bool {
        // Most URLs (`https:`, relative ones) start with a letter that starts none of the refused schemes: they are let
        // through without the two copies below. (Only `J`, `V`, `F` and `D` lowercase to those letters.)
        if let first = url.unicodeScalars.first(where: { !$0.isSpaceLike }),
            !"jJvVfFdD".unicodeScalars.contains(first)
        {
            return false
        }
        let lower = url.trimmingWhitespace.lowercased()
        if lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("file:") { return true }
        guard lower.hasPrefix("data:") else { return false }
        return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains {
            lower.hasPrefix($0)
        }
    }

    /// Walks the flat nodes with an explicit stack (content may nest thousands deep).
    private struct Writer {
        let markdown: Markdown
        let options: Options
        /// For each open node: its index, where its subtree ends, and the closing HTML to write then.
        var open: [(index: Int, end: Int, closing: StaticString)] = []
        /// Where the output starts: the bytes before it are not the Markdown's.
        var start = 0

        init(markdown: Markdown, options: Options) {
            self.markdown = markdown
            self.options = options
        }

        mutating func run(into out: inout [UInt8]) {
            start = out.count
            var index = 0
            let nodes = markdown.nodes
            while index < nodes.count {
                closeFinished(before: index, into: &out)
                // (The node is lent to `visit` from the array, not copied out with its text retained.)
                index = visit(index, nodes[index], into: &out)
            }
            closeFinished(before: nodes.count, into: &out)
        }

        private mutating func closeFinished(before index: Int, into out: inout [UInt8]) {
            while let last = open.last, last.end <= index {
                Self.append(last.closing, to: &out)
                open.removeLast()
            }
        }

        /// ` title="…">`: the end of a link's or an image's tag, with its title when it has one.
        private static func appendTitle(_ title: String, to out: inout [UInt8]) {
            if !title.isEmpty {
                append(" title=\"", to: &out)
                HTMLEscaping.append(title, to: &out)
                out.append(UInt8(ascii: "\""))
            }
            out.append(UInt8(ascii: ">"))
        }

        private mutating func push(_ index: Int, closing: StaticString) {
            // Room for a few levels at once: grown from empty an element at a time, the stack was made three times
            // for a description of a paragraph and a list.
            if open.capacity == 0 { open.reserveCapacity(8) }
            open.append((index, markdown.nodes[index].end, closing))
        }

        /// Appends literal HTML (a `StaticString` is copied without looking at its characters).
        /// The tags of an inline element that only wraps its children.
        private static func tags(of kind: Markdown.Kind) -> (StaticString, StaticString) {
            switch kind {
            case .strong: return ("<strong>", "</strong>")
            case .highlight: return ("<mark>", "</mark>")
            case .strikethrough: return ("<del>", "</del>")
            default: return ("<em>", "</em>")  // .emphasis
            }
        }

        private static func append(_ html: StaticString, to out: inout [UInt8]) {
            html.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        private static let headingTags: [(open: StaticString, close: StaticString)] = [
            ("<h1>", "</h1>\n"), ("<h2>", "</h2>\n"), ("<h3>", "</h3>\n"), ("<h4>", "</h4>\n"), ("<h5>", "</h5>\n"),
            ("<h6>", "</h6>\n"),
        ]

        /// Writes a node's opening (and its whole subtree when it is written at once); returns the next index.
        private mutating func visit(_ index: Int, _ node: Markdown.Node, into out: inout [UInt8]) -> Int {
            let next = index + 1
            switch node.kind {
            case .paragraph:
                let inTightItem = isInTightItem(index)
                if !inTightItem {
                    newLine(&out)
                    Self.append("<p>", to: &out)
                }
                push(index, closing: inTightItem ? "" : "</p>\n")
            case .heading:
                newLine(&out)
                let tags = Self.headingTags[min(6, max(1, node.number + options.headingOffset)) - 1]
                Self.append(tags.open, to: &out)
                push(index, closing: tags.close)
            case .blockQuote:
                newLine(&out)
                Self.append("<blockquote>\n", to: &out)
                push(index, closing: "</blockquote>\n")
            case .callout:
                let kind = Slug.make(node.text)
                let title = node.detail.isEmpty ? node.text.prefix(1).uppercased() + node.text.dropFirst() : node.detail
                newLine(&out)
                if node.flags.contains(.folded) {
                    out += "<details class=\"callout callout-\(kind)\"><summary class=\"callout-title\">".utf8
                    HTMLEscaping.append(title, to: &out)
                    out += "</summary>\n".utf8
                    push(index, closing: "</details>\n")
                } else {
                    out += "<aside class=\"callout callout-\(kind)\"><p class=\"callout-title\">".utf8
                    HTMLEscaping.append(title, to: &out)
                    out += "</p>\n".utf8
                    push(index, closing: "</aside>\n")
                }
            case .list:
                newLine(&out)
                let ordered = node.flags.contains(.ordered)
                let hasTasks = markdown.children(of: index).contains { markdown.nodes[$0].flags.contains(.task) }
                let classAttribute = hasTasks ? " class=\"tasks\"" : ""
                if ordered {
                    out +=
                        (node.number != 1
                        ? "<ol start=\"\(node.number)\"\(classAttribute)>\n" : "<ol\(classAttribute)>\n")
                        .utf8
                } else {
                    Self.append(hasTasks ? "<ul class=\"tasks\">\n" : "<ul>\n", to: &out)
                }
                push(index, closing: ordered ? "</ol>\n" : "</ul>\n")
            case .item:
                if node.flags.contains(.task) {
                    let checked = node.flags.contains(.checked)
                    Self.append(
                        checked
                            ? "<li class=\"task done\"><input type=\"checkbox\" disabled checked"
                            : "<li class=\"task\"><input type=\"checkbox\" disabled", to: &out)
                    Self.append(options.taskLabelAttribute == .title ? " title=\"" : " aria-label=\"", to: &out)
                    HTMLEscaping.append(checked ? options.taskLabels.1 : options.taskLabels.0, to: &out)
                    Self.append("\"> ", to: &out)
                } else {
                    Self.append("<li>", to: &out)
                }
                push(index, closing: "</li>\n")
            case .codeBlock:
                newLine(&out)
                let language = node.detail.split(separator: " ").first.map(String.init) ?? ""
                Self.append("<pre><code", to: &out)
                if !language.isEmpty {
                    Self.append(" class=\"language-", to: &out)
                    HTMLEscaping.append(language, to: &out)
                    out.append(UInt8(ascii: "\""))
                }
                out.append(UInt8(ascii: ">"))
                HTMLEscaping.append(node.text, to: &out)
                Self.append("</code></pre>\n", to: &out)
            case .htmlBlock, .htmlInline:
                break  // raw HTML is never written
            case .thematicBreak:
                newLine(&out)
                Self.append("<hr>\n", to: &out)
            case .text:
                HTMLEscaping.append(node.text, to: &out)
            case .softBreak:
                if options.softBreaksAreLineBreaks {
                    Self.append("<br>\n", to: &out)
                } else {
                    out.append(UInt8(ascii: "\n"))
                }
            case .lineBreak:
                Self.append("<br>\n", to: &out)
            case .code:
                Self.append("<code>", to: &out)
                HTMLEscaping.append(node.text, to: &out)
                Self.append("</code>", to: &out)
            case .emphasis, .strong, .highlight, .strikethrough:
                let (opening, closing) = Self.tags(of: node.kind)
                Self.append(opening, to: &out)
                push(index, closing: closing)
            case .link:
                guard !MarkdownHTML.isDangerous(node.text) else { break }  // the text stays, the link goes
                Self.append("<a href=\"", to: &out)
                MarkdownHTML.appendHref(node.text, to: &out)
                out.append(UInt8(ascii: "\""))
                Self.appendTitle(node.detail, to: &out)
                push(index, closing: "</a>")
            case .image:
                let alt = markdown.plainText(of: index)
                guard !MarkdownHTML.isDangerous(node.text) else {
                    HTMLEscaping.append(alt, to: &out)
                    return node.end
                }
                out += "<img src=\"".utf8
                MarkdownHTML.appendHref(node.text, to: &out)
                out += "\" alt=\"".utf8
                HTMLEscaping.append(alt, to: &out)
                out += "\"".utf8
                Self.appendTitle(node.detail, to: &out)
                return node.end
            case .wikilink:
                let label = node.wikilinkLabel
                if let base = options.wikilinkBase, let url = Self.wikilinkURL(base: base, target: node.text) {
                    out += "<a class=\"wikilink\" href=\"".utf8
                    MarkdownHTML.appendHref(url, to: &out)
                    out += "\">".utf8
                    HTMLEscaping.append(label, to: &out)
                    out += "</a>".utf8
                } else {
                    out += "<span class=\"wikilink\">".utf8
                    HTMLEscaping.append(label, to: &out)
                    out += "</span>".utf8
                }
            case .embed:
                if let url = options.embedURL(node.text) {
                    out += "<img class=\"embed\" src=\"".utf8
                    MarkdownHTML.appendHref(url, to: &out)
                    out += "\" alt=\"".utf8
                    HTMLEscaping.append(node.text, to: &out)
                    out += "\">".utf8
                } else {
                    out += "<span class=\"embed\">".utf8
                    HTMLEscaping.append(node.text, to: &out)
                    out += "</span>".utf8
                }
            }
            return next
        }

        /// Starts a new line unless the output is at the start of one (as cmark's renderer does before blocks).
        /// (What is before `start` was there before the Markdown: a page's buffer is written into.)
        private func newLine(_ out: inout [UInt8]) {
            if out.count > start, out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        }

        /// Whether the paragraph being opened stands directly in an item of a tight list (then, as in CommonMark's
        /// HTML, it has no `<p>`).
        private func isInTightItem(_ paragraph: Int) -> Bool {
            guard open.count >= 2, markdown.nodes[open[open.count - 1].index].kind == .item else { return false }
            let list = markdown.nodes[open[open.count - 2].index]
            return list.kind == .list && list.flags.contains(.tight)
        }

        /// `base` + the page name (without `.md`), percent-encoded; a heading (`#…`) becomes the fragment.
        static func wikilinkURL(base: String, target: String) -> String? {
            var page = Substring(target)
            var fragment = ""
            if let hash = page.firstIndex(of: "#") {
                fragment = "#" + Slug.make(String(page[page.index(after: hash)...]))
                page = page[..<hash]
            }
            if page.hasSuffix(".md") { page = page.dropLast(3) }
            guard !page.isEmpty || !fragment.isEmpty else { return nil }
            var encoded = ""
            for byte in page.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                    UInt8(ascii: "~"), UInt8(ascii: "/"):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return (base.hasSuffix("/") ? base : base + "/") + encoded + fragment
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
