/// The overview and combined overdue page of a site of several boards.
struct OverviewBuilder {
    struct Entry {
        let board: Board
        let slug: String
        /// The board's path as shown: relative to the folder the boards have in common.
        let file: String
        let clock: DeadlineClock
        /// Date of the latest commit that changed the board (when it is in git).
        let latestChange: Int?
    }

    let entries: [Entry]
    let failed: [String]
    let phrases: Phrases
    let labels: LabelsView
    let baseURL: String?
    /// The site has a combined `metrics.html` (linked from the navigation).
    let hasMetrics: Bool

    init(entries: [Entry], failed: [String], locale: BoardLocale, baseURL: String? = nil, hasMetrics: Bool = false) {
        self.entries = entries
        self.failed = failed
        self.phrases = Phrases(locale)
        self.labels = LabelsView(catalogue: phrases.catalogue)
        self.baseURL = baseURL
        self.hasMetrics = hasMetrics
    }

    var asOf: DateView {
        let today = entries.first?.clock.today ?? CalendarDate(daysSinceEpoch: 0)
        return DateView(iso: today.description, text: phrases.date(today))
    }

    /// The shared keys of the site's own pages.
    func frame(current: String, title: String, overdueCount: Int) -> PageFrame {
        var items = [
            NavItemView(
                href: "index.html", label: phrases.text("label.allBoards"), isCurrent: current == "index.html",
                hasCount: false, count: 0),
            NavItemView(
                href: "overdue.html", label: phrases.text("label.overdue"), isCurrent: current == "overdue.html",
                hasCount: true, count: overdueCount),
        ]
        if hasMetrics {
            items.append(
                NavItemView(
                    href: "metrics.html", label: phrases.text("label.metrics"), isCurrent: current == "metrics.html",
                    hasCount: false, count: 0))
        }
        return PageFrame(
            lang: phrases.catalogue.locale, generator: PageBuilder.generator, title: title, asOf: asOf,
            nav: NavView(items: items), hasHistory: false, hasMetrics: hasMetrics, hasOverview: false,
            calendarLink: "boards.ics", subscribeLink: PageBuilder.webcal(baseURL, file: "boards.ics"), updated: "",
            commit: "", labels: labels)
    }

    func overviewPage() -> OverviewPageView {
        var boards: [(view: OverviewBoardView, overdue: Int, dueSoon: Int)] = []
        for entry in entries {
            let report = OverdueReport(boards: [entry.board], clock: entry.clock, within: entry.board.dueSoonDays)
            let overdue = report.overdueCount
            let dueSoon = report.entries.count - overdue
            let total = max(entry.board.cardCount, 1)
            let counts = CardState.allCases.map { state in
                let count = entry.board.cardCount(in: state)
                return StateCountView(
                    state: state.slug, name: phrases.stateName(state), count: count,
                    width: Self.percent(count, of: total))
            }
            let latest = entry.latestChange.map { HistoryReport.local($0, timezone: entry.board.timezone).date }
            boards.append(
                (
                    OverviewBoardView(
                        title: entry.board.title, link: "\(entry.slug)/index.html", file: entry.file,
                        cardCount: phrases.cards(entry.board.cardCount), counts: counts, overdueCount: overdue,
                        dueSoonCount: dueSoon,
                        overdueText: phrases.text("report.overdueCount", ["count": String(overdue)]),
                        dueSoonText: phrases.text("report.dueSoonCount", ["count": String(dueSoon)]),
                        latestChange: latest.map { DateView(iso: $0.description, text: phrases.date($0)) }),
                    overdue, dueSoon
                ))
        }
        // Most overdue first, then most due soon, then title.
        boards.sort { a, b in
            if a.overdue != b.overdue { return a.overdue > b.overdue }
            if a.dueSoon != b.dueSoon { return a.dueSoon > b.dueSoon }
            return (a.view.title, a.view.link) < (b.view.title, b.view.link)
        }
        let overdueTotal = boards.reduce(0) { $0 + $1.overdue }
        let cardTotal = entries.reduce(0) { $0 + $1.board.cardCount }
        return OverviewPageView(
            frame: frame(current: "index.html", title: phrases.text("label.boards"), overdueCount: overdueTotal),
            summary: phrases.summary(cards: cardTotal, overdue: overdueTotal), overdueCount: overdueTotal,
            boards: boards.map(\.view), failed: failed)
    }

    /// Overdue and due-soon cards of every board, each linking to its card in its board's page.
    func overduePage() -> OverduePageView {
        var overdue: [(CardView, Int)] = []
        var dueSoon: [(CardView, Int)] = []
        for entry in entries {
            let builder = PageBuilder(
                board: entry.board, clock: entry.clock, site: SiteContext(partOfSite: true, baseURL: baseURL))
            let report = OverdueReport(boards: [entry.board], clock: entry.clock, within: entry.board.dueSoonDays)
            for item in report.entries {
                let view = builder.cardView(
                    item.card, anchor: "card-" + item.card.id, boardTitle: entry.board.title,
                    linkPrefix: "\(entry.slug)/")
                if item.status.isOverdue {
                    overdue.append((view, item.card.due!.dueMinute))
                } else {
                    dueSoon.append((view, item.card.due!.dueMinute))
                }
            }
        }
        let sortedOverdue = overdue.sorted { $0.1 < $1.1 }.map(\.0)
        let sortedDueSoon = dueSoon.sorted { $0.1 < $1.1 }.map(\.0)
        return OverduePageView(
            frame: frame(
                current: "overdue.html", title: phrases.text("label.allBoards"), overdueCount: sortedOverdue.count),
            overdueHeading: phrases.overdueHeading(sortedOverdue.count),
            dueSoonHeading: phrases.dueSoonHeading(sortedDueSoon.count), overdue: sortedOverdue, dueSoon: sortedDueSoon)
    }

    /// `"37.5%"`, one decimal, never locale-dependent.
    static func percent(_ part: Int, of whole: Int) -> String {
        let tenths = (part * 1000 + whole / 2) / max(whole, 1)
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
