/// Why git could not give what was asked (exit status 2: an environment or usage problem). Its messages are
/// worded with every other one, in `Problem+Messages.swift`.
public enum GitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What pm-render was doing when git failed, for the message.
    public enum Activity: Equatable, Sendable {
        /// Finding the repository that holds a path.
        case findingRepository(String)
        /// Reading the commits and versions of a file.
        case readingHistory(String)
        /// Reading a file at a revision.
        case readingFile(String, revision: String)
        /// Reading the latest commit that changed a file.
        case readingLatestCommit(String)
    }

    /// No executable `git` in any folder of PATH.
    case gitNotFound
    /// The path is not inside a git work tree.
    case notARepository(String)
    /// The revision names no commit.
    case unknownRevision(String)
    /// `PM_RENDER_GIT_TIMEOUT` is not a number of seconds.
    case invalidTimeout(String)
    /// git gave no output (or did not exit) for the timeout, and was stopped.
    case timedOut(seconds: Double, while: Activity)
    /// git could not be started, stopped with an error, or said something pm-render cannot read; `message`
    /// is git's own (first lines of standard error) or what went wrong.
    case failed(Activity, message: String)
}
