/// The lanes of a board as `check --verbose` lists them: name, state, and the rule that gave the state.
///
///     examples/obsidian.md: 3 lanes
///       To Do        todo   (its name)                  3 cards
///       In Progress  doing  (its name)                  2 cards, WIP limit 3
///       Done         done   (the **Complete** marker)   2 cards
public enum LaneReport {
    public static func text(_ board: Board) -> String {
        var out = "\(board.sourceFile): \(board.lanes.count) lane\(board.lanes.count == 1 ? "" : "s")"
        if !board.archive.isEmpty { out += ", \(board.archive.count) archived" }
        out += " (\(board.style.dialect.rawValue))\n"
        // Padded by the columns a terminal gives them (Hangul, Chinese and emoji take two).
        let width = min(40, board.lanes.map { TerminalWidth.width($0.name) }.max() ?? 0)
        for lane in board.lanes {
            let name = lane.name + String(repeating: " ", count: max(0, width - TerminalWidth.width(lane.name)))
            let state = lane.state.slug + String(repeating: " ", count: 5 - lane.state.slug.count)
            var line = "  \(name)  \(state)  (\(reason(lane.stateSource)))  \(lane.cards.count) card"
            if lane.cards.count != 1 { line += "s" }
            if let limit = lane.wipLimit { line += ", WIP limit \(limit)" }
            // Why a lane of plain items shows no cards (FORMAT.md: a lane of notes).
            if lane.holdsNotes { line += "; notes: its items are text (none has a task box)" }
            out += line + "\n"
        }
        return DiagnosticPrinter.sanitizedKeepingNewlines(out)
    }

    static func reason(_ source: LaneStateSource) -> String {
        switch source {
        case .frontMatter: return "front matter 'lanes'"
        case .completeMarker: return "the **Complete** marker"
        case .name: return "its name"
        case .previousLane: return "the lane before it"
        case .afterDone: return "after a done lane"
        case .afterDoing: return "after a doing lane, not before a done one"
        case .firstLanes: return "before any known lane"
        case .tableStatus: return "a status of its table that names no state"
        }
    }
}
