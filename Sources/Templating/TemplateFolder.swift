#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TemplateSource {
    /// Every `*.mustache` file of `folder` and its subfolders, named by its path inside the folder
    /// without the extension (`sub/name`), sorted by name; with an issue for each file or folder that
    /// cannot be read, or is not UTF-8. Symbolic links to files are followed, to folders not; what is
    /// not a regular file (a FIFO, a device) is no template.
    public static func load(folder: String) -> (sources: [TemplateSource], issues: [TemplateIssue]) {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var sources: [TemplateSource] = []
        var issues: [TemplateIssue] = []
        var pending = [""]  // folders still to read, relative to `base`
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? base : base + "/" + relative
            let entries: [String]
            switch entriesOf(path) {
            case .success(let names): entries = names
            case .failure(let error):
                issues.append(TemplateIssue(.unreadable(errno: error.code), template: "", path: path, at: nil))
                continue
            }
            for entry in entries {
                let entryRelative = relative.isEmpty ? entry : relative + "/" + entry
                let entryPath = base + "/" + entryRelative
                var status = stat()
                guard lstat(entryPath, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    pending.append(entryRelative)
                    continue
                }
                // Only a regular file (or a link to one) is a template: opening a FIFO would wait for a writer.
                guard entry.hasSuffix(".mustache"),
                    status.st_mode & S_IFMT == S_IFREG
                        || (status.st_mode & S_IFMT == S_IFLNK && stat(entryPath, &status) == 0
                            && status.st_mode & S_IFMT == S_IFREG)
                else { continue }
                let name = String(entryRelative.dropLast(".mustache".count))
                switch contentsOf(entryPath) {
                case .success(let bytes):
                    let text = String(decoding: bytes, as: UTF8.self)
                    guard text.utf8.elementsEqual(bytes) else {
                        issues.append(TemplateIssue(.notUTF8, template: name, path: entryPath, at: nil))
                        continue
                    }
                    sources.append(TemplateSource(name: name, path: entryPath, text: text))
                case .failure(let error):
                    issues.append(
                        TemplateIssue(.unreadable(errno: error.code), template: name, path: entryPath, at: nil))
                }
            }
        }
        return (sources.sorted { $0.name < $1.name }, TemplateIssue.sorted(issues))
    }

    private struct SystemError: Error {
        let code: Int32
    }

    /// The names in a folder, without `.` and `..`.
    private static func entriesOf(_ path: String) -> Result<[String], SystemError> {
        guard let folder = opendir(path) else { return .failure(SystemError(code: errno)) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// A file's bytes.
    private static func contentsOf(_ path: String) -> Result<[UInt8], SystemError> {
        // (Not blocking: a regular file a moment ago may be a FIFO now.)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(code: errno))
            }
            if count == 0 { return .success(bytes) }
            bytes += buffer[0..<count]
        }
    }
}
