/// The 64-bit FNV-1a hash: cheap, and the same on every run and machine (Swift's `Hasher` is seeded per process).
/// For tables that are probed often and checked exactly on a match, and the checksums of a site's files.
struct FNV1a {
    /// The hash of what was added so far.
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Adds `bytes` to what is hashed.
    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
    }

    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = FNV1a()
        hash.add(bytes)
        return hash.value
    }
}
