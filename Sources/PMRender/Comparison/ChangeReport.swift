import Foundation

/// `pm-render diff` output: the changes between two versions as sentences or JSON.
public enum ChangeReport {
    /// One sentence per change, e.g. "Moved 'Fix date picker' from Review to Shipped", in `locale`.
    public static func sentence(_ change: CardChange, locale: BoardLocale = .en) -> String {
        let phrases = Phrases(locale)
        let title = change.card.title
        func fields(_ list: [CardChange.Field]) -> String {
            phrases.list(list.map { phrases.text("field.\($0.rawValue)") })
        }
        switch change.kind {
        case .added:
            return phrases.text("change.added", ["title": title, "state": change.card.lane])
        case .removed:
            return phrases.text("change.removed", ["title": title, "state": change.card.lane])
        case .archived:
            return phrases.text("change.archived", ["title": title])
        case .moved:
            let values = [
                "title": title, "old": change.old!.title, "from": change.old!.lane,
                "to": change.new!.lane,
            ]
            let text = phrases.text(change.isRename ? "change.renamedAndMoved" : "change.moved", values)
            let edited = change.editedFields.filter { $0 != .title || !change.isRename }
            return edited.isEmpty
                ? text : phrases.text("change.alsoEdited", ["sentence": text, "fields": fields(edited)])
        case .edited:
            if change.isRename {
                let text = phrases.text("change.renamed", ["title": title, "old": change.old!.title])
                let others = change.editedFields.filter { $0 != .title }
                return others.isEmpty
                    ? text : phrases.text("change.alsoEdited", ["sentence": text, "fields": fields(others)])
            }
            return phrases.text("change.edited", ["title": title, "fields": fields(change.editedFields)])
        case .unchanged:
            return phrases.text("change.unchanged", ["title": title])
        }
    }

    /// A summary line and one line per change (unchanged cards left out).
    public static func text(_ comparison: VersionComparison, locale: BoardLocale? = nil) -> String {
        let locale = locale ?? comparison.current.board.locale
        let phrases = Phrases(locale)
        let changes = comparison.changes.filter { $0.kind != .unchanged }
        var counts: [String] = []
        for kind in [CardChange.Kind.added, .moved, .edited, .archived, .removed] {
            let count = changes.filter { $0.kind == kind }.count
            if count > 0 { counts.append(phrases.text("change.count.\(kind.rawValue)", ["count": String(count)])) }
        }
        let against =
            comparison.previous == nil
            ? phrases.text("change.didNotExist", ["previous": comparison.previousName])
            : phrases.text("change.against", ["previous": comparison.previousName])
        var out =
            phrases.text(
                "change.summary",
                [
                    "file": comparison.current.board.sourceFile,
                    "counts": counts.isEmpty ? phrases.text("change.noChanges") : phrases.list(counts),
                    "against": against,
                ]) + "\n"
        for change in changes {
            let marker: String
            switch change.kind {
            case .added: marker = "+"
            case .removed: marker = "-"
            case .moved: marker = ">"
            case .archived: marker = "a"
            case .edited, .unchanged: marker = "~"
            }
            out += "\(marker) \(sentence(change, locale: locale))\n"
        }
        return DiagnosticPrinter.sanitizedKeepingNewlines(out)
    }

    /// The change as `diff --format json` and `history --format json` write it.
    static func json(_ change: CardChange, locale: BoardLocale) -> JSONObject {
        let isRemoval = change.kind == .removed
        return JSONObject([
            "kind": change.isRename && change.kind == .edited ? "renamed" : change.kind.rawValue, "id": change.id,
            "title": change.card.title, "previousTitle": change.old?.title, "from": change.old?.lane,
            "to": isRemoval ? nil : change.new?.lane, "fromState": change.old?.state.slug,
            "toState": isRemoval ? nil : change.new?.state.slug, "fields": change.editedFields.map(\.rawValue),
            "line": change.new?.location.line, "previousLine": change.old?.location.line,
            "summary": sentence(change, locale: locale),
        ])
    }

    /// `{board, previous, previousExisted, changes: [{kind, id, title, previousTitle, from, to, fromState, toState, fields, line, previousLine, summary}]}`.
    public static func json(_ comparison: VersionComparison, locale: BoardLocale? = nil) -> String {
        let locale = locale ?? comparison.current.board.locale
        let changes = comparison.changes.filter { $0.kind != .unchanged }.map { json($0, locale: locale) }
        return JSONOutput.string(
            JSONObject([
                "board": comparison.current.board.sourceFile, "previous": comparison.previousName,
                "previousExisted": comparison.previous != nil, "changes": changes,
            ]))
    }
}
