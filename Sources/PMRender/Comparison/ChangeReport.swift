import Foundation

/// `pm-render diff` output: the changes between two versions as sentences or JSON.
public enum ChangeReport {
    /// One sentence per change, e.g. "Moved 'Fix date picker' from DOING to DONE".
    public static func sentence(_ change: CardChange) -> String {
        let title = change.card.title
        switch change.kind {
        case .added:
            return "Added '\(title)' in \(change.card.state.rawValue)"
        case .removed:
            return "Removed '\(title)' (was in \(change.card.state.rawValue))"
        case .archived:
            return "Archived '\(title)'"
        case .moved:
            let (from, to) = (change.old!.state.rawValue, change.new!.state.rawValue)
            var text = change.isRename ? "Renamed '\(change.old!.title)' to '\(title)' and moved it from \(from) to \(to)"
                                       : "Moved '\(title)' from \(from) to \(to)"
            let fields = change.editedFields.filter { $0 != .title || !change.isRename }
            if !fields.isEmpty { text += "; edited " + fields.map(\.rawValue).joined(separator: ", ") }
            return text
        case .edited:
            if change.isRename {
                let others = change.editedFields.filter { $0 != .title }
                let rest = others.isEmpty ? "" : "; edited " + others.map(\.rawValue).joined(separator: ", ")
                return "Renamed '\(change.old!.title)' to '\(title)'\(rest)"
            }
            return "Edited '\(title)': " + change.editedFields.map(\.rawValue).joined(separator: ", ")
        case .unchanged:
            return "'\(title)' is unchanged"
        }
    }

    /// A summary line and one line per change (unchanged cards left out).
    public static func text(_ comparison: VersionComparison) -> String {
        let changes = comparison.changes.filter { $0.kind != .unchanged }
        var counts: [String] = []
        for kind in [CardChange.Kind.added, .moved, .edited, .archived, .removed] {
            let count = changes.filter { $0.kind == kind }.count
            if count > 0 { counts.append("\(count) \(kind.rawValue)") }
        }
        let what = comparison.previous == nil ? "\(comparison.previousName) did not exist" : "against \(comparison.previousName)"
        var out = "\(comparison.current.board.sourceFile): \(counts.isEmpty ? "no changes" : counts.joined(separator: ", ")) (\(what))\n"
        for change in changes {
            let marker: String
            switch change.kind {
            case .added: marker = "+"
            case .removed: marker = "-"
            case .moved: marker = ">"
            case .archived: marker = "a"
            case .edited, .unchanged: marker = "~"
            }
            out += "\(marker) \(sentence(change))\n"
        }
        return DiagnosticPrinter.sanitized(out.replacingOccurrences(of: "\n", with: "\u{0}"))
            .replacingOccurrences(of: "\\u{0}", with: "\n")
    }

    struct JSONChange: Encodable {
        let kind: String
        let id: String
        let title: String
        let previousTitle: String?
        let from: String?
        let to: String?
        let fields: [String]
        let line: Int?
        let previousLine: Int?
        let summary: String

        enum CodingKeys: String, CodingKey { case kind, id, title, previousTitle, from, to, fields, line, previousLine, summary }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(previousTitle, forKey: .previousTitle)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
            try c.encode(fields, forKey: .fields)
            try c.encode(line, forKey: .line)
            try c.encode(previousLine, forKey: .previousLine)
            try c.encode(summary, forKey: .summary)
        }
    }

    struct JSONReport: Encodable {
        let board: String
        let previous: String
        let previousExisted: Bool
        let changes: [JSONChange]
    }

    /// `{board, previous, previousExisted, changes: [{kind, id, title, previousTitle, from, to, fields, line, previousLine, summary}]}`.
    public static func json(_ comparison: VersionComparison) -> String {
        let changes = comparison.changes.filter { $0.kind != .unchanged }.map { change in
            JSONChange(kind: change.isRename && change.kind == .edited ? "renamed" : change.kind.rawValue, id: change.id,
                       title: change.card.title, previousTitle: change.old?.title, from: change.old?.state.rawValue,
                       to: change.kind == .removed ? nil : change.new?.state.rawValue,
                       fields: change.editedFields.map(\.rawValue), line: change.new?.location.line,
                       previousLine: change.old?.location.line, summary: sentence(change))
        }
        let report = JSONReport(board: comparison.current.board.sourceFile, previous: comparison.previousName,
                                previousExisted: comparison.previous != nil, changes: changes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self) + "\n"
    }
}
