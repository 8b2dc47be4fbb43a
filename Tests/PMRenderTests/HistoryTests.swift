import Foundation
import Testing

@testable import PMRender

/// History from real git repositories with scripted commits (fixed authors and dates, so commit IDs
/// and outputs are stable).
@Suite("History", .serialized)
struct HistoryTests {
    static let v1 = """
        ---
        timezone: Asia/Seoul
        ---
        ## TODO

        - [ ] Write README
        - [ ] Old spike
        - [ ] Fix date picker ^picker

        ## DOING

        - [ ] Ship it @{2026-12-01}

        ## DONE

        """

    /// A repository whose board goes through every kind of event, a rename of the file, a version that
    /// is not text, and a merge from a branch.
    static func scriptedRepository() throws -> GitFixture {
        let repo = try GitFixture()
        try repo.commit("Start the board", files: ["board.md": v1])
        try repo.commit(
            "Start work",
            files: [
                "board.md":
                    v1
                    .replacingOccurrences(of: "- [ ] Write README\n", with: "")
                    .replacingOccurrences(of: "- [ ] Ship it", with: "- [ ] Write README\n- [ ] Ship it")
            ], author: "Jae Lee")
        // A version that is not text (a NUL byte): skipped with a note. (A new lane is no longer an error.)
        try repo.commit("Broken edit", files: ["board.md": v1 + "## BACKLOG\u{0}\n"])
        try repo.git("mv", "board.md", "team.md")
        try repo.commit(
            "Rename the board file",
            files: [
                "team.md":
                    v1
                    .replacingOccurrences(of: "- [ ] Write README\n", with: "")
                    .replacingOccurrences(
                        of: "- [ ] Ship it @{2026-12-01}",
                        with: "- [ ] Write README\n- [ ] Ship it @{2026-12-05} #release"
                    )
                    .replacingOccurrences(of: "Fix date picker ^picker", with: "Fix the date picker ^picker")
            ])
        try repo.git("checkout", "-q", "-b", "feature")
        try repo.commit(
            "Finish README on a branch",
            files: [
                "team.md":
                    v1
                    .replacingOccurrences(of: "- [ ] Write README\n", with: "")
                    .replacingOccurrences(of: "- [ ] Old spike\n", with: "")
                    .replacingOccurrences(
                        of: "- [ ] Ship it @{2026-12-01}", with: "- [ ] Ship it @{2026-12-05} #release"
                    )
                    .replacingOccurrences(of: "Fix date picker ^picker", with: "Fix the date picker ^picker")
                    + "- [x] Write README\n"
            ])
        try repo.git("checkout", "-q", "main")
        try repo.git(
            "merge", "-q", "--no-ff", "-m", "Merge feature", "feature",
            environment: [
                "GIT_AUTHOR_NAME": "Minji Kim", "GIT_AUTHOR_EMAIL": "team@example.com",
                "GIT_COMMITTER_NAME": "Minji Kim", "GIT_COMMITTER_EMAIL": "team@example.com",
                "GIT_AUTHOR_DATE": "2026-11-10T10:00:00+09:00", "GIT_COMMITTER_DATE": "2026-11-10T10:00:00+09:00",
            ])
        return repo
    }

    /// Versions larger than the reader's 64 KiB buffer, read back to back, must arrive whole: the
    /// history of a growing 2,000-card board equals the one built from versions read one by one.
    @Test("large versions stream through git cat-file intact")
    func largeVersions() async throws {
        let repo = try GitFixture()
        var cards = (0..<1_500).map {
            "- [ ] Card \($0) @{2026-12-\(String(format: "%02d", $0 % 28 + 1))} #area\($0 % 7)\n  Notes for card \($0).\n"
        }
        for step in 0..<4 {
            cards += (0..<170).map { "- [ ] Added \(step)-\($0)\n" }
            let done = cards.prefix(50 * step).map { $0.replacingOccurrences(of: "[ ]", with: "[x]") }
            try repo.commit(
                "Step \(step)",
                files: [
                    "board.md": "## TODO\n\n" + cards.dropFirst(50 * step).joined() + "\n## DONE\n\n" + done.joined()
                ])
        }
        let path = repo.root.appending(path: "board.md").path
        let streamed = try await BoardSources.history(of: path)
        let repository = try await GitRepository(containing: path)
        var versions: [FileVersion] = []
        for commit in try await repository.commits(touching: path) {
            versions.append(FileVersion(commit: commit, bytes: try await repository.contents(of: path, at: commit.id)))
        }
        #expect(versions.allSatisfy { ($0.bytes?.count ?? 0) > 65_536 })
        let oneByOne = BoardHistory(versions: versions, file: path, isShallow: false)
        #expect(streamed.notes.isEmpty && streamed.commitCount == 4)
        #expect(streamed.events.map(\.change) == oneByOne.events.map(\.change))
        let cardCount: Int = 1_500 + 4 * 170
        #expect(streamed.events.count == cardCount + 150)  // added, then moved to DONE
        #expect(streamed.timelines.count == cardCount)
    }

