import Foundation
import Testing

@testable import PMRender

/// Flow metrics of a scripted history (`FlowFixture.team`): every figure is worked out by hand from the moves and
/// dates the fixture documents.
@Suite("Flow metrics", .serialized)
struct MetricsTests {
    static func date(_ text: String) -> CalendarDate { CalendarDate(iso: Substring(text))! }

    static func metrics(today: String = "2026-01-09", since: String? = nil, timezone: String? = nil) async throws
        -> FlowMetrics
    {
        let fixture = try FlowFixture.team()
        let history = try await fixture.history()
        let board = try fixture.board()
        let source = FlowMetrics.Source(
            history: history, timezone: timezone ?? board.timezone, lanes: board.lanes.map(\.name))
        return FlowMetrics([source], options: FlowMetrics.Options(today: date(today), since: since.map(date)))
    }

    struct Expected: CustomStringConvertible {
        let id: String
        let added: String
        let started: String?
        let done: String?
        let lead: Int?
        let cycle: Int?
        var description: String { id }
    }

    @Test("added, started and done days, lead and cycle time of every card")
    func cards() async throws {
        let metrics = try await Self.metrics()
        let expected = [
            Expected(id: "card-a", added: "2025-12-29", started: "2025-12-30", done: "2026-01-05", lead: 8, cycle: 7),
            Expected(id: "card-b", added: "2025-12-29", started: "2025-12-31", done: "2025-12-31", lead: 3, cycle: 1),
            Expected(id: "card-c", added: "2025-12-29", started: "2025-12-31", done: nil, lead: nil, cycle: nil),
            Expected(id: "card-d", added: "2025-12-29", started: nil, done: nil, lead: nil, cycle: nil),
            Expected(id: "card-e", added: "2025-12-30", started: "2025-12-30", done: "2026-01-08", lead: 10, cycle: 10),
            Expected(id: "card-f", added: "2025-12-31", started: "2026-01-05", done: "2026-01-06", lead: 7, cycle: 2),
            Expected(id: "card-g", added: "2026-01-05", started: nil, done: nil, lead: nil, cycle: nil),
            Expected(id: "card-h", added: "2026-01-06", started: "2026-01-06", done: nil, lead: nil, cycle: nil),
        ]
        #expect(metrics.cards.map(\.id) == expected.map(\.id))
        for (card, want) in zip(metrics.cards, expected) {
            #expect(card.added.description == want.added, "\(want)")
            #expect(card.started?.description == want.started, "\(want)")
            #expect(card.done?.description == want.done, "\(want)")
            #expect(card.leadTimeDays == want.lead, "\(want)")
            #expect(card.cycleTimeDays == want.cycle, "\(want)")
        }
        #expect(metrics.from == Self.date("2025-12-29"))
        let removed = metrics.cards.filter { !$0.isOnBoard }.map { "\($0.id) \($0.left!)" }
        #expect(removed == ["card-d 2026-01-02", "card-f 2026-01-08"])
    }

    @Test("the same day-based lead and cycle times from the history's timelines")
    func timelineDays() async throws {
        let fixture = try FlowFixture.team()
        let history = try await fixture.history()
        let e = try #require(history.timelines["card-e"])
        #expect(e.leadTimeDays(timezone: "Asia/Seoul") == 10)
        #expect(e.cycleTimeDays(timezone: "Asia/Seoul") == 10)
        // In UTC the last move happened on Jan 7 (23:30), the others on the same days as in Seoul: one day less.
        #expect(e.leadTimeDays(timezone: "UTC") == 9)
        #expect(history.timelines["card-c"]?.cycleTimeDays(timezone: "Asia/Seoul") == nil)
    }

    @Test("weekly throughput in ISO weeks across New Year, and daily throughput")
    func throughput() async throws {
        let metrics = try await Self.metrics()
        // Dec 29 2025 is the Monday of 2026-W01. B was done in W01; A, F and E in W02 (E's first finish on Jan 2
        // does not count: it was reopened).
        #expect(metrics.throughput.weeks.map { "\($0.week) \($0.count)" } == ["2026-W01 1", "2026-W02 3"])
        #expect(metrics.throughput.weeks.map(\.days.count) == [7, 5])
        let days = metrics.throughput.days.filter { $0.count > 0 }.map { "\($0.date) \($0.count)" }
        #expect(days == ["2025-12-31 1", "2026-01-05 1", "2026-01-06 1", "2026-01-08 1"])
        #expect(metrics.throughput.days.count == 12)
        #expect(metrics.throughput.total == 4)
    }

