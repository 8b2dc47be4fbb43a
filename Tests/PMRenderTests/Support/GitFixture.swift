import Foundation

/// A real temporary git repository with scripted commits (fixed author and dates).
final class GitFixture {
    let root: URL
    private var commitCount = 0

    init() throws {
        root = try TestSupport.temporaryFolder()
        try git("init", "-q", "-b", "main")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, bytes: Array(text.utf8))
    }

    func write(_ path: String, bytes: [UInt8]) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Runs git in the repository with `input` on standard input; returns its status and standard output
    /// (standard error is dropped). Unlike `git(_:)`, a failure is returned, not thrown.
    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["HOME"] = root.path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let inputPipe = Pipe()
        let out = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        inputPipe.fileHandleForWriting.write(Data(input.utf8))
        try inputPipe.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Writes the files and commits them; dates advance one day per commit from 2026-11-01.
    @discardableResult
    func commit(_ message: String, files: [String: String] = [:], author: String = "Minji Kim") throws -> String {
        for (path, text) in files { try write(path, text) }
        commitCount += 1
        let date = String(format: "2026-11-%02dT10:00:00+09:00", min(commitCount, 28))
        try git("add", "-A")
        try git(
            "commit", "-q", "--allow-empty", "-m", message,
            environment: [
                "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": "team@example.com",
                "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": "team@example.com",
                "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
            ])
        return try git("rev-parse", "--short", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult
    func git(_ arguments: String..., environment: [String: String] = [:]) throws -> String {
        let (status, output) = try run(arguments, environment: environment)
        guard status == 0 else {
            throw NSError(
                domain: "git", code: Int(status),
                userInfo: [NSLocalizedDescriptionKey: "git \(arguments) failed"])
        }
        return output
    }
}
