import Foundation
import Templating
import Testing

/// Where templates come from: pm-render's built-in `Templates/` folder, and a user's folder.
@Suite("Template sources")
struct TemplateSourceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let builtIn = repository.appending(path: "Templates")

    static let builtInNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: builtIn.path)) ?? []
        return names.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }.sorted()
    }()

    @Test("each built-in template parses", arguments: builtInNames)
    func builtInParses(_ name: String) throws {
        let text = try String(contentsOf: Self.builtIn.appending(path: "\(name).mustache"), encoding: .utf8)
        _ = try Template(parsing: text)
    }

    @Test("the built-in templates link: every partial they include is there, no cycle")
    func builtInLinks() throws {
        #expect(Self.builtInNames.contains("page") && Self.builtInNames.contains("overdue"))
        let (sources, issues) = TemplateSource.load(folder: Self.builtIn.path)
        #expect(issues.isEmpty)
        #expect(sources.map(\.name) == Self.builtInNames)
        let set = try TemplateSet(sources)
        #expect(set.names == Self.builtInNames)
    }

    @Test("a folder: subfolders named sub/name, links followed, other files and FIFOs ignored, bad files reported")
    func folder() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "templating-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appending(path: "sub/deeper"), withIntermediateDirectories: true)
        try Data("page {{>sub/part}}".utf8).write(to: folder.appending(path: "page.mustache"))
        try Data("part {{>sub/deeper/leaf}}".utf8).write(to: folder.appending(path: "sub/part.mustache"))
        try Data("leaf".utf8).write(to: folder.appending(path: "sub/deeper/leaf.mustache"))
        try Data("not a template".utf8).write(to: folder.appending(path: "notes.txt"))
        try Data([0x66, 0xFF, 0x0A]).write(to: folder.appending(path: "latin1.mustache"))
        // A FIFO (which nothing writes: opening it would wait) and a link to a file.
        #expect(mkfifo(folder.appending(path: "unused.mustache").path, 0o600) == 0)
        #expect(symlink("page.mustache", folder.appending(path: "alias.mustache").path) == 0)
        let (sources, issues) = TemplateSource.load(folder: folder.path + "/")
        #expect(sources.map(\.name) == ["alias", "page", "sub/deeper/leaf", "sub/part"])
        #expect(sources[1].path == folder.path + "/page.mustache")
        #expect(
            issues == [TemplateIssue(.notUTF8, template: "latin1", path: folder.path + "/latin1.mustache", at: nil)])
        let set = try TemplateSet(sources)
        #expect(try set.render("page", .null) == Array("page part leaf".utf8))
    }

    @Test("a folder that is not there is an issue with its errno")
    func missingFolder() {
        let (sources, issues) = TemplateSource.load(folder: "/nonexistent/templates")
        #expect(sources.isEmpty)
        #expect(
            issues == [TemplateIssue(.unreadable(errno: ENOENT), template: "", path: "/nonexistent/templates", at: nil)]
        )
    }
}
