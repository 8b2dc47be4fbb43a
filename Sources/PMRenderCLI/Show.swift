import ArgumentParser
import Foundation
import PMRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pm-render show BOARD`: the board in the terminal.
struct Show: AsyncParsableCommand {
    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the board in the terminal: lanes side by side (one under another when narrow), with counts, "
            + "WIP limits and deadlines.",
        discussion: """
            Overdue deadlines are red and those due soon yellow. Colours are on when standard output is a terminal \
            and NO_COLOR is not set (--color always or never decides instead). The width is --width, else $COLUMNS, \
            else the terminal's, else 80.
            """
    )

    @OptionGroup var board: BoardFileArgument

    @Option(help: "Only this lane (its name, a state such as DOING, or the start of its name).")
    var lane: String?

    // (Unconditional: a negative number is the value, which validate() refuses by name, not an option.)
    @Option(parsing: .unconditional, help: ArgumentHelp("Columns to use.", valueName: "n"))
    var width: Int?

    @Option(help: "Colours: auto, always or never.")
    var color: ColorChoice = .auto

    @OptionGroup var clock: ClockOptions

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if let width, width < 20 || width > 1000 { throw ValidationError("--width must be between 20 and 1000") }
    }

    func run() async throws {
        let locale = try report.locale()
        guard let board = try await report.board(self.board.path) else { return }
        let options = TerminalBoard.Options(
            width: width ?? Self.terminalWidth(), color: useColor, lane: lane,
            clock: try clock.resolve(timezone: board.timezone), locale: locale)
        do {
            Output.out(try TerminalBoard.render(board, options: options))
        } catch {
            Output.diagnostics(error.diagnostics, format: report.diagnostics)
            throw ExitCode(error.exitStatus)
        }
    }

    private var useColor: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return !noColor && isatty(STDOUT_FILENO) == 1
        }
    }

    /// `$COLUMNS`, else the terminal's width, else 80.
    static func terminalWidth() -> Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns >= 20 {
            return min(columns, 1000)
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        return 80
    }
}
