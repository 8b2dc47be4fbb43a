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
        let dialect: String
        let lanes: [LaneDTO]
        let archived: [CardDTO]
        let counts: [String: Int]

        init(_ board: Board) {
            title = board.title
            description = board.descriptionSource
            timezone = board.timezone
            locale = board.locale.rawValue
            dueSoonDays = board.dueSoonDays
            dialect = board.style.dialect.rawValue
            lanes = board.lanes.map(LaneDTO.init)
            archived = board.archive.map(CardDTO.init)
            counts = Dictionary(uniqueKeysWithValues: CardState.allCases.map { ($0.slug, board.cardCount(in: $0)) })
        }
    }

    struct LaneDTO: Encodable {
        /// The heading as written.
        let name: String
        /// The name as plain text.
        let text: String
        let state: String
        let stateSource: String
        @ExplicitNull var wipLimit: Int?
        let line: Int
        let cards: [CardDTO]

        init(_ lane: Lane) {
            name = lane.heading
            text = lane.name
            state = lane.state.slug
            stateSource = lane.stateSource.rawValue
            wipLimit = lane.wipLimit
            line = lane.location.line
            cards = lane.cards.map(CardDTO.init)
        }
    }

    struct SubtasksDTO: Encodable {
        let done: Int
        let total: Int
    }

    struct CardDTO: Encodable {
        let id: String
        let title: String
        let lane: String
        let state: String
        let checked: Bool
        @ExplicitNull var due: String?
        @ExplicitNull var scheduled: String?
        @ExplicitNull var start: String?
        @ExplicitNull var created: String?
        @ExplicitNull var completed: String?
        let tags: [String]
        @ExplicitNull var priority: String?
        let assignees: [String]
        @ExplicitNull var subtasks: SubtasksDTO?
        @ExplicitNull var group: String?
        let line: Int
        let description: String

        init(_ card: Card) {
            id = card.id
            title = card.title
            lane = card.lane
            state = card.state.slug
            checked = card.isChecked
            due = card.due?.iso
            scheduled = card.dates.scheduled?.description
            start = card.dates.start?.description
            created = card.dates.created?.description
            completed = card.dates.completed?.description
            tags = card.tags
            priority = card.priority?.name
            assignees = card.assignees
            let progress = card.subtaskProgress
            subtasks = progress.total > 0 ? SubtasksDTO(done: progress.done, total: progress.total) : nil
            group = card.group
            line = card.location.line
            description = card.descriptionSource
        }
    }
}
