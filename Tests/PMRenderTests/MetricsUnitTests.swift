import Foundation
import Testing

@testable import PMRender

/// The building blocks of flow metrics: ISO weeks, nearest-rank percentiles, local days, the seeded generator and
/// the chart grid.
@Suite("Flow metrics: building blocks")
struct MetricsUnitTests {
    @Test(
        "ISO weeks around New Year",
        arguments: [
            ("2025-12-29", "2026-W01"), ("2026-01-04", "2026-W01"), ("2026-01-05", "2026-W02"),
            ("2021-01-03", "2020-W53"), ("2024-12-30", "2025-W01"), ("2027-01-01", "2026-W53"),
            ("2026-06-15", "2026-W25"), ("2008-12-29", "2009-W01"),
        ])
    func isoWeek(date: String, week: String) throws {
        let day = try #require(CalendarDate(iso: Substring(date)))
        #expect(ISOWeek(day).description == week)
        #expect(ISOWeek(day).monday.weekday == 1 && ISOWeek(day).sunday.weekday == 0)
    }

    @Test("ISO weeks agree with Foundation's ISO 8601 calendar for ten years of days")
    func isoWeeksAgreeWithFoundation() throws {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let start = try #require(CalendarDate(year: 2020, month: 1, day: 1)).daysSinceEpoch
        for days in start..<(start + 3_653) {
            let date = CalendarDate(daysSinceEpoch: days)
            let parts = calendar.dateComponents(
                [.weekOfYear, .yearForWeekOfYear], from: Date(timeIntervalSince1970: TimeInterval(days * 86_400)))
            let week = ISOWeek(date)
            #expect(week.year == parts.yearForWeekOfYear && week.week == parts.weekOfYear, "\(date)")
        }
    }

    @Test(
        "nearest-rank percentiles: the value at rank ⌈p × n / 100⌉",
        arguments: [
            ([5], 5, 5, 5), ([1, 2, 3, 4], 2, 4, 4), ([9, 1, 5], 5, 9, 9), (Array(1...20), 10, 17, 19),
            (Array(repeating: 3, count: 7) + [30], 3, 3, 30), (Array(1...100), 50, 85, 95),
        ])
    func percentiles(values: [Int], p50: Int, p85: Int, p95: Int) {
        #expect(Percentiles(of: values) == Percentiles(p50: p50, p85: p85, p95: p95))
        #expect(Percentiles(of: values.reversed()) == Percentiles(of: values), "order does not matter")
    }

    @Test("no values, no percentiles")
    func noPercentiles() {
        #expect(Percentiles(of: []) == nil)
    }

    @Test(
        "local days follow the zone's offset, daylight saving included",
        arguments: [
            // 2026-03-08 is when New York moves to daylight time (02:00 EST → 03:00 EDT).
            ("America/New_York", "2026-03-08T04:30:00Z", "2026-03-07"),
            ("America/New_York", "2026-03-08T06:59:00Z", "2026-03-08"),
            ("America/New_York", "2026-11-01T03:59:00Z", "2026-10-31"),  // EDT: 23:59
            ("Asia/Seoul", "2026-01-07T23:30:00Z", "2026-01-08"), ("UTC", "1969-12-31T23:59:59Z", "1969-12-31"),
            ("Not/AZone", "2026-01-07T23:30:00Z", "2026-01-07"),  // unknown: UTC
        ])
    func localDays(zone: String, instant: String, day: String) throws {
        let seconds = Int(try #require(ISO8601DateFormatter().date(from: instant)).timeIntervalSince1970)
        #expect(LocalDays(timezone: zone).date(seconds).description == day)
    }

    @Test("the seeded generator repeats its sequence for a seed, differs for another, and stays in range")
    func generator() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        var c = SeededGenerator(seed: 43)
        let first = (0..<100).map { _ in a.next() }
        #expect(first == (0..<100).map { _ in b.next() })
        #expect(first != (0..<100).map { _ in c.next() })
        var counts = [Int](repeating: 0, count: 7)
        for _ in 0..<7_000 { counts[a.index(below: 7)] += 1 }
        #expect(counts.allSatisfy { $0 > 800 }, "every index is drawn: \(counts)")
    }

    @Test(
        "axis ticks are round numbers from 0 to at least the maximum",
        arguments: [
            (0, [0, 1]), (1, [0, 1]), (4, [0, 1, 2, 3, 4]), (7, [0, 2, 4, 6, 8]), (41, [0, 10, 20, 30, 40, 50]),
            (15, [0, 5, 10, 15]),
            (1_055, [0, 500, 1_000, 1_500]),
        ])
    func ticks(maximum: Int, expected: [Int]) {
        #expect(ChartGrid.ticks(upTo: maximum) == expected)
    }
}
