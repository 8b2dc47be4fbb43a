/// Turns flow metrics into the view model of `metrics.html`: key figures, five charts placed on `ChartGrid`, and
/// their data as tables, in the page's language.
struct MetricsPage {
    let metrics: FlowMetrics
    let words: MetricsWording
    /// The link to a card on its board's page, or nil when it is not on the page (removed, archived).
    let link: (CardFlow) -> String?

    init(metrics: FlowMetrics, locale: BoardLocale, link: @escaping (CardFlow) -> String?) {
        self.metrics = metrics
        self.words = MetricsWording(locale)
        self.link = link
    }

    /// How many days ahead the page's "how many" forecast looks.
    static let howManyDays = 14

    var phrases: Phrases { words.phrases }

    func date(_ date: CalendarDate) -> DateView { DateView(iso: date.description, text: phrases.date(date)) }

    func view(frame: PageFrame, overdueCount: Int, isCombined: Bool) -> MetricsPageView {
        let days = metrics.flow.days.count
        return MetricsPageView(
            frame: frame, overdueCount: overdueCount, words: MetricsWordsView(catalogue: phrases.catalogue),
            range: words.readableRange(metrics.from, metrics.today), from: date(metrics.from), to: date(metrics.today),
            isShallow: metrics.isShallow,
            shallowNote: phrases.text("history.shallow", ["count": String(metrics.commitCount)]),
            isCombined: isCombined, tiles: tiles(), cfd: flowChart(), cycleTime: cycleTimeChart(days: days),
            throughput: throughputChart(), aging: agingChart(), forecast: forecastChart(),
            cards: metrics.finished.map { card in
                MetricCardView(
                    title: card.title, link: link(card) ?? "", board: card.board, added: date(card.added),
                    started: card.started.map(date) ?? .empty, done: card.done.map(date) ?? .empty,
                    leadTimeDays: card.leadTimeDays ?? 0, cycleTimeDays: card.cycleTimeDays ?? 0)
            })
    }

    // MARK: - Key figures

    func tiles() -> [LabeledValueView] {
        var tiles = [
            LabeledValueView(label: words.text("metrics.tile.done"), value: String(metrics.throughput.total)),
            LabeledValueView(
                label: words.text("metrics.tile.cycleTime"),
                value: metrics.cycleTime.map { words.days($0.p85) } ?? words.text("metrics.tile.none")),
            LabeledValueView(label: words.text("metrics.tile.inProgress"), value: String(metrics.aging.count)),
        ]
        let forecast = metrics.forecast
        if forecast.remaining > 0 {
            let value: String
            if !forecast.isReliable {
                value = words.text("metrics.tile.unreliable")
            } else if let p85 = forecast.when?.p85 {
                value = phrases.date(p85)
            } else {
                value = words.text("metrics.notWithin", ["years": words.years(forecast)])
            }
            tiles.append(LabeledValueView(label: words.text("metrics.tile.forecast"), value: value))
        }
        return tiles
    }

    // MARK: - Cumulative flow

    /// Up to five dates along a range of `count` days from `from` (with their year when the range spans years).
    func dateTicks(count: Int) -> [ChartTickView] {
        let year = metrics.from.year != metrics.from.adding(days: count - 1).year
        guard count > 1 else {
            // One day is drawn across the whole plot: its label goes in the middle.
            return [
                ChartTickView(position: (ChartGrid.left + ChartGrid.right) / 2, label: words.axisDate(metrics.from))
            ]
        }
        let last = count - 1
        var previousYear: Int?
        return ChartGrid.spread(count, limit: 5).map { index in
            // Across years, a label shows its year when it is the first or the year changed since the one before.
            let date = metrics.from.adding(days: index)
            defer { previousYear = date.year }
            // The first and last labels sit at the plot's edges: they extend inwards, never past the chart.
            return ChartTickView(
                position: ChartGrid.x(index, of: count),
                label: words.axisDate(date, year: year && date.year != previousYear),
                anchor: index == last ? "end" : index == 0 ? "start" : "middle")
        }
    }

