import Foundation
import Testing

@testable import PMRender

/// The history reads each version from what changed (`VersionReader`); whatever the edit, the result must be the
/// board a whole parse gives.
@Suite("Reading versions from their changes")
struct VersionReaderTests {
    /// A small deterministic generator (SplitMix64), so every run edits the same way.
    struct Random {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Lines an edit inserts: cards, continuations, lanes, groups, and everything that changes how cmark reads the
    /// lines after it (fences, quotes, HTML, setext underlines, comments, indented code, lists of other kinds).
    static let pool = [
        "- [ ] Write the release notes @{2026-12-01} #docs", "- [x] Ship it", "  A continuation of the card above.",
        "  - [ ] a subtask", "", "", "## Review", "## Done", "### Group", "```", "```swift", "    indented code",
        "> a quote", "<div>", "</div>", "---", "***", "===", "%%", "%% a comment %%", "%% kanban:settings", "1. first",
        "2) second", "* star card", "+ plus card", "Plain paragraph text", "- ", "Due: 2026-11-30", "# Title",
        "\t- tabbed item", "  ```", "~~~", "- [ ] card with [[wiki|link]] and ==mark==", "| ID | Task | Due |",
        "|---|---|---|", "| T1 | Write the guide | 2026-12-01 |", "| T2 | Fix \\| escape | |", "| Backlog | Done |",
    ]

    static let bases: [String] = {
        let examples = ["board.md", "obsidian.md", "ko.md"].compactMap {
            try? TestSupport.read(TestSupport.examples.appending(path: $0))
        }
        let dialects = TestSupport.files(in: TestSupport.fixtures.appending(path: "dialects"), withExtension: "md")
            .prefix(12).compactMap { try? TestSupport.read(TestSupport.fixtures.appending(path: "dialects/\($0)")) }
        // A board kept as tables: its cards are rows, cached by their table's piece and their place in it.
        let tables = try? TestSupport.read(TestSupport.fixtures.appending(path: "dialects/tables.md"))
        return examples + dialects + [tables].compactMap { $0 }
    }()

    @Test("every version of random edit sequences reads as a whole parse reads it", arguments: 0..<24)
    func randomEdits(seed: Int) {
        var random = Random(state: UInt64(seed) &* 7919)
        let base = Self.bases[seed % Self.bases.count]
        var lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var reader = VersionReader()
        let versions = 60
        for version in 0..<versions {
            let bytes = Array(lines.joined(separator: "\n").utf8)
            let incremental = reader.read(bytes, file: "board.md")
            let whole = BoardParser.parse(bytes, file: "board.md")
            guard incremental.board == whole.board, incremental.diagnostics == whole.diagnostics else {
                Issue.record("seed \(seed), version \(version) differs:\n\(lines.joined(separator: "\n"))")
                return
            }
            edit(&lines, &random)
        }
        // Most versions are read from their changes (those that may define links are parsed whole).
        #expect(reader.wholeParses < versions / 2)
    }

    @Test("a version whose dates settle the board's date format reads as a whole parse reads it, and so do the next")
    func datesSettledByAVersion() {
        var reader = VersionReader()
        var text = "## TODO\n\n- [ ] a @{05-04-2024}\n"
        for added in ["- [ ] b @{30-04-2024}\n", "- [ ] c @{06-05-2024}\n", ""] {
            let bytes = Array(text.utf8)
            let incremental = reader.read(bytes, file: "board.md")
            let whole = BoardParser.parse(bytes, file: "board.md")
            #expect(incremental.board == whole.board)
            #expect(incremental.diagnostics == whole.diagnostics)
            text = added.isEmpty ? "## TODO\n\n- [ ] a @{05-04-2024}\n" : text + added
        }
        let last = BoardParser.parse(Array(text.utf8), file: "board.md")
        #expect(last.board.cards.first?.due == nil)
    }

    @Test("a table's rows read again when their lane's heading changes what the columns hold")
    func tableRowsFollowTheirHeading() {
        var reader = VersionReader()
        let table = "| Task | Status |\n|---|---|\n| a | Done |\n| b | Todo |\n"
        for heading in ["## Board", "## Done", "## Board", "## Sprint"] {
            let bytes = Array("# T\n\n\(heading)\n\n\(table)".utf8)
            let incremental = reader.read(bytes, file: "board.md")
            let whole = BoardParser.parse(bytes, file: "board.md")
            #expect(incremental.board == whole.board, "\(heading)")
            #expect(incremental.diagnostics == whole.diagnostics, "\(heading)")
        }
    }

