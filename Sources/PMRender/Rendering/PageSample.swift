/// A small board that uses every feature, rendered into view models so the template linter has a
/// value for every key (every array non-empty, every flag set somewhere).
enum PageSample {
    static let board: Board = {
        let text = """
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
        return BoardParser.parse(Array(text.utf8), file: "sample.md", options: ParseOptions(renderHTML: true)).board
    }()

    static let clock = DeadlineClock(today: CalendarDate(year: 2026, month: 1, day: 10)!)

    static let page: PageView = PageBuilder(board: board, clock: clock).page()

    static let overdue: OverduePageView = PageBuilder(board: board, clock: clock).overduePage()

    /// Each required template with the value it renders.
    static let roots: [(String, any Sendable)] = [("page", page), ("overdue", overdue)]
}
