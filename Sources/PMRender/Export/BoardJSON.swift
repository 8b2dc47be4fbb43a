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
        @ExplicitNull var wipLimit: Int?
        let cards: [CardDTO]

        init(_ column: Column) {
            state = column.state.rawValue
            wipLimit = column.wipLimit
            cards = column.cards.map(CardDTO.init)
        }
    }

    struct CardDTO: Encodable {
        let id: String
        let title: String
        let state: String
        @ExplicitNull var due: String?
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
    }
}
