import Foundation
import Testing
@testable import PMRender

/// The history's incremental parser must read every version exactly as the full parser does.
@Suite("Incremental parsing of versions")
struct VersionParserTests {
    /// Parses `text` both ways and checks they agree; returns whether the outline was used.
    @discardableResult
    static func expectAgreement(_ text: String, parser: inout VersionParser, file: String = "board.md",
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        let bytes = Array(text.utf8)
        let full = BoardParser.parse(bytes, file: file)
        let outlinedBefore = parser.outlined
        switch parser.parse(bytes, file: file) {
        case .board(let board, _):
            #expect(full.isReadable, "the full parse has errors", sourceLocation: sourceLocation)
            #expect(board == full.board, "the boards differ for:\n\(text)", sourceLocation: sourceLocation)
        case .unreadable(let result):
            #expect(!full.isReadable, sourceLocation: sourceLocation)
            #expect(result.diagnostics == full.diagnostics, sourceLocation: sourceLocation)
        }
        return parser.outlined > outlinedBefore
    }

    static let fixtureFiles: [String] = {
        let folders = ["boards", "diagnostics", "hostile"].map { TestSupport.fixtures.appending(path: $0) }
        return folders.flatMap { folder in TestSupport.files(in: folder, withExtension: "md").map { folder.appending(path: $0).path } }
            + TestSupport.files(in: TestSupport.examples, withExtension: "md").map { TestSupport.examples.appending(path: $0).path }
    }()

    @Test("every fixture and example reads the same as with the full parser", arguments: fixtureFiles)
    func fixtures(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var parser = VersionParser()
        let full = BoardParser.parse(bytes, file: "board.md")
        // Twice: the second time every card comes from the cache.
        for _ in 0..<2 {
            switch parser.parse(bytes, file: "board.md") {
            case .board(let board, _): #expect(full.isReadable && board == full.board)
            case .unreadable(let result): #expect(!full.isReadable && result.diagnostics == full.diagnostics)
            }
        }
    }

    @Test("the examples are read from their outline, not in full", arguments: ["board.md", "obsidian.md", "ko.md"])
    func examplesAreOutlined(name: String) throws {
        let text = try TestSupport.read(TestSupport.examples.appending(path: name))
        var parser = VersionParser()
        #expect(Self.expectAgreement(text, parser: &parser))
        #expect(parser.parsedInFull == 0)
    }

    /// Shapes the outline must accept; each is checked against the full parse.
    static let acceptedShapes: [String] = [
        "",
        "## TODO\n- [ ] A",
        "## TODO\n\n- [ ] A\n- [ ] B\n\n\n## DONE\n- [x] C\n\n",
        "---\ntitle: T\nwip:\n  doing: 1\n---\n# Heading\n\nIntro with a [link](x).\n\n- a list\n\n```\n## TODO\n```\n\n## TODO\n- [ ] A\n",
        "## TODO\n- [ ] A @{2026-01-02} #tag ^id\n  Due: 2026-01-02\n  Some *text*.\n\n      code\n\n  - [x] sub\n- [ ] B\n",
        "## TODO\n### Heading card\nDue: 2026-01-02\nTags: a, b\n\nBody\n\n```\n## DONE\n- [ ] not a card\n```\n\n1. step\n#### Small heading\n### Second\n## DONE\n",
        "## TODO\n- [ ] A\n### Heading card\n- body list\n- [ ] still body\n## DOING (2)\n- [ ] B\n",
        "## Done\n\n**Complete**\n- [x] A\n\n\n***\n\n## Archive\n\n- [x] B\n\n%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n",
        "## TODO\n\n%% a comment %%\n\n- [ ] A\n\n%% longer\ncomment\n%%\n\n- [ ] B\n",
        "## TODO\n- [ ] A\n# Stray title\n- [ ] B\n",
        "## TODO\n-   [ ] wide marker\n    continued\n* [ ] star\n+ [ ] plus\n",
        "## 할 일\n- [ ] 한국어 카드 @{2026-12-01} #태그\n  설명입니다.\n## 완료\n- [x] 끝\n",
        "## TODO\n- [ ] Same\n- [ ] Same\n",  // duplicate identities are a validator finding, not a parse error
    ]

