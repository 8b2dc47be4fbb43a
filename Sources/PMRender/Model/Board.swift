/// A kanban board read from one Markdown file: its lanes in file order, each holding its cards.
public struct Board: Hashable, Sendable {
    /// The board's title: front matter `title`, else the leading `#` heading, else the file name.
    public var title: String
    /// Where the title was written (front matter or heading); nil when taken from the file name.
    public var titleLocation: SourceLocation?
    /// Content between the title and the first lane.
    public var description: Markdown
    /// The description's Markdown source as written (for `export`).
    public var descriptionSource: String = ""
    /// The lanes, in file order, named as written.
    public var lanes: [Lane]
    /// Archived cards (Obsidian's `***` + `## Archive`, or a lane named Archive in any language).
    public var archive: [Card]
    /// Where the archive's heading is; nil when the board has none.
    public var archiveLocation: SourceLocation?
    public var settings: BoardSettings
    /// The team's rules from the front matter (`lanes`, `transitions`, `wip`, `new-cards`).
    public var rules: BoardRules
    /// How the board's cards are written, so that edits match the board's style.
    public var style: BoardStyle
    /// The path the board was read from, as given.
    public var sourceFile: String

    public init(
        title: String, titleLocation: SourceLocation? = nil, description: Markdown = Markdown(), lanes: [Lane] = [],
        archive: [Card] = [], archiveLocation: SourceLocation? = nil, settings: BoardSettings = BoardSettings(),
        rules: BoardRules = BoardRules(), style: BoardStyle = BoardStyle(), sourceFile: String
    ) {
        self.title = title
        self.titleLocation = titleLocation
        self.description = description
        self.lanes = lanes
        self.archive = archive
        self.archiveLocation = archiveLocation
        self.settings = settings
        self.rules = rules
        self.style = style
        self.sourceFile = sourceFile
    }

    /// Every card in a lane, in lane order then file order (archived cards excluded).
    public var cards: [Card] { lanes.flatMap(\.cards) }

    /// Number of cards in lanes (archived excluded).
    public var cardCount: Int { lanes.reduce(0) { $0 + $1.cards.count } }

    /// The lanes holding cards of `state`, in file order.
    public func lanes(in state: CardState) -> [Lane] { lanes.filter { $0.state == state } }

    /// The first lane in `state`, not one of notes (`Lane.holdsNotes`, or after a doing lane) nor one read from a
    /// table when another is (`move x TODO` goes to `## À faire`, not to `## Decisions` before it).
    public func firstLaneIndex(in state: CardState) -> Int? {
        lanes.indices.first {
            lanes[$0].state == state && lanes[$0].stateSource != .afterDoing && !lanes[$0].holdsNotes
                && !lanes[$0].isTable
        }
            ?? lanes.indices.first { lanes[$0].state == state && !lanes[$0].holdsNotes && !lanes[$0].isTable }
            ?? lanes.indices.first { lanes[$0].state == state && !lanes[$0].holdsNotes }
            ?? lanes.indices.first { lanes[$0].state == state }
    }

    /// Number of cards in lanes of `state`.
    public func cardCount(in state: CardState) -> Int {
        lanes.reduce(0) { $0 + ($1.state == state ? $1.cards.count : 0) }
    }

    /// A state's WIP limit its lanes' cards together exceed: a front-matter `wip` entry that names a state and no lane
    /// (`wip: {DOING: 2}`), and where it is written.
    public struct StateOverLimit: Hashable, Sendable {
        public var state: CardState
        public var count: Int
        public var limit: Int
        public var location: SourceLocation?
    }

    /// The states over their WIP limits, in the order of their names.
    public var statesOverLimit: [StateOverLimit] {
        rules.wip.sorted { $0.key.text < $1.key.text }.compactMap { name, limit in
            guard limit > 0, lane(named: name.text) == nil, let state = name.state else { return nil }
            let count = cardCount(in: state)
            guard count > limit else { return nil }
            return StateOverLimit(
                state: state, count: count, limit: limit, location: name.location ?? rules.locations["wip"])
        }
    }

    /// A test of whether a lane is over a WIP limit: its own, or its state's (`statesOverLimit`), which marks every
    /// lane of the state. (The states are worked out once, for all the lanes a page or a terminal shows.)
    public func overLimitTest() -> (Lane) -> Bool {
        let states = Set(statesOverLimit.map(\.state))
        return { lane in lane.isOverLimit || states.contains(lane.state) }
    }

