import Foundation
import Synchronization
import Testing

@testable import PMRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is in a site's folder that pm-render did not put there (or no longer is what it put there) is never deleted.
@Suite("A site's files that are no longer pm-render's", .serialized)
struct SiteOwnershipTests {
    @Test("a file's checksum is the same however its bytes are cut into pieces", arguments: [1, 3, 7, 8, 9, 64, 1000])
    func checksumOfPieces(size: Int) {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var checksum = FileChecksum()
        for start in stride(from: 0, to: bytes.count, by: size) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { checksum.add($0) }
        }
        #expect(checksum.value == FileChecksum.of(bytes))
    }

    @Test("a file's checksum changes with any byte, and with a zero byte added at its end")
    func checksumSeesChanges() {
        let bytes = Array("<p>Ship the release</p>\n".utf8)
        var edited = bytes
        edited[5] ^= 1
        let sums = [bytes, edited, bytes + [0], Array(bytes.dropLast()), []].map(FileChecksum.of)
        #expect(Set(sums).count == sums.count)
    }

    /// Renders the example board into a fresh `site`, then lets `change` alter it; returns the second render's
    /// result and the folder.
    static func renderTwice(
        _ change: (URL, URL) throws -> Void, check: (URL, URL) throws -> Void
    ) throws -> TestSupport.RunResult {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appending(path: "site")
        let board = TestSupport.examples.appending(path: "board.md").path
        let first = try TestSupport.run([board, "-o", site.path, "--no-history", "--today", "2026-11-22"])
        #expect(first.status == 0, "\(first.stderr)")
        try change(folder, site)
        let second = try TestSupport.run([board, "-o", site.path, "--no-history", "--today", "2026-11-22"])
        try check(folder, site)
        return second
    }

    static func listing(_ folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
    }

    @Test("a page replaced by a symbolic link stops the render; the link and its target are kept")
    func listedFileBecameALink() throws {
        var before: [String] = []
        let result = try Self.renderTwice { folder, site in
            try Data("mine\n".utf8).write(to: folder.appending(path: "mine.html"))
            try FileManager.default.removeItem(at: site.appending(path: "overdue.html"))
            try FileManager.default.createSymbolicLink(
                atPath: site.appending(path: "overdue.html").path, withDestinationPath: "../mine.html")
            before = Self.listing(site)
        } check: { folder, site in
            #expect(Self.listing(site) == before)
            let link = try FileManager.default.destinationOfSymbolicLink(
                atPath: site.appending(path: "overdue.html").path)
            #expect(link == "../mine.html")
            let mine = try Data(contentsOf: folder.appending(path: "mine.html"))
            #expect(mine == Data("mine\n".utf8))
            let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(entries == ["mine.html", "site"])
        }
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "'overdue.html' is now a symbolic link; move it out of the folder, or choose another folder"),
            "\(result.stderr)")
    }

    @Test("a page replaced by a folder, or edited by hand, stops the render and is kept")
    func listedFileBecameAFolderOrWasEdited() throws {
        let folderResult = try Self.renderTwice { _, site in
            try FileManager.default.removeItem(at: site.appending(path: "board.ics"))
            try FileManager.default.createDirectory(
                at: site.appending(path: "board.ics"), withIntermediateDirectories: false)
        } check: { _, site in
            var isFolder: ObjCBool = false
            #expect(
                FileManager.default.fileExists(atPath: site.appending(path: "board.ics").path, isDirectory: &isFolder))
            #expect(isFolder.boolValue)
        }
        #expect(folderResult.status == 2)
        #expect(folderResult.stderr.contains("its 'board.ics' is now a folder"), "\(folderResult.stderr)")

        let edited = Data("<p>my notes</p>\n".utf8)
        let editResult = try Self.renderTwice { _, site in
            try edited.write(to: site.appending(path: "index.html"))
        } check: { _, site in
            let index = try Data(contentsOf: site.appending(path: "index.html"))
            #expect(index == edited)
        }
        #expect(editResult.status == 2)
        #expect(
            editResult.stderr.contains("its 'index.html' was changed after pm-render wrote it"), "\(editResult.stderr)")
    }

    @Test("a marker that is a link or a pipe is not taken as pm-render's")
    func markerMustBeAFile() throws {
        let result = try Self.renderTwice { folder, site in
            let marker = site.appending(path: SiteWriter.markerName)
            try FileManager.default.moveItem(at: marker, to: folder.appending(path: "marker"))
            try FileManager.default.createSymbolicLink(atPath: marker.path, withDestinationPath: "../marker")
        } check: { _, site in
            #expect(
                (try? FileManager.default.destinationOfSymbolicLink(
                    atPath: site.appending(path: SiteWriter.markerName).path)) == "../marker")
        }
        #expect(result.status == 2)
        #expect(result.stderr.contains("its '.pm-render-site' is now a symbolic link"), "\(result.stderr)")

        let pipe = try Self.renderTwice { _, site in
            try FileManager.default.removeItem(at: site.appending(path: "overdue.html"))
            #expect(mkfifo(site.appending(path: "overdue.html").path, 0o644) == 0)
        } check: { _, _ in
        }
        #expect(pipe.status == 2)
        #expect(pipe.stderr.contains("its 'overdue.html' is now a special file"), "\(pipe.stderr)")
    }

    @Test("a page hard-linked elsewhere is replaced, and the other name keeps its contents")
    func hardLinkIsReplaced() throws {
        var original = Data()
        let result = try Self.renderTwice { folder, site in
            original = try Data(contentsOf: site.appending(path: "index.html"))
            #expect(link(site.appending(path: "index.html").path, folder.appending(path: "kept.html").path) == 0)
        } check: { folder, _ in
            let kept = try Data(contentsOf: folder.appending(path: "kept.html"))
            #expect(kept == original)
        }
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Root may write anywhere: the run drops its capabilities (setpriv) to be held to permissions like anyone.
    static func runUnprivileged(_ arguments: [String], in folder: URL) throws -> TestSupport.RunResult {
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv.path) else {
            return try TestSupport.run(arguments, in: folder)
        }
        return try TestSupport.run(
            ["--bounding-set", "-all", "--", TestSupport.binary.path] + arguments, in: folder, executable: setpriv)
    }

    @Test("a site with read-only folders inside is replaced whole, and no copy of it is left beside it")
    func readOnlyFoldersInsideASite() throws {
        let folder = try TestSupport.temporaryFolder()
        defer {
            SiteWriter.makeRemovable(folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24)
        try Data(png).write(to: folder.appending(path: "a.png"))
        try Data("## Todo\n\n- [ ] x ![[a.png]]\n".utf8).write(to: folder.appending(path: "b.md"))
        let arguments = ["b.md", "-o", "site", "--no-history"]
        #expect(try Self.runUnprivileged(arguments, in: folder).status == 0)
        #expect(chmod(folder.appending(path: "site/files").path, 0o555) == 0)
        let again = try Self.runUnprivileged(arguments, in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(entries == ["a.png", "b.md", "site"])
    }

    @Test("concurrent renders of different boards into one folder never take each other's files for hand edits")
    func concurrentRendersAreNotHandEdits() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 8
        for index in 0..<count {
            let cards = (0..<200).map { "- [ ] Card \($0) of board \(index) @{2026-12-0\($0 % 9 + 1)}\n" }.joined()
            try Data("# Board \(index)\n\n## Todo\n\n\(cards)".utf8).write(to: folder.appending(path: "b\(index).md"))
        }
        for _ in 0..<3 {
            let results = Mutex<[TestSupport.RunResult]>([])
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let result = try? TestSupport.run(["b\(index).md", "-o", "site", "--no-history"], in: folder)
                if let result { results.withLock { $0.append(result) } }
            }
            let all = results.withLock { $0 }
            #expect(all.count == count)
            #expect(all.contains { $0.status == 0 })
            for result in all where result.status != 0 {
                #expect(result.status == 2 && result.stderr.contains("pm-render: error: cannot "), "\(result.stderr)")
            }
        }
    }

    @Test(
        "--watch into a folder no render could replace stops at once, exit 2",
        arguments: [".", "..", "board.md", "/"])
    func watchRefusesALastingRefusal(output: String) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let work = folder.appending(path: "work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.examples.appending(path: "board.md"), to: work.appending(path: "board.md"))
        // `timeout` ends a run that would watch for ever (status 124).
        let result = try TestSupport.run(
            ["5", TestSupport.binary.path, "board.md", "-o", output, "--watch", "--no-history"], in: work,
            executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("pm-render: error: refusing to "), "\(result.stderr)")
        #expect(!result.stderr.contains("watching"), "\(result.stderr)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: work.path)
        #expect(entries == ["board.md"])
    }

    @Test("an unchanged site is replaced, and its marker lists each file with its checksum")
    func unchangedSiteIsReplaced() throws {
        let result = try Self.renderTwice { _, _ in
        } check: { _, site in
            let marker = try String(contentsOf: site.appending(path: SiteWriter.markerName), encoding: .utf8)
            let lines = marker.split(separator: "\n")
            #expect(lines.contains("index.html"))
            let index = try [UInt8](Data(contentsOf: site.appending(path: "index.html")))
            #expect(lines.contains(Substring(SiteWriter.checksumLine(FileChecksum.of(index), "index.html").dropLast())))
        }
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("only files that start as an image are copied as embedded images")
    func embedsMustBeImages() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24)
        try Data(png).write(to: folder.appending(path: "real.png"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: folder.appending(path: "jpeg-named.png"))
        try Data("<script>alert(1)</script>\n".utf8).write(to: folder.appending(path: "fake.png"))
        try Data("TOKEN=secret\n".utf8).write(to: folder.appending(path: "secret.jpg"))
        try Data("## Todo\n\n- ![[real.png]] ![[jpeg-named.png]] ![[fake.png]] ![[secret.jpg]]\n".utf8)
            .write(to: folder.appending(path: "board.md"))
        let result = try TestSupport.run(["board.md", "-o", "site", "--no-history"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "site/files").path).sorted()
                == ["jpeg-named.png", "real.png"])
        let page = try String(contentsOf: folder.appending(path: "site/index.html"), encoding: .utf8)
        #expect(page.contains("fake.png") && page.contains("secret.jpg"))
        #expect(!page.contains("files/fake.png") && !page.contains("files/secret.jpg"))
    }

    @Test(
        "image signatures",
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], true), (Array("GIF89a".utf8), true),
            (Array("GIF87a".utf8), true), (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), true),
            (Array("\0\0\0\u{1C}ftypavif\0\0\0\0mif1avif".utf8), true),
            (Array("\0\0\0\u{1C}ftypmif1\0\0\0\0mif1avif".utf8), true),
            (Array("\0\0\0\u{18}ftypmp42\0\0\0\0isommp42".utf8), false), (Array("RIFF\0\0\0\0WAVEfmt ".utf8), false),
            (Array("BM".utf8) + [UInt8](repeating: 0, count: 30), true), (Array("BM".utf8), false),
            (Array("<html>".utf8), false), ([], false), ([0x89, 0x50, 0x4E, 0x47], false),
        ] as [([UInt8], Bool)])
    func imageSignatures(_ head: [UInt8], _ isImage: Bool) {
        #expect(Embeds.isImage(head) == isImage)
    }

    @Test("an unknown option is named even when a board is missing too")
    func unknownOptionNamed() throws {
        let result = try TestSupport.run(["check", "--help.md"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Unknown option '--help.md'"), "\(result.stderr)")
        let missing = try TestSupport.run(["check"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Missing expected argument"), "\(missing.stderr)")
    }

    @Test("a year before 1000 shows its four digits")
    func shortYear() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("## Todo\n\n- Typo @{0026-01-05}\n".utf8).write(to: folder.appending(path: "board.md"))
        let result = try TestSupport.run(
            ["board.md", "-o", "site", "--no-history", "--today", "2026-11-22"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: folder.appending(path: "site/index.html"), encoding: .utf8)
        #expect(page.contains("Jan 5, 0026"))
        #expect(!page.contains("Jan 5, 26<") && !page.contains("Jan 5, 26 "))
    }
}
