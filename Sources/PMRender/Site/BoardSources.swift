/// Where a board's versions come from: git supplies them as values (commits and bytes), which the history and the
/// comparison are built from.
public enum BoardSources {
    /// The history of the board at `path` from its git repository: the first-parent commits that changed it
    /// (following renames), every version streamed through one `git cat-file --batch` and read as it arrives.
    public static func history(of path: String, git: GitEnvironment? = nil) async throws(GitError) -> BoardHistory {
        let repository = try await GitRepository(containing: path, git: git)
        let commits = try await repository.commits(touching: path)
        var builder = BoardHistory.Builder(file: path, isShallow: repository.isShallow)
        try await repository.forEachVersion(of: commits) { builder.add($0) }
        return builder.finish()
    }

    /// The board at `path` as it was at `revision` (nil when the file did not exist then).
    public static func version(of path: String, at revision: String) async throws(GitError) -> [UInt8]? {
        try await GitRepository(containing: path).contents(of: path, at: revision)
    }
}
