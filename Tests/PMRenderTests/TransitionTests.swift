import Foundation
import Testing

@testable import PMRender

/// Comparing versions of a board in real git repositories, and the rules on moves.
@Suite("Transitions", .serialized)
struct TransitionTests {
    static let rules = """
        ---
        transitions:
          TODO: [DOING]
          DOING: [TODO, DONE]
          DONE: []
        ---

        """

    static let base =
        rules + """
            ## TODO

            - [ ] Write README
            - [ ] Old spike
            - [ ] Fix date picker ^picker

            ## DOING

            - [ ] Ship it @{2026-12-01}

            ## DONE

            - [x] Release notes

            """

    /// A repository in which board.md was committed as `committed` and now reads `now`.
    func repository(committed: String = Self.base, now: String) throws -> GitFixture {
        let repo = try GitFixture()
        try repo.commit("start", files: ["board.md": committed])
        try repo.write("board.md", now)
        return repo
    }

    func check(_ repo: GitFixture, _ arguments: [String] = [], against: String = "HEAD") throws -> TestSupport.RunResult
    {
        try TestSupport.run(["check", "board.md", "--against", against] + arguments, in: repo.root)
    }

    @Test("a legal move passes and diff describes it")
    func legalMove() throws {
        let repo = try repository(
            now: Self.base.replacingOccurrences(of: "- [ ] Write README\n", with: "")
                .replacingOccurrences(of: "- [ ] Ship it", with: "- [ ] Write README\n- [ ] Ship it"))
        let result = try check(repo)
        #expect(result.status == 0, "\(result.stderr)")
        let diff = try TestSupport.run(["diff", "board.md", "--against", "HEAD"], in: repo.root)
        #expect(diff.stdout == "board.md: 1 moved (against board.md@HEAD)\n> Moved 'Write README' from TODO to DOING\n")
    }

