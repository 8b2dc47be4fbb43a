import Foundation
import Templating
import Testing

@testable import PMRender

/// Inputs built to break parsers (cmark's own pathological patterns, scaled up, and ours). Each is a readable board,
/// so `pm-render BOARD.md` must publish it: exit 0, one summary line, a whole page, and the problems it expects as
/// warnings, capped and bounded in size, in a 2 GB address space. How fast is not tested here (the benchmark suite,
/// `Benchmarks/bench`, records the figures); the time limit only stops a run that hangs.
@Suite("Pathological inputs", .serialized)
struct PathologicalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Text every one of which must be printed (none: nothing is printed on stderr).
        let expected: [String]
        let text: @Sendable () -> String
        var testDescription: String { name }

        init(_ name: String, expecting expected: [String] = [], _ text: @escaping @Sendable () -> String) {
            self.name = name
            self.expected = expected
            self.text = text
        }
    }

    static let cases: [Case] = [
        Case("10,000-deep block quotes in a card") {
            "## TODO\n- [ ] deep\n\n  " + String(repeating: "> ", count: 10_000) + "q\n"
        },
        Case("10,000-deep block quotes at top level") { "## TODO\n" + String(repeating: "> ", count: 10_000) + "q\n" },
        Case("10,000-deep lists") { "## TODO\n- [ ] deep\n  " + String(repeating: "- ", count: 10_000) + "x\n" },
        Case("100,000 unclosed [", expecting: ["board.md:2:1: warning: card title is 100000 characters long"]) {
            "## TODO\n- [ ] " + String(repeating: "[", count: 100_000) + "\n  "
                + String(repeating: "[a", count: 100_000) + "\n"
        },
        Case("100,000 unclosed *", expecting: ["board.md:2:1: warning: card title is 100000 characters long"]) {
            "## TODO\n- [ ] " + String(repeating: "*", count: 100_000) + "\n  "
                + String(repeating: "*a ", count: 100_000) + "\n"
        },
        Case("a 10 MB single line", expecting: ["board.md:2:1: warning: card title is 10000004 characters long"]) {
            "## TODO\n- [ ] long " + String(repeating: "word ", count: 2_000_000) + "@{2026-12-01}\n"
        },
        Case(
            "a heading card with a 1 MB title",
            expecting: ["board.md:2:1: warning: card title is 1000000 characters long"]
        ) {
            "## TODO\n### " + String(repeating: "T", count: 1_000_000) + "\nDue: 2026-12-01\n"
        },
        Case("100,000 tags") {
            "## TODO\n- [ ] many " + (0..<100_000).map { "#t\($0)x" }.joined(separator: " ") + "\n"
        },
        Case("100,000 cards with the same title") { "## TODO\n" + String(repeating: "- [ ] Same\n", count: 100_000) },
        Case(
            "billion laughs in front matter",
            expecting: [
                "board.md:10:4: warning: front-matter key 'locale' must be a single value",
                "board.md:10:4: warning: invalid 'transitions' rule", "board.md:10:4: warning: invalid 'wip' rule",
            ]
        ) {
            var lines = ["---", "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
            var previous = "a"
            for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
                lines.append(
                    "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]")
                previous = name
            }
            lines += ["locale: *i", "transitions: *i", "wip: *i", "---", "## TODO", "- [ ] card"]
            return lines.joined(separator: "\n") + "\n"
        },
        Case("10,000-deep YAML", expecting: ["warning: invalid YAML in front matter"]) {
            "---\nx: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
                + "\n---\n## TODO\n"
        },
        Case("10,000-deep YAML mappings", expecting: ["warning: invalid YAML in front matter"]) {
            "---\n" + (0..<10_000).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
                + " v\n---\n"
        },
        Case("100,000 lanes") { String(repeating: "## TODO\n- [ ] x\n", count: 100_000) },
        // Names are compared without accents: a long one must not be decomposed whole, nor split into parts.
        Case("lane names of 1,000,000 accented letters and of 5,000 brackets") {
            "## " + String(repeating: "é", count: 1_000_000) + "\n- [ ] x\n## Lane "
                + String(repeating: "(x)", count: 5_000)
                + "\n- [ ] y\n"
        },
        Case("a Korean lane name of 100,000 characters") {
            "## 진행 중" + String(repeating: "일", count: 100_000) + "\n- [ ] x\n## "
                + String(repeating: "未", count: 100_000)
                + "\n"
        },
        Case(
            "20,000 lanes over their WIP limits",
            expecting: [
                "warning: lane 'Lane 0' has 2 cards, over its WIP limit of 1", "note: 19900 more diagnostics not shown",
            ]
        ) {
            (0..<20_000).map { "## Lane \($0) (1)\n- [ ] a\n- [ ] b\n" }.joined()
        },
        Case(
            "100,000 deadline fields",
            expecting: ["board.md:3:1: warning: '2026-13-1' is not a date", "more diagnostics not shown"]
        ) {
            "## TODO\n### Card\n" + (0..<100_000).map { "Due: 2026-13-\($0 % 28 + 1)\n" }.joined()
        },
        // A value quoted in a diagnostic is cut: a diagnostic stays one readable line.
        Case("a 1 MB deadline value", expecting: ["board.md:3:3: warning: '"]) {
            "## TODO\n- [ ] a\n  Due: " + String(repeating: "x", count: 1_000_000) + "\n"
        },
    ]

    @Test(
        "a readable board however hostile is published, in bounded memory, with bounded output",
        .timeLimit(.minutes(5)), arguments: cases)
    func pathological(_ testCase: Case) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try testCase.text().write(to: folder.appending(path: "board.md"), atomically: true, encoding: .utf8)
        // A 2 GB address-space limit: memory that runs away kills the process, which fails the test.
        let result = try TestSupport.run(
            [
                "-c", "ulimit -v 2000000; exec \"$0\" \"$@\"", TestSupport.binary.path, "board.md", "-o", "site",
                "--today", "2026-11-22",
            ],
            in: folder, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 0, "exit \(result.status): \(result.stderr.suffix(300))")
        let summary = result.stdout.split(separator: "\n")
        #expect(
            summary.count == 1 && summary.first?.contains(" → site/index.html in ") == true,
            "\(result.stdout.prefix(300))")
        let page = try Data(contentsOf: folder.appending(path: "site/index.html"))
        #expect(page.suffix(8) == Data("</html>\n".utf8), "the page is whole")

        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count <= DiagnosticPrinter.limitPerFile * 3 + 1, "\(lines.count) lines of diagnostics")
        #expect(result.stderr.utf8.count <= 64 * 1024, "\(result.stderr.utf8.count) bytes of diagnostics")
        let unexpected = lines.filter {
            !$0.hasPrefix("board.md:") || !($0.contains(": warning: ") || $0.contains(": note: "))
        }
        #expect(
            unexpected.isEmpty,
            "only warnings and notes about the board: \(unexpected.prefix(3).map { $0.prefix(200) })")
        for text in testCase.expected {
            #expect(result.stderr.contains(text), "\(text) in \(result.stderr.prefix(600))")
        }
        if testCase.expected.isEmpty {
            #expect(result.stderr.isEmpty, "\(result.stderr.prefix(600))")
        }
    }

    @Test("diagnostics are capped: the first 100 plus a count of the rest")
    func capped() {
        let result = TestSupport.parse("## TODO\n" + String(repeating: "- [ ] Bad date @{2026-02-30}\n", count: 1_000))
        #expect(result.diagnostics.count == 1_000)
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.code == "invalid-deadline" })
        let printed = DiagnosticPrinter.text(DiagnosticPrinter.capped(result.diagnostics))
        #expect(printed.hasPrefix("board.md:2:16: warning: '2026-02-30' is not a date"))
        #expect(printed.hasSuffix("board.md: note: 900 more diagnostics not shown\n"))
        #expect(printed.split(separator: "\n").count == 101)
    }

    @Test(
        "hostile templates are refused before they are parsed",
        arguments: [
            (
                "deep",
                String(repeating: "{{#lanes}}", count: 100_000) + String(repeating: "{{/lanes}}", count: 100_000),
                "error: sections are nested more than 64 deep here"
            ),
            (
                "delimiters", "{{=<% %>=}}<%{title}%>",
                "page.mustache:1:12: error: 'title' is text from the board and must be escaped"
            ),
            ("dynamic", "{{>*title}}", "page.mustache:1:1: error: '>*title' is not supported"),
            (
                "inheritance", "{{<page}}{{$title}}x{{/title}}{{/page}}",
                "page.mustache:1:1: error: '<page' is not supported"
            ),
            ("self", "{{>page}}", "error: partials include each other in a cycle outside any section (page → page)"),
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
