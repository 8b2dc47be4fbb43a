import ArgumentParser
import Foundation
import PMRender

/// `--diagnostics FORMAT`, shared by every command that reports diagnostics.
struct DiagnosticOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How to print diagnostics: text, github, json or sarif.", valueName: "format"))
    var diagnostics: DiagnosticFormat = .text
}

extension DiagnosticFormat: ExpressibleByArgument {}

/// `--locale` and `--diagnostics`: the language and the diagnostics of the commands that report on boards.
struct ReportOptions: ParsableArguments {
    @OptionGroup var localeOptions: LocaleOptions

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    /// How to print diagnostics.
    var diagnostics: DiagnosticFormat { diagnosticOptions.diagnostics }

    /// The requested locale, or nil; an unsupported one is a usage error (exit 2).
    func locale() throws -> BoardLocale? { try localeOptions.resolve() }

    /// The board at `path` when it can be read (`Boards.readable`), its problems printed.
    func board(_ path: String) async throws -> Board? {
        try await Boards.readable([path], format: diagnostics).first
    }
}

/// `--format text|json`: sentences for people, or one JSON document for tools.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `--format text|markdown|json`: a report for the terminal, for `$GITHUB_STEP_SUMMARY`, or for tools.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, markdown, json
}

/// Writing to the terminal: stdout for results, stderr for diagnostics and summaries.
enum Output {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Prints diagnostics (capped per file). Text goes to stderr. Machine formats go to stdout when the
    /// command has nothing else to print there (`check`), else to stderr; JSON and SARIF are printed
    /// even when empty so tools always get a document.
    static func diagnostics(_ diagnostics: [Diagnostic], format: DiagnosticFormat = .text, toStdout: Bool = false) {
        let text = DiagnosticPrinter.render(DiagnosticPrinter.capped(diagnostics), format: format)
        guard !text.isEmpty else { return }
        if format != .text, toStdout {
            out(text)
        } else {
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// A usage or environment failure: message on stderr, exit status 2.
    static func usageFailure(_ message: String) -> ExitCode {
        error("pm-render: error: \(DiagnosticPrinter.sanitized(message))")
        return ExitCode(2)
    }

    /// Ends the process with `status`, as returning from the command would, once everything it writes is written:
    /// `value` (a site, which holds a board) is kept to the end rather than freed first. Only for a command that is
    /// done: it has flushed its files and printed through `out` and `error`, which do not buffer (C's streams, which
    /// do, are flushed here, as `exit` also does).
    static func exit(_ status: Int32, keeping value: borrowing some Any) -> Never {
        fflush(nil)
        withExtendedLifetime(value) { Foundation.exit(status) }
    }

    static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : (plural ?? singular + "s"))"
    }
}

/// `--locale`: the language of pages and reports (wins over the board's front matter).
struct LocaleOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Language of the pages and reports: \(BoardLocale.supportedList) (default: the board's 'locale', else en).",
            valueName: "code"))
    var locale: String?

    /// The requested locale, or nil; an unsupported one is a usage error (exit 2).
    func resolve() throws -> BoardLocale? {
        guard let locale else { return nil }
        guard let parsed = BoardLocale(rawValue: locale) else {
            throw Output.usageFailure(
                "unsupported locale '\(locale)': supported locales are \(BoardLocale.supportedList)")
        }
        return parsed
    }
}
