/// Checks that need the whole board: unique card identities and WIP limits.
public enum BoardValidator {
    public static func validate(_ board: Board) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let file = board.sourceFile

        // Identities must be unique among the cards in columns. Archived cards are exempt: recurring
        // tasks are archived again and again under the same title.
        var firstByID: [String: Card] = [:]
        for card in board.cards {
            if let first = firstByID[card.id] {
                diagnostics.append(Diagnostic(
                    .duplicateCardID(id: card.id, title: card.title), file: file, at: card.location,
                    notes: [Diagnostic.Note(file: file, location: first.location, message: Problem.firstCardWithID.message)]
                ))
            } else {
                firstByID[card.id] = card
            }
        }

        for column in board.columns {
            guard let limit = column.wipLimit, column.cards.count > limit else { continue }
            let location = column.wipLimitLocation ?? column.location ?? SourceLocation(line: 1, column: 1)
            diagnostics.append(Diagnostic(.overWIPLimit(state: column.state, count: column.cards.count, limit: limit),
                                          file: file, at: location))
        }
        return diagnostics
    }
}
