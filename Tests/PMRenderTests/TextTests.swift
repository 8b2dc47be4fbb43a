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
}