    @Test("the old version's own errors are notes, named board.md@REV: a change that fixes them passes")
    func oldVersionErrorsAreNotes() throws {
        let broken = Self.base.replacingOccurrences(
            of: "---\ntransitions:", with: "---\ntimezone: Mars/Olympus\ntransitions:")
        let repo = try repository(committed: broken, now: Self.base)
        let result = try check(repo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("board.md@HEAD:2:11: note: unknown time zone 'Mars/Olympus'"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("board.md: 5 cards, 0 errors, 0 warnings\n"))
        // The old version's rules still govern: an illegal move is an error.
        try repo.write(
            "board.md",
            Self.base.replacingOccurrences(of: "- [x] Release notes", with: "- [x] Release notes\n- [x] Old spike")
                .replacingOccurrences(of: "- [ ] Old spike\n", with: ""))
        let illegal = try check(repo)
        #expect(illegal.status == 1)
        #expect(illegal.stderr.contains("error: card 'Old spike' moved from 'TODO' to 'DONE'"), "\(illegal.stderr)")
        #expect(illegal.stderr.contains("board.md@HEAD:2:11: note: unknown time zone 'Mars/Olympus'"))
    }

    static let freeLanes = """
        ---
        transitions:
          Backlog: [In Progress]
          In Progress: [Review, Backlog]
          Review: [Shipped, In Progress]
          done: []
        new-cards: [Backlog]
        ---
        ## Backlog
        - [ ] Alpha
        - [ ] Beta

        ## In Progress
        - [ ] Gamma

        ## Review
        - [ ] Delta

        ## Shipped
        - [x] Epsilon

        """

    @Test("lanes with free names: moves are between lanes, and rules name lanes or states")
    func freeLaneNames() throws {
        let repo = try repository(
            committed: Self.freeLanes,
            now: Self.freeLanes.replacingOccurrences(of: "- [ ] Alpha\n", with: "")
                .replacingOccurrences(of: "- [ ] Delta\n", with: "")
                .replacingOccurrences(
                    of: "- [x] Epsilon\n", with: "- [x] Epsilon\n- [x] Delta\n- [x] Alpha\n- [x] New\n"))
        let result = try check(repo)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                board.md:20:1: error: card 'Alpha' moved from 'Backlog' to 'Shipped', which the 'transitions' rule does not \
                allow: cards in 'Backlog' may move only to 'In Progress'
                board.md@HEAD:10:1: note: 'Alpha' was in 'Backlog' here
                board.md@HEAD:2:1: note: the 'transitions' rule is here
                board.md:21:1: error: new card 'New' starts in 'Shipped', but the 'new-cards' rule lets new cards start \
                only in 'Backlog'
                board.md@HEAD:7:1: note: the 'new-cards' rule is here
                board.md: 6 cards, 2 errors, 0 warnings

                """, "Review → Shipped is allowed by name; Shipped is a done lane, which 'done: []' keeps")
        let diff = try TestSupport.run(["diff", "board.md", "--against", "HEAD"], in: repo.root)
        #expect(
            diff.stdout == """
                board.md: 1 added, 2 moved (against board.md@HEAD)
                > Moved 'Delta' from Review to Shipped
                > Moved 'Alpha' from Backlog to Shipped
                + Added 'New' in Shipped

                """)
        let json = try TestSupport.run(["diff", "board.md", "--against", "HEAD", "--format", "json"], in: repo.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changes = try #require(object["changes"] as? [[String: Any]])
        let delta = try #require(changes.first { $0["id"] as? String == "delta" })
        #expect(delta["kind"] as? String == "moved")
        #expect(delta["from"] as? String == "Review" && delta["to"] as? String == "Shipped")
        #expect(delta["fromState"] as? String == "doing" && delta["toState"] as? String == "done")
        let added = try #require(changes.first { $0["kind"] as? String == "added" })
        #expect(added["from"] is NSNull && added["fromState"] is NSNull && added["toState"] as? String == "done")
    }

    @Test("an illegal move is an error at the card with notes at the old line and the rule")
    func illegalMove() throws {
        let repo = try repository(
            now: Self.base.replacingOccurrences(of: "- [ ] Write README\n", with: "")
                .replacingOccurrences(of: "- [x] Release notes", with: "- [x] Release notes\n- [x] Write README"))
        let result = try check(repo)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                """
                board.md:19:1: error: card 'Write README' moved from 'TODO' to 'DONE', which the 'transitions' rule does \
                not allow: cards in 'TODO' may move only to 'DOING'
                board.md@HEAD:9:1: note: 'Write README' was in 'TODO' here
                board.md@HEAD:2:1: note: the 'transitions' rule is here

                """))
    }

    @Test("reopening a DONE card is refused when DONE may not move")
    func reopen() throws {
        let repo = try GitFixture()
        try repo.commit("start", files: ["board.md": Self.base])
        try repo.commit(
            "reopen",
            files: [
                "board.md": Self.base.replacingOccurrences(of: "- [x] Release notes\n", with: "")
                    .replacingOccurrences(of: "- [ ] Old spike", with: "- [ ] Old spike\n- [ ] Release notes")
            ])
        let result = try check(repo, against: "HEAD~1")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "board.md:11:1: error: card 'Release notes' moved from 'DONE' to 'TODO', which the 'transitions' rule does not allow: cards in 'DONE' may not move"
            ))
    }

    @Test("a new card added in DONE breaks the default new-cards rule")
    func newCardInDone() throws {
        let repo = try repository(now: Self.base + "- [x] Sneaky shortcut\n")
        let result = try check(repo)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "board.md:20:1: error: new card 'Sneaky shortcut' starts in 'DONE', but the 'new-cards' rule lets new cards start only in 'TODO'\n"
            ))
    }

    @Test("a new row in a to-do lane's table is a new card where new cards start; in a done lane's, it is not")
    func newRowInATable() throws {
        let table = "| ID | Task |\n|---|---|\n"
        let base = "## To Do\n\n\(table)| T1 | Spec |\n\n## Done\n\n\(table)| T0 | Repo |\n"
        let repo = try repository(
            committed: base,
            now: base.replacingOccurrences(of: "| T1 | Spec |\n", with: "| T1 | Spec |\n| T2 | API |\n"))
        let added = try check(repo)
        #expect(added.status == 0, "\(added.stderr)")
        try repo.write("board.md", base + "| T3 | Shortcut |\n")
        let shortcut = try check(repo)
        #expect(shortcut.status == 1)
        #expect(
            shortcut.stderr.contains(
                "board.md:12:3: error: new card 'Shortcut' starts in 'Done', but the 'new-cards' rule lets new cards "
                    + "start only in 'To Do'"))
    }

    @Test("removed, renamed (by ID) and edited cards are classified, not confused")
    func classification() throws {
        let repo = try repository(
            now: Self.base.replacingOccurrences(of: "- [ ] Old spike\n", with: "")
                .replacingOccurrences(of: "Fix date picker ^picker", with: "Fix the date picker ^picker")
                .replacingOccurrences(of: "@{2026-12-01}", with: "@{2026-12-05} #release"))
        let result = try check(repo)
        #expect(result.status == 0, "\(result.stderr)")
        let diff = try TestSupport.run(["diff", "board.md", "--against", "HEAD"], in: repo.root)
        #expect(
            diff.stdout == """
                board.md: 2 edited, 1 removed (against board.md@HEAD)
                ~ Renamed 'Fix date picker' to 'Fix the date picker'
                ~ Edited 'Ship it': deadline, tags
                - Removed 'Old spike' (was in TODO)

                """)
        let json = try TestSupport.run(["diff", "board.md", "--against", "HEAD", "--format", "json"], in: repo.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.map { $0["kind"] as? String } == ["renamed", "edited", "removed"])
        #expect(changes[0]["previousTitle"] as? String == "Fix date picker")
        #expect(changes[2]["to"] is NSNull && changes[2]["line"] is NSNull, "absent values are null, never left out")
    }

    @Test("WIP over its limit is a warning, with or without a previous version; --strict makes it fail")
    func wipOverflow() throws {
        let repo = try repository(
            now: Self.base.replacingOccurrences(of: "## DOING", with: "## DOING (1)")
                .replacingOccurrences(of: "- [ ] Write README\n", with: "")
                .replacingOccurrences(of: "- [ ] Ship it", with: "- [ ] Write README\n- [ ] Ship it"))
        let warning = "board.md:12:1: warning: lane 'DOING' has 2 cards, over its WIP limit of 1\n"
        let withRevision = try check(repo)
        #expect(withRevision.status == 0, "\(withRevision.stderr)")
        #expect(withRevision.stderr.contains(warning))
        #expect(withRevision.stderr.hasSuffix("board.md: 5 cards, 0 errors, 1 warning\n"))
        let alone = try TestSupport.run(["check", "board.md"], in: repo.root)
        #expect(alone.status == 0)
        #expect(alone.stderr.contains(warning))
        let strict = try TestSupport.run(["check", "--strict", "board.md", "--against", "HEAD"], in: repo.root)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(warning))
    }

    @Test("a board added after REV: every card is new")
    func fileAddedAtHead() throws {
        let repo = try GitFixture()
        try repo.commit("readme", files: ["README.md": "hello\n"])
        try repo.commit("board", files: ["board.md": Self.base])
        let result = try check(repo, against: "HEAD~1")
        #expect(result.status == 1)
        #expect(result.stderr.contains("board.md:15:1: error: new card 'Ship it' starts in 'DOING'"))
        #expect(result.stderr.contains("board.md:19:1: error: new card 'Release notes' starts in 'DONE'"))
        let diff = try TestSupport.run(["diff", "board.md", "--against", "HEAD~1"], in: repo.root)
        #expect(
            diff.stdout.hasPrefix("board.md: 5 added (board.md@HEAD~1 did not exist)\n+ Added 'Write README' in TODO\n")
        )
    }

    @Test("an old version that is not text is a board error (exit 1); one with other lanes is compared")
    func unreadableOldVersion() throws {
        let repo = try GitFixture()
        try repo.commit("binary", files: ["board.md": "## TODO\n- [ ] x\u{0}\n"])
        try repo.write("board.md", Self.base)
        let result = try check(repo)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                """
                board.md: error: the previous version (board.md@HEAD) is not a readable board, so the changes cannot be \
                checked

                """))
        let diff = try TestSupport.run(["diff", "board.md", "--against", "HEAD"], in: repo.root)
        #expect(diff.status == 1)
        #expect(diff.stdout.isEmpty)
        // A version with lanes of other names (v1 refused `## BACKLOG`) is a board like any other.
        try repo.commit("backlog", files: ["board.md": "## BACKLOG\n- [ ] x\n"])
        try repo.write("board.md", Self.base)
        let other = try check(repo)
        #expect(other.status == 1)
        #expect(other.stderr.contains("board.md:15:1: error: new card 'Ship it' starts in 'DOING'"))
        #expect(!other.stderr.contains("previous version"))
        let removed = try TestSupport.run(["diff", "board.md", "--against", "HEAD"], in: repo.root)
        #expect(removed.stdout.contains("- Removed 'x' (was in BACKLOG)\n"), "\(removed.stdout)")
    }

    @Test("git is run in the board's repository whatever the current folder")
    func anyCurrentFolder() throws {
        let repo = try GitFixture()
        try repo.commit("start", files: ["boards/team.md": Self.base])
        try repo.write("boards/team.md", Self.base + "- [x] Added in done\n")
        let result = try TestSupport.run(
            ["check", repo.root.appending(path: "boards/team.md").path, "--against", "HEAD"],
            in: URL(fileURLWithPath: "/"))
        #expect(result.status == 1)
        #expect(result.stderr.contains("team.md:20:1: error: new card 'Added in done' starts in 'DONE'"))
    }

    @Test("--previous compares with another file")
    func previousFile() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.base.write(to: folder.appending(path: "old.md"), atomically: true, encoding: .utf8)
        try (Self.base + "- [x] Straight to done\n").write(
            to: folder.appending(path: "new.md"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(["check", "new.md", "--previous", "old.md"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("new.md:20:1: error: new card 'Straight to done' starts in 'DONE'"))
    }

    @Test(
        "environment problems exit 2 with a clear message",
        arguments: [
            ("unknown revision 'no-such-rev'", "no-such-rev", false, false),
            ("is not inside a git repository", "HEAD", true, false),
            ("git was not found on PATH", "HEAD", false, true),
        ])
    func environmentErrors(message: String, revision: String, outsideRepository: Bool, noGit: Bool) throws {
        let repo = try GitFixture()
        try repo.commit("start", files: ["board.md": Self.base])
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.base.write(to: folder.appending(path: "board.md"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(
            ["check", "board.md", "--against", revision], in: outsideRepository ? folder : repo.root,
            environment: noGit ? ["PATH": "/nonexistent"] : [:])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("diagnostic formats match the expected files", arguments: ["github", "json", "sarif"])
    func formats(format: String) throws {
        let repo = try repository(
            now: Self.base.replacingOccurrences(of: "- [ ] Write README\n", with: "")
                .replacingOccurrences(
                    of: "- [x] Release notes",
                    with: "- [x] Release notes\n- [x] Write README\n- [x] Brand new, \"quoted\": 100%"))
        let result = try check(repo, ["--diagnostics", format])
        #expect(result.status == 1)
        try TestSupport.assertGolden(
            result.stdout, TestSupport.expected.appending(path: "formats/transitions.\(format)"))
    }
}

@Suite("Board comparison")
struct ComparisonUnitTests {
    @Test("matching uses identity; a title change without an explicit ID is a removal plus an addition")
    func identity() {
        let old = TestSupport.parse("## TODO\n- [ ] Alpha\n- [ ] Beta ^b\n").board
        let new = TestSupport.parse("## TODO\n- [ ] Alpha two\n- [ ] Beta renamed ^b\n").board
        let changes = BoardComparison.compare(old: old, new: new)
        #expect(changes.map(\.kind) == [.added, .edited, .removed])
        #expect(changes[1].isRename)
        #expect(changes[1].editedFields == [.title])
    }

    @Test("description edits are noticed; archiving is not a removal")
    func descriptionAndArchive() {
        let old = TestSupport.parse("## DONE\n- [x] Shipped\n  v1\n- [x] Old\n").board
        let new = TestSupport.parse("## DONE\n- [x] Shipped\n  v2\n\n***\n\n## Archive\n\n- [x] Old\n").board
        let changes = BoardComparison.compare(old: old, new: new)
        #expect(changes.map(\.kind) == [.edited, .archived])
        #expect(changes[0].editedFields == [.description])
    }
}
