/// A problem found in a board (or a note about one), reported as a value and printed by
/// `DiagnosticPrinter`. All wording lives in `Problem` (see `Problem+Messages.swift`).
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .error: return 0
            case .warning: return 1
            case .note: return 2
            }
        }
    }

    /// A secondary location that explains the diagnostic ("the first card with this ID is here").
    public struct Note: Hashable, Sendable {
        public var file: String
        public var location: SourceLocation?
        public var message: String

        public init(file: String, location: SourceLocation?, message: String) {
            self.file = file
            self.location = location
            self.message = message
        }
    }

    public var severity: Severity
    /// A stable, kebab-case identifier of the kind of problem (`unknown-section`), used as the rule ID
    /// in machine-readable output.
    public var code: String
    public var file: String
    /// Nil for problems about the whole file (e.g. it cannot be read).
    public var location: SourceLocation?
    public var message: String
    public var notes: [Note]

    public init(
        severity: Severity, code: String, file: String, location: SourceLocation?,
        message: String, notes: [Note] = []
    ) {
        self.severity = severity
        self.code = code
        self.file = file
        self.location = location
        self.message = message
        self.notes = notes
    }

    /// Creates the diagnostic for `problem`, taking its severity, code and message from the catalogue.
    public init(_ problem: Problem, file: String, at location: SourceLocation?, notes: [Note] = []) {
        self.init(
            severity: problem.severity, code: problem.code, file: file, location: location,
            message: problem.message, notes: notes)
    }

    public var isError: Bool { severity == .error }
}

extension Array where Element == Diagnostic {
    public var errorCount: Int { filter { $0.severity == .error }.count }
    public var warningCount: Int { filter { $0.severity == .warning }.count }
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file, then position, then severity; stable for equal keys.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let (l, r) = (a.element, b.element)
            if l.file != r.file { return l.file < r.file }
            let ll = l.location ?? SourceLocation(line: 0, column: 0)
            let rl = r.location ?? SourceLocation(line: 0, column: 0)
            if ll != rl { return ll < rl }
            return a.offset < b.offset
        }.map(\.element)
    }
}
