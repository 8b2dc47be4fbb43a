/// Why a card that is a table's row finds no lane of the state asked for.
public enum NoLaneHint: Hashable, Sendable {
    /// The lanes of that state are no tables of rows (`## Done` over `- [x] …`), and a row is not moved into them.
    case lanesHoldNoRows([String])
    /// The row's table is not read as the board's lanes while its row on this line has no status.
    case rowWithoutStatus(line: Int)
}
