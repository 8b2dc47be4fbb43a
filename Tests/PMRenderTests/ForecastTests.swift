import Foundation
import Testing

@testable import PMRender

/// The Monte Carlo forecast on scripted histories (`FlowFixture.steady`): exact where the throughput leaves no
/// room for chance, deterministic for a seed, ordered by confidence, and silent below 10 cards done.
@Suite("Forecast", .serialized)
struct ForecastTests {
    static func metrics(
        pattern: [Int], remaining: Int, today: String, seed: UInt64 = 1, by: String? = nil, trials: Int = 10_000
    ) async throws -> FlowMetrics {
        let fixture = try FlowFixture.steady(pattern: pattern, remaining: remaining)
        var options = FlowMetrics.Options(today: CalendarDate(iso: Substring(today))!)
        options.forecast = Forecast.Options(
            trials: trials, seed: seed, by: by.flatMap { CalendarDate(iso: Substring($0)) })
        return FlowMetrics(history: try await fixture.history(), board: try fixture.board(), options: options)
    }

    /// A pattern with some chance in it: 18 cards over 20 days.
    static let uneven = [0, 2, 1, 0, 3, 1, 0, 0, 2, 1, 1, 0, 2, 0, 1, 0, 3, 0, 0, 1]

    @Test("one card a day, every day: every trial finishes the 5 remaining cards in 5 days")
    func constantThroughput() async throws {
        // Mar 2 to Mar 21: one card done each day, so every sampled day draws 1.
        let metrics = try await Self.metrics(
            pattern: Array(repeating: 1, count: 20), remaining: 5, today: "2026-03-21", by: "2026-03-28")
        let forecast = metrics.forecast
        #expect(forecast.sample.count == 20 && forecast.sample.allSatisfy { $0.count == 1 })
        #expect(forecast.isReliable && forecast.remaining == 5)
        let when = try #require(forecast.when)
        let expected = CalendarDate(iso: "2026-03-26")
        #expect(when.p50 == expected && when.p85 == expected && when.p95 == expected)
        #expect(when.histogram.map { "\($0.date) \($0.count)" } == ["2026-03-26 10000"])
        #expect(forecast.howMany == Forecast.HowMany(date: CalendarDate(iso: "2026-03-28")!, p50: 7, p85: 7, p95: 7))
    }

    @Test("the sample is the last 90 days, or the whole history when it is shorter")
    func sampleWindow() async throws {
        let short = try await Self.metrics(pattern: Self.uneven, remaining: 4, today: "2026-03-25")
        #expect(short.forecast.sample.first?.date == CalendarDate(iso: "2026-03-02"))
        #expect(short.forecast.sample.count == 24)
        let long = try await Self.metrics(pattern: Self.uneven, remaining: 4, today: "2026-07-01")
        #expect(long.forecast.sample.count == 90)
        #expect(long.forecast.sample.first?.date == CalendarDate(iso: "2026-04-03"))
        #expect(long.forecast.completedInSample == 0 && !long.forecast.isReliable, "nothing done in those 90 days")
    }

    @Test("the same seed gives the same forecast; another seed draws other days")
    func determinism() async throws {
        let fixture = try FlowFixture.steady(pattern: Self.uneven, remaining: 15)
        let history = try await fixture.history()
        let board = try fixture.board()
        func forecast(seed: UInt64) -> Forecast {
            var options = FlowMetrics.Options(today: CalendarDate(iso: "2026-03-21")!)
            options.forecast = Forecast.Options(seed: seed, by: CalendarDate(iso: "2026-04-10"))
            return FlowMetrics(history: history, board: board, options: options).forecast
        }
        let first = forecast(seed: 7)
        #expect(first.isReliable && first.completedInSample == 18)
        #expect(first == forecast(seed: 7))
        let other = forecast(seed: 8)
        #expect(first.when?.histogram != other.when?.histogram)
        #expect(first.when?.histogram.reduce(0) { $0 + $1.count } == 10_000)
    }