    /// `BoardSources.history` reads versions on one task and builds boards on another, handing versions over in
    /// batches: whatever the batch boundaries (here 23 commits, a deletion, a re-creation and a version that is not
    /// text among them), the result is the history read one version after another.
    @Test("the history read on two tasks equals the history read version by version")
    func pipelinedEqualsSequential() async throws {
        let repo = try GitFixture()
        var todo = (0..<6).map { "Task \($0)" }
        var done: [String] = []
        func board() -> String {
            "## TODO\n" + todo.map { "- [ ] \($0)\n" }.joined() + "\n## DONE\n" + done.map { "- [x] \($0)\n" }.joined()
        }
        for step in 0..<23 {
            switch step {
            case 9:
                try repo.git("rm", "-q", "board.md")
                try repo.commit("Delete the board")
            case 14:
                try repo.write("board.md", bytes: [0x23, 0x20, 0xFF, 0xFE, 0x0A])
                try repo.commit("Not text")
            default:
                if step % 3 == 0, !todo.isEmpty { done.append(todo.removeFirst()) }
                todo.append("Task \(step + 6)")
                if step % 5 == 0 { todo[0] += " (edited)" }
                try repo.commit("Step \(step)", files: ["board.md": board()])
            }
        }
        let path = repo.root.appending(path: "board.md").path
        let streamed = try await BoardSources.history(of: path)
        let repository = try await GitRepository(containing: path)
        var versions: [FileVersion] = []
        for commit in try await repository.commits(touching: path) {
            let bytes = commit.deletesFile ? nil : try await repository.contents(of: path, at: commit.id)
            versions.append(FileVersion(commit: commit, bytes: bytes))
        }
        #expect(versions.count == 23 && versions.count % BoardSources.versionsPerHandOver != 0)
        let oneByOne = BoardHistory(versions: versions, file: path, isShallow: false)
        #expect(streamed.events.map(\.change) == oneByOne.events.map(\.change))
        #expect(streamed.events.map(\.commit.id) == oneByOne.events.map(\.commit.id))
        #expect(streamed.allTimelines == oneByOne.allTimelines)
        #expect(streamed.notes == oneByOne.notes && streamed.notes.count == 1)
        #expect(streamed.events.contains { $0.change.kind == .removed })
    }

    @Test(
        "history lists every event kind, newest first, following the renamed file and first parents",
        arguments: ["text", "json"])
    func outputs(format: String) throws {
        let repo = try Self.scriptedRepository()
        let result = try TestSupport.run(["history", "team.md", "--format", format], in: repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("team.md: note: the version of commit"), "the broken version is a note")
        try TestSupport.assertGolden(result.stdout, TestSupport.expected.appending(path: "history/history.\(format)"))
    }

