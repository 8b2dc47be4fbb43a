import Foundation
import Testing

@testable import PMRenderCLI

/// The preview server's pure parts: request targets, types, script hashes; and what `--watch` listens
/// to. (The server itself is tested end to end in Tests/integration/test_faults.py.)
@Suite("Preview server and watch plan")
struct PreviewServerTests {
    @Test(
        "request targets are decoded once, per segment",
        arguments: [
            ("/", [], true), ("/index.html", ["index.html"], false), ("/sub/", ["sub"], true),
            ("/a%20b.html?x=1#top", ["a b.html"], false), ("/%252e%252e/x", ["%2e%2e", "x"], false),
            ("/caf%C3%A9.html", ["café.html"], false),
        ] as [(String, [String], Bool)])
    func accepted(uri: String, segments: [String], isFolder: Bool) {
        #expect(RequestTarget.parse(uri) == .success(RequestTarget(segments: segments, isFolder: isFolder)))
    }

    @Test(
        "malformed targets are refused (400)",
        arguments: [
            "", "*", "index.html", "http://127.0.0.1/index.html", "//etc/passwd", "/a//b", "/..%2fetc",
            "/%2e%2e%2f%2e%2e%2fetc", "/..%5cetc", "/a\\b", "/index.html%00.txt", "/%", "/%zz", "/%c0%ae%c0%ae",
            "/%0a", "/%7f",
        ])
    func malformed(uri: String) {
        #expect(RequestTarget.parse(uri) == .failure(.malformed))
    }

    @Test(
        "dot segments and hidden names are refused (404) before any lookup",
        arguments: [
            "/..", "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/./index.html", "/sub/../x", "/.pm-render-site",
            "/%2epm-render-site", "/.git/config", "/sub/.hidden",
        ])
    func hidden(uri: String) {
        #expect(RequestTarget.parse(uri) == .failure(.hidden))
    }

    @Test("a redirect's location is encoded again and can only point to this server")
    func location() {
        #expect(RequestTarget(segments: ["a b", "ü"], isFolder: true).location == "/a%20b/%C3%BC/")
        #expect(RequestTarget(segments: [], isFolder: true).location == "/")
        #expect(RequestTarget(segments: ["evil.com"], isFolder: true).location == "/evil.com/")
    }

    @Test("every inline script gets the nonce, in any case; external scripts and look-alike tags do not")
    func scriptNonce() {
        let page = Array(
            ("<html><SCRIPT>one()</SCRIPT><script src=\"x.js\"></script><scripts></scripts>"
                + "<script type=\"module\">\ntwo()\n</script></html>").utf8)
        let served = String(decoding: PreviewResponder.addingNonce("N0nce", to: page), as: UTF8.self)
        #expect(
            served
                == "<html><SCRIPT nonce=\"N0nce\">one()</SCRIPT><script src=\"x.js\"></script><scripts></scripts>"
                + "<script nonce=\"N0nce\" type=\"module\">\ntwo()\n</script></html>")
    }

    @Test("each served page has a fresh nonce, and the policy allows only it")
    func nonceInPolicy() {
        let first = PreviewResponder.makeNonce()
        let second = PreviewResponder.makeNonce()
        #expect(first != second)
        #expect(Data(base64Encoded: first)?.count == 16)
        let policy = PreviewResponse.safetyHeaders(scriptNonce: first).first { $0.0 == "Content-Security-Policy" }?.1
        #expect(policy?.contains("script-src 'nonce-\(first)';") == true)
        let none = PreviewResponse.safetyHeaders(scriptNonce: nil).first { $0.0 == "Content-Security-Policy" }?.1
        #expect(none?.contains("script-src 'none';") == true)
    }

    @Test(
        "each kind of file gets its type",
        arguments: [
            ("a.html", "text/html; charset=utf-8"), ("b.ics", "text/calendar; charset=utf-8"),
            ("c.json", "application/json"),
            ("d.svg", "image/svg+xml"), ("e.PNG", "image/png"), ("f.jpeg", "image/jpeg"), ("g.webp", "image/webp"),
            ("h.css", "text/css; charset=utf-8"), ("i.js", "text/javascript; charset=utf-8"),
            ("j.txt", "text/plain; charset=utf-8"), ("k", "application/octet-stream"),
        ] as [(String, String)])
    func contentTypes(name: String, type: String) {
        #expect(PreviewResponder.contentType(of: "/site/" + name) == type)
    }

    @Test("only GET and HEAD are answered; 405 says which are allowed")
    func methods() {
        let responder = PreviewResponder(folder: "/nonexistent", port: 8000)
        let response = responder.respond(method: .POST, uri: "/index.html", host: "127.0.0.1:8000", version: 1)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == ["GET, HEAD"])
        #expect(
            responder.respond(method: .GET, uri: "/__pm-render/version", host: "localhost:8000", version: 7).body
                == Array("7".utf8))
        #expect(
            response.headers["Cache-Control"] == ["no-store"]
                && response.headers["X-Content-Type-Options"] == ["nosniff"])
    }

    @Test(
        "only requests for this machine's name are answered: another name pointed at 127.0.0.1 is refused (421)",
        arguments: [
            ("127.0.0.1:8000", true), ("LOCALHOST:8000", true), (nil, true), ("localhost", false),
            ("127.0.0.1:8001", false), ("attacker.example:8000", false), ("127.0.0.1.nip.io:8000", false),
            ("localhost:8000.evil", false), ("", false),
        ] as [(String?, Bool)])
    func hosts(host: String?, answered: Bool) {
        let responder = PreviewResponder(folder: "/nonexistent", port: 8000)
        let response = responder.respond(method: .GET, uri: "/__pm-render/version", host: host, version: 3)
        #expect((response.status == .ok) == answered)
        if !answered { #expect(response.status == .misdirectedRequest) }
        #expect(PreviewResponder(folder: "/x", port: 80).acceptsHost("localhost"))
    }

    @Test("the watch plan: a board's name in its folder, boards and templates in trees, never the output folder")
    func watchPlan() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["boards/team", "boards/.git", "boards/node_modules", "templates/partials", "site"] {
            try FileManager.default.createDirectory(at: folder.appending(path: path), withIntermediateDirectories: true)
        }
        let root = URL(fileURLWithPath: folder.path).standardizedFileURL.path
        let plan = WatchPlan(
            boards: [root + "/board.md", root + "/boards"], templates: root + "/templates", output: root + "/site")
        #expect(
            Set(plan.folders.map(\.path))
                == [root, root + "/boards", root + "/boards/team", root + "/templates", root + "/templates/partials"])
        #expect(plan.matters(name: "board.md", in: root, isFolder: false))
        #expect(!plan.matters(name: "other.md", in: root, isFolder: false), "only the board itself, in its folder")
        #expect(!plan.matters(name: "site", in: root, isFolder: true), "writing the site is never a change")
        #expect(!plan.matters(name: ".site.tmp-1-2", in: root, isFolder: true))
        #expect(plan.matters(name: "boards", in: root, isFolder: true), "the folder of boards, deleted or created")
        #expect(plan.matters(name: "q3.md", in: root + "/boards/team", isFolder: false))
        #expect(plan.matters(name: "new-team", in: root + "/boards", isFolder: true))
        #expect(!plan.matters(name: ".board.md.swp", in: root + "/boards", isFolder: false))
        #expect(!plan.matters(name: "notes.txt", in: root + "/boards", isFolder: false))
        #expect(plan.matters(name: "page.mustache", in: root + "/templates", isFolder: false))
        #expect(!plan.matters(name: "page.md", in: root + "/templates", isFolder: false))
    }
}
