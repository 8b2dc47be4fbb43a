import Foundation
import Templating
import Testing
@testable import PMRender

/// Inputs built to break parsers (cmark's own pathological patterns, scaled up, and ours). Each must
/// finish without crashing, in bounded memory, in time linear in its size. The 10-second bound is a
/// hang guard generous enough for slow CI machines, not a speed target: the benchmark suite
/// (`Benchmarks/bench`) records the real figures.
@Suite("Pathological inputs", .serialized)
struct PathologicalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: @Sendable () -> String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "10,000-deep block quotes in a card") { "## TODO\n- [ ] deep\n\n  " + String(repeating: "> ", count: 10_000) + "q\n" },
        Case(name: "10,000-deep block quotes at top level") { "## TODO\n" + String(repeating: "> ", count: 10_000) + "q\n" },
        Case(name: "10,000-deep lists") { "## TODO\n- [ ] deep\n  " + String(repeating: "- ", count: 10_000) + "x\n" },
        Case(name: "100,000 unclosed [") { "## TODO\n- [ ] " + String(repeating: "[", count: 100_000) + "\n  " + String(repeating: "[a", count: 100_000) + "\n" },
        Case(name: "100,000 unclosed *") { "## TODO\n- [ ] " + String(repeating: "*", count: 100_000) + "\n  " + String(repeating: "*a ", count: 100_000) + "\n" },
        Case(name: "a 10 MB single line") { "## TODO\n- [ ] long " + String(repeating: "word ", count: 2_000_000) + "@{2026-12-01}\n" },
        Case(name: "a heading card with a 1 MB title") { "## TODO\n### " + String(repeating: "T", count: 1_000_000) + "\nDue: 2026-12-01\n" },
        Case(name: "100,000 tags") { "## TODO\n- [ ] many " + (0..<100_000).map { "#t\($0)x" }.joined(separator: " ") + "\n" },
        Case(name: "100,000 cards with the same title") { "## TODO\n" + String(repeating: "- [ ] Same\n", count: 100_000) },
        Case(name: "billion laughs in front matter") {
            var lines = ["---", "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
            var previous = "a"
            for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
                lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]")
                previous = name
            }
            lines += ["locale: *i", "transitions: *i", "wip: *i", "---", "## TODO", "- [ ] card"]
            return lines.joined(separator: "\n") + "\n"
        },
        Case(name: "10,000-deep YAML") { "---\nx: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n---\n## TODO\n" },
        Case(name: "10,000-deep YAML mappings") {
            "---\n" + (0..<10_000).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " v\n---\n"
        },
        Case(name: "100,000 sections") { String(repeating: "## TODO\n- [ ] x\n", count: 100_000) },
        Case(name: "100,000 unknown fields") { "## TODO\n### Card\n" + (0..<100_000).map { "Due: 2026-01-\($0 % 28 + 1)\n" }.joined() },
    ]

    @Test("finishes in bounded time and memory, with bounded output", arguments: cases)
    func pathological(_ testCase: Case) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = folder.appending(path: "board.md")
        try testCase.text().write(to: board, atomically: true, encoding: .utf8)
        let start = ContinuousClock.now
        // A 2 GB address-space limit: memory that runs away kills the process, which fails the test.
        let result = try TestSupport.run(["-c", "ulimit -v 2000000; exec \"$0\" \"$@\"", TestSupport.binary.path,
                                          board.path, "-o", folder.appending(path: "site").path, "--today", "2026-11-22"],
                                         executable: URL(fileURLWithPath: "/bin/bash"))
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 0 || result.status == 1, "exit \(result.status): \(result.stderr.suffix(300))")
        #expect(elapsed < .seconds(10), "took \(elapsed)")
        let lines = result.stderr.split(separator: "\n").count
        #expect(lines <= DiagnosticPrinter.limitPerFile * 3 + 2, "\(lines) lines of diagnostics")
        if result.status == 0 {
            #expect(FileManager.default.fileExists(atPath: folder.appending(path: "site/index.html").path))
        }
    }

    @Test("diagnostics are capped: the first 100 plus a count of the rest")
    func capped() {
        let result = TestSupport.parse("## TODO\n" + String(repeating: "- [ ] Same\n", count: 1_000))
        #expect(result.diagnostics.count == 999)
        let printed = DiagnosticPrinter.text(DiagnosticPrinter.capped(result.diagnostics))
        #expect(printed.hasSuffix("board.md: note: 899 more diagnostics not shown\n"))
        #expect(printed.split(separator: "\n").count == 201)
    }

    @Test("hostile templates are refused before they are parsed", arguments: [
        ("deep", String(repeating: "{{#columns}}", count: 100_000) + String(repeating: "{{/columns}}", count: 100_000), "error: sections are nested more than 64 deep here"),
        ("delimiters", "{{=<% %>=}}<%title%>", "error: changing delimiters"),
        ("dynamic", "{{>*title}}", "error: dynamic partial '{{>*title}}' is not supported"),
        ("self", "{{>page}}", "error: partials include each other in a cycle (page → page)"),
    ])
    func hostileTemplates(name: String, page: String, message: String) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try page.write(to: folder.appending(path: "page.mustache"), atomically: true, encoding: .utf8)
        try "{{title}}".write(to: folder.appending(path: "overdue.mustache"), atomically: true, encoding: .utf8)
        let (set, diagnostics) = PageTemplates.load(directory: folder.path)
        #expect(set == nil)
        #expect(DiagnosticPrinter.text(diagnostics).contains(message), "\(DiagnosticPrinter.text(diagnostics))")
    }
}
