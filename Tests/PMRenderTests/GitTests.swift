import Foundation
import Testing

@testable import PMRender

/// The git layer on real repositories with scripted commits (fixed authors and dates), hostile ones, and
/// fake `git` programs that hang.
@Suite("Git")
struct GitTests {
    /// A board's contents at each step of a scripted history.
    static let texts = (1...5).map { "## TODO\n\n- [ ] Card \($0)\n- [ ] Shared card\n- [ ] Another shared card\n" }

    /// board.md: added, edited, renamed to team.md (and edited), edited on a branch that is merged with
    /// --no-ff (first parent: one change), deleted, added again. Another file changes in between.
    static func scriptedRepository() throws -> GitFixture {
        let repo = try GitFixture()
        try repo.commit("Start", files: ["board.md": texts[0]])
        try repo.commit("Edit", files: ["board.md": texts[1]], author: "Jae Lee")
        try repo.git("mv", "board.md", "team.md")
        try repo.commit("Rename", files: ["team.md": texts[2]])
        try repo.git("checkout", "-q", "-b", "feature")
        try repo.commit("On a branch", files: ["team.md": texts[3]])
        try repo.git("checkout", "-q", "main")
        try repo.commit("Other file", files: ["notes.md": "notes\n"])
        try repo.git(
            "merge", "-q", "--no-ff", "-m", "Merge feature", "feature",
            environment: [
                "GIT_AUTHOR_NAME": "Minji Kim", "GIT_AUTHOR_EMAIL": "team@example.com",
                "GIT_COMMITTER_NAME": "Minji Kim", "GIT_COMMITTER_EMAIL": "team@example.com",
                "GIT_AUTHOR_DATE": "2026-11-06T10:00:00+09:00", "GIT_COMMITTER_DATE": "2026-11-06T10:00:00+09:00",
            ])
        try repo.git("rm", "-q", "team.md")
        try repo.commit("Remove", author: "Jae Lee")
        try repo.commit("Restore", files: ["team.md": texts[4]])
        return repo
    }

    /// Seconds since 1970 of the fixture's commit date on day `day` of November 2026.
    static func date(day: Int) -> Int {
        let date = ISO8601DateFormatter().date(from: String(format: "2026-11-%02dT10:00:00+09:00", day))!
        return Int(date.timeIntervalSince1970)
    }

    static func versions(of repository: GitRepository, _ commits: [CommitInfo]) async throws -> [FileVersion] {
        var versions: [FileVersion] = []
        try await repository.forEachVersion(of: commits) { versions.append($0) }
        return versions
    }

    @Test("commits follow renames, deletions and first parents, oldest first, with authors, dates and paths")
    func commits() async throws {
        let repo = try Self.scriptedRepository()
        let path = repo.root.appending(path: "team.md").path
        let repository = try await GitRepository(containing: path)
        #expect(!repository.isShallow)
        #expect(
            URL(fileURLWithPath: repository.topLevel).resolvingSymlinksInPath().path
                == repo.root.resolvingSymlinksInPath().path)
        let commits = try await repository.commits(touching: path)
        #expect(commits.map(\.subject) == ["Start", "Edit", "Rename", "Merge feature", "Remove", "Restore"])
        #expect(commits.map(\.path) == ["board.md", "board.md", "team.md", "team.md", "team.md", "team.md"])
        #expect(commits.map(\.deletesFile) == [false, false, false, false, true, false])
        #expect(commits.map(\.author) == ["Minji Kim", "Jae Lee", "Minji Kim", "Minji Kim", "Jae Lee", "Minji Kim"])
        // The fixture dates its commits day by day (the branch's took day 4); the merge is dated day 6.
        #expect(commits.map(\.date) == [1, 2, 3, 6, 6, 7].map(Self.date(day:)))
        // Every commit's ID, by subject.
        let ids = Dictionary(
            uniqueKeysWithValues: try repo.git("log", "--all", "--format=%s%x09%H").split(separator: "\n").map {
                let parts = $0.split(separator: "\t")
                return (String(parts[0]), String(parts[1]))
            })
        #expect(commits.map(\.id) == commits.map { ids[$0.subject] })
        #expect(commits.allSatisfy { $0.id.hasPrefix($0.shortID) && $0.shortID.count >= 7 })

        let versions = try await Self.versions(of: repository, commits)
        #expect(versions.map(\.commit) == commits)
        let expected: [String?] = [Self.texts[0], Self.texts[1], Self.texts[2], Self.texts[3], nil, Self.texts[4]]
        #expect(versions.map { $0.bytes.map { String(decoding: $0, as: UTF8.self) } } == expected)

