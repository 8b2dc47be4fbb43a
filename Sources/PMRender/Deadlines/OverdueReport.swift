import Foundation

/// Cards that are overdue, or due within a window, across one or more boards: the data behind
/// `pm-render overdue` and the overdue page.
public struct OverdueReport: Sendable {
    public struct Entry: Sendable {
        public let board: Board
        public let card: Card
        public let status: DeadlineStatus
        /// Days past the deadline's date (0 = due today); negative when not yet due.
        public let daysOverdue: Int
    }

    /// The boards, in the order given, each with the "now" it was judged at.
    public let boards: [(board: Board, clock: DeadlineClock)]
    /// Most overdue first (earliest deadline first), then board and file order.
    public let entries: [Entry]
    /// Whether cards due soon are listed too (`--within`).
    public let listsDueSoon: Bool

    /// - Parameters:
    ///   - clock: "now" for each board (boards may be in different time zones).
    ///   - within: also list cards due within this many days (nil: only overdue cards).
    public init(boards: [Board], clock: (Board) -> DeadlineClock, within: Int?) {
        self.boards = boards.map { ($0, clock($0)) }
        self.listsDueSoon = within != nil
        var entries: [(Entry, Int, Int)] = []
        for (boardIndex, (board, clock)) in self.boards.enumerated() {
            for (cardIndex, card) in board.cards.enumerated() {
                guard let due = card.due else { continue }
                let status = DeadlineStatus(card: card, clock: clock, dueSoonDays: within ?? board.dueSoonDays)
                let daysOverdue = clock.today.daysSinceEpoch - due.date.daysSinceEpoch
                let include: Bool
                switch status {
                case .overdue: include = true
                case .dueSoon: include = within != nil
                case .none, .upcoming: include = false
                }
                if include {
                    entries.append(
                        (
                            Entry(board: board, card: card, status: status, daysOverdue: daysOverdue), boardIndex,
                            cardIndex
                        ))
                }
            }
        }
        self.entries = entries.sorted { a, b in
            let (da, db) = (a.0.card.due!.dueMinute, b.0.card.due!.dueMinute)
            if da != db { return da < db }
            return (a.1, a.2) < (b.1, b.2)
        }.map(\.0)
    }

    /// The same clock for every board.
    public init(boards: [Board], clock: DeadlineClock, within: Int?) {
        self.init(boards: boards, clock: { _ in clock }, within: within)
    }

    public var overdueCount: Int { entries.filter { $0.status.isOverdue }.count }
}
