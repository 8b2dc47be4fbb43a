import Foundation

/// The board's deadlines as an RFC 5545 iCalendar feed (`board.ics`): one event per card that has a
/// deadline and is not DONE, with a reminder. Byte-for-byte deterministic: no wall-clock time is read.
public enum ICalendar {
    public struct Options: Sendable {
        /// "Now", for DTSTAMP (the as-of date at 00:00 UTC).
        public var clock: DeadlineClock
        /// Where the site is published, for each event's URL (`<base>/index.html#card-ID`).
        public var baseURL: String?
        /// The language of the feed's fixed words; nil: each board's own.
        public var locale: BoardLocale?

        public init(clock: DeadlineClock, baseURL: String? = nil, locale: BoardLocale? = nil) {
            self.clock = clock
            self.baseURL = baseURL
            self.locale = locale
        }
    }

    /// The feed of one or more boards, each identified by the slug of its file name.
    public static func feed(for boards: [Board], name: String, options: Options) -> String {
        feed(for: boards.map { ($0, Slug.make(BoardParser.titleFromFileName($0.sourceFile))) }, name: name, options: options)
    }

    /// The feed, with CRLF line endings and lines folded at 75 octets. Each board comes with its slug,
    /// used in UIDs (and, for several boards, in URLs: `<base>/<slug>/index.html#card-ID`).
    public static func feed(for boards: [(Board, String)], name: String, options: Options) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//pm-render//pm-render \(PMRenderVersion.string)//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:\(escape(name))",
        ]
        if boards.count == 1, let (board, _) = boards.first {
            lines.append("X-WR-TIMEZONE:\(escape(board.timezone))")
        }
        let stamp = basicDate(options.clock.today) + "T000000Z"
        for (board, boardSlug) in boards {
            for card in board.cards {
                guard let due = card.due, card.state != .done else { continue }
                lines.append("BEGIN:VEVENT")
                lines.append("UID:\(escape(card.id)).\(escape(boardSlug))@pm-render")
                lines.append("DTSTAMP:\(stamp)")
                if let time = due.time {
                    lines.append("DTSTART:\(utc(date: due.date, time: time, timezone: board.timezone))")
                } else {
                    lines.append("DTSTART;VALUE=DATE:\(basicDate(due.date))")
                    lines.append("DTEND;VALUE=DATE:\(basicDate(due.date.adding(days: 1)))")
                }
                lines.append("SUMMARY:\(escape(card.title))")
                let description = card.descriptionText.isEmpty ? card.description : card.descriptionText
                if !description.isEmpty { lines.append("DESCRIPTION:\(escape(description))") }
                if !card.tags.isEmpty { lines.append("CATEGORIES:" + card.tags.map(escape).joined(separator: ",")) }
                lines.append("STATUS:CONFIRMED")
                lines.append("TRANSP:TRANSPARENT")
                if let base = options.baseURL, let url = cardURL(base: base, board: boards.count > 1 ? boardSlug : nil, card: card) {
                    lines.append("URL:\(url)")
                }
                if let trigger = board.reminder.trigger {
                    lines.append("BEGIN:VALARM")
                    lines.append("ACTION:DISPLAY")
                    lines.append("DESCRIPTION:\(escape(Phrases(options.locale ?? board.locale).text("calendar.reminder", ["title": card.title])))")
                    lines.append("TRIGGER:\(trigger)")
                    lines.append("END:VALARM")
                }
                lines.append("END:VEVENT")
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    /// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newline.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default:
                // Other control characters are not allowed in TEXT values.
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A content line folded at 75 octets (continuation lines start with a space), never inside a
    /// UTF-8 sequence, terminated by CRLF.
    static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out + "\r\n"
    }

    static func basicDate(_ date: CalendarDate) -> String {
        pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
    }

    /// A local date and time in `timezone` as UTC `YYYYMMDDTHHMMSSZ`, following RFC 5545 3.3.5: a
    /// time that occurs twice (clocks going back) means the first occurrence; a time that does not
    /// occur (clocks going forward) is read with the offset before the gap.
    static func utc(date: CalendarDate, time: TimeOfDay, timezone: String) -> String {
        let local = date.daysSinceEpoch * 86_400 + time.minutesSinceMidnight * 60
        let zone = TimeZones.zone(timezone) ?? TimeZone(identifier: "UTC")!
        func offset(_ instant: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) }
        let before = offset(local - 86_400)
        let after = offset(local + 86_400)
        var valid: [Int] = []
        for candidateOffset in [before, after] {
            let instant = local - candidateOffset
            if offset(instant) == candidateOffset { valid.append(instant) }
        }
        let seconds = valid.min() ?? (local - before)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        return basicDate(CalendarDate(daysSinceEpoch: days)) + "T" + pad(rest / 3600, 2) + pad(rest % 3600 / 60, 2) + pad(rest % 60, 2) + "Z"
    }

    static func cardURL(base: String, board: String?, card: Card) -> String? {
        var root = base.hasSuffix("/") ? base : base + "/"
        if let board { root += board + "/" }
        let fragment = ("card-" + card.id).addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? card.id
        return root + "index.html#" + fragment
    }
}
