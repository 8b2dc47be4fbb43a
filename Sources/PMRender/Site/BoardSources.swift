import AsyncAlgorithms

/// Where a board's versions come from: git supplies them as values (commits and bytes), which the history and the
/// comparison are built from.
public enum BoardSources {
    /// The history of the board at `path` from its git repository: the first-parent commits that changed it
    /// (following renames), every version streamed through one `git cat-file --batch` and read as it arrives.
    ///
    /// Two tasks share the work, one version apart: one reads each version from git as far as its Markdown pieces
    /// (`VersionReader.PieceReader`), the other puts the board of the version before together and compares it with
    /// its predecessor. The channel between them holds one version, so memory stays bounded by the largest version.
    /// Versions handed from one task to the other at a time: fewer hand-overs, fewer threads woken.
    static let versionsPerHandOver = 8

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
                    try await repository.forEachVersion(of: commits) { version in
                        batch.append((version.commit, version.bytes.map { pieces.read($0) }))
                        if batch.count == Self.versionsPerHandOver {
                            await channel.send(batch)
                            batch.removeAll(keepingCapacity: true)
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
