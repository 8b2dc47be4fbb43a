import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a board file could not be read at all (a usage or environment problem, exit status 2).
public struct BoardLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    /// The cause in plain words (`FileProblem.message`).
    public var reason: String

    public var description: String { "cannot read '\(DiagnosticPrinter.sanitized(path))': \(reason)" }
}

extension BoardLoadError {
    /// The error for a file-system problem, worded by the catalogue.
    init(path: String, problem: FileProblem) {
        self.init(path: path, reason: problem.message)
    }
}

/// Reads board files from disk.
public enum BoardLoader {
    /// Reads a file's bytes (boards, templates), with the cause of a failure in plain words.
    public static func readBytes(path: String) throws(BoardLoadError) -> [UInt8] {
        do {
            return try readFile(path)
        } catch {
            throw BoardLoadError(path: path, problem: error.problem)
        }
    }

    /// Reads a whole file with `open`/`read`, so that a failure keeps its `errno`. With `regularOnly`, only a regular
    /// file is read: a symbolic link is not followed, and a pipe or device is not waited on (`EINVAL`).
    static func readFile(_ path: String, regularOnly: Bool = false) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NOFOLLOW | O_NONBLOCK : 0))
        guard descriptor >= 0 else { throw FileError(.read, path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError(.read, path, errno: errno) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw FileError(.read, path, .isAFolder) }
        if regularOnly, info.st_mode & S_IFMT != S_IFREG { throw FileError(.read, path, errno: EINVAL) }
        // A regular file's size is known; other files (a pipe) are read until they end.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 64 * 1024)) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError(.read, path, errno: errno)
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