        // Each version also read on its own, by revision: under its name then (`board.md` before the rename, which
        // git pairs with `team.md` now); nil where the file was removed.
        for (commit, version) in zip(commits, versions) {
            let contents = try await repository.contents(of: path, at: commit.id)
            #expect(contents == version.bytes, "\(commit.subject)")
        }
        #expect(try await repository.latestCommit(touching: path) == commits.last)
    }

    /// Contents that must come back byte for byte.
    enum Sample: String, CaseIterable {
        case larger = "a version larger than any buffer"
        case crlfAndBOM = "CRLF line ends and a byte-order mark"
        case empty = "an empty file"
        case binary = "NUL bytes and invalid UTF-8"

        var bytes: [UInt8] {
            switch self {
            case .larger:
                return Array(
                    (0..<90_000).map { "- [ ] Card \($0) @{2026-12-\($0 % 28 + 1)} #area\($0 % 7)\n" }.joined().utf8)
            case .crlfAndBOM:
                return [0xEF, 0xBB, 0xBF] + Array("## TODO\r\n\r\n- [ ] Write\r\n  Notes\r\n".utf8)
            case .empty:
                return []
            case .binary:
                return [0x00, 0x0A, 0xFF, 0xFE, 0x00] + Array("blob 12\n".utf8) + [0xC3]
            }
        }
    }

    @Test("versions are read byte for byte, back to back", arguments: Sample.allCases)
    func byteExact(_ sample: Sample) async throws {
        let repo = try GitFixture()
        // The sample between two other versions, so a misread length shows in the next one too.
        try repo.write("board.md", bytes: Array("## TODO\n".utf8))
        try repo.commit("Before")
        try repo.write("board.md", bytes: sample.bytes)
        try repo.commit("Sample")
        try repo.write("board.md", bytes: sample.bytes + Array("\n## DONE\n".utf8))
        try repo.commit("After")
        let path = repo.root.appending(path: "board.md").path
        let repository = try await GitRepository(containing: path)
        let versions = try await Self.versions(of: repository, try await repository.commits(touching: path))
        #expect(versions.count == 3)
        #expect(TestSupport.firstDifference(Array("## TODO\n".utf8), versions.first?.bytes) == nil)
        #expect(TestSupport.firstDifference(sample.bytes, versions.dropFirst().first?.bytes) == nil)
        #expect(TestSupport.firstDifference(sample.bytes + Array("\n## DONE\n".utf8), versions.last?.bytes) == nil)
        #expect(try await repository.contents(of: path, at: "HEAD~1") == sample.bytes)
    }

    @Test("a shallow clone gives the commits it has; its oldest commit adds the file")
    func shallow() async throws {
        let repo = try Self.scriptedRepository()
        let clone = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: clone) }
        try repo.git("clone", "-q", "--depth", "3", "file://\(repo.root.path)", clone.appending(path: "c").path)
        let path = clone.appending(path: "c/team.md").path
        let repository = try await GitRepository(containing: path)
        #expect(repository.isShallow)
        let commits = try await repository.commits(touching: path)
        #expect(commits.map(\.subject) == ["Merge feature", "Remove", "Restore"])
        let versions = try await Self.versions(of: repository, commits)
        #expect(versions.map(\.bytes) == [Array(Self.texts[3].utf8), nil, Array(Self.texts[4].utf8)])
    }

    @Test("git missing from PATH, not a repository, unknown revisions, a bad timeout: clear errors")
    func errors() async throws {
        let empty = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: GitError.gitNotFound) { try GitEnvironment(environment: ["PATH": empty.path]) }
        for value in ["abc", "0", "-1", ""] {
            #expect(throws: GitError.invalidTimeout(value)) {
                try GitEnvironment(environment: ["PATH": "/usr/bin:/bin", "PM_RENDER_GIT_TIMEOUT": value])
            }
        }
        let outside = empty.appending(path: "board.md").path
        try "## TODO\n".write(toFile: outside, atomically: true, encoding: .utf8)
        await #expect(throws: GitError.notARepository(outside)) { try await GitRepository(containing: outside) }

        let repo = try Self.scriptedRepository()
        let path = repo.root.appending(path: "team.md").path
        let repository = try await GitRepository(containing: path)
        for revision in ["no-such-branch", "HEAD~50", "HEAD:team.md", "HEAD\nHEAD", ""] {
            await #expect(throws: GitError.unknownRevision(revision)) {
                try await repository.contents(of: path, at: revision)
            }
        }
        #expect(try await repository.contents(of: path, at: "HEAD~1") == nil, "deleted there")
        #expect(try await repository.contents(of: path, at: "HEAD~2") == Array(Self.texts[3].utf8))

        // The messages, as the command line shows them.
        let noGit = try TestSupport.run(
            ["diff", "team.md", "--against", "HEAD~1"], in: repo.root,
            environment: ["PATH": empty.path])
        #expect(noGit.status == 2)
        #expect(noGit.stderr.contains("git was not found on PATH"))
        let unknown = try TestSupport.run(["check", "team.md", "--against", "nope"], in: repo.root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown revision 'nope'"))
    }

    @Test("a board renamed since the revision is compared with the version under its old name (committed or not)")
    func renamedBoard() throws {
        let repo = try GitFixture()
        let board = "---\nnew-cards: [Todo]\n---\n\n## Todo\n\n- [ ] A\n\n## Done\n\n- [x] B\n"
        try repo.commit("Start", files: ["board.md": board])
        try FileManager.default.createDirectory(
            at: repo.root.appending(path: "docs"), withIntermediateDirectories: true)
        try repo.git("mv", "board.md", "docs/kanban.md")
        try repo.commit("Move the board")
        let check = try TestSupport.run(["check", "docs/kanban.md", "--against", "HEAD~1"], in: repo.root)
        #expect(check.status == 0, "no card is new: \(check.stderr)")
        let diff = try TestSupport.run(
            ["diff", "kanban.md", "--against", "HEAD~1"], in: repo.root.appending(path: "docs"))
        #expect(diff.stdout == "kanban.md: no changes (against kanban.md@HEAD~1)\n")
        // Moved again, staged and not committed.
        try repo.git("mv", "docs/kanban.md", "team.md")
        let staged = try TestSupport.run(["diff", "team.md", "--against", "HEAD~1"], in: repo.root)
        #expect(staged.stdout == "team.md: no changes (against team.md@HEAD~1)\n")
        // A new board that renames nothing has only new cards.
        try repo.write("other.md", "## Todo\n\n- [ ] C\n")
        let other = try TestSupport.run(["diff", "other.md", "--against", "HEAD"], in: repo.root)
        #expect(other.stdout.contains("1 added"))
    }

    @Test("a board outside any repository is known without starting git; a link into a repository is in it")
    func outsideWithoutGit() async throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A fake git that leaves a mark when it runs, and fails as git does outside a repository.
        let bin = folder.appending(path: "bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let mark = folder.appending(path: "ran").path
        let fake = bin.appending(path: "git").path
        try "#!/bin/sh\ntouch '\(mark)'\necho 'fatal: not a git repository' >&2\nexit 128\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let git = try GitEnvironment(environment: ["PATH": bin.path])
        let outside = folder.appending(path: "board.md").path
        try "## TODO\n".write(toFile: outside, atomically: true, encoding: .utf8)
        await #expect(throws: GitError.notARepository(outside)) {
            try await GitRepository(containing: outside, git: git)
        }
        #expect(!FileManager.default.fileExists(atPath: mark), "git was started")

        // A symbolic link to a folder of a repository: git starts from the real folder, and so does the check.
        let repo = try Self.scriptedRepository()
        let link = folder.appending(path: "link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: repo.root.path)
        let linked = try await GitRepository(containing: link + "/team.md")
        #expect(linked.topLevel == URL(fileURLWithPath: repo.root.path).resolvingSymlinksInPath().path)
        #expect(GitRepository.hasGitEntry(atOrAbove: link))
        #expect(!GitRepository.hasGitEntry(atOrAbove: folder.path))
        #expect(GitRepository.hasGitEntry(atOrAbove: folder.appending(path: "no such folder").path), "left to git")
    }

    @Test("a hook's GIT_DIR and GIT_INDEX_FILE do not send git to another repository")
    func hookEnvironment() async throws {
        let repo = try Self.scriptedRepository()
        let other = try GitFixture()
        try other.commit("Unrelated", files: ["team.md": "## DONE\n"])
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_DIR"] = other.root.appending(path: ".git").path
        environment["GIT_INDEX_FILE"] = other.root.appending(path: ".git/index").path
        environment["GIT_WORK_TREE"] = other.root.path
        // Plain git would read the other repository.
        #expect(try repo.run(["log", "--format=%s"], environment: environment).output == "Unrelated\n")
        let path = repo.root.appending(path: "team.md").path
        let history = try await BoardSources.history(of: path, git: try GitEnvironment(environment: environment))
        #expect(history.commitCount == 6)
    }
}
