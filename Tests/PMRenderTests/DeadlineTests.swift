import Foundation
import Testing

@testable import PMRender

@Suite("Deadline semantics")
struct DeadlineTests {
    static func card(_ due: String, state: CardState = .todo) -> Card {
        Card(
            id: "c", explicitID: nil, title: "C", state: state, due: Deadline(text: Substring(due)), style: .listItem,
            location: SourceLocation(line: 1, column: 1), endLine: 1)
    }

    static func date(_ text: String) -> CalendarDate { CalendarDate(iso: Substring(text))! }

    @Test("a date-only deadline is due at the end of its day")
    func dateOnly() {
        let card = Self.card("2026-11-22")
        #expect(
            DeadlineStatus(
                card: card, clock: DeadlineClock(today: Self.date("2026-11-22"), minuteOfDay: 1439), dueSoonDays: 3)
                == .dueSoon(daysLeft: 0))
        #expect(
            DeadlineStatus(card: card, clock: DeadlineClock(today: Self.date("2026-11-23")), dueSoonDays: 3)
                == .overdue(days: 1))
    }

    @Test("a timed deadline is due at its minute")
    func timed() throws {
        let card = Self.card("2026-11-22 10:00")
        #expect(
            DeadlineStatus(card: card, clock: try #require(DeadlineClock(now: "2026-11-22T10:00")), dueSoonDays: 3)
                == .dueSoon(daysLeft: 0))
        #expect(
            DeadlineStatus(card: card, clock: try #require(DeadlineClock(now: "2026-11-22T10:01")), dueSoonDays: 3)
                == .overdue(days: 0))
        #expect(Phrases(.en).status(.overdue(days: 0)) == "overdue today")
    }

    @Test("DONE cards are never overdue or due soon")
    func doneNeverOverdue() {
        let card = Self.card("2020-01-01", state: .done)
        #expect(
            DeadlineStatus(card: card, clock: DeadlineClock(today: Self.date("2026-11-22")), dueSoonDays: 3) == .none)
    }

    @Test(
        "a ticked card, or one stamped done, is finished wherever it stands: never overdue, and no calendar event",
        arguments: [
            ("- [x] Write notes 📅 2026-11-01", true), ("- Write notes 📅 2026-11-01 ✅ 2026-10-30", true),
            ("- [ ] Tag release 📅 2026-11-02", false), ("- [/] Started 📅 2026-11-02", false),
        ])
    func tickedCardsAreFinished(item: String, finished: Bool) throws {
        let text = "# Release checklist\n\n## Week 1\n\n\(item)\n"
        let card = try #require(TestSupport.parse(text, file: "board.md").board.cards.first)
        #expect(card.state == .todo)
        #expect(card.isFinished == finished)
        let status = DeadlineStatus(card: card, clock: DeadlineClock(today: Self.date("2026-11-22")), dueSoonDays: 3)
        #expect(status.isOverdue == !finished)
        #expect(ICalendarTests.feed(text).contains("BEGIN:VEVENT") == !finished)
    }

    @Test(
        "due soon is within due-soon days; later is upcoming",
        arguments: [(0, "due today"), (1, "due tomorrow"), (3, "due in 3 days")])
    func dueSoonWindow(daysLeft: Int, phrase: String) {
        let today = Self.date("2026-11-22")
        let card = Self.card(today.adding(days: daysLeft).description)
        let status = DeadlineStatus(card: card, clock: DeadlineClock(today: today), dueSoonDays: 3)
        #expect(status == .dueSoon(daysLeft: daysLeft))
        #expect(Phrases(.en).status(status) == phrase)
        #expect(
            DeadlineStatus(
                card: Self.card(today.adding(days: 4).description), clock: DeadlineClock(today: today), dueSoonDays: 3)
                == .upcoming(daysLeft: 4))
    }

    @Test("leap days")
    func leapDay() {
        let card = Self.card("2028-02-29")
        #expect(
            DeadlineStatus(card: card, clock: DeadlineClock(today: Self.date("2028-03-01")), dueSoonDays: 3)
                == .overdue(days: 1))
        #expect(
            DeadlineStatus(card: card, clock: DeadlineClock(today: Self.date("2028-02-28")), dueSoonDays: 1)
                == .dueSoon(daysLeft: 1))
        #expect(Phrases(.en).status(.overdue(days: 1)) == "1 day overdue")
        #expect(Phrases(.en).status(.overdue(days: 366)) == "366 days overdue")
    }

    @Test("the same instant is a different day in far-apart time zones")
    func timeZones() throws {
        // 2026-11-22 10:30 UTC is 2026-11-23 00:30 in Kiritimati (UTC+14) and 2026-11-22 00:30 in Adak (UTC-10).
        let instant = Date(
            timeIntervalSince1970: TimeInterval(
                CalendarDate(year: 2026, month: 11, day: 22)!.daysSinceEpoch * 86_400 + 10 * 3600 + 1800))
        let kiritimati = DeadlineClock.current(in: "Pacific/Kiritimati", at: instant)
        let adak = DeadlineClock.current(in: "America/Adak", at: instant)
        #expect(kiritimati == DeadlineClock(today: Self.date("2026-11-23"), minuteOfDay: 30))
        #expect(adak == DeadlineClock(today: Self.date("2026-11-22"), minuteOfDay: 30))
        let card = Self.card("2026-11-22")
        #expect(DeadlineStatus(card: card, clock: kiritimati, dueSoonDays: 3) == .overdue(days: 1))
        #expect(DeadlineStatus(card: card, clock: adak, dueSoonDays: 3) == .dueSoon(daysLeft: 0))
        // Just before and after midnight in Kiritimati.
        let before = DeadlineClock.current(in: "Pacific/Kiritimati", at: instant.addingTimeInterval(-31 * 60))
        #expect(before.today == Self.date("2026-11-22") && before.minuteOfDay == 1439)
        #expect(DeadlineStatus(card: card, clock: before, dueSoonDays: 3) == .dueSoon(daysLeft: 0))
    }

    @Test(
        "reminder values",
        arguments: [("1d", "-P1D"), ("2h", "-PT2H"), ("90m", "-PT90M"), ("1w", "-P7D"), ("0m", "PT0S")])
    func reminders(text: String, trigger: String) {
        #expect(Reminder(text: text)?.trigger == trigger)
    }

    @Test("invalid reminders are errors at the value")
    func invalidReminder() {
        let result = TestSupport.parse("---\nreminder: soon\n---\n")
        #expect(
            DiagnosticPrinter.text(result.diagnostics)
                == "board.md:2:11: error: invalid reminder 'soon': expected a time before the deadline such as '1d', '2h', '30m', or 'none'\n"
        )
        #expect(TestSupport.parse("---\nreminder: none\n---\n").board.settings.reminder == Reminder.none)
    }
}

