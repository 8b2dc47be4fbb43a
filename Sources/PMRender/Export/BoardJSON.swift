import Foundation

/// The board as JSON (`pm-render export --format json`); schema in docs/JSON.md.
public enum BoardJSON {
    /// Pretty-printed JSON with sorted keys, ending in a newline: deterministic byte for byte.
    public static func encode(_ board: Board) -> String {
        JSONOutput.string(BoardDTO(board))
    }

    struct BoardDTO: Encodable {
        let title: String
        let description: String
        let timezone: String
        let locale: String
        let dueSoonDays: Int
        let columns: [ColumnDTO]
        let archived: [CardDTO]

        init(_ board: Board) {
            title = board.title
            description = board.description
            timezone = board.timezone
            locale = board.locale.rawValue
            dueSoonDays = board.dueSoonDays
            columns = board.columns.map(ColumnDTO.init)
            archived = board.archived.map(CardDTO.init)
        }
    }

    struct ColumnDTO: Encodable {
        let state: String
        let wipLimit: Int?
        let cards: [CardDTO]

        init(_ column: Column) {
            state = column.state.rawValue
            wipLimit = column.wipLimit
            cards = column.cards.map(CardDTO.init)
        }

        enum CodingKeys: String, CodingKey { case state, wipLimit, cards }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(state, forKey: .state)
            try container.encode(wipLimit, forKey: .wipLimit)  // null when absent, never omitted
            try container.encode(cards, forKey: .cards)
        }
    }

    struct CardDTO: Encodable {
        let id: String
        let title: String
        let state: String
        let due: String?
        let tags: [String]
        let line: Int
        let description: String

        init(_ card: Card) {
            id = card.id
            title = card.title
            state = card.state.rawValue
            due = card.due?.iso
            tags = card.tags
            line = card.location.line
            description = card.description
        }

        enum CodingKeys: String, CodingKey { case id, title, state, due, tags, line, description }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(state, forKey: .state)
            try container.encode(due, forKey: .due)
            try container.encode(tags, forKey: .tags)
            try container.encode(line, forKey: .line)
            try container.encode(description, forKey: .description)
        }
    }
}
