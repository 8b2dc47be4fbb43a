import Foundation

/// Commit times as calendar days in a board's time zone: the days flow metrics count in.
///
/// Only the zone's offset at each instant is used (daylight saving included), never the machine's own time zone,
/// so the same history gives the same days on every machine.
public struct LocalDays: Sendable {
    private let zone: TimeZone

    /// Days in `timezone` (an IANA name; UTC when unknown).
    public init(timezone: String) {
        zone = TimeZones.zone(timezone) ?? TimeZone(identifier: "UTC")!
    }

    /// The day (days since 1970-01-01) on which `seconds` (since 1970, UTC) falls in the time zone.
    public func day(_ seconds: Int) -> Int {
        let local = seconds + zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// The calendar date on which `seconds` falls in the time zone.
    public func date(_ seconds: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: day(seconds))
    }
}
