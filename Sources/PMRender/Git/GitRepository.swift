import Foundation

/// The git repository that holds a board file, read with the `git` found on PATH (see
/// ``GitEnvironment`` for how git runs: clean, without prompts, with a timeout).
public struct GitRepository: Sendable {
    /// The folder git commands run in (the board's folder), so file names are relative to it.
    public let directory: String
    /// The repository's top-level folder.
    public let topLevel: String
    /// Whether the repository is a shallow clone (history cut short, as CI checkouts often are).
    public let isShallow: Bool
    /// How git runs.
    public let git: GitEnvironment

    /// The repository containing `path` (a file or folder), whatever the current directory.
    public init(containing path: String, git: GitEnvironment? = nil) async throws(GitError) {
        let git = if let git { git } else { try GitEnvironment() }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let folder =
            exists && isDirectory.boolValue ? path : URL(fileURLWithPath: path).deletingLastPathComponent().path
        directory = folder.isEmpty ? "." : folder
        self.git = git
        // git finds a repository through a `.git` in the folder or one above it (pm-render drops `GIT_DIR`, see
        // `GitEnvironment.keeps`): with none, the answer is known without starting git, which a render of a board
        // kept outside git would otherwise wait for.
        guard Self.hasGitEntry(atOrAbove: directory) else { throw .notARepository(path) }
        let activity = GitError.Activity.findingRepository(path)
        let result = try await Self.run(
            git, ["rev-parse", "--show-toplevel", "--is-shallow-repository"],
            in: directory, activity)
        // Two lines: the top-level folder (whose name could hold a newline) and `true` or `false`.
        var output = (try? result.value.get()) ?? []
        if output.last == 0x0A { output.removeLast() }
        guard result.status.isSuccess, let split = output.lastIndex(of: 0x0A) else {
            let message = Self.message(result.standardError)
            guard message.isEmpty || message.contains("not a git repository") else {
                throw .failed(activity, message: message)
            }
            throw .notARepository(path)
        }
        topLevel = String(decoding: output[..<split], as: UTF8.self)
        isShallow = output[(split + 1)...].elementsEqual("true".utf8)
    }

