/// Turns a board into the pages' view models, in the board's language.
struct PageBuilder {
    let board: Board
    let clock: DeadlineClock
    let history: BoardHistory?
    /// The board is part of a site of several boards.
    let partOfSite: Bool
    let phrases: Phrases
    let labels: Labels
    /// Each distinct deadline's and status's text, written once: a large board repeats them.
    private let deadlineTexts: [Deadline: String]
    private let statusTexts: [DeadlineStatus: String]

    init(board: Board, clock: DeadlineClock, history: BoardHistory? = nil, partOfSite: Bool = false) {
        self.board = board
        self.clock = clock
        self.history = history
        self.partOfSite = partOfSite
        let phrases = Phrases(board.locale)
        self.phrases = phrases
        self.labels = Labels(phrases.catalogue)
        var deadlineTexts: [Deadline: String] = [:]
        var statusTexts: [DeadlineStatus: String] = [:]
        for card in board.cards + board.archived {
            if let due = card.due, deadlineTexts[due] == nil {
                deadlineTexts[due] = phrases.date(due.date, time: due.time)
            }
            let status = DeadlineStatus(card: card, clock: clock, dueSoonDays: board.dueSoonDays)
            if statusTexts[status] == nil { statusTexts[status] = phrases.capitalized(phrases.status(status)) }
        }
        self.deadlineTexts = deadlineTexts
        self.statusTexts = statusTexts
    }

    var asOf: DateView { DateView(iso: clock.today.description, text: phrases.date(clock.today)) }

    var generator: String { "pm-render \(PMRenderVersion.string)" }

    /// `index.html`: the board.
    func page() -> PageView {
        var overdue = 0
        var dueSoon = 0
        let columns = board.columns.map { column -> ColumnView in
            let cards = column.cards.map { card -> CardView in
                let view = cardView(card)
                if view.isOverdue { overdue += 1 }
                if view.isDueSoon { dueSoon += 1 }
                return view
            }
            let countText = column.wipLimit.map { "\(cards.count) / \($0)" } ?? "\(cards.count)"
            return ColumnView(state: column.state.slug, name: phrases.stateName(column.state), count: cards.count,
                              hasLimit: column.wipLimit != nil, limit: column.wipLimit ?? 0, countText: countText,
                              countLabel: phrases.countLabel(count: cards.count, limit: column.wipLimit),
                              overLimit: column.isOverLimit, isEmpty: cards.isEmpty, cards: cards)
        }
        // Archived cards may repeat an identity (recurring tasks), so their anchors are numbered.
        var seenArchived: [String: Int] = [:]
        let archived = board.archived.map { card -> CardView in
            let count = seenArchived[card.id, default: 0] + 1
            seenArchived[card.id] = count
            return cardView(card, anchor: "archived-\(card.id)" + (count > 1 ? "-\(count)" : ""))
        }
        return PageView(
            lang: board.locale.rawValue, generator: generator, title: board.title,
            hasDescription: !board.descriptionHTML.isEmpty, descriptionHTML: board.descriptionHTML, asOf: asOf,
            summary: phrases.summary(cards: board.cardCount, overdue: overdue),
            cardCount: board.cardCount, overdueCount: overdue, dueSoonCount: dueSoon, columns: columns,
            hasArchived: !archived.isEmpty, archivedCount: archived.count, archived: archived,
            allCards: columns.flatMap { $0.cards } + archived, hasHistory: history != nil, hasOverview: partOfSite,
            calendarLink: "board.ics", labels: labels
        )
    }

    /// `overdue.html`: overdue and due-soon cards by age, each linking to its detail view.
    func overduePage() -> OverduePageView {
        let report = OverdueReport(boards: [board], clock: clock, within: board.dueSoonDays)
        let overdue = report.entries.filter { $0.status.isOverdue }.map { cardView($0.card) }
        let dueSoon = report.entries.filter { $0.status.isDueSoon }.map { cardView($0.card) }
        return OverduePageView(
            lang: board.locale.rawValue, generator: generator, title: board.title, asOf: asOf,
            overdueCount: overdue.count, dueSoonCount: dueSoon.count,
            overdueHeading: phrases.overdueHeading(overdue.count), dueSoonHeading: phrases.dueSoonHeading(dueSoon.count),
            hasOverdue: !overdue.isEmpty, overdue: overdue, hasDueSoon: !dueSoon.isEmpty, dueSoon: dueSoon,
            hasHistory: history != nil, hasOverview: partOfSite, calendarLink: "board.ics", labels: labels
        )
    }

