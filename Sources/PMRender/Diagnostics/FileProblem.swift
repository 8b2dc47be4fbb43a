import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file-system operation failed. Every `errno`, `POSIXError` and Foundation file error that
/// pm-render meets is turned into one of these, and only their wording (`FileProblem+Messages.swift`)
/// reaches the user: never a C library or Foundation sentence.
public enum FileProblem: Hashable, Sendable {
    /// EACCES
    case permissionDenied
    /// EPERM
    case notPermitted
    /// ENOENT
    case noSuchFile
    /// ENOTDIR
    case notAFolder
    /// EISDIR
    case isAFolder
    /// A pipe, device or socket where a file to replace was expected.
    case notARegularFile
    /// EEXIST
    case alreadyExists
    /// ENOTEMPTY
    case folderNotEmpty
    /// ENOSPC
    case noSpace
    /// EDQUOT
    case quotaExceeded
    /// EFBIG (also what a `ulimit -f` limit gives once SIGXFSZ is ignored)
    case fileTooLarge
    /// EROFS
    case readOnlyFileSystem
    /// ELOOP
    case symbolicLinkLoop
    /// ENAMETOOLONG
    case nameTooLong
    /// EMFILE, ENFILE
    case tooManyOpenFiles
    /// EIO
    case inputOutput
    /// EXDEV
    case otherFileSystem
    /// EBUSY, ETXTBSY
    case busy
    /// EINVAL, or a name Foundation calls invalid
    case invalidName
    /// An `errno` value without a wording of its own.
    case unexpectedSystemError(Int32)
    /// A Foundation file error without a POSIX cause or a wording of its own.
    case unexpectedFoundationError(Int)

    /// The problem an `errno` value stands for.
    public init(errno code: Int32) {
        self = Self.byErrno[code] ?? .unexpectedSystemError(code)
    }

    private static let byErrno: [Int32: FileProblem] = [
        EACCES: .permissionDenied, EPERM: .notPermitted, ENOENT: .noSuchFile, ENOTDIR: .notAFolder,
        EISDIR: .isAFolder, EEXIST: .alreadyExists, ENOTEMPTY: .folderNotEmpty, ENOSPC: .noSpace,
        EDQUOT: .quotaExceeded, EFBIG: .fileTooLarge, EROFS: .readOnlyFileSystem, ELOOP: .symbolicLinkLoop,
        ENAMETOOLONG: .nameTooLong, EMFILE: .tooManyOpenFiles, ENFILE: .tooManyOpenFiles, EIO: .inputOutput,
        EXDEV: .otherFileSystem, EBUSY: .busy, ETXTBSY: .busy, EINVAL: .invalidName,
    ]

    /// The problem behind an error thrown by Foundation or the Swift overlay: its POSIX code when it
    /// has one (directly or as the underlying error), else Foundation's file error code.
    public init(_ error: any Error) {
        if let error = error as? FileError {
            self = error.problem
            return
        }
        if let error = error as? POSIXError {
            self.init(errno: error.code.rawValue)
            return
        }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(truncatingIfNeeded: error.code))
            return
        }
        // The underlying error may be an `NSError` or (on Linux, where nothing bridges) a `POSIXError`.
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            let underlying = underlying as NSError
            if underlying.domain == NSPOSIXErrorDomain {
                self.init(errno: Int32(truncatingIfNeeded: underlying.code))
                return
            }
        }
        guard error.domain == NSCocoaErrorDomain else {
            self = .unexpectedFoundationError(error.code)
            return
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: self = .noSuchFile
        case .fileReadNoPermission, .fileWriteNoPermission: self = .permissionDenied
        case .fileWriteFileExists: self = .alreadyExists
        case .fileWriteOutOfSpace: self = .noSpace
        case .fileWriteVolumeReadOnly: self = .readOnlyFileSystem
        case .fileReadTooLarge: self = .fileTooLarge
        case .fileReadInvalidFileName, .fileWriteInvalidFileName: self = .invalidName
        case .fileLocking: self = .busy
        default: self = .unexpectedFoundationError(error.code)
        }
    }
}

/// A file-system operation that failed: what pm-render was doing, on which path, and why.
/// `description` is the sentence the user reads: `cannot create 'site': permission denied`.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What pm-render was doing.
    public enum Action: Hashable, Sendable {
        case read
        case list
        case create
        case write
        /// Create a file in a folder (the edited board's new file, renamed over it once written).
        case writeInFolder
        case replace
        case watch
    }

    public var action: Action
    /// The path as the user knows it (the output folder as given, not a temporary folder).
    public var path: String
    public var problem: FileProblem

    public init(_ action: Action, _ path: String, _ problem: FileProblem) {
        self.action = action
        self.path = path
        self.problem = problem
    }

    /// The failure of `action` on `path` with this `errno` value.
    public init(_ action: Action, _ path: String, errno code: Int32) {
        self.init(action, path, FileProblem(errno: code))
    }

    /// The failure of `action` on `path` with an error thrown by Foundation.
    public init(_ action: Action, _ path: String, error: any Error) {
        self.init(action, path, FileProblem(error))
    }
}
