/// The 64-bit FNV-1a hash: cheap, and the same on every run and machine (Swift's `Hasher` is seeded per process).
/// For tables that are probed often and checked exactly on a match.
enum FNV1a {
    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x100_0000_01B3

    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// The hash of a text's UTF-8, read from its storage (walking a `String.UTF8View` costs several times more).
    static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { hash($0) }
    }
}

/// The checksum of a file's bytes, taken a piece at a time as they are written: FNV-1a's steps on 64-bit
/// little-endian words rather than on bytes (eight times fewer multiplications: a 10,000-card site's 12 MB in a few
/// milliseconds), the same for the same bytes however they are cut into pieces.
struct FileChecksum {
    private var hash = FNV1a.offsetBasis
    /// The bytes of a word not complete yet, and how many there are.
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// The checksum of `bytes`.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var checksum = FileChecksum()
        bytes.withUnsafeBytes { checksum.add($0) }
        return checksum.value
    }

    /// Adds the next piece of the file.
    mutating func add(_ buffer: UnsafeRawBufferPointer) {
        var index = 0
        while pendingCount > 0, index < buffer.count {
            takePending(buffer[index])
            index += 1
        }
        while index + 8 <= buffer.count {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            hash = (hash ^ word) &* FNV1a.prime
            index += 8
        }
        while index < buffer.count {
            takePending(buffer[index])
            index += 1
        }
    }

    private mutating func takePending(_ byte: UInt8) {
        pending |= UInt64(byte) << UInt64(8 * pendingCount)
        pendingCount += 1
        if pendingCount == 8 {
            hash = (hash ^ pending) &* FNV1a.prime
            (pending, pendingCount) = (0, 0)
        }
    }

    /// The checksum of what was added: the last, partial word is taken with its length (so trailing zeros count).
    var value: UInt64 {
        pendingCount == 0 ? hash : (hash ^ pending ^ UInt64(pendingCount) << 56) &* FNV1a.prime
    }
}
