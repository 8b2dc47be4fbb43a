import Foundation

/// Work spread over the cores from inside other concurrent work.
enum Parallel {
    /// The cores this process may use.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Runs `body(index)` for every index of `0..<count`, on up to `cores` threads (the calling
    /// thread among them), and returns when all are done.
    ///
    /// Not `DispatchQueue.concurrentPerform`: called from a thread that is already running Dispatch
    /// or Swift concurrency work (as a page being written is), libdispatch runs its iterations on
    /// that one thread.
    static func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
        // The helpers are joined before this returns, so `body` never outlives the call.
        withoutActuallyEscaping(body) { body in spread(count, body) }
    }

    private static func spread(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Mutex(0)
        let work: @Sendable () -> Void = {
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < count else { return }
                body(index)
            }
        }
        let helpers = min(cores, count) - 1
        guard helpers > 0 else {
            work()
            return
        }
        var threads: [pthread_t] = []
        for _ in 0..<helpers {
            let job = Unmanaged.passRetained(Job(work)).toOpaque()
            var thread = pthread_t()
            if pthread_create(&thread, nil, { job in
                Unmanaged<Job>.fromOpaque(job!).takeRetainedValue().work()
                return nil
            }, job) == 0 {
                threads.append(thread)
            } else {
                Unmanaged<Job>.fromOpaque(job).release()  // no thread: the others do its share
            }
        }
        work()
        for thread in threads { pthread_join(thread, nil) }
    }
}

/// A helper thread's work, handed to `pthread_create`.
private final class Job {
    let work: @Sendable () -> Void

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
    }
}
