/// One card's flow as of a day, in calendar days of the board's time zone: when it was added, started and finished,
/// where it was at the end of each day, and where it is at the end of the as-of day.
///
/// Definitions (docs/METRICS.md):
/// - **added**: the day of its first commit;
/// - **started**: the first day it entered a doing lane; a card that went straight to done started the day it got
///   there (its done day);
/// - **done**: the day it last became done (entered a done lane from a lane that is not done), if it is done at the
///   end (on the as-of day, or when it left the board); moving between done lanes does not change it;
/// - **lead time** = done − added + 1 days; **cycle time** = done − started + 1 days (finished the day it started:
///   1 day).
public struct CardFlow: Hashable, Sendable {
    /// The last lane a card was in on a day.
    public struct Step: Hashable, Sendable {
        /// Days since 1970-01-01.
        public let day: Int
        public let lane: String
        public let state: CardState
    }

    public let id: String
    public let title: String
    /// The card's board, on a page of several boards (else empty).
    public let board: String
    public let added: CalendarDate
    public let started: CalendarDate?
    public let done: CalendarDate?
    /// Where the card was at the end of each day it moved (the first step is the day it was added), in order.
    public internal(set) var steps: [Step]
    /// The day it left the board (removed or archived), if it did by the as-of day.
    public let left: CalendarDate?

    /// The card's lane at the end of the as-of day (or when it left).
    public var lane: String { steps.last!.lane }

    /// The card's state at the end of the as-of day (or when it left).
    public var state: CardState { steps.last!.state }

    /// The card is on the board at the end of the as-of day.
    public var isOnBoard: Bool { left == nil }

    /// Done − added + 1 days; nil when not done.
    public var leadTimeDays: Int? { done.map { $0.daysSinceEpoch - added.daysSinceEpoch + 1 } }

    /// Done − started + 1 days; nil when not done.
    public var cycleTimeDays: Int? {
        guard let done, let started else { return nil }
        return done.daysSinceEpoch - started.daysSinceEpoch + 1
    }

    /// Still counted in cumulative flow after it left the board: a card removed or archived from a done lane stays
    /// done (finished work does not un-finish); one removed from a to-do or doing lane leaves the chart that day.
    public var countsAfterLeaving: Bool { state == .done }

    /// The card as it stood at the end of day `asOf` (days since 1970-01-01); nil when it was added later.
    ///
    /// Commit dates that go backwards (a rebased or imported commit) count as the day of the commit before.
    public init?(_ timeline: BoardHistory.Timeline, days: LocalDays, asOf: Int, board: String = "") {
        var steps: [Step] = []
        var previous = Int.min
        var startedDay: Int?
        var doneDay: Int?
        for entry in timeline.entries {
            let day = max(previous, days.day(entry.date))
            guard day <= asOf else { break }
            previous = day
            if entry.state == .doing, startedDay == nil { startedDay = day }
            // The day it last became done: entering done from a lane that is not done.
            if entry.state == .done, steps.last?.state != .done { doneDay = day }
            let step = Step(day: day, lane: entry.lane, state: entry.state)
            if steps.last?.day == day { steps[steps.count - 1] = step } else { steps.append(step) }
        }
        guard let first = steps.first, let last = steps.last else { return nil }
        if last.state != .done { doneDay = nil }
        id = timeline.id
        title = timeline.title
        self.board = board
        added = CalendarDate(daysSinceEpoch: first.day)
        done = doneDay.map(CalendarDate.init(daysSinceEpoch:))
        // A doing lane can only come before the last time it became done, so started ≤ done.
        started = (startedDay ?? doneDay).map(CalendarDate.init(daysSinceEpoch:))
        self.steps = steps
        if let ended = timeline.ended, case let day = max(previous, days.day(ended)), day <= asOf {
            left = CalendarDate(daysSinceEpoch: day)
        } else {
            left = nil
        }
    }
}

extension BoardHistory.Timeline {
    /// Lead time as flow metrics define it (docs/METRICS.md): done day − added day + 1, in calendar days of
    /// `timezone` (a card added and finished the same day took 1 day); nil when not done. ``leadTime`` is the
    /// same span in seconds elapsed.
    public func leadTimeDays(timezone: String) -> Int? {
        CardFlow(self, days: LocalDays(timezone: timezone), asOf: .max)?.leadTimeDays
    }

    /// Cycle time as flow metrics define it (docs/METRICS.md): done day − started day + 1, in calendar days of
    /// `timezone`; nil when not done. ``cycleTime`` is the same span in seconds elapsed.
    public func cycleTimeDays(timezone: String) -> Int? {
        CardFlow(self, days: LocalDays(timezone: timezone), asOf: .max)?.cycleTimeDays
    }
}
