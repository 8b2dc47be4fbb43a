/// The sentences of flow metrics in one language, shared by the text, Markdown and HTML outputs.
struct MetricsWording {
    let phrases: Phrases

    init(_ locale: BoardLocale) {
        phrases = Phrases(locale)
    }

    func text(_ key: String, _ values: [String: String] = [:]) -> String { phrases.text(key, values) }

    func plural(_ key: String, _ count: Int) -> String { phrases.catalogue.plural(key, count: count) }

    /// "3 days".
    func days(_ count: Int) -> String { plural("duration.days", count) }

    /// "2026-01-05 to 2026-01-16" (ISO dates, for terminals and tables).
    func range(_ from: CalendarDate, _ to: CalendarDate) -> String {
        text("metrics.range", ["from": from.description, "to": to.description])
    }

    /// "Jan 5, 2026 to Jan 16, 2026" (dates as people read them, for pages).
    func readableRange(_ from: CalendarDate, _ to: CalendarDate) -> String {
        text("metrics.range", ["from": phrases.date(from), "to": phrases.date(to)])
    }

    /// "Jan 5" / "1월 5일" for chart axes; "Jan 5, 2026" / "2026년 1월 5일" with `year` (an axis across years).
    func axisDate(_ date: CalendarDate, year: Bool = false) -> String {
        text(
            year ? "metrics.axisDateWithYear" : "metrics.axisDate",
            [
                "monthShort": phrases.catalogue.list("months.short", date.month - 1), "day": String(date.day),
                "year": String(date.year),
            ])
    }

    /// "TODO 2, DOING 3, DONE 6".
    func stateCounts(_ day: CumulativeFlow.Day) -> String {
        phrases.list(
            CardState.allCases.map {
                text("metrics.stateCount", ["state": phrases.stateName($0), "count": String(day.count($0))])
            })
    }

    /// "50% within 3 days, 85% within 5 days, 95% within 9 days".
    func percentiles(_ values: Percentiles) -> String {
        text("metrics.percentiles", ["p50": days(values.p50), "p85": days(values.p85), "p95": days(values.p95)])
    }

    /// "10,000": digits grouped by three with commas (both catalogues write numbers so).
    static func grouped(_ number: some BinaryInteger) -> String {
        let digits = String(number)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0, character != "-" { out.append(",") }
            out.append(character)
        }
        return out
    }

    /// The forecast's lines: the question and its dates (or why there are none), "how many by", and how it was
    /// made. `date` writes a date.
    func forecast(_ forecast: Forecast, date: (CalendarDate) -> String) -> [String] {
        let sampleRange = range(
            forecast.sample.first?.date ?? forecast.today, forecast.sample.last?.date ?? forecast.today)
        let done = plural("metrics.finished", forecast.completedInSample)
        guard forecast.isReliable else {
            if forecast.completedInSample == 0 {
                return [
                    text(
                        "metrics.forecast.noneDone",
                        ["range": sampleRange, "minimum": String(forecast.options.minimumCompleted)])
                ]
            }
            return [
                text(
                    "metrics.forecast.unreliable",
                    ["done": done, "range": sampleRange, "minimum": String(forecast.options.minimumCompleted)])
            ]
        }
        var lines: [String] = []
        if forecast.remaining == 0 {
            lines.append(text("metrics.forecast.nothingLeft"))
        } else {
            lines.append(plural("metrics.forecast.question", forecast.remaining))
            if let when = forecast.when {
                for (percent, day) in [(50, when.p50), (85, when.p85), (95, when.p95)] {
                    if let day {
                        lines.append(text("metrics.forecast.by", ["percent": String(percent), "date": date(day)]))
                    } else {
                        lines.append(
                            text("metrics.forecast.beyond", ["percent": String(percent), "years": years(forecast)]))
                    }
                }
            }
        }
        if let howMany = forecast.howMany {
            lines.append(
                text(
                    "metrics.forecast.howMany",
                    [
                        "date": date(howMany.date), "p50": String(howMany.p50), "p85": String(howMany.p85),
                        "p95": String(howMany.p95),
                    ]))
        }
        lines.append(
            text(
                "metrics.forecast.basis",
                [
                    "trials": Self.grouped(forecast.options.trials), "range": sampleRange, "done": done,
                    "seed": String(forecast.options.seed),
                ]))
        return lines
    }

    func years(_ forecast: Forecast) -> String { String(forecast.options.horizonDays / 365) }
}
