/// Cumulative flow: for every day of a range, how many cards were in each state and in each lane at the end of the
/// day. Cards removed or archived from a done lane stay counted as done (in their last lane), so the done band only
/// grows unless work is reopened; cards removed from a to-do or doing lane leave the chart the day they go.
public struct CumulativeFlow: Hashable, Sendable {
    /// The counts at the end of one day.
    public struct Day: Hashable, Sendable {
        public let date: CalendarDate
        public let todo: Int
        public let doing: Int
        public let done: Int
        /// Cards in each lane, in the order of `CumulativeFlow.lanes`.
        public let lanes: [Int]

        /// The count of cards in `state`.
        public func count(_ state: CardState) -> Int {
            switch state {
            case .todo: todo
            case .doing: doing
            case .done: done
            }
        }

        /// Every card counted that day.
        public var total: Int { todo + doing + done }
    }

    /// Every lane a card was in during the range: the given order first, then others as they are met.
    public let lanes: [String]
    /// Oldest first, one per day of the range.
    public let days: [Day]

    /// The flow of `cards` (as of `to`) over the days `from` to `to`; `laneOrder` puts the board's current lanes
    /// first.
    public init(cards: [CardFlow], from: CalendarDate, to: CalendarDate, laneOrder: [String] = []) {
        let start = from.daysSinceEpoch
        let count = max(0, to.daysSinceEpoch - start + 1)
        var laneIndex: [String: Int] = [:]
        var lanes: [String] = []
        func index(of lane: String) -> Int {
            if let index = laneIndex[lane] { return index }
            laneIndex[lane] = lanes.count
            lanes.append(lane)
            return lanes.count - 1
        }
        for lane in laneOrder { _ = index(of: lane) }
        // Changes per day (a card entering adds one where it is, leaving takes one away); a change before the range
        // counts on its first day, one after it never.
        var stateDeltas = [[Int]](repeating: [Int](repeating: 0, count: count + 1), count: 3)
        var laneDeltas: [[Int]] = []
        func position(_ day: Int) -> Int { min(max(day - start, 0), count) }
        func add(_ state: CardState, lane: Int, from first: Int, to end: Int) {
            let (a, b) = (position(first), position(end))
            guard a < b else { return }
            let s = state == .todo ? 0 : state == .doing ? 1 : 2
            stateDeltas[s][a] += 1
            stateDeltas[s][b] -= 1
            laneDeltas[lane][a] += 1
            laneDeltas[lane][b] -= 1
        }
        let beyond = start + count
        for card in cards {
            for (i, step) in card.steps.enumerated() {
                let lane = index(of: step.lane)
                while laneDeltas.count < lanes.count { laneDeltas.append([Int](repeating: 0, count: count + 1)) }
                let end: Int
                if i + 1 < card.steps.count {
                    end = card.steps[i + 1].day
                } else if let left = card.left, !card.countsAfterLeaving {
                    end = left.daysSinceEpoch
                } else {
                    end = beyond
                }
                add(step.state, lane: lane, from: step.day, to: end)
            }
        }
        while laneDeltas.count < lanes.count { laneDeltas.append([Int](repeating: 0, count: count + 1)) }
        var running = [0, 0, 0]
        var runningLanes = [Int](repeating: 0, count: lanes.count)
        var days: [Day] = []
        days.reserveCapacity(count)
        for offset in 0..<count {
            for s in 0..<3 { running[s] += stateDeltas[s][offset] }
            for l in lanes.indices { runningLanes[l] += laneDeltas[l][offset] }
            days.append(
                Day(
                    date: CalendarDate(daysSinceEpoch: start + offset), todo: running[0], doing: running[1],
                    done: running[2], lanes: runningLanes))
        }
        self.lanes = lanes
        self.days = days
    }

    /// The counts at the end of `date`, if it is in the range.
    public func day(_ date: CalendarDate) -> Day? {
        guard let first = days.first else { return nil }
        let offset = date.daysSinceEpoch - first.date.daysSinceEpoch
        return days.indices.contains(offset) ? days[offset] : nil
    }
}
