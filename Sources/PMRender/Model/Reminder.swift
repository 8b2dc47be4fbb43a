import Foundation

/// When calendar apps should remind people of a deadline (front matter `reminder`).
public enum Reminder: Hashable, Sendable {
    case none
    /// This many minutes before the deadline (a date-only deadline starts at 00:00 of its day).
    case before(minutes: Int)

    /// One day before: the default.
    public static let `default` = Reminder.before(minutes: 1440)

    /// Parses `1d`, `2h`, `30m`, `1w` or `none`.
    public init?(text: String) {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "none" || value == "off" {
            self = .none
            return
        }
        guard let unit = value.last, let number = Int(value.dropLast()), number >= 0, number <= 10_000 else {
            return nil
        }
        switch unit {
        case "m": self = .before(minutes: number)
        case "h": self = .before(minutes: number * 60)
        case "d": self = .before(minutes: number * 1440)
        case "w": self = .before(minutes: number * 10080)
        default: return nil
        }
    }

    /// RFC 5545 duration for a `TRIGGER` before the event: `-P1D`, `-PT2H`, `-PT30M`, `PT0S`.
    var trigger: String? {
        guard case .before(let minutes) = self else { return nil }
        if minutes == 0 { return "PT0S" }
        if minutes % 1440 == 0 { return "-P\(minutes / 1440)D" }
        if minutes % 60 == 0 { return "-PT\(minutes / 60)H" }
        return "-PT\(minutes)M"
    }
}