    @Test(
        "later confidence, later date: p50 ≤ p85 ≤ p95; and fewer cards promised: 95 % ≤ 85 % ≤ 50 %",
        arguments: [1, 2, 3, 99] as [UInt64])
    func ordering(seed: UInt64) async throws {
        let metrics = try await Self.metrics(
            pattern: Self.uneven, remaining: 15, today: "2026-03-21", seed: seed, by: "2026-04-20")
        let when = try #require(metrics.forecast.when)
        let (p50, p85, p95) = (try #require(when.p50), try #require(when.p85), try #require(when.p95))
        #expect(p50 <= p85 && p85 <= p95)
        // 18 cards in 20 days: at most 3 a day, so 15 cards need at least 5 days.
        #expect(p50 >= CalendarDate(iso: "2026-03-26")!)
        #expect(when.histogram.first!.date <= p50 && p95 <= when.histogram.last!.date)
        let howMany = try #require(metrics.forecast.howMany)
        #expect(howMany.p95 <= howMany.p85 && howMany.p85 <= howMany.p50)
        #expect(howMany.p50 <= 30 * 3)
    }

    @Test("asking how many by a date does not change when the remaining cards are done")
    func byDoesNotChangeWhen() async throws {
        let plain = try await Self.metrics(pattern: Self.uneven, remaining: 15, today: "2026-03-21")
        let withBy = try await Self.metrics(pattern: Self.uneven, remaining: 15, today: "2026-03-21", by: "2026-05-01")
        #expect(plain.forecast.when == withBy.forecast.when)
        #expect(plain.forecast.howMany == nil && withBy.forecast.howMany != nil)
    }

    @Test(
        "fewer than 10 cards done: no dates, and every format says the forecast is not reliable",
        arguments: [(9, false), (10, true)])
    func reliability(done: Int, reliable: Bool) async throws {
        let metrics = try await Self.metrics(
            pattern: Array(repeating: 1, count: done), remaining: 3, today: "2026-03-20", by: "2026-03-30")
        #expect(metrics.forecast.completedInSample == done)
        #expect(metrics.forecast.isReliable == reliable)
        #expect((metrics.forecast.when != nil) == reliable)
        #expect((metrics.forecast.howMany != nil) == reliable)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(metrics.json().utf8)) as? [String: Any])
        let forecast = try #require(json["forecast"] as? [String: Any])
        #expect(forecast["reliable"] as? Bool == reliable)
        #expect((forecast["p85"] is NSNull) == !reliable)
        let unreliable = "Not reliable: only \(done) cards done"
        #expect(metrics.text(title: "T", file: "f.md", locale: .en).contains(unreliable) == !reliable)
        #expect(metrics.markdown(title: "T", locale: .en).contains(unreliable) == !reliable)
        #expect(metrics.text(title: "T", file: "f.md", locale: .en).contains("85% confidence: by") == reliable)
    }

    @Test("nothing left to do: no dates to forecast")
    func nothingLeft() async throws {
        let metrics = try await Self.metrics(pattern: Array(repeating: 1, count: 12), remaining: 0, today: "2026-03-20")
        #expect(metrics.forecast.isReliable && metrics.forecast.remaining == 0 && metrics.forecast.when == nil)
        #expect(metrics.text(title: "T", file: "f.md", locale: .en).contains("Every card is done"))
    }
}

/// The forecast's figures on a throughput whose distribution is known exactly, without git: on 3 days of 4 one card
/// is done, on the fourth none, so each drawn day finishes a card with probability 3/4.
@Suite("Forecast on a known distribution")
struct ForecastDistributionTests {
    static let today = CalendarDate(iso: "2026-03-28")!

    /// 28 days, one card on each day but every fourth: 21 cards done.
    static let throughput = Throughput(
        days: (0..<28).map { Throughput.Day(date: today.adding(days: $0 - 27), count: $0 % 4 == 3 ? 0 : 1) })

    @Test(
        "one card left: it takes d days with probability (1/4)^(d-1)·3/4, so 1 day at 50%, 2 at 85%, 3 at 95%",
        arguments: [1, 2, 3, 42] as [UInt64])
    func geometric(seed: UInt64) throws {
        // P(done within 1 day) = 0.75, within 2 = 0.9375, within 3 = 0.984: the 85th percentile is 2 days and the
        // 95th 3 days, each at least five standard deviations of 10,000 trials away from the next value.
        let forecast = Forecast(
            remaining: 1, throughput: Self.throughput, today: Self.today, options: Forecast.Options(seed: seed))
        #expect(forecast.completedInSample == 21 && forecast.isReliable)
        let when = try #require(forecast.when)
        #expect(when.p50 == Self.today.adding(days: 1))
        #expect(when.p85 == Self.today.adding(days: 2))
        #expect(when.p95 == Self.today.adding(days: 3))
        let firstDay = try #require(when.histogram.first)
        #expect(firstDay.date == Self.today.adding(days: 1))
        #expect(abs(Double(firstDay.count) / 10_000 - 0.75) < 0.02, "\(firstDay.count) of 10,000 trials on day 1")
        #expect(when.histogram.reduce(0) { $0 + $1.count } == 10_000 && when.unfinished == 0)
    }

    @Test(
        "how many in 10 days is binomial(10, 3/4): 8 at 50%, at least 6 at 85%, at least 5 at 95%",
        arguments: [1, 2, 3, 42] as [UInt64])
    func binomial(seed: UInt64) throws {
        // P(X ≤ 7) = 0.474, P(X ≤ 8) = 0.756: the median is 8. "At least n in 85% of the trials" is the 15th
        // percentile: P(X ≤ 5) = 0.078, P(X ≤ 6) = 0.224, so 6; the 5th: P(X ≤ 4) = 0.020, so 5.
        let by = Self.today.adding(days: 10)
        let forecast = Forecast(
            remaining: 30, throughput: Self.throughput, today: Self.today,
            options: Forecast.Options(seed: seed, by: by))
        #expect(forecast.howMany == Forecast.HowMany(date: by, p50: 8, p85: 6, p95: 5))
    }

    @Test("only the last 90 days are drawn from: older throughput does not count")
    func window() {
        let old = (0..<30).map { Throughput.Day(date: Self.today.adding(days: $0 - 119), count: 5) }
        let recent = (0..<90).map { Throughput.Day(date: Self.today.adding(days: $0 - 89), count: $0 < 12 ? 1 : 0) }
        let forecast = Forecast(remaining: 3, throughput: Throughput(days: old + recent), today: Self.today)
        #expect(forecast.sample.count == 90 && forecast.sample.first?.date == Self.today.adding(days: -89))
        #expect(forecast.completedInSample == 12)
    }
}
