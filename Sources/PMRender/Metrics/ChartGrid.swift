/// The grid charts are drawn on, in SVG units: the page scales the SVG to its width. Positions are whole units,
/// computed here once, so templates only write numbers.
enum ChartGrid {
    static let width = 720
    static let height = 290
    static let left = 48
    static let right = 690
    static let top = 16
    static let bottom = 250

    /// The height of `value` on a scale from 0 (the x axis) to `maximum` (the top).
    static func y(_ value: Int, maximum: Int) -> Int {
        let maximum = max(maximum, 1)
        return bottom - (value * (bottom - top) + maximum / 2) / maximum
    }

    /// The position of point `index` of `count` spread from the left edge to the right edge.
    static func x(_ index: Int, of count: Int) -> Int {
        guard count > 1 else { return left }
        return left + (index * (right - left) + (count - 1) / 2) / (count - 1)
    }

    /// The left edge of slot `index` of `count` equal slots across the plot (bars, columns).
    static func slot(_ index: Int, of count: Int) -> Int {
        left + index * (right - left) / max(count, 1)
    }

    /// Round tick values from 0 to at least `maximum`: the smallest step of 1, 2 or 5 times a power of ten that
    /// needs at most five of them.
    static func ticks(upTo maximum: Int) -> [Int] {
        let maximum = max(maximum, 1)
        var step = 1
        var magnitude = 1
        search: while true {
            for multiple in [1, 2, 5] where multiple * magnitude * 5 >= maximum {
                step = multiple * magnitude
                break search
            }
            magnitude *= 10
        }
        var ticks = [0]
        while ticks.last! < maximum { ticks.append(ticks.last! + step) }
        return ticks
    }

    /// Up to `limit` indices of `count`, evenly spread, first and last included.
    static func spread(_ count: Int, limit: Int) -> [Int] {
        guard count > limit else { return Array(0..<count) }
        return (0..<limit).map { $0 * (count - 1) / (limit - 1) }
    }
}
