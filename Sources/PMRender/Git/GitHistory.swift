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
        guard !commits.isEmpty else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", topLevel, "cat-file", "--batch"]
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
        let requests = commits.map { "\($0.id):\($0.path)\n" }.joined()
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(Data(requests.utf8))
            try? input.fileHandleForWriting.close()
        }
        var reader = BatchReader(handle: output.fileHandleForReading)
        var versions: [FileVersion] = []
        for commit in commits {
            guard let header = reader.line() else { break }
            let parts = header.split(separator: " ")
            if parts.count == 3, parts[1] == "blob", let size = Int(parts[2]) {
                let bytes = reader.bytes(size)
                _ = reader.bytes(1)  // the newline after the contents
                versions.append(FileVersion(commit: commit, bytes: bytes))
            } else {
                versions.append(FileVersion(commit: commit, bytes: nil))  // "missing": deleted here
            }
        }
        exited.wait()
        return versions
    }
}

/// Reads `git cat-file --batch` output incrementally.
private struct BatchReader {
    let handle: FileHandle
    var buffer: [UInt8] = []
    var start = 0

    init(handle: FileHandle) {
        self.handle = handle
    }

    private mutating func fill() -> Bool {
        let data = handle.availableData
        guard !data.isEmpty else { return false }
        if start > 0, start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: data)
        return true
    }

    mutating func line() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return text
            }
            guard fill() else { return nil }
        }
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        while buffer.count - start < count {
            guard fill() else { break }
        }
        let end = min(start + count, buffer.count)
        let bytes = Array(buffer[start..<end])
        start = end
        return bytes
    }
}
