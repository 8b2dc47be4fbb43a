import Foundation
import Testing

@testable import PMRender

/// Each `Fixtures/diagnostics/NAME.md` is checked as `pm-render check` checks it (parsed, then the board-wide checks:
/// WIP limits, repeated IDs, rules naming unknown lanes) and its printed diagnostics compared with
/// `Expected/diagnostics/NAME.txt`, pinning every message, and its severity, to its exact line and column.
@Suite("Diagnostics on fixture boards")
struct DiagnosticFixtureTests {
    static let names = TestSupport.files(in: TestSupport.fixtures.appending(path: "diagnostics"), withExtension: "md")

    @Test("fixture diagnostics match the expected file", arguments: names)
    func fixture(name: String) throws {
        let url = TestSupport.fixtures.appending(path: "diagnostics/\(name)")
        let bytes = [UInt8](try Data(contentsOf: url))
        let result = BoardFile.check(BoardParser.parse(bytes, file: name))
        let printed = DiagnosticPrinter.text(result.diagnostics)
        let golden = TestSupport.expected.appending(path: "diagnostics/\(name.dropLast(3)).txt")
        try TestSupport.assertGolden(printed, golden)
        #expect(!result.diagnostics.isEmpty, "a diagnostics fixture should produce diagnostics")
    }

    @Test(
        "control characters in printed text become visible escapes; other text, dashes and quotes included, stays",
        arguments: [
            ("plain – “quoted” … 완료\u{2027}\u{202F}\u{2065}", "plain – “quoted” … 완료\u{2027}\u{202F}\u{2065}"),
            ("red \u{1B}[31m", "red \\u{1B}[31m"), ("tab\tend", "tab\\u{9}end"), ("del\u{7F}", "del\\u{7F}"),
            ("c1 \u{85} \u{9F} \u{A0}", "c1 \\u{85} \\u{9F} \u{A0}"),
            ("ls\u{2028}ps\u{2029}", "ls\\u{2028}ps\\u{2029}"),
            ("bidi \u{202E}x\u{2066}", "bidi \\u{202E}x\\u{2066}"), ("two\nlines", "two\\u{A}lines"),
        ])
    func sanitized(text: String, expected: String) {
        #expect(DiagnosticPrinter.sanitized(text) == expected)
        // Reports keep their line feeds, and only those.
        #expect(DiagnosticPrinter.sanitizedKeepingNewlines(text + "\n") == expected + "\n" || text.contains("\n"))
        #expect(DiagnosticPrinter.sanitizedKeepingNewlines("a\nb\r\n\u{1B}") == "a\nb\\u{D}\n\\u{1B}")
    }

    @Test("JSON diagnostics about a whole file have null line and column, never left out")
    func jsonNulls() throws {
        let json = DiagnosticPrinter.render(
            [Diagnostic(.missingTemplate("page"), file: "templates", at: nil)], format: .json)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(objects.count == 1 && objects[0]["line"] is NSNull && objects[0]["column"] is NSNull)
    }

    @Test("there are diagnostic fixtures")
    func fixturesExist() {
        #expect(Self.names.count >= 8)
    }
}
