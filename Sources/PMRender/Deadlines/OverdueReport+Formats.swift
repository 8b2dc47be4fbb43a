import Foundation

extension OverdueReport {
    /// Grouped by board and lane, most overdue first, with ages and source lines:
    ///
    ///     Project Manager 2.0 (examples/board.md), as of Nov 22, 2026: 1 overdue
    ///       TODO
    ///         examples/board.md:15  Translate onboarding into Korean  (due Nov 20, 2026, 2 days overdue)
    /// - Parameter locale: the language of every board (`--locale`); else each board's own.
    public func text(locale: BoardLocale? = nil) -> String {
        var out = ""
        for (board, clock) in boards {
            let phrases = Phrases(locale ?? board.locale)
            let entries = self.entries.filter { $0.board.sourceFile == board.sourceFile }
            let overdue = entries.filter { $0.status.isOverdue }.count
            out +=
                phrases.text(
                    "report.headline",
                    [
                        "title": board.title, "file": board.sourceFile, "date": phrases.date(clock.today),
                        "counts": phrases.reportCounts(
                            overdue: overdue, dueSoon: entries.count - overdue, listsDueSoon: listsDueSoon),
                    ]) + "\n"
            for lane in board.lanes {
                let inLane = entries.filter { $0.card.lane == lane.name }
                guard !inLane.isEmpty else { continue }
                out += "  \(lane.name)\n"
                for entry in inLane {
                    let due = entry.card.due!
                    let detail = phrases.text(
                        "report.entry",
                        [
                            "date": phrases.date(due.date, time: due.time),
                            "status": phrases.status(entry.status),
                        ])
                    out += "    \(board.sourceFile):\(entry.card.location.line)  \(entry.card.title)  (\(detail))\n"
                }
            }
        }
        return DiagnosticPrinter.sanitizedKeepingNewlines(out)
    }

    /// A GitHub-flavoured Markdown table, for `$GITHUB_STEP_SUMMARY` or a pull-request comment.
    /// - Parameter locale: the table's language (`--locale`); else the first board's.
    public func markdown(locale: BoardLocale? = nil) -> String {
        let phrases = Phrases(locale ?? boards.first?.board.locale ?? .en)
        let kind = listsDueSoon ? "overdueAndDueSoon" : "overdue"
        let dates = Set(boards.map { $0.clock.today }).sorted().map(\.description).joined(separator: ", ")
        var out =
            "### \(phrases.text("report.table.\(kind)")) (\(phrases.text("report.table.asOf", ["date": dates])))\n\n"
        guard !entries.isEmpty else {
            return out + phrases.text("report.table.empty.\(kind)") + "\n"
        }
        let headers = ["board", "card", "column", "due", "status", "line"].map { phrases.text("report.table.\($0)") }
        out += "| " + headers.joined(separator: " | ") + " |\n| --- | --- | --- | --- | --- | --- |\n"
        for entry in entries {
            let cells = [
                entry.board.title, entry.card.title, entry.card.lane, entry.card.due!.description,
                phrases.status(entry.status), "\(entry.board.sourceFile):\(entry.card.location.line)",
            ]
            out += "| " + cells.map(OverdueReport.markdownCell).joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// Escapes a table cell: Markdown punctuation and HTML, no line breaks.
    static func markdownCell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "!", "~", "&":
                out.append("\\")
                out.append(character)
            case "\n", "\r", "\t":
                out.append(" ")
            default:
                if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
                    out.append(character)
                }
            }
        }
        return out
    }

    /// `{boards: [{title, file, asOf, overdue}], overdue, cards: [{board, file, id, title, lane, state, due,
    /// daysOverdue, status, line}]}`; `daysOverdue` is negative for cards not yet due, `status` is
    /// `overdue` or `due-soon`.
    public func json() -> String {
        let boardEntries = boards.map { board, clock in
            JSONObject([
                "title": board.title, "file": board.sourceFile, "asOf": clock.today.description,
                "overdue": entries.filter { $0.board.sourceFile == board.sourceFile && $0.status.isOverdue }.count,
            ])
        }
        let cards = entries.map { entry in
            JSONObject([
                "board": entry.board.title, "file": entry.board.sourceFile, "id": entry.card.id,
                "title": entry.card.title, "lane": entry.card.lane, "state": entry.card.state.slug,
                "due": entry.card.due!.iso, "daysOverdue": entry.daysOverdue,
                "status": entry.status.isOverdue ? "overdue" : "due-soon", "line": entry.card.location.line,
            ])
        }
        return JSONOutput.string(JSONObject(["boards": boardEntries, "overdue": overdueCount, "cards": cards]))
    }
}