    /// `history.html`: events grouped by day (in the board's time zone), newest first.
    func historyPage(overdueCount: Int) -> HistoryPageView {
        let events = history?.events ?? []
        let onBoard = Set(board.cards.map(\.id))
        var days: [HistoryDayView] = []
        var currentDay: CalendarDate?
        var currentEvents: [HistoryEventView] = []
        func flush() {
            if let currentDay, !currentEvents.isEmpty {
                days.append(HistoryDayView(date: DateView(iso: currentDay.description, text: phrases.date(currentDay)), events: currentEvents))
            }
            currentEvents = []
        }
        for event in events {
            let (day, time) = HistoryReport.local(event.commit.date, timezone: board.timezone)
            if day != currentDay {
                flush()
                currentDay = day
            }
            let change = event.change
            let stillHere = onBoard.contains(change.id) && change.kind != .removed && change.kind != .archived
            currentEvents.append(HistoryEventView(
                kind: change.isRename && change.kind == .edited ? "renamed" : change.kind.rawValue, time: time.description,
                iso: HistoryReport.iso(event.commit.date), title: change.card.title, hasLink: stillHere,
                link: "index.html#card-" + change.id, description: phrases.event(change), author: event.commit.author,
                byline: phrases.text("history.by", ["author": event.commit.author]), commit: event.commit.shortID,
                subject: event.commit.subject))
        }
        flush()
        return HistoryPageView(
            lang: board.locale.rawValue, generator: generator, title: board.title, asOf: asOf, overdueCount: overdueCount,
            hasHistory: true, isShallow: history?.isShallow ?? false,
            shallowNote: phrases.text("history.shallow", ["count": String(history?.commitCount ?? 0)]),
            hasEvents: !days.isEmpty, days: days, hasOverview: partOfSite, calendarLink: "board.ics", labels: labels)
    }

    /// A card's timeline: created, each state entered, done, lead and cycle time, time in each state.
    func timeline(_ card: Card) -> [TimelineItemView] {
        guard !card.isArchived, let timeline = history?.timelines[card.id] else { return [] }
        func day(_ seconds: Int) -> String {
            let (date, time) = HistoryReport.local(seconds, timezone: board.timezone)
            return phrases.date(date, time: time)
        }
        var items = [TimelineItemView(label: phrases.text("timeline.created"), value: day(timeline.created))]
        for entry in timeline.entries.dropFirst() {
            items.append(TimelineItemView(label: phrases.text("timeline.entered", ["state": phrases.stateName(entry.state)]), value: day(entry.date)))
        }
        if let lead = timeline.leadTime { items.append(TimelineItemView(label: phrases.text("timeline.leadTime"), value: phrases.duration(seconds: lead))) }
        if let cycle = timeline.cycleTime { items.append(TimelineItemView(label: phrases.text("timeline.cycleTime"), value: phrases.duration(seconds: cycle))) }
        for state in CardState.allCases {
            guard let seconds = timeline.timeInState[state], seconds > 0 else { continue }
            items.append(TimelineItemView(label: phrases.text("timeline.timeIn", ["state": phrases.stateName(state)]), value: phrases.duration(seconds: seconds)))
        }
        return items
    }

    func cardView(_ card: Card) -> CardView {
        cardView(card, anchor: "card-" + card.id)
    }

    func cardView(_ card: Card, anchor: String, boardTitle: String? = nil, linkPrefix: String = "") -> CardView {
        let status = DeadlineStatus(card: card, clock: clock, dueSoonDays: board.dueSoonDays)
        var classes = "card card-\(card.state.slug)"
        let statusText = statusTexts[status] ?? phrases.capitalized(phrases.status(status))
        var statusClass = ""
        switch status {
        case .overdue:
            classes += " overdue"
            statusClass = "overdue"
        case .dueSoon:
            classes += " due-soon"
            statusClass = "due-soon"
        case .none, .upcoming:
            break
        }
        if card.isArchived { classes += " archived" }
        let due = card.due.map { DateView(iso: $0.iso, text: deadlineTexts[$0] ?? phrases.date($0.date, time: $0.time)) }
        let timelineItems = timeline(card)
        return CardView(
            id: card.id, anchor: anchor, link: linkPrefix + "index.html#" + anchor, title: card.title, state: card.state.slug,
            stateName: phrases.stateName(card.state), classes: classes, hasDue: due != nil,
            due: due ?? DateView(iso: "", text: ""), isOverdue: status.isOverdue, isDueSoon: status.isDueSoon,
            hasStatus: !statusText.isEmpty, status: statusText, statusClass: statusClass,
            hasTags: !card.tags.isEmpty, tags: card.tags.map { TagView(name: $0, slug: Slug.make($0)) },
            hasDescription: !card.descriptionHTML.isEmpty, descriptionHTML: card.descriptionHTML,
            isArchived: card.isArchived, line: card.location.line, hasTimeline: !timelineItems.isEmpty, timeline: timelineItems,
            hasBoard: boardTitle != nil, board: boardTitle ?? ""
        )
    }
}