    @Test(
        "cumulative flow at the end of given days, by state and by lane",
        arguments: [
            // date, todo, doing, done, lanes (Backlog, Doing, Review, Done, Released)
            ("2025-12-29", 4, 0, 0, [4, 0, 0, 0, 0]),
            ("2025-12-31", 2, 3, 1, [2, 3, 0, 1, 0]),
            ("2026-01-01", 2, 3, 1, [2, 3, 0, 1, 0]),  // no commit: as the day before
            ("2026-01-02", 1, 2, 2, [1, 0, 2, 2, 0]),  // D removed; the evening commit counts
            ("2026-01-06", 1, 3, 3, [1, 1, 2, 3, 0]),
            ("2026-01-07", 1, 3, 3, [1, 1, 2, 3, 0]),  // the New York commit is Jan 8 in Seoul
            ("2026-01-08", 1, 2, 4, [1, 0, 2, 3, 1]),  // F removed from Done still counts as done
            ("2026-01-09", 1, 2, 4, [1, 0, 2, 3, 1]),
        ])
    func cumulativeFlow(date: String, todo: Int, doing: Int, done: Int, lanes: [Int]) async throws {
        let metrics = try await Self.metrics()
        #expect(metrics.flow.lanes == ["Backlog", "Doing", "Review", "Done", "Released"])
        #expect(metrics.flow.days.count == 12)
        let day = try #require(metrics.flow.day(Self.date(date)))
        #expect(day.todo == todo && day.doing == doing && day.done == done)
        #expect(day.lanes == lanes)
        #expect(day.lanes.reduce(0, +) == day.total)
    }

    @Test("aging work in progress: cards in doing lanes now, age = today − started + 1, with their lane")
    func aging() async throws {
        let metrics = try await Self.metrics()
        #expect(metrics.aging.map { "\($0.id) \($0.lane) \($0.ageDays)" } == ["card-c Review 10", "card-h Review 4"])
        #expect(metrics.aging.map(\.started.description) == ["2025-12-31", "2026-01-06"])
    }

    @Test("cycle- and lead-time percentiles by nearest rank")
    func percentiles() async throws {
        let metrics = try await Self.metrics()
        // Cycle times 1, 2, 7, 10: ranks ⌈2⌉ = 2, ⌈3.4⌉ = 4, ⌈3.8⌉ = 4.
        #expect(metrics.cycleTime == Percentiles(p50: 2, p85: 10, p95: 10))
        // Lead times 3, 7, 8, 10.
        #expect(metrics.leadTime == Percentiles(p50: 7, p85: 10, p95: 10))
    }

    @Test("as of an earlier day, later moves are ignored: E is done on Jan 2, not reopened yet")
    func asOfEarlierDay() async throws {
        let metrics = try await Self.metrics(today: "2026-01-05")
        let e = try #require(metrics.cards.first { $0.id == "card-e" })
        #expect(e.done == Self.date("2026-01-02") && e.cycleTimeDays == 4)
        #expect(!metrics.cards.contains { $0.id == "card-h" }, "added after the day")
        #expect(metrics.throughput.weeks.map { "\($0.week) \($0.count)" } == ["2026-W01 2", "2026-W02 1"])
        #expect(metrics.aging.map { "\($0.id) \($0.lane) \($0.ageDays)" } == ["card-c Review 6", "card-f Doing 1"])
        #expect(metrics.flow.days.last?.date == Self.date("2026-01-05"))
        #expect(metrics.forecast.remaining == 3)  // C, F, G
    }

    @Test("--since: the range starts that day; cards finished or gone before it are left out, the rest still counted")
    func since() async throws {
        let metrics = try await Self.metrics(since: "2026-01-03")
        #expect(metrics.from == Self.date("2026-01-03"))
        #expect(metrics.cards.map(\.id) == ["card-a", "card-c", "card-e", "card-f", "card-g", "card-h"])
        #expect(metrics.cycleTime == Percentiles(p50: 7, p85: 10, p95: 10))  // 2, 7, 10
        #expect(metrics.throughput.weeks.map { "\($0.week) \($0.count)" } == ["2026-W01 0", "2026-W02 3"])
        let first = try #require(metrics.flow.days.first)
        #expect(first.date == Self.date("2026-01-03"))
        #expect(first.todo == 1 && first.doing == 2 && first.done == 2)
    }

    @Test("the range is at most the last ten years: a --today or --since years off charts no more days than that")
    func longestRange() async throws {
        for (today, since) in [("9999-12-31", nil), ("2026-01-09", "1900-01-01")] {
            let metrics = try await Self.metrics(today: today, since: since)
            #expect(metrics.flow.days.count == FlowMetrics.longestRange)
            #expect(metrics.from.daysSinceEpoch == Self.date(today).daysSinceEpoch - FlowMetrics.longestRange + 1)
            #expect(metrics.flow.days.last?.date == Self.date(today))
        }
        // Within ten years, the range is as asked.
        let metrics = try await Self.metrics(today: "2026-01-09", since: "2017-01-09")
        #expect(metrics.from == Self.date("2017-01-09"))
    }

