import Foundation
import Testing

/// A copy of an editing fixture in a temporary folder (removed with the value), and the built binary run on it.
final class Scratch: Sendable {
    let folder: URL
    let name: String

    init(_ fixture: String) throws {
        folder = try TestSupport.temporaryFolder()
        name = fixture
        try FileManager.default.copyItem(
            at: TestSupport.fixtures.appending(path: "editing/\(fixture)"), to: folder.appending(path: fixture))
    }

    /// A board of `text` named `b.md`, with no fixture behind it (`original` is empty).
    init(text: String) throws {
        folder = try TestSupport.temporaryFolder()
        name = "b.md"
        try Data(text.utf8).write(to: folder.appending(path: name))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    var url: URL { folder.appending(path: name) }

    /// The board's text now.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: url))) ?? [] }

    var original: [UInt8] {
        (try? [UInt8](Data(contentsOf: TestSupport.fixtures.appending(path: "editing/\(name)")))) ?? []
    }

    /// Runs `pm-render COMMAND BOARD ARGUMENTS…` in the scratch folder.
    @discardableResult
    func run(_ command: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws
        -> TestSupport.RunResult
    {
        try TestSupport.run([command, name] + arguments, in: folder, environment: environment)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Which lines an edit removed and added: a longest-common-subsequence diff of two files' lines, each line with its
/// terminator. When `removed` and `added` are exactly the card's lines, every other byte is the same.
struct LineChanges: Equatable, CustomStringConvertible {
    var removed: [String]
    var added: [String]

    init(removed: [String], added: [String]) {
        self.removed = removed
        self.added = added
    }

    init(_ old: [UInt8], _ new: [UInt8]) {
        let a = LineChanges.lines(old)
        let b = LineChanges.lines(new)
        // lengths[i][j]: LCS of a[i...] and b[j...]
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var removed: [String] = []
        var added: [String] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                i += 1
                j += 1
            } else if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                added.append(b[j])
                j += 1
            } else {
                removed.append(a[i])
                i += 1
            }
        }
        self.removed = removed
        self.added = added
    }

    /// Lines with their terminators (`\n`, `\r\n`), as text; a BOM stays on the first line.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(String(decoding: bytes[start...index], as: UTF8.self))
            start = index + 1
        }
        if start < bytes.count { lines.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return lines
    }

    /// The removed and added lines without blank ones.
    var nonBlank: LineChanges {
        let keep = { (line: String) in !line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" } }
        return LineChanges(removed: removed.filter(keep), added: added.filter(keep))
    }

    var description: String { "removed \(removed), added \(added)" }
}