    @Test("the card cache is bounded by the board, not by the length of its history")
    func cacheStaysBounded() {
        var reader = VersionReader()
        var titles = (0..<10).map { "card \($0)" }
        for version in 10..<400 {
            // Each version adds a card at the top and removes the last one: ten cards, 400 of them in all.
            titles.insert("card \(version)", at: 0)
            titles.removeLast()
            let bytes = Array(("## TODO\n" + titles.map { "- [ ] \($0)\n" }.joined() + "## Done\n").utf8)
            let incremental = reader.read(bytes, file: "board.md")
            guard incremental.board == BoardParser.parse(bytes, file: "board.md").board else {
                Issue.record("version \(version) differs")
                return
            }
        }
        #expect(reader.cachedReadings <= 65)
    }

    @Test("a version equal to the one before is not parsed again")
    func unchanged() {
        var reader = VersionReader()
        let bytes = Array("## TODO\n- [ ] a\n".utf8)
        let first = reader.read(bytes, file: "board.md")
        let second = reader.read(bytes, file: "board.md")
        #expect(first.board == second.board)
        #expect(reader.wholeParses == 1)
    }

    @Test("link reference definitions make a version parse whole, and its cards are read again")
    func linkDefinitions() {
        var reader = VersionReader()
        let plain = Array("## TODO\n- [ ] see [spec]\n".utf8)
        _ = reader.read(plain, file: "board.md")
        let result = reader.read(
            Array("## TODO\n- [ ] see [spec]\n\n[spec]: https://example.com\n".utf8), file: "board.md")
        #expect(reader.wholeParses == 2)
        let card = result.board.cards.first
        #expect(card?.titleMarkup.nodes.contains { $0.kind == .link && $0.text == "https://example.com" } == true)
        // Without the definition again, the card is plain text, as a whole parse reads it.
        let after = reader.read(plain, file: "board.md")
        #expect(after.board == BoardParser.parse(plain, file: "board.md").board)
        #expect(after.board.cards.first?.titleMarkup.nodes.contains { $0.kind == .link } == false)
    }

    @Test("a card moved to another lane, and its neighbours parsed again, are not read again; an edited card is")
    func movedCardsKeepTheirReadings() {
        var reader = VersionReader()
        var todo = (1...10).map { "- [ ] Card \($0) @{2026-12-\(10 + $0)} #tag\n  Notes on card \($0).\n" }
        var done: [String] = []
        func read() -> ParseResult {
            let bytes = Array(("## TODO\n" + todo.joined() + "\n## DONE\n" + done.joined()).utf8)
            let result = reader.read(bytes, file: "board.md")
            #expect(result.board == BoardParser.parse(bytes, file: "board.md").board)
            return result
        }
        _ = read()
        #expect(reader.cardsRead == 10)
        done.append(todo.remove(at: 4))
        let moved = read()
        #expect(reader.cardsRead == 10, "the moved card and the cards around it reuse their readings")
        #expect(moved.board.lanes[1].cards.map(\.title) == ["Card 5"])
        todo[3] = "- [ ] Card 4, renamed @{2026-12-14} #tag\n  Notes on card 4.\n"
        _ = read()
        #expect(reader.cardsRead == 11)
    }

    /// Edits the body (the front matter stays: a version whose front matter changed is parsed whole).
    private func edit(_ lines: inout [String], _ random: inout Random) {
        var body = 0
        if lines.first == "---", let close = lines.dropFirst().firstIndex(of: "---") { body = close + 1 }
        let position = body + random.next(lines.count - body + 1)
        switch random.next(5) {
        case 0, 1:
            lines.insert(Self.pool[random.next(Self.pool.count)], at: position)
        case 2 where lines.count > body:
            lines.remove(at: min(position, lines.count - 1))
        case 3 where lines.count > body:
            lines[min(position, lines.count - 1)] = Self.pool[random.next(Self.pool.count)]
        default:
            // Move a block of lines (a card moving between lanes).
            guard lines.count > 4 else { return }
            guard lines.count - body > 4 else { return }
            let start = body + random.next(lines.count - body - 2)
            let length = 1 + random.next(min(4, lines.count - start - 1))
            let block = Array(lines[start..<(start + length)])
            lines.removeSubrange(start..<(start + length))
            lines.insert(contentsOf: block, at: body + random.next(lines.count - body + 1))
        }
    }
}
