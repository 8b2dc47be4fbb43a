import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM as an `AsyncStream`, so that `--watch` ends its tasks cleanly instead
/// of dying wherever it is.
///
/// The signal handler only writes the signal's number to a pipe (all a handler may safely do); a
/// Dispatch source reads the pipe. (A Dispatch signal source alone does not see a signal on Linux
/// once it is ignored, and without ignoring it the signal ends the process first.)
enum Interrupts {
    /// Read and write ends of the pipe, non-blocking; created once, before any handler is set.
    private static let ends: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }()

    /// Installs the handlers and returns the signals as they come. Without a pipe, nil: the signals
    /// keep their default action (the process ends at once).
    static func stream() -> AsyncStream<Int32>? {
        let ends = Self.ends
        guard ends.read >= 0 else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let source = DispatchSource.makeReadSource(
            fileDescriptor: ends.read, queue: DispatchQueue(label: "pm-render.signals"))
        source.setEventHandler {
            var number: UInt8 = 0
            while read(ends.read, &number, 1) == 1 { continuation.yield(Int32(number)) }
        }
        nonisolated(unsafe) let running = source  // Dispatch sources are thread-safe; not marked Sendable on Linux
        continuation.onTermination = { _ in running.cancel() }
        source.resume()
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(Interrupts.ends.write, &byte, 1)
            }
        }
        return stream
    }
}
