// The wording of every file-system failure and every refusal to write an output folder, in one place.
// Plain words, lower case, no trailing period: they end sentences such as
// `pm-render: error: cannot write '_site/index.html': file too large (the file-size limit was reached)`.

extension FileProblem {
    /// The cause, in plain words.
    public var message: String {
        switch self {
        case .permissionDenied: return "permission denied"
        case .notPermitted: return "not permitted (the file may be protected or immutable)"
        case .noSuchFile: return "no such file"
        case .notAFolder: return "a part of the path is not a folder"
        case .isAFolder: return "it is a folder"
        case .notARegularFile: return "it is not a regular file (a pipe or a device cannot be edited in place)"
        case .alreadyExists: return "it already exists"
        case .folderNotEmpty: return "the folder is not empty"
        case .noSpace: return "no space left on the disk"
        case .quotaExceeded: return "the disk quota was reached"
        case .fileTooLarge: return "file too large (the file-size limit was reached)"
        case .readOnlyFileSystem: return "the file system is read-only"
        case .symbolicLinkLoop: return "too many symbolic links (a link may point to itself)"
        case .nameTooLong: return "the name is too long"
        case .tooManyOpenFiles: return "too many open files (see 'ulimit -n')"
        case .inputOutput: return "input/output error (the disk or network share may be failing)"
        case .otherFileSystem: return "it is on another file system"
        case .busy: return "it is in use"
        case .invalidName: return "the name is not valid here"
        case .unexpectedSystemError(let code): return "unexpected system error (errno \(code))"
        case .unexpectedFoundationError(let code): return "unexpected file error (code \(code))"
        }
    }
}

extension FileError {
    public var description: String {
        let path = DiagnosticPrinter.sanitized(self.path)
        switch action {
        case .read: return "cannot read '\(path)': \(problem.message)"
        case .list: return "cannot list the folder '\(path)': \(problem.message)"
        case .create: return "cannot create '\(path)': \(problem.message)"
        case .write: return "cannot write '\(path)': \(problem.message)"
        case .writeInFolder:
            return "cannot write in the folder '\(path)' (an edited board is written there as a new file that then "
                + "takes the old one's place): \(problem.message)"
        case .replace: return "cannot replace '\(path)': \(problem.message)"
        case .watch: return "cannot watch '\(path)': \(problem.message)"
        }
    }
}

/// Why pm-render will not write a site to an output folder (nothing is written, exit status 2).
public enum OutputRefusal: Hashable, Sendable {
    /// `/`, or a path without a last component.
    case notAFolderName
    /// The output folder is the current folder or one of its parents (`-o .`, `-o ..`).
    case containsCurrentFolder
    /// The output folder holds (or is) a board being rendered.
    case containsBoard(String)
    /// The output folder holds (or is) the templates folder being read.
    case containsTemplates(String)
    /// The output path exists and is a file.
    case notAFolder
    /// The output path is a symbolic link (replacing it would replace the user's link).
    case symbolicLink
    /// The output folder holds files, and no marker says pm-render wrote them.
    case foreignFiles
    /// The output folder is a site pm-render wrote, with a file in it that pm-render did not write.
    case unlistedFile(String)
    /// A file of the site pm-render wrote is no longer what pm-render wrote there: removing it would remove the
    /// user's link, folder or edits.
    case replacedFile(String, SiteFileChange)

    /// The sentence for `path`.
    public func message(for path: String) -> String {
        let path = DiagnosticPrinter.sanitized(path)
        switch self {
        case .notAFolderName:
            return "refusing to write a site to '\(path)': choose an output folder such as _site"
        case .containsCurrentFolder:
            return "refusing to replace '\(path)': it contains the current folder; "
                + "choose an output folder such as _site"
        case .containsBoard(let input), .containsTemplates(let input):
            let what = if case .containsBoard = self { "the board" } else { "the templates folder" }
            return "refusing to replace '\(path)': it contains \(what) '\(DiagnosticPrinter.sanitized(input))'; "
                + "choose an output folder such as _site"
        case .notAFolder:
            return "refusing to replace '\(path)': it is a file, not a folder"
        case .symbolicLink:
            return "refusing to replace '\(path)': it is a symbolic link; "
                + "give the folder it points to, or another folder"
        case .foreignFiles:
            return "refusing to replace '\(path)': it holds files pm-render did not write (no \(SiteWriter.markerName) "
                + "marker); choose another folder or empty it"
        case .unlistedFile(let file):
            let file = DiagnosticPrinter.sanitized(file)
            return "refusing to replace '\(path)': it holds '\(file)', which pm-render did not write; "
                + "move it out of the folder, or choose another folder"
        case .replacedFile(let file, let change):
            let file = DiagnosticPrinter.sanitized(file)
            return "refusing to replace '\(path)': its '\(file)' \(change.phrase); "
                + "move it out of the folder, or choose another folder"
        }
    }
}

/// How a file or folder of a site was changed by someone else after pm-render wrote it.
public enum SiteFileChange: Hashable, Sendable {
    /// Replaced by a symbolic link (removing it would remove the user's link).
    case symbolicLink
    /// A file replaced by a folder.
    case folder
    /// A folder replaced by a file.
    case file
    /// Replaced by a pipe, socket or device.
    case special
    /// Its contents are not those pm-render wrote.
    case edited
}

extension SiteFileChange {
    /// "is now a symbolic link": what became of the file, after its name.
    var phrase: String {
        switch self {
        case .symbolicLink: "is now a symbolic link"
        case .folder: "is now a folder"
        case .file: "is now a file"
        case .special: "is now a special file"
        case .edited: "was changed after pm-render wrote it"
        }
    }
}
