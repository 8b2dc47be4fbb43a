import Foundation

/// A unified diff (`diff -u`) between two versions of a board file, for `--dry-run`.
enum UnifiedDiff {
    /// The diff of `old` and `new` named `path`, with `context` lines around each change; empty when they are equal.
    /// Lines are compared with their terminators; control characters from the board (escape sequences) are shown
    /// as `\u{…}`, never sent to the terminal.
    static func text(old: EditableText, new: EditableText, path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = old.lines
        let b = new.lines
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var changes =
            LineDiff.hunks(middleA.map(hash), middleB.map(hash)) { middleA[$0] == middleB[$1] }
            ?? [LineDiff.Hunk(old: 1..<(middleA.count + 1), new: 1..<(middleB.count + 1))]
        changes = changes.map {
            LineDiff.Hunk(
                old: ($0.old.lowerBound + prefix)..<($0.old.upperBound + prefix),
                new: ($0.new.lowerBound + prefix)..<($0.new.upperBound + prefix))
        }

        // Group changes whose context would touch.
        var groups: [[LineDiff.Hunk]] = []
        for change in changes {
            if let last = groups.last?.last, change.old.lowerBound - last.old.upperBound <= 2 * context {
                groups[groups.count - 1].append(change)
            } else {
                groups.append([change])
            }
        }
        // A byte-order mark is the first line's, as `git apply` and `patch` compare it.
        let oldBOM = String(decoding: old.bom, as: UTF8.self)
        let newBOM = String(decoding: new.bom, as: UTF8.self)
        var out = header(path)
        for group in groups {
            let first = group.first!
            let last = group.last!
            let oldStart = max(1, first.old.lowerBound - context)
            let oldEnd = min(a.count + 1, last.old.upperBound + context)
            let newStart = max(1, first.new.lowerBound - (first.old.lowerBound - oldStart))
            let newEnd = last.new.upperBound + (oldEnd - last.old.upperBound)
            out += "@@ -\(range(oldStart, oldEnd - oldStart)) +\(range(newStart, newEnd - newStart)) @@\n"
            var oldLine = oldStart
            for change in group {
                while oldLine < change.old.lowerBound {
                    out += line(" ", a[oldLine - 1], isLast: oldLine == a.count, bom: oldLine == 1 ? oldBOM : "")
                    oldLine += 1
                }
                for number in change.old {
                    out += line("-", a[number - 1], isLast: number == a.count, bom: number == 1 ? oldBOM : "")
                }
                for number in change.new {
                    out += line("+", b[number - 1], isLast: number == b.count, bom: number == 1 ? newBOM : "")
                }
                oldLine = change.old.upperBound
            }
            while oldLine < oldEnd {
                out += line(" ", a[oldLine - 1], isLast: oldLine == a.count, bom: oldLine == 1 ? oldBOM : "")
                oldLine += 1
            }
        }
        return out
    }

    /// The diff's two header lines, naming the file as `git apply` and `patch -p1` take it: inside a git
    /// repository, from the repository's top (where `git apply` starts from, wherever it runs); elsewhere, a relative
    /// path as given, and an absolute one as `diff -u` names it (no `a/` and `b/`, which would make it relative).
    static func header(_ path: String) -> String {
        if let fromTop = pathInRepository(path) {
            let shown = sanitized(fromTop)
            return "--- a/\(shown)\n+++ b/\(shown)\n"
        }
        let shown = sanitized(path)
        return path.hasPrefix("/") ? "--- \(shown)\n+++ \(shown)\n" : "--- a/\(shown)\n+++ b/\(shown)\n"
    }

    /// `path` from the top of the git repository that holds it (the nearest folder above it with a `.git`), or nil
    /// outside one.
    static func pathInRepository(_ path: String) -> String? {
        let file = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        var folder = file.deletingLastPathComponent()
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
                let top = folder.pathComponents
                return file.pathComponents.dropFirst(top.count).joined(separator: "/")
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // `diff -u` names an empty range by the line before it.
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    private static func line(_ marker: String, _ line: EditableText.Line, isLast: Bool, bom: String) -> String {
        // A CR LF line keeps its CR, as `diff -u` writes it, so that `git apply` and `patch` give the same bytes.
        var text = marker + bom + sanitized(line.text) + (line.terminator == [0x0D, 0x0A] ? "\r\n" : "\n")
        if line.terminator.isEmpty, isLast { text += "\\ No newline at end of file\n" }
        return text
    }

    private static func hash(_ line: EditableText.Line) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in line.content + line.terminator { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// Control characters other than tab made visible (`\u{1B}`).
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\t" && isControl($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar != "\t", isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
