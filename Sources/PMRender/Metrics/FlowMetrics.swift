/// Flow metrics of one board, or of several boards together, computed from their git histories as values:
/// per-card dates and times, throughput, cumulative flow, aging work in progress, cycle-time percentiles and a
/// Monte Carlo forecast. Definitions: docs/METRICS.md.
public struct FlowMetrics: Sendable {
    /// What to compute, as of when.
    public struct Options: Sendable {
        /// The last day counted ("today"); cards' moves after it are ignored.
        public var today: CalendarDate
        /// The first day counted; default: the day the first card was added.
        public var since: CalendarDate?
        public var forecast: Forecast.Options

        public init(today: CalendarDate, since: CalendarDate? = nil, forecast: Forecast.Options = Forecast.Options()) {
            self.today = today
            self.since = since
            self.forecast = forecast
        }
    }

    /// One board's history and what metrics need to know of the board.
    public struct Source: Sendable {
        public let history: BoardHistory
        /// The board's time zone (an IANA name): days are counted in it.
        public let timezone: String
        /// The board's lanes now, in order (cumulative flow lists them first).
        public let lanes: [String]
        /// The board's name on a page of several boards (prefixes its lanes); empty for one board.
        public let board: String

        public init(history: BoardHistory, timezone: String, lanes: [String], board: String = "") {
            self.history = history
            self.timezone = timezone
            self.lanes = lanes
            self.board = board
        }

        /// The source of `board` with its history.
        public init(history: BoardHistory, board: Board, name: String = "") {
            self.init(history: history, timezone: board.timezone, lanes: board.lanes.map(\.name), board: name)
        }
    }

    /// The most days a range spans: ten years, ending today.
    public static let longestRange = 3_653

    /// The first day of the range.
    public let from: CalendarDate
    /// The last day of the range.
    public let today: CalendarDate
    /// Every card whose life overlaps the range (not done or left before it), in the order they were added.
    public let cards: [CardFlow]
    public let throughput: Throughput
    public let flow: CumulativeFlow
    /// Cards in a doing lane now, oldest first.
    public let aging: [AgingItem]
    /// Cycle-time percentiles of the cards done in the range; nil when none was.
    public let cycleTime: Percentiles?
    /// Lead-time percentiles of the cards done in the range; nil when none was.
    public let leadTime: Percentiles?
    public let forecast: Forecast
    /// Some history is a shallow clone: cards already on the board at its first commit are not counted.
    public let isShallow: Bool
    /// Commits read, over every source.
    public let commitCount: Int

    /// The metrics of one board.
    public init(history: BoardHistory, board: Board, options: Options) {
        self.init([Source(history: history, board: board)], options: options)
    }

    /// The metrics of the sources together (a board's lanes are named `board: lane` when it has a name).
    public init(_ sources: [Source], options: Options) {
        let today = options.today
        var all: [CardFlow] = []
        var laneOrder: [String] = []
        for source in sources {
            let days = LocalDays(timezone: source.timezone)
            let prefix = source.board.isEmpty ? "" : source.board + ": "
            laneOrder += source.lanes.map { prefix + $0 }
            for timeline in source.history.allTimelines {
                guard let card = CardFlow(timeline, days: days, asOf: today.daysSinceEpoch, board: source.board)
                else { continue }
                all.append(prefix.isEmpty ? card : card.withLanes(prefixed: prefix))
            }
        }
        // (At most the last `longestRange` days: a `--today` or `--since` years off would chart a point a day.)
        let earliest = CalendarDate(daysSinceEpoch: today.daysSinceEpoch - Self.longestRange + 1)
        let from = max(min(options.since ?? all.map(\.added).min() ?? today, today), earliest)
        self.from = from
        self.today = today
        cards = all.filter { card in
            (card.done.map { $0 >= from } ?? true) && (card.left.map { $0 >= from } ?? true)
        }
        throughput = Throughput(cards: cards, from: from, to: today)
        flow = CumulativeFlow(cards: all, from: from, to: today, laneOrder: laneOrder)
        aging = AgingItem.items(all, today: today)
        let finished = cards.filter { $0.done != nil }
        cycleTime = Percentiles(of: finished.compactMap(\.cycleTimeDays))
        leadTime = Percentiles(of: finished.compactMap(\.leadTimeDays))
        var forecastOptions = options.forecast
        // The sample never reaches before the range.
        forecastOptions.sampleDays = min(forecastOptions.sampleDays, today.daysSinceEpoch - from.daysSinceEpoch + 1)
        let remaining = all.filter { $0.isOnBoard && $0.state != .done }.count
        forecast = Forecast(remaining: remaining, throughput: throughput, today: today, options: forecastOptions)
        isShallow = sources.contains { $0.history.isShallow }
        commitCount = sources.reduce(0) { $0 + $1.history.commitCount }
    }

    /// Cards done in the range, by done day then identity.
    public var finished: [CardFlow] {
        cards.filter { $0.done != nil }.sorted { ($0.done!, $0.board, $0.id) < ($1.done!, $1.board, $1.id) }
    }
}

extension CardFlow {
    /// The same card with its lanes named `prefix + lane` (a board's cards on a page of several boards).
    func withLanes(prefixed prefix: String) -> CardFlow {
        var copy = self
        copy.steps = steps.map { Step(day: $0.day, lane: prefix + $0.lane, state: $0.state) }
        return copy
    }
}
