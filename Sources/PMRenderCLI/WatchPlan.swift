import Foundation

/// The folders `--watch` listens to, and which names in each one matter.
///
/// Folders are watched rather than files: many editors save by writing a new file and renaming it
/// over the old one, which a watch on the old file would miss. A board's folder is watched for the
/// board's name; a folder of boards for `*.md` files and subfolders (recursively); a templates
/// folder for `*.mustache` files and subfolders; and the folder above each of these for its name, so
/// that a folder deleted and created again is seen. Names starting with a dot (editors' swap files,
/// pm-render's own temporary folders) and the output folder never matter.
struct WatchPlan: Equatable, Sendable {
    /// One watched folder.
    struct Folder: Hashable, Sendable {
        var path: String
        /// Names that matter whatever they are (a board file, a watched folder seen from above).
        var names: Set<String> = []
        /// Endings that make a name matter (`.md`, `.mustache`).
        var suffixes: Set<String> = []
        /// Whether folders appearing or going away here matter.
        var subfolders = false
        /// Names that never matter (the output folder, seen from its parent).
        var ignored: Set<String> = []
    }

    private(set) var folders: [Folder] = []

    /// The plan for `boards` (files or folders), the templates folder, and the output folder (never
    /// watched).
    init(boards: [String], templates: String?, output: String) {
        let outputPath = Self.absolute(output)
        var byPath: [String: Folder] = [:]
        func add(_ path: String, _ change: (inout Folder) -> Void) {
            var folder = byPath[path] ?? Folder(path: path)
            change(&folder)
            byPath[path] = folder
        }
        /// Watches the nearest existing folder above `path` for the first missing name on the way.
        func watchFromAbove(_ path: String) {
            var child = path
            var parent = (path as NSString).deletingLastPathComponent
            while !Self.isFolder(parent), parent != "/", !parent.isEmpty {
                child = parent
                parent = (parent as NSString).deletingLastPathComponent
            }
            add(parent.isEmpty ? "/" : parent) { $0.names.insert((child as NSString).lastPathComponent) }
        }
        func watchTree(_ root: String, suffix: String) {
            watchFromAbove(root)
            guard Self.isFolder(root) else { return }
            for folder in [root] + Self.subfolders(of: root, excluding: outputPath) {
                add(folder) {
                    $0.suffixes.insert(suffix)
                    $0.subfolders = true
                }
            }
        }
        for board in boards.map(Self.absolute) {
            if Self.isFolder(board) {
                watchTree(board, suffix: ".md")
            } else {
                watchFromAbove(board)
            }
        }
        if let templates { watchTree(Self.absolute(templates), suffix: ".mustache") }
        // Writing the site must never look like a change (or every render would start another).
        let outputParent = (outputPath as NSString).deletingLastPathComponent
        byPath[outputParent]?.ignored.insert((outputPath as NSString).lastPathComponent)
        folders = byPath.values.sorted { $0.path < $1.path }
    }

    /// Whether `name`, changed inside the watched `folder`, could change the site.
    func matters(name: String, in folder: String, isFolder: Bool) -> Bool {
        guard let watched = folders.first(where: { $0.path == folder }) else { return true }
        if watched.ignored.contains(name) { return false }
        if watched.names.contains(name) { return true }
        guard !name.hasPrefix(".") else { return false }
        if isFolder { return watched.subfolders && !Self.isSkipped(name) }
        return watched.suffixes.contains { name.hasSuffix($0) }
    }

    /// Folders below `root`, skipping those board discovery skips (hidden ones, `node_modules`,
    /// `_site*`) and the output folder.
    static func subfolders(of root: String, excluding output: String) -> [String] {
        var found: [String] = []
        var pending = [root]
        while let folder = pending.popLast() {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in entries.sorted() where !name.hasPrefix(".") && !isSkipped(name) {
                let path = folder == "/" ? "/" + name : folder + "/" + name
                guard path != output, isFolder(path) else { continue }
                found.append(path)
                pending.append(path)
            }
        }
        return found
    }

    static func isSkipped(_ name: String) -> Bool {
        name == "node_modules" || name.hasPrefix("_site")
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
