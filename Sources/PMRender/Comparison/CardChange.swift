/// What happened to one card between two versions of a board.
public struct CardChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case added, removed, moved, edited, archived, unchanged
    }

    /// A field of a card that can change.
    public enum Field: String, Hashable, Sendable, CaseIterable {
        case title, deadline, tags, description, priority, assignees, subtasks
    }

    public let kind: Kind
    /// The card's identity (the same in both versions).
    public let id: String
    /// The card in the old version (nil when added).
    public let old: Card?
    /// The card in the new version (nil when removed).
    public let new: Card?
    /// Fields whose values differ (besides the lane). A moved card may also have edited fields.
    public let editedFields: [Field]

    /// Whether an explicit ID stayed while the title changed.
    public var isRename: Bool {
        guard let old, let new else { return false }
        return new.hasExplicitID && old.title != new.title
    }

    /// The card as it is now, else as it was.
    public var card: Card { (new ?? old)! }
}

/// Matches the cards of two versions of a board by identity and classifies each.
public enum BoardComparison {
    /// Changes in the new board's order (lanes, then file order), then removed cards in the old board's order.
    /// Unchanged cards are included as `.unchanged`. A card moved when its lane changed (lanes are compared by name,
    /// so `Review` → `Shipped` is a move even though both might be in one state).
    public static func compare(old: Board, new: Board) -> [CardChange] {
        var oldByID: [String: (lane: Int, card: Int)] = [:]
        for (laneIndex, lane) in old.lanes.enumerated() {
            for (cardIndex, card) in lane.cards.enumerated() where oldByID[card.id] == nil {
                oldByID[card.id] = (laneIndex, cardIndex)
            }
        }
        var newArchived: [String: Int] = [:]
        for (index, card) in new.archive.enumerated() where newArchived[card.id] == nil { newArchived[card.id] = index }
        var oldArchived = Set(old.archive.map { $0.id })
        var seen: Set<String> = []
        var changes: [CardChange] = []

        for lane in new.lanes {
            for card in lane.cards where seen.insert(card.id).inserted {
                guard let position = oldByID[card.id] else {
                    changes.append(CardChange(kind: .added, id: card.id, old: nil, new: card, editedFields: []))
                    continue
                }
                let before = old.lanes[position.lane].cards[position.card]
                let fields = editedFields(before, card)
                let moved = before.lane != card.lane && LaneName.key(before.lane) != LaneName.key(card.lane)
                let kind: CardChange.Kind = moved ? .moved : (fields.isEmpty ? .unchanged : .edited)
                changes.append(CardChange(kind: kind, id: card.id, old: before, new: card, editedFields: fields))
            }
        }
        for lane in old.lanes {
            for card in lane.cards where !seen.contains(card.id) {
                seen.insert(card.id)
                if let archived = newArchived[card.id], !oldArchived.contains(card.id) {
                    oldArchived.insert(card.id)
                    changes.append(
                        CardChange(
                            kind: .archived, id: card.id, old: card, new: new.archive[archived], editedFields: []))
                } else {
                    changes.append(CardChange(kind: .removed, id: card.id, old: card, new: nil, editedFields: []))
                }
            }
        }
        return changes
    }

    static func editedFields(_ a: Card, _ b: Card) -> [CardChange.Field] {
        var fields: [CardChange.Field] = []
        if a.title != b.title { fields.append(.title) }
        if a.due != b.due { fields.append(.deadline) }
        if a.tags != b.tags { fields.append(.tags) }
        if a.descriptionSource != b.descriptionSource { fields.append(.description) }
        if a.priority != b.priority { fields.append(.priority) }
        if a.assignees != b.assignees { fields.append(.assignees) }
        if a.subtasks != b.subtasks { fields.append(.subtasks) }
        return fields
    }
}
