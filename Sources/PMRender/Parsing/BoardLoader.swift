import Foundation

/// Why a board file could not be read at all (a usage or environment problem, exit status 2).
public struct BoardLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot read '\(DiagnosticPrinter.sanitized(path))': \(reason)" }
}

/// Reads board files from disk.
public enum BoardLoader {
    /// Reads a file's bytes, with readable errors for a missing file, a folder or no permission.
    public static func readBytes(path: String) throws(BoardLoadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw BoardLoadError(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw BoardLoadError(path: path, reason: "it is a directory, not a board file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BoardLoadError(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            return [UInt8](data)
        } catch {
            throw BoardLoadError(path: path, reason: error.localizedDescription)
        }
    }
}
