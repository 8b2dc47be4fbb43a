/// Every kind of problem pm-render reports. The wording and severity of each live in `Problem+Messages.swift`, in
/// one place, so messages stay consistent and tests can pin them.
public enum Problem: Hashable, Sendable {
    // The file
    case unreadableBoard(String)
    case notUTF8
    case nulCharacter

    // Front matter
    case frontMatterNotClosed
    case invalidYAML(String)
    case frontMatterNotMapping
    case unknownFrontMatterKey(String, suggestion: String)
    case frontMatterValueNotText(key: String)
    case unsupportedLocale(String)
    case unknownTimezone(String)
    case invalidDueSoon(String)
    case invalidReminder(String)
    case invalidWikilinkBase(String)
    case invalidTagColor(tag: String, color: String)
    case invalidRule(key: String, reason: String)
    case unknownLaneInRule(key: String, name: String, lanes: [String])

    // Lanes
    case strayContent(String)
    case tableNotRead
    /// A row of a table of statuses without one: the table is not the board's lanes.
    case rowWithoutStatus
    /// Task items before the first lane (or on a board without lanes): the board's text, not cards.
    case tasksOutsideLanes(Int)
    /// A lane's text of short lines without list markers, on a board whose other lanes hold list cards: they look
    /// like cards, and are not read as such.
    case linesNotCards(Int)
    case invalidWIPLimit(String)
    /// A Mermaid kanban diagram on a board whose Markdown holds cards: shown as written, not read.
    case mermaidKanbanBesideCards
    /// A second Mermaid kanban diagram: the board is the first one.
    case secondMermaidKanban
    /// A Mermaid node's label whose shape (`[`, `(`, `{{` …) nothing closes.
    case mermaidLabelNotClosed(String)
    /// Text after a Mermaid node and its metadata.
    case mermaidTextAfterNode(String)
    /// A Mermaid node indented less than the diagram's columns.
    case mermaidNodeOutsideColumns(String)
    /// A Mermaid node's `@{` that no `}` closes.
    case mermaidMetadataNotClosed
    /// A Mermaid node's `@{ … }` that is not YAML.
    case invalidMermaidMetadata(String)

    // Cards
    case emptyCard
    case titleTooLong(length: Int, limit: Int)
    case invalidDeadline(String)
    case invalidDate(String)
    /// `@@{930}`: a time that is not a time (the date before it still holds).
    case invalidTime(String)
    case timeWithoutDate
    case conflictingDeadlines(first: String, second: String)
    case conflictingIDs(first: String, second: String)
    case invalidCardID(String)
    case duplicateCardID(id: String, title: String, renamed: String)
    case firstCardWithID

    // Rules
    case overWIPLimit(lane: String, count: Int, limit: Int)
    case overStateWIPLimit(state: CardState, count: Int, limit: Int)
    case newCardInWrongLane(title: String, lane: String, allowed: [String])
    case illegalMove(title: String, from: String, to: String, allowed: [String])
    case previousVersionUnreadable(String)

    // History
    case historyVersionSkipped(commit: String, subject: String)
    case shallowHistory(commits: Int)
    case neverCommitted
    /// A Markdown file found in a folder that does not look like a board.
    case notABoard

    // Templates
    case templateSyntax(String)
    case missingTemplate(String)
    case missingPartial(String)
    case missingHistoryTemplate
    case partialCycle([String])
    case unknownTemplateKey(String)
    case unescapedText(String)
    case templateKeyNotText(String)
    case templateNestingTooDeep(limit: Int)
    case templateRecursion(limit: Int)
    /// A template with its partials inlined has more operations than the limit.
    case templateTooLarge(limit: Int)
    /// Sections over lists nest deeper than the limit.
    case templateListsTooDeep(limit: Int)
    /// Rendering a page went over a budget (what it is, worded); nothing is written.
    case pageTooLarge(String)
    case unsupportedTemplateTag(String)
    case unreadableTemplate(String)

    // Editing (`add`, `move`, `done`, `edit`, `rm`, `archive`)
    case noSuchCard(String)
    /// The card named is in the archive, which the editing commands do not change.
    case cardInArchive(String)
    case ambiguousCard(String, candidates: [String])
    case noSuchLane(String, lanes: [String])
    case ambiguousLane(String, candidates: [String])
    /// `hint`: why a table's row finds no such lane on a board that has its rows (see `NoLaneHint`).
    case noLaneForState(CardState, hint: NoLaneHint? = nil)
    /// A lane of notes (`Lane.holdsNotes`): cards are not put there.
    case laneHoldsNotes(String)
    case moveNotAllowed(title: String, from: String, to: String, allowed: [String])
    case laneAtWIPLimit(lane: String, count: Int, limit: Int)
    case stateAtWIPLimit(state: CardState, count: Int, limit: Int)
    /// `written`: the front matter's `new-cards` rule says so (else the default: new cards start in todo lanes).
    case newCardNotAllowed(lane: String, allowed: [String], written: Bool)
    indirect case ruleOverridden(Problem)
    case boardHasErrors
    case boardChangedOnDisk
    /// The board written anew could not keep what decides who may read and write it: what (its owner and group,
    /// an extended attribute).
    case boardAccessNotKept(String)
    case editChangesBoard(String)
    /// The edit would make the board's table of statuses its lanes (`nowLanes`: the last card beside it goes), or no
    /// longer its lanes (a card beside it comes).
    case editChangesTableReading(nowLanes: Bool)
    /// The edit takes away the last date that showed the board's date format (a day over 12), so other dates would
    /// read otherwise; the format the dates showed.
    case editLosesDateFormat(String)
    /// The edit would make text in a lane read as the lane's description, or change it (text after a lane's last card
    /// with no card left before it): the lane, and its description before and after.
    case editChangesLaneText(lane: String, before: String, after: String)
    /// The edit took away the last lines that showed the tool the board is written by (Taskell's `> description`,
    /// VS Code Markdown Kanban's `- due:` properties), so the board now reads, and later edits write it, as `now`
    /// (a warning: the edit is written). `named`: the file already has the tool's name for a board (`taskell.md`).
    case editLosesDialect(BoardStyle.Dialect, now: BoardStyle.Dialect, named: Bool)
    /// A card put in a lane whose only content is a line saying it is empty (`- (nothing yet)`) takes that line's place
    /// (a warning: no later edit writes it back): the lane, and the line.
    case laneSaysEmpty(lane: String, line: String)
    case identityRenumbered(title: String, from: String, to: String)
    case invalidEditValue(option: String, value: String, expected: String)
    case editNotPossible(String)
    /// A heading card over a list with no field line or text before it (taken away, or a new card's description that
    /// starts with a list): the heading would read as a group label over list cards.
    case headingCardBecomesLabel(title: String)
    /// A group label (`### Backend`) left without a card under it, which would read as a card.
    case groupLabelLeftEmpty(labels: [String], lane: String)
    /// A line of a new card's description that the board would read as the card's metadata (`Due: 2026-01-01`).
    case descriptionLineReadAsMetadata(String)
    /// The line after a card's title that the board would read as part of the title (a long title line followed by
    /// one that starts in lower case reads as a hard-wrapped title), even parted from it by a blank line.
    case lineReadAsTitle(String)
    case cardAlreadyInLane(title: String, lane: String)
    /// An edit that asks for what the card already has (a tag it carries, no deadline on a card without one).
    case editChangesNothing(title: String)
    /// A file-system failure, worded by `FileError` (`cannot write 'board.md': permission denied`).
    case fileSystem(String)

    // Limits
    case tooManyDiagnostics(Int)
}
