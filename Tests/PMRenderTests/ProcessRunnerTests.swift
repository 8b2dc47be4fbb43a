import Foundation
import Testing

@testable import PMRender

/// The one way pm-render runs a program, with /bin/sh and cat.
@Suite("Process runner")
struct ProcessRunnerTests {
    static func shell(_ script: String, timeout: Duration = .seconds(60)) -> ProcessRunner {
        ProcessRunner(
            executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
            timeout: timeout)
    }

    @Test("standard output and standard error, both larger than a pipe, never deadlock")
    func bothPipes() async throws {
        let result = try await Self.shell("head -c 3000000 /dev/zero >&2; head -c 2000000 /dev/zero; exit 3").run()
        #expect(try result.value.get().count == 2_000_000)
        #expect(result.standardError.count == 64 * 1024, "kept up to the limit, the rest read and dropped")
        #expect(result.status == .exited(3))
    }

    @Test("input is written while output is read")
    func inputWhileReading() async throws {
        let input = (0..<400_000).flatMap { Array("line \($0)\n".utf8) }
        let cat = ProcessRunner(executable: "/bin/cat", arguments: [], environment: [:], timeout: .seconds(60))
        var lines = 0
        let result = try await cat.run(input: input) { reader in
            var last: [UInt8] = []
            while let line = try await reader.record(separatedBy: 0x0A) {
                lines += 1
                last = line
            }
            return last
        }
        #expect(lines == 400_000)
        #expect(try result.value.get() == Array("line 399999".utf8))
        #expect(result.status.isSuccess)
    }

    @Test("exit statuses and signals are reported, not thrown")
    func statuses() async throws {
        #expect(try await Self.shell("exit 0").run().status == .exited(0))
        #expect(try await Self.shell("echo oops >&2; exit 42").run().status == .exited(42))
        let killed = try await Self.shell("kill -9 $$").run()
        #expect(killed.status == .signalled(9))
    }

    @Test("a program that cannot start is a failure that says why")
    func cannotStart() async throws {
        let missing = ProcessRunner(
            executable: "/nonexistent/program", arguments: [], environment: [:], timeout: .seconds(5))
        await #expect(throws: ProcessRunner.Failure.self) { try await missing.run() }
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notExecutable = folder.appending(path: "script")
        try "#!/bin/sh\n".write(to: notExecutable, atomically: true, encoding: .utf8)
        let denied = ProcessRunner(
            executable: notExecutable.path, arguments: [], environment: [:], timeout: .seconds(5))
        do {
            _ = try await denied.run()
            Issue.record("a file without execute permission started")
        } catch .cannotStart(let reason) {
            #expect(reason.contains("permission denied"), "\(reason)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a body that stops early or throws leaves no program behind")
    func earlyEnd() async throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appending(path: "pid").path
        // Stops reading after the first line: the rest is read and dropped, and the program ends.
        let early = try await Self.shell("seq 1 200000").run { reader in try await reader.record(separatedBy: 0x0A) }
        #expect(try early.value.get() == Array("1".utf8))
        #expect(early.status.isSuccess)
        // Throws: the program (which would run for minutes) is stopped.
        struct Stop: Error {}
        let stopped = try await Self.shell("echo $$ > '\(pidFile)'; echo ready; exec sleep 300").run { reader -> Int in
            _ = try await reader.record(separatedBy: 0x0A)
            throw Stop()
        }
        #expect(throws: Stop.self) { try stopped.value.get() }
        #expect(stopped.status == .signalled(SIGTERM))
        let pid = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!GitSafetyTests.isRunning(pid))
    }

    @Test("after the timeout the process group is stopped and the run fails")
    func timeout() async throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pids = folder.appending(path: "pids").path
        let runner = Self.shell("echo $$ >> '\(pids)'; sleep 300 & echo $! >> '\(pids)'; wait", timeout: .seconds(1))
        await #expect(throws: ProcessRunner.Failure.timedOut) { try await runner.run() }
        let started = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n")
        #expect(started.count == 2)
        for pid in started { #expect(!GitSafetyTests.isRunning(String(pid)), "process \(pid) is still running") }
    }

    @Test("the timeout bounds each wait for the program, not the whole run")
    func timeoutIsIdleTime() async throws {
        // Output every 0.2 s for 8 s, with a 6 s timeout: never waited on for 6 s at once (a margin that holds on a
        // loaded machine, where the other suites may keep the reader from running for seconds), though the whole run
        // takes longer than that.
        let steady = Self.shell(
            "i=0; while [ $i -lt 40 ]; do i=$((i + 1)); echo $i; sleep 0.2; done", timeout: .seconds(6))
        let lines = try await steady.run { reader in
            var count = 0
            while try await reader.record(separatedBy: 0x0A) != nil { count += 1 }
            return count
        }
        #expect(try lines.value.get() == 40)
        // A caller that takes longer than the timeout over each line does not stop the program.
        let slowReader = Self.shell("printf 'a\\nb\\nc\\n'; sleep 0.1", timeout: .seconds(1))
        let read = try await slowReader.run { reader in
            var records: [[UInt8]] = []
            while let record = try await reader.record(separatedBy: 0x0A) {
                records.append(record)
                try await Task.sleep(for: .milliseconds(1_500))
            }
            return records
        }
        #expect(try read.value.get() == [Array("a".utf8), Array("b".utf8), Array("c".utf8)])
        #expect(read.status.isSuccess)
    }
}
