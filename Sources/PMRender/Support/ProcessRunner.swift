import Subprocess
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs every program pm-render starts (only git today), on swift-subprocess.
///
/// A run is structured: the program lives only while `run` is awaited. Standard output is handed to the
/// caller as it arrives, while standard input is written and standard error is collected concurrently,
/// so no pipe can fill up and stall the program. The program runs in a session (and process group) of
/// its own with no controlling terminal, so it cannot prompt there. When pm-render has waited `timeout`
/// for it without a byte of output (or for its exit after its output ended), the whole group is sent
/// SIGTERM, then SIGKILL, and the run fails with ``Failure/timedOut``: a hung program is stopped, a long
/// one that keeps answering is not, nor is one that waits while the caller works on its output. Waiting
/// for the exit uses the kernel's process descriptor (pidfd), not polling; swift-subprocess starts its
/// two monitor threads once per process, not per run.
struct ProcessRunner: Sendable {
    /// Why a program did not run to its end (its own exit status, however bad, is not a failure).
    enum Failure: Error, Equatable, Sendable {
        /// The program could not be started; `reason` says why in plain words.
        case cannotStart(reason: String)
        /// The program kept pm-render waiting longer than the timeout and was stopped.
        case timedOut
        /// The run was cancelled, or swift-subprocess lost track of the program; `reason` says which.
        case interrupted(reason: String)
    }

