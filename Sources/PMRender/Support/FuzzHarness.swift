/// Runs every stage of pm-render on arbitrary bytes, in memory: decoding, front matter, parsing,
/// validation, comparison with a previous version, rendering with the built-in templates (checked
/// against swift-mustache rendering the same templates), the calendar
/// feed, JSON and every diagnostic format. Used by the libFuzzer target (`Fuzz/run`) and by the tests
/// that replay `Fuzz/regressions/`. Nothing is written to disk.
public enum FuzzHarness {
    static let templates = TemplateSet.builtIn().0!
    static let clock = DeadlineClock(today: CalendarDate(year: 2026, month: 11, day: 22)!)
    static let previous = BoardParser.parse(Array("## TODO\n- [ ] Alpha\n## DONE\n- [x] Beta\n".utf8), file: "old.md").board

    /// Returns the number of files the rendered site would hold (so the work cannot be optimised away).
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Int {
        let result = BoardParser.parse(bytes, file: "fuzz.md", options: ParseOptions(renderHTML: true))
        checkVersionParser(bytes)
        var size = 0
        for format in DiagnosticFormat.allCases {
            size += DiagnosticPrinter.render(DiagnosticPrinter.capped(result.diagnostics), format: format).utf8.count
        }
        size += BoardJSON.encode(result.board).utf8.count
        let changes = BoardComparison.compare(old: previous, new: result.board)
        size += TransitionValidator.validate(changes: changes, old: previous, new: result.board, oldFile: "old.md").count
        for change in changes { size += ChangeReport.sentence(change, locale: result.board.locale).utf8.count }
        let options = RenderOptions(clock: clock, templates: templates, baseURL: "https://example.com/")
        let (site, _) = SiteRenderer.render(result.board, options: options)
        checkCompiledTemplates(result.board)
        let report = OverdueReport(boards: [result.board], clock: clock, within: 3)
        size += report.text().utf8.count + report.markdown().utf8.count + report.json().utf8.count
        return (site?.files.count ?? 0) + size
    }

    /// Compiled templates must render any board's pages exactly as swift-mustache does.
    static func checkCompiledTemplates(_ board: Board) {
        let builder = PageBuilder(board: board, clock: clock)
        let page = builder.page()
        precondition(templates.render(page, template: "page") == templates.renderWithSwiftMustache(page, template: "page"),
                     "compiled templates rendered the page differently from swift-mustache")
        let overdue = builder.overduePage()
        precondition(templates.render(overdue, template: "overdue") == templates.renderWithSwiftMustache(overdue, template: "overdue"),
                     "compiled templates rendered the overdue page differently from swift-mustache")
    }

    /// The history's incremental parser must read any file as the full parser does, from a cold
    /// cache and from a warm one.
    static func checkVersionParser(_ bytes: [UInt8]) {
        let full = BoardParser.parse(bytes, file: "fuzz.md")
        var parser = VersionParser()
        for _ in 0..<2 {
            switch parser.parse(bytes, file: "fuzz.md") {
            case .board(let board, _):
                precondition(full.isReadable && board == full.board, "the incremental parser read a different board")
            case .unreadable(let result):
                precondition(!full.isReadable && result.diagnostics == full.diagnostics, "the incremental parser disagrees on errors")
            }
        }
    }
}
