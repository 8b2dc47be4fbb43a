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
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<helpers {
            // The thread drops the work (and with it `body`) before it signals: `withoutActuallyEscaping`
            // checks that nothing holds `body` when `forEach` returns, and a `Thread` may outlive it.
            let job = Job(work)
            Thread {
                job.run()
                finished.signal()
            }.start()
        }
        work()
        for _ in 0..<helpers { finished.wait() }
    }
}

/// A helper thread's work, run once and then let go.
private final class Job: @unchecked Sendable {
    private var work: (@Sendable () -> Void)?

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
    }

    func run() {
        work?()
        work = nil
    }
}
