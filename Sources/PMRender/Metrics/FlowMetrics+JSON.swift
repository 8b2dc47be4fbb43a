extension FlowMetrics {
    /// `{cards, throughput, cfd, agingWip, cycleTime, forecast}` as docs/METRICS.md describes it: dates are
    /// `YYYY-MM-DD` in the board's time zone, durations whole days, keys sorted; every key is present (null when
    /// there is no value).
    public func json() -> String {
        let cards = self.cards.map { card in
            JSONObject([
                "id": card.id, "title": card.title, "added": card.added.description,
                "started": card.started?.description, "done": card.done?.description,
                "leadTimeDays": card.leadTimeDays, "cycleTimeDays": card.cycleTimeDays,
            ])
        }
        let weeks = throughput.weeks.map { week in
            JSONObject([
                "week": week.week.description, "count": week.count,
                "days": week.days.map { JSONObject(["date": $0.date.description, "count": $0.count]) },
            ])
        }
        let lanes = flow.lanes
        let cfd = flow.days.map { day in
            var counts: [String: Int] = [:]
            for (index, lane) in lanes.enumerated() { counts[lane, default: 0] += day.lanes[index] }
            return JSONObject([
                "date": day.date.description, "states": ["todo": day.todo, "doing": day.doing, "done": day.done],
                "lanes": counts,
            ])
        }
        let when = forecast.when
        let sample = forecast.sample
        let forecastObject = JSONObject([
            "remaining": forecast.remaining, "p50": when?.p50?.description, "p85": when?.p85?.description,
            "p95": when?.p95?.description, "reliable": forecast.isReliable,
            "completedInSample": forecast.completedInSample, "sampleFrom": (sample.first?.date ?? today).description,
            "sampleTo": (sample.last?.date ?? today).description, "trials": forecast.options.trials,
            "seed": forecast.options.seed,
            "by": forecast.howMany.map {
                JSONObject(["date": $0.date.description, "p50": $0.p50, "p85": $0.p85, "p95": $0.p95])
            },
        ])
        return JSONOutput.string(
            JSONObject([
                "cards": cards, "throughput": weeks, "cfd": cfd,
                "agingWip": aging.map { JSONObject(["id": $0.id, "lane": $0.lane, "ageDays": $0.ageDays]) },
                "cycleTime": JSONObject(["p50": cycleTime?.p50, "p85": cycleTime?.p85, "p95": cycleTime?.p95]),
                "forecast": forecastObject,
            ]))
    }
}
