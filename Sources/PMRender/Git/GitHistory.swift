import Foundation

/// One commit that changed a board file.
public struct CommitInfo: Hashable, Sendable {
    public let id: String
    public let shortID: String
    public let author: String
    /// Committer date, seconds since 1970.
    public let date: Int
    public let subject: String
    /// The file's path at this commit, relative to the repository root (it follows renames).
    public let path: String
    /// Whether this commit deleted the file (it has no contents there).
    public let deletesFile: Bool

    public init(
        id: String, shortID: String, author: String, date: Int, subject: String, path: String,
        deletesFile: Bool = false
    ) {
        self.id = id
        self.shortID = shortID
        self.author = author
        self.date = date
        self.subject = subject
        self.path = path
        self.deletesFile = deletesFile
    }
}

/// A version of a board file at a commit.
public struct FileVersion: Sendable {
    public let commit: CommitInfo
    /// Nil when the file is missing at that commit (it was deleted there).
    public let bytes: [UInt8]?

    public init(commit: CommitInfo, bytes: [UInt8]?) {
        self.commit = commit
        self.bytes = bytes
    }
}

extension GitRepository {
    /// The commits that changed `file`, oldest first: first-parent history (a merge counts as one change
    /// on the main line), following renames of the file. Empty when the file was never committed.
    public func commits(touching file: String) async throws(GitError) -> [CommitInfo] {
        try await log(file, arguments: ["--follow"], .readingHistory(file)).reversed()
    }

    /// The newest commit on the first-parent line that changed `file` (for "Updated … from commit …"),
    /// or nil when the file was never committed.
    public func latestCommit(touching file: String) async throws(GitError) -> CommitInfo? {
        try await log(file, arguments: ["--max-count=1"], .readingLatestCommit(file)).first
    }

    /// Hands `body` the file's contents at each commit, in order, as git produces them: one
    /// `git cat-file --batch` process reads every version, and `body` sees each one while git reads the
    /// next. Nothing is kept, so the history's length does not bound memory; only the largest version does.
    public func forEachVersion(of commits: [CommitInfo], _ body: (FileVersion) async -> Void) async throws(GitError) {
        guard !commits.isEmpty else { return }
        let activity = GitError.Activity.readingHistory(commits.last!.path)
        // `git cat-file --batch` reads one name a line: `COMMIT:PATH`.
        var input: [UInt8] = []
        for commit in commits where !commit.deletesFile {
            guard !commit.path.utf8.contains(0x0A) else {
                throw .failed(
                    activity,
                    message: "'\(commit.path)' has a line break in its name, which git cat-file cannot be asked for")
            }
            input += "\(commit.id):\(commit.path)\n".utf8
        }
        try await read(["cat-file", "--batch", "--buffer"], in: topLevel, input: input, activity) { reader in
            for commit in commits {
                guard !commit.deletesFile else {
                    await body(FileVersion(commit: commit, bytes: nil))
                    continue
                }
                guard let header = try await BatchHeader.read(from: &reader) else {
                    throw ProcessRunner.OutputReader.Truncated()
                }
                guard let size = header.size, header.type == "blob" else {
                    throw GitError.failed(
                        activity,
                        message: "the version of '\(commit.path)' in commit \(commit.shortID) is not "
                            + "in this clone; fetch it, or clone without --filter")
                }
                let bytes = try await reader.bytes(size)
                try await reader.skip(1)
                await body(FileVersion(commit: commit, bytes: bytes))
            }
        }
    }

    /// First-parent `git log` of `file`, newest first, with each commit's path and blob of the file.
    private func log(_ file: String, arguments: [String], _ activity: GitError.Activity) async throws(GitError)
        -> [CommitInfo]
    {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let command =
            [
                "log", "--first-parent", "-M", "--name-status", "-z", "--no-color", "--no-ext-diff", "--no-textconv",
                "--no-show-signature", "--no-notes", "--encoding=UTF-8",
                "--format=\u{1E}%H\u{1F}%h\u{1F}%an\u{1F}%ct\u{1F}%s",
            ]
            + arguments + ["--", name]
        do {
            return try await read(command, activity) { reader in
                var parser = LogParser()
                while let token = try await reader.record(separatedBy: 0) { parser.add(token) }
                return parser.finish()
            }
        } catch .failed(_, let message) where message.contains("does not have any commits") {
            return []  // a repository with no commit yet has no history
        }
    }
}

/// Reads `git log --name-status -z` output with pm-render's format, one NUL-terminated token at a time: a
/// header (`\u{1E}` then fields split by `\u{1F}`), then for each changed file its status (`M`, `A`, `D`,
/// `R100`…) and its path (two paths, old and new, for a rename or copy).
private struct LogParser {
    private struct Header {
        var fields: [String]
        var path: String?
        var deletesFile = false
    }

    private var commits: [CommitInfo] = []
    private var header: Header?
    /// Paths still to come for the current change: the last one is the file's path at this commit.
    private var pathsLeft = 0
    private var deletes = false

    mutating func add(_ token: [UInt8]) {
        var token = token[...]
        if pathsLeft > 0 {
            pathsLeft -= 1
            if pathsLeft == 0 {
                header?.path = String(decoding: token, as: UTF8.self)
                header?.deletesFile = deletes
            }
            return
        }
        while token.first == 0x0A { token = token.dropFirst() }  // the line break after a header
        if token.first == 0x1E {
            flush()
            let fields = String(decoding: token.dropFirst(), as: UTF8.self)
                .split(separator: "\u{1F}", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            header = Header(fields: fields)
        } else if let status = token.first {
            // A rename or copy names two paths.
            pathsLeft = status == UInt8(ascii: "R") || status == UInt8(ascii: "C") ? 2 : 1
            deletes = status == UInt8(ascii: "D")
        }
    }

    private mutating func flush() {
        guard let header, header.fields.count == 5, let date = Int(header.fields[3]), let path = header.path else {
            return
        }
        commits.append(
            CommitInfo(
                id: header.fields[0], shortID: header.fields[1], author: header.fields[2],
                date: date, subject: header.fields[4], path: path, deletesFile: header.deletesFile))
    }

    /// The commits, newest first.
    mutating func finish() -> [CommitInfo] {
        flush()
        header = nil
        return commits
    }
}
