import Foundation
import Synchronization
import Templating
import Testing

@testable import PMRender

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Several boards, one site; and watch mode.
@Suite("Many boards", .serialized)
struct MultiBoardTests {
    /// A folder with four clean boards (two with the same title), one board with a problem (a warning), one
    /// Markdown file that is not a board and one that is not text.
    static func boardsFolder() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        let boards = folder.appending(path: "boards")
        for (name, source) in [
            ("team-a/board.md", "board.md"), ("team-b/board.md", "board.md"), ("ko.md", "ko.md"),
            ("obsidian.md", "obsidian.md"),
        ] {
            let url = boards.appending(path: name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestSupport.examples.appending(path: source), to: url)
        }
        try "# Meeting notes\n\nNot a board.\n".write(
            to: boards.appending(path: "notes.md"), atomically: true, encoding: .utf8)
        try "## TODO\n- [ ] x @{2026-02-30}\n".write(
            to: boards.appending(path: "warned.md"), atomically: true, encoding: .utf8)
        try "## TODO\n- [ ] x\u{0}\n".write(to: boards.appending(path: "binary.md"), atomically: true, encoding: .utf8)
        return folder
    }

    static let options = MultiBoardSite.Options(
        templates: PageTemplates.builtIn(),
        clock: { _ in DeadlineClock(today: CalendarDate(year: 2026, month: 11, day: 22)!) },
        baseURL: "https://boards.example/", readHistory: false, keepGoing: true)

    @Test("discovery keeps boards, skips other Markdown, and gives stable collision-free slugs")
    func discovery() throws {
        let folder = try Self.boardsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = try BoardDiscovery.find([folder.appending(path: "boards").path])
        #expect(
            found.boards.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "ko.md", "obsidian.md", "board.md", "board.md", "warned.md",
            ])
        #expect(found.skipped.map { URL(fileURLWithPath: $0).lastPathComponent } == ["binary.md", "notes.md"])
        let slugs = BoardDiscovery.slugs(for: found.boards)
        #expect(Set(slugs.values) == ["ko", "obsidian", "team-a-board", "team-b-board", "warned"])
        #expect(BoardDiscovery.slugs(for: ["x/a b.md", "x/a-b.md"]).values.sorted() == ["a-b", "a-b-2"])
    }

    @Test("a suffix never lands on another board's slug: x.md, X.md and x-2.md get x, x-3 and x-2")
    func slugSuffixesSkipTakenSlugs() {
        #expect(
            BoardDiscovery.slugs(for: ["b/x.md", "b/X.md", "b/x-2.md"]) == [
                "b/X.md": "x", "b/x-2.md": "x-2", "b/x.md": "x-3",
            ])
        // In path order: `x 2.md` (a space sorts before `-`) is the first `x-2`.
        let slugs = BoardDiscovery.slugs(for: ["b/x.md", "b/X.md", "b/x-2.md", "b/x 2.md"])
        #expect(slugs == ["b/X.md": "x", "b/x 2.md": "x-2", "b/x-2.md": "x-2-2", "b/x.md": "x-3"])
    }

    @Test("a board named twice, or in a folder also named, is one board; a pipe named *.md in a folder is skipped")
    func duplicatesAndPipes() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let boards = folder.appending(path: "boards")
        try FileManager.default.createDirectory(at: boards, withIntermediateDirectories: true)
        try "# A\n\n## TODO\n\n- [ ] a\n".write(to: boards.appending(path: "a.md"), atomically: true, encoding: .utf8)
        #expect(mkfifo(boards.appending(path: "pipe.md").path, 0o600) == 0)
        let board = boards.appending(path: "a.md").path
        let found = try BoardDiscovery.find([boards.path, board, board, folder.path + "/./boards/a.md"])
        #expect(found.boards == [boards.path + "/a.md"])
        #expect(found.skipped == [boards.path + "/pipe.md"])
    }

    @Test(
        "a board in a folder saved in another encoding is kept and fails the run; other text and binaries are skipped")
    func boardsThatAreNotUTF8() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let boards = folder.appending(path: "boards")
        try FileManager.default.createDirectory(at: boards, withIntermediateDirectories: true)
        try Data("## TODO\n\n- [ ] Alpha\n".utf8).write(to: boards.appending(path: "team.md"))
        try Data("## TODO\n\n- [ ] Caf".utf8 + [0xE9] + " order\n".utf8).write(to: boards.appending(path: "latin1.md"))
        try Data("## Doing\n\n- [ ] a\0b\n".utf8).write(to: boards.appending(path: "nul.md"))
        try Data("Caf".utf8 + [0xE9] + " notes\n".utf8).write(to: boards.appending(path: "notes.md"))
        let found = try BoardDiscovery.find([boards.path])
        #expect(found.boards.map { URL(fileURLWithPath: $0).lastPathComponent } == ["latin1.md", "team.md"])
        #expect(found.skipped.map { URL(fileURLWithPath: $0).lastPathComponent } == ["notes.md", "nul.md"])
        let result = try TestSupport.run(["boards", "-o", "site", "--no-history"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("boards/latin1.md:3:10: error: file is not valid UTF-8"))
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "site").path))
    }

    @Test("a board with problems is published with its warnings; with --strict it fails the run and nothing is written")
    func warningsAndStrict() throws {
        let folder = try Self.boardsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let warning = "boards/warned.md:2:9: warning: '2026-02-30' is not a date, so the card has no deadline"
        let result = try TestSupport.run(["boards", "-o", "site", "--today", "2026-11-22"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("5 boards, 33 cards, 4 overdue → site/index.html"))
        #expect(result.stderr.contains(warning))
        #expect(result.stderr.contains("boards/notes.md: note: skipped: not a board"))
        #expect(result.stderr.contains("boards/binary.md: note: skipped: not a board"))
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "site/warned/index.html").path))
        let strict = try TestSupport.run(["boards", "-o", "strict", "--today", "2026-11-22", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(warning))
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "strict").path))
    }

    @Test("--keep-going writes the other boards and lists the failed ones on the overview")
    func keepGoing() throws {
        let folder = try Self.boardsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TestSupport.run(
            ["boards", "-o", "site", "--today", "2026-11-22", "--strict", "--keep-going"], in: folder)
        #expect(result.status == 1, "failures still fail the run")
        #expect(result.stdout.hasPrefix("5 boards (1 failed), 32 cards, 4 overdue → site/index.html"))
        let site = folder.appending(path: "site")
        for path in [
            "index.html", "overdue.html", "boards.ics", "team-a-board/index.html", "team-b-board/overdue.html",
            "ko/board.ics", "obsidian/index.html",
        ] {
            #expect(FileManager.default.fileExists(atPath: site.appending(path: path).path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "warned").path))
        let overview = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(
            overview.contains(
                "<h2 id=\"failed-heading\">Boards with errors</h2>\n<ul><li><code>warned.md</code></li></ul>"))
    }

    /// QA #6: the overview showed each path as typed, so it depended on the current folder and published machine paths.
    @Test("the overview is the same whatever the current folder and however the boards are named")
    func overviewIndependentOfCurrentFolder() throws {
        let folder = try Self.boardsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = folder.appending(path: "elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let boards = folder.appending(path: "boards")
        let runs: [(arguments: [String], directory: URL)] = [
            (["boards", "-o", "s1"], folder),
            (["../boards", "-o", "../s2"], elsewhere),
            ([boards.path, "-o", folder.appending(path: "s3").path], URL(fileURLWithPath: "/")),
            (["ko.md", "team-a/board.md", "team-b/board.md", "obsidian.md", "warned.md", "-o", "../s4"], boards),
        ]
        var overviews: [Data] = []
        for (index, run) in runs.enumerated() {
            let result = try TestSupport.run(
                run.arguments + ["--today", "2026-11-22", "--no-history"], in: run.directory)
            #expect(result.status == 0, "\(result.stderr)")
            overviews.append(try Data(contentsOf: folder.appending(path: "s\(index + 1)/index.html")))
        }
        #expect(Set(overviews).count == 1)
        let overview = String(decoding: overviews[0], as: UTF8.self)
        #expect(overview.contains("<code>team-a/board.md</code>") && overview.contains("<code>ko.md</code>"))
        #expect(!overview.contains(folder.path) && !overview.contains("boards/"))
    }

    @Test("overview, combined overdue page and calendar")
    func site() async throws {
        let folder = try Self.boardsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = try BoardDiscovery.find([folder.appending(path: "boards").path])
        let outcome = await MultiBoardSite.build(paths: found.boards, options: Self.options)
        let site = try #require(outcome.site)
        let overview = String(decoding: try #require(site.file("index.html")).contents, as: UTF8.self)
        // Sorted by most overdue, then due soon, then title; each with counts and a stacked bar.
        // team-a, team-b and ko tie (1 overdue, 2 due soon): by title, and ASCII sorts before Hangul.
        let order = ["team-a-board/index.html", "team-b-board/index.html", "ko/index.html", "obsidian/index.html"].map {
            overview.range(of: "<a href=\"\($0)\">")?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(overview.contains("<span class=\"segment segment-todo\" style=\"width: 44.4%\"></span>"))
        #expect(
            overview.contains(
                "<a class=\"status status-overdue\" href=\"team-a-board/index.html?due=overdue\">1 overdue</a>"))
        #expect(overview.contains("<html lang=\"en\">"), "mixed languages: the overview is in English")
        let overdue = String(decoding: try #require(site.file("overdue.html")).contents, as: UTF8.self)
        #expect(
            overdue.contains(
                "<a class=\"report-title\" href=\"team-a-board/index.html#card-translate-onboarding-into-korean\">"))
        #expect(overdue.contains("<span class=\"report-board\">프로젝트 관리 앱 2.0</span>"))
        let page = String(decoding: try #require(site.file("team-a-board/index.html")).contents, as: UTF8.self)
        #expect(page.contains("<a href=\"../index.html\">All boards</a>"))
        let feed = String(decoding: try #require(site.file("boards.ics")).contents, as: UTF8.self).replacingOccurrences(
            of: "\r\n ", with: "")
        let uids = feed.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(Set(uids).count == uids.count, "UIDs are unique across boards")
        #expect(uids.contains("UID:translate-onboarding-into-korean.team-a-board@pm-render"))
        #expect(
            feed.contains("URL:https://boards.example/team-b-board/index.html#card-translate-onboarding-into-korean"))
        // Each board's own feed uses the same UIDs as the combined one, so subscribing to both never duplicates.
        let teamA = String(decoding: try #require(site.file("team-a-board/board.ics")).contents, as: UTF8.self)
        let teamB = String(decoding: try #require(site.file("team-b-board/board.ics")).contents, as: UTF8.self)
        #expect(teamA.contains("UID:translate-onboarding-into-korean.team-a-board@pm-render"))
        #expect(teamB.contains("UID:translate-onboarding-into-korean.team-b-board@pm-render"))
    }

    @Test("building a site twice gives the same files, byte for byte")
    func deterministic() async throws {
        let folder = try Self.boardsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = try BoardDiscovery.find([folder.appending(path: "boards").path])
        let parallel = await MultiBoardSite.build(paths: found.boards, options: Self.options)
        let serial = await MultiBoardSite.build(paths: found.boards, options: Self.options)
        let a = try #require(parallel.site).files.map { try ($0.path, $0.contents) }
        let b = try #require(serial.site).files.map { try ($0.path, $0.contents) }
        #expect(a.map(\.0) == b.map(\.0))
        #expect(a.map(\.1) == b.map(\.1), "the same inputs gave different bytes")
        #expect(parallel.diagnostics == serial.diagnostics)
    }
}

/// `--watch` and `--serve`, with the real binary.
@Suite("Watch mode", .serialized)
struct WatchTests {
    func waitFor(_ seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try condition()
    }

    @Test("edits to a board and a template re-render; an error is shown and the last good site kept")
    func watch() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = folder.appending(path: "board.md")
        try FileManager.default.copyItem(at: TestSupport.examples.appending(path: "board.md"), to: board)
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appending(path: "Templates"), to: folder.appending(path: "templates"))
        let errors = folder.appending(path: "stderr.txt")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = ["board.md", "-o", "site", "--watch", "--templates", "templates", "--today", "2026-11-22"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let index = folder.appending(path: "site/index.html")
        func page() -> String { (try? String(contentsOf: index, encoding: .utf8)) ?? "" }

        #expect(waitFor { page().contains("Write the App Store description") })
        #expect(
            waitFor { ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains("files (inotify)") },
            "inotify is used on Linux")
        try (try String(contentsOf: board, encoding: .utf8)).replacingOccurrences(
            of: "App Store description", with: "App Store copy"
        )
        .write(to: board, atomically: true, encoding: .utf8)
        #expect(waitFor { page().contains("Write the App Store copy") }, "a board edit re-renders")

        let footer = folder.appending(path: "templates/footer.mustache")
        try (try String(contentsOf: footer, encoding: .utf8)).replacingOccurrences(
            of: "<p>{{labels.generatedBy}}</p>", with: "<p>Edited footer</p>"
        )
        .write(to: footer, atomically: true, encoding: .utf8)
        #expect(waitFor { page().contains("<p>Edited footer</p>") }, "a template edit re-renders")

        // A new lane and a bad date are published, with a warning.
        try ((try String(contentsOf: board, encoding: .utf8)) + "\n## BACKLOG\n- [ ] Later @{2026-02-30}\n").write(
            to: board, atomically: true, encoding: .utf8)
        #expect(waitFor { page().contains("<span class=\"lane-name\">BACKLOG</span>") }, "a new lane re-renders")
        #expect(
            waitFor {
                ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains(
                    "warning: '2026-02-30' is not a date")
            })

        // A board that is not text is an error: the last good site stays.
        let good = page()
        try ((try String(contentsOf: board, encoding: .utf8)) + "\u{0}\n").write(
            to: board, atomically: true, encoding: .utf8)
        #expect(
            waitFor {
                ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains(
                    "error: file contains a NUL character")
            })
        Thread.sleep(forTimeInterval: 0.5)
        #expect(page() == good, "the last good site is kept")
        #expect(process.isRunning, "watching goes on after an error")
    }

    @Test("--serve serves the site on 127.0.0.1 with live reload in served pages only")
    func serve() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = folder.appending(path: "board.md")
        try FileManager.default.copyItem(at: TestSupport.examples.appending(path: "board.md"), to: board)
        let port = Int.random(in: 20_000...40_000)
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = ["board.md", "-o", "site", "--watch", "--serve", String(port), "--today", "2026-11-22"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        func get(_ path: String) -> String? {
            guard let url = URL(string: "http://127.0.0.1:\(port)\(path)"), let data = try? Data(contentsOf: url) else {
                return nil
            }
            return String(decoding: data, as: UTF8.self)
        }
        #expect(waitFor { get("/__pm-render/version") == "1" })
        let served = try #require(get("/"))
        #expect(served.contains("/__pm-render/version") && served.contains("Project Manager 2.0"))
        #expect(
            !(try String(contentsOf: folder.appending(path: "site/index.html"), encoding: .utf8)).contains(
                "__pm-render"))
        try ((try String(contentsOf: board, encoding: .utf8)) + "- [ ] Another card\n").write(
            to: board, atomically: true, encoding: .utf8)
        #expect(waitFor { get("/__pm-render/version") == "2" })
        #expect(get("/index.html")?.contains("Another card") == true)
        #expect(get("/../../../etc/passwd")?.contains("root:") != true)

        /// Status, headers and body of one request (URLSession, so that the method can be chosen).
        func request(_ method: String, _ path: String) -> (Int, [String: String], String)? {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            let answer = Mutex<(Int, [String: String], String)?>(nil)
            let done = DispatchSemaphore(value: 0)
            URLSession.shared.dataTask(with: request) { data, response, _ in
                if let http = response as? HTTPURLResponse {
                    let headers = Dictionary(
                        http.allHeaderFields.map { ("\($0.key)".lowercased(), "\($0.value)") },
                        uniquingKeysWith: { a, _ in a })
                    answer.withLock { $0 = (http.statusCode, headers, String(decoding: data ?? Data(), as: UTF8.self)) }
                }
                done.signal()
            }.resume()
            _ = done.wait(timeout: .now() + 10)
            return answer.withLock { $0 }
        }
        // Percent-encoded dots reach the server undecoded by the client; it must still stay inside the folder.
        #expect(request("GET", "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd")?.0 == 404)
        let page = try #require(request("GET", "/index.html?v=2"))
        #expect(
            page.0 == 200 && page.1["content-type"] == "text/html; charset=utf-8"
                && page.1["cache-control"] == "no-store")
        #expect(page.1["content-length"] == String(page.2.utf8.count) && page.2.contains("Another card"))
        let feed = try #require(request("GET", "/board.ics"))
        #expect(
            feed.0 == 200 && feed.1["content-type"] == "text/calendar; charset=utf-8"
                && feed.2.hasPrefix("BEGIN:VCALENDAR"))
        let head = try #require(request("HEAD", "/index.html"))
        #expect(head.0 == 200 && head.2.isEmpty && head.1["content-length"] == page.1["content-length"])
        #expect(request("POST", "/index.html")?.0 == 405)
        #expect(request("GET", "/missing.html")?.0 == 404)
    }
}
