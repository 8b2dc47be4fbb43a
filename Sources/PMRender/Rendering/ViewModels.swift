// The values templates receive. Every key is documented in docs/TEMPLATES.md; templates read them
// by name, so these structs are a public contract: rename nothing without updating the docs.
// No optionals: a missing value is an empty string or `false`, so an unknown key in a template is
// always a mistake the template linter can report.

/// `index.html`: the board page.
struct PageView: Sendable {
    let lang: String
    let generator: String
    let title: String
    let hasDescription: Bool
    let descriptionHTML: String
    let asOf: DateView
    let summary: String
    let cardCount: Int
    let overdueCount: Int
    let dueSoonCount: Int
    let columns: [ColumnView]
    let hasArchived: Bool
    let archivedCount: Int
    let archived: [CardView]
    /// Every card, columns first then archived, for the detail views.
    let allCards: [CardView]
    /// Whether the site has a history page (the board is in git).
    let hasHistory: Bool
    /// Whether the board is part of a site of several boards (a link back to the overview).
    let hasOverview: Bool
    /// `board.ics`, or `boards.ics` on an overview.
    let calendarLink: String
    let labels: Labels
}

/// A date as text and as ISO 8601 for `datetime` attributes.
struct DateView: Sendable {
    let iso: String
    let text: String
}

struct ColumnView: Sendable {
    /// `todo`, `doing` or `done`.
    let state: String
    let name: String
    let count: Int
    let hasLimit: Bool
    let limit: Int
    let countText: String
    let countLabel: String
    let overLimit: Bool
    let isEmpty: Bool
    let cards: [CardView]
}

struct CardView: Sendable {
    let id: String
    /// `card-<id>`: the element ID of the card's detail view and the URL fragment that opens it.
    let anchor: String
    /// `index.html#card-<id>`: the card's detail view from another page of the site.
    let link: String
    let title: String
    let state: String
    let stateName: String
    let classes: String
    let hasDue: Bool
    let due: DateView
    let isOverdue: Bool
    let isDueSoon: Bool
    let hasStatus: Bool
    let status: String
    let statusClass: String
    let hasTags: Bool
    let tags: [TagView]
    let hasDescription: Bool
    let descriptionHTML: String
    let isArchived: Bool
    let line: Int
    let hasTimeline: Bool
    let timeline: [TimelineItemView]
    /// The board's title, on pages that list cards of several boards (else empty).
    let hasBoard: Bool
    let board: String
}

/// `overdue.html`: overdue and due-soon cards, most overdue first.
struct OverduePageView: Sendable {
    let lang: String
    let generator: String
    let title: String
    let asOf: DateView
    let overdueCount: Int
    let dueSoonCount: Int
    let overdueHeading: String
    let dueSoonHeading: String
    let hasOverdue: Bool
    let overdue: [CardView]
    let hasDueSoon: Bool
    let dueSoon: [CardView]
    let hasHistory: Bool
    let hasOverview: Bool
    let calendarLink: String
    let labels: Labels
}

/// `history.html`: what happened to the cards, newest first, grouped by day.
struct HistoryPageView: Sendable {
    let lang: String
    let generator: String
    let title: String
    let asOf: DateView
    let overdueCount: Int
    let hasHistory: Bool
    let isShallow: Bool
    let shallowNote: String
    let hasEvents: Bool
    let days: [HistoryDayView]
    let hasOverview: Bool
    let calendarLink: String
    let labels: Labels
}

/// `index.html` of a site of several boards.
struct OverviewPageView: Sendable {
    let lang: String
    let generator: String
    let title: String
    let asOf: DateView
    let summary: String
    let overdueCount: Int
    let hasHistory: Bool
    let hasOverview: Bool
    let calendarLink: String
    /// Most overdue first.
    let boards: [OverviewBoardView]
    let hasFailed: Bool
    let failed: [String]
    let labels: Labels
}

struct OverviewBoardView: Sendable {
    let title: String
    /// `SLUG/index.html`.
    let link: String
    let file: String
    let cardCount: String
    let counts: [StateCountView]
    let overdueCount: Int
    let dueSoonCount: Int
    let hasOverdue: Bool
    let hasDueSoon: Bool
    let overdueText: String
    let dueSoonText: String
    let hasLatestChange: Bool
    let latestChange: DateView
}

/// One segment of a board's stacked bar on the overview.
struct StateCountView: Sendable {
    let state: String
    let name: String
    let count: Int
    /// Width of the segment, `"37.5%"`.
    let width: String
}

struct HistoryDayView: Sendable {
    let date: DateView
    let events: [HistoryEventView]
}

struct HistoryEventView: Sendable {
    /// `added`, `moved`, `edited`, `renamed`, `archived` or `removed`.
    let kind: String
    /// `HH:MM` in the board's time zone.
    let time: String
    /// ISO 8601 (UTC) for `datetime`.
    let iso: String
    let title: String
    /// Whether the card is still on the board (then `link` opens its detail view).
    let hasLink: Bool
    let link: String
    /// What happened, without the title: "Moved from DOING to DONE".
    let description: String
    let author: String
    let byline: String
    let commit: String
    let subject: String
}

/// One line of a card's timeline in its detail view: "Entered DOING · Nov 3, 2026".
struct TimelineItemView: Sendable {
    let label: String
    let value: String
}

struct TagView: Sendable {
    let name: String
    /// The tag as a CSS-class-safe slug (`tag-<slug>`).
    let slug: String
}
