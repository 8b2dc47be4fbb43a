import CPMSupport
import Foundation
import Templating

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a site could not be written (exit status 2: an environment problem, not the board's).
public enum SiteWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output folder is not one pm-render may replace; nothing was written.
    case refused(path: String, OutputRefusal)
    /// A file-system operation failed; the previous site, if any, is untouched.
    case file(FileError)
    /// A page's template stopped before its end; nothing was written.
    case rendering(Diagnostic)

    public var description: String {
        switch self {
        case .refused(let path, let refusal): return refusal.message(for: path)
        case .file(let error): return error.description
        case .rendering(let diagnostic): return DiagnosticPrinter.text([diagnostic])
        }
    }
}

/// Writes a site so that readers only ever see the old site or the new one, never a mix.
///
/// Files go into a temporary folder next to the output folder, which is then swapped into place
/// (Linux `renameat2(RENAME_EXCHANGE)`, else two renames). Any failure removes the temporary folder
/// and leaves the previous site untouched. An existing output folder is replaced only when it is
/// empty or was written by pm-render (it holds the `.pm-render-site` marker), and never when it is a
/// symbolic link, so `-o .`, a typo or a link can never delete someone's files.
public enum SiteWriter {
    /// Marker file written into every site.
    public static let markerName = ".pm-render-site"
    /// The file a site being written holds until it is complete, so that a folder a killed run left is known as
    /// pm-render's (`removeStaleTemporaries`); taken away before the site is swapped in.
    static let partialMarkerName = ".pm-render-partial"

