/// What happened to one card between two versions of a board.
public struct CardChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case added, removed, moved, edited, archived, unchanged
    }

    /// A field of a card that can change.
    public enum Field: String, Hashable, Sendable, CaseIterable {
        case title, deadline, tags, description
    }

    public let kind: Kind
    /// The card's identity (the same in both versions).
    public let id: String
    /// The card in the old version (nil when added).
    public let old: Card?
    /// The card in the new version (nil when removed).
    public let new: Card?
    /// Fields whose values differ (besides the state). A moved card may also have edited fields.
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
    /// Changes in the new board's order (columns, then file order), then removed cards in the old
    /// board's order. Unchanged cards are included as `.unchanged`.
    public static func compare(old: Board, new: Board) -> [CardChange] {
        var oldByID: [String: Card] = [:]
        for card in old.cards where oldByID[card.id] == nil { oldByID[card.id] = card }
        var newArchived: [String: Card] = [:]
        for card in new.archived where newArchived[card.id] == nil { newArchived[card.id] = card }
        var seen: Set<String> = []
        var changes: [CardChange] = []

        for card in new.cards where seen.insert(card.id).inserted {
            guard let before = oldByID[card.id] else {
                changes.append(CardChange(kind: .added, id: card.id, old: nil, new: card, editedFields: []))
                continue
            }
            let fields = editedFields(before, card)
            let kind: CardChange.Kind = before.state != card.state ? .moved : (fields.isEmpty ? .unchanged : .edited)
            changes.append(CardChange(kind: kind, id: card.id, old: before, new: card, editedFields: fields))
        }
        for card in old.cards where !seen.contains(card.id) {
            seen.insert(card.id)
            if let archived = newArchived[card.id] {
                changes.append(CardChange(kind: .archived, id: card.id, old: card, new: archived, editedFields: []))
            } else {
                changes.append(CardChange(kind: .removed, id: card.id, old: card, new: nil, editedFields: []))
            }
        }
        return changes
    }

    static func editedFields(_ a: Card, _ b: Card) -> [CardChange.Field] {
        var fields: [CardChange.Field] = []
        if a.title != b.title { fields.append(.title) }
        if a.due != b.due { fields.append(.deadline) }
        if a.tags != b.tags { fields.append(.tags) }
        if a.description != b.description { fields.append(.description) }
        return fields
    }
}
