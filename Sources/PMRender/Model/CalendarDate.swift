/// A calendar date without a time zone (proleptic Gregorian), e.g. a card's deadline day.
///
/// Arithmetic is done on days since 1970-01-01 with Howard Hinnant's civil-date algorithms, so it
/// never depends on the machine's calendar, locale or time zone.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or returns nil when the day does not exist (e.g. 2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= CalendarDate.daysInMonth(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// Parses `YYYY-MM-DD` exactly (four-digit year, two-digit month and day).
    public init?(iso text: Substring) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let y = CalendarDate.number(bytes[0..<4]),
            let m = CalendarDate.number(bytes[5..<7]),
            let d = CalendarDate.number(bytes[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Day of the week, 0 = Sunday ... 6 = Saturday.
    public var weekday: Int {
        let d = daysSinceEpoch
        return d >= -4 ? (d + 4) % 7 : (d + 5) % 7 + 6
    }

    /// The date `n` days later (earlier when negative).
    public func adding(days n: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + n)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// Zero-pads a non-negative number to `width` digits.
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
