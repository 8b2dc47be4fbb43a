extension FlowMetrics {
    struct JSONCard: Encodable {
        let id: String
        let title: String
        let added: String
        @ExplicitNull var started: String?
        @ExplicitNull var done: String?
        @ExplicitNull var leadTimeDays: Int?
        @ExplicitNull var cycleTimeDays: Int?
    }

    struct JSONDay: Encodable {
        let date: String
        let count: Int
    }

    struct JSONWeek: Encodable {
        let week: String
        let count: Int
        let days: [JSONDay]
    }

    struct JSONStates: Encodable {
        let todo: Int
        let doing: Int
        let done: Int
    }

    struct JSONFlowDay: Encodable {
        let date: String
        let states: JSONStates
        let lanes: [String: Int]
    }

    struct JSONAging: Encodable {
        let id: String
        let lane: String
        let ageDays: Int
    }

    struct JSONPercentiles: Encodable {
        @ExplicitNull var p50: Int?
        @ExplicitNull var p85: Int?
        @ExplicitNull var p95: Int?
    }

    struct JSONHowMany: Encodable {
        let date: String
        let p50: Int
        let p85: Int
        let p95: Int
    }

    struct JSONForecast: Encodable {
        let remaining: Int
        @ExplicitNull var p50: String?
        @ExplicitNull var p85: String?
        @ExplicitNull var p95: String?
        let reliable: Bool
        let completedInSample: Int
        let sampleFrom: String
        let sampleTo: String
        let trials: Int
        let seed: UInt64
        @ExplicitNull var by: JSONHowMany?
    }

    struct JSONReport: Encodable {
        let cards: [JSONCard]
        let throughput: [JSONWeek]
        let cfd: [JSONFlowDay]
        let agingWip: [JSONAging]
        let cycleTime: JSONPercentiles
        let forecast: JSONForecast
    }

    /// `{cards, throughput, cfd, agingWip, cycleTime, forecast}` as docs/METRICS.md describes it: dates are
    /// `YYYY-MM-DD` in the board's time zone, durations whole days, keys sorted; every key is present (null when
    /// there is no value).
    public func json() -> String {
        let cards = self.cards.map { card in
            JSONCard(
                id: card.id, title: card.title, added: card.added.description, started: card.started?.description,
                done: card.done?.description, leadTimeDays: card.leadTimeDays, cycleTimeDays: card.cycleTimeDays)
        }
        let weeks = throughput.weeks.map { week in
            JSONWeek(
                week: week.week.description, count: week.count,
                days: week.days.map { JSONDay(date: $0.date.description, count: $0.count) })
        }
        let lanes = flow.lanes
        let cfd = flow.days.map { day in
            var counts: [String: Int] = [:]
            for (index, lane) in lanes.enumerated() { counts[lane, default: 0] += day.lanes[index] }
            return JSONFlowDay(
                date: day.date.description, states: JSONStates(todo: day.todo, doing: day.doing, done: day.done),
                lanes: counts)
        }
        let when = forecast.when
        let sample = forecast.sample
        let report = JSONReport(
            cards: cards, throughput: weeks, cfd: cfd,
            agingWip: aging.map { JSONAging(id: $0.id, lane: $0.lane, ageDays: $0.ageDays) },
            cycleTime: JSONPercentiles(p50: cycleTime?.p50, p85: cycleTime?.p85, p95: cycleTime?.p95),
            forecast: JSONForecast(
                remaining: forecast.remaining, p50: when?.p50?.description, p85: when?.p85?.description,
                p95: when?.p95?.description, reliable: forecast.isReliable,
                completedInSample: forecast.completedInSample,
                sampleFrom: (sample.first?.date ?? today).description,
                sampleTo: (sample.last?.date ?? today).description,
                trials: forecast.options.trials, seed: forecast.options.seed,
                by: forecast.howMany.map {
                    JSONHowMany(date: $0.date.description, p50: $0.p50, p85: $0.p85, p95: $0.p95)
                }))
        return JSONOutput.string(report)
    }
}
