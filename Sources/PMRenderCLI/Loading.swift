import ArgumentParser
import Foundation
import PMRender

/// The board file: the first argument of every command about one board.
struct BoardFileArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The board file.", valueName: "board"))
    var path: String
}

/// `--against REV` / `--previous FILE`: the version a board is compared with.
struct PreviousOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Compare with the board's version at this git revision.", valueName: "rev"))
    var against: String?

    @Option(help: ArgumentHelp("Compare with this file instead of a git revision.", valueName: "file"))
    var previous: String?

    var isGiven: Bool { against != nil || previous != nil }

    func validate() throws {
        if against != nil, previous != nil { throw ValidationError("--against and --previous cannot be used together") }
    }

    /// The previous version of `path`: its name in diagnostics and its bytes (nil: it did not exist).
    func load(for path: String) async throws -> (name: String, bytes: [UInt8]?) {
        if let against {
            do {
                return ("\(path)@\(against)", try await BoardSources.version(of: path, at: against))
            } catch {
                throw Output.usageFailure(error.description)
            }
        }
        let file = previous!
        do {
            return (file, try BoardLoader.readBytes(path: file))
        } catch {
            throw Output.usageFailure(error.description)
        }
    }

    /// `path` compared with its previous version, with the rules checked.
    func compare(_ path: String) async throws -> VersionComparison {
        try await compare(Boards.load(path), path: path)
    }

    /// The board read from `path` compared with its previous version, with the rules checked.
    func compare(_ current: ParseResult, path: String) async throws -> VersionComparison {
        let (name, bytes) = try await load(for: path)
        return BoardComparison.run(current: current, previous: bytes, previousName: name)
    }
}

/// Reading boards for the commands.
enum Boards {
    /// The board at `path`, parsed and checked; a file that cannot be opened is a usage failure (exit 2).
    static func load(_ path: String) async throws -> ParseResult {
        do {
            return try await BoardFile.load(path: path)
        } catch {
            throw Output.usageFailure(error.description)
        }
    }

    /// The board at `path`, parsed and checked; one that cannot be opened adds its `unreadable-board` diagnostic to
    /// `diagnostics` and is nil.
    static func load(_ path: String, reporting diagnostics: inout [Diagnostic]) async -> ParseResult? {
        do {
            return try await BoardFile.load(path: path)
        } catch {
            diagnostics.append(error.diagnostic)
            return nil
        }
    }

    /// Boards for commands that show what a board says (export, overdue, history, metrics): every board that can be
    /// read is used, once however often it is named, its problems printed as warnings (`check` is the gate). A file that
    /// is not text fails (exit 1), one that cannot be opened too (exit 2).
    static func readable(_ paths: [String], format: DiagnosticFormat) async throws -> [Board] {
        var boards: [Board] = []
        var diagnostics: [Diagnostic] = []
        var unreadable = false
        var unopened = false
        for path in BoardDiscovery.distinct(paths) {
            guard let result = await load(path, reporting: &diagnostics) else {
                unopened = true
                continue
            }
            if result.isReadable {
                boards.append(result.board)
                diagnostics += result.diagnostics.map(\.asWarning)
            } else {
                unreadable = true
                diagnostics += result.diagnostics
            }
        }
        Output.diagnostics(diagnostics, format: format)
        if unopened { throw ExitCode(2) }
        if unreadable { throw ExitCode(1) }
        return boards
    }

    /// The board at `path` and its git history, read side by side, for `reading` (`history`, `metrics`); nil when the
    /// board cannot be read (its problems are printed). A git problem is a usage failure in git's words, a file outside
    /// any repository one that says what cannot be read without git.
    static func withHistory(_ path: String, format: DiagnosticFormat, reading: String) async throws
        -> (board: Board, history: BoardHistory)?
    {
        async let versions = BoardSources.history(of: path)
        guard let board = try await readable([path], format: format).first else { return nil }
        do {
            return (board, try await versions)
        } catch let error as GitError {
            if case .notARepository = error {
                throw Output.usageFailure(
                    "no \(reading) for '\(path)': it is not inside a git repository, and pm-render reads \(reading) "
                        + "from git")
            }
            throw Output.usageFailure(error.description)
        }
    }

    /// Prints what a history says about itself: versions it skipped, a file never committed, a shallow clone.
    static func printNotes(of history: BoardHistory, file path: String, format: DiagnosticFormat) {
        var notes = history.notes
        if history.commitCount == 0 { notes.append(Diagnostic(.neverCommitted, file: path, at: nil)) }
        if history.isShallow {
            notes.append(Diagnostic(.shallowHistory(commits: history.commitCount), file: path, at: nil))
        }
        Output.diagnostics(notes, format: format)
    }
}

/// A command that reports on a board's git history (`history`, `metrics`): its `run` reads the board and the history
/// side by side (`Boards.withHistory`), then `describe` prints what the command says about them.
protocol HistoryCommand: AsyncParsableCommand {
    var board: BoardFileArgument { get }

    var report: ReportOptions { get }

    /// What the history is read for, in the message about a board outside git: the command's name.
    static var reading: String { get }

    /// Prints what the command says about `history`, the history of `current` (`locale`: the one asked for, if any).
    func describe(_ history: BoardHistory, of current: Board, locale: BoardLocale?) throws
}

extension HistoryCommand {
    func run() async throws {
        let locale = try report.locale()
        guard
            let (current, history) = try await Boards.withHistory(
                board.path, format: report.diagnostics, reading: Self.reading)
        else { return }
        try describe(history, of: current, locale: locale)
    }

    /// Prints the history's notes about itself (`Boards.printNotes`).
    func printNotes(of history: BoardHistory) {
        Boards.printNotes(of: history, file: board.path, format: report.diagnostics)
    }
}
