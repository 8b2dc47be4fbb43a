import Foundation
import Testing

@testable import PMRender

/// A large board's body is parsed in chunks side by side (`ChunkedParse`); the pieces must be those one parse of the
/// whole body gives, whatever the chunks and wherever a cut falls.
@Suite("Parsing a body in chunks")
struct ChunkedParseTests {
    static let boards: [String] = {
        let examples = TestSupport.files(in: TestSupport.examples, withExtension: "md").map {
            TestSupport.examples.appending(path: $0)
        }
        let fixtures = ["dialects", "diagnostics", "boards", "editing"].flatMap { folder in
            let url = TestSupport.fixtures.appending(path: folder)
            return TestSupport.files(in: url, withExtension: "md").map { url.appending(path: $0) }
        }
        return (examples + fixtures).map(\.path)
    }()

    /// The body's source and its first line.
    static func body(_ text: String) -> (SourceText, Int)? { body(Array(text.utf8)) }

    static func body(_ bytes: [UInt8]) -> (SourceText, Int)? {
        guard let (source, frontMatter, _) = BoardParser.prepare(bytes, file: "board.md") else { return nil }
        return (source, frontMatter.bodyStartLine)
    }

    /// Records where the chunked pieces differ from the whole parse's.
    static func expectSamePieces(
        _ bytes: [UInt8], chunks: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async {
        guard let (source, firstLine) = body(bytes) else { return }
        let whole = BoardParser.body(source, from: firstLine)
        let chunked = await ChunkedParse.body(source, from: firstLine, chunks: chunks)
        #expect(chunked == whole, sourceLocation: sourceLocation)
        #expect(
            ChunkedParse.bodyInOrder(source, from: firstLine, chunks: chunks) == whole, sourceLocation: sourceLocation)
    }

    @Test("every example and fixture board gives the pieces of a whole parse", arguments: boards)
    func fixtures(path: String) async throws {
        let bytes = try [UInt8](Data(contentsOf: URL(filePath: path)))
        for chunks in [2, 3, 7] { await Self.expectSamePieces(bytes, chunks: chunks) }
    }

    /// A board of `cards` cards, both card styles, in three lanes.
    static func generated(cards: Int) -> String {
        var text = "---\ntitle: Generated\n---\n\n# Generated\n\nA board.\n\n"
        for (lane, name) in ["TODO", "DOING", "DONE"].enumerated() {
            text += "## \(name)\n\n"
            for card in 0..<cards / 3 {
                let number = lane * cards + card
                if card % 2 == 0 {
                    text += "- [ ] Card \(number) @{2026-02-02} #team\n"
                    text += "  Follow up on the [spec](https://e.com/\(number)).\n\n"
                } else {
                    text += "### Card \(number)\n\nDue: 2026-03-03\n\n- [ ] a subtask\n- [x] another\n\n"
                }
            }
        }
        return text
    }

    @Test("a generated board is cut at its headings and gives the pieces of a whole parse", arguments: [2, 4, 9])
    func generatedBoard(chunks: Int) async throws {
        let text = Self.generated(cards: 600)
        let (source, firstLine) = try #require(Self.body(text))
        let cuts = ChunkedParse.cutLines(source, from: firstLine, chunks: chunks)
        #expect(cuts.count == chunks - 1)
        #expect(cuts.allSatisfy { source.line($0).hasPrefix("#") })
        await Self.expectSamePieces(Array(text.utf8), chunks: chunks)
    }

