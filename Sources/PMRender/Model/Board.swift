/// A parsed kanban board.
public struct Board: Hashable, Sendable {
    /// The board's title: front matter `title`, else the `#` heading, else the file name.
    public var title: String
    /// Where the title was written (front matter or heading); nil when taken from the file name.
    public var titleLocation: SourceLocation?
    /// Markdown between the title and the first section.
    public var description: String
    /// `description` rendered by cmark in safe mode (empty unless parsed with `renderHTML`).
    public var descriptionHTML: String
    /// IANA time-zone name the deadlines are in.
    public var timezone: String
    public var locale: BoardLocale
    /// Cards due within this many days are "due soon".
    public var dueSoonDays: Int
    /// When calendar subscribers are reminded of a deadline.
    public var reminder: Reminder
    /// The path the board was read from, as given.
    public var sourceFile: String
    /// Exactly three columns: TODO, DOING, DONE.
    public var columns: [Column]
    /// Cards of Obsidian's `## Archive` section.
    public var archived: [Card]
    /// Process rules from the front matter.
    public var rules: BoardRules

    public init(title: String, titleLocation: SourceLocation? = nil, description: String = "",
                descriptionHTML: String = "", timezone: String = "UTC", locale: BoardLocale = .en,
                dueSoonDays: Int = 3, reminder: Reminder = .default, sourceFile: String, columns: [Column]? = nil, archived: [Card] = [],
                rules: BoardRules = BoardRules()) {
        self.title = title
        self.titleLocation = titleLocation
        self.description = description
        self.descriptionHTML = descriptionHTML
        self.timezone = timezone
        self.locale = locale
        self.dueSoonDays = dueSoonDays
        self.reminder = reminder
        self.sourceFile = sourceFile
        self.columns = columns ?? CardState.allCases.map { Column(state: $0) }
        self.archived = archived
        self.rules = rules
    }

    public func column(_ state: CardState) -> Column {
        columns.first { $0.state == state } ?? Column(state: state)
    }

    /// Every card in a column, in column order then file order (archived cards excluded).
    public var cards: [Card] { columns.flatMap(\.cards) }

    /// Number of cards in columns (archived excluded).
    public var cardCount: Int { columns.reduce(0) { $0 + $1.cards.count } }
}