@Suite("iCalendar feed")
struct ICalendarTests {
    static let today = CalendarDate(year: 2026, month: 11, day: 22)!

    static func feed(_ text: String, file: String = "board.md") -> String {
        let board = TestSupport.parse(text, file: file).board
        return ICalendar.feed(for: [board], name: board.title, options: .init(clock: DeadlineClock(today: today)))
    }

    @Test(
        "local times become UTC following RFC 5545 for DST gaps and overlaps",
        arguments: [
            ("2026-03-08", "02:30", "20260308T073000Z"),  // gap: offset before the gap (EST)
            ("2026-11-01", "01:30", "20261101T053000Z"),  // overlap: first occurrence (EDT)
            ("2026-07-04", "18:00", "20260704T220000Z"),
            ("2026-01-15", "09:00", "20260115T140000Z"),
        ])
    func utc(date: String, time: String, expected: String) throws {
        let result = ICalendar.utc(
            date: try #require(CalendarDate(iso: Substring(date))),
            time: try #require(TimeOfDay(text: Substring(time))),
            timezone: "America/New_York")
        #expect(result == expected)
    }

    /// QA #7: RFC 5545 writes years in four digits, so nothing may reach year 10000 (or 0).
    @Test(
        "deadlines at the ends of the calendar stay valid: no DTEND past 9999-12-31, an all-day event where UTC leaves it",
        arguments: [
            ("UTC", "- [ ] a @{9999-12-31}", ["DTSTART;VALUE=DATE:99991231"]),
            ("UTC", "- [ ] a @{9999-12-30}", ["DTSTART;VALUE=DATE:99991230", "DTEND;VALUE=DATE:99991231"]),
            ("America/Los_Angeles", "- [ ] a\n  Due: 9999-12-31 23:59", ["DTSTART;VALUE=DATE:99991231"]),
            ("America/Los_Angeles", "- [ ] a\n  Due: 9999-12-31 10:00", ["DTSTART:99991231T180000Z"]),
            (
                "Asia/Seoul", "- [ ] a\n  Due: 0001-01-01 00:10",
                ["DTSTART;VALUE=DATE:00010101", "DTEND;VALUE=DATE:00010102"]
            ),
            ("UTC", "- [ ] a\n  Due: 0001-01-01 00:10", ["DTSTART:00010101T001000Z"]),
        ])
    func calendarEnds(timezone: String, card: String, expected: [String]) {
        let feed = Self.feed("---\ntimezone: \(timezone)\n---\n## TODO\n\n\(card)\n\n## DONE\n")
        let dates = feed.split(separator: "\r\n").filter { $0.hasPrefix("DTSTART") || $0.hasPrefix("DTEND") }
        #expect(dates.map(String.init) == expected, "\(feed)")
    }

