import Foundation

/// Why git could not give what was asked (exit status 2: an environment or usage problem).
public enum GitError: Error, Equatable, Sendable, CustomStringConvertible {
    case gitNotFound
    case notARepository(String)
    case unknownRevision(String)
    case failed(String)

    public var description: String {
        switch self {
        case .gitNotFound:
            return "git was not found on PATH; install git to compare with a revision, or use --previous FILE"
        case .notARepository(let path):
            return "'\(path)' is not inside a git repository; use --previous FILE to compare with another file"
        case .unknownRevision(let revision):
            return "unknown revision '\(revision)': expected a commit, branch or tag (e.g. HEAD~1, origin/main)"
        case .failed(let message):
            return "git failed: \(message)"
        }
    }
}

/// Reads files from the git repository that contains a path, with the real `git` found on PATH.
public struct GitRepository: Sendable {
    /// The folder git commands run in (the board's folder), so paths are relative to it.
    public let directory: String
    /// The repository's top-level folder.
    public let topLevel: String
    /// Whether the repository is a shallow clone (history cut short, as CI checkouts often are).
    public let isShallow: Bool
    let git: String

    /// The repository containing `path` (a file or folder), whatever the current directory.
    public init(containing path: String) throws(GitError) {
        guard let git = GitRepository.findGit() else { throw .gitNotFound }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let directory = exists && isDirectory.boolValue ? path : (URL(fileURLWithPath: path).deletingLastPathComponent().path)
        self.git = git
        self.directory = directory.isEmpty ? "." : directory
        let result = GitRepository.run(git, in: self.directory, ["rev-parse", "--show-toplevel", "--is-shallow-repository"])
        // Two lines: the top-level folder (whose name could hold a newline) and `true` or `false`.
        var output = String(decoding: result.stdout, as: UTF8.self)
        if output.hasSuffix("\n") { output.removeLast() }
        guard result.status == 0, let split = output.lastIndex(of: "\n") else { throw .notARepository(path) }
        topLevel = String(output[..<split])
        isShallow = output[output.index(after: split)...] == "true"
    }

    /// The contents of `file` (a path; only its name is used, relative to `directory`) at `revision`,
    /// or nil when the file did not exist at that revision.
    public func contents(of file: String, at revision: String) throws(GitError) -> [UInt8]? {
        guard run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]).status == 0 else {
            throw .unknownRevision(revision)
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        let spec = "\(revision):./\(name)"
        guard run(["cat-file", "-e", spec]).status == 0 else { return nil }
        let result = run(["cat-file", "blob", spec])
        guard result.status == 0 else { throw .failed(String(decoding: result.stderr, as: UTF8.self)) }
        return result.stdout
    }

    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
    }

    /// Runs git with `arguments` in `directory`; reads both pipes fully (no deadlock on large output).
    func run(_ arguments: [String]) -> Result {
        GitRepository.run(git, in: directory, arguments)
    }

    private static func run(_ git: String, in directory: String, _ arguments: [String]) -> Result {
        let process = makeProcess(git, in: directory, arguments)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let exited: DispatchSemaphore
        do {
            exited = try start(process)
        } catch {
            return Result(status: 127, stdout: [], stderr: Array("\(error)".utf8))
        }
        // Both pipes are read at once, so that neither fills up and stalls git: standard error on a
        // thread of its own (a Dispatch queue may not run the block while this thread waits).
        let errors = Mutex(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = data }
            errorsRead.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        exited.wait()
        return Result(status: process.terminationStatus, stdout: [UInt8](output), stderr: [UInt8](errors.withLock { $0 }))
    }

    /// A git process in `directory`: never prompting, with C-locale messages, and never running a
    /// program named by the repository's configuration or the caller's environment (a repository may
    /// come from anyone). Only PATH, HOME and XDG_CONFIG_HOME (for the user's own configuration, such
    /// as `safe.directory`) are passed on, no `GIT_*` variable; the keys naming programs git could run
    /// while reading (fsmonitor, hooks, pager, signature checks, credential helpers, and any transport,
    /// which a partial clone's lazy fetch would use with `core.sshCommand`) are overridden.
    static func makeProcess(_ git: String, in directory: String, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        let overrides = [
            "core.fsmonitor=false", "core.hooksPath=/dev/null", "core.pager=cat", "log.showSignature=false",
            "credential.helper=", "protocol.allow=never",
        ]
        process.arguments = ["--no-pager"] + overrides.flatMap { ["-c", $0] } + ["-C", directory] + arguments
        let inherited = ProcessInfo.processInfo.environment
        var environment = [
            "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_OPTIONAL_LOCKS": "0", "GIT_NO_LAZY_FETCH": "1",
        ]
        for name in ["PATH", "HOME", "XDG_CONFIG_HOME"] where inherited[name] != nil {
            environment[name] = inherited[name]
        }
        process.environment = environment
        return process
    }

    /// Starts a process; the semaphore is signalled when it exits. (Foundation's `waitUntilExit`
    /// polls every 50 ms on Linux, which would cost more than most git commands take.)
    static func start(_ process: Process) throws -> DispatchSemaphore {
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        return exited
    }

    /// The first executable `git` on PATH.
    static func findGit() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
