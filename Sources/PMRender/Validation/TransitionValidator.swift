/// Checks the changes between two versions of a board against the team's rules (`new-cards`,
/// `transitions`). The rules of the old version govern: a change cannot relax the rules it is
/// judged by. Diagnostics point at the card in the new version, with a note at the old one.
public enum TransitionValidator {
    /// - Parameters:
    ///   - oldFile: how to name the old version in notes (e.g. `board.md@origin/main`).
    public static func validate(changes: [CardChange], old: Board?, new: Board, oldFile: String) -> [Diagnostic] {
        let rules = old?.rules ?? new.rules
        let ruleFile = old == nil ? new.sourceFile : oldFile
        var diagnostics: [Diagnostic] = []
        for change in changes {
            switch change.kind {
            case .added:
                guard let card = change.new, !rules.newCardStates.contains(card.state) else { continue }
                var notes: [Diagnostic.Note] = []
                if let location = rules.locations["new-cards"] {
                    notes.append(Diagnostic.Note(file: ruleFile, location: location, message: "the 'new-cards' rule is here"))
                }
                diagnostics.append(Diagnostic(
                    .newCardInWrongState(title: card.title, state: card.state, allowed: sorted(rules.newCardStates)),
                    file: new.sourceFile, at: card.location, notes: notes))
            case .moved:
                guard let before = change.old, let card = change.new, !rules.allows(move: before.state, to: card.state) else { continue }
                var notes = [Diagnostic.Note(file: oldFile, location: before.location,
                                             message: "'\(before.title)' was in \(before.state.rawValue) here")]
                if let location = rules.locations["transitions"] {
                    notes.append(Diagnostic.Note(file: ruleFile, location: location, message: "the 'transitions' rule is here"))
                }
                diagnostics.append(Diagnostic(
                    .illegalMove(title: card.title, from: before.state, to: card.state,
                                 allowed: sorted(rules.transitions[before.state] ?? [])),
                    file: new.sourceFile, at: card.location, notes: notes))
            default:
                continue
            }
        }
        return diagnostics
    }

    private static func sorted(_ states: Set<CardState>) -> [CardState] {
        states.sorted()
    }
}
