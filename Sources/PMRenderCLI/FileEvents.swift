import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits for changes in folders with inotify (Linux), so an edit is noticed at once and an idle
/// watcher sleeps. Folders are watched rather than files because many editors save by writing a new
/// file and renaming it into place. Where inotify is missing, `wait` just sleeps (polling fallback).
final class FileEvents {
    private var descriptor: Int32 = -1

    init(folders: [String]) {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY)
        for folder in Set(folders) where inotify_add_watch(descriptor, folder, mask) < 0 {
            close(descriptor)
            descriptor = -1
            return
        }
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether inotify is in use (else the caller is polling).
    var isActive: Bool { descriptor >= 0 }

    /// Returns after an event in a watched folder, or after `milliseconds`.
    func wait(milliseconds: Int32) {
        guard descriptor >= 0 else {
            usleep(useconds_t(milliseconds) * 1000)
            return
        }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return }
        // Drain the events: which file changed is decided by comparing snapshots.
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        usleep(50_000)  // let an editor finish writing before the file is read
    }
}
