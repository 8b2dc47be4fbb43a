/// An ISO 8601 week (`2026-W02`): weeks start on Monday, and week 1 is the week with the year's first Thursday, so
/// the days of 2025-12-29 to 2026-01-04 are in `2026-W01`.
public struct ISOWeek: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The week-numbering year (differs from the calendar year for a few days around New Year).
    public let year: Int
    /// 1 to 53.
    public let week: Int
    /// The week's Monday.
    public let monday: CalendarDate

    /// The week `date` is in.
    public init(_ date: CalendarDate) {
        let mondayDays = date.daysSinceEpoch - (date.weekday + 6) % 7
        let thursday = CalendarDate(daysSinceEpoch: mondayDays + 3)
        let january1 = CalendarDate(year: thursday.year, month: 1, day: 1)!
        year = thursday.year
        week = (thursday.daysSinceEpoch - january1.daysSinceEpoch) / 7 + 1
        monday = CalendarDate(daysSinceEpoch: mondayDays)
    }

    /// The week's Sunday.
    public var sunday: CalendarDate { monday.adding(days: 6) }

    /// `2026-W02`.
    public var description: String { pad(year, 4) + "-W" + pad(week, 2) }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool { lhs.monday < rhs.monday }
}
