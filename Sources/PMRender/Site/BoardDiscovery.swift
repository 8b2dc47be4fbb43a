import Foundation

/// Finds the boards among files and folders given on the command line.
public enum BoardDiscovery {
    public struct Found: Sendable {
        /// Board files, sorted by path.
        public var boards: [String]
        /// Markdown files that are not boards (no lane with a known name, no `kanban-plugin` front matter).
        public var skipped: [String]
    }

    /// Expands folders (recursively, `*.md`, hidden folders skipped) and keeps files that are boards.
    /// Files named explicitly are always kept. A board named twice (`dir dir/board.md`) is kept once.
    public static func find(_ paths: [String]) throws(BoardLoadError) -> Found {
        var boards: [String] = []
        var skipped: [String] = []
        func keep(_ board: String) { boards.append(board) }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw BoardLoadError(path: path, reason: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                keep(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let enumerator = FileManager.default.enumerator(atPath: path)
            var candidates: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                if relative.split(separator: "/").contains(where: {
                    $0.hasPrefix(".") || $0 == "node_modules" || $0.hasPrefix("_site")
                }) {
                    continue
                }
                if relative.hasSuffix(".md") { candidates.append(base + "/" + relative) }
            }
            for candidate in candidates.sorted() {
                // Only regular files: opening a pipe named `*.md` would wait for a writer.
                var info = stat()
                if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                    let bytes = try? BoardLoader.readBytes(path: candidate), isBoard(bytes)
                {
                    keep(candidate)
                } else {
                    skipped.append(candidate)
                }
            }
        }
        return Found(boards: distinct(boards), skipped: skipped)
    }

    /// The paths with each file once, where it is first named: `b.md`, `./b.md`, `dir/../b.md` and a symbolic link
    /// to it are one file.
    public static func distinct(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter {
            seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path).inserted
        }
    }

    /// A file in a folder is a board when it has a lane with a known name (`## TODO`, `## 진행 중`, `## Backlog` …) or
    /// Obsidian's `kanban-plugin` front matter. (A file named on the command line is always read as a board.) A board
    /// saved in another encoding than UTF-8 (Latin-1, Windows-1252) is judged by its text as UTF-8 would show it: it
    /// is kept, so that its loading says what is wrong, rather than left out of the site as no board. A file holding
    /// a NUL is binary, never a board.
    public static func isBoard(_ bytes: [UInt8]) -> Bool {
        var result = BoardParser.parse(bytes, file: "")
        if !result.isReadable, !bytes.contains(0) {
            result = BoardParser.parse(Array(String(decoding: bytes, as: UTF8.self).utf8), file: "")
        }
        if result.board.style.dialect == .obsidianKanban { return true }
        return result.board.lanes.contains { $0.stateSource == .name || $0.stateSource == .frontMatter }
    }

    /// Each board's path relative to the folder the boards have in common (`team/q3-plan.md`): the same whatever the
    /// current folder and however the paths were given (`../mb/boards/a.md`, `boards/a.md` or `/srv/mb/boards/a.md`
    /// are all `a.md` beside `b.md`), and never a machine's own folders.
    public static func relativePaths(for paths: [String]) -> [String: String] {
        let absolute = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var common = absolute.first.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        for path in absolute where !path.hasPrefix(common + "/") {
            while !common.isEmpty, common != "/", !path.hasPrefix(common + "/") {
                common = (common as NSString).deletingLastPathComponent
            }
        }
        var result: [String: String] = [:]
        for (path, full) in zip(paths, absolute) {
            result[path] = String(full.dropFirst(common == "/" ? 1 : common.count + 1))
        }
        return result
    }

    /// Stable, collision-free folder names for boards: each board's path relative to the folder the
    /// boards have in common, without `.md`, as a slug (`team/q3-plan.md` → `team-q3-plan`). Two paths
    /// with the same slug get `-2`, `-3`, … in path order, skipping a suffix another board's slug already is
    /// (`x.md`, `X.md` and `x-2.md` give `x`, `x-3` and `x-2`).
    public static func slugs(for paths: [String]) -> [String: String] {
        let relativePaths = relativePaths(for: paths)
        let ordered = paths.map { ($0, relativePaths[$0]!) }.sorted(by: { $0.1 < $1.1 }).map { path, relative in
            var relative = relative
            if relative.hasSuffix(".md") { relative = String(relative.dropLast(3)) }
            let slug = Slug.make(relative.replacingOccurrences(of: "/", with: " "))
            return (path: path, slug: slug.isEmpty ? "board" : slug)
        }
        // Every board's own slug is taken first, so that a suffix never lands on another board's.
        var taken = Set(ordered.map(\.slug))
        var firstOf: Set<String> = []
        var result: [String: String] = [:]
        for (path, slug) in ordered {
            if firstOf.insert(slug).inserted {
                result[path] = slug
                continue
            }
            var count = 2
            while taken.contains("\(slug)-\(count)") { count += 1 }
            taken.insert("\(slug)-\(count)")
            result[path] = "\(slug)-\(count)"
        }
        return result
    }
}