    @Test("events, timelines, lead and cycle times")
    func model() async throws {
        let repo = try Self.scriptedRepository()
        let history = try await BoardSources.history(of: repo.root.appending(path: "team.md").path)
        #expect(history.commitCount == 5, "the branch commit is not on the first-parent line")
        #expect(history.notes.count == 1)
        let events = history.events.map {
            "\($0.commit.subject): \($0.change.kind.rawValue) \($0.change.id)\($0.change.isRename ? " (renamed)" : "")"
        }
        #expect(
            events == [
                "Merge feature: moved write-readme", "Merge feature: removed old-spike",
                "Rename the board file: edited picker (renamed)", "Rename the board file: edited ship-it",
                "Start work: moved write-readme",
                "Start the board: added write-readme", "Start the board: added old-spike",
                "Start the board: added picker",
                "Start the board: added ship-it",
            ])
        #expect(history.events.contains { $0.change.kind == .edited && $0.change.editedFields == [.deadline, .tags] })
        let readme = try #require(history.timelines["write-readme"])
        #expect(readme.entries.map(\.state) == [.todo, .doing, .done])
        #expect(readme.leadTime == 9 * 86_400)  // Nov 1 → Nov 10
        #expect(readme.cycleTime == 8 * 86_400)  // Nov 2 → Nov 10
        #expect(readme.timeInStates(until: history.lastDate)[.doing] == 8 * 86_400)
        #expect(history.filtered(since: nil, limit: 2).count == 2)
    }

    @Test("lanes with free names: timelines record lanes and their states; done to done keeps the done date")
    func freeLaneNames() async throws {
        let repo = try GitFixture()
        let board = "## Backlog\n\n## Review\n\n## Shipped\n\n## Released\n\n"
        func with(_ lane: String) -> String {
            board.replacingOccurrences(of: "## \(lane)\n", with: "## \(lane)\n- [ ] Alpha\n")
        }
        try repo.commit("Add", files: ["board.md": with("Backlog")])
        try repo.commit("Review", files: ["board.md": with("Review")])
        try repo.commit("Ship", files: ["board.md": with("Shipped")])
        try repo.commit("Release", files: ["board.md": with("Released")])
        let history = try await BoardSources.history(of: repo.root.appending(path: "board.md").path)
        let alpha = try #require(history.timelines["alpha"])
        #expect(alpha.entries.map(\.lane) == ["Backlog", "Review", "Shipped", "Released"])
        #expect(alpha.entries.map(\.state) == [.todo, .doing, .done, .done])
        #expect(alpha.leadTime == 2 * 86_400)  // Nov 1 → Nov 3: Released is done too, so the card was done on Nov 3
        #expect(alpha.cycleTime == 86_400)  // Nov 2 → Nov 3
        let text = try TestSupport.run(["history", "board.md"], in: repo.root)
        #expect(text.status == 0)
        #expect(text.stdout.contains("  Moved 'Alpha' from Review to Shipped\n"), "\(text.stdout)")
        #expect(text.stdout.contains("  Moved 'Alpha' from Shipped to Released\n"), "\(text.stdout)")
        let json = try TestSupport.run(["history", "board.md", "--format", "json"], in: repo.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        let released = try #require(events.first)
        #expect(released["from"] as? String == "Shipped" && released["to"] as? String == "Released")
        #expect(released["fromState"] as? String == "done" && released["toState"] as? String == "done")
    }

    @Test("render writes history.html and timelines when the board is in git, and not with --no-history")
    func renderedHistory() throws {
        let repo = try Self.scriptedRepository()
        let site = repo.root.appending(path: "_site")
        #expect(try TestSupport.run(["team.md", "--today", "2026-11-22"], in: repo.root).status == 0)
        let history = try String(contentsOf: site.appending(path: "history.html"), encoding: .utf8)
        try TestSupport.assertGolden(history, TestSupport.expected.appending(path: "history/history.html"))
        #expect(history.contains("<a href=\"index.html#card-write-readme\">Write README</a>: Moved from DOING to DONE"))
        #expect(history.contains("<span class=\"history-gone\">Old spike</span>: Removed (was in TODO)"))
        let index = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("<a href=\"history.html\">History</a>"))
        #expect(index.contains("<dt>Lead time</dt><dd>9 days</dd>"))
        #expect(try TestSupport.run(["team.md", "--today", "2026-11-22", "--no-history"], in: repo.root).status == 0)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "history.html").path))
    }

    @Test("a depth-1 clone shows what it has, with a warning")
    func shallowClone() throws {
        let repo = try Self.scriptedRepository()
        let clone = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: clone) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "git", "clone", "-q", "--depth", "1", "file://\(repo.root.path)", clone.appending(path: "c").path,
        ]
        try process.run()
        process.waitUntilExit()
        let result = try TestSupport.run(["history", "team.md"], in: clone.appending(path: "c"))
        #expect(result.status == 0)
        #expect(
            result.stderr.contains("warning: this is a shallow clone: the history shows only the 1 commit available"))
        #expect(
            result.stdout.hasPrefix("team.md: 0 events in 0 commits"),
            "the only commit is a starting point, not 'everything added'")
        #expect(try TestSupport.run(["team.md", "-o", "site"], in: clone.appending(path: "c")).status == 0)
        // The cards are on the board, but none has a known start: metrics says why, not that the board is empty.
        let metrics = try TestSupport.run(["metrics", "team.md"], in: clone.appending(path: "c"))
        #expect(metrics.status == 0)
        #expect(metrics.stdout.contains("the cards on the board were there at the oldest commit of this shallow clone"))
        #expect(!metrics.stdout.contains("No card was on the board"))
    }

    @Test("outside git: render has no history page and no error; history exits 2")
    func outsideGit() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.v1.write(to: folder.appending(path: "board.md"), atomically: true, encoding: .utf8)
        let render = try TestSupport.run(["board.md"], in: folder)
        #expect(render.status == 0)
        #expect(render.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "_site/history.html").path))
        #expect(
            !(try String(contentsOf: folder.appending(path: "_site/index.html"), encoding: .utf8)).contains(
                "history.html"))
        let history = try TestSupport.run(["history", "board.md"], in: folder)
        #expect(history.status == 2)
        #expect(history.stderr.contains("is not inside a git repository"))
    }

    @Test("a board never committed has an empty history, said once")
    func neverCommitted() throws {
        let repo = try GitFixture()
        try repo.commit("readme", files: ["README.md": "hi\n"])
        try repo.write("board.md", Self.v1)
        let result = try TestSupport.run(["history", "board.md"], in: repo.root)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: the board has never been committed"))
        #expect(result.stdout == "board.md: 0 events in 0 commits (newest first)\n")
    }

    @Test("a detached HEAD works")
    func detachedHead() throws {
        let repo = try Self.scriptedRepository()
        try repo.git("checkout", "-q", "--detach", "HEAD~1")
        let result = try TestSupport.run(["history", "team.md", "--format", "json"], in: repo.root)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"subject\" : \"Rename the board file\""))
        #expect(!result.stdout.contains("Merge feature"))
    }
}