    /// Writes `site` to the folder `output`, replacing the previous site there. `inputs` (the boards) and the
    /// `templates` folder must not be inside it.
    public static func write(
        _ site: RenderedSite,
        to output: String,
        protecting inputs: [String] = [],
        templates: String? = nil
    ) async throws(SiteWriteError) {
        let inputs = inputs.map { Input.board($0) } + (templates.map { [Input.templates($0)] } ?? [])
        guard let place = OutputPlace(output) else { throw .refused(path: output, .notAFolderName) }
        try checkReplaceable(place, inputs: inputs)
        try createFolders(upTo: place.parent, place)
        removeStaleTemporaries(in: place.parent, name: place.name)

        let pid = ProcessInfo.processInfo.processIdentifier
        let temporary = place.parent.appending(path: ".\(place.name).tmp-\(pid)-\(UInt32.random(in: 0...UInt32.max))")
        guard mkdir(temporary.path, 0o777) == 0 else {
            throw .file(FileError(place.exists ? .replace : .create, place.shown, errno: errno))
        }
        do throws(SiteWriteError) {
            let partial = RenderedSite.File(path: partialMarkerName, contents: Array("pm-render\n".utf8))
            // Not flushed to disk: it is taken away before the swap, and whether it outlives a crash does not matter (a
            // stale folder without it is removed when empty, and one with a site's files in it is one being written).
            try await writeFiles([partial], into: temporary, place, durable: false)
            let checksums = try await writeFiles(site.files, into: temporary, place)
            // The marker lists what the site holds, and a checksum of each file, so that the next run can tell a file
            // put there, replaced or changed by hand. It is written last: a site without it is never taken as ours.
            try await writeFiles([marker(checksums)], into: temporary, place)
            guard unlink(temporary.appending(path: partialMarkerName).path) == 0 else {
                throw .file(FileError(.write, place.shown(inside: partialMarkerName), errno: errno))
            }
            keepAccess(of: place, on: temporary)
            try install(temporary, at: place, inputs: inputs)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The marker: pm-render's version, then the site's files, then their checksums, each list sorted by path.
    static func marker(_ checksums: [String: UInt64]) -> RenderedSite.File {
        let paths = checksums.keys.sorted()
        let listing = paths.map { $0 + "\n" }.joined() + paths.map { checksumLine(checksums[$0]!, $0) }.joined()
        return RenderedSite.File(
            path: markerName, contents: Array("pm-render \(PMRenderVersion.string)\n\(listing)".utf8))
    }

    /// Writes every file into `temporary`, side by side (each page renders as it is written, a piece
    /// at a time), each flushed to disk before the folder is swapped in when `durable`. Returns each file's checksum,
    /// by path.
    @discardableResult
    static func writeFiles(
        _ files: [RenderedSite.File],
        into temporary: URL,
        _ place: OutputPlace,
        durable: Bool = true
    ) async throws(SiteWriteError) -> [String: UInt64] {
        let folders = Set(files.map { ($0.path as NSString).deletingLastPathComponent }).filter { !$0.isEmpty }
        for folder in folders.sorted() {
            do {
                try FileManager.default.createDirectory(
                    at: temporary.appending(path: folder), withIntermediateDirectories: true)
            } catch {
                throw .file(FileError(.create, place.shown(inside: folder), error: error))
            }
        }
        // No file checks for cancellation: once begun, a site is finished (or fails), never cut short.
        let (checksums, failure) = await withTaskGroup(of: (path: String, outcome: WriteOutcome).self) { group in
            for file in files {
                group.addTask {
                    (file.path, writeFile(file, to: temporary.appending(path: file.path).path, durable: durable))
                }
            }
            var checksums: [String: UInt64] = [:]
            var first: (path: String, outcome: WriteOutcome)?
            for await result in group {
                if case .written(let checksum) = result.outcome {
                    checksums[result.path] = checksum
                } else if first == nil {
                    first = result
                }
            }
            return (checksums, first)
        }
        switch failure?.outcome {
        case nil, .written: return checksums
        case .failed(let code): throw .file(FileError(.write, place.shown(inside: failure!.path), errno: code))
        case .notRendered(let failure): throw .rendering(failure.diagnostic)
        }
    }

    /// How writing one file ended.
    private enum WriteOutcome: Equatable, Sendable {
        /// Written; the checksum of its bytes (`FileChecksum`).
        case written(checksum: UInt64)
        /// A file-system call failed with this `errno`.
        case failed(Int32)
        case notRendered(RenderFailure)
    }

    /// Swaps the finished `temporary` folder into place and removes the previous site.
    static func install(_ temporary: URL, at place: OutputPlace, inputs: [Input]) throws(SiteWriteError) {
        let target = place.url.path
        if rename(temporary.path, target) == 0 { return }  // there was no site yet
        guard errno == EEXIST || errno == ENOTEMPTY else {
            throw .file(FileError(place.exists ? .replace : .create, place.shown, errno: errno))
        }
        // A site is there (perhaps one a concurrent run has just put in place): it must still be ours.
        try checkReplaceable(place, inputs: inputs)
        if pm_rename_exchange(temporary.path, target) == 0 {
            removeOldSite(at: temporary)  // now holds the previous site
            return
        }
        guard errno == ENOSYS || errno == EINVAL else {
            throw .file(FileError(.replace, place.shown, errno: errno))
        }
        // No atomic exchange here: move the old site aside, move the new one in, drop the old.
        let old = place.parent.appending(path: ".\(place.name).old-\(ProcessInfo.processInfo.processIdentifier)")
        guard rename(target, old.path) == 0 else { throw .file(FileError(.replace, place.shown, errno: errno)) }
        guard rename(temporary.path, target) == 0 else {
            let code = errno
            _ = rename(old.path, target)
            throw .file(FileError(.replace, place.shown, errno: code))
        }
        removeOldSite(at: old)
    }

    /// Deletes the previous site, moved aside: a site kept read-only (its mode is carried over), or with a folder
    /// in it made read-only, is made writable first, so that no copy of it is left behind.
    ///
    /// Its marker goes last: a run killed while it removes them leaves a folder that still says it is pm-render's,
    /// which the next run removes (`removeStaleTemporaries`); without the marker it would stay, as someone's.
    static func removeOldSite(at url: URL) {
        makeRemovable(url.path)
        let fileManager = FileManager.default
        for entry in (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? [] where entry != markerName {
            try? fileManager.removeItem(at: url.appending(path: entry))
        }
        try? fileManager.removeItem(at: url)
    }

    /// Gives the owner read, write and search permission on `path` and every folder under it (never following a
    /// symbolic link), so that what they hold can be removed.
    static func makeRemovable(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        if info.st_mode & S_IRWXU != S_IRWXU { _ = chmod(path, (info.st_mode & 0o7777) | S_IRWXU) }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            makeRemovable(path + "/" + entry)
        }
    }

    /// Creates `folder` and the folders above it that are missing, naming the first that fails.
    static func createFolders(upTo folder: URL, _ place: OutputPlace) throws(SiteWriteError) {
        var missing: [URL] = []
        var next = folder
        while !FileManager.default.fileExists(atPath: next.path), next.path != "/" {
            missing.append(next)
            next = next.deletingLastPathComponent()
        }
        for folder in missing.reversed() where mkdir(folder.path, 0o777) != 0 && errno != EEXIST {
            throw .file(FileError(.create, place.shown(folder), errno: errno))
        }
    }

    /// Removes `.NAME.tmp-PID-…` and `.NAME.old-PID` folders left by runs that were killed mid-write (their process
    /// no longer exists), when they are pm-render's: empty, or holding the file of a site being written
    /// (`partialMarkerName`) or a site's marker (an old site moved aside). A folder of that name that holds anything
    /// else is someone's, and stays. The site itself was never touched by those runs.
    static func removeStaleTemporaries(in parent: URL, name: String) {
        let fileManager = FileManager.default
        guard let entries = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries {
            var pidText: Substring?
            if entry.hasPrefix(".\(name).tmp-") {
                pidText = entry.dropFirst(".\(name).tmp-".count).split(separator: "-").first
            } else if entry.hasPrefix(".\(name).old-") {
                pidText = entry.dropFirst(".\(name).old-".count).split(separator: "-").first
            }
            guard let pidText, let pid = Int32(pidText), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let folder = parent.appending(path: entry).path
            // (A run killed between making its folder and the file in it left it empty.)
            if rmdir(folder) == 0 { continue }
            var info = stat()
            let isOurs = [partialMarkerName, markerName].contains {
                lstat(folder + "/" + $0, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            }
            guard isOurs else { continue }
            makeRemovable(folder)
            try? fileManager.removeItem(atPath: folder)
        }
    }

    /// What a run reads, which its output must not replace.
    enum Input {
        case board(String)
        case templates(String)
    }

    /// Refuses outputs that contain the current folder or what the run reads (boards, templates), are symbolic
    /// links or files, or hold files pm-render did not write.
    static func checkReplaceable(_ place: OutputPlace, inputs: [Input]) throws(SiteWriteError) {
        try checkContainment(place, inputs: inputs)
        try checkContents(place)
    }

    /// Why `output` can never take a site while `inputs` (boards, or folders of boards) and `templates` are read: it is
    /// `/`, or holds the current folder, a board or the templates; nil when it may (`--watch` asks before it starts).
    public static func lastingRefusal(of output: String, protecting inputs: [String], templates: String? = nil)
        -> SiteWriteError?
    {
        guard let place = OutputPlace(output) else { return .refused(path: output, .notAFolderName) }
        let inputs = inputs.map { Input.board($0) } + (templates.map { [Input.templates($0)] } ?? [])
        do {
            try checkContainment(place, inputs: inputs)
            return nil
        } catch {
            return error
        }
    }

    /// Refuses outputs that contain the current folder or what the run reads.
    static func checkContainment(_ place: OutputPlace, inputs: [Input]) throws(SiteWriteError) {
        let resolved = place.url.resolvingSymlinksInPath().path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        if cwd == resolved || cwd.hasPrefix(resolved + "/") || resolved == "/" {
            throw .refused(path: place.shown, .containsCurrentFolder)
        }
        for input in inputs {
            let (path, problem): (String, OutputRefusal) =
                switch input {
                case .board(let path): (path, .containsBoard(path))
                case .templates(let path): (path, .containsTemplates(path))
                }
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if real == resolved || real.hasPrefix(resolved + "/") { throw .refused(path: place.shown, problem) }
        }
    }

    /// Refuses outputs that are symbolic links or files, or hold what pm-render did not write.
    static func checkContents(_ place: OutputPlace) throws(SiteWriteError) {
        var info = stat()
        guard lstat(place.url.path, &info) == 0 else { return }  // nothing there (or unreachable: mkdir says why)
        switch info.st_mode & S_IFMT {
        case S_IFLNK: throw .refused(path: place.shown, .symbolicLink)
        case S_IFDIR: break
        default: throw .refused(path: place.shown, .notAFolder)
        }
        let contents: [String]
        do {
            contents = try FileManager.default.contentsOfDirectory(atPath: place.url.path)
        } catch {
            throw .file(FileError(.list, place.shown, error: error))
        }
        if !contents.isEmpty, !contents.contains(markerName) {
            throw .refused(path: place.shown, .foreignFiles)
        }
        if !contents.isEmpty, let stranger = stranger(in: place.url) { throw .refused(path: place.shown, stranger) }
    }

    /// What in a site pm-render may not remove: the first file or folder (in name order) that its marker does not
    /// list (one the user put there, or a folder that cannot be read: what it holds is unknown), or one it lists that
    /// is no longer what pm-render wrote (a symbolic link, a folder for a file or a file for a folder, a pipe, or a
    /// file whose checksum differs). A marker that lists nothing was written before markers listed files: then only
    /// the names pm-render gives its files count as its own; one without checksums, before markers had them.
    static func stranger(in folder: URL) -> OutputRefusal? {
        // A concurrent run may swap another site in while this one is read: a difference found then may be a mix of
        // two sites, not a change by hand. The check is made again while the folder or its marker has changed.
        func identity() -> [UInt8] {
            var info = stat()
            guard lstat(folder.path, &info) == 0 else { return [] }
            let marker = readRegularFile(folder.appending(path: markerName).path) ?? []
            return Array("\(info.st_dev) \(info.st_ino)\n".utf8) + marker
        }
        var found: OutputRefusal?
        for _ in 0..<10 {
            let before = identity()
            found = strangerOnce(in: folder)
            if found == nil || identity() == before { return found }
        }
        return found
    }

    static func strangerOnce(in folder: URL) -> OutputRefusal? {
        var info = stat()
        let markerPath = folder.appending(path: markerName).path
        guard lstat(markerPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .replacedFile(markerName, change(info.st_mode))
        }
        let marker = readRegularFile(markerPath) ?? []
        var listed: Set<String> = []
        var checksums: [String: String] = [:]
        for line in String(decoding: marker, as: UTF8.self).split(separator: "\n").dropFirst() {
            if line.hasPrefix(checksumPrefix) {
                let rest = line.dropFirst(checksumPrefix.count)
                guard let space = rest.firstIndex(of: " ") else { continue }
                checksums[String(rest[rest.index(after: space)...])] = String(rest[..<space])
            } else {
                listed.insert(String(line))
            }
        }
        // The folders above every listed path.
        var folders: Set<String> = []
        for path in listed {
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                folders.insert(String(path[..<slash]))
                end = slash
            }
        }
        func check(_ path: String, _ info: stat) -> OutputRefusal? {
            let name = (path as NSString).lastPathComponent
            let kind = info.st_mode & S_IFMT
            if path == markerName || (systemFiles.contains(name) && kind == S_IFREG) { return nil }
            if listed.isEmpty {
                // An older site: its pages and calendars, at the top or in a board's folder.
                let depth = path.split(separator: "/").count
                let ours = kind == S_IFDIR ? depth == 1 : depth <= 2 && siteFileNames.contains(name)
                if !ours { return .unlistedFile(path) }
            } else if !listed.contains(path) && !folders.contains(path) {
                return .unlistedFile(path)
            }
            let wanted = listed.contains(path) ? S_IFREG : S_IFDIR
            if listed.isEmpty ? (kind != S_IFDIR && kind != S_IFREG) : kind != wanted {
                return .replacedFile(path, change(info.st_mode))
            }
            if kind == S_IFREG, let sum = checksums[path] {
                let bytes = readRegularFile(folder.appending(path: path).path)
                if bytes.map({ checksum(FileChecksum.of($0)) }) != sum { return .replacedFile(path, .edited) }
            }
            return nil
        }
        func walk(_ relative: String) -> OutputRefusal? {
            let url = relative.isEmpty ? folder : folder.appending(path: relative)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
                return .unlistedFile(relative.isEmpty ? "." : relative)
            }
            for entry in entries.sorted() {
                let path = relative.isEmpty ? entry : relative + "/" + entry
                var info = stat()
                guard lstat(url.appending(path: entry).path, &info) == 0 else { return .unlistedFile(path) }
                if let found = check(path, info) { return found }
                if info.st_mode & S_IFMT == S_IFDIR, let found = walk(path) { return found }
            }
            return nil
        }
        return walk("")
    }

    /// What a file of a site became, from its `st_mode`.
    static func change(_ mode: mode_t) -> SiteFileChange {
        switch mode & S_IFMT {
        case S_IFLNK: .symbolicLink
        case S_IFDIR: .folder
        case S_IFREG: .file
        default: .special
        }
    }

    /// Marker lines that give a file's checksum (`FileChecksum`): `#fnv1a-words HEX PATH` (a path pm-render writes
    /// never starts with `#`, and an older pm-render takes the line for a file that is not there).
    static let checksumPrefix = "#fnv1a-words "

    /// The 64-bit FNV-1a checksum of a file's bytes, in 16 hexadecimal digits: enough to notice a file changed by hand.
    static func checksum(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func checksumLine(_ value: UInt64, _ path: String) -> String {
        checksumPrefix + checksum(value) + " " + path + "\n"
    }

    /// The bytes of a regular file, never following a symbolic link and never waiting on a pipe; nil when it is
    /// anything else or cannot be read.
    static func readRegularFile(_ path: String) -> [UInt8]? {
        try? BoardLoader.readFile(path, regularOnly: true)
    }

    /// The names of the files pm-render writes into a site.
    static let siteFileNames: Set<String> = [
        "index.html", "overdue.html", "history.html", "metrics.html", "board.ics", "boards.ics",
    ]

    /// Files a desktop puts into any folder it shows (macOS Finder, Windows Explorer): not the user's work.
    static let systemFiles: Set<String> = [".DS_Store", "Thumbs.db", "desktop.ini"]

    /// The new site's folder takes the permissions, owner and group of the folder it replaces (a private site stays
    /// private); where they cannot be set, it keeps its own.
    static func keepAccess(of place: OutputPlace, on temporary: URL) {
        var info = stat()
        guard lstat(place.url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        _ = chown(temporary.path, info.st_uid, info.st_gid)
        _ = chmod(temporary.path, info.st_mode & 0o7777)
    }

    /// Writes a new file (rendering it as it goes) and, when `durable`, flushes it to disk.
    private static func writeFile(_ file: RenderedSite.File, to path: String, durable: Bool) -> WriteOutcome {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return .failed(errno) }
        let sink = ByteSink(descriptor: descriptor)
        var checksum = FileChecksum()
        sink.onWrite = { checksum.add($0) }
        do {
            try file.produce(sink)
        } catch {
            close(descriptor)
            return .notRendered(error)
        }
        sink.flush()
        var code = sink.failure
        if code == 0, durable, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == 0 { code = errno }
        return code == 0 ? .written(checksum: checksum.value) : .failed(code)
    }
}

/// Where a site goes, and how its paths are shown: the output folder as the user typed it, files
/// inside it below that, and folders above it relative to the current folder.
struct OutputPlace {
    /// The output folder, absolute and standardized.
    let url: URL
    /// The output folder as given (without trailing slashes).
    let shown: String
    /// Whether something is at the output path already.
    let exists: Bool

    var parent: URL { url.deletingLastPathComponent() }
    var name: String { url.lastPathComponent }

    init?(_ output: String) {
        url = URL(fileURLWithPath: output).standardizedFileURL
        guard !url.lastPathComponent.isEmpty, url.path != "/" else { return nil }
        var shown = output
        while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
        self.shown = shown
        var info = stat()
        exists = lstat(url.path, &info) == 0
    }

    /// A path inside the output folder, for messages.
    func shown(inside relative: String) -> String {
        shown + "/" + relative
    }

    /// A folder above the output folder, for messages: relative to the current folder when inside it.
    func shown(_ folder: URL) -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        return folder.path.hasPrefix(cwd + "/") ? String(folder.path.dropFirst(cwd.count + 1)) : folder.path
    }
}
