import Foundation
import Testing

@testable import PMRender

/// File-system failures reach the user in pm-render's words, never the C library's or Foundation's.
@Suite("File problems")
struct FileProblemTests {
    static let codes: [Int32] = [
        EACCES, EPERM, ENOENT, ENOTDIR, EISDIR, EEXIST, ENOTEMPTY, ENOSPC, EDQUOT, EFBIG, EROFS, ELOOP,
        ENAMETOOLONG, EMFILE, ENFILE, EIO, EXDEV, EBUSY, ETXTBSY, EINVAL, ENXIO,
    ]

    @Test("every errno is worded in plain lower-case words, never as strerror says it", arguments: codes)
    func errnoWording(code: Int32) {
        let message = FileProblem(errno: code).message
        let system = String(cString: strerror(code))
        #expect(!message.isEmpty && message.first?.isLowercase == true)
        #expect(!message.contains(system), "\(message) repeats '\(system)'")
        #expect(!message.hasSuffix("."))
    }

    @Test(
        "the brief's wordings",
        arguments: [
            (EACCES, "permission denied"), (ENOENT, "no such file"),
            (EFBIG, "file too large (the file-size limit was reached)"), (ENOSPC, "no space left on the disk"),
            (EROFS, "the file system is read-only"), (EISDIR, "it is a folder"),
        ] as [(Int32, String)])
    func wordings(code: Int32, message: String) {
        #expect(FileProblem(errno: code).message == message)
    }

    @Test("an unknown errno says it is unexpected and gives its number")
    func unknownErrno() {
        #expect(FileProblem(errno: ENXIO) == .unexpectedSystemError(ENXIO))
        #expect(FileProblem(errno: ENXIO).message == "unexpected system error (errno \(ENXIO))")
    }

    @Test("errors thrown by Foundation and the Swift overlay keep their cause")
    func foundationErrors() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "file.txt")
        try Data("x".utf8).write(to: file)

        let missingParent = #expect(throws: (any Error).self) {
            try FileManager.default.createDirectory(
                at: folder.appending(path: "missing/sub"), withIntermediateDirectories: false)
        }
        #expect(missingParent.map { FileProblem($0) } == .noSuchFile)
        let missingFolder = #expect(throws: (any Error).self) {
            try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "absent").path)
        }
        #expect(missingFolder.map { FileProblem($0) } == .noSuchFile)
        let throughFile = #expect(throws: (any Error).self) {
            try Data().write(to: file.appending(path: "inside"))
        }
        #expect(throughFile.map { FileProblem($0) } == .notAFolder)
        #expect(FileProblem(POSIXError(.EROFS)) == .readOnlyFileSystem)
        #expect(FileProblem(CocoaError(.fileWriteOutOfSpace)) == .noSpace)
        #expect(FileProblem(CocoaError(.fileWriteNoPermission)) == .permissionDenied)
        #expect(FileProblem(NSError(domain: NSPOSIXErrorDomain, code: Int(EDQUOT))) == .quotaExceeded)
        let wrapped = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EFBIG))])
        #expect(FileProblem(wrapped) == .fileTooLarge, "the POSIX cause wins over Foundation's vaguer code")
        #expect(
            FileProblem(CocoaError(.fileWriteUnknown))
                == .unexpectedFoundationError(CocoaError.fileWriteUnknown.rawValue))
    }

    @Test("a failure says what was being done, the path and the cause")
    func sentences() {
        #expect(FileError(.create, "site", .permissionDenied).description == "cannot create 'site': permission denied")
        #expect(
            FileError(.write, "_site/index.html", errno: EFBIG).description
                == "cannot write '_site/index.html': file too large (the file-size limit was reached)")
        #expect(FileError(.read, "board.md", errno: ENOENT).description == "cannot read 'board.md': no such file")
        #expect(FileError(.read, "a\u{1B}[31m.md", .noSuchFile).description.contains("\\u{1B}"), "paths are sanitized")
    }

    @Test("reading a board: missing, a folder, a file")
    func readingBoards() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: BoardLoadError(path: folder.path + "/none.md", problem: .noSuchFile)) {
            try BoardLoader.readBytes(path: folder.path + "/none.md")
        }
        #expect(throws: BoardLoadError(path: folder.path, problem: .isAFolder)) {
            try BoardLoader.readBytes(path: folder.path)
        }
        let text = String(repeating: "## TODO\n- [ ] card\n", count: 10_000)
        try Data(text.utf8).write(to: folder.appending(path: "board.md"))
        #expect(try BoardLoader.readBytes(path: folder.path + "/board.md") == Array(text.utf8))
    }

    @Test("an output folder that is a symbolic link is refused, and the link kept")
    func symbolicLinkOutput() async throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appending(path: "target"), withIntermediateDirectories: false)
        let link = folder.appending(path: "link")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: folder.appending(path: "target").path)
        let site = RenderedSite(
            files: [RenderedSite.File(path: "index.html", contents: Array("hi".utf8))], cardCount: 0, overdueCount: 0)
        await #expect(throws: SiteWriteError.refused(path: link.path, .symbolicLink)) {
            try await SiteWriter.write(site, to: link.path)
        }
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
                == folder.appending(path: "target").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "target").path).isEmpty)
    }
}
