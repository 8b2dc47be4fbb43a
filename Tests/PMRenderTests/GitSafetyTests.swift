import Foundation
import Testing

@testable import PMRender

/// What a repository cannot make pm-render's git do: run the programs its configuration names, prompt,
/// fetch, or hang.
@Suite("Git safety")
struct GitSafetyTests {
    /// A folder of marker programs: each one, when run, leaves a file `hit-NAME` behind.
    struct Markers {
        let folder: URL

        init() throws {
            folder = try TestSupport.temporaryFolder()
            try FileManager.default.createDirectory(
                at: folder.appending(path: "hooks"), withIntermediateDirectories: true)
        }

        /// A program that records that it ran, then does `then` (a shell command).
        @discardableResult
        func program(_ name: String, then: String = "exit 0", in subfolder: String = "") throws -> String {
            let url = folder.appending(path: subfolder).appending(path: name)
            let script = "#!/bin/sh\ntouch '\(folder.path)/hit-\(name)'\n\(then)\n"
            try script.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url.path
        }

        /// The names of the programs that ran.
        var hits: Set<String> {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return Set(names.filter { $0.hasPrefix("hit-") }.map { String($0.dropFirst(4)) })
        }

        func clear() throws {
            for name in hits { try FileManager.default.removeItem(at: folder.appending(path: "hit-\(name)")) }
        }
    }

    /// A repository whose configuration and attributes name a marker for every program git could run.
    static func hostileRepository(_ markers: Markers) throws -> GitFixture {
        let repo = try GitFixture()
        try repo.commit(
            "Start",
            files: ["board.md": "## TODO\n\n- [ ] First\n", ".gitattributes": "* diff=evil filter=evil merge=evil\n"])
        try repo.commit("Add a card", files: ["board.md": "## TODO\n\n- [ ] First\n- [ ] Second\n"])
        // A commit that carries a signature, for `log.showSignature`.
        try repo.write("board.md", "## TODO\n\n- [ ] First\n\n## DONE\n\n- [x] Second\n")
        try repo.git("add", "board.md")
        let tree = try repo.git("write-tree").trimmingCharacters(in: .whitespacesAndNewlines)
        let parent = try repo.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let signed = [
            "tree \(tree)", "parent \(parent)",
            "author Minji Kim <team@example.com> 1793494800 +0900",
            "committer Minji Kim <team@example.com> 1793494800 +0900",
            "gpgsig -----BEGIN PGP SIGNATURE-----", " ", " iQEzBAABCAAdFiEE", " -----END PGP SIGNATURE-----",
            "", "Finish the second card", "",
        ].joined(separator: "\n")
        let id = try repo.run(["hash-object", "-t", "commit", "-w", "--stdin"], input: signed).output
        try repo.git("update-ref", "refs/heads/main", id.trimmingCharacters(in: .whitespacesAndNewlines))

        let pass = "exec cat"
        let settings: [(String, String)] = [
            ("core.fsmonitor", try markers.program("fsmonitor")),
            ("core.pager", try markers.program("pager", then: pass)),
            ("pager.log", try markers.program("pager-log", then: pass)),
            ("core.hooksPath", markers.folder.appending(path: "hooks").path),
            ("core.askPass", try markers.program("askpass")),
            ("core.sshCommand", try markers.program("ssh")),
            ("credential.helper", "!" + (try markers.program("credential"))),
            ("diff.external", try markers.program("external-diff")),
            ("diff.evil.textconv", try markers.program("textconv", then: "exec cat \"$1\"")),
            ("diff.evil.command", try markers.program("diff-command")),
            ("filter.evil.clean", try markers.program("clean", then: pass)),
            ("filter.evil.smudge", try markers.program("smudge", then: pass)),
            ("merge.evil.driver", try markers.program("merge-driver")),
            ("log.showSignature", "true"),
            ("gpg.program", try markers.program("gpg", then: "exit 1")),
            ("core.editor", try markers.program("editor")),
        ]
        for (key, value) in settings { try repo.git("config", key, value) }
        for hook in [
            "pre-commit", "post-commit", "post-checkout", "post-merge", "post-rewrite", "pre-auto-gc",
            "reference-transaction", "post-index-change", "fsmonitor-watchman", "pre-push",
        ] {
            try markers.program(hook, in: "hooks")
        }
        return repo
    }

