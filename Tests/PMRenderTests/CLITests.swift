import Foundation
import Testing
@testable import PMRender

/// End-to-end tests of the built `pm-render` binary.
@Suite("Command line", .serialized)
struct CLITests {
    @Test("check: a clean board exits 0 with a summary on stderr")
    func checkClean() throws {
        let result = try TestSupport.run(["check", "examples/board.md"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "examples/board.md: 9 cards, 0 errors, 0 warnings\n")
    }

    @Test("check: board errors exit 1 and print FILE:LINE:COL diagnostics, all of them")
    func checkErrors() throws {
        let result = try TestSupport.run(["check", "Tests/PMRenderTests/Fixtures/diagnostics/sections.md"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Tests/PMRenderTests/Fixtures/diagnostics/sections.md:3:1: error: unknown section 'Backlog': expected TODO, DOING or DONE\n"))
        #expect(result.stderr.contains("sections.md:21:1: error:"))
        #expect(result.stderr.hasSuffix("sections.md: 2 cards, 5 errors, 0 warnings\n"))
    }

    @Test("check: warnings pass unless --strict")
    func strict() throws {
        let path = "Tests/PMRenderTests/Fixtures/diagnostics/stray-content.md"
        #expect(try TestSupport.run(["check", path]).status == 0)
        #expect(try TestSupport.run(["check", "--strict", path]).status == 1)
    }

    @Test("check: missing file, directory and no argument exit 2", arguments: [["check", "no-such-board.md"], ["check", "examples"], ["check"], ["check", "--bogus", "examples/board.md"]])
    func usageErrors(arguments: [String]) throws {
        let result = try TestSupport.run(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test("check: several boards, one bad, reports all and exits 1")
    func severalBoards() throws {
        let result = try TestSupport.run(["check", "examples/board.md", "Tests/PMRenderTests/Fixtures/diagnostics/duplicates.md", "examples/ko.md"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("duplicates.md:8:1: error: duplicate card"))
        #expect(result.stderr.hasSuffix("3 boards: 21 cards, 3 errors, 0 warnings\n"))
    }

    @Test("export: JSON on stdout equals the library's encoding")
    func exportJSON() throws {
        let result = try TestSupport.run(["export", "examples/obsidian.md", "--format", "json"])
        #expect(result.status == 0)
        let expected = try TestSupport.read(TestSupport.expected.appending(path: "json/obsidian.json"))
        #expect(result.stdout == expected)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((object?["columns"] as? [Any])?.count == 3)
    }

    @Test("export: a board with errors prints diagnostics and no JSON")
    func exportErrors() throws {
        let result = try TestSupport.run(["export", "Tests/PMRenderTests/Fixtures/diagnostics/card-fields.md"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("card-fields.md:4:6: error: invalid deadline 'tomorrow'"))
    }

    @Test("terminal output never carries escape sequences from the board")
    func controlCharacters() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = folder.appending(path: "evil.md")
        try "## \u{1B}[31mEVIL\u{1B}[0m\n".write(to: board, atomically: true, encoding: .utf8)
        let result = try TestSupport.run(["check", board.path])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderr.contains("\\u{1B}[31mEVIL"))
    }

    @Test("text reports keep their lines but never carry escape sequences from card titles",
          arguments: [["overdue", "--today", "2026-11-22"], ["diff", "--previous"]])
    func controlCharactersInReports(arguments: [String]) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = folder.appending(path: "evil.md")
        try "## TODO\n- [ ] Red \u{1B}[31mEVIL\u{1B}[0m @{2026-11-01}\n- [ ] Second @{2026-11-02}\n"
            .write(to: board, atomically: true, encoding: .utf8)
        let previous = folder.appending(path: "empty.md")
        try "## TODO\n".write(to: previous, atomically: true, encoding: .utf8)
        let command = arguments[0] == "diff" ? arguments + [previous.path, board.path] : arguments + [board.path]
        let result = try TestSupport.run(command)
        #expect(!result.stdout.contains("\u{1B}"), "\(result.stdout)")
        #expect(result.stdout.contains("\\u{1B}[31mEVIL"), "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("EVIL") } && lines.contains { $0.contains("Second") }
                && !lines.contains { $0.contains("EVIL") && $0.contains("Second") }, "each card on its own line")
    }

    @Test("the input board is never modified")
    func inputUntouched() throws {
        let url = TestSupport.examples.appending(path: "board.md")
        let before = try Data(contentsOf: url)
        _ = try TestSupport.run(["check", "examples/board.md"])
        _ = try TestSupport.run(["export", "examples/board.md"])
        #expect(try Data(contentsOf: url) == before)
    }
}
