import CPMSupport
import Foundation
import Templating

/// Why a site could not be written (exit status 2: an environment problem, not the board's).
public struct SiteWriteError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

/// Writes a site so that readers only ever see the old site or the new one, never a mix.
///
/// Files go into a temporary folder next to the output folder, which is then swapped into place
/// (Linux `renameat2(RENAME_EXCHANGE)`, else two renames). Any failure removes the temporary folder
/// and leaves the previous site untouched. An existing output folder is replaced only when it is
/// empty or was written by pm-render (it holds the `.pm-render-site` marker), so `-o .` or a typo can
/// never delete someone's files.
public enum SiteWriter {
    /// Marker file written into every site.
    public static let markerName = ".pm-render-site"

    public static func write(_ site: RenderedSite, to output: String, protecting inputs: [String] = []) throws(SiteWriteError) {
        let fileManager = FileManager.default
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let parent = outputURL.deletingLastPathComponent()
        let name = outputURL.lastPathComponent
        guard !name.isEmpty, name != "/", outputURL.path != "/" else {
            throw SiteWriteError(message: "refusing to write a site to '\(output)'")
        }
        try checkReplaceable(outputURL, inputs: inputs)
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError(message: "cannot create '\(parent.path)': \(reason(error))")
        }
        removeStaleTemporaries(in: parent, name: name)

        let temporary = parent.appending(path: ".\(name).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try fileManager.createDirectory(at: temporary, withIntermediateDirectories: false)
            let files = site.files + [RenderedSite.File(path: markerName, contents: Array("pm-render \(PMRenderVersion.string)\n".utf8))]
            for folder in Set(files.map { temporary.appending(path: $0.path).deletingLastPathComponent() }) {
                try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            // Each file is rendered, written and flushed to disk (before the folder is swapped in) on
            // its own thread: pages render side by side, each written in pieces as it renders.
            let failure = Mutex<Int32?>(nil)
            for file in files {
                let code = writeFile(file, to: temporary.appending(path: file.path).path)
                if code != 0 { failure.withLock { $0 = $0 ?? code } }
            }
            if let code = failure.withLock({ $0 }) { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw SiteWriteError(message: "cannot write the site next to '\(output)': \(reason(error))")
        }

        if fileManager.fileExists(atPath: outputURL.path) {
            if pm_rename_exchange(temporary.path, outputURL.path) == 0 {
                try? fileManager.removeItem(at: temporary)  // now holds the previous site
                return
            }
            // No atomic exchange here: move the old site aside, move the new one in, drop the old.
            let old = parent.appending(path: ".\(name).old-\(ProcessInfo.processInfo.processIdentifier)")
            do {
                try fileManager.moveItem(at: outputURL, to: old)
            } catch {
                try? fileManager.removeItem(at: temporary)
                throw SiteWriteError(message: "cannot replace '\(output)': \(reason(error))")
            }
            do {
                try fileManager.moveItem(at: temporary, to: outputURL)
            } catch {
                try? fileManager.moveItem(at: old, to: outputURL)
                try? fileManager.removeItem(at: temporary)
                throw SiteWriteError(message: "cannot replace '\(output)': \(reason(error))")
            }
            try? fileManager.removeItem(at: old)
        } else {
            do {
                try fileManager.moveItem(at: temporary, to: outputURL)
            } catch {
                try? fileManager.removeItem(at: temporary)
                throw SiteWriteError(message: "cannot create '\(output)': \(reason(error))")
            }
        }
    }

    /// Removes `.NAME.tmp-PID-…` and `.NAME.old-PID` folders left by runs that were killed mid-write
    /// (their process no longer exists). The site itself was never touched by those runs.
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
            guard let pidText, let pid = Int32(pidText) else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                try? fileManager.removeItem(at: parent.appending(path: entry))
            }
        }
    }

    /// Refuses outputs that are not folders, hold the boards being rendered, contain the current
    /// folder, or hold files pm-render did not write.
    static func checkReplaceable(_ output: URL, inputs: [String]) throws(SiteWriteError) {
        let fileManager = FileManager.default
        let path = output.resolvingSymlinksInPath().path
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath).resolvingSymlinksInPath().path
        if cwd == path || cwd.hasPrefix(path + "/") {
            throw SiteWriteError(message: "refusing to replace '\(output.path)': it contains the current folder; choose an output folder such as _site")
        }
        for input in inputs {
            let inputPath = URL(fileURLWithPath: input).resolvingSymlinksInPath().path
            if inputPath.hasPrefix(path + "/") {
                throw SiteWriteError(message: "refusing to replace '\(output.path)': it contains the board '\(input)'")
            }
        }
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw SiteWriteError(message: "'\(output.path)' exists and is not a folder")
        }
        let contents = (try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []
        if !contents.isEmpty, !contents.contains(markerName) {
            throw SiteWriteError(message: "refusing to replace '\(output.path)': it holds files pm-render did not write (no \(markerName) marker); choose another folder or empty it")
        }
    }

    /// Writes a new file (rendering it as it goes) and flushes it to disk; 0, or the `errno` of the
    /// first failure.
    private static func writeFile(_ file: RenderedSite.File, to path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        let sink = ByteSink(descriptor: descriptor)
        file.produce(sink)
        sink.flush()
        var code = sink.failure
        if code == 0, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == 0 { code = errno }
        return code
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
