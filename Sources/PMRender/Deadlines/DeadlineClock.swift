import Foundation

/// "Now" for deadline decisions, as a date and minute in the board's time zone.
public struct DeadlineClock: Hashable, Sendable {
    /// The day overdue is judged against ("as of").
    public let today: CalendarDate
    /// Minutes since 00:00 of `today`; 0 when only a date was given (`--today`).
    public let minuteOfDay: Int

    public init(today: CalendarDate, minuteOfDay: Int = 0) {
        self.today = today
        self.minuteOfDay = min(max(minuteOfDay, 0), 1439)
    }

    /// Minutes since 1970-01-01T00:00 in the board's local time.
    public var minute: Int { today.daysSinceEpoch * 1440 + minuteOfDay }

    /// The current date and minute in `timezone` (an IANA name; UTC when unknown). Uses only the
    /// zone's offset, never the machine's own time zone or locale.
    public static func current(in timezone: String, at instant: Date = Date()) -> DeadlineClock {
        let zone = TimeZones.zone(timezone) ?? TimeZone(identifier: "UTC")!
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        return DeadlineClock(today: CalendarDate(daysSinceEpoch: days), minuteOfDay: (seconds - days * 86_400) / 60)
    }

    /// Parses `YYYY-MM-DDTHH:MM` (or with a space) for `--now`.
    public init?(now text: String) {
        guard let deadline = Deadline(text: Substring(text)), let time = deadline.time else { return nil }
        self.init(today: deadline.date, minuteOfDay: time.minutesSinceMidnight)
    }
}

/// Where a card stands against its deadline. The single place these rules live.
public enum DeadlineStatus: Hashable, Sendable {
    /// No deadline, or the card is finished (DONE, ticked or stamped done: `Card.isFinished`).
    case none
    /// Due later than the due-soon window.
    case upcoming(daysLeft: Int)
    /// Due within `due-soon` days (0 = today) and not yet past.
    case dueSoon(daysLeft: Int)
    /// Not DONE and past its deadline.
    case overdue(days: Int)

    /// A card is overdue when it is not finished and its deadline has passed: a date-only deadline at the
    /// end of its day, a timed one at its minute. It is due soon when not overdue and its date is
    /// within `dueSoonDays` days of today. Finished cards (DONE, or ticked) are never overdue or due soon.
    public init(card: Card, clock: DeadlineClock, dueSoonDays: Int) {
        guard let due = card.due, !card.isFinished, !card.isArchived else {
            self = .none
            return
        }
        let daysLeft = due.date.daysSinceEpoch - clock.today.daysSinceEpoch
        if due.dueMinute < clock.minute {
            self = .overdue(days: max(0, -daysLeft))
        } else if daysLeft <= dueSoonDays {
            self = .dueSoon(daysLeft: daysLeft)
        } else {
            self = .upcoming(daysLeft: daysLeft)
        }
    }

    public var isOverdue: Bool {
        if case .overdue = self { return true }
        return false
    }

    public var isDueSoon: Bool {
        if case .dueSoon = self { return true }
        return false
    }
}
