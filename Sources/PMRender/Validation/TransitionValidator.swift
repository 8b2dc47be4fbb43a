/// Checks the changes between two versions of a board against the team's rules (`new-cards`, `transitions`). The
/// rules of the old version govern: a change cannot relax the rules it is judged by. Diagnostics point at the card in
/// the new version, with notes at the old one and at the rule.
public enum TransitionValidator {
    /// - Parameters:
    ///   - oldFile: how to name the old version in notes (e.g. `board.md@origin/main`).
    public static func validate(changes: [CardChange], old: Board?, new: Board, oldFile: String) -> [Diagnostic] {
        let rules = old?.rules ?? new.rules
        let ruleFile = old == nil ? new.sourceFile : oldFile
        func ruleNote(_ key: String) -> [Diagnostic.Note] {
            rules.locations[key].map {
                [Diagnostic.Note(file: ruleFile, location: $0, message: "the '\(key)' rule is here")]
            }
                ?? []
        }
        var diagnostics: [Diagnostic] = []
        for change in changes {
            switch change.kind {
            case .added:
                guard let card = change.new, let lane = new.lane(named: card.lane), !rules.allowsNewCard(in: lane)
                else { continue }
                let allowed = rules.newCardLaneNames(on: new)
                diagnostics.append(
                    Diagnostic(
                        .newCardInWrongLane(title: card.title, lane: lane.name, allowed: allowed),
                        file: new.sourceFile, at: card.location, notes: ruleNote("new-cards")))
            case .moved:
                guard let before = change.old, let card = change.new,
                    let from = old?.lane(named: before.lane) ?? new.lane(named: before.lane),
                    let to = new.lane(named: card.lane), !rules.allows(moveFrom: from, to: to)
                else { continue }
                let notes =
                    [
                        Diagnostic.Note(
                            file: oldFile, location: before.location,
                            message: "'\(before.title)' was in '\(from.name)' here")
                    ] + ruleNote("transitions")
                diagnostics.append(
                    Diagnostic(
                        .illegalMove(
                            title: card.title, from: from.name, to: to.name,
                            allowed: (rules.allowedTargets(from: from) ?? []).map(\.text)),
                        file: new.sourceFile, at: card.location, notes: notes))
            default:
                continue
            }
        }
        return diagnostics
    }
}
