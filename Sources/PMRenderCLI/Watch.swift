import ArgumentParser
import Foundation
import PMRender

/// `--watch` and `--serve`.
struct WatchOptions: ParsableArguments {
    @Flag(help: "Render, then render again whenever a board or a template changes.")
    var watch = false

    @Option(
        help: ArgumentHelp(
            "Serve the site on 127.0.0.1:PORT with live reload, watching as with --watch (which it implies).",
            valueName: "port"))
    var serve: Int?
}

/// Re-renders whenever a watched file changes, and serves the site with `--serve`. Never stops on a
/// board error: the error is printed and the last good site stays in place. Ctrl-C (or SIGTERM)
/// ends watching and serving cleanly (exit status 0); a render under way is finished first.
struct Watcher {
    let render: Render

    /// How the watching ended.
    private enum Ending {
        case interrupted, watchingEnded, serverEnded
    }

    func run() async throws {
        var server: PreviewServer?
        var listener: PreviewServer.Listener?
        let version = ReloadVersion()
        // An output folder no render could ever replace (`-o .`, the board's folder) ends the run before watching.
        if let refusal = SiteWriter.lastingRefusal(
            of: render.output, protecting: render.boards, templates: render.templates)
        {
            throw Output.usageFailure(refusal.description)
        }
        if let port = render.watchOptions.serve {
            guard (1...65535).contains(port) else { throw Output.usageFailure("invalid port \(port)") }
            server = PreviewServer(folder: render.output, port: UInt16(port), version: version)
            do {
                listener = try await server?.bind()  // a port in use is reported before anything is rendered
            } catch {
                throw Output.usageFailure(error.description)
            }
        }
        let interrupts = Interrupts.stream()
        let ending: Ending
        do {
            ending = try await run(server: server, listener: listener, version: version, interrupts: interrupts)
        } catch {
            // Only the server can fail here (the watching reports its own errors and goes on).
            throw Output.usageFailure(ServeError(port: server?.port ?? 0, error: error).description)
        }
        if ending == .interrupted { Output.error("pm-render: stopped") }
    }

    /// Watches, serves, and waits for Ctrl-C, in one task group: the first task to end ends the others.
    private func run(
        server: PreviewServer?,
        listener: PreviewServer.Listener?,
        version: ReloadVersion,
        interrupts: AsyncStream<Int32>?
    ) async throws -> Ending {
        try await withThrowingTaskGroup(of: Ending.self) { group in
            group.addTask {
                guard let interrupts else { return await Self.waitForCancellation() }
                for await _ in interrupts { return .interrupted }
                return .interrupted
            }
            if let server, let listener {
                group.addTask {
                    try await server.serve(listener)
                    return .serverEnded
                }
            }
            group.addTask {
                await watch(version: version)
                return .watchingEnded
            }
            // The first task to end (Ctrl-C, in practice) ends the others.
            let first = try await group.next() ?? .interrupted
            group.cancelAll()
            return first
        }
    }

    private static func waitForCancellation() async -> Ending {
        let never = AsyncStream<Never> { _ in }
        for await _ in never {}
        return .interrupted
    }

    /// Renders now and after every change that matters, until cancelled.
    private func watch(version: ReloadVersion) async {
        let events = FileEvents()
        defer { events.finish() }
        var plan = plan()
        // Watching begins before the first render, so a save during it is not missed.
        var watch: Watch
        switch events.watch(plan) {
        case .success(let started):
            watch = started
        case .failure(let problem):
            Output.error("pm-render: note: \(problem.description); checking for changes every 250 ms instead")
            await renderOnce(version)
            await poll(version: version)
            return
        }
        defer { watch.stop() }
        let files = Output.plural(watchedPaths().count, "file")
        Output.error(
            "pm-render: watching \(Output.plural(watch.count, "folder")) for \(files) (inotify); press Ctrl-C to stop")
        await renderOnce(version)
        for await change in events.changes {
            await renderOnce(version)
            let next = self.plan()
            guard change.rewatch || next != plan else { continue }
            // New folders, or a watched folder replaced: watch afresh (the new watches start before
            // the old ones stop), and render once more for what may have changed in between.
            if case .success(let started) = events.watch(next) {
                watch.stop()
                watch = started
                plan = next
                await renderOnce(version)
            }
        }
    }

    /// Renders; errors are printed by `renderOnce`, the last good site stays, watching goes on.
    private func renderOnce(_ version: ReloadVersion) async {
        if (try? await render.renderOnce()) == 0 { await version.advance() }
    }

    private func plan() -> WatchPlan {
        WatchPlan(boards: render.boards, templates: render.templates, output: render.output)
    }

    /// The portable fallback, only where inotify is missing (macOS) or cannot be set up: compares
    /// modification times and sizes of the watched files every 250 ms.
    private func poll(version: ReloadVersion) async {
        var snapshot = FileSnapshot(paths: watchedPaths())
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .milliseconds(250))
            } catch {
                return
            }
            let current = FileSnapshot(paths: watchedPaths())
            guard current != snapshot else { continue }
            snapshot = current
            await renderOnce(version)
        }
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
        return BoardDiscovery.distinct(paths).sorted()
    }
}

/// Sizes and modification times of files, to notice changes where there are no file events.
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
}
