/// The 64-bit FNV-1a hash: cheap, and the same on every run and machine (Swift's `Hasher` is seeded per process).
/// For tables that are probed often and checked exactly on a match.
enum FNV1a {
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}
