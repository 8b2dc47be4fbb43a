import Foundation

/// How pm-render runs git: which executable, in what environment, with which options, for how long.
///
/// Every git command runs clean: it cannot prompt (no terminal, `GIT_TERMINAL_PROMPT=0`, no askpass or
/// credential helper), cannot reach a remote (every transport is disallowed and lazy fetching of a partial
/// clone is off), and runs nothing a repository's configuration or attributes name (fsmonitor, hooks,
/// pager, external diff, textconv, signature checking; pm-render reads blobs raw, so filters never run).
/// The system configuration is skipped; the user's global one is kept, since it may hold
/// `safe.directory`. Messages are in English (`LC_ALL=C`), so pm-render can recognise them.
public struct GitEnvironment: Sendable {
    /// How long pm-render waits for git's output (or exit) before it stops git and reports a timeout
    /// (`PM_RENDER_GIT_TIMEOUT`, in seconds). A command that keeps producing output is not stopped.
    public static let defaultTimeout = Duration.seconds(120)

    /// The git executable, an absolute path.
    public let executable: String
    /// How long pm-render waits for git's output (or exit) before it stops git.
    public let timeout: Duration
    /// The environment every git command gets.
    let variables: [String: String]

    /// Finds git on the PATH of `environment` and reads `PM_RENDER_GIT_TIMEOUT` there.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(GitError) {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":", omittingEmptySubsequences: false)
            .map { "\($0.isEmpty ? "." : $0)/git" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let found else { throw .gitNotFound }
        executable = found.hasPrefix("/") ? found : FileManager.default.currentDirectoryPath + "/" + found
        if let value = environment["PM_RENDER_GIT_TIMEOUT"] {
            guard let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds > 0, seconds < 1e9 else {
                throw .invalidTimeout(value)
            }
            timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        } else {
            timeout = Self.defaultTimeout
        }
        variables = Self.clean(environment)
    }

    /// The timeout in seconds, for messages.
    var timeoutSeconds: Double {
        let (seconds, attoseconds) = timeout.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A runner for `git ARGUMENTS` in `directory`.
    func runner(_ arguments: [String], in directory: String) -> ProcessRunner {
        ProcessRunner(
            executable: executable, arguments: Self.options + ["-C", directory] + arguments,
            environment: variables, timeout: timeout)
    }

    /// Options before every git command: configuration that would run a program is overridden (the
    /// command line wins over every configuration file).
    static let options: [String] =
        ["--no-pager", "--literal-pathspecs"]
        + [
            "core.fsmonitor=false", "core.hooksPath=/dev/null", "core.pager=cat", "core.askPass=",
            "credential.helper=", "diff.external=", "log.showSignature=false", "core.quotePath=false",
            "gc.auto=0", "maintenance.auto=false",
            // Nothing may be fetched, whatever a repository allows for itself.
            "protocol.allow=never", "protocol.file.allow=never", "protocol.git.allow=never",
            "protocol.ssh.allow=never", "protocol.http.allow=never", "protocol.https.allow=never",
            "protocol.ext.allow=never",
        ].flatMap { ["-c", $0] }

    /// Variables of the user's environment that git may keep: where the global configuration is, and
    /// settings given on purpose for every git command. Every other `GIT_*` variable is dropped (a hook
    /// that runs pm-render has `GIT_DIR` and `GIT_INDEX_FILE` set for another repository).
    static func keeps(_ name: String) -> Bool {
        guard name.hasPrefix("GIT_") else {
            return !["PAGER", "LESS", "LANGUAGE", "SSH_ASKPASS", "DISPLAY", "WAYLAND_DISPLAY"].contains(name)
                && !name.hasPrefix("LC_")
        }
        return ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_COUNT", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"]
            .contains(name) || name.hasPrefix("GIT_CONFIG_KEY_") || name.hasPrefix("GIT_CONFIG_VALUE_")
    }

    /// The user's environment, cleaned, with pm-render's settings.
    static func clean(_ environment: [String: String]) -> [String: String] {
        var variables = environment.filter { keeps($0.key) }
        variables["GIT_TERMINAL_PROMPT"] = "0"
        variables["GIT_CONFIG_NOSYSTEM"] = "1"
        variables["GIT_PAGER"] = "cat"
        variables["GIT_OPTIONAL_LOCKS"] = "0"
        variables["GIT_NO_LAZY_FETCH"] = "1"
        variables["LC_ALL"] = "C"
        return variables
    }
}
