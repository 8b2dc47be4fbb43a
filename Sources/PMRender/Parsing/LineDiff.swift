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

    /// A hash of each line of `source`.
    static func lineHashes(_ source: SourceText) -> [UInt64] {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(source.lineCount)
        source.bytes.withUnsafeBufferPointer { bytes in
            for line in 1...max(source.lineCount, 1) where line <= source.lineCount {
                hashes.append(FNV1a.hash(bytes[source.byteRange(ofLine: line)]))
            }
        }
        return hashes
    }
}