    /// How the program ended.
    enum Status: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        var isSuccess: Bool { self == .exited(0) }
    }

    /// The result of a run: what `body` returned (or threw), and how the program ended.
    struct Completion<Value> {
        var value: Result<Value, any Error>
        var status: Status
        /// The first ``errorLimit`` bytes of standard error.
        var standardError: [UInt8]
    }

    /// The program, an absolute path.
    var executable: String
    var arguments: [String]
    /// The program's whole environment: nothing else is inherited.
    var environment: [String: String]
    /// How long pm-render waits for output (or, after the output, for the exit) before it stops the program.
    var timeout: Duration
    /// Standard error beyond this many bytes is read and dropped.
    var errorLimit = 64 * 1024

    /// Runs the program: writes `input` to its standard input and closes it, and hands `body` a reader of
    /// its standard output as it arrives. When `body` returns early, the rest of the output is read and
    /// dropped; when it throws, the program is stopped. Returns once the program has exited.
    func run<Value: Sendable>(
        input: [UInt8] = [],
        reading body: (inout OutputReader) async throws -> Value
    ) async throws(Failure) -> Completion<Value> {
        var options = PlatformOptions()
        options.createSession = true
        options.teardownSequence = Self.teardown
        let configuration = Configuration(
            executable: .path(FilePath(executable)),
            arguments: Arguments(arguments),
            environment: .custom(
                Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(stringLiteral: $0.key), $0.value) })
            ),
            platformOptions: options
        )
        let timeout = timeout
        let errorLimit = errorLimit
        let outcome: ExecutionResult<RunResult<Value>, SequenceOutput, SequenceOutput>
        do {
            outcome = try await Subprocess.run(configuration, input: .inputWriter, output: .sequence, error: .sequence)
            {
                execution in
                let waiting = Waiting()
                return try await withThrowingTaskGroup(of: Helper.self) { group in
                    group.addTask { try await Self.write(input, to: execution.standardInputWriter) }
                    group.addTask { try await Self.collect(execution.standardError, limit: errorLimit) }
                    group.addTask { await Self.watch(execution, waiting, timeout: timeout) }
                    var reader = OutputReader(execution.standardOutput, waiting: waiting)
                    var value: Result<Value, any Error>
                    do {
                        value = .success(try await body(&reader))
                        try await reader.drain()
                    } catch {
                        value = .failure(error)
                        await Self.stop(execution)
                    }
                    // Standard input and standard error end with the program; then the watchdog is let go.
                    var result = RunResult(value: value)
                    var pending = 2
                    while pending > 0, let helper = try await group.next() {
                        pending -= result.record(helper)
                    }
                    group.cancelAll()
                    while let helper = try await group.next() { _ = result.record(helper) }
                    return result
                }
            }
        } catch let error as SubprocessError {
            switch error.code {
            case .executableNotFound, .spawnFailed, .failedToChangeWorkingDirectory:
                throw .cannotStart(reason: reason(error))
            default:
                throw .interrupted(reason: reason(error))
            }
        } catch is CancellationError {
            throw .interrupted(reason: "cancelled")
        } catch {
            throw .interrupted(reason: "\(error)")
        }
        let result = outcome.closureResult
        if result.timedOut { throw .timedOut }
        let status: Status
        switch outcome.terminationStatus {
        case .exited(let code): status = .exited(code)
        case .signaled(let signal): status = .signalled(signal)
        }
        return Completion(value: result.value, status: status, standardError: result.standardError)
    }

    /// Runs the program to its end and collects its standard output.
    func run(input: [UInt8] = []) async throws(Failure) -> Completion<[UInt8]> {
        try await run(input: input) { reader in try await reader.readToEnd() }
    }

    /// SIGTERM to the program's process group, then SIGKILL a second later if it is still there.
    private static let teardown: [TeardownStep] = [
        .gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(1))
    ]

    /// Stops the program and everything it started: SIGTERM to its process group, SIGKILL a second later
    /// if the program is still there, then SIGKILL to the group in any case (swift-subprocess's teardown
    /// ends when the program itself exits, and a child that ignored SIGTERM would outlive it). The group's
    /// ID cannot have been reused: the program is reaped only after the run's body.
    private static func stop(_ execution: Execution<CustomWriteInput, SequenceOutput, SequenceOutput>) async {
        await execution.teardown(using: teardown)
        try? execution.send(signal: .kill, toProcessGroup: true)
    }

    /// What a helper task of a run reports.
    private enum Helper: Sendable {
        case wroteInput
        case standardError([UInt8])
        case timedOut
        case watchdogReleased
    }

    /// What the body of a run returns to `run`.
    private struct RunResult<Value: Sendable>: Sendable {
        var value: Result<Value, any Error>
        var standardError: [UInt8] = []
        var timedOut = false

        /// Takes in a helper's report; 1 when it was one of the two that end with the program.
        mutating func record(_ helper: Helper) -> Int {
            switch helper {
            case .wroteInput: return 1
            case .standardError(let bytes):
                standardError = bytes
                return 1
            case .timedOut:
                timedOut = true
                return 0
            case .watchdogReleased: return 0
            }
        }
    }

    /// Writes `input` and closes standard input. A program that exits without reading it all is not an
    /// error here (its status tells); SIGPIPE is ignored meanwhile, so that is not fatal to pm-render.
    private static func write(_ input: [UInt8], to writer: StandardInputWriter) async throws -> Helper {
        if !input.isEmpty {
            await BrokenPipeSignal.shared.ignore()
            _ = try? await writer.write(input)
            await BrokenPipeSignal.shared.restore()
        }
        try? await writer.finish()
        return .wroteInput
    }

    /// Reads standard error to its end, keeping the first `limit` bytes.
    private static func collect(_ stream: SubprocessOutputSequence, limit: Int) async throws -> Helper {
        var kept: [UInt8] = []
        do {
            for try await chunk in stream where kept.count < limit {
                chunk.withUnsafeBytes { raw in
                    kept.append(contentsOf: raw.prefix(limit - kept.count))
                }
            }
        } catch {
            // The stream ends with an error when the program is stopped; what was read is kept.
        }
        return .standardError(kept)
    }

    /// Stops the program's process group once pm-render has waited `timeout` for it, unless cancelled
    /// first. Sleeps until the earliest moment a wait could reach the timeout, then looks again.
    private static func watch(
        _ execution: Execution<CustomWriteInput, SequenceOutput, SequenceOutput>,
        _ waiting: Waiting,
        timeout: Duration
    ) async -> Helper {
        let clock = ContinuousClock()
        var deadline = clock.now.advanced(by: timeout)
        while true {
            do {
                try await Task.sleep(until: deadline, clock: clock)
            } catch {
                return .watchdogReleased
            }
            let since = await waiting.since
            if let since, since.advanced(by: timeout) <= clock.now { break }
            deadline = (since ?? clock.now).advanced(by: timeout)
        }
        await stop(execution)
        return .timedOut
    }

    /// swift-subprocess's error in plain words.
    private func reason(_ error: SubprocessError) -> String {
        let cause = error.underlyingError.map { String(cString: strerror($0.rawValue)).lowercased() }
        switch error.code {
        case .executableNotFound:
            // swift-subprocess says "not found" for a file it may not run, too.
            return access(executable, F_OK) == 0 ? "permission denied" : "not found"
        case .spawnFailed: return cause ?? "the system refused to start it"
        default: return cause ?? "\(error)"
        }
    }
}

extension ProcessRunner {
    /// Since when the run has been waiting for the program (nil while the caller works on output).
    actor Waiting {
        private(set) var since: ContinuousClock.Instant? = .now

        func start() { since = .now }
        func stop() { since = nil }
    }
}

/// Ignores SIGPIPE while pm-render writes to a program's standard input, and only then: a program that
/// exits early must give a failed write, not end pm-render. (Ignoring it for good would turn a closed
/// standard output, as in `pm-render history … | head`, into a crash in Foundation's FileHandle.)
private actor BrokenPipeSignal {
    static let shared = BrokenPipeSignal()
    private var writers = 0
    private var previous: (@convention(c) (Int32) -> Void)?

    func ignore() {
        if writers == 0 { previous = signal(SIGPIPE, SIG_IGN) }
        writers += 1
    }

    func restore() {
        writers -= 1
        if writers == 0 { signal(SIGPIPE, previous) }
    }
}