    func yTicks(_ values: [Int], unit: (Int) -> String = { String($0) }) -> [ChartTickView] {
        values.map { ChartTickView(position: ChartGrid.y($0, maximum: values.last!), label: unit($0)) }
    }

    func flowChart() -> ChartView {
        let flow = metrics.flow
        let states: [CardState] = [.done, .doing, .todo]  // stacked from the bottom
        let ticks = ChartGrid.ticks(upTo: flow.days.map(\.total).max() ?? 0)
        let maximum = ticks.last!
        // A range of one day is drawn as a flat band across the plot.
        let days = flow.days.count == 1 ? flow.days + flow.days : flow.days
        var below = [Int](repeating: 0, count: days.count)
        var areas: [ChartAreaView] = []
        for state in states {
            let above = days.indices.map { below[$0] + days[$0].count(state) }
            let top = days.indices.map {
                ChartPointView(x: ChartGrid.x($0, of: days.count), y: ChartGrid.y(above[$0], maximum: maximum))
            }
            let bottom = days.indices.reversed().map {
                ChartPointView(x: ChartGrid.x($0, of: days.count), y: ChartGrid.y(below[$0], maximum: maximum))
            }
            areas.append(ChartAreaView(key: state.slug, name: phrases.stateName(state), points: top + bottom))
            below = above
        }
        let last = flow.days.last ?? CumulativeFlow.Day(date: metrics.today, todo: 0, doing: 0, done: 0, lanes: [])
        let title = words.text("metrics.cfd.title", ["range": words.readableRange(metrics.from, metrics.today)])
        let rows = flow.days.map { day in
            TableRowView(
                head: day.date.description,
                cells: CardState.allCases.map { String(day.count($0)) } + day.lanes.map(String.init))
        }
        return ChartView(
            id: "cfd", heading: words.text("metrics.flow"), title: title,
            summary: words.text(
                "metrics.cfd.desc", ["date": phrases.date(last.date), "counts": words.stateCounts(last)]),
            hasData: !flow.days.isEmpty, xTicks: dateTicks(count: flow.days.count), yTicks: yTicks(ticks), areas: areas,
            legend: CardState.allCases.map { ChartLegendView(key: $0.slug, name: phrases.stateName($0)) },
            table: DataTableView(
                caption: title,
                headers: [words.text("metrics.date")] + CardState.allCases.map { phrases.stateName($0) } + flow.lanes,
                rows: rows))
    }

    // MARK: - Cycle time

    /// The percentile band of a number of days: `p50`, `p85`, `p95` or `over`.
    static func band(_ days: Int, _ percentiles: Percentiles?) -> String {
        guard let percentiles else { return "none" }
        if days <= percentiles.p50 { return "p50" }
        if days <= percentiles.p85 { return "p85" }
        if days <= percentiles.p95 { return "p95" }
        return "over"
    }

    /// A dot of `days` (cycle time, age) on a chart up to `maximum` days, classed by its cycle-time percentile band.
    func percentileDot(x: Int, days: Int, maximum: Int, label: String) -> ChartDotView {
        ChartDotView(
            x: x, y: ChartGrid.y(days, maximum: maximum), key: Self.band(days, metrics.cycleTime), label: label)
    }

    /// The phrase `key` naming the cycle-time percentiles, or the phrase `none` when there are none.
    func percentileSummary(_ key: String, else none: String) -> String {
        metrics.cycleTime.map { words.text(key, ["percentiles": words.percentiles($0)]) } ?? words.text(none)
    }

