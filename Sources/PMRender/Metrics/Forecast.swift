/// A Monte Carlo forecast from daily throughput: each trial replays days drawn at random (with replacement) from the
/// sampled days' throughput. The generator is seeded, so the same history, day and seed give the same forecast.
public struct Forecast: Hashable, Sendable {
    /// How the forecast is made.
    public struct Options: Hashable, Sendable {
        public var trials = 10_000
        public var seed: UInt64 = 1
        /// Days of throughput sampled: the last this many days up to today (fewer when the history is shorter).
        public var sampleDays = 90
        /// Fewer cards done in the sampled days make the forecast unreliable: no dates are given.
        public var minimumCompleted = 10
        /// Trials that need more days than this count as never finishing.
        public var horizonDays = 3_653
        /// "How many by this date" too.
        public var by: CalendarDate?

        public init(trials: Int = 10_000, seed: UInt64 = 1, by: CalendarDate? = nil) {
            self.trials = trials
            self.seed = seed
            self.by = by
        }
    }

    /// "When will the remaining cards be done": the day by which that share of the trials had finished.
    public struct When: Hashable, Sendable {
        /// 50 %, 85 % and 95 % confidence; nil when that many trials did not finish within the horizon.
        public let p50: CalendarDate?
        public let p85: CalendarDate?
        public let p95: CalendarDate?
        /// How many trials finished on each day, in date order (for a histogram).
        public let histogram: [Throughput.Day]
        /// Trials that did not finish within the horizon.
        public let unfinished: Int
    }

    /// "How many cards by a date": at least this many in that share of the trials.
    public struct HowMany: Hashable, Sendable {
        public let date: CalendarDate
        public let p50: Int
        public let p85: Int
        public let p95: Int
    }

    /// Cards on the board not yet done (to do or in progress).
    public let remaining: Int
    /// The day the forecast starts from (the first forecast day is the day after).
    public let today: CalendarDate
    /// The sampled days' throughput, oldest first.
    public let sample: [Throughput.Day]
    /// Cards done in the sampled days.
    public let completedInSample: Int
    public let options: Options
    /// Nil when the forecast is unreliable, nothing remains, or no card was done in the sampled days.
    public let when: When?
    /// Nil without `options.by`, when it is not within the horizon, or when the forecast is unreliable.
    public let howMany: HowMany?

    /// Enough cards were done in the sampled days for the forecast to mean something.
    public var isReliable: Bool { completedInSample >= options.minimumCompleted }

    /// The forecast for `remaining` cards from `throughput`, as of `today`.
    public init(remaining: Int, throughput: Throughput, today: CalendarDate, options: Options = Options()) {
        self.remaining = remaining
        self.today = today
        self.options = options
        let first = today.daysSinceEpoch - options.sampleDays + 1
        sample = throughput.days.filter { $0.date.daysSinceEpoch >= first && $0.date <= today }
        completedInSample = sample.reduce(0) { $0 + $1.count }
        let draws = sample.map(\.count)
        guard completedInSample >= options.minimumCompleted, completedInSample > 0, options.trials > 0 else {
            when = nil
            howMany = nil
            return
        }
        when = remaining > 0 ? Self.when(remaining, draws: draws, today: today, options: options) : nil
        if let by = options.by, by > today, by.daysSinceEpoch - today.daysSinceEpoch <= options.horizonDays {
            howMany = Self.howMany(by: by, draws: draws, today: today, options: options)
        } else {
            howMany = nil
        }
    }

    private static func when(_ remaining: Int, draws: [Int], today: CalendarDate, options: Options) -> When {
        var generator = SeededGenerator(seed: options.seed)
        var results = [Int]()
        results.reserveCapacity(options.trials)
        for _ in 0..<options.trials {
            var left = remaining
            var day = 0
            while left > 0, day < options.horizonDays {
                day += 1
                left -= draws[generator.index(below: draws.count)]
            }
            results.append(left > 0 ? Int.max : day)
        }
        results.sort()
        func date(_ percent: Int) -> CalendarDate? {
            let days = Percentiles.nearestRank(results, percent)
            return days == Int.max ? nil : today.adding(days: days)
        }
        var histogram: [Throughput.Day] = []
        for days in results where days != Int.max {
            if let last = histogram.last, last.date.daysSinceEpoch == today.daysSinceEpoch + days {
                histogram[histogram.count - 1] = Throughput.Day(date: last.date, count: last.count + 1)
            } else {
                histogram.append(Throughput.Day(date: today.adding(days: days), count: 1))
            }
        }
        return When(
            p50: date(50), p85: date(85), p95: date(95), histogram: histogram,
            unfinished: results.count - histogram.reduce(0) { $0 + $1.count })
    }

    private static func howMany(by date: CalendarDate, draws: [Int], today: CalendarDate, options: Options) -> HowMany {
        // Its own generator: asking for a date does not change the "when" figures.
        var generator = SeededGenerator(seed: options.seed ^ 0x9E37_79B9_7F4A_7C15)
        let days = date.daysSinceEpoch - today.daysSinceEpoch
        var totals = [Int]()
        totals.reserveCapacity(options.trials)
        for _ in 0..<options.trials {
            var total = 0
            for _ in 0..<days { total += draws[generator.index(below: draws.count)] }
            totals.append(total)
        }
        totals.sort()
        // "At least n with 85 % confidence": 85 % of the trials did n or more, so n is the 15th percentile.
        return HowMany(
            date: date, p50: Percentiles.nearestRank(totals, 50), p85: Percentiles.nearestRank(totals, 15),
            p95: Percentiles.nearestRank(totals, 5))
    }
}

/// SplitMix64 (Steele, Lea and Flood): a small, fast generator whose whole sequence follows from its seed, the same
/// on every platform.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to `count` − 1 (Lemire's multiply-shift: the high word of a 128-bit product).
    public mutating func index(below count: Int) -> Int {
        Int(UInt64(count).multipliedFullWidth(by: next()).high)
    }
}