    @Test(
        "folding keeps lines within 75 octets, never splits a UTF-8 character, folds only before what does not fit",
        arguments: [
            "SUMMARY:" + String(repeating: "한국어🎉", count: 40),
            "DESCRIPTION:" + String(repeating: "a, b; c\\d\n", count: 30),
            "X:" + String(repeating: "é", count: 200) + String(repeating: "x", count: 73),
            "SUMMARY:short",
        ])
    func folding(line: String) {
        let (name, value) = (line.prefix { $0 != ":" } + ":", String(line.drop { $0 != ":" }.dropFirst()))
        var lines = ICalendar.ContentLines()
        lines.line(String(name), escaping: value)
        let folded = String(decoding: lines.bytes, as: UTF8.self)
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        for (index, text) in physical.enumerated() {
            #expect(text.utf8.count <= 75)
            if index + 1 < physical.count {
                // The next line's first character (after the space that folds it) would not have fitted.
                let next =
                    physical[physical.startIndex + index + 1].dropFirst().unicodeScalars.first.map {
                        String($0).utf8.count
                    } ?? 0
                #expect(text.utf8.count + next > 75)
            }
        }
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == String(name) + ICalendar.escape(value) + "\r\n")
    }

    @Test(
        "an alarm's words are the phrase with the title in it, escaped and folded as one value",
        arguments: ["en", "ko"],
        [
            "Card", "a, b; c\\d", String(repeating: "한국어🎉, ", count: 30), "{title}", "\u{0}x\u{301}",
            String(repeating: "x", count: 64) + "é",
        ])
    func reminderWords(locale: String, title: String) throws {
        let phrases = Phrases(try #require(BoardLocale(rawValue: locale)))
        var pieces = ICalendar.ContentLines()
        pieces.raw("DESCRIPTION:")
        ICalendar.ReminderWords(phrases).write(title: title, into: &pieces)
        pieces.end()
        var whole = ICalendar.ContentLines()
        whole.line("DESCRIPTION:", escaping: phrases.text("calendar.reminder", ["title": title]))
        #expect(pieces.bytes == whole.bytes)
    }

    @Test("text is escaped")
    func escaping() {
        #expect(ICalendar.escape("a,b;c\\d\ne\u{7}") == "a\\,b\\;c\\\\d\\ne")
    }

    @Test(
        "text is escaped in runs as it is byte by byte: every ASCII byte, text around it, nothing to escape",
        arguments: [
            String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }), "a,b", ",a", "a,", ",,;;\\\\", "plain text",
            "", "é,한국어;🎉\\\n\r\n", String(repeating: "word, ", count: 40),
        ])
    func escapingRuns(text: String) {
        var expected = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", ";", ",": expected += "\\" + String(scalar)
            case "\n": expected += "\\n"
            case "\u{0}"..<" ", "\u{7F}": break
            default: expected.unicodeScalars.append(scalar)
            }
        }
        #expect(ICalendar.escape(text) == expected)
    }

    @Test("UIDs stay the same across renders and unrelated edits")
    func stableUIDs() {
        func uids(_ feed: String) -> [String] {
            feed.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        }
        let board = "## TODO\n- [ ] Alpha @{2026-12-01}\n- [ ] Beta @{2026-12-02}\n  Some text.\n"
        let edited =
            "## TODO\n- [ ] New card @{2026-12-03}\n- [ ] Alpha @{2026-12-05}\n- [ ] Beta @{2026-12-02}\n  Other text.\n"
        let first = uids(Self.feed(board))
        #expect(first == uids(Self.feed(board)))
        #expect(first == ["UID:alpha.board@pm-render", "UID:beta.board@pm-render"])
        #expect(Set(first).isSubset(of: Set(uids(Self.feed(edited)))))
    }

    @Test("DONE cards and cards without deadlines get no event; reminders follow the front matter")
    func events() {
        let feed = Self.feed(
            "---\nreminder: none\n---\n## TODO\n- [ ] No date\n- [ ] Dated @{2026-12-01}\n## DONE\n- [x] Finished @{2026-11-01}\n"
        )
        #expect(feed.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(!feed.contains("VALARM"))
        #expect(!feed.contains("Finished"))
    }

    @Test("a card's URL is a URI: the site's address percent-encoded where it holds letters beyond ASCII")
    func cardURLIsURI() throws {
        let board = TestSupport.parse("## TODO\n- [ ] 출시 @{2026-12-01}\n", file: "board.md").board
        let feed = ICalendar.feed(
            for: [board], name: board.title,
            options: .init(clock: DeadlineClock(today: Self.today), baseURL: "https://org.github.io/프로젝트"))
        // (Lines longer than 75 octets are folded: a line break and a space.)
        #expect(
            feed.replacingOccurrences(of: "\r\n ", with: "").contains(
                "URL:https://org.github.io/%ED%94%84%EB%A1%9C%EC%A0%9D%ED%8A%B8/index.html#card-%EC%B6%9C%EC%8B%9C\r\n")
        )
    }

    @Test("the feed of the calendar fixture matches its expected file")
    func golden() async throws {
        let url = TestSupport.fixtures.appending(path: "boards/calendar.md")
        let board = try await BoardFile.load(path: url.path).board
        let feed = ICalendar.feed(
            for: [board], name: board.title,
            options: .init(clock: DeadlineClock(today: Self.today), baseURL: "https://boards.example/team"))
        try TestSupport.assertGolden(feed, TestSupport.expected.appending(path: "ics/calendar.ics"))
    }
}

