import Foundation
import Templating

/// Runs every stage of pm-render on arbitrary bytes, in memory, and checks what must hold for any input: used by the
/// libFuzzer target (`Fuzz/run`, which stops at the first violation) and by the tests that replay
/// `Fuzz/regressions/`. Nothing is written to disk.
public enum FuzzHarness {
    /// What one run did, and what did not hold.
    public struct Outcome: Sendable {
        public var cards = 0
        public var diagnostics = 0
        public var files: [String] = []
        /// Broken promises, in words; empty when everything held.
        public var violations: [String] = []
    }

    static let templates = PageTemplates.builtIn()
    static let clock = DeadlineClock(today: CalendarDate(year: 2026, month: 11, day: 22)!)
    static let previousBytes = Array("## TODO\n- [ ] Alpha\n## DONE\n- [x] Beta\n".utf8)
    /// How many `<script` the built-in page has of its own.
    static let pageScripts: Int = {
        let board = BoardParser.parse(Array("## TODO\n- [ ] a\n".utf8), file: "empty.md").board
        let page = PageBuilder(board: board, clock: clock).page()
        return count("<script", in: try! templates.render(page, template: "page"))  // the built-in page ends
    }()

    public static func run(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome()
        func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { outcome.violations.append(message()) }
        }
        let result = BoardFile.check(BoardParser.parse(bytes, file: "fuzz.md"))
        outcome.cards = result.board.cardCount
        outcome.diagnostics = result.diagnostics.count

        // The history's reader reads any version as a whole parse does, after any previous version.
        var reader = VersionReader()
        _ = reader.read(previousBytes, file: "fuzz.md")
        let incremental = reader.read(bytes, file: "fuzz.md")
        let whole = BoardParser.parse(bytes, file: "fuzz.md")
        check(incremental.board == whole.board, "the version reader read a different board")
        check(incremental.diagnostics == whole.diagnostics, "the version reader found different problems")

        // A body parsed in chunks has the pieces of a whole parse, wherever the cuts fall.
        if let (source, frontMatter, _) = BoardParser.prepare(bytes, file: "fuzz.md") {
            let pieces = BoardParser.body(source, from: frontMatter.bodyStartLine)
            for chunks in 2...3 {
                let chunked = ChunkedParse.bodyInOrder(source, from: frontMatter.bodyStartLine, chunks: chunks)
                check(chunked == pieces, "parsed in \(chunks) chunks, the body has other pieces")
            }
        }

        // Machine-readable outputs are valid JSON.
        for json in [
            BoardJSON.encode(result.board), DiagnosticPrinter.render(result.diagnostics, format: .json),
            DiagnosticPrinter.render(result.diagnostics, format: .sarif),
        ] {
            check((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "an output is not valid JSON")
        }
        // Every text diagnostic line is FILE[:LINE:COL]: severity: message, one per line.
        for line in DiagnosticPrinter.render(result.diagnostics, format: .text).split(separator: "\n") {
            check(line.hasPrefix("fuzz.md"), "a diagnostic line does not start with the file: \(line.prefix(80))")
        }

        let comparison = BoardComparison.run(current: result, previous: previousBytes, previousName: "old.md")
        for change in comparison.changes { _ = ChangeReport.sentence(change, locale: result.board.locale) }
        let report = OverdueReport(boards: [result.board], clock: clock, within: 3)
        _ = report.text() + report.markdown() + report.json()

        let options = RenderOptions(
            clock: clock, templates: templates, baseURL: "https://example.com/", problems: result.diagnostics)
        let (site, _) = SiteRenderer.render(result.board, options: options)
        for file in site?.files ?? [] {
            outcome.files.append(file.path)
            guard let contents = try? file.contents else {
                check(false, "\(file.path) stopped rendering")
                continue
            }
            if file.path.hasSuffix(".html") {
                check(String(decoding: contents.suffix(8), as: UTF8.self) == "</html>\n", "\(file.path) is not whole")
            }
            if file.path == "index.html" {
                check(count("<script", in: contents) == pageScripts, "board text added a script element")
            }
            if file.path.hasSuffix(".ics") {
                for line in String(decoding: contents, as: UTF8.self).components(separatedBy: "\r\n") {
                    check(line.utf8.count <= 75, "a calendar line is longer than 75 octets")
                }
            }
        }
        return outcome
    }

    static func count(_ needle: String, in bytes: [UInt8]) -> Int {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return 0 }
        var found = 0
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], Array(bytes[index..<(index + pattern.count)]) == pattern {
                found += 1
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }
}
