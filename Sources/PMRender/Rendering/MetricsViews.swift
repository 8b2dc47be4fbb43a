import Templating

// The view models of `metrics.html`. Charts are described by numbers already placed on the chart's grid
// (`ChartView.width` × `ChartView.height` SVG units), so a template writes static SVG without arithmetic; every
// chart also carries its data as a table.

/// A point of a line or area, in SVG units.
struct ChartPointView: TemplateModel {
    let x: Int
    let y: Int

    static let fields = TemplateFields<ChartPointView>([
        .number("x", "Horizontal position, in SVG units from the left") { $0.x },
        .number("y", "Vertical position, in SVG units from the top") { $0.y },
    ])
}

/// A label on an axis.
struct ChartTickView: TemplateModel {
    /// Where it goes along its axis, in SVG units.
    let position: Int
    let label: String
    /// `middle`, or `start` / `end` for a label at the left / right edge of the plot (kept inside the chart).
    var anchor: String = "middle"

    static let fields = TemplateFields<ChartTickView>([
        .number("position", "Where the tick is along its axis (x for the x axis, y for the y axis)") { $0.position },
        .text("label", "The tick's label") { $0.label },
        .text("anchor", "The x axis label's `text-anchor`: `middle`, or `start` / `end` at the plot's edges") {
            $0.anchor
        },
    ])
}

/// A filled area (a band of the cumulative flow diagram).
struct ChartAreaView: TemplateModel {
    /// `todo`, `doing` or `done`.
    let key: String
    let name: String
    let points: [ChartPointView]

    static let fields = TemplateFields<ChartAreaView>([
        .text("key", "`todo`, `doing` or `done`, for CSS classes") { $0.key },
        .text("name", "The state's name in the page's language") { $0.name },
        .list("points", "The outline: the top edge left to right, then the bottom edge right to left") { $0.points },
    ])
}

/// A bar (a week of throughput, a day of the forecast).
struct ChartBarView: TemplateModel {
    let x: Int
    let y: Int
    let width: Int
    let height: Int
    /// The bar's value, written above it when `showsValue`.
    let value: String
    let showsValue: Bool
    /// What the bar stands for, for a tooltip: "2026-W02: 3".
    let label: String

    static let fields = TemplateFields<ChartBarView>([
        .number("x", "Left edge") { $0.x },
        .number("y", "Top edge") { $0.y },
        .number("width", "Width") { $0.width },
        .number("height", "Height") { $0.height },
        .number("centerX", "Middle, for the value's label") { $0.x + $0.width / 2 },
        .number("valueY", "Where the value's label goes (just above the bar)") { $0.y - 4 },
        .text("value", "The bar's value") { $0.value },
        .flag("showsValue", "There is room to write the value above the bar") { $0.showsValue },
        .text("label", "What the bar stands for, for a tooltip") { $0.label },
    ])
}

/// A dot (a card).
struct ChartDotView: TemplateModel {
    let x: Int
    let y: Int
    /// A CSS class suffix (`dot-<key>`): the card's state or percentile band.
    let key: String
    /// The card and its figure, for a tooltip.
    let label: String

    static let fields = TemplateFields<ChartDotView>([
        .number("x", "Centre, horizontally") { $0.x },
        .number("y", "Centre, vertically") { $0.y },
        .text("key", "A class suffix: the dot's percentile band (`p50`, `p85`, `p95`, `over`)") { $0.key },
        .text("label", "The card and its figure, for a tooltip") { $0.label },
    ])
}

/// A straight line with a label (a percentile, a forecast date).
struct ChartRuleView: TemplateModel {
    let x1: Int
    let y1: Int
    let x2: Int
    let y2: Int
    /// `p50`, `p85` or `p95`.
    let key: String
    let label: String
    let labelX: Int
    let labelY: Int
    /// `start` or `end`: how the label is anchored.
    let anchor: String

    static let fields = TemplateFields<ChartRuleView>([
        .number("x1", "Start, horizontally") { $0.x1 },
        .number("y1", "Start, vertically") { $0.y1 },
        .number("x2", "End, horizontally") { $0.x2 },
        .number("y2", "End, vertically") { $0.y2 },
        .text("key", "`p50`, `p85` or `p95`, for CSS classes") { $0.key },
        .text("label", "\"85%: 7 days\"") { $0.label },
        .number("labelX", "Where the label goes, horizontally") { $0.labelX },
        .number("labelY", "Where the label goes, vertically") { $0.labelY },
        .text("anchor", "`start` or `end`: the label's `text-anchor`") { $0.anchor },
    ])
}

