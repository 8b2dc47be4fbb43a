import Dispatch
import Foundation
import PMRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something that may change the site happened in the watched folders.
struct FileChange: Sendable {
    /// A watched folder went away or was replaced, or events were lost: the watches must be set up
    /// again.
    var rewatch = false
}

/// File-system events for `--watch`, as an `AsyncStream`: on Linux, inotify watches on the folders of
/// a `WatchPlan`, read by a Dispatch source whenever the descriptor is readable (no polling loop).
/// A burst of events (an editor's save, a `git checkout`) becomes one change, handed over once
/// `quiet` has passed without another event that matters.
///
/// One stream outlives the watches feeding it: `watch(_:)` can set up new watches (new folders, a
/// folder created again) and the old ones be stopped after, so that no event falls in between.
/// Where inotify is missing (macOS) `watch(_:)` fails and the caller polls instead.
struct FileEvents: Sendable {
    let changes: AsyncStream<FileChange>
    private let continuation: AsyncStream<FileChange>.Continuation
    private let quiet: Duration

    init(quiet: Duration = .milliseconds(75)) {
        (changes, continuation) = AsyncStream.makeStream(of: FileChange.self)
        self.quiet = quiet
    }

    /// Ends the stream.
    func finish() {
        continuation.finish()
    }

    #if os(Linux)
        /// Starts watching the plan's folders; the result is stopped with `stop()`.
        func watch(_ plan: WatchPlan) -> Result<Watch, FileError> {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return .failure(FileError(.watch, "the boards", errno: errno)) }
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_DELETE_SELF
                    | IN_MOVE_SELF | IN_ONLYDIR)
            var folders: [Int32: String] = [:]
            for folder in plan.folders {
                let watch = inotify_add_watch(descriptor, folder.path, mask)
                if watch >= 0 {
                    folders[watch] = folder.path
                } else if errno != ENOENT && errno != ENOTDIR {  // gone meanwhile: the folder above sees it back
                    let code = errno
                    close(descriptor)
                    return .failure(FileError(.watch, folder.path, errno: code))
                }
            }
            let source = DispatchSource.makeReadSource(
                fileDescriptor: descriptor, queue: DispatchQueue(label: "pm-render.watch"))
            let reader = InotifyReader(descriptor: descriptor, folders: folders, plan: plan)
            let (continuation, quiet) = (self.continuation, self.quiet)
            source.setEventHandler {
                guard var change = reader.drain() else { return }
                // Debounce: wait for `quiet` without a new event that matters (others do not extend it).
                var deadline = ContinuousClock.now + quiet
                while ContinuousClock.now < deadline {
                    guard reader.waitForEvents(until: deadline) else { continue }
                    if let more = reader.drain() {
                        change.rewatch = change.rewatch || more.rewatch
                        deadline = ContinuousClock.now + quiet
                    }
                }
                continuation.yield(change)
            }
            source.setCancelHandler { close(descriptor) }
            source.resume()
            return .success(Watch(source: source, count: folders.count))
        }
    #else
        /// inotify is Linux's; elsewhere the caller polls.
        func watch(_ plan: WatchPlan) -> Result<Watch, FileError> {
            .failure(FileError(.watch, "the boards", .notPermitted))
        }
    #endif
}

/// A set of watches feeding a `FileEvents` stream.
struct Watch {
    #if os(Linux)
        fileprivate let source: any DispatchSourceRead
    #endif
    /// How many folders are watched.
    let count: Int

    func stop() {
        #if os(Linux)
            source.cancel()  // its cancel handler closes the inotify descriptor
        #endif
    }
}

#if os(Linux)
    /// Reads and sorts inotify events. Used on the watch's serial queue only.
    private struct InotifyReader: Sendable {
        let descriptor: Int32
        /// Watch descriptor → folder.
        let folders: [Int32: String]
        let plan: WatchPlan

        /// Reads every pending event; a change when one of them matters, else nil.
        func drain() -> FileChange? {
            var change: FileChange?
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return change }
                var offset = 0
                while offset + 16 <= count {
                    let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                        (
                            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                    offset += 16 + length
                    if mask & UInt32(IN_Q_OVERFLOW | IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                        change = FileChange(rewatch: true)
                        continue
                    }
                    guard let folder = folders[watch] else { continue }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if plan.matters(name: name, in: folder, isFolder: mask & UInt32(IN_ISDIR) != 0) {
                        change = FileChange(rewatch: change?.rewatch ?? false)
                    }
                }
            }
        }

        /// Waits until events can be read or `deadline` passes; whether they can.
        func waitForEvents(until deadline: ContinuousClock.Instant) -> Bool {
            let left = ContinuousClock.now.duration(to: deadline).components
            let milliseconds = max(0, Int32(left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000) + 1)
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&request, 1, milliseconds) > 0
        }
    }
#endif
