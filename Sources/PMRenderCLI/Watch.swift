import ArgumentParser
import Foundation
import PMRender

/// `--watch` and `--serve`.
struct WatchOptions: ParsableArguments {
    @Flag(help: "Render, then render again whenever a board or a template changes.")
    var watch = false

    @Option(help: ArgumentHelp("With --watch: also serve the site on 127.0.0.1:PORT with live reload.", valueName: "port"))
    var serve: Int?
}

/// Re-renders whenever a watched file changes. Never stops on a board error: the error is printed
/// and the last good site stays in place.
struct Watcher {
    let render: Render

    func run() async throws {
        let version = Mutex(0)
        if (try? await render.renderOnce()) == 0 { version.withLock { $0 += 1 } }
        if let port = render.watchOptions.serve {
            guard (1...65535).contains(port) else { throw Output.usageFailure("invalid port \(port)") }
            let server = PreviewServer(folder: render.output, port: UInt16(port), version: version)
            Task {
                do {
                    try await server.run()
                } catch {
                    Output.error("pm-render: error: cannot serve on 127.0.0.1:\(port): \(error)")
                    Foundation.exit(2)
                }
            }
        }
        var snapshot = FileSnapshot(paths: watchedPaths())
        var events = FileEvents(folders: watchedFolders())
        Output.error("pm-render: watching \(snapshot.count) files (\(events.isActive ? "inotify" : "polling")); press Ctrl-C to stop")
        while true {
            // inotify wakes us at once; without it (or for changes it cannot see) we poll every 250 ms.
            events.wait(milliseconds: 250)
            try Task.checkCancellation()
            await Task.yield()
            let current = FileSnapshot(paths: watchedPaths())
            guard current != snapshot else { continue }
            snapshot = current
            events = FileEvents(folders: watchedFolders())  // new folders may have appeared
            // Errors are printed by renderOnce; the last good site stays; watching goes on.
            if (try? await render.renderOnce()) == 0 { version.withLock { $0 += 1 } }
        }
    }

    /// The folders holding what is watched.
    func watchedFolders() -> [String] {
        watchedPaths().map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }

    /// The boards (and every Markdown file of watched folders) and the templates.
    func watchedPaths() -> [String] {
        var paths: [String] = []
        for path in render.boards + (render.templates.map { [$0] } ?? []) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                paths.append(path)
                continue
            }
            if isDirectory.boolValue {
                let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
                paths += files.filter { $0.hasSuffix(".md") || $0.hasSuffix(".mustache") }.map { path + "/" + $0 }
            } else {
                paths.append(path)
            }
        }
        return paths.sorted()
    }
}

/// Sizes and modification times of files, to notice changes (polling works on every file system and
/// with editors that save by renaming a new file into place).
struct FileSnapshot: Equatable {
    private var entries: [String: String] = [:]

    init(paths: [String]) {
        for path in paths {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            entries[path] = "\(modified)|\(size)"
        }
    }

    var count: Int { entries.count }
}
