/// The board as JSON (`pm-render export --format json`); schema in docs/JSON.md.
public enum BoardJSON {
    /// Pretty-printed JSON with sorted keys, ending in a newline: deterministic byte for byte.
    public static func encode(_ board: Board) -> String {
        JSONOutput.string(
            JSONObject([
                "title": board.title, "description": board.descriptionSource, "timezone": board.timezone,
                "locale": board.locale.rawValue, "dueSoonDays": board.dueSoonDays,
                "dialect": board.style.dialect.rawValue, "lanes": board.lanes.map(lane),
                "archived": board.archive.map(card),
                "counts": Dictionary(
                    uniqueKeysWithValues: CardState.allCases.map { ($0.slug, board.cardCount(in: $0)) }),
            ]))
    }

    /// One card as `export --format json` writes it (the same object as in a lane's `cards`), for the editing
    /// commands' `--format json`.
    public static func encode(card: Card) -> String {
        JSONOutput.string(self.card(card))
    }

    /// `name` is the heading as written, `text` the name as plain text.
    static func lane(_ lane: Lane) -> JSONObject {
        JSONObject([
            "name": lane.heading, "text": lane.name, "state": lane.state.slug, "stateSource": lane.stateSource.rawValue,
            "wipLimit": lane.wipLimit, "line": lane.location.line, "description": lane.descriptionSource,
            "groups": lane.groups.map(\.name),
            "cards": lane.cards.map(card),
        ])
    }

    static func card(_ card: Card) -> JSONObject {
        let progress = card.subtaskProgress
        let dates = card.dates
        return JSONObject([
            "id": card.id, "title": card.title, "lane": card.lane, "state": card.state.slug, "checked": card.isChecked,
            "due": card.due?.iso, "scheduled": dates.scheduled?.description, "start": dates.start?.description,
            "created": dates.created?.description, "completed": dates.completed?.description, "tags": card.tags,
            "priority": card.priority?.name, "assignees": card.assignees, "recurrence": card.extras.recurrence,
            "dependsOn": card.extras.dependsOn,
            "fields": card.extras.fields.map { JSONObject(["key": $0.key, "value": $0.value]) },
            "subtasks": progress.total > 0 ? JSONObject(["done": progress.done, "total": progress.total]) : nil,
            "group": card.group, "line": card.location.line, "description": card.descriptionSource,
        ])
    }
}