@Suite("Overdue command", .serialized)
struct OverdueCommandTests {
    @Test("report formats match the expected files", arguments: ["text", "markdown", "json"])
    func formats(format: String) throws {
        let result = try TestSupport.run([
            "overdue", "examples/board.md", "examples/obsidian.md", "examples/ko.md",
            "--today", "2026-11-22", "--within", "3", "--format", format,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        try TestSupport.assertGolden(
            result.stdout,
            TestSupport.expected.appending(path: "reports/overdue.\(format == "markdown" ? "md" : format)"))
    }

    @Test("--fail-on-overdue exits 1 only when something is overdue")
    func failOnOverdue() throws {
        let overdue = try TestSupport.run([
            "overdue", "examples/board.md", "--today", "2026-11-22", "--fail-on-overdue",
        ])
        #expect(overdue.status == 1)
        #expect(overdue.stdout.contains("Translate onboarding into Korean  (due Nov 20, 2026, 2 days overdue)"))
        let early = try TestSupport.run(["overdue", "examples/board.md", "--today", "2026-10-01", "--fail-on-overdue"])
        #expect(early.status == 0)
        #expect(early.stdout == "Project Manager 2.0 (examples/board.md), as of Oct 1, 2026: nothing overdue\n")
    }

    @Test("--now decides timed deadlines to the minute")
    func now() throws {
        let before = try TestSupport.run([
            "overdue", "examples/board.md", "--now", "2026-11-25T17:59", "--format", "json",
        ])
        let after = try TestSupport.run([
            "overdue", "examples/board.md", "--now", "2026-11-25T18:01", "--format", "json",
        ])
        #expect(!before.stdout.contains("crash-clear-deadline"))
        #expect(after.stdout.contains("crash-clear-deadline"))
    }

    @Test("the render command writes overdue.html and board.ics next to index.html")
    func siteFiles() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "site")
        let result = try TestSupport.run(["examples/board.md", "-o", out.path, "--today", "2026-11-22", "--no-history"])
        #expect(result.status == 0)
        let overdue = try String(contentsOf: out.appending(path: "overdue.html"), encoding: .utf8)
        try TestSupport.assertGolden(overdue, TestSupport.expected.appending(path: "html/board-overdue.html"))
        #expect(
            overdue.contains("<a class=\"report-title\" href=\"index.html#card-translate-onboarding-into-korean\">"))
        let index = try String(contentsOf: out.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("<a href=\"overdue.html\">Overdue (1)</a>"))
        // Without --base-url a calendar app cannot subscribe to a file: the page offers the feed as a download.
        #expect(index.contains("<a class=\"download\" href=\"board.ics\" download>Download the calendar</a>"))
        #expect(!index.contains("<a class=\"subscribe\""))
        let ics = try Data(contentsOf: out.appending(path: "board.ics"))
        let export = try TestSupport.run(["export", "examples/board.md", "--format", "ics", "--today", "2026-11-22"])
        #expect(Data(export.stdout.utf8) == ics)
    }
}
