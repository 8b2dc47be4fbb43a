/// A time of day on the 24-hour clock, to the minute.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM`, or `H:MM` (`9:30`).
    public init?(text: Substring) {
        var bytes = Array(text.utf8)
        if bytes.count == 4 { bytes.insert(UInt8(ascii: "0"), at: 0) }
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let h = CalendarDate.number(bytes[0..<2]), let m = CalendarDate.number(bytes[3..<5])
        else { return nil }
        self.init(hour: h, minute: m)
    }

    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `HH:MM`.
    public var description: String { pad(hour, 2) + ":" + pad(minute, 2) }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }
}

/// A card's deadline: a date, optionally with a time, in the board's time zone.
public struct Deadline: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: CalendarDate
    public let time: TimeOfDay?

    public init(date: CalendarDate, time: TimeOfDay? = nil) {
        self.date = date
        self.time = time
    }

    /// Parses `YYYY-MM-DD` or `YYYY-MM-DD HH:MM` (also `YYYY-MM-DDTHH:MM`).
    public init?(text: Substring) {
        let trimmed = text.trimmingSpaces
        if let date = CalendarDate(iso: trimmed) {
            self.init(date: date)
            return
        }
        guard trimmed.utf8.count == 16 else { return nil }
        let separator = trimmed.utf8[trimmed.utf8.index(trimmed.startIndex, offsetBy: 10)]
        guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "T") else { return nil }
        let dateEnd = trimmed.utf8.index(trimmed.startIndex, offsetBy: 10)
        let timeStart = trimmed.utf8.index(after: dateEnd)
        guard let date = CalendarDate(iso: trimmed[trimmed.startIndex..<dateEnd]),
            let time = TimeOfDay(text: trimmed[timeStart...])
        else { return nil }
        self.init(date: date, time: time)
    }

    /// Minutes since 1970-01-01T00:00 in the board's local time; a date-only deadline counts as the
    /// end of its day (23:59), when it stops being "not yet due".
    public var dueMinute: Int {
        date.daysSinceEpoch * 1440 + (time?.minutesSinceMidnight ?? 1439)
    }

    /// ISO 8601 without zone: `2026-12-01` or `2026-12-01T18:00` (the JSON and `datetime` form).
    public var iso: String {
        guard let time else { return date.description }
        return date.description + "T" + time.description
    }

    /// The form written in boards: `2026-12-01` or `2026-12-01 18:00`.
    public var description: String {
        guard let time else { return date.description }
        return date.description + " " + time.description
    }

    public static func < (lhs: Deadline, rhs: Deadline) -> Bool {
        (lhs.date, lhs.time?.minutesSinceMidnight ?? -1) < (rhs.date, rhs.time?.minutesSinceMidnight ?? -1)
    }
}
