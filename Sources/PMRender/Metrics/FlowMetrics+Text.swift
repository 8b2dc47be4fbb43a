extension FlowMetrics {
    /// The end of each ISO week in the range (its Sunday), and the range's last day: the days a summary of
    /// cumulative flow shows.
    var weeklyFlow: [CumulativeFlow.Day] {
        flow.days.enumerated().filter { index, day in day.date.weekday == 0 || index == flow.days.count - 1 }
            .map(\.element)
    }

    /// For a terminal: the headline, cycle and lead time, weekly throughput, work in progress by age, cumulative
    /// flow at the end of each week and the forecast, in `locale`.
    public func text(title: String, file: String, locale: BoardLocale) -> String {
        let words = MetricsWording(locale)
        var out = words.text("metrics.headline", ["title": title, "file": file, "range": words.range(from, today)])
        guard !isEmpty else {
            return DiagnosticPrinter.sanitizedKeepingNewlines(out + "\n" + empty(words) + "\n")
        }
        out += "\n" + summary(words) + "\n\n"
        if let cycleTime, let leadTime {
            out += words.text("metrics.cycleTime") + ": " + words.percentiles(cycleTime) + "\n"
            out += words.text("metrics.leadTime") + ": " + words.percentiles(leadTime) + "\n\n"
        } else {
            out += words.text("metrics.noneFinished") + "\n\n"
        }
        out += words.text("metrics.throughput") + "\n"
        let widest = max(1, throughput.weeks.map(\.count).max() ?? 1)
        let countWidth = String(widest).count
        for week in throughput.weeks {
            let bar = String(repeating: "#", count: (week.count * 40 + widest - 1) / widest)
            out += "  \(week.week)  " + Self.padded(String(week.count), countWidth, right: true)
            out += (bar.isEmpty ? "" : "  " + bar) + "\n"
        }
        out += "\n" + words.text("metrics.aging") + "\n"
        if aging.isEmpty { out += "  " + words.text("metrics.aging.none") + "\n" }
        let ages = aging.map { words.days($0.ageDays) }
        let ageWidth = ages.map(TerminalWidth.width).max() ?? 0
        let laneWidth = aging.map { TerminalWidth.width($0.lane) }.max() ?? 0
        for (item, age) in zip(aging, ages) {
            out += "  " + Self.padded(age, ageWidth, right: true) + "  " + Self.padded(item.lane, laneWidth)
            out += "  \(item.title)\n"
        }
        out += "\n" + words.text("metrics.flow.weekly") + "\n"
        let headers = [words.text("metrics.date")] + CardState.allCases.map { words.phrases.stateName($0) }
        let rows = weeklyFlow.map { day in [day.date.description] + CardState.allCases.map { String(day.count($0)) } }
        let widths = headers.indices.map { column in
            ([headers] + rows).map { TerminalWidth.width($0[column]) }.max() ?? 0
        }
        for row in [headers] + rows {
            out += "  " + row.enumerated().map { Self.padded($1, widths[$0], right: $0 > 0) }.joined(separator: "  ")
            out += "\n"
        }
        out += "\n" + words.text("metrics.forecast") + "\n"
        for line in words.forecast(forecast, date: \.description) { out += "  \(line)\n" }
        return DiagnosticPrinter.sanitizedKeepingNewlines(out)
    }

    /// GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY` or a pull-request comment, in `locale`.
    public func markdown(title: String, locale: BoardLocale) -> String {
        let words = MetricsWording(locale)
        func cell(_ text: String) -> String { OverdueReport.markdownCell(text) }
        // Columns after the first hold numbers (right-aligned) unless `text` counts them too.
        func table(_ headers: [String], _ rows: [[String]], text: Int = 1) -> String {
            var out = "| " + headers.map(cell).joined(separator: " | ") + " |\n"
            out += "|" + headers.indices.map { $0 < text ? " --- |" : " ---: |" }.joined() + "\n"
            for row in rows { out += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
            return out
        }
        var out = "### " + cell(words.text("metrics.title") + ": " + title) + " (" + words.range(from, today) + ")\n\n"
        guard !isEmpty else { return out + cell(empty(words)) + "\n" }
        out += cell(summary(words)) + "\n\n"
        if let cycleTime, let leadTime {
            out +=
                table(
                    ["", "50%", "85%", "95%"],
                    [
                        [words.text("metrics.cycleTimeDays")] + cycleTime.all.map { String($0.value) },
                        [words.text("metrics.leadTimeDays")] + leadTime.all.map { String($0.value) },
                    ]) + "\n"
        } else {
            out += words.text("metrics.noneFinished") + "\n\n"
        }
        out += "#### " + words.text("metrics.forecast") + "\n\n"
        out += words.forecast(forecast, date: \.description).map { "- " + cell($0) }.joined(separator: "\n") + "\n\n"
        out += "#### " + words.text("metrics.throughput") + "\n\n"
        out +=
            table(
                [words.text("metrics.week"), words.text("metrics.done")],
                throughput.weeks.map { [$0.week.description, String($0.count)] }) + "\n"
        out += "#### " + words.text("metrics.aging") + "\n\n"
        if aging.isEmpty {
            out += words.text("metrics.aging.none") + "\n\n"
        } else {
            out +=
                table(
                    [words.text("metrics.card"), words.text("metrics.lane"), words.text("metrics.ageDays")],
                    aging.map { [$0.title, $0.lane, String($0.ageDays)] }, text: 2) + "\n"
        }
        out += "#### " + words.text("metrics.flow.weekly") + "\n\n"
        out += table(
            [words.text("metrics.date")] + CardState.allCases.map { words.phrases.stateName($0) },
            weeklyFlow.map { day in [day.date.description] + CardState.allCases.map { String(day.count($0)) } })
        return out
    }

    /// No card was on the board in the range (a board never committed, or "today" before its first commit).
    public var isEmpty: Bool { cards.isEmpty && flow.days.allSatisfy { $0.total == 0 } }

    /// "No card was on the board from 2026-01-04 to 2026-01-04: there is nothing to measure.", or why no card's flow
    /// is known where the board has cards: it was never committed, or a shallow clone's oldest commit already held
    /// them (they have no known start).
    func empty(_ words: MetricsWording) -> String {
        let key =
            commitCount == 0 ? "metrics.empty.uncommitted" : isShallow ? "metrics.empty.shallow" : "metrics.empty"
        return words.text(key, ["from": from.description, "to": today.description])
    }

    /// "Now TODO 2, DOING 3, DONE 6; 6 cards done in this period".
    func summary(_ words: MetricsWording) -> String {
        let now = flow.days.last ?? CumulativeFlow.Day(date: today, todo: 0, doing: 0, done: 0, lanes: [])
        return words.text(
            "metrics.now",
            ["counts": words.stateCounts(now), "done": words.plural("metrics.finished", throughput.total)])
    }

    /// `text` padded with spaces to `width` terminal columns (Hangul and other wide characters take two).
    static func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - TerminalWidth.width(text)))
        return right ? padding + text : text + padding
    }
}
