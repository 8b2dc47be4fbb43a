/// Throughput: how many cards became done (and stayed done) on each day and in each ISO week of a range.
public struct Throughput: Hashable, Sendable {
    /// Cards done on one day.
    public struct Day: Hashable, Sendable {
        public let date: CalendarDate
        public let count: Int
    }

    /// Cards done in one ISO week, with its days that are in the range.
    public struct Week: Hashable, Sendable {
        public let week: ISOWeek
        public let count: Int
        public let days: [Day]
    }

    /// Every day of the range, oldest first (days without a finished card count 0).
    public let days: [Day]
    /// Every ISO week the range touches, oldest first; the first and last may be partial.
    public let weeks: [Week]

    /// The throughput of `cards` over the days `from` to `to`.
    public init(cards: [CardFlow], from: CalendarDate, to: CalendarDate) {
        let start = from.daysSinceEpoch
        let count = max(0, to.daysSinceEpoch - start + 1)
        var counts = [Int](repeating: 0, count: count)
        for card in cards {
            guard let done = card.done else { continue }
            let offset = done.daysSinceEpoch - start
            if counts.indices.contains(offset) { counts[offset] += 1 }
        }
        self.init(
            days: counts.enumerated().map {
                Day(date: CalendarDate(daysSinceEpoch: start + $0.offset), count: $0.element)
            })
    }

    /// The throughput of these consecutive days, oldest first.
    public init(days: [Day]) {
        self.days = days
        var weeks: [Week] = []
        var current: [Day] = []
        for day in days {
            if let first = current.first, ISOWeek(first.date) != ISOWeek(day.date) {
                weeks.append(Week(week: ISOWeek(first.date), count: current.reduce(0) { $0 + $1.count }, days: current))
                current = []
            }
            current.append(day)
        }
        if let first = current.first {
            weeks.append(Week(week: ISOWeek(first.date), count: current.reduce(0) { $0 + $1.count }, days: current))
        }
        self.weeks = weeks
    }

    /// Cards done in the range.
    public var total: Int { days.reduce(0) { $0 + $1.count } }
}
