import Subprocess

extension ProcessRunner {
    /// Reads a program's standard output as it arrives: records up to a separator, or a number of bytes.
    /// Only the chunk being read is held (a pipe's worth), plus what the caller asks for. It tells the run
    /// when it waits for the program, for the timeout.
    struct OutputReader {
        /// The output ended in the middle of something that was asked for.
        struct Truncated: Error {}

        private var chunks: SubprocessOutputSequence.AsyncIterator
        private var chunk: SubprocessOutputSequence.Buffer?
        /// Bytes of `chunk` already handed out.
        private var offset = 0
        private var finished = false
        private let waiting: Waiting

        init(_ output: SubprocessOutputSequence, waiting: Waiting) {
            chunks = output.makeAsyncIterator()
            self.waiting = waiting
        }

        /// The bytes up to the next `separator` (which is consumed, not returned), or up to the end of the
        /// output; nil when nothing is left.
        mutating func record(separatedBy separator: UInt8) async throws -> [UInt8]? {
            var record: [UInt8] = []
            var readAny = false
            while true {
                if let chunk, offset < chunk.count {
                    readAny = true
                    let end = chunk.withUnsafeBytes { raw in
                        raw[offset...].firstIndex(of: separator)
                    }
                    append(chunk, upTo: end ?? chunk.count, to: &record)
                    if let end {
                        offset = end + 1
                        return record
                    }
                }
                guard try await nextChunk() else { return readAny ? record : nil }
            }
        }

        /// The next `count` bytes; throws ``Truncated`` when the output ends before.
        mutating func bytes(_ count: Int) async throws -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(count)
            while bytes.count < count {
                if let chunk, offset < chunk.count {
                    append(chunk, upTo: min(chunk.count, offset + count - bytes.count), to: &bytes)
                    continue
                }
                guard try await nextChunk() else { throw Truncated() }
            }
            return bytes
        }

        /// Skips the next `count` bytes; throws ``Truncated`` when the output ends before.
        mutating func skip(_ count: Int) async throws {
            var left = count
            while left > 0 {
                if let chunk, offset < chunk.count {
                    let step = min(left, chunk.count - offset)
                    offset += step
                    left -= step
                    continue
                }
                guard try await nextChunk() else { throw Truncated() }
            }
        }

        /// Everything up to the end of the output.
        mutating func readToEnd() async throws -> [UInt8] {
            var bytes: [UInt8] = []
            repeat {
                if let chunk, offset < chunk.count { append(chunk, upTo: chunk.count, to: &bytes) }
            } while try await nextChunk()
            return bytes
        }

        /// Reads the rest of the output and drops it.
        mutating func drain() async throws {
            while try await nextChunk() {}
        }

        /// Moves to the next chunk; false at the end of the output.
        private mutating func nextChunk() async throws -> Bool {
            guard !finished else { return false }
            await waiting.start()
            chunk = try await chunks.next()
            offset = 0
            finished = chunk == nil
            // After the output, the run waits for the exit.
            if !finished { await waiting.stop() }
            return !finished
        }

        /// Appends `chunk[offset..<end]` to `bytes` and moves `offset` to `end`.
        private mutating func append(_ chunk: SubprocessOutputSequence.Buffer, upTo end: Int, to bytes: inout [UInt8]) {
            let start = offset
            chunk.withUnsafeBytes { raw in
                let part = UnsafeRawBufferPointer(rebasing: raw[start..<end])
                bytes.append(contentsOf: part.assumingMemoryBound(to: UInt8.self))
            }
            offset = end
        }
    }
}
