/// Where the version to compare a board with comes from.
public enum PreviousSource: Sendable, Equatable {
    /// The board's file at a git revision (`--against REV`).
    case revision(String)
    /// Another file (`--previous FILE`).
    case file(String)
}

/// The outcome of comparing a board with a previous version of it.
public struct VersionComparison: Sendable {
    /// The board now.
    public var current: ParseResult
    /// The previous version; nil when the file did not exist then (every card is new).
    public var previous: ParseResult?
    /// How the previous version is named in diagnostics (`board.md@HEAD~1`, or the other file's path).
    public var previousName: String
    public var changes: [CardChange]
    /// The current board's diagnostics and the previous version's errors (if any).
    public var boardDiagnostics: [Diagnostic]
    /// Violations of the `new-cards` and `transitions` rules.
    public var ruleDiagnostics: [Diagnostic]

    /// Everything, sorted by location.
    public var diagnostics: [Diagnostic] { (boardDiagnostics + ruleDiagnostics).sortedByLocation() }

    public var hasErrors: Bool { boardDiagnostics.hasErrors || ruleDiagnostics.hasErrors }
}

/// Why a comparison could not be made at all (exit status 2).
public enum ComparisonError: Error, Sendable, CustomStringConvertible {
    case load(BoardLoadError)
    case git(GitError)

    public var description: String {
        switch self {
        case .load(let error): return error.description
        case .git(let error): return error.description
        }
    }
}

extension BoardComparison {
    /// Loads `path` and its previous version, compares them and checks the rules.
    public static func run(path: String, against source: PreviousSource,
                           options: ParseOptions = ParseOptions()) async throws(ComparisonError) -> VersionComparison {
        let current: ParseResult
        do {
            current = try BoardLoader.load(path: path, options: options)
        } catch {
            throw .load(error)
        }
        let name: String
        let bytes: [UInt8]?
        switch source {
        case .revision(let revision):
            name = "\(path)@\(revision)"
            do {
                bytes = try await GitRepository(containing: path).contents(of: path, at: revision)
            } catch {
                throw .git(error)
            }
        case .file(let file):
            name = file
            do {
                bytes = try BoardLoader.readBytes(path: file)
            } catch {
                throw .load(error)
            }
        }
        let previous = bytes.map { BoardParser.parse($0, file: name, options: options) }
        var diagnostics = current.diagnostics
        if let previous, previous.hasErrors {
            diagnostics.append(Diagnostic(.previousVersionHasErrors(name), file: path, at: nil))
            diagnostics += previous.diagnostics.filter(\.isError)
            return VersionComparison(current: current, previous: previous, previousName: name, changes: [],
                                     boardDiagnostics: diagnostics, ruleDiagnostics: [])
        }
        let changes = compare(old: previous?.board ?? Board(title: "", sourceFile: name, rules: current.board.rules), new: current.board)
        let rules = TransitionValidator.validate(changes: changes, old: previous?.board, new: current.board, oldFile: name)
        return VersionComparison(current: current, previous: previous, previousName: name, changes: changes,
                                 boardDiagnostics: diagnostics, ruleDiagnostics: rules)
    }
}
