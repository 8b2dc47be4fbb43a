import AsyncAlgorithms

/// Where a board's versions come from: git supplies them as values (commits and bytes), which the history and the
/// comparison are built from.
public enum BoardSources {
    /// At most this many versions, and this many bytes of them, are handed from one task to the other at a time:
    /// fewer hand-overs wake fewer threads, and a board of megabytes goes over one version at a time.
    static let versionsPerHandOver = 8
    static let bytesPerHandOver = 1 << 20

    /// The history of the board at `path` from its git repository: the first-parent commits that changed it
    /// (following renames), every version streamed through one `git cat-file --batch` and read as it arrives.
    ///
    /// Two tasks share the work: one reads versions from git as far as their Markdown pieces
    /// (`VersionReader.PieceReader`), the other puts their boards together and compares each with the one before.
    /// The channel between them holds one batch (`versionsPerHandOver`, `bytesPerHandOver`), so memory stays bounded
    /// by a few versions, not by the length of the history.
    public static func history(of path: String, git: GitEnvironment? = nil) async throws(GitError) -> BoardHistory {
        let repository = try await GitRepository(containing: path, git: git)
        let commits = try await repository.commits(touching: path)
        var builder = BoardHistory.Builder(file: path, isShallow: repository.isShallow)
        let channel = AsyncChannel<[(CommitInfo, VersionPieces?)]>()
        let pieceReader = builder.pieceReader()
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { channel.finish() }
                    var pieces = pieceReader
                    var batch: [(CommitInfo, VersionPieces?)] = []
                    var bytes = 0
                    try await repository.forEachVersion(of: commits) { version in
                        batch.append((version.commit, version.bytes.map { pieces.read($0) }))
                        bytes += version.bytes?.count ?? 0
                        if batch.count == Self.versionsPerHandOver || bytes >= Self.bytesPerHandOver {
                            await channel.send(batch)
                            batch.removeAll(keepingCapacity: true)
                            bytes = 0
                        }
                    }
                    if !batch.isEmpty { await channel.send(batch) }
                }
                for await batch in channel {
                    for (commit, versionPieces) in batch { builder.add(commit, pieces: versionPieces) }
                }
                try await group.waitForAll()
            }
        } catch let error as GitError {
            throw error
        } catch {
            preconditionFailure("reading versions throws only GitError: \(error)")
        }
        return builder.finish()
    }

    /// The board at `path` as it was at `revision` (nil when the file did not exist then).
    public static func version(of path: String, at revision: String) async throws(GitError) -> [UInt8]? {
        try await GitRepository(containing: path).contents(of: path, at: revision)
    }
}
