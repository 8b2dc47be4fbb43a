extension MetricsPage {
    /// A board with its history, for a page of several boards.
    struct Entry {
        let board: Board
        let slug: String
        let history: BoardHistory
    }

    /// The options a page's metrics are computed with: as of `today`, with a "how many" forecast two weeks ahead.
    static func options(today: CalendarDate) -> FlowMetrics.Options {
        var options = FlowMetrics.Options(today: today)
        options.forecast.by = today.adding(days: howManyDays)
        return options
    }

    /// `metrics.html` of one board.
    static func boardPage(board: Board, history: BoardHistory, builder: PageBuilder, overdueCount: Int)
        -> MetricsPageView
    {
        let metrics = FlowMetrics(history: history, board: board, options: options(today: builder.clock.today))
        let onPage = Set(board.cards.map(\.id))
        let page = MetricsPage(metrics: metrics, locale: board.locale) { card in
            card.isOnBoard && onPage.contains(card.id) ? "index.html#card-" + card.id : nil
        }
        return page.view(
            frame: builder.frame(current: "metrics.html", overdueCount: overdueCount), overdueCount: overdueCount,
            isCombined: false)
    }

    /// The combined `metrics.html` of a site of several boards: each board's cards counted in its own time zone,
    /// its lanes named `board: lane` (the board's title, or its folder's slug when titles repeat).
    static func combinedPage(
        _ entries: [Entry], today: CalendarDate, locale: BoardLocale, overview: OverviewBuilder, overdueCount: Int
    ) -> MetricsPageView {
        var titles: [String: Int] = [:]
        for entry in entries { titles[entry.board.title, default: 0] += 1 }
        var slugs: [String: String] = [:]
        var onPage: [String: Set<String>] = [:]
        let sources = entries.map { entry in
            let name = titles[entry.board.title] == 1 && !entry.board.title.isEmpty ? entry.board.title : entry.slug
            slugs[name] = entry.slug
            onPage[name] = Set(entry.board.cards.map(\.id))
            return FlowMetrics.Source(history: entry.history, board: entry.board, name: name)
        }
        let metrics = FlowMetrics(sources, options: options(today: today))
        let page = MetricsPage(metrics: metrics, locale: locale) { card in
            guard card.isOnBoard, onPage[card.board]?.contains(card.id) == true, let slug = slugs[card.board] else {
                return nil
            }
            return "\(slug)/index.html#card-\(card.id)"
        }
        return page.view(
            frame: overview.frame(
                current: "metrics.html", title: overview.phrases.text("label.allBoards"),
                overdueCount: overdueCount),
            overdueCount: overdueCount, isCombined: true)
    }
}
