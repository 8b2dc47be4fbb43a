/// One card of a board.
public struct Card: Hashable, Sendable {
    /// How the card is written in the file.
    public enum Style: String, Hashable, Sendable {
        /// `### Title` followed by an optional metadata paragraph and a description.
        case heading
        /// A top-level list item (`- [ ] Title @{2026-12-01} #tag`), as Obsidian Kanban writes.
        case listItem
    }

    /// The card's identity: its explicit ID if given, else the slug of its title.
    public var id: String
    /// Whether `id` was written in the file (`ID:` or `^id`) rather than derived from the title.
    public var hasExplicitID: Bool
    /// The title as displayed: plain text, inline tokens removed.
    public var title: String
    /// The column the card is in. Archived cards count as `.done`.
    public var state: CardState
    public var due: Deadline?
    public var tags: [String]
    /// The description as Markdown source, de-indented, with LF line endings.
    public var description: String
    /// The description rendered to HTML by cmark in its safe mode; empty unless the board was parsed
    /// with `ParseOptions.renderHTML`.
    public var descriptionHTML: String
    /// The description as plain text (markup dropped), from the same parse; empty unless
    /// `ParseOptions.renderHTML`.
    public var descriptionText: String
    public var style: Style
    /// Whether the card stands in Obsidian's `## Archive` section (not in any column).
    public var isArchived: Bool
    /// Where the card starts (its `###` or list marker).
    public var location: SourceLocation
    /// The last line of the card's source, blank lines excluded.
    public var endLine: Int
    /// Where the deadline was written, for diagnostics about it.
    public var dueLocation: SourceLocation?

    public init(
        id: String, hasExplicitID: Bool, title: String, state: CardState, due: Deadline? = nil,
        tags: [String] = [], description: String = "", descriptionHTML: String = "", descriptionText: String = "",
        style: Style, isArchived: Bool = false, location: SourceLocation, endLine: Int,
        dueLocation: SourceLocation? = nil
    ) {
        self.id = id
        self.hasExplicitID = hasExplicitID
        self.title = title
        self.state = state
        self.due = due
        self.tags = tags
        self.description = description
        self.descriptionHTML = descriptionHTML
        self.descriptionText = descriptionText
        self.style = style
        self.isArchived = isArchived
        self.location = location
        self.endLine = endLine
        self.dueLocation = dueLocation
    }
}