    /// Horizontal lines at the cycle-time percentiles, one per distinct value ("85%, 95%: 7 days"), labels kept
    /// apart; none without percentiles.
    func percentileRules(maximum: Int) -> [ChartRuleView] {
        guard let percentiles = metrics.cycleTime else { return [] }
        var groups: [(percents: [Int], value: Int)] = []
        for (percent, value) in percentiles.all {
            if groups.last?.value == value {
                groups[groups.count - 1].percents.append(percent)
            } else {
                groups.append(([percent], value))
            }
        }
        var previousLabel = Int.max
        return groups.enumerated().map { index, group in
            let y = ChartGrid.y(group.value, maximum: maximum)
            // Above its line, unless the next line up is too close: then below it (labels are 11 units high).
            let crowded = index + 1 < groups.count && y - ChartGrid.y(groups[index + 1].value, maximum: maximum) < 16
            let preferred = crowded && y + 13 < ChartGrid.bottom ? y + 13 : y - 4
            let labelY = max(ChartGrid.top + 10, min(preferred, previousLabel - 13))
            previousLabel = labelY
            let percents = group.percents.map { "\($0)" }.joined(separator: "%, ")
            return ChartRuleView(
                x1: ChartGrid.left, y1: y, x2: ChartGrid.right, y2: y, key: "p\(group.percents.last!)",
                label: words.text("metrics.percentileLine", ["percent": percents, "days": words.days(group.value)]),
                labelX: ChartGrid.right, labelY: labelY, anchor: "end")
        }
    }

    func cycleTimeChart(days: Int) -> ChartView {
        let finished = metrics.finished
        let ticks = ChartGrid.ticks(upTo: finished.compactMap(\.cycleTimeDays).max() ?? 0)
        let maximum = ticks.last!
        let dots = finished.map { card in
            let cycle = card.cycleTimeDays ?? 0
            let offset = card.done!.daysSinceEpoch - metrics.from.daysSinceEpoch
            return percentileDot(
                x: days == 1 ? (ChartGrid.left + ChartGrid.right) / 2 : ChartGrid.x(offset, of: days), days: cycle,
                maximum: maximum, label: "\(card.title): \(words.days(cycle)) (\(phrases.date(card.done!)))")
        }
        let title = words.text("metrics.scatter.title")
        return ChartView(
            id: "cycle-time", heading: words.text("metrics.cycleTime"), title: title,
            summary: percentileSummary("metrics.scatter.desc", else: "metrics.noneFinished"),
            emptyText: words.text("metrics.noneFinished"), hasData: !finished.isEmpty,
            xTicks: dateTicks(count: max(days, 1)), yTicks: yTicks(ticks),
            rules: percentileRules(maximum: maximum), dots: dots,
            table: DataTableView(
                caption: title,
                headers: [
                    words.text("metrics.card"), words.text("metrics.finishedOn"), words.text("metrics.cycleTimeDays"),
                ],
                rows: finished.map {
                    TableRowView(head: $0.title, cells: [$0.done!.description, String($0.cycleTimeDays ?? 0)])
                }))
    }

    // MARK: - Throughput

    /// Bars in equal slots across the plot.
    func bars(_ values: [(label: String, count: Int)], maximum: Int, valued: Bool = true) -> [ChartBarView] {
        values.enumerated().map { index, value in
            let left = ChartGrid.slot(index, of: values.count)
            let slot = ChartGrid.slot(index + 1, of: values.count) - left
            let width = max(1, slot * 3 / 4)
            let y = ChartGrid.y(value.count, maximum: maximum)
            return ChartBarView(
                x: left + (slot - width) / 2, y: y, width: width, height: ChartGrid.bottom - y,
                value: String(value.count),
                showsValue: valued && value.count > 0 && slot >= 7 * String(value.count).count + 6,
                label: "\(value.label): \(value.count)")
        }
    }

    /// Labels under up to six of `count` slots.
    func slotTicks(_ labels: [String]) -> [ChartTickView] {
        slotTicks(count: labels.count) { index, _ in labels[index] }
    }

    /// Labels under up to six of `count` slots; `label` is given the slot and the slot labelled before it.
    func slotTicks(count: Int, label: (Int, Int?) -> String) -> [ChartTickView] {
        var previous: Int?
        return ChartGrid.spread(count, limit: 6).map { index in
            defer { previous = index }
            let left = ChartGrid.slot(index, of: count)
            return ChartTickView(
                position: (left + ChartGrid.slot(index + 1, of: count)) / 2, label: label(index, previous))
        }
    }

