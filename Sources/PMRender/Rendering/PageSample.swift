/// A small board that uses every feature, rendered into view models so the template linter has a
/// value for every key (every array non-empty, every flag set somewhere).
enum PageSample {
    static let board: Board = BoardParser.parse(Array(sampleText.utf8), file: "sample.md", options: ParseOptions(renderHTML: true)).board

    static let sampleText = """
            ---
            title: Sample
            wip:
              DOING: 1
            ---
            # Sample

            The *description*.

            ## TODO

            - [ ] Overdue card @{2026-01-01} #tag
              Its description.
            - [ ] Soon card @{2026-01-11}

            ## DOING

            - [ ] One
            - [ ] Two

            ## DONE

            ***

            ## Archive

            - [x] Archived card @{2025-12-01}
            """

    static let clock = DeadlineClock(today: CalendarDate(year: 2026, month: 1, day: 10)!)

    /// Two commits: the sample board without "Two", then with it and "One" moved.
    static let history: BoardHistory = {
        func commit(_ n: Int) -> CommitInfo {
            CommitInfo(id: "\(n)", shortID: "\(n)", author: "Sample", date: 1_767_225_600 + n * 86_400, subject: "commit \(n)", path: "sample.md")
        }
        let first = "## TODO\n- [ ] Overdue card\n- [ ] One\n- [ ] Gone\n"
        return BoardHistory(versions: [FileVersion(commit: commit(1), bytes: Array(first.utf8)),
                                       FileVersion(commit: commit(2), bytes: Array(sampleText.utf8))],
                            file: "sample.md", isShallow: false)
    }()

    static let page: PageView = PageBuilder(board: board, clock: clock, history: history).page()

    static let overdue: OverduePageView = PageBuilder(board: board, clock: clock, history: history).overduePage()

    static let historyPage: HistoryPageView = PageBuilder(board: board, clock: clock, history: history).historyPage(overdueCount: 1)

    static let overviewBuilder = OverviewBuilder(
        entries: [OverviewBuilder.Entry(board: board, slug: "sample", clock: clock, latestChange: 1_767_225_600)],
        failed: ["broken.md"], locale: .en)

    static let overview: OverviewPageView = overviewBuilder.overviewPage()

    static let combinedOverdue: OverduePageView = overviewBuilder.overduePage()

    /// Each page template with the value it renders.
    static let roots: [(String, any TemplateObject)] = [
        ("page", page), ("overdue", overdue), ("overdue", combinedOverdue), ("history", historyPage), ("overview", overview),
    ]
}
