/// A card in progress and how long it has been: age = today − started + 1 days (started today: 1 day).
public struct AgingItem: Hashable, Sendable {
    public let id: String
    public let title: String
    /// The card's board, on a page of several boards (else empty).
    public let board: String
    public let lane: String
    public let started: CalendarDate
    public let ageDays: Int

    /// The cards on the board in a doing lane at the end of `today`, oldest first (then by lane and identity).
    public static func items(_ cards: [CardFlow], today: CalendarDate) -> [AgingItem] {
        cards.compactMap { card -> AgingItem? in
            guard card.isOnBoard, card.state == .doing, let started = card.started else { return nil }
            return AgingItem(
                id: card.id, title: card.title, board: card.board, lane: card.lane, started: started,
                ageDays: today.daysSinceEpoch - started.daysSinceEpoch + 1)
        }
        .sorted { ($1.ageDays, $0.board, $0.lane, $0.id) < ($0.ageDays, $1.board, $1.lane, $1.id) }
    }
}