    @Test("days are counted in the board's time zone")
    func timeZone() async throws {
        let seoul = try await Self.metrics()
        let newYork = try await Self.metrics(timezone: "America/New_York")
        #expect(seoul.cards.first { $0.id == "card-e" }?.done == Self.date("2026-01-08"))
        #expect(newYork.cards.first { $0.id == "card-e" }?.done == Self.date("2026-01-07"))
        // In New York the first commit (Dec 29 10:00 in Seoul) was on Dec 28.
        #expect(newYork.from == Self.date("2025-12-28"))
        #expect(newYork.throughput.weeks.map(\.week.description) == ["2025-W52", "2026-W01", "2026-W02"])
    }

    @Test("the forecast is unreliable with fewer than 10 cards done, and says so")
    func unreliable() async throws {
        let metrics = try await Self.metrics()
        #expect(metrics.forecast.remaining == 3)
        #expect(metrics.forecast.completedInSample == 4)
        #expect(!metrics.forecast.isReliable)
        #expect(metrics.forecast.when == nil)
        let text = metrics.text(title: "Team", file: "board.md", locale: .en)
        #expect(
            text.contains(
                "Not reliable: only 4 cards done from 2025-12-29 to 2026-01-09, and a forecast needs at least 10."))
        #expect(!text.contains("confidence: by"))
    }

    @Test("a card moved back and forth on one day counts where it ended the day")
    func sameDayMoves() async throws {
        let fixture = try FlowFixture(timezone: "UTC", lanes: ["Todo", "Doing", "Done"])
        try fixture.commit("2026-02-02T09:00:00Z", ["Todo": ["x"]])
        try fixture.commit("2026-02-03T09:00:00Z", ["Done": ["x"]])
        try fixture.commit("2026-02-03T10:00:00Z", ["Doing": ["x"]])
        try fixture.commit("2026-02-03T11:00:00Z", ["Done": ["x"]])
        let metrics = FlowMetrics(
            history: try await fixture.history(), board: try fixture.board(),
            options: FlowMetrics.Options(today: Self.date("2026-02-04")))
        let card = try #require(metrics.cards.first)
        #expect(card.started == Self.date("2026-02-03") && card.done == Self.date("2026-02-03"))
        #expect(card.cycleTimeDays == 1 && card.leadTimeDays == 2)
        #expect(card.steps.map(\.day).count == 2, "one step per day")
        #expect(metrics.flow.day(Self.date("2026-02-03"))?.done == 1)
    }

    @Test("the board's file renamed and work merged from a branch: renames are followed, a merge counts on its day")
    func renameAndMerge() async throws {
        let fixture = try FlowFixture(timezone: "UTC", lanes: ["Todo", "Doing", "Done"])
        let repo = fixture.repo
        func commit(_ date: String, _ arguments: String...) throws {
            let result = try repo.run(
                arguments,
                environment: [
                    "GIT_AUTHOR_NAME": "Minji Kim", "GIT_AUTHOR_EMAIL": "team@example.com",
                    "GIT_COMMITTER_NAME": "Minji Kim", "GIT_COMMITTER_EMAIL": "team@example.com",
                    "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
                ])
            #expect(result.status == 0, "git \(arguments)")
        }
        try fixture.commit("2026-02-02T09:00:00Z", ["Todo": ["x", "y"]])
        try repo.git("mv", "board.md", "team.md")
        try repo.write("team.md", fixture.text(["Todo": ["y"], "Doing": ["x"]]))
        try commit("2026-02-03T09:00:00Z", "commit", "-q", "-am", "Rename the board; start x")
        // On a branch, x is finished on Feb 4; the branch is merged on Feb 6.
        try repo.git("checkout", "-q", "-b", "feature")
        try repo.write("team.md", fixture.text(["Todo": ["y"], "Done": ["x"]]))
        try commit("2026-02-04T09:00:00Z", "commit", "-q", "-am", "Finish x")
        try repo.git("checkout", "-q", "main")
        try repo.write("other.md", "unrelated\n")
        try repo.git("add", "other.md")
        try commit("2026-02-05T09:00:00Z", "commit", "-q", "-m", "Something else")
        try commit("2026-02-06T09:00:00Z", "merge", "-q", "--no-ff", "-m", "Merge feature", "feature")
        let path = repo.root.appending(path: "team.md").path
        let history = try await BoardSources.history(of: path)
        let board = TestSupport.parse(try String(contentsOfFile: path, encoding: .utf8), file: path).board
        let metrics = FlowMetrics(
            history: history, board: board, options: FlowMetrics.Options(today: Self.date("2026-02-09")))
        let x = try #require(metrics.cards.first { $0.id == "x" })
        #expect(x.added == Self.date("2026-02-02"), "its first commit, under the board's old name")
        #expect(x.started == Self.date("2026-02-03"))
        #expect(x.done == Self.date("2026-02-06"), "the merge's day on the first-parent line, not the branch's")
        #expect(x.cycleTimeDays == 4 && x.leadTimeDays == 5)
        #expect(metrics.flow.day(Self.date("2026-02-05"))?.doing == 1)
        #expect(metrics.flow.day(Self.date("2026-02-06"))?.done == 1)
    }
}