    func throughputChart() -> ChartView {
        let weeks = metrics.throughput.weeks
        let most = weeks.map(\.count).max() ?? 0
        let ticks = ChartGrid.ticks(upTo: most)
        let title = words.text("metrics.bars.title")
        return ChartView(
            id: "throughput", heading: words.text("metrics.throughput"), title: title,
            summary: words.text(
                "metrics.bars.desc",
                [
                    "done": words.plural("metrics.finished", metrics.throughput.total),
                    "weeks": words.plural("metrics.weeks", weeks.count), "max": String(most),
                ]),
            hasData: !weeks.isEmpty, xTicks: slotTicks(weeks.map(\.week.description)), yTicks: yTicks(ticks),
            bars: bars(weeks.map { ($0.week.description, $0.count) }, maximum: ticks.last!),
            table: DataTableView(
                caption: title, headers: [words.text("metrics.week"), words.text("metrics.done")],
                rows: weeks.map { TableRowView(head: $0.week.description, cells: [String($0.count)]) }))
    }

    // MARK: - Aging work in progress

    /// Where the dots of one lane go, in dot spacings from its middle: alternately right and left, so cards of
    /// similar ages stay apart.
    static let spread = [0, 1, -1, 2, -2, 3, -3]

    func agingChart() -> ChartView {
        let items = metrics.aging
        let cycleTime = metrics.cycleTime
        var laneNames: [String] = []
        for lane in metrics.flow.lanes where items.contains(where: { $0.lane == lane }) { laneNames.append(lane) }
        for item in items where !laneNames.contains(item.lane) { laneNames.append(item.lane) }
        let ticks = ChartGrid.ticks(upTo: max(items.map(\.ageDays).max() ?? 0, cycleTime?.p95 ?? 0))
        let maximum = ticks.last!
        var bands: [ChartBandView] = []
        if let cycleTime {
            let edges = [
                (0, cycleTime.p50, "p50"), (cycleTime.p50, cycleTime.p85, "p85"), (cycleTime.p85, cycleTime.p95, "p95"),
                (cycleTime.p95, maximum, "over"),
            ]
            for (low, high, key) in edges {
                let top = ChartGrid.y(high, maximum: maximum)
                let bottom = ChartGrid.y(low, maximum: maximum)
                if bottom > top {
                    bands.append(
                        ChartBandView(y: top, height: bottom - top, key: key, name: words.text("metrics.band.\(key)")))
                }
            }
        }
        let lanes = laneNames.enumerated().map { index, name in
            let left = ChartGrid.slot(index, of: laneNames.count)
            let width = ChartGrid.slot(index + 1, of: laneNames.count) - left
            let room = max(4, width / 7)
            return ChartLaneView(x: left, width: width, name: name.count > room ? name.prefix(room - 1) + "…" : name)
        }
        var placed: [String: Int] = [:]
        let dots = items.map { item in
            let column = lanes[laneNames.firstIndex(of: item.lane)!]
            let k = placed[item.lane, default: 0]
            placed[item.lane] = k + 1
            let spacing = max(2, min(12, column.width / 8))
            return percentileDot(
                x: column.x + column.width / 2 + Self.spread[k % Self.spread.count] * spacing, days: item.ageDays,
                maximum: maximum, label: "\(item.title): \(words.days(item.ageDays)) (\(item.lane))")
        }
        let title = words.text("metrics.aging.title")
        return ChartView(
            id: "aging", heading: words.text("metrics.aging"), title: title,
            summary: percentileSummary("metrics.aging.desc", else: "metrics.aging.noPercentiles"),
            emptyText: words.text("metrics.aging.none"), hasData: !items.isEmpty, yTicks: yTicks(ticks),
            bands: bands, lanes: lanes, rules: percentileRules(maximum: maximum),
            dots: dots, legend: bands.map { ChartLegendView(key: $0.key, name: $0.name) },
            table: DataTableView(
                caption: title,
                headers: [
                    words.text("metrics.card"), words.text("metrics.lane"), words.text("metrics.ageDays"),
                    words.text("metrics.started"),
                ],
                rows: items.map {
                    TableRowView(head: $0.title, cells: [$0.lane, String($0.ageDays), $0.started.description])
                }))
    }

