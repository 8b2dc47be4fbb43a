/// Where two versions of a text differ, line by line: Myers' O(ND) difference on hashed lines.
enum LineDiff {
    /// A run of changed lines: `old` lines were replaced by `new` lines (1-based, half-open; either may be empty).
    struct Hunk: Equatable {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// The hunks that turn `old` into `new`, in order; nil when they differ in more than `limit` lines (then the
    /// caller treats everything between the common prefix and suffix as one change).
    /// - Parameter same: whether old line `x` equals new line `y` (0-based), checked when their hashes are equal.
    static func hunks(_ old: [UInt64], _ new: [UInt64], limit: Int = 256, same: (Int, Int) -> Bool) -> [Hunk]? {
        let n = old.count
        let m = new.count
        let maximum = min(n + m, limit)
        let offset = maximum + 1
        var v = [Int](repeating: 0, count: 2 * maximum + 3)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...maximum {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, old[x] == new[y], same(x, y) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break outer
                }
            }
        }
        guard found else { return nil }
        // Walk back through the trace to recover the edit script, as (old index, new index) pairs of equal lines.
        var x = n
        var y = m
        var matches: [(Int, Int)] = []
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                matches.append((x, y))
            }
            if d > 0 {
                x = previousX
                y = previousY
            }
        }
        matches.reverse()
        var hunks: [Hunk] = []
        var oldLine = 0
        var newLine = 0
        for (a, b) in matches + [(n, m)] {
            if a > oldLine || b > newLine {
                hunks.append(Hunk(old: (oldLine + 1)..<(a + 1), new: (newLine + 1)..<(b + 1)))
            }
            oldLine = a + 1
            newLine = b + 1
        }
        return hunks
    }

    /// A hash of each line of `source`, eight bytes at a time (lines with equal hashes are compared byte by byte, so
    /// the hash only has to make unequal lines rarely collide; every version of a history is hashed whole).
    static func lineHashes(_ source: SourceText) -> [UInt64] {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(source.lineCount)
        source.bytes.withUnsafeBytes { bytes in
            for line in 1...max(source.lineCount, 1) where line <= source.lineCount {
                let range = source.byteRange(ofLine: line)
                var hash = UInt64(truncatingIfNeeded: range.count) &* 0x9E37_79B9_7F4A_7C15
                var index = range.lowerBound
                while index + 8 <= range.upperBound {
                    hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    index += 8
                }
                var tail: UInt64 = 0
                var shift: UInt64 = 0
                while index < range.upperBound {
                    tail |= UInt64(bytes[index]) << shift
                    shift += 8
                    index += 1
                }
                hashes.append(mix(hash ^ tail))
            }
        }
        return hashes
    }

    /// A multiply and fold of the high half into the low: every input bit reaches every output bit in a few steps.
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0x9FB2_1C65_1E98_DF25)
        return product.high ^ product.low
    }
}
