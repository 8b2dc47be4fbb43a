import CPMSupport
import Foundation
import Testing

@testable import PMRender

/// cmark's tree as Swift values, the Obsidian syntax read on top of it, and the HTML and plain text written from
/// them.
@Suite("Markdown")
struct MarkdownTests {
    /// The HTML of a piece of Markdown (all pieces of a document, one after another).
    static func html(_ text: String, options: MarkdownHTML.Options = MarkdownHTML.Options()) -> String {
        var copy = text
        let segments = copy.withUTF8 { MarkdownParser.segments($0, firstLine: 1) }
        var out: [UInt8] = []
        var listOpen = false
        for segment in segments {
            // Top-level items are pieces of their own; wrap them back into a list to write them.
            if segment.root.kind == .item, !listOpen {
                out += "<ul>\n".utf8
                listOpen = true
            } else if segment.root.kind != .item, listOpen {
                out += "</ul>\n".utf8
                listOpen = false
            }
            MarkdownHTML(options: options).write(segment.markdown, to: &out)
        }
        if listOpen { out += "</ul>\n".utf8 }
        return String(decoding: out, as: UTF8.self)
    }

    @Test(
        "Obsidian syntax becomes HTML",
        arguments: [
            ("a ==highlighted== word", "<p>a <mark>highlighted</mark> word</p>\n"),
            ("a ~~struck~~ word", "<p>a <del>struck</del> word</p>\n"),
            ("==a *b* c==", "<p><mark>a <em>b</em> c</mark></p>\n"),
            ("x == y == z", "<p>x == y == z</p>\n"),
            ("shown %% hidden %% shown", "<p>shown  shown</p>\n"),
            ("see [[Page|the page]]", "<p>see <span class=\"wikilink\">the page</span></p>\n"),
            ("see [[Page]]", "<p>see <span class=\"wikilink\">Page</span></p>\n"),
            ("see [[Page#Part two]]", "<p>see <span class=\"wikilink\">Page &gt; Part two</span></p>\n"),
            ("see [[Page#^a1b2]]", "<p>see <span class=\"wikilink\">Page</span></p>\n"),
            ("inject ILogger<T> and <b>x</b>", "<p>inject ILogger&lt;T&gt; and x</p>\n"),
            ("![[diagram.png]]", "<p><span class=\"embed\">diagram.png</span></p>\n"),
            (
                "go to https://example.com/a_b.",
                "<p>go to <a href=\"https://example.com/a_b\">https://example.com/a_b</a>.</p>\n"
            ),
            ("(www.example.com)", "<p>(<a href=\"https://www.example.com\">www.example.com</a>)</p>\n"),
            ("`==code==`", "<p><code>==code==</code></p>\n"),
            ("one<br>two", "<p>one<br>\ntwo</p>\n"),
            (
                "> [!warning] Careful\n> body",
                "<aside class=\"callout callout-warning\"><p class=\"callout-title\">Careful</p>\n<p>body</p>\n</aside>\n"
            ),
            (
                "> [!tip]- Folded\n> body",
                "<details class=\"callout callout-tip\"><summary class=\"callout-title\">Folded</summary>\n<p>body</p>\n</details>\n"
            ),
            (
                "> - [ ] open\n> - [x] done",
                "<blockquote>\n<ul class=\"tasks\">\n<li class=\"task\"><input type=\"checkbox\" disabled title=\"open\"> open</li>\n<li class=\"task done\"><input type=\"checkbox\" disabled checked title=\"done\"> done</li>\n</ul>\n</blockquote>\n"
            ),
        ])
    func obsidian(markdown: String, expected: String) {
        #expect(Self.html(markdown) == expected)
    }

