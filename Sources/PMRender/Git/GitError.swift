/// Why git could not give what was asked (exit status 2: an environment or usage problem). Every
/// message pm-render shows for a git problem is worded here.
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

    public var description: String {
        switch self {
        case .gitNotFound:
            return "git was not found on PATH; install git to compare with a revision, or use --previous FILE"
        case .notARepository(let path):
            return "'\(path)' is not inside a git repository; use --previous FILE to compare with another file"
        case .unknownRevision(let revision):
            return "unknown revision '\(revision)': expected a commit, branch or tag (e.g. HEAD~1, origin/main)"
        case .invalidTimeout(let value):
            return "PM_RENDER_GIT_TIMEOUT must be a number of seconds greater than 0, not '\(value)'"
        case .timedOut(let seconds, let activity):
            return "git timed out after \(Self.format(seconds)) s while \(activity.phrase); "
                + "set PM_RENDER_GIT_TIMEOUT (seconds) to wait longer"
        case .failed(let activity, let message):
            return "git failed while \(activity.phrase): \(message)"
        }
    }

    /// `120`, `1.5`.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

extension GitError.Activity {
    /// "reading the history of 'board.md'".
    var phrase: String {
        switch self {
        case .findingRepository(let path): return "finding the repository of '\(path)'"
        case .readingHistory(let path): return "reading the history of '\(path)'"
        case .readingFile(let path, let revision): return "reading '\(path)' at '\(revision)'"
        case .readingLatestCommit(let path): return "reading the latest commit of '\(path)'"
        }
    }
}
