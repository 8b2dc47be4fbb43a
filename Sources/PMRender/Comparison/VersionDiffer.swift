/// Finds the changes between consecutive versions of a board read by one `VersionParser`, comparing
/// only the cards whose source text or state changed.
///
/// In a long history most cards stay as they were from one commit to the next; matching every card
/// of every version by identity would dominate the time. A card whose source and state are the same
/// in both versions is unchanged, so it is left out before `BoardComparison.compare` runs: with
/// identities unique in both versions the result is the same, minus the `.unchanged` entries.
struct VersionDiffer {
    private var oldKeys: [Int] = []
    private var newKeys: [Int] = []
    private var identities: [Int] = []
    private var stamp = 0
    /// How many comparisons left the unchanged cards out (for tests).
    private(set) var reducedComparisons = 0

    /// The changes from `old` to `new`, `.unchanged` ones possibly left out. `identityNumbers` maps a
    /// source number to its card's identity number (from the parser).
    mutating func changes(old: Board, oldSources: [Int]?, new: Board, newSources: [Int]?,
                          identityNumbers: [Int]) -> [CardChange] {
        guard let oldSources, let newSources else { return BoardComparison.compare(old: old, new: new) }
        if oldKeys.count < identityNumbers.count * 3 {
            oldKeys += repeatElement(0, count: identityNumbers.count * 3 - oldKeys.count)
            newKeys += repeatElement(0, count: identityNumbers.count * 3 - newKeys.count)
            identities += repeatElement(0, count: identityNumbers.count - identities.count)
        }
        // The full comparison matches duplicate identities its own way: leave such versions to it.
        guard isUnique(oldSources, identityNumbers), isUnique(newSources, identityNumbers) else {
            return BoardComparison.compare(old: old, new: new)
        }
        stamp += 1
        mark(old, sources: oldSources, in: &oldKeys)
        mark(new, sources: newSources, in: &newKeys)
        let oldChanged = keeping(old, sources: oldSources) { newKeys[$0] != stamp }
        let newChanged = keeping(new, sources: newSources) { oldKeys[$0] != stamp }
        reducedComparisons += 1
        return BoardComparison.compare(old: oldChanged, new: newChanged)
    }

    private func key(_ source: Int, _ state: CardState) -> Int {
        switch state {
        case .todo: return source * 3
        case .doing: return source * 3 + 1
        case .done: return source * 3 + 2
        }
    }

    private func mark(_ board: Board, sources: [Int], in keys: inout [Int]) {
        var offset = 0
        for column in board.columns {
            for card in column.cards {
                keys[key(sources[offset], card.state)] = stamp
                offset += 1
            }
        }
    }

    private mutating func isUnique(_ sources: [Int], _ identityNumbers: [Int]) -> Bool {
        stamp += 1
        for source in sources {
            let identity = identityNumbers[source]
            if identities[identity] == stamp { return false }
            identities[identity] = stamp
        }
        return true
    }

    /// The board with only the cards whose key passes `keep` (the archive is kept whole).
    private func keeping(_ board: Board, sources: [Int], _ keep: (Int) -> Bool) -> Board {
        var result = board
        var offset = 0
        for index in result.columns.indices {
            let cards = result.columns[index].cards
            var kept: [Card] = []
            for (position, card) in cards.enumerated() where keep(key(sources[offset + position], card.state)) {
                kept.append(card)
            }
            offset += cards.count
            result.columns[index].cards = kept
        }
        return result
    }
}