    @Test("wikilinks link under a base URL, encoded, with headings as fragments")
    func wikilinkBase() {
        var options = MarkdownHTML.Options()
        options.wikilinkBase = "https://wiki.example.com/notes"
        #expect(
            Self.html("[[Team plan#Q3 goals|plan]]", options: options)
                == "<p><a class=\"wikilink\" href=\"https://wiki.example.com/notes/Team%20plan#q3-goals\">plan</a></p>\n"
        )
    }

    @Test(
        "hostile content is escaped, raw HTML left out, dangerous URLs dropped",
        arguments: [
            ("<script>alert(1)</script>", ""),
            ("a <b onclick=x>bold</b>", "<p>a bold</p>\n"),
            ("[x](javascript:alert(1))", "<p>x</p>\n"),
            ("[x](JaVaScRiPt:alert(1))", "<p>x</p>\n"),
            ("![pic](data:text/html;base64,xx)", "<p>pic</p>\n"),
            ("![pic](data:image/png;base64,xx)", "<p><img src=\"data:image/png;base64,xx\" alt=\"pic\"></p>\n"),
            ("[x](http://a.b/\"onmouseover=\"x)", "<p><a href=\"http://a.b/%22onmouseover=%22x\">x</a></p>\n"),
            ("5 < 6 & \"q\" 'a'", "<p>5 &lt; 6 &amp; &quot;q&quot; &#39;a&#39;</p>\n"),
            ("[[a\"><script>|x]]", "<p>[[a&quot;&gt;|x]]</p>\n"),
            (
                "[é](https://example.com/ü ö)",
                "<p>[é](<a href=\"https://example.com/%C3%BC\">https://example.com/ü</a> ö)</p>\n"
            ),
            ("[é](<https://example.com/ü ö>)", "<p><a href=\"https://example.com/%C3%BC%20%C3%B6\">é</a></p>\n"),
        ])
    func hostile(markdown: String, expected: String) {
        #expect(Self.html(markdown) == expected)
    }

    @Test("10,000 nested quotes convert and write without deep recursion")
    func deepNesting() {
        let text = String(repeating: "> ", count: 10_000) + "deep"
        let html = Self.html(text)
        #expect(html.hasSuffix("</blockquote>\n"))
        #expect(html.components(separatedBy: "<blockquote>").count == 10_001)
    }

    /// cmark's tree comes from an arena (`pm_arena_*`): buffers that grow line by line are moved or grown in place,
    /// and allocations larger than the arena's blocks get blocks of their own.
    @Test("text that grows cmark's buffers past the arena's blocks comes through intact")
    func arenaBuffers() {
        // One paragraph of 20,000 distinct lines: cmark's content buffer is reallocated many times, past 1 MiB.
        let lines = (0..<20_000).map { "line \($0) of the long paragraph" }
        let paragraph = Self.html(lines.joined(separator: "\n"))
        #expect(paragraph == "<p>" + lines.joined(separator: "\n") + "</p>\n")
        // A code block of 3 MiB on one line: larger than any block the arena makes.
        let long = String(repeating: "abcdefgh", count: 3 << 17)
        #expect(Self.html("```\n\(long)\n```") == "<pre><code>\(long)\n</code></pre>\n")
        // Many small pieces, each converted while the arena holds the whole tree.
        let items = (0..<5_000).map { "- [ ] card \($0) with `code` and *emphasis*" }.joined(separator: "\n")
        var text = items
        let segments = text.withUTF8 { MarkdownParser.segments($0, firstLine: 1) }
        #expect(segments.count == 5_000)
        #expect(PlainText.markdown(segments[4_999].markdown) == "- [ ] card 4999 with code and emphasis")
    }

    @Test("the arena zeroes, keeps what it moves, and an arena pushed over another leaves it whole")
    func arenaDirectly() {
        pm_arena_push(4096)
        let outer = pm_arena_calloc(100, 1)!.assumingMemoryBound(to: UInt8.self)
        #expect((0..<100).allSatisfy { outer[$0] == 0 })
        for index in 0..<100 { outer[index] = UInt8(index) }
        pm_arena_push(4096)
        let inner = pm_arena_calloc(10_000, 1)!.assumingMemoryBound(to: UInt8.self)
        inner[9_999] = 7
        pm_arena_pop()
        // Grown in place (the last allocation), then moved (another allocation follows it), then past a block: each
        // time everything written before is still there.
        var grown = pm_arena_realloc(outer, 200)!.assumingMemoryBound(to: UInt8.self)
        #expect(grown == outer)
        for index in 0..<200 { grown[index] = UInt8(index) }
        _ = pm_arena_calloc(16, 1)
        grown = pm_arena_realloc(grown, 3_000)!.assumingMemoryBound(to: UInt8.self)
        #expect(grown != outer)
        #expect((0..<200).allSatisfy { grown[$0] == UInt8($0) })
        for index in 0..<3_000 { grown[index] = UInt8(truncatingIfNeeded: index * 7) }
        grown = pm_arena_realloc(grown, 100_000)!.assumingMemoryBound(to: UInt8.self)
        #expect((0..<3_000).allSatisfy { grown[$0] == UInt8(truncatingIfNeeded: $0 * 7) })
        pm_arena_pop()
    }

    @Test("an arena's blocks are used again once it is popped, and what it hands out is cleared")
    func arenaSpares() {
        // Blocks a popped arena leaves are kept for the next arena (any thread's); `calloc` clears whatever it gives.
        for _ in 0..<3 {
            pm_arena_push(1 << 16)
            let block = pm_arena_calloc(60_000, 1)!.assumingMemoryBound(to: UInt8.self)
            #expect((0..<60_000).allSatisfy { block[$0] == 0 })
            for index in 0..<60_000 { block[index] = 0xFF }
            var grown = pm_arena_realloc(block, 200_000)!.assumingMemoryBound(to: UInt8.self)
            #expect((0..<60_000).allSatisfy { grown[$0] == 0xFF })
            grown = pm_arena_realloc(grown, 10)!.assumingMemoryBound(to: UInt8.self)
            #expect(grown[9] == 0xFF)
            pm_arena_pop()
        }
        pm_arena_release_spares()
        pm_arena_push(4096)
        let fresh = pm_arena_calloc(1000, 4)!.assumingMemoryBound(to: UInt8.self)
        #expect((0..<4000).allSatisfy { fresh[$0] == 0 })
        pm_arena_pop()
    }

    @Test(
        "only URLs of the refused schemes are dangerous, whatever their case and leading white space",
        arguments: [
            ("https://example.com", false), ("javascript:alert(1)", true), (" JavaScript:x", true),
            ("\u{2003}\tVBScript:x", true), ("FILE:///etc/passwd", true), ("data:image/png;base64,AA", false),
            ("DATA:text/html,x", true), ("data:image/svg+xml,x", true), ("Data:Image/JPEG;x", false),
            ("javascript:\u{301}x", false), ("jav\u{0130}script:x", false), ("", false), ("   ", false),
            ("docs/page.html", false), ("ftp://x", false), ("mailto:a@b.c", false), ("vbscript", false),
            ("\u{212A}ey:x", false),
        ])
    func dangerousURLs(url: String, dangerous: Bool) {
        #expect(MarkdownHTML.isDangerous(url) == dangerous)
        // The same as the check in full, on the trimmed and lowercased URL.
        let lower = url.trimmingWhitespace.lowercased()
        let full =
            ["javascript:", "vbscript:", "file:"].contains { lower.hasPrefix($0) }
            || (lower.hasPrefix("data:")
                && !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains {
                    lower.hasPrefix($0)
                })
        #expect(MarkdownHTML.isDangerous(url) == full)
    }

    @Test("top-level list items are pieces of their own, with their lines")
    func segments() {
        var text = "# Title\n\n- a\n- b\n  more\n\n1. c\n"
        let segments = text.withUTF8 { MarkdownParser.segments($0, firstLine: 10) }
        #expect(segments.map(\.root.kind) == [.heading, .item, .item, .item])
        #expect(segments.map(\.line) == [10, 12, 13, 16])
        #expect(segments[3].root.flags.contains(.ordered))
        #expect(Set(segments.map(\.id)).count == 4)
    }

    @Test("pieces keep no unused room, and task items are marked whether or not other syntax is there")
    func piecesAtTheirSize() {
        // A builder grows by doubling: 40 paragraphs of two nodes would leave 48 of 128 places unused.
        var text = (1...40).map { "  > Paragraph \($0)" }.joined(separator: "\n  >\n")
        text = "- [x] big\n\n" + text + "\n- [ ] plain\n- [ ] ==marked==\n"
        let segments = text.withUTF8 { MarkdownParser.segments($0, firstLine: 1) }
        #expect(segments.count == 3)
        for segment in segments {
            #expect(segment.markdown.nodes.capacity - segment.markdown.nodes.count <= 4)
        }
        #expect(segments.map { $0.root.flags.contains(.task) } == [true, true, true])
        #expect(segments.map { $0.root.flags.contains(.checked) } == [true, false, false])
        #expect(segments.map { $0.markdown.plainText(of: 1) } == ["big", "plain", "marked"])
        #expect(segments[2].markdown.nodes.contains { $0.kind == .highlight })
    }

    @Test("plain text keeps the words, lists, code and link targets")
    func plainText() {
        var text = "A *b* [c](https://x.y).\n\n- [x] done\n- item\n\n```\ncode\n```"
        let segments = text.withUTF8 { MarkdownParser.segments($0, firstLine: 1) }
        let markdown = Markdown.joined(segments.map(\.markdown))
        #expect(PlainText.markdown(markdown) == "A b c (https://x.y).\n\n- [x] done\n- item\ncode")
    }
}
