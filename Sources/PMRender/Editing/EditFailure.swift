/// Why an editing command changed nothing: its diagnostics (worded by the catalogue) and the exit status.
public struct EditFailure: Error, Sendable {
    /// What the command could not do.
    public enum Kind: Sendable, Equatable {
        /// A rule, the board's errors, a change on disk, or a result that would not read the same way: exit 1.
        case refused
        /// The command line does not name a card, a lane or a value that works, or a file cannot be read or
        /// written: exit 2.
        case usage
    }

    public var kind: Kind
    public var diagnostics: [Diagnostic]
    /// The edited card's first line after its title would be read as part of the title (a hard-wrapped title): the
    /// edit may be written again with a blank line parting them (`BoardEditor.plan`).
    var titleRunsOn = false

    public init(_ kind: Kind, _ diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }

    init(
        _ kind: Kind, _ problem: Problem, file: String, at location: SourceLocation? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        self.init(kind, [Diagnostic(problem, file: file, at: location, notes: notes)])
    }

    /// The documented exit status: 1 refused, 2 usage or file system.
    public var exitStatus: Int32 { kind == .refused ? 1 : 2 }
}