/// A horizontal band behind the dots (a cycle-time percentile range on the aging chart).
struct ChartBandView: TemplateModel {
    let y: Int
    let height: Int
    /// `p50`, `p85`, `p95` or `over`.
    let key: String
    let name: String

    static let fields = TemplateFields<ChartBandView>([
        .number("y", "Top edge") { $0.y },
        .number("height", "Height") { $0.height },
        .text("key", "`p50`, `p85`, `p95` or `over`, for CSS classes") { $0.key },
        .text("name", "What the band means, in the page's language") { $0.name },
    ])
}

/// A column of the aging chart: a lane.
struct ChartLaneView: TemplateModel {
    let x: Int
    let width: Int
    let name: String

    static let fields = TemplateFields<ChartLaneView>([
        .number("x", "Left edge of the lane's column") { $0.x },
        .number("width", "Width of the column") { $0.width },
        .number("centerX", "Middle of the column, for its label") { $0.x + $0.width / 2 },
        .text("name", "The lane's name") { $0.name },
    ])
}

/// An entry of a chart's legend.
struct ChartLegendView: TemplateModel {
    let key: String
    let name: String

    static let fields = TemplateFields<ChartLegendView>([
        .text("key", "The class suffix of what it names (`todo`, `p85`…)") { $0.key },
        .text("name", "What it names, in the page's language") { $0.name },
    ])
}

/// A row of a data table: a heading cell, then values.
struct TableRowView: TemplateModel {
    let head: String
    let cells: [String]

    static let fields = TemplateFields<TableRowView>([
        .text("head", "The row's first cell (its heading)") { $0.head },
        .textList("cells", "The other cells") { $0.cells },
    ])
}

/// A chart's data as a table, for screen readers and anyone who wants the numbers.
struct DataTableView: TemplateModel {
    let caption: String
    let headers: [String]
    let rows: [TableRowView]

    static let fields = TemplateFields<DataTableView>([
        .text("caption", "The table's caption") { $0.caption },
        .textList("headers", "The column headings") { $0.headers },
        .list("rows", "The rows") { $0.rows },
        .flag("hasRows", "The table has rows") { !$0.rows.isEmpty },
    ])
}

/// One chart of the metrics page: static SVG from these numbers, a legend and a data table.
struct ChartView: TemplateModel {
    /// A slug, unique on the page, for element IDs (`cfd`, `cycle-time`…).
    let id: String
    let heading: String
    /// The SVG's `<title>`.
    let title: String
    /// What the chart shows, in words (the SVG's `<desc>`).
    let summary: String
    /// Sentences shown with the chart (the forecast's dates).
    var notes: [String] = []
    /// Shown instead of the chart when there is nothing to draw.
    var emptyText: String = ""
    let hasData: Bool
    var xTicks: [ChartTickView] = []
    var yTicks: [ChartTickView] = []
    var areas: [ChartAreaView] = []
    var bands: [ChartBandView] = []
    var lanes: [ChartLaneView] = []
    var bars: [ChartBarView] = []
    var rules: [ChartRuleView] = []
    var dots: [ChartDotView] = []
    var legend: [ChartLegendView] = []
    let table: DataTableView

    static let fields = TemplateFields<ChartView>([
        .text("id", "A slug unique on the page, for element IDs") { $0.id },
        .text("heading", "The section's heading") { $0.heading },
        .text("title", "The chart's title (the SVG's `<title>`)") { $0.title },
        .text("summary", "What the chart shows, in words (the SVG's `<desc>`)") { $0.summary },
        .flag("hasNotes", "Sentences go with the chart") { !$0.notes.isEmpty },
        .textList("notes", "Those sentences (the forecast's dates)") { $0.notes },
        .flag("hasData", "There is something to draw") { $0.hasData },
        .text("emptyText", "Shown instead of the chart when there is nothing to draw") { $0.emptyText },
        .number("width", "The SVG's width, in its units (its `viewBox`)") { _ in ChartGrid.width },
        .number("height", "The SVG's height, in its units") { _ in ChartGrid.height },
        .number("plotLeft", "Left edge of the plotting area") { _ in ChartGrid.left },
        .number("plotRight", "Right edge of the plotting area") { _ in ChartGrid.right },
        .number("plotTop", "Top edge of the plotting area") { _ in ChartGrid.top },
        .number("plotBottom", "Bottom edge of the plotting area (the x axis)") { _ in ChartGrid.bottom },
        .number("plotWidth", "Width of the plotting area") { _ in ChartGrid.right - ChartGrid.left },
        .number("xLabelY", "Where the x axis's labels go, vertically") { _ in ChartGrid.bottom + 18 },
        .number("yLabelX", "Where the y axis's labels end, horizontally") { _ in ChartGrid.left - 6 },
        .list("xTicks", "Labels along the x axis") { $0.xTicks },
        .list("yTicks", "Labels along the y axis, with grid lines") { $0.yTicks },
        .list("areas", "Stacked areas (cumulative flow), bottom first") { $0.areas },
        .list("bands", "Horizontal bands (cycle-time percentiles behind the aging dots)") { $0.bands },
        .list("lanes", "Columns (lanes of the aging chart)") { $0.lanes },
        .list("bars", "Bars (throughput, forecast)") { $0.bars },
        .list("rules", "Lines with labels (percentiles, forecast dates)") { $0.rules },
        .list("dots", "Dots (cards)") { $0.dots },
        .flag("hasLegend", "The chart has a legend") { !$0.legend.isEmpty },
        .list("legend", "The legend's entries") { $0.legend },
        .object("table", "The chart's data") { $0.table },
    ])
}

