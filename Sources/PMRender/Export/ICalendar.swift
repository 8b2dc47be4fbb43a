import Foundation
import Templating

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
        feed(
            for: boards.map { ($0, Slug.make(BoardParser.titleFromFileName($0.sourceFile))) }, name: name,
            options: options)
    }

    /// The feed, with CRLF line endings and lines folded at 75 octets. Each board comes with its slug,
    /// used in UIDs (and, for several boards, in URLs: `<base>/<slug>/index.html#card-ID`).
    public static func feed(for boards: [(Board, String)], name: String, options: Options) -> String {
        String(decoding: feedBytes(for: boards, name: name, options: options), as: UTF8.self)
    }

    /// The feed as UTF-8.
    public static func feedBytes(for boards: [(Board, String)], name: String, options: Options) -> [UInt8] {
        let sink = ByteSink()
        writeFeed(for: boards, name: name, options: options, to: sink)
        return sink.bytes
    }

    /// Writes the feed into `sink`, a piece at a time when it streams.
    static func writeFeed(for boards: [(Board, String)], name: String, options: Options, to sink: ByteSink) {
        var lines = ContentLines()
        lines.line("BEGIN:VCALENDAR")
        lines.line("VERSION:2.0")
        lines.line("PRODID:-//pm-render//pm-render \(PMRenderVersion.string)//EN")
        lines.line("CALSCALE:GREGORIAN")
        lines.line("METHOD:PUBLISH")
        lines.line("X-WR-CALNAME:", escaping: name)
        if boards.count == 1, let (board, _) = boards.first {
            lines.line("X-WR-TIMEZONE:", escaping: board.timezone)
        }
        let stamp = "DTSTAMP:" + basicDate(options.clock.today) + "T000000Z"
        for (board, boardSlug) in boards {
            // A large board repeats its deadlines: each one's lines are made once (a time goes through time zones).
            var linesOfDeadline: [Deadline: [String]] = [:]
            let phrases = Phrases(options.locale ?? board.locale)
            let reminder = ReminderWords(phrases)
            for card in board.cards {
                guard let due = card.due, !card.isFinished else { continue }
                lines.line("BEGIN:VEVENT")
                lines.raw("UID:")
                lines.escaped(card.id)
                lines.raw(".")
                lines.escaped(boardSlug)
                lines.raw("@pm-render")
                lines.end()
                lines.line(stamp)
                let dueLines: [String]
                if let known = linesOfDeadline[due] {
                    dueLines = known
                } else {
                    dueLines = deadlineLines(due, timezone: board.timezone)
                    linesOfDeadline[due] = dueLines
                }
                for line in dueLines { lines.line(line) }
                lines.line("SUMMARY:", escaping: card.title)
                let description = PlainText.markdown(card.description)
                if !description.isEmpty { lines.line("DESCRIPTION:", escaping: description) }
                if !card.tags.isEmpty {
                    lines.raw("CATEGORIES:")
                    for (index, tag) in card.tags.enumerated() {
                        if index > 0 { lines.raw(",") }
                        lines.escaped(tag)
                    }
                    lines.end()
                }
                lines.line("STATUS:CONFIRMED")
                lines.line("TRANSP:TRANSPARENT")
                if let base = options.baseURL,
                    let url = cardURL(base: base, board: boards.count > 1 ? boardSlug : nil, card: card)
                {
                    lines.line("URL:" + url)
                }
                if let trigger = board.settings.reminder.trigger {
                    lines.line("BEGIN:VALARM")
                    lines.line("ACTION:DISPLAY")
                    lines.raw("DESCRIPTION:")
                    reminder.write(title: card.title, into: &lines)
                    lines.end()
                    lines.line("TRIGGER:" + trigger)
                    lines.line("END:VALARM")
                }
                lines.line("END:VEVENT")
                if sink.isStreaming, lines.bytes.count >= ByteSink.pieceSize { lines.handOver(to: sink) }
            }
        }
        lines.line("END:VCALENDAR")
        lines.handOver(to: sink)
    }

    /// An alarm's words (`calendar.reminder`, "Deadline: {title}"), looked up once per board and cut where the card's
    /// title goes, rather than filled in for each card.
    struct ReminderWords {
        /// The phrase's text around each place of the title (one more piece than places); nil when it cannot be cut
        /// (the phrase holds the character that marks the places), and is filled in for each card.
        private let pieces: [String]?
        private let phrases: Phrases

        /// What no phrase holds: where the title goes.
        private static let place = "\u{0}"

        init(_ phrases: Phrases) {
            self.phrases = phrases
            let marked = phrases.text("calendar.reminder", ["title": Self.place])
            let template = phrases.text("calendar.reminder", ["title": ""])
            // Filling in copies the phrase and inserts the title as it is, so the places are where the marks are.
            pieces =
                template.utf8.contains(0)
                ? nil : marked.split(separator: Self.place, omittingEmptySubsequences: false).map(String.init)
        }

        /// Writes the phrase with `title` in it as a TEXT value: escaping a text piece by piece is escaping it whole.
        func write(title: String, into lines: inout ContentLines) {
            guard let pieces else { return lines.escaped(phrases.text("calendar.reminder", ["title": title])) }
            for (index, piece) in pieces.enumerated() {
                if index > 0 { lines.escaped(title) }
                lines.escaped(piece)
            }
        }
    }

    /// An event's DTSTART (and DTEND for a whole day). RFC 5545 dates have four-digit years, so a day whose end
    /// would be in year 10000 (9999-12-31) has no DTEND (a DATE start alone is a one-day event), and a time whose
    /// UTC instant leaves years 1 to 9999 (9999-12-31 23:59 west of UTC) is written as an all-day event on its date.
    static func deadlineLines(_ due: Deadline, timezone: String) -> [String] {
        if let time = due.time, let instant = utc(date: due.date, time: time, timezone: timezone) {
            return ["DTSTART:" + instant]
        }
        let end = due.date.adding(days: 1)
        guard end.year <= 9999 else { return ["DTSTART;VALUE=DATE:" + basicDate(due.date)] }
        return ["DTSTART;VALUE=DATE:" + basicDate(due.date), "DTEND;VALUE=DATE:" + basicDate(end)]
    }

    /// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newline.
    static func escape(_ text: String) -> String {
        var lines = ContentLines(folding: false)
        lines.escaped(text)
        return String(decoding: lines.bytes, as: UTF8.self)
    }

    /// A content line folded at 75 octets (continuation lines start with a space), never inside a
    /// UTF-8 sequence, terminated by CRLF.
    static func fold(_ line: String) -> String {
        var lines = ContentLines()
        lines.line(line)
        return String(decoding: lines.bytes, as: UTF8.self)
    }

    /// Writes content lines as UTF-8, escaping TEXT values and folding lines at 75 octets as it goes.
    struct ContentLines {
        private(set) var bytes: [UInt8] = []
        /// Octets on the current (folded) line.
        private var octets = 0
        /// A TEXT value being escaped, kept for the next one.
        private var scratch: [UInt8] = []
        private let folding: Bool

        init(folding: Bool = true) {
            self.folding = folding
            bytes.reserveCapacity(64 * 1024)
        }

        /// A whole line, as is.
        /// Gives the lines so far to `sink` (between lines only: folding counts the current line's octets).
        mutating func handOver(to sink: ByteSink) {
            sink.take(&bytes)
        }

        mutating func line(_ text: String) {
            raw(text)
            end()
        }

        /// A line of a name and a TEXT value.
        mutating func line(_ name: String, escaping value: String) {
            raw(name)
            escaped(value)
            end()
        }

        /// Ends the line with CRLF.
        mutating func end() {
            bytes.append(UInt8(ascii: "\r"))
            bytes.append(UInt8(ascii: "\n"))
            octets = 0
        }

        /// Text as is (folded like the rest of the line).
        mutating func raw(_ text: String) {
            var text = text
            text.withUTF8 { put($0) }
        }

        /// Text as a TEXT value: `\`, `;` and `,` escaped, a line break as `\n`, other control characters (CR
        /// included) dropped, for they are not allowed in TEXT values.
        mutating func escaped(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                // Most text has nothing to escape and goes in as it is; other text goes in as the runs between the
                // bytes that are written otherwise (a byte at a time, each checked and appended, had cost a tenth of
                // the calendar).
                var special = Self.nextSpecial(in: utf8, from: 0)
                guard special < utf8.count else { return put(utf8) }
                var value = [UInt8]()
                swap(&value, &scratch)
                value.removeAll(keepingCapacity: true)
                var start = 0
                while special < utf8.count {
                    value.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<special]))
                    switch utf8[special] {
                    case UInt8(ascii: "\n"):
                        value.append(UInt8(ascii: "\\"))
                        value.append(UInt8(ascii: "n"))
                    case 0..<0x20, 0x7F:
                        break
                    case let byte:  // `\`, `;` or `,`
                        value.append(UInt8(ascii: "\\"))
                        value.append(byte)
                    }
                    start = special + 1
                    special = Self.nextSpecial(in: utf8, from: start)
                }
                value.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
                value.withUnsafeBufferPointer { put($0) }
                swap(&value, &scratch)
            }
        }

        /// The offset of the first byte from `start` on that a TEXT value writes otherwise (`\`, `;`, `,`, a control
        /// character); `utf8.count` when none is.
        private static func nextSpecial(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var offset = start
            while offset < utf8.count {
                let byte = utf8[offset]
                // All but `\` and DEL lie below 64: one bit of a mask each.
                if byte < 64 ? (specialBelow64 >> UInt64(byte)) & 1 != 0 : byte == 0x5C || byte == 0x7F { break }
                offset += 1
            }
            return offset
        }

        /// Control characters, `,` and `;`, one bit each.
        private static let specialBelow64: UInt64 = 0xFFFF_FFFF | 1 << 0x2C | 1 << 0x3B

        /// Whole characters' UTF-8, folded so that no line is longer than 75 octets and no character is cut (a
        /// fold comes only before a character that does not fit).
        private mutating func put(_ utf8: UnsafeBufferPointer<UInt8>) {
            guard folding else { return bytes.append(contentsOf: utf8) }
            var start = 0
            while utf8.count - start > 75 - octets {
                // The last character boundary that fits on this line.
                var cut = start + 75 - octets
                while cut > start, utf8[cut] & 0xC0 == 0x80 { cut -= 1 }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<cut]))
                bytes.append(UInt8(ascii: "\r"))
                bytes.append(UInt8(ascii: "\n"))
                bytes.append(UInt8(ascii: " "))
                octets = 1
                start = cut
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            octets += utf8.count - start
        }
    }

    static func basicDate(_ date: CalendarDate) -> String {
        pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
    }

    /// A local date and time in `timezone` as UTC `YYYYMMDDTHHMMSSZ`, following RFC 5545 3.3.5: a
    /// time that occurs twice (clocks going back) means the first occurrence; a time that does not
    /// occur (clocks going forward) is read with the offset before the gap. Nil when the UTC date's year is not
    /// 1 to 9999, which RFC 5545's four digits cannot write.
    static func utc(date: CalendarDate, time: TimeOfDay, timezone: String) -> String? {
        let local = date.daysSinceEpoch * 86_400 + time.minutesSinceMidnight * 60
        let zone = TimeZones.zone(timezone) ?? TimeZone(identifier: "UTC")!
        func offset(_ instant: Int) -> Int {
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
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
        let utcDate = CalendarDate(daysSinceEpoch: days)
        guard (1...9999).contains(utcDate.year) else { return nil }
        return basicDate(utcDate) + "T" + pad(rest / 3600, 2) + pad(rest % 3600 / 60, 2)
            + pad(rest % 60, 2) + "Z"
    }

    static func cardURL(base: String, board: String?, card: Card) -> String? {
        var root = base.hasSuffix("/") ? base : base + "/"
        if let board { root += board + "/" }
        let fragment = ("card-" + card.id).addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? card.id
        return WebAddress.uri(root) + "index.html#" + fragment
    }
}