    @Test("shapes the outline reads", arguments: acceptedShapes)
    func accepted(text: String) {
        #expect(BoardOutline(Array(text.utf8)) != nil)
        var parser = VersionParser()
        #expect(Self.expectAgreement(text, parser: &parser))
    }

    /// Shapes where cmark could see cards differently from a line scanner: the whole file is parsed.
    static let refusedShapes: [String] = [
        "## TODO\n- [ ] A\nlazy continuation\n",
        "## TODO\n- [ ] A\n\nstray paragraph\n",
        "## TODO\n```\n- [ ] in code\n```\n",
        "## TODO\n<div>\n\n- [ ] in HTML\n</div>\n",
        "Setext\n---\n- [ ] A\n",
        "## TODO\n### Card\nBody\n---\n",
        "## TODO\n### Card\n  ```\n## DONE\n  ```\n",
        "## TODO\n1. [ ] ordered\n",
        "## TODO\n- [ ] A\n \n - [ ] one space\n",
        "## TODO\n- [ ] A\n\t- tab\n",
        "## TODO\r\n- [ ] CRLF\r\n",
        "\u{FEFF}## TODO\n- [ ] BOM\n",
        "## TODO\n- [ ] A\n%% lazy comment %%\n",
        "%% open\n## TODO\n- [ ] A %%\n- [ ] B\n",
        "## TODO\n#### Too deep\n",
        "---\ntitle: unclosed\n## TODO\n",
        "## TODO\n -\n",
        "## TODO\n- [ ] See [the spec]\n\n[the spec]: https://spec.commonmark.org\n",
        "```a`b\n## TODO\n- [ ] m0\n```\n",
    ]

    @Test("shapes the outline leaves to the full parser", arguments: refusedShapes)
    func refused(text: String) {
        #expect(BoardOutline(Array(text.utf8)) == nil)
        var parser = VersionParser()
        #expect(!Self.expectAgreement(text, parser: &parser))
    }

    @Test("a board edited version by version reads the same, reusing the cards it has seen")
    func editedVersionByVersion() throws {
        var lines = try TestSupport.read(TestSupport.examples.appending(path: "board.md")).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var parser = VersionParser()
        let todo = lines.firstIndex(of: "## TODO")!
        var versions = 0
        for step in 0..<60 {
            switch step % 5 {
            case 0: lines.insert("- [ ] New card \(step) @{2026-12-\(10 + step % 18)} #new", at: todo + 2)
            case 1: lines.insert("  Notes for step \(step).", at: todo + 3)
            case 2:  // move the first TODO card, with its notes, to DONE
                var card = [lines.remove(at: todo + 2).replacingOccurrences(of: "[ ]", with: "[x]")]
                while lines[todo + 2].hasPrefix("  ") { card.append(lines.remove(at: todo + 2)) }
                lines.insert(contentsOf: card, at: lines.firstIndex(of: "## DONE")! + 2)
            case 3: lines.insert("- [ ] Card with a typo \(step)", at: lines.firstIndex { $0.hasPrefix("## DOING") }! + 2)
            default: lines.removeAll { $0 == "- [ ] Card with a typo \(step - 1)" }
            }
            #expect(Self.expectAgreement(lines.joined(separator: "\n"), parser: &parser, file: "board.md@v\(step)"))
            versions += 1
        }
        #expect(parser.outlined == versions)
    }