/// A card done in the range, in the page's table.
struct MetricCardView: TemplateModel {
    let title: String
    let link: String
    let board: String
    let added: DateView
    let started: DateView
    let done: DateView
    let leadTimeDays: Int
    let cycleTimeDays: Int

    static let fields = TemplateFields<MetricCardView>([
        .text("title", "The card's title") { $0.title },
        .flag("hasLink", "The card is still on the board, so it can be linked") { !$0.link.isEmpty },
        .text("link", "Its link (`index.html#card-<id>`)") { $0.link },
        .flag("hasBoard", "The page covers several boards") { !$0.board.isEmpty },
        .text("board", "The card's board, on a page of several boards") { $0.board },
        .object("added", "The day it was added") { $0.added },
        .object("started", "The day it started") { $0.started },
        .object("done", "The day it was done") { $0.done },
        .number("leadTimeDays", "Done − added + 1 days") { $0.leadTimeDays },
        .number("cycleTimeDays", "Done − started + 1 days") { $0.cycleTimeDays },
    ])
}

/// Fixed words of the metrics page, in its language (the catalogue's `metrics.*` strings).
struct MetricsWordsView: CatalogueWordsView {
    let catalogue: Catalogue

    static let names = [
        "title", "data", "cards", "card", "lane", "added", "started", "finishedOn", "leadTimeDays", "cycleTimeDays",
    ]

    static let fields = TemplateFields<MetricsWordsView>(TemplateField.words(names, prefix: "metrics."))
}

/// `metrics.html`: flow metrics from the board's git history (or the boards' on an overview).
struct MetricsPageView: PageFramed {
    let frame: PageFrame
    let overdueCount: Int
    let words: MetricsWordsView
    let range: String
    let from: DateView
    let to: DateView
    let isShallow: Bool
    let shallowNote: String
    let isCombined: Bool
    let tiles: [LabeledValueView]
    let cfd: ChartView
    let cycleTime: ChartView
    let throughput: ChartView
    let aging: ChartView
    let forecast: ChartView
    let cards: [MetricCardView]

    static let fields = TemplateFields<MetricsPageView>(
        TemplateField.frame + [
            .number("overdueCount", "Overdue cards (for the navigation)") { $0.overdueCount },
            .object("words", "Fixed words of the metrics page") { $0.words },
            .text("range", "The days covered: \"Nov 1, 2026 to Nov 22, 2026\"") { $0.range },
            .object("from", "The first day covered") { $0.from },
            .object("to", "The last day covered (today)") { $0.to },
            .flag("isShallow", "Only part of the history is available (a shallow clone)") { $0.isShallow },
            .text("shallowNote", "A note saying so") { $0.shallowNote },
            .flag("isCombined", "The page covers every board of a site") { $0.isCombined },
            .list("tiles", "Key figures: done, cycle time, in progress, forecast") { $0.tiles },
            .list("charts", "The five charts in order: cumulative flow, cycle time, throughput, aging, forecast") {
                [$0.cfd, $0.cycleTime, $0.throughput, $0.aging, $0.forecast]
            },
            .object("cfd", "Cumulative flow: stacked areas by state") { $0.cfd },
            .object("cycleTime", "Cycle time: a dot per card done, with percentile lines") { $0.cycleTime },
            .object("throughput", "Cards done per ISO week") { $0.throughput },
            .object("aging", "Work in progress by age, per lane, against cycle-time percentile bands") { $0.aging },
            .object("forecast", "The Monte Carlo forecast: the day each trial finished") { $0.forecast },
            .flag("hasCards", "Some card was done in the range") { !$0.cards.isEmpty },
            .list("cards", "The cards done in the range, by done day") { $0.cards },
        ])
}
