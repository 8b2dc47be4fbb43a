import Testing

@testable import PMRender

/// The byte-level text helpers the reader's hot paths use instead of Foundation's.
@Suite("Text")
struct TextTests {
    @Test(
        "holdsBytes finds a needle byte for byte, at either end, in any script, and in a substring only",
        arguments: [
            ("due:2026", "due:", true), ("x due:", "due:", true), ("du e:", "due:", false), ("", "a", false),
            ("a", "", true), ("P0 · Sprint", " · ", true), ("P0 ·Sprint", " · ", false), ("ab", "abc", false),
            ("진행 중 · 완료", " · ", true), ("aaab", "aab", true),
        ])
    func holdsBytes(text: String, needle: StaticString, found: Bool) {
        #expect(text.holdsBytes(needle) == found)
        // A substring is searched within its own bounds.
        let padded = "due:" + text + "due:"
        #expect(padded.dropFirst(4).dropLast(4).holdsBytes(needle) == found)
    }

    @Test(
        "A tag list's ASCII parts are what splitting it by characters gives",
        arguments: [
            "", ",", " , ", "a", "a,b", "a, b", " a ,, b c ", "bug ios", "#bug #ios, #android", "UI, Host Discovery",
            "a\r\nb, c", ",,a,,", "release, owner-5", "'a', 'b'",
        ])
    func asciiTagParts(list: String) {
        let text = Substring("[" + list + "]").dropFirst().dropLast()
        #expect(CardDraft.asciiParts(of: text, alsoAtSpaces: false) == text.split(separator: ","))
        #expect(
            CardDraft.asciiParts(of: text, alsoAtSpaces: true)
                == text.split(separator: ",").flatMap { $0.split(separator: " ") })
    }

    @Test("containsByte reads any string's bytes, small or large, native or from a substring")
    func containsByte() {
        for text in [
            "", "a", "abc#", String(repeating: "x", count: 100) + "#", "진행 #", String(Substring("ab#c").dropLast()),
        ] {
            #expect(text.containsByte(UInt8(ascii: "#")) == text.utf8.contains(UInt8(ascii: "#")))
            #expect(text.containsByte { $0 >= 0x80 } == text.utf8.contains { $0 >= 0x80 })
        }
    }

    @Test(
        "Spaces and tabs at a text's edges are trimmed as characters, where a mark after a space joins it",
        arguments: [
            "", " ", "\t \t", "a", "  a b  ", "\ta\t", " \u{301}a", "  \u{301}a ", "a \u{301}", "\u{600} ",
            "x\u{600}  ",
            "é  ", "  é", " \r\n", "진행 ",
        ])
    func edgeSpaces(text: String) {
        let leading = String(text.drop { $0 == " " || $0 == "\t" })
        #expect((text.withoutLeadingSpaces ?? text) == leading)
        #expect((text.withoutLeadingSpaces == nil) == (leading == text))
        var trailing = text
        while trailing.last == " " || trailing.last == "\t" { trailing.removeLast() }
        #expect((text.withoutTrailingSpaces ?? text) == trailing)
        #expect((text.withoutTrailingSpaces == nil) == (trailing == text))
    }

    @Test(
        "A field's value that only holds a place is told apart on its first byte as on its words",
        arguments: [
            ("TBD", true), ("tbd", true), ("N/A", true), ("None", true), ("—", true), ("-", true), ("", true),
            ("...", true), ("미정", true), ("Noch offen", true), ("UNKNOWN", true), ("?", true),
            ("2026-05-10 14:00", false), ("release, owner-5", false), ("Ann", false), ("Tomorrow", false),
            ("@{2026-05-10}", false),
        ])
    func placeholderValue(value: String, holdsPlace: Bool) {
        #expect(Placeholder.isValue(Substring(value)) == holdsPlace)
        #expect(Placeholder.isValue(Substring("  " + value + " ")) == holdsPlace)
    }

    @Test("Plain text is trimmed at its edges as its scalars are, white space outside ASCII too")
    func plainTextEdges() {
        for (text, expected) in [(" x ", "x"), ("\u{00A0}x\u{00A0}", "x"), ("x", "x"), ("\u{3000}", ""), ("é", "é")] {
            let markdown = Markdown(nodes: [
                Markdown.Node(kind: .paragraph, end: 2), Markdown.Node(kind: .text, end: 2, text: text),
            ])
            #expect(PlainText.markdown(markdown) == expected)
        }
    }

    @Test("A link's address is written with the bytes it may hold as they are, the others escaped")
    func href() {
        var out: [UInt8] = []
        MarkdownHTML.appendHref("https://a.b/c d?x=1&y='é'#top", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "https://a.b/c%20d?x=1&amp;y=&#x27;%C3%A9&#x27;#top")
        out = []
        MarkdownHTML.appendHref("", to: &out)
        #expect(out.isEmpty)
    }
}
