/// The 50th, 85th and 95th percentiles of a set of whole numbers (days), by the nearest-rank method: the p-th
/// percentile is the smallest value with at least p % of the values at or below it (no interpolation, so every
/// figure is one that really happened).
public struct Percentiles: Hashable, Sendable {
    public let p50: Int
    public let p85: Int
    public let p95: Int

}

extension Percentiles {
    /// The percentiles of `values`; nil when there are none.
    public init?(of values: [Int]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        self.init(
            p50: Self.nearestRank(sorted, 50), p85: Self.nearestRank(sorted, 85), p95: Self.nearestRank(sorted, 95))
    }

    /// The `percent`-th percentile of `sorted` (ascending, not empty): the value at rank ⌈percent × n / 100⌉.
    public static func nearestRank<Value>(_ sorted: [Value], _ percent: Int) -> Value {
        let rank = max(1, (percent * sorted.count + 99) / 100)
        return sorted[min(rank, sorted.count) - 1]
    }

    /// The three values in order, with their percent (for tables and charts).
    public var all: [(percent: Int, value: Int)] { [(50, p50), (85, p85), (95, p95)] }
}