    /// The lane with this name (compared as rules compare names), if any.
    public func lane(named name: String) -> Lane? {
        laneIndex(named: name).map { lanes[$0] }
    }

    /// The index of the lane named `name`: written exactly so, else the same by comparison key (`LaneName.key`),
    /// so that of two lanes `À faire` and `A faire` each is found by its own name, else without a year in brackets
    /// at its end (`LaneName.names`).
    public func laneIndex(named name: String) -> Int? {
        if let exact = lanes.firstIndex(where: { $0.name == name }) { return exact }
        let key = LaneName.key(name)
        return lanes.firstIndex { LaneName.key($0.name) == key } ?? lanes.firstIndex { LaneName.names($0.name, name) }
    }

    /// The board's time zone (an IANA name).
    public var timezone: String { settings.timezone }

    /// The language of the board's pages.
    public var locale: BoardLocale { settings.locale }

    /// Cards due within this many days are "due soon".
    public var dueSoonDays: Int { settings.dueSoonDays }
}

/// Settings from the front matter (and Obsidian's settings block), with their defaults.
public struct BoardSettings: Hashable, Sendable {
    /// IANA time-zone name the deadlines are in.
    public var timezone = "UTC"
    public var locale = BoardLocale.en
    /// Whether `locale` was written in the front matter (else it follows the board's text).
    public var localeIsExplicit = false
    /// Cards due within this many days are "due soon".
    public var dueSoonDays = 3
    /// When calendar subscribers are reminded of a deadline.
    public var reminder = Reminder.default
    /// Wikilinks become links under this URL (front matter `wikilink-base`).
    public var wikilinkBase: String?
    /// Colours for tags, by tag name (front matter `tag-colors`, or Obsidian's `tag-colors` setting).
    public var tagColors: [String: String] = [:]
    /// Obsidian's date format for `@{…}` dates (a moment.js pattern such as `DD.MM.YYYY`); nil: ISO dates.
    public var dateFormat: String?
    /// Whether `dateFormat` is what the board's own dates show (`DateFormat.inferredPattern`), not a setting.
    public var dateFormatIsInferred = false
    /// Obsidian's time format for `@@{…}` times; nil: `HH:mm`.
    public var timeFormat: String?
    /// Obsidian's date trigger (`@` unless the board chose another, such as `@d`).
    public var dateTrigger: String?
    /// Obsidian's time trigger (`@@` unless the board chose another).
    public var timeTrigger: String?

    public init() {}
}

/// How a board writes its cards, read from the board itself: what `pm-render add` writes.
public struct BoardStyle: Hashable, Sendable {
    /// The tool the board comes from.
    public enum Dialect: String, Hashable, Sendable, CaseIterable {
        /// `## TODO` lanes with list cards or `###` heading cards (pm-render's own format).
        case pmRender = "pm-render"
        case obsidianKanban = "obsidian-kanban"
        case taskell
        case kanbn
        case vscodeKanban = "vscode-markdown-kanban"
        /// A Mermaid `kanban` diagram in a fenced block: its columns are the lanes, its items the cards.
        case mermaidKanban = "mermaid-kanban"
    }

    public var dialect: Dialect = .pmRender
    /// Cards are `###` headings with `Due:` lines rather than list items.
    public var headingCards = false
    /// List cards are task items (`- [ ]`).
    public var taskItems = true
    /// The bullet of list cards (`-`, `*` or `+`).
    public var bullet: Character = "-"
    /// The delimiter after the number of list cards written as an ordered list (`1. [ ] Title`: `.`; `1)`), nil for
    /// bullets.
    public var numberDelimiter: Character?
    /// Whether done cards carry Obsidian's `✅ YYYY-MM-DD` completion date.
    public var stampsCompletion = false
    /// Whether archived cards carry the stamp of Obsidian's `archive-with-date` in the plugin's default form
    /// (`2026-06-07 14:56 Title`) though the board's settings do not say so (the setting was the plugin's own).
    public var stampsArchive = false
    /// Line ending of the file (`\n` or `\r\n`).
    public var lineEnding = "\n"

    public init() {}
}