    /// Whether `folder` or a folder above it holds a `.git` (a folder, or the file of a worktree or submodule).
    /// The walk starts from the real path, as git's does (a symbolic link into a repository is in it); a folder
    /// that cannot be resolved is left for git to judge.
    static func hasGitEntry(atOrAbove folder: String) -> Bool {
        guard let resolved = realpath(folder, nil) else { return true }
        var current = String(cString: resolved)
        free(resolved)
        var info = stat()
        while true {
            if lstat(current == "/" ? "/.git" : current + "/.git", &info) == 0 { return true }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return false }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// A repository already found, read with `git` (for tests that swap git for a fake).
    init(directory: String, topLevel: String, isShallow: Bool, git: GitEnvironment) {
        self.directory = directory
        self.topLevel = topLevel
        self.isShallow = isShallow
        self.git = git
    }

    /// The contents of `file` (a path; its name is looked up in ``directory``) at `revision`, or nil when
    /// the file did not exist there. Throws ``GitError/unknownRevision(_:)`` when `revision` names no commit.
    ///
    /// A file renamed since `revision` (`git mv board.md docs/kanban.md`, committed or staged) is read under the name
    /// it had there, as git's rename detection pairs the two: a change that only moves a board changes no card.
    public func contents(of file: String, at revision: String) async throws(GitError) -> [UInt8]? {
        let activity = GitError.Activity.readingFile(file, revision: revision)
        // `git cat-file --batch` reads one name a line.
        guard !revision.isEmpty, !revision.contains(where: \.isNewline), !revision.contains("\0") else {
            throw .unknownRevision(revision)
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        guard !name.contains(where: \.isNewline) else {
            throw .failed(activity, message: "the file name has a line break, which git cat-file cannot be asked for")
        }
        if let bytes = try await blob("./" + name, at: revision, activity) { return bytes }
        guard let old = try await nameBeforeRename(of: name, since: revision, activity),
            !old.contains(where: \.isNewline)
        else { return nil }
        return try await blob(old, at: revision, activity, in: topLevel)
    }

    /// The path from the repository's top that the file `name` of ``directory`` had at `revision`, when git's rename
    /// detection pairs it with one there (`git diff --cached -M REVISION`, the index against `revision`); else nil.
    private func nameBeforeRename(of name: String, since revision: String, _ activity: GitError.Activity)
        async throws(GitError) -> String?
    {
        guard let top = realpath(topLevel, nil), let folder = realpath(directory, nil) else { return nil }
        defer {
            free(top)
            free(folder)
        }
        let topPath = String(cString: top)
        let folderPath = String(cString: folder)
        guard folderPath == topPath || folderPath.hasPrefix(topPath == "/" ? "/" : topPath + "/") else { return nil }
        let inFolder = folderPath.dropFirst(topPath.count).drop { $0 == "/" }
        let path = inFolder.isEmpty ? name : inFolder + "/" + name
        // The index against the revision, not the working tree: git reads no file of the working tree, so no filter
        // a repository's attributes name runs (pm-render reads blobs raw); a rename is seen once committed or staged.
        let command = [
            "diff", "--cached", "-M", "--name-status", "-z", "--no-color", "--no-ext-diff", "--no-textconv",
            "--end-of-options", revision, "--",
        ]
        // `R<score>`, the old path and the new one, each ended by a NUL.
        let fields = try await read(command, in: topLevel, activity) { reader throws -> [String] in
            var fields: [String] = []
            while let field = try await reader.record(separatedBy: 0) {
                fields.append(String(decoding: field, as: UTF8.self))
            }
            return fields
        }
        var index = 0
        while index < fields.count {
            let status = fields[index]
            let paths = status.hasPrefix("R") || status.hasPrefix("C") ? 2 : 1
            if status.hasPrefix("R"), index + 2 < fields.count, fields[index + 2] == path { return fields[index + 1] }
            index += 1 + paths
        }
        return nil
    }

    /// The blob `spec` names at `revision` (`./NAME` from `folder`, or a path from the top), nil when there is
    /// none; an unknown revision throws.
    private func blob(_ spec: String, at revision: String, _ activity: GitError.Activity, in folder: String? = nil)
        async throws(GitError) -> [UInt8]?
    {
        // One process: the commit (to tell an unknown revision from a missing file), then the file.
        let input = Array("\(revision)^{commit}\n\(revision):\(spec)\n".utf8)
        return try await read(["cat-file", "--batch"], in: folder, input: input, activity) {
            reader throws -> [UInt8]? in
            guard let commit = try await BatchHeader.read(from: &reader), let size = commit.size else {
                throw GitError.unknownRevision(revision)
            }
            try await reader.skip(size + 1)
            guard let header = try await BatchHeader.read(from: &reader) else {
                throw ProcessRunner.OutputReader.Truncated()
            }
            guard let size = header.size, header.type == "blob" else { return nil }
            let bytes = try await reader.bytes(size)
            try await reader.skip(1)
            return bytes
        }
    }

    /// Runs git in `directory`, mapping a failure to start or a timeout to ``GitError``.
    static func run(
        _ git: GitEnvironment, _ arguments: [String], in directory: String,
        _ activity: GitError.Activity
    ) async throws(GitError) -> ProcessRunner.Completion<[UInt8]> {
        do {
            return try await git.runner(arguments, in: directory).run()
        } catch {
            throw Self.error(error, activity, git)
        }
    }

    /// The value of a run of git, or the error: git's own message when it failed.
    static func check<Value>(
        _ completion: ProcessRunner.Completion<Value>, _ activity: GitError.Activity,
        _ git: GitEnvironment
    ) throws(GitError) -> Value {
        // An error the reader found in git's output comes first: the reader stopped git because of it.
        if case .failure(let error as GitError) = completion.value { throw error }
        guard completion.status.isSuccess else {
            let message = Self.message(completion.standardError)
            switch completion.status {
            case .exited(let code):
                throw .failed(activity, message: message.isEmpty ? "exit status \(code)" : message)
            case .signalled(let signal):
                throw .failed(activity, message: message.isEmpty ? "stopped by signal \(signal)" : message)
            }
        }
        switch completion.value {
        case .success(let value): return value
        case .failure: throw .failed(activity, message: "git's output ended early")
        }
    }

    /// A runner's failure as a ``GitError``.
    static func error(
        _ failure: ProcessRunner.Failure, _ activity: GitError.Activity,
        _ git: GitEnvironment
    ) -> GitError {
        switch failure {
        case .timedOut: return .timedOut(seconds: git.timeoutSeconds, while: activity)
        case .cannotStart(let reason): return .failed(activity, message: "cannot start '\(git.executable)': \(reason)")
        case .interrupted(let reason): return .failed(activity, message: "git was interrupted: \(reason)")
        }
    }

    /// git's standard error as one line: its first lines, without the `fatal:`/`error:` prefixes.
    static func message(_ standardError: [UInt8]) -> String {
        let lines = String(decoding: standardError, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { line -> Substring in
                for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) {
                    return line.dropFirst(prefix.count)
                }
                return line
            }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return lines.prefix(3).joined(separator: "; ")
    }
}

extension GitRepository {
    /// Runs a command whose output `body` reads, with the errors of ``check(_:_:_:)``.
    func read<Value: Sendable>(
        _ arguments: [String], in folder: String? = nil, input: [UInt8] = [],
        _ activity: GitError.Activity,
        _ body: (inout ProcessRunner.OutputReader) async throws -> Value
    ) async throws(GitError) -> Value {
        let completion: ProcessRunner.Completion<Value>
        do {
            completion = try await git.runner(arguments, in: folder ?? directory).run(input: input, reading: body)
        } catch {
            throw Self.error(error, activity, git)
        }
        return try Self.check(completion, activity, git)
    }
}

/// The line `git cat-file --batch` writes before an object: `<id> <type> <size>`, or `<name> missing`.
struct BatchHeader {
    var type: String
    /// Nil when the object is missing (or the name ambiguous).
    var size: Int?

    /// The next header; nil at the end of the output.
    static func read(from reader: inout ProcessRunner.OutputReader) async throws -> BatchHeader? {
        guard let line = try await reader.record(separatedBy: 0x0A) else { return nil }
        let fields = line.split(separator: 0x20)
        guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0 else {
            return BatchHeader(type: String(decoding: fields.last ?? [], as: UTF8.self), size: nil)
        }
        return BatchHeader(type: String(decoding: fields[1], as: UTF8.self), size: size)
    }
}
