import Foundation
import Testing

@testable import PMRender

/// `pm-render show` end to end, and the width table it measures with.
@Suite struct ShowCommandTests {
    static let escape = "\u{1B}["

    func show(_ fixture: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> TestSupport.RunResult
    {
        try TestSupport.run(
            ["show", TestSupport.fixtures.appending(path: "editing/\(fixture)").path, "--today", "2026-11-22"]
                + arguments, environment: environment)
    }

    /// Reviewed renderings (re-record with PM_RENDER_RECORD=1 after reviewing a change).
    @Test(arguments: [
        ("korean.md", ["--width", "72"], "korean-72.txt"),
        ("korean.md", ["--width", "40"], "korean-40-stacked.txt"),
        ("obsidian.md", ["--width", "100"], "obsidian-100.txt"),
        ("headings.md", ["--width", "90", "--lane", "in progress"], "headings-lane.txt"),
        ("korean.md", ["--width", "72", "--color", "always"], "korean-72-color.txt"),
    ])
    func rendersTheBoard(_ fixture: String, _ arguments: [String], _ golden: String) throws {
        let result = try show(fixture, arguments)
        #expect(result.status == 0, "\(result.stderr)")
        try TestSupport.assertGolden(result.stdout, TestSupport.expected.appending(path: "show/\(golden)"))
    }

    @Test(arguments: [40, 60, 72, 100, 140])
    func everyLineFitsAndTheColumnsLineUp(_ width: Int) throws {
        let result = try show("korean.md", ["--width", String(width)])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines { #expect(TerminalWidth.width(line) <= width, "\(line)") }
        // Side by side: the separators of every row are at the same columns.
        let rows = lines.filter { $0.contains("│") }
        let columns = rows.map { row -> [Int] in
            var offsets: [Int] = []
            var column = 0
            for character in row {
                if character == "│" { offsets.append(column) }
                column += TerminalWidth.width(of: character)
            }
            return offsets
        }
        #expect(Set(columns).count <= 1, "\(columns)")
        #expect(rows.isEmpty == (width < 3 * TerminalBoard.minimumColumn + 6), "width \(width)")
    }

    @Test func overdueIsRedAndDueSoonYellowWithColour() throws {
        let result = try show("korean.md", ["--width", "120", "--color", "always"])
        #expect(result.stdout.contains("\(Self.escape)31m2026년\(Self.escape)0m"))  // overdue: Nov 20
        #expect(result.stdout.contains("\(Self.escape)33m2026년\(Self.escape)0m"))  // due soon: Nov 24
    }

    @Test(arguments: [
        (["--color", "auto"], [String: String]()),  // standard output is a pipe here
        (["--color", "auto"], ["NO_COLOR": "1"]),
        (["--color", "never"], [:]),
    ])
    func noColourWhenNotATerminalOrWithNoColor(_ arguments: [String], _ environment: [String: String]) throws {
        let result = try show("korean.md", ["--width", "80"] + arguments, environment: environment)
        #expect(result.status == 0)
        #expect(!result.stdout.contains(Self.escape))
        #expect(result.stdout.contains("2026년 11월 20일"))
    }

    @Test func anUnknownLaneIsAUsageError() throws {
        let result = try show("obsidian.md", ["--lane", "Review"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the board has no lane 'Review'"))
    }

    @Test func controlCharactersFromTheBoardNeverReachTheTerminal() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("## TODO\n\n- [ ] Evil \u{1B}]0;title\u{07} card \u{1B}[2J\n".utf8).write(
            to: folder.appending(path: "b.md"))
        let result = try TestSupport.run(["show", "b.md", "--color", "never"], in: folder)
        #expect(result.status == 0)
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.stdout.contains("\\u{1B}"))
    }

    // MARK: - Widths

    @Test(arguments: [
        ("abc", 3), ("한국어", 6), ("앱스토어 설명", 13), ("🚀", 2), ("🎨 교체", 7), ("✅", 2), ("e\u{301}", 1),
        ("🇰🇷", 2), ("👩‍💻", 2), ("⏱️", 2), ("ｱ", 1), ("Ａ", 2), ("中文", 4), ("\u{200B}", 0), ("ᄒ\u{1161}\u{11AB}", 2),
        ("→", 1), ("☑", 1),
    ])
    func terminalWidths(_ text: String, _ columns: Int) {
        #expect(TerminalWidth.width(text) == columns)
    }

    @Test func theWideTableIsSortedAndDisjoint() {
        let ranges = TerminalWidth.wideRanges
        for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
        #expect(TerminalWidth.isWide(0xAC00))  // 가
        #expect(TerminalWidth.isWide(0x1F680))  // 🚀
        #expect(!TerminalWidth.isWide(0x00E9))  // é
        #expect(TerminalWidth.isWide(0x2FFFD))  // plane 2, unassigned: wide by default
    }
}
