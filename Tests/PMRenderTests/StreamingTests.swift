import Foundation
import Templating
import Testing

@testable import PMRender

/// Pages and feeds are written a piece at a time as they render; what lands on disk is exactly what
/// renders in memory.
@Suite("Streaming output")
struct StreamingTests {
    /// A board whose page and calendar feed are each several pieces long.
    static func largeBoard(cards: Int) -> String {
        var text = "---\ntitle: Large board\ntimezone: Asia/Seoul\n---\n\n## TODO\n\n"
        let paragraph = String(
            repeating: "Follow up with **the owner** about the [spec](https://example.com/spec) and `the module`; ",
            count: 6)
        for index in 1...cards {
            func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
            text +=
                "- [ ] Card \(index) <for> the \"report\" @{2026-\(twoDigits(index % 12 + 1))-\(twoDigits(index % 28 + 1))} #team\(index % 7)\n"
            text += "  \(paragraph)\n\n  - check item \(index)\n  - update the docs\n\n"
        }
        return text
    }

    @Test("a site written to disk holds exactly the bytes rendered in memory, each file in several pieces")
    func writtenEqualsRendered() async throws {
        let parsed = BoardParser.parse(Array(Self.largeBoard(cards: 4_000).utf8), file: "large.md")
        #expect(parsed.diagnostics.count == 0)
        let templates = PageTemplates.builtIn()
        let (site, diagnostics) = SiteRenderer.render(
            parsed.board, options: RenderOptions(clock: DeadlineClock(today: RenderTests.today), templates: templates))
        #expect(diagnostics.isEmpty)
        let rendered = try #require(site)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appending(path: "site")
        try await SiteWriter.write(rendered, to: output.path)

        for file in rendered.files {
            let written = try Data(contentsOf: output.appending(path: file.path))
            #expect(try TestSupport.firstDifference(Array(written), file.contents) == nil, "\(file.path)")
        }
        let page = try #require(rendered.file("index.html")).contents
        let feed = try #require(rendered.file("board.ics")).contents
        #expect(page.count > 3 * ByteSink.pieceSize, "the page spans several pieces")
        #expect(feed.count > ByteSink.pieceSize, "the feed spans more than one piece")
        // The page is whole: it ends as the template does, and holds the last card, once (the detail view reuses it).
        #expect(String(decoding: page.suffix(20), as: UTF8.self).hasSuffix("</html>\n"))
        // (`<for>` names no HTML element, so it is text, escaped on the page, and in the ID's slug.)
        let html = String(decoding: page, as: UTF8.self)
        #expect(html.components(separatedBy: "id=\"card-card-4000-for-the-report\"").count == 2)
        #expect(html.contains("Card 4000 &lt;for&gt; the"))
        #expect(String(decoding: feed.suffix(15), as: UTF8.self) == "END:VCALENDAR\r\n")
    }

    @Test("a file sink writes in pieces, and keeps the first failure instead of the bytes after it")
    func fileSink() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "out").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        let sink = ByteSink(descriptor: descriptor)
        var piece = [UInt8](repeating: UInt8(ascii: "a"), count: ByteSink.pieceSize - 1)
        sink.take(&piece)
        #expect(piece.isEmpty && sink.bytes.count == ByteSink.pieceSize - 1, "below a piece, nothing is written yet")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        sink.append([UInt8(ascii: "b"), UInt8(ascii: "c")])
        #expect(sink.bytes.isEmpty, "a whole piece is written at once")
        sink.append(Array("tail".utf8))
        sink.flush()
        close(descriptor)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written.count == ByteSink.pieceSize + 5 && written.suffix(6) == Data("bctail".utf8))
        #expect(sink.failure == 0)

        let readOnly = open(path, O_RDONLY)
        defer { close(readOnly) }
        let failing = ByteSink(descriptor: readOnly)
        failing.append(Array("x".utf8))
        failing.flush()
        #expect(failing.failure == EBADF)
        failing.append(Array("more".utf8))
        failing.flush()
        #expect(failing.failure == EBADF && failing.bytes.isEmpty)

        let memory = ByteSink()
        var big = [UInt8](repeating: 1, count: 2 * ByteSink.pieceSize)
        memory.take(&big)
        memory.append([2])
        #expect(!memory.isStreaming && memory.bytes.count == 2 * ByteSink.pieceSize + 1 && memory.bytes.last == 2)
    }
}