    @Test("a hostile repository's configured programs never run while pm-render reads it")
    func hostileRepository() async throws {
        let markers = try Markers()
        defer { try? FileManager.default.removeItem(at: markers.folder) }
        let repo = try Self.hostileRepository(markers)

        // Plain git runs them: the markers work.
        try repo.write("board.md", "## TODO\n\n- [ ] Changed in the work tree\n")
        _ = try repo.run(["status"])
        _ = try repo.run(["diff"])
        _ = try repo.run(["log", "-p", "--format=%s"])
        _ = try repo.run(["log", "-p", "--no-ext-diff", "--format=%s"])
        _ = try repo.run(["checkout", "-q", "-f", "HEAD~1"])
        _ = try repo.run(["checkout", "-q", "-f", "main"])
        #expect(
            markers.hits.isSuperset(of: [
                "fsmonitor", "clean", "smudge", "diff-command", "textconv", "gpg", "post-checkout",
            ]),
            "\(markers.hits.sorted())")
        try markers.clear()
        #expect(markers.hits.isEmpty)

        // pm-render's git layer runs none of them.
        let path = repo.root.appending(path: "board.md").path
        let repository = try await GitRepository(containing: path)
        let commits = try await repository.commits(touching: path)
        #expect(commits.map(\.subject) == ["Start", "Add a card", "Finish the second card"])
        var versions: [FileVersion] = []
        try await repository.forEachVersion(of: commits) { versions.append($0) }
        #expect(
            versions.last?.bytes == Array("## TODO\n\n- [ ] First\n\n## DONE\n\n- [x] Second\n".utf8),
            "raw, not filtered")
        #expect(
            try await repository.contents(of: path, at: "HEAD~1")
                == Array("## TODO\n\n- [ ] First\n- [ ] Second\n".utf8))
        #expect(try await repository.latestCommit(touching: path)?.subject == "Finish the second card")
        _ = try await BoardSources.history(of: path)
        for arguments in [
            ["history", "board.md"], ["diff", "board.md", "--against", "HEAD~1"],
            ["check", "board.md", "--against", "HEAD~1"], ["board.md", "-o", "site"],
        ] {
            let result = try TestSupport.run(arguments, in: repo.root)
            #expect(result.status != 2, "\(arguments): \(result.stderr)")
        }
        #expect(markers.hits.isEmpty, "\(markers.hits.sorted())")
    }

    @Test("a partial clone that would fetch (and could prompt) fails at once, running nothing")
    func promptingRepository() async throws {
        let markers = try Markers()
        defer { try? FileManager.default.removeItem(at: markers.folder) }
        let source = try GitFixture()
        try source.git("config", "uploadpack.allowFilter", "true")
        for step in 1...3 { try source.commit("Step \(step)", files: ["board.md": "## TODO\n\n- [ ] Card \(step)\n"]) }
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clone = folder.appending(path: "clone")
        try source.git(
            "-c", "protocol.file.allow=always", "clone", "-q", "--filter=blob:none", "--no-local",
            "file://\(source.root.path)", clone.path)
        // The clone lacks the older versions; fetching them would run the remote's upload-pack, and a
        // remote over HTTPS would ask the credential helper or askpass for a password.
        for (key, value) in [
            ("remote.origin.uploadpack", try markers.program("upload-pack", then: "exit 1")),
            ("credential.helper", "!" + (try markers.program("credential"))),
            ("core.askPass", try markers.program("askpass")), ("protocol.file.allow", "always"),
        ] {
            try source.git("-C", clone.path, "config", key, value)
        }
        let askpass = try markers.program("askpass-variable")
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_ASKPASS"] = askpass
        environment["SSH_ASKPASS"] = askpass
        environment["GIT_TERMINAL_PROMPT"] = "1"
        environment["PM_RENDER_GIT_TIMEOUT"] = "60"

        // Plain git tries to fetch.
        _ = try source.run(["-C", clone.path, "cat-file", "-p", "HEAD~2:board.md"])
        #expect(markers.hits.contains("upload-pack"))
        try markers.clear()

        let path = clone.appending(path: "board.md").path
        let git = try GitEnvironment(environment: environment)
        let repository = try await GitRepository(containing: path, git: git)
        #expect(try await repository.contents(of: path, at: "HEAD") == Array("## TODO\n\n- [ ] Card 3\n".utf8))
        do {
            _ = try await BoardSources.history(of: path, git: git)
            Issue.record("reading the history needs versions the clone does not have")
        } catch .failed(.readingHistory, let message) {
            #expect(message.contains("promisor remote"), "\(message)")
        } catch {
            Issue.record("expected git's own failure, not \(error)")
        }
        #expect(markers.hits.isEmpty, "\(markers.hits.sorted())")
    }

    /// How a fake `git` hangs.
    enum Hang: String, CaseIterable {
        case sleeps = "sleeps"
        case ignoresTerminate = "ignores SIGTERM"
        case neverReadsInput = "never reads cat-file's input"
    }

    /// A folder with a fake `git` that starts a child and waits, writing both process IDs to `pids`; with
    /// `passingRevParse`, it runs the real git for `rev-parse`, so pm-render gets as far as the history.
    static func hangingGit(_ hang: Hang, passingRevParse: Bool = false) throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        let real = try GitEnvironment().executable
        let script = """
            #!/bin/sh
            \(passingRevParse ? "case \" $* \" in *\" rev-parse \"*) exec '\(real)' \"$@\" ;; esac" : "")
            \(hang == .ignoresTerminate ? "trap '' TERM" : "")
            echo $$ >> '\(folder.path)/pids'
            sleep 300 &
            echo $! >> '\(folder.path)/pids'
            wait
            """
        let url = folder.appending(path: "git")
        try script.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return folder
    }

    /// Whether a process is still running: not gone, not a zombie, and not with SIGKILL pending (a killed
    /// process that has not been scheduled since is as good as dead, and dies without running).
    static func isRunning(_ pid: String) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        var fields: [Substring: Substring] = [:]
        for line in status.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon]] = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        }
        if let state = fields["State"]?.first, state == "Z" || state == "X" { return false }
        let killBit: UInt64 = 1 << (UInt64(SIGKILL) - 1)
        for field in ["SigPnd", "ShdPnd"] {
            if let mask = fields[Substring(field)].flatMap({ UInt64($0, radix: 16) }), mask & killBit != 0 {
                return false
            }
        }
        return true
    }

    @Test(
        "a git that hangs is stopped after PM_RENDER_GIT_TIMEOUT with a clear error, its children too",
        arguments: Hang.allCases)
    func timeout(_ hang: Hang) async throws {
        let repo = try GitFixture()
        try repo.commit("Start", files: ["board.md": "## TODO\n"])
        let fake = try Self.hangingGit(hang)
        defer { try? FileManager.default.removeItem(at: fake) }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = fake.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["PM_RENDER_GIT_TIMEOUT"] = "1"
        let git = try GitEnvironment(environment: environment)
        #expect(git.executable == fake.appending(path: "git").path)
        let path = repo.root.appending(path: "board.md").path
        // The repository is found with the real git; the fake hangs in what comes next.
        let real = try await GitRepository(containing: path)
        let repository = GitRepository(directory: real.directory, topLevel: real.topLevel, isShallow: false, git: git)
        switch hang {
        case .sleeps, .ignoresTerminate:
            await #expect(throws: GitError.timedOut(seconds: 1, while: .readingHistory(path))) {
                try await repository.commits(touching: path)
            }
        case .neverReadsInput:
            // More requests than a pipe holds: writing them blocks until git is stopped.
            let commit = try #require(try await real.commits(touching: path).first)
            await #expect(throws: GitError.timedOut(seconds: 1, while: .readingHistory("board.md"))) {
                try await repository.forEachVersion(of: Array(repeating: commit, count: 5_000)) { _ in }
            }
        }
        let pids = try String(contentsOf: fake.appending(path: "pids"), encoding: .utf8).split(separator: "\n")
        #expect(pids.count == 2)
        for pid in pids { #expect(!Self.isRunning(String(pid)), "process \(pid) is still running") }
    }

    @Test("the command line says which git call timed out")
    func timeoutMessage() throws {
        let repo = try GitFixture()
        try repo.commit("Start", files: ["board.md": "## TODO\n"])
        let fake = try Self.hangingGit(.sleeps, passingRevParse: true)
        defer { try? FileManager.default.removeItem(at: fake) }
        let path = fake.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try TestSupport.run(
            ["history", "board.md"], in: repo.root,
            environment: ["PATH": path, "PM_RENDER_GIT_TIMEOUT": "2"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("git timed out after 2 s while reading the history of 'board.md'"),
            "\(result.stderr)")
    }
}
