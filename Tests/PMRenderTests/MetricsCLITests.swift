import Foundation
import Testing

@testable import PMRender

/// `pm-render metrics` end to end, on the built binary and the scripted history of `FlowFixture.team`.
@Suite("Metrics command", .serialized)
struct MetricsCLITests {
    @Test("--format json prints the library's metrics, every key of the documented schema")
    func json() async throws {
        let fixture = try FlowFixture.team()
        let result = try TestSupport.run(
            ["metrics", "board.md", "--today", "2026-01-09", "--format", "json"], in: fixture.repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let expected = FlowMetrics(
            history: try await fixture.history(), board: try fixture.board(),
            options: FlowMetrics.Options(today: CalendarDate(iso: "2026-01-09")!))
        #expect(result.stdout == expected.json())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["cards", "throughput", "cfd", "agingWip", "cycleTime", "forecast"])
        let card = try #require((object["cards"] as? [[String: Any]])?.first)
        #expect(Set(card.keys) == ["id", "title", "added", "started", "done", "leadTimeDays", "cycleTimeDays"])
        #expect(card["leadTimeDays"] as? Int == 8)
        let week = try #require((object["throughput"] as? [[String: Any]])?.last)
        #expect(week["week"] as? String == "2026-W02" && week["count"] as? Int == 3)
        let cfd = try #require(object["cfd"] as? [[String: Any]])
        let last = try #require(cfd.last)
        #expect(last["date"] as? String == "2026-01-09")
        #expect(last["states"] as? [String: Int] == ["todo": 1, "doing": 2, "done": 4])
        #expect(last["lanes"] as? [String: Int] == ["Backlog": 1, "Doing": 0, "Review": 2, "Done": 3, "Released": 1])
        let aging = try #require(object["agingWip"] as? [[String: Any]])
        #expect(aging.map { $0["ageDays"] as? Int } == [10, 4])
        #expect(Set(aging[0].keys) == ["id", "lane", "ageDays"])
        #expect(object["cycleTime"] as? [String: Int] == ["p50": 2, "p85": 10, "p95": 10])
        let forecast = try #require(object["forecast"] as? [String: Any])
        #expect(forecast["remaining"] as? Int == 3 && forecast["reliable"] as? Bool == false)
        #expect(forecast["p50"] is NSNull)
    }

    @Test("--format text fits a terminal; --format markdown fits a step summary; both in Korean too")
    func textAndMarkdown() throws {
        let fixture = try FlowFixture.team()
        let text = try TestSupport.run(["metrics", "board.md", "--today", "2026-01-09"], in: fixture.repo.root)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Flow metrics of Team (board.md), 2025-12-29 to 2026-01-09")
        #expect(lines.contains("Cycle time: 50% within 2 days, 85% within 10 days, 95% within 10 days"))
        #expect(lines.contains("  2026-W02  3  " + String(repeating: "#", count: 40)))
        #expect(lines.contains("  10 days  Review  Card C"))
        #expect(lines.contains { $0.hasPrefix("  2026-01-09") && $0.hasSuffix("1      2     4") })
        let markdown = try TestSupport.run(
            ["metrics", "board.md", "--today", "2026-01-09", "--format", "markdown"], in: fixture.repo.root)
        #expect(markdown.stdout.hasPrefix("### Flow metrics: Team (2025-12-29 to 2026-01-09)\n"))
        #expect(markdown.stdout.contains("| Cycle time (days) | 2 | 10 | 10 |"))
        #expect(markdown.stdout.contains("| 2026-W01 | 1 |"))
        #expect(markdown.stdout.contains("| Card C | Review | 10 |"))
        let korean = try TestSupport.run(
            ["metrics", "board.md", "--today", "2026-01-09", "--locale", "ko"], in: fixture.repo.root)
        #expect(korean.stdout.hasPrefix("Team (board.md) 흐름 지표, 2025-12-29 ~ 2026-01-09\n"))
        #expect(korean.stdout.contains("사이클 타임: 50%는 2일 이내"))
        #expect(!korean.stdout.contains("⟦"), "every key is in the Korean catalogue")
    }

    @Test("--seed and --by: the same seed prints the same forecast; --by adds how many by that day")
    func seedAndBy() throws {
        let fixture = try FlowFixture.steady(pattern: ForecastTests.uneven, remaining: 15)
        func run(_ extra: [String]) throws -> TestSupport.RunResult {
            try TestSupport.run(
                ["metrics", "board.md", "--today", "2026-03-21", "--format", "json"] + extra, in: fixture.repo.root)
        }
        let a = try run(["--seed", "5"])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(try run(["--seed", "5"]).stdout == a.stdout)
        let forecast = try #require(
            (try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any])?["forecast"]
                as? [String: Any])
        #expect(forecast["seed"] as? Int == 5 && forecast["trials"] as? Int == 10_000)
        #expect(forecast["by"] is NSNull)
        let dated = try run(["--seed", "5", "--by", "2026-04-01"])
        let by = try #require(
            ((try JSONSerialization.jsonObject(with: Data(dated.stdout.utf8)) as? [String: Any])?["forecast"]
                as? [String: Any])?["by"] as? [String: Any])
        #expect(by["date"] as? String == "2026-04-01")
        let text = try TestSupport.run(
            ["metrics", "board.md", "--today", "2026-03-21", "--by", "2026-04-01"], in: fixture.repo.root)
        #expect(text.stdout.contains("By 2026-04-01: at least "))
        #expect(
            text.stdout.contains("10,000 trials drawing days from the daily throughput of 2026-03-02 to 2026-03-21"))
    }

    @Test(
        "usage problems exit 2 with a message",
        arguments: [
            (["--since", "2026-13-01"], "invalid --since '2026-13-01': expected YYYY-MM-DD"),
            (["--by", "soon"], "invalid --by 'soon': expected YYYY-MM-DD"),
            (["--since", "2026-02-01"], "--since 2026-02-01 is after today (2026-01-09)"),
            (["--by", "2026-01-09"], "--by 2026-01-09 is not after today (2026-01-09)"),
            (["--by", "2036-02-01"], "--by 2036-02-01 is more than 10 years after today (2026-01-09)"),
            (["--format", "csv"], "csv"),
        ])
    func usage(arguments: [String], message: String) throws {
        let fixture = try FlowFixture.team()
        let result = try TestSupport.run(
            ["metrics", "board.md", "--today", "2026-01-09"] + arguments, in: fixture.repo.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a board outside git is a usage error that says why")
    func notInGit() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "## TODO\n\n- [ ] a\n".write(to: folder.appending(path: "board.md"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(
            ["metrics", "board.md"], in: folder, environment: ["GIT_CEILING_DIRECTORIES": folder.path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "no metrics for 'board.md': it is not inside a git repository, and pm-render reads metrics from git"))
        let history = try TestSupport.run(
            ["history", "board.md"], in: folder, environment: ["GIT_CEILING_DIRECTORIES": folder.path])
        #expect(history.status == 2)
        #expect(
            history.stderr.contains(
                "no history for 'board.md': it is not inside a git repository, and pm-render reads history from git"))
    }

    @Test("a board never committed has empty metrics and a note")
    func neverCommitted() throws {
        let fixture = try FlowFixture(lanes: ["Todo", "Done"])
        try fixture.repo.write("other.md", "x\n")
        try fixture.repo.git("add", "other.md")
        try fixture.repo.git(
            "commit", "-q", "-m", "other",
            environment: [
                "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b", "GIT_COMMITTER_NAME": "a",
                "GIT_COMMITTER_EMAIL": "a@b",
            ])
        try fixture.repo.write("board.md", fixture.text(["Todo": ["x"]]))
        let result = try TestSupport.run(
            ["metrics", "board.md", "--today", "2026-01-09", "--format", "json"], in: fixture.repo.root)
        #expect(result.status == 0)
        #expect(result.stderr.contains("the board has never been committed"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["cards"] as? [Any])?.isEmpty == true)
        #expect((object["cfd"] as? [Any])?.count == 1)
        let text = try TestSupport.run(["metrics", "board.md", "--today", "2026-01-09"], in: fixture.repo.root)
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix("The board has never been committed: there is no history to measure yet.\n"))
    }

    @Test(
        "the three formats, in both languages, match their reviewed goldens (PM_RENDER_RECORD=1 re-records them)",
        arguments: [
            ("team", "text", "en"), ("team", "markdown", "en"), ("team", "json", "en"), ("team", "text", "ko"),
            ("team", "markdown", "ko"), ("steady", "text", "en"), ("steady", "markdown", "ko"),
        ])
    func golden(fixture name: String, format: String, locale: String) throws {
        let fixture =
            try name == "team" ? FlowFixture.team() : FlowFixture.steady(pattern: ForecastTests.uneven, remaining: 15)
        let today = name == "team" ? "2026-01-09" : "2026-03-21"
        let result = try TestSupport.run(
            ["metrics", "board.md", "--today", today, "--by", "2026-04-01", "--format", format, "--locale", locale],
            in: fixture.repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let suffix = format == "markdown" ? "md" : format
        try TestSupport.assertGolden(
            result.stdout, TestSupport.expected.appending(path: "metrics/\(name)-\(locale).\(suffix)"))
    }

    @Test("one commit: cards added, none started or done; the outputs say so instead of inventing figures")
    func oneCommit() throws {
        let fixture = try FlowFixture(lanes: ["Backlog", "Doing", "Done"])
        try fixture.commit("2026-01-05T10:00:00+09:00", ["Backlog": ["Card A", "Card B"], "Doing": ["Card C"]])
        let text = try TestSupport.run(["metrics", "board.md", "--today", "2026-01-09"], in: fixture.repo.root)
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        #expect(text.stdout.contains("Now TODO 2, DOING 1, DONE 0; 0 cards done in this period"))
        #expect(text.stdout.contains("No card was done in this period."))
        #expect(text.stdout.contains("  5 days  Doing  Card C"), "started the day it was added in Doing")
        #expect(
            text.stdout.contains(
                "No forecast: no card was done from 2026-01-05 to 2026-01-09, and a forecast needs at least 10."))
        let json = try TestSupport.run(
            ["metrics", "board.md", "--today", "2026-01-09", "--format", "json"], in: fixture.repo.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let cards = try #require(object["cards"] as? [[String: Any]])
        #expect(cards.map { $0["started"] is NSNull } == [true, true, false])
        #expect(cards.allSatisfy { $0["done"] is NSNull && $0["cycleTimeDays"] is NSNull })
        #expect(object["cycleTime"] as? [String: NSNull] == ["p50": NSNull(), "p85": NSNull(), "p95": NSNull()])
        #expect((object["cfd"] as? [Any])?.count == 5)
    }

    @Test("--today before the board's first commit: nothing to measure, said in words")
    func beforeHistory() throws {
        let fixture = try FlowFixture(lanes: ["Backlog", "Done"])
        try fixture.commit("2026-01-05T10:00:00+09:00", ["Backlog": ["Card A"]])
        for (format, line) in [
            ("text", "No card was on the board from 2026-01-04 to 2026-01-04: there is nothing to measure.\n"),
            ("markdown", "No card was on the board from 2026-01-04 to 2026-01-04: there is nothing to measure.\n"),
        ] {
            let result = try TestSupport.run(
                ["metrics", "board.md", "--today", "2026-01-04", "--format", format], in: fixture.repo.root)
            #expect(result.status == 0)
            #expect(result.stdout.hasSuffix(line), "\(result.stdout)")
            #expect(!result.stdout.contains("Cycle time"))
        }
    }

    /// The worked examples of docs/METRICS.md: each `<!-- example NAME:script -->` block and the command and output
    /// of its `<!-- example NAME:output ARGUMENTS -->` block.
    static func documentedExamples() throws -> [(name: String, script: String, arguments: [String], output: String)] {
        let doc = try String(
            contentsOf: TestSupport.packageRoot.appending(path: "docs/METRICS.md"), encoding: .utf8)
        func block(after marker: String) -> (line: String, body: String)? {
            guard let start = doc.range(of: marker) else { return nil }
            let rest = doc[start.upperBound...]
            guard let lineEnd = rest.firstIndex(of: "\n"),
                let open = rest.range(of: "```"),
                let bodyStart = rest[open.upperBound...].firstIndex(of: "\n"),
                let close = rest[bodyStart...].range(of: "\n```")
            else { return nil }
            return (String(rest[..<lineEnd]), String(rest[rest.index(after: bodyStart)..<close.lowerBound]) + "\n")
        }
        return ["flow", "forecast"].compactMap { name in
            guard let script = block(after: "<!-- example \(name):script -->"),
                let output = block(after: "<!-- example \(name):output ")
            else { return nil }
            let arguments = output.line.replacingOccurrences(of: " -->", with: "").split(separator: " ").map(
                String.init)
            return (name, script.body, arguments, output.body)
        }
    }

    @Test("docs/METRICS.md's worked examples: their scripts make histories whose metrics are the printed ones")
    func documentedExamples() throws {
        let examples = try Self.documentedExamples()
        #expect(examples.map(\.name) == ["flow", "forecast"])
        for example in examples {
            let folder = try TestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let environment = ["HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CEILING_DIRECTORIES": folder.path]
            let made = try TestSupport.run(
                ["-euo", "pipefail", "-c", example.script], in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(made.status == 0, "\(example.name): \(made.stderr)")
            let result = try TestSupport.run(example.arguments, in: folder, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == example.output, "\(example.name)")
        }
    }
}
