#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a file's bytes go as they are rendered: kept in memory, or written to an open file a piece
/// at a time, so that a large page is never held whole (a 100,000-card board page is 190 MB).
///
/// One sink is used by one thread at a time.
public final class ByteSink {
    /// How many bytes a file sink gathers before it writes them.
    public static let pieceSize = 1 << 20

    private let descriptor: Int32?
    /// Everything so far (memory), or what is not written yet (file).
    public private(set) var bytes: [UInt8] = []
    /// The `errno` of the first write that failed (0: none); whatever comes after it is dropped.
    public private(set) var failure: Int32 = 0
    /// How many bytes the sink has taken in all, written or not.
    public private(set) var total = 0

    /// A sink that keeps everything in memory.
    public init() {
        descriptor = nil
    }

    /// A sink that writes to `descriptor`; the caller flushes it at the end and closes the file.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Called with each piece a file sink writes, as it writes it (a checksum of the file, say).
    public var onWrite: ((UnsafeRawBufferPointer) -> Void)?

    /// Whether bytes are written out as they come (renderers hand them over in pieces then).
    public var isStreaming: Bool { descriptor != nil }

    /// Takes `more`, leaving it empty with its capacity kept for the next piece. A file sink writes
    /// once a piece has gathered.
    public func take(_ more: inout [UInt8]) {
        total += more.count
        if bytes.isEmpty {
            swap(&bytes, &more)  // no copy: `more` gets the empty buffer
        } else {
            bytes += more
        }
        more.removeAll(keepingCapacity: true)
        writeIfPieceGathered()
    }

    /// Appends a copy of `more`.
    public func append(_ more: [UInt8]) {
        var more = more
        take(&more)
    }

    /// Appends `text` as UTF-8.
    public func append(_ text: String) {
        total += text.utf8.count
        bytes += text.utf8
        writeIfPieceGathered()
    }

    /// Appends a copy of `more`.
    public func append(contentsOf more: UnsafeBufferPointer<UInt8>) {
        total += more.count
        bytes.append(contentsOf: more)
        writeIfPieceGathered()
    }

    private func writeIfPieceGathered() {
        if isStreaming, bytes.count >= Self.pieceSize { flush() }
    }

    /// Writes out what has gathered (file sinks; memory sinks keep it).
    public func flush() {
        guard let descriptor else { return }
        defer { bytes.removeAll(keepingCapacity: true) }
        guard failure == 0 else { return }
        bytes.withUnsafeBytes { buffer in
            onWrite?(buffer)
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                guard written > 0 else {  // no progress: never loop on it
                    failure = EIO
                    return
                }
                offset += written
            }
        }
    }
}