    // MARK: - Forecast

    func forecastChart() -> ChartView {
        let forecast = metrics.forecast
        let heading = words.text("metrics.forecast")
        let title = words.text("metrics.histogram.title")
        let notes = words.forecast(forecast) { phrases.date($0) }
        guard forecast.isReliable, let when = forecast.when, let first = when.histogram.first,
            let last = when.histogram.last
        else {
            return ChartView(
                id: "forecast", heading: heading, title: title, summary: notes.first ?? "",
                notes: forecast.isReliable ? notes : [], emptyText: forecast.isReliable ? "" : notes.first ?? "",
                hasData: false, table: DataTableView(caption: title, headers: [], rows: []))
        }
        // Up to 40 bars: each covers `width` days.
        let span = last.date.daysSinceEpoch - first.date.daysSinceEpoch + 1
        let width = (span + 39) / 40
        var bins = [(start: CalendarDate, count: Int)]()
        for day in when.histogram {
            let index = (day.date.daysSinceEpoch - first.date.daysSinceEpoch) / width
            while bins.count <= index { bins.append((first.date.adding(days: bins.count * width), 0)) }
            bins[index].count += day.count
        }
        func label(_ start: CalendarDate) -> String {
            width == 1 ? start.description : words.range(start, start.adding(days: width - 1))
        }
        let ticks = ChartGrid.ticks(upTo: bins.map(\.count).max() ?? 0)
        let spansYears = bins.first!.start.year != bins.last!.start.year
        var rules: [ChartRuleView] = []
        for (index, (percent, day)) in [(50, when.p50), (85, when.p85), (95, when.p95)].enumerated() {
            guard let day else { continue }
            let offset = day.daysSinceEpoch - first.date.daysSinceEpoch
            let x = ChartGrid.left + (2 * offset + 1) * (ChartGrid.right - ChartGrid.left) / (2 * span)
            // One row per label, written rightwards from its line unless that would leave the plot.
            let onRight = x > ChartGrid.right - 120
            rules.append(
                ChartRuleView(
                    x1: x, y1: ChartGrid.top, x2: x, y2: ChartGrid.bottom, key: "p\(percent)",
                    label: words.text(
                        "metrics.percentileLine", ["percent": String(percent), "days": words.axisDate(day)]),
                    labelX: onRight ? x - 4 : x + 4, labelY: ChartGrid.top + 10 + 15 * index,
                    anchor: onRight ? "end" : "start"))
        }
        let summary = words.text(
            "metrics.histogram.desc",
            [
                "trials": MetricsWording.grouped(forecast.options.trials),
                "p50": when.p50.map { phrases.date($0) }
                    ?? words.text("metrics.notWithin", ["years": words.years(forecast)]),
                "p85": when.p85.map { phrases.date($0) }
                    ?? words.text("metrics.notWithin", ["years": words.years(forecast)]),
                "p95": when.p95.map { phrases.date($0) }
                    ?? words.text("metrics.notWithin", ["years": words.years(forecast)]),
            ])
        return ChartView(
            id: "forecast", heading: heading, title: title, summary: summary, notes: notes, hasData: true,
            xTicks: slotTicks(count: bins.count) { index, previous in
                // Across years, the first label and any in a new year show their year.
                let start = bins[index].start
                return words.axisDate(
                    start, year: spansYears && previous.map { bins[$0].start.year != start.year } ?? true)
            },
            yTicks: yTicks(ticks),
            bars: bars(bins.map { (label($0.start), $0.count) }, maximum: ticks.last!, valued: false), rules: rules,
            table: DataTableView(
                caption: title, headers: [words.text("metrics.date"), words.text("metrics.trials")],
                rows: bins.map { TableRowView(head: label($0.start), cells: [String($0.count)]) }))
    }
}