    /// Random line edits (deleting, duplicating and inserting awkward lines) must never make the
    /// two parsers disagree, whether or not the outline is used.
    @Test("random line edits of the examples read the same both ways", arguments: ["board.md", "obsidian.md", "ko.md"])
    func randomEdits(name: String) throws {
        let awkward = ["", "---", "***", "  - nested", "lazy text", "## DOING", "### Heading card", "```", "%%", "%% c %%",
                       "**Complete**", "    indented", "<p>", "[Draft]: https://example.com", "```a`b", "- [ ] Fresh @{2026-02-30}", "Due: tomorrow", "# Title", "===", " - one space"]
        let original = try TestSupport.read(TestSupport.examples.appending(path: name)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var generator = SplitMix64(seed: 0x5EED)
        var parser = VersionParser()
        for _ in 0..<300 {
            var lines = original
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let index = Int(generator.next() % UInt64(lines.count))
                switch generator.next() % 3 {
                case 0: lines.remove(at: index)
                case 1: lines.insert(lines[index], at: index)
                default: lines.insert(awkward[Int(generator.next() % UInt64(awkward.count))], at: index)
                }
                if lines.isEmpty { lines = [""] }
            }
            Self.expectAgreement(lines.joined(separator: "\n"), parser: &parser)
        }
        #expect(parser.outlined > 0)
        #expect(parser.parsedInFull > 0)
    }
}

extension VersionParserTests {
    /// Comparing only the cards whose source or column changed must find exactly the changes the
    /// full comparison finds, whether versions come from the outline, from a full parse, or hold
    /// duplicate identities.
    @Test("comparing only changed cards finds what the full comparison finds", arguments: ["board.md", "obsidian.md", "ko.md"])
    func differAgreesWithFullComparison(name: String) throws {
        var lines = try TestSupport.read(TestSupport.examples.appending(path: name)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var generator = SplitMix64(seed: 0xD1FF)
        var parser = VersionParser()
        var differ = VersionDiffer()
        var previous: (Board, [Int]?) = (Board(title: "", sourceFile: "board.md"), [])
        var compared = 0
        for step in 0..<400 {
            // A random walk: each version is one small edit of the one before.
            let choice = generator.next() % 20
            let card = Int(generator.next() % UInt64(lines.count))
            let sections = lines.indices.filter { lines[$0].hasPrefix("## ") }
            switch choice {
            case 0...3: lines.insert("- [ ] Card \(step) #t\(step % 3)", at: min(sections.last! + 1, lines.count))
            case 4...6: lines.insert("- [ ] Card \(step % 150)", at: min(sections.first! + 1, lines.count))  // a duplicate now and then
            case 7...9:  // remove a card with its indented lines
                if lines.indices.contains(card), lines[card].hasPrefix("- [") {
                    lines.remove(at: card)
                    while lines.indices.contains(card), lines[card].hasPrefix("  ") { lines.remove(at: card) }
                }
            case 10...12: if lines.indices.contains(card), lines[card].hasPrefix("- [") { lines[card] += " edited" }
            case 13: lines.insert("```", at: lines.count)  // makes the outline give up until removed
            case 14...16: lines.removeAll { $0 == "```" }
            default: if lines.indices.contains(card), lines[card].hasPrefix("- [ ]") { lines[card] = "- [x]" + lines[card].dropFirst(5) }
            }
            guard case .board(let board, let sources) = parser.parse(Array(lines.joined(separator: "\n").utf8), file: "board.md") else {
                continue
            }
            let fast = differ.changes(old: previous.0, oldSources: previous.1, new: board, newSources: sources,
                                      identityNumbers: parser.identityNumbers).filter { $0.kind != .unchanged }
            let full = BoardComparison.compare(old: previous.0, new: board).filter { $0.kind != .unchanged }
            #expect(fast == full, "step \(step)")
            previous = (board, sources)
            compared += 1
        }
        #expect(compared > 300)
        #expect(parser.outlined > 0 && parser.parsedInFull > 0)
        #expect(differ.reducedComparisons > 50 && differ.reducedComparisons < compared)
    }
}

/// A small deterministic random number generator for the edit tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
