import Foundation
import Testing

@testable import PMRender

/// End-to-end tests of the built `pm-render` binary.
@Suite("Command line", .serialized)
struct CLITests {
    @Test(
        "render: --diagnostics json and sarif give one document, whichever steps found problems",
        arguments: ["json", "sarif"])
    func renderPrintsOneDocument(format: String) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("## Todo\n\n- [ ] a @{2026-02-30}\n".utf8).write(to: folder.appending(path: "bad.md"))
        try Data("# Notes\n\nno lanes here\n".utf8).write(to: folder.appending(path: "notes.md"))
        // A board's warning; a skipped file's note and the board's warning; nothing at all.
        for (arguments, expected) in [(["bad.md"], 1), (["."], 2), (["notes.md"], 0)] {
            let result = try TestSupport.run(
                arguments + ["-o", "site", "--no-history", "--diagnostics", format], in: folder)
            let document = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8))
            let count =
                format == "json"
                ? (document as? [Any])?.count
                : (((document as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.count
            #expect(result.status == 0, "\(result.stderr)")
            #expect(count == expected, "\(arguments): \(result.stderr)")
        }
    }

    @Test("check: a clean board exits 0 with a summary on stderr")
    func checkClean() throws {
        let result = try TestSupport.run(["check", "examples/board.md"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "examples/board.md: 9 cards, 0 errors, 0 warnings\n")
    }

    @Test("check: errors exit 1 and print FILE:LINE:COL diagnostics, all of them, warnings included")
    func checkErrors() throws {
        let path = "Tests/PMRenderTests/Fixtures/diagnostics/lane-rules.md"
        let result = try TestSupport.run(["check", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains(
                """
                \(path):9:21: error: 'transitions' names 'Shiped', which is neither a lane of this board nor TODO, DOING \
                or DONE: the lanes are 'Backlog', 'In Progress', 'Review', 'Staging' and 'Shipped'

                """))
        #expect(result.stderr.contains("\(path):13:3: warning: lane 'Backlog' has 2 cards, over its WIP limit of 1\n"))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 9, "8 diagnostics and the summary")
        #expect(result.stderr.hasSuffix("lane-rules.md: 8 cards, 5 errors, 3 warnings\n"))
    }

    @Test(
        "check: card problems are warnings; a board of any lanes passes",
        arguments: ["card-fields.md", "list-tokens.md", "sections.md", "wip-limits.md"])
    func checkWarnings(name: String) throws {
        let result = try TestSupport.run(["check", "Tests/PMRenderTests/Fixtures/diagnostics/\(name)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(": warning: "))
        #expect(!result.stderr.contains(": error: "))
        #expect(
            result.stderr.hasSuffix(
                " 0 errors, \(result.stderr.components(separatedBy: ": warning: ").count - 1) warnings\n"))
    }

    @Test("check: warnings pass unless --strict")
    func strict() throws {
        let path = "Tests/PMRenderTests/Fixtures/diagnostics/stray-content.md"
        #expect(try TestSupport.run(["check", path]).status == 0)
        #expect(try TestSupport.run(["check", "--strict", path]).status == 1)
    }

    @Test(
        "check: missing file, directory and no argument exit 2",
        arguments: [
            ["check", "no-such-board.md"], ["check", "examples"], ["check"], ["check", "--bogus", "examples/board.md"],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try TestSupport.run(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test("check: several boards, one bad, reports all and exits 1")
    func severalBoards() throws {
        let result = try TestSupport.run([
            "check", "examples/board.md", "Tests/PMRenderTests/Fixtures/diagnostics/front-matter-invalid-yaml.md",
            "Tests/PMRenderTests/Fixtures/diagnostics/duplicates.md", "examples/ko.md",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("front-matter-invalid-yaml.md:3:1: error: invalid YAML in front matter"))
        #expect(result.stderr.contains("duplicates.md:10:1: warning: card 'Another docs card' repeats the ID 'docs'"))
        #expect(result.stderr.hasSuffix("4 boards: 23 cards, 1 error, 2 warnings\n"))
    }

    @Test("a board named twice (or by another path to it) is read once by check and overdue")
    func boardNamedTwice() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("## TODO\n\n- [ ] Late @{2026-01-01}\n".utf8).write(to: folder.appending(path: "o.md"))
        let check = try TestSupport.run(["check", "o.md", "./o.md"], in: folder)
        #expect(check.status == 0)
        #expect(check.stderr == "o.md: 1 card, 0 errors, 0 warnings\n")
        let overdue = try TestSupport.run(
            ["overdue", "o.md", "./o.md", "--today", "2026-02-01", "--format", "json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(overdue.stdout.utf8)) as? [String: Any]
        #expect((object?["boards"] as? [Any])?.count == 1)
        #expect(object?["overdue"] as? Int == 1)
    }

    @Test(
        "a board that cannot be opened is a diagnostic in the format asked for, beside the other boards' (exit 2)",
        arguments: ["json", "sarif", "github", "text"])
    func unopenedBoardIsADiagnostic(format: String) throws {
        let result = try TestSupport.run([
            "check", "Tests/PMRenderTests/Fixtures/diagnostics/duplicates.md", "missing.md", "--diagnostics", format,
        ])
        #expect(result.status == 2)
        let output = format == "text" ? result.stderr : result.stdout
        #expect(output.contains("unreadable-board") || format == "text")
        #expect(output.contains("missing.md"))
        #expect(output.contains("cannot read the board: no such file"))
        #expect(output.contains("repeats the ID 'docs'"), "the readable board's diagnostics are kept")
        if format == "json" || format == "sarif" {
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil)
        }
        let render = try TestSupport.run(["missing.md", "--diagnostics", "json", "-o", "/tmp/pm-render-never"])
        #expect(render.status == 2)
        #expect(render.stderr.contains("\"code\" : \"unreadable-board\""))
    }

    @Test(
        "--base-url that would not make a URI is a usage error, before anything is read",
        arguments: ["https://x.example/a\"><script>alert(1)</script>", "https://x.example/%zz", "https://例え.jp/"])
    func baseURLNotAURI(address: String) throws {
        let result = try TestSupport.run(["export", "examples/board.md", "--format", "ics", "--base-url", address])
        #expect(result.status == 2)
        #expect(result.stderr.contains("invalid --base-url '\(address)'"))
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "a negative number is refused by its option's own rule, not taken for an option",
        arguments: [
            (["overdue", "examples/board.md", "--within", "-1"], "--within must be between 0 and 3650 days"),
            (["history", "examples/board.md", "--limit", "-3"], "--limit must be at least 1"),
            (["show", "examples/board.md", "--width", "-5"], "--width must be between 20 and 1000"),
        ])
    func negativeNumbers(arguments: [String], message: String) throws {
        let result = try TestSupport.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
    }

    @Test("--today and --now together are a usage error", arguments: ["overdue", "export", "show"])
    func todayAndNow(command: String) throws {
        let result = try TestSupport.run([
            command, "examples/board.md", "--today", "2026-01-01", "--now", "2026-02-01T09:00",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--today and --now cannot be used together"))
    }

    @Test("export: JSON on stdout equals the library's encoding, every lane as written, in order")
    func exportJSON() throws {
        let result = try TestSupport.run(["export", "examples/obsidian.md", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let expected = try TestSupport.read(TestSupport.expected.appending(path: "json/obsidian.json"))
        #expect(result.stdout == expected)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let lanes = try #require(object?["lanes"] as? [[String: Any]])
        #expect(lanes.map { $0["name"] as? String } == ["To Do", "In Progress", "Done"])
        #expect(lanes.map { $0["state"] as? String } == ["todo", "doing", "done"])
        #expect(lanes.map { $0["stateSource"] as? String } == ["name", "name", "complete-marker"])
        #expect(lanes.map { ($0["cards"] as? [Any])?.count } == [3, 2, 2])
        #expect((object?["archived"] as? [Any])?.count == 2)
    }

    @Test("JSON.md names every dialect the export may print")
    func dialectsDocumented() throws {
        let doc = try TestSupport.read(TestSupport.packageRoot.appending(path: "docs/JSON.md"))
        let row = try #require(doc.split(separator: "\n").first { $0.hasPrefix("| `dialect` |") })
        for dialect in BoardStyle.Dialect.allCases {
            #expect(row.contains("`\(dialect.rawValue)`"), "\(dialect.rawValue)")
        }
    }

    @Test("export: a board with problems prints them as warnings on stderr, and its JSON")
    func exportWarnings() throws {
        for name in ["card-fields.md", "front-matter-invalid-yaml.md"] {
            let path = "Tests/PMRenderTests/Fixtures/diagnostics/\(name)"
            let result = try TestSupport.run(["export", path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains(": error: "), "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect((object?["lanes"] as? [Any])?.count == 1, "\(name)")
        }
        let fields = try TestSupport.run(["export", "Tests/PMRenderTests/Fixtures/diagnostics/card-fields.md"])
        #expect(
            fields.stderr.contains("card-fields.md:4:1: warning: 'tomorrow' is not a date, so the card has no deadline")
        )
        let yaml = try TestSupport.run([
            "export", "Tests/PMRenderTests/Fixtures/diagnostics/front-matter-invalid-yaml.md",
        ])
        #expect(yaml.stderr.contains("front-matter-invalid-yaml.md:3:1: warning: invalid YAML in front matter"))
    }

    @Test("export: a file that is not text prints its error and no JSON", arguments: ["nul-byte.md", "not-utf8.md"])
    func exportUnreadable(name: String) throws {
        let result = try TestSupport.run(["export", "Tests/PMRenderTests/Fixtures/diagnostics/\(name)"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(name):") && result.stderr.contains(": error: "), "\(result.stderr)")
    }

    @Test("terminal output never carries escape sequences from the board")
    func controlCharacters() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = folder.appending(path: "evil.md")
        // A lane name is printed by `check --verbose` and in the WIP warning.
        try "## \u{1B}[31mEVIL\u{1B}[0m (1)\n- [ ] a\n- [ ] b\n".write(to: board, atomically: true, encoding: .utf8)
        let result = try TestSupport.run(["check", "--verbose", board.path])
        #expect(result.status == 0)
        #expect(!result.stderr.contains("\u{1B}") && !result.stdout.contains("\u{1B}"))
        #expect(result.stderr.contains("  \\u{1B}[31mEVIL\\u{1B}[0m  todo"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: lane '\\u{1B}[31mEVIL\\u{1B}[0m' has 2 cards"), "\(result.stderr)")
    }

    @Test(
        "text reports keep their lines but never carry escape sequences from card titles",
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
        #expect(
            lines.contains { $0.contains("EVIL") } && lines.contains { $0.contains("Second") }
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
