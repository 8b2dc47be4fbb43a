import Foundation
import Testing

@testable import PMRender

/// Paths and helpers shared by the tests.
enum TestSupport {
    /// The package's root folder.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let testsFolder = packageRoot.appending(path: "Tests/PMRenderTests")
    static let fixtures = testsFolder.appending(path: "Fixtures")
    static let expected = testsFolder.appending(path: "Expected")
    static let examples = packageRoot.appending(path: "examples")

    /// Set `PM_RENDER_RECORD=1` to rewrite golden files from the current output instead of comparing.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["PM_RENDER_RECORD"] == "1" }

    /// Names of the files in a folder with the given extension, sorted.
    static func files(in folder: URL, withExtension ext: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted()
    }

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// Compares `actual` with the golden file, or records it when `PM_RENDER_RECORD=1`.
    static func assertGolden(_ actual: String, _ golden: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        if isRecording {
            try FileManager.default.createDirectory(
                at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
            Issue.record(
                "missing golden file \(golden.path); run PM_RENDER_RECORD=1 swift test to record it",
                sourceLocation: sourceLocation)
            return
        }
        let expected = try read(golden)
        if actual != expected {
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference =
                zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(actualLines.count, expectedLines.count)
            let line = firstDifference + 1
            let got = firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "<end>"
            let want = firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "<end>"
            Issue.record(
                """
                output differs from \(golden.lastPathComponent) at line \(line):
                  expected: \(want)
                  actual:   \(got)
                (re-record with PM_RENDER_RECORD=1 swift test after reviewing the change)
                """, sourceLocation: sourceLocation)
        }
    }

    /// Parses and checks Markdown text as a board named `board.md`.
    static func parse(_ text: String, file: String = "board.md") -> ParseResult {
        BoardFile.check(BoardParser.parse(Array(text.utf8), file: file))
    }

    /// The built `pm-render` executable, next to the test bundle.
    static var binary: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appending(path: "pm-render")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appending(path: ".build/debug/pm-render")
    }

    struct RunResult {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the built binary with arguments, in `directory`, with extra environment variables.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        executable: URL? = nil
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a large output cannot deadlock the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.wait()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "pm-render-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension TestSupport {
    /// Where two byte strings first differ (nil when they are equal): for large outputs, whose
    /// values an expectation would print whole.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]?) -> String? {
        guard let b else { return "nil" }
        guard a != b else { return nil }
        let offset = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        return
            "byte \(offset) of \(a.count) / \(b.count): \(String(decoding: a[offset...].prefix(60), as: UTF8.self)) | \(String(decoding: b[offset...].prefix(60), as: UTF8.self))"
    }
}
