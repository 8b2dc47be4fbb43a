import Foundation

@testable import PMRender

/// Boards whose flow is scripted commit by commit, at fixed dates, in a real git repository (for flow metrics).
struct FlowFixture {
    let repo: GitFixture
    let file: String
    let timezone: String
    let lanes: [String]

    init(file: String = "board.md", timezone: String = "Asia/Seoul", lanes: [String]) throws {
        repo = try GitFixture()
        self.file = file
        self.timezone = timezone
        self.lanes = lanes
    }

    var path: String { repo.root.appending(path: file).path }

    /// The board with these cards in these lanes (every lane is written, empty or not).
    func text(_ cards: [String: [String]]) -> String {
        var out = "---\ntimezone: \(timezone)\n---\n# Team\n\n"
        for lane in lanes {
            out += "## \(lane)\n\n"
            for card in cards[lane] ?? [] { out += "- [ ] \(card)\n" }
            out += "\n"
        }
        return out
    }

    /// Commits the board with these cards at `date` (ISO 8601 with its offset, e.g. `2026-01-02T09:00:00+09:00`).
    func commit(_ date: String, _ cards: [String: [String]], message: String = "Update the board") throws {
        try repo.write(file, text(cards))
        try repo.git("add", "-A")
        try repo.git(
            "commit", "-q", "-m", message,
            environment: [
                "GIT_AUTHOR_NAME": "Minji Kim", "GIT_AUTHOR_EMAIL": "team@example.com",
                "GIT_COMMITTER_NAME": "Minji Kim", "GIT_COMMITTER_EMAIL": "team@example.com",
                "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
            ])
    }

    func history() async throws -> BoardHistory { try await BoardSources.history(of: path) }

    /// The board as it is in the working tree (its last commit).
    func board() throws -> Board {
        TestSupport.parse(try String(contentsOfFile: path, encoding: .utf8), file: path).board
    }

    /// Eight cards over two ISO weeks across New Year (times in Seoul unless marked), today 2026-01-09:
    ///
    /// - A: added Dec 29, Doing Dec 30, Review Jan 2, Done Jan 5, Released Jan 8 (moving between done lanes keeps
    ///   its done day): lead 8, cycle 7.
    /// - B: added Dec 29, straight to Done Dec 31: started that day; lead 3, cycle 1.
    /// - C: added Dec 29, Doing Dec 31, Review Jan 2 (20:00, after another commit that day): in progress, age 10.
    /// - D: added Dec 29, removed Jan 2 from Backlog: leaves the flow that day.
    /// - E: added Dec 30 in Doing, Done Jan 2, reopened Jan 6, Done again Jan 7 18:30 in New York, which is Jan 8
    ///   in Seoul: done Jan 8; lead 10, cycle 10.
    /// - F: added Dec 31, Doing Jan 5, Done Jan 6, removed Jan 8 (still counted done): lead 7, cycle 2.
    /// - G: added Jan 5 in Backlog. H: added Jan 6 straight in Review: in progress, age 4.
    static func team() throws -> FlowFixture {
        let board = try FlowFixture(lanes: ["Backlog", "Doing", "Review", "Done", "Released"])
        let (a, b, c, d, e, f, g, h) = ("Card A", "Card B", "Card C", "Card D", "Card E", "Card F", "Card G", "Card H")
        try board.commit("2025-12-29T10:00:00+09:00", ["Backlog": [a, b, c, d]], message: "Start the board")
        try board.commit("2025-12-30T10:00:00+09:00", ["Backlog": [b, c, d], "Doing": [a, e]])
        try board.commit("2025-12-31T10:00:00+09:00", ["Backlog": [d, f], "Doing": [a, e, c], "Done": [b]])
        try board.commit("2026-01-02T09:00:00+09:00", ["Backlog": [f], "Doing": [c], "Review": [a], "Done": [b, e]])
        try board.commit("2026-01-02T20:00:00+09:00", ["Backlog": [f], "Review": [a, c], "Done": [b, e]])
        try board.commit(
            "2026-01-05T10:00:00+09:00", ["Backlog": [g], "Doing": [f], "Review": [c], "Done": [b, e, a]])
        try board.commit(
            "2026-01-06T10:00:00+09:00", ["Backlog": [g], "Doing": [e], "Review": [c, h], "Done": [b, a, f]])
        try board.commit(
            "2026-01-07T18:30:00-05:00", ["Backlog": [g], "Review": [c, h], "Done": [b, e], "Released": [a]])
        return board
    }

    /// `done` cards finished one a day: `pattern[i]` cards on day i from 2026-03-02, then `remaining` cards left in
    /// Backlog. Cards are added on the first day.
    static func steady(pattern: [Int], remaining: Int) throws -> FlowFixture {
        let board = try FlowFixture(timezone: "UTC", lanes: ["Backlog", "Doing", "Done"])
        let total = pattern.reduce(0, +) + remaining
        let cards = (1...total).map { "Task \($0)" }
        try board.commit("2026-03-02T08:00:00Z", ["Backlog": cards], message: "Plan")
        var done = 0
        for (day, count) in pattern.enumerated() where count > 0 {
            done += count
            let date = CalendarDate(year: 2026, month: 3, day: 2)!.adding(days: day)
            try board.commit(
                "\(date)T12:00:00Z", ["Backlog": Array(cards[done...]), "Done": Array(cards[..<done])],
                message: "Finish \(count)")
        }
        return board
    }
}
