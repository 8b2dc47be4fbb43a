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
        var entries: [Entry] = []
        // Sorted as keys (the deadline's minute, then the order found: board, then file order), not as entries,
        // which would be copied, with their board, at every step.
        var keys: [(minute: Int, index: Int)] = []
        for (board, clock) in self.boards {
            for card in board.cards {
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
                    keys.append((due.dueMinute, entries.count))
                    entries.append(Entry(board: board, card: card, status: status, daysOverdue: daysOverdue))
                }
            }
        }
        self.entries = keys.sorted { ($0.minute, $0.index) < ($1.minute, $1.index) }.map { entries[$0.index] }
    }

    /// The same clock for every board.
    public init(boards: [Board], clock: DeadlineClock, within: Int?) {
        self.init(boards: boards, clock: { _ in clock }, within: within)
    }

    public var overdueCount: Int { entries.filter { $0.status.isOverdue }.count }
}
