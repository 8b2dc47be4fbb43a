import Foundation

/// `pm-render history` output.
public enum HistoryReport {
    /// Date and time of `seconds` in `timezone`, for display.
    static func local(_ seconds: Int, timezone: String) -> (date: CalendarDate, time: TimeOfDay) {
        let clock = DeadlineClock.current(in: timezone, at: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return (clock.today, TimeOfDay(hour: clock.minuteOfDay / 60, minute: clock.minuteOfDay % 60)!)
    }

    /// `2026-11-05T01:00:00Z`.
    static func iso(_ seconds: Int) -> String {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        return CalendarDate(daysSinceEpoch: days).description + "T" + pad(rest / 3600, 2) + ":"
            + pad(rest % 3600 / 60, 2)
            + ":" + pad(rest % 60, 2) + "Z"
    }

    /// Events grouped by commit, newest first, with sentences in the board's language.
    public static func text(
        _ history: BoardHistory, events: [BoardHistory.Event], board: Board, locale: BoardLocale? = nil
    ) -> String {
        let phrases = Phrases(locale ?? board.locale)
        let commits = Set(events.map(\.commit.id)).count
        var out =
            phrases.text(
                "history.headline",
                [
                    "file": board.sourceFile, "events": phrases.catalogue.plural("history.events", count: events.count),
                    "commits": phrases.catalogue.plural("history.commits", count: commits),
                ]) + "\n"
        var current: String?
        for event in events {
            if event.commit.id != current {
                current = event.commit.id
                let (date, time) = local(event.commit.date, timezone: board.timezone)
                out += "\(date) \(time)  \(event.commit.shortID)  \(event.commit.author): \(event.commit.subject)\n"
            }
            out += "  \(ChangeReport.sentence(event.change, locale: locale ?? board.locale))\n"
        }
        return DiagnosticPrinter.sanitizedKeepingNewlines(out)
    }

    /// `{board, shallow, commits, events: [...], cards: [{id, title, created, entered, done,
    /// secondsInState, leadTimeSeconds, cycleTimeSeconds}], notes}`; dates are ISO 8601 in UTC.
    public static func json(
        _ history: BoardHistory, events: [BoardHistory.Event], board: Board, locale: BoardLocale? = nil
    ) -> String {
        // A commit's fields and the change's side by side in one object.
        let eventValues = events.map { event in
            JSONObject([
                "commit": event.commit.id, "shortCommit": event.commit.shortID, "author": event.commit.author,
                "date": iso(event.commit.date), "subject": event.commit.subject,
            ]).merging(ChangeReport.json(event.change, locale: locale ?? board.locale))
        }
        let cards = board.cards.compactMap { card -> JSONObject? in
            guard let timeline = history.timelines[card.id] else { return nil }
            return JSONObject([
                "id": card.id, "title": card.title, "created": iso(timeline.created),
                "entered": timeline.entries.map {
                    JSONObject(["lane": $0.lane, "state": $0.state.slug, "date": iso($0.date)])
                },
                "done": timeline.done.map(iso),
                "secondsInState": Dictionary(
                    uniqueKeysWithValues: timeline.timeInStates(until: history.lastDate).map { ($0.key.slug, $0.value) }
                ),
                "leadTimeSeconds": timeline.leadTime, "cycleTimeSeconds": timeline.cycleTime,
            ])
        }
        return JSONOutput.string(
            JSONObject([
                "board": board.sourceFile, "shallow": history.isShallow, "commits": history.commitCount,
                "events": eventValues, "cards": cards, "notes": history.notes.map(\.message),
            ]))
    }
}
