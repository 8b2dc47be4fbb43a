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
}

/// A version of a board file at a commit.
public struct FileVersion: Sendable {
    public let commit: CommitInfo
    /// Nil when the file is missing at that commit (it was deleted there).
    public let bytes: [UInt8]?
}

extension GitRepository {
    /// The commits that changed `file`, oldest first: first-parent history (merges count as one change
    /// on the main line), following renames of the file. Empty when the file was never committed.
    public func commits(touching file: String) throws(GitError) -> [CommitInfo] {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let result = run(["log", "--first-parent", "--follow", "-M", "--name-status", "--no-color",
                          "--format=%x1e%H%x1f%h%x1f%an%x1f%ct%x1f%s", "--", name])
        guard result.status == 0 else {
            let message = String(decoding: result.stderr, as: UTF8.self)
            // A repository with no commit yet has no history.
            if message.contains("does not have any commits") { return [] }
            throw .failed(message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var commits: [CommitInfo] = []
        for record in String(decoding: result.stdout, as: UTF8.self).split(separator: "\u{1E}") {
            let lines = record.split(separator: "\n", omittingEmptySubsequences: true)
            guard let header = lines.first else { continue }
            let fields = header.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5, let date = Int(fields[3]) else { continue }
            // The name-status line gives the file's path at this commit: `M\tpath`, `R100\told\tnew`.
            var path = name
            for line in lines.dropFirst() {
                let parts = line.split(separator: "\t").map(String.init)
                if let last = parts.last, parts.count >= 2 { path = last }
            }
            commits.append(CommitInfo(id: fields[0], shortID: fields[1], author: fields[2], date: date,
                                      subject: fields[4...].joined(separator: "\u{1F}"), path: path))
        }
        return commits.reversed()
    }

    /// The file's contents at each commit, read through a single `git cat-file --batch` process.
    public func versions(of commits: [CommitInfo]) throws(GitError) -> [FileVersion] {
        var versions: [FileVersion] = []
        try readVersions(of: commits) { versions.append($0) }
        return versions
    }

    /// Hands `body` the file's contents at each commit, in order, as `git cat-file --batch` produces
    /// them: each version can be processed while git reads the next, and none is kept.
    public func readVersions(of commits: [CommitInfo], _ body: (FileVersion) -> Void) throws(GitError) {
        guard !commits.isEmpty else { return }
        let process = GitRepository.makeProcess(git, in: topLevel, ["cat-file", "--batch"])
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited: DispatchSemaphore
        do {
            exited = try GitRepository.start(process)
        } catch {
            throw .failed("cannot start git cat-file: \(error)")
        }
        // Write every request from another thread while this one reads, so neither pipe fills up.
        // (A thread of its own: a Dispatch queue may not run the block while this thread waits.)
        let requests = commits.map { "\($0.id):\($0.path)\n" }.joined()
        Thread.detachNewThread {
            input.fileHandleForWriting.write(Data(requests.utf8))
            try? input.fileHandleForWriting.close()
        }
        var reader = BatchReader(descriptor: output.fileHandleForReading.fileDescriptor)
        for commit in commits {
            guard let header = reader.line() else { break }
            let parts = header.split(separator: " ")
            if parts.count == 3, parts[1] == "blob", let size = Int(parts[2]) {
                let bytes = reader.bytes(size)
                _ = reader.bytes(1)  // the newline after the contents
                body(FileVersion(commit: commit, bytes: bytes))
            } else {
                body(FileVersion(commit: commit, bytes: nil))  // "missing": deleted here
            }
        }
        exited.wait()
    }
}

/// Reads `git cat-file --batch` output through one reused buffer.
private struct BatchReader {
    let descriptor: Int32
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var start = 0
    var end = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads more bytes after the unread ones; false at the end of the output.
    private mutating func fill() -> Bool {
        if start == end {
            start = 0
            end = 0
        } else if end == buffer.count {
            if start > 0 {
                buffer.withUnsafeMutableBufferPointer { all in
                    all.baseAddress!.update(from: all.baseAddress! + start, count: end - start)
                }
                end -= start
                start = 0
            } else {
                buffer += repeatElement(0, count: buffer.count)  // a line longer than the buffer
            }
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + end, $0.count - end) }
            if count > 0 {
                end += count
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }

    mutating func line() -> String? {
        var searched = start
        while true {
            if let newline = buffer[searched..<end].firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return text
            }
            // Search only the new bytes next time (filling may move the unread ones to the front).
            let unread = end - start
            guard fill() else { return nil }
            searched = start + unread
        }
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            if start == end, !fill() { break }
            let take = min(count - result.count, end - start)
            result.append(contentsOf: buffer[start..<(start + take)])
            start += take
        }
        return result
    }
}
