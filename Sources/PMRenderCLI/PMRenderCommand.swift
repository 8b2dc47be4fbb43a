import ArgumentParser
import CPMSupport
import Foundation
import PMRender

/// `pm-render`: renders kanban boards kept as Markdown, and checks them.
///
/// Every command names itself in its configuration: a name derived from the type is worked out by reflection at
/// each start, which cost a tenth of a small board's whole run.
@main
struct PMRenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pm-render",
        abstract:
            "Render kanban boards kept as Markdown into HTML pages, reports and calendar feeds; check them in CI.",
        discussion: "Run 'pm-render BOARD.md' to render. See docs/CLI.md for every command.",
        version: PMRenderVersion.string,
        subcommands: [
            Render.self, Check.self, Diff.self, History.self, MetricsCommand.self, Overdue.self, Export.self,
            Show.self, Add.self, Move.self, Done.self, EditCard.self, Remove.self, Archive.self,
        ],
        defaultSubcommand: Render.self
    )

    /// A word like `-high` before any `--`: swift-argument-parser reads it as the short options `-h -i -g -h`, and
    /// so prints help and succeeds, doing nothing, where a card titled `-high priority fix` was meant. A word of a
    /// dash and a space (`- fix the bug`, a list item as Markdown writes one) is no option either, `h` in it or not.
    /// The word, and the option before it whose value it was meant as (`--title`), if any.
    static func wordHidingHelp(_ arguments: ArraySlice<String>) -> (word: String, option: String?)? {
        var previous: String?
        for word in arguments {
            if word == "--" { return nil }
            defer { previous = word }
            guard word.count > 2, word.hasPrefix("-"), !word.hasPrefix("--"), let second = word.dropFirst().first
            else { continue }
            if second.isWhitespace || (second.isLetter && word.contains("h")) {
                let option = previous.flatMap { $0.hasPrefix("--") && !$0.contains("=") && $0.count > 2 ? $0 : nil }
                return (word, option)
            }
        }
        return nil
    }

    /// How to give `word` (a value that starts with a dash) where swift-argument-parser would read it as options: an
    /// option's value joined to it with `=` (after `--` it would be no option's value), any other after `--`.
    static func hidingHelpMessage(_ word: String, option: String?, command: String) -> String {
        let way =
            option.map { "join it to its option with '=' (\($0)='\(word)')" }
            ?? "give it after '--' (pm-render\(command) … -- '\(word)')"
        return "Error: '\(word)' is read as short options, among them -h (help): \(way)"
    }

    /// `check --help.md`: swift-argument-parser reports the missing board before the unknown option that was meant as
    /// one. When an argument is missing, the line is parsed again with a stand-in for it; if that names an unknown
    /// option, that is the message to give.
    static func unknownOptionMessage(after error: Error) -> String? {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard fullMessage(for: error).hasPrefix("Error: Missing expected argument"),
            arguments.contains(where: { $0.hasPrefix("-") })
        else { return nil }
        do {
            _ = try parseAsRoot(arguments + ["pm-render-stand-in"])
        } catch {
            let message = fullMessage(for: error)
            if message.hasPrefix("Error: Unknown option") { return message }
        }
        return nil
    }

    /// Exit statuses: 0 success, 1 board errors, 2 usage or unreadable input.
    static func main() async {
        // A file-size limit (or a full disk) must fail a write with an error we can clean up after,
        // not kill the process.
        signal(SIGXFSZ, SIG_IGN)
        // A large board's buffers go back to the system when freed (peak memory at 100,000 cards: 642 → 596 MB).
        pm_fix_mmap_threshold()
        if let (word, option) = Self.wordHidingHelp(CommandLine.arguments.dropFirst()) {
            // The command named, for the example (`pm-render check … -- '-dash.md'`).
            let command = CommandLine.arguments.dropFirst().first.map { $0.hasPrefix("-") ? "" : " \($0)" } ?? ""
            Output.error(Self.hidingHelpMessage(word, option: option, command: command))
            Foundation.exit(2)
        }
        // The tables a board's reading needs, and unless another command is named those of its pages, built on
        // another core while the command line is read (not awaited: a run that needs none exits without them).
        let named = CommandLine.arguments.dropFirst().first
        let rendering = !configuration.subcommands.contains {
            $0 != Render.self && $0.configuration.commandName == named
        }
        Task.detached(priority: .userInitiated) { StartupTables.prepare(pages: rendering) }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                // swift-argument-parser uses 64 for usage errors; pm-render documents 2.
                Output.error(unknownOptionMessage(after: error) ?? fullMessage(for: error))
                Output.error("Run 'pm-render --help' for usage.")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
