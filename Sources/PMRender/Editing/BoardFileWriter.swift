import CPMSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a board file atomically, and only if nobody changed it since it was read.
///
/// The new bytes go to a temporary file in the board's folder (`.NAME.pm-render-PID-N`), which gets the board's
/// owner, group, permissions and extended attributes (or nothing is written) and is flushed to disk; then, holding an exclusive lock on the folder (so
/// that two pm-render edits of boards in one folder take turns), the board is read again and compared with what the
/// edit started from: if it changed, the temporary file is removed and nothing is written; else the temporary file
/// is renamed over the board, so readers see the old file or the new one, never a mix. A symbolic link to the board
/// stays a link: its target is replaced. A crash at any point leaves the old board (and at worst a temporary file).
public enum BoardFileWriter {
    /// Writes `bytes` to `path` if the file still holds `original`.
    /// - Parameter beforeReplacing: called once the temporary file is half written (a test hook: a test stops the
    ///   process or changes the board there).
    public static func replace(
        _ path: String, original: [UInt8], with bytes: [UInt8], beforeReplacing: (() -> Void)? = nil
    ) throws(EditFailure) {
        let target = resolved(path)
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        try checkEditable(target, writing: true)
        // A signal that would end the process waits until the temporary file is renamed or removed (this `defer`
        // runs after the one that removes it).
        pm_defer_signals()
        defer { pm_restore_signals() }
        var info = stat()
        guard stat(target, &info) == 0 else { throw failure(.read, path, errno) }

        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<100 {
            temporary = folderPath + "/" + temporaryName(for: name, suffix: ".pm-render-\(getpid())-\(attempt)")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            let code = errno
            // (The board may be writable and its folder not.)
            throw code == EACCES || code == EPERM
                ? failure(.writeInFolder, folderPath, code, board: path) : failure(.write, path, code)
        }
        var keepTemporary = false
        defer { if !keepTemporary { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            let half = bytes.count / 2
            try writeAll(descriptor, bytes[..<half], path: path)
            beforeReplacing?()
            try writeAll(descriptor, bytes[half...], path: path)
            try keepAccess(of: target, info, on: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw failure(.write, path, errno) }
        }

        let lock = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 {
            // Ctrl-C before or while another edit holds the lock gives up (the signal is raised once the temporary
            // file is gone).
            while true {
                if pm_signal_deferred() != 0 {
                    close(lock)
                    throw failure(.write, path, EINTR)
                }
                if flock(lock, LOCK_EX) == 0 || errno != EINTR { break }
            }
        }
        defer {
            if lock >= 0 {
                flock(lock, LOCK_UN)
                close(lock)
            }
        }
        let current: [UInt8]
        do {
            current = try BoardLoader.readFile(target)
        } catch {
            throw EditFailure(.usage, [Diagnostic(.unreadableBoard(error.problem.message), file: path, at: nil)])
        }
        guard current == original else {
            throw EditFailure(.refused, .boardChangedOnDisk, file: path)
        }
        guard rename(temporary, target) == 0 else { throw failure(.replace, path, errno) }
        keepTemporary = true
        if lock >= 0 { _ = fsync(lock) }
    }

    /// Gives the new file (open as `descriptor`) what decides who may read and write the board: its owner and group,
    /// its permissions and its extended attributes (ACLs). A file this process cannot give them to (a board of
    /// another user's, written by a member of its group, would become this user's, and its owner could lose access to
    /// it) is refused, and nothing is written.
    private static func keepAccess(of target: String, _ info: stat, on descriptor: Int32, path: String)
        throws(EditFailure)
    {
        // (The group alone may be given where the owner may not: to a group this user is a member of.)
        if fchown(descriptor, info.st_uid, info.st_gid) != 0 { _ = fchown(descriptor, uid_t.max, info.st_gid) }
        var new = stat()
        guard fstat(descriptor, &new) == 0 else { throw failure(.write, path, errno) }
        guard new.st_uid == info.st_uid, new.st_gid == info.st_gid else {
            let problem = Problem.boardAccessNotKept(
                "its owner and group (user \(info.st_uid), group \(info.st_gid)): it would belong to user "
                    + "\(new.st_uid), group \(new.st_gid)")
            throw EditFailure(.refused, [Diagnostic(problem, file: path, at: nil)])
        }
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw failure(.write, path, errno) }
        let source = open(target, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw failure(.read, path, errno) }
        defer { close(source) }
        var name = [CChar](repeating: 0, count: 256)
        guard pm_copy_xattrs(source, descriptor, &name, name.count) == 0 else {
            let attribute = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let problem = Problem.boardAccessNotKept(
                attribute.isEmpty
                    ? "its extended attributes (\(FileProblem(errno: errno).message))"
                    : "its extended attribute '\(attribute)'")
            throw EditFailure(.refused, [Diagnostic(problem, file: path, at: nil)])
        }
    }

    /// `.NAME` and `suffix`, within the 255 bytes a file's name may have: a long name is cut (at a character's
    /// start), or a board whose own name is valid could not be edited.
    static func temporaryName(for name: String, suffix: String) -> String {
        var kept = Substring(name)
        while 1 + kept.utf8.count + suffix.utf8.count > 255 { kept = kept.dropLast() }
        return "." + kept + suffix
    }

    /// Refuses a board that is not a regular file (reading a pipe would wait for a writer, and a rename cannot
    /// replace it) and, when `writing`, one this process may not write: renaming over a file would replace it
    /// whatever its permissions say.
    public static func checkEditable(_ path: String, writing: Bool) throws(EditFailure) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(.read, path, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let problem: FileProblem = info.st_mode & S_IFMT == S_IFDIR ? .isAFolder : .notARegularFile
            let error = FileError(.read, path, problem)
            throw EditFailure(.usage, [Diagnostic(.fileSystem(error.description), file: path, at: nil)])
        }
        if writing, access(path, W_OK) != 0 { throw failure(.write, path, errno) }
    }

    /// The file a path names: a symbolic link's target (so that the link stays), else the path itself.
    static func resolved(_ path: String) -> String {
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else {
            return path
        }
        defer { free(real) }
        return String(cString: real)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws(EditFailure) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(.write, path, errno)
            }
            offset += written
        }
    }

    /// The failure to `action` `path` (about the board `board`, when `path` is another).
    private static func failure(_ action: FileError.Action, _ path: String, _ code: Int32, board: String? = nil)
        -> EditFailure
    {
        let error = FileError(action, path, errno: code)
        return EditFailure(.usage, [Diagnostic(.fileSystem(error.description), file: board ?? path, at: nil)])
    }
}
