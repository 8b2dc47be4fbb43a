/// The outcome of comparing a board with a previous version of it.
public struct VersionComparison: Sendable {
    /// The board now.
    public var current: ParseResult
    /// The previous version; nil when the file did not exist then (every card is new).
    public var previous: ParseResult?
    /// How the previous version is named in diagnostics (`board.md@HEAD~1`, or the other file's path).
    public var previousName: String
    public var changes: [CardChange]
    /// The current board's diagnostics, with notes about the previous version: unreadable, or its errors.
    public var boardDiagnostics: [Diagnostic]
    /// Violations of the `new-cards` and `transitions` rules.
    public var ruleDiagnostics: [Diagnostic]

    /// Everything, sorted by location.
    public var diagnostics: [Diagnostic] { (boardDiagnostics + ruleDiagnostics).sortedByLocation() }

    public var hasErrors: Bool { boardDiagnostics.hasErrors || ruleDiagnostics.hasErrors }
}

extension BoardComparison {
    /// Compares a checked board with a previous version of it, given as bytes (nil: the file did not exist then),
    /// and checks the team's rules for what changed.
    public static func run(current: ParseResult, previous bytes: [UInt8]?, previousName: String) -> VersionComparison {
        let previous = bytes.map { BoardParser.parse($0, file: previousName) }
        var diagnostics = current.diagnostics
        if let previous, !previous.isReadable {
            diagnostics.append(
                Diagnostic(.previousVersionUnreadable(previousName), file: current.board.sourceFile, at: nil))
            return VersionComparison(
                current: current, previous: previous, previousName: previousName, changes: [],
                boardDiagnostics: diagnostics, ruleDiagnostics: [])
        }
        // The previous version's own errors are notes (named `board.md@REV`): a change that fixes them must pass.
        for var problem in previous?.diagnostics ?? [] where problem.severity == .error {
            problem.severity = .note
            diagnostics.append(problem)
        }
        let old = previous?.board ?? Board(title: "", rules: current.board.rules, sourceFile: previousName)
        let changes = compare(old: old, new: current.board)
        let rules = TransitionValidator.validate(
            changes: changes, old: previous?.board, new: current.board, oldFile: previousName)
        return VersionComparison(
            current: current, previous: previous, previousName: previousName, changes: changes,
            boardDiagnostics: diagnostics, ruleDiagnostics: rules)
    }
}