    /// A board read from a file lets each card's pieces go once the card is read (`BoardReader.releasesPieces`); the
    /// history's reader keeps them. Both must give the same board, also when its dates settle a format late and it
    /// is read a second time (then parsed again, in chunks or whole).
    @Test(
        "a board read as its pieces are let go is the board a reader that keeps them gives", arguments: [false, true])
    func piecesLetGo(settlesLate: Bool) async throws {
        // Five lanes (so the body is parsed in chunks) of cards read side by side, dates with the day and the month in
        // either order until, maybe, the last card's shows which comes first.
        var text = ""
        for lane in 0..<5 {
            text += "## Lane \(lane)\n\n"
            for card in 0..<400 {
                text += "- [ ] Card \(lane)-\(card) @{02/03/2026} #team\n"
                text += "  Follow up on the [spec](https://e.com/\(card)).\n\n"
            }
        }
        if settlesLate { text += "- [ ] The last card @{28/03/2026}\n" }
        let bytes = Array(text.utf8)
        let (source, frontMatter, _) = try #require(BoardParser.prepare(bytes, file: "board.md"))
        var cache = BoardReader.CardCache()
        let kept = BoardParser.read(
            BoardParser.body(source, from: frontMatter.bodyStartLine), source: source, frontMatter: frontMatter,
            problems: [], file: "board.md", cache: &cache)
        let concurrent = await BoardParser.parseConcurrently(bytes, file: "board.md")
        let whole = BoardParser.parse(bytes, file: "board.md")
        #expect(concurrent.board == kept.board)
        #expect(whole.board == kept.board)
        #expect(concurrent.diagnostics == kept.diagnostics && whole.diagnostics == kept.diagnostics)
        #expect(kept.board.cardCount == 2_000 + (settlesLate ? 1 : 0))
        // Settled, the dates read day first; unsettled, they are not dates.
        let due = kept.board.cards.first?.due
        #expect(settlesLate ? due?.date == CalendarDate(year: 2026, month: 3, day: 2) : due == nil)
    }

    /// The only heading after the first lane's sits where a cut cannot hold: cmark reads it as part of the block
    /// before it, so the body is parsed whole.
    @Test(
        "a cut at a heading inside a block that goes on is not taken",
        arguments: [
            "```text\n## not a lane\n```\n", "~~~\n## not a lane\n\n- x\n~~~\n", "<!--\n## not a lane\n-->\n",
            "<script>\n## not a lane\n</script>\n", "```\n## not a lane, and a fence never closed\n",
        ])
    func cutInsideBlock(block: String) async throws {
        let filler = (0..<40).map { "- [ ] card \($0)\n" }.joined()
        let text = "## TODO\n\n" + filler + "\n" + block + "\n" + filler
        let (source, firstLine) = try #require(Self.body(text))
        let cuts = ChunkedParse.cutLines(source, from: firstLine, chunks: 2)
        #expect(cuts.count == 1 && source.line(cuts[0]).hasPrefix("## not a lane"))
        await Self.expectSamePieces(Array(text.utf8), chunks: 2)
    }

    @Test("a link defined in one chunk is a link in another")
    func linkDefinitions() async throws {
        let text = "## TODO\n\n- [ ] read the [spec]\n\n## DONE\n\n- [x] done\n\n[spec]: https://example.com/spec\n"
        let (source, firstLine) = try #require(Self.body(text))
        #expect(ChunkedParse.cutLines(source, from: firstLine, chunks: 2) == [5])
        await Self.expectSamePieces(Array(text.utf8), chunks: 2)
        let pieces = await ChunkedParse.body(source, from: firstLine, chunks: 2)
        #expect(pieces[1].markdown.nodes.contains { $0.kind == .link && $0.text == "https://example.com/spec" })
    }

    @Test(
        "lines that may define a link reference",
        arguments: [
            ("[spec]: https://e.com", true), ("   [a]: /b", true), ("> [a]: /b", true), ("- [a]: /b", true),
            ("1. [a]: /b", true), ("  * > [a]: /b", true), ("- [ ] a task", false), ("Plain [text]: no", false),
            ("- [x] done [a]", false), ("# [a]: heading", false),
        ])
    func mayDefineLinks(line: String, expected: Bool) throws {
        let (source, _) = try #require(Self.body("## TODO\n\n" + line + "\n"))
        #expect(ChunkedParse.mayDefineLinks(source) == expected)
    }
}
