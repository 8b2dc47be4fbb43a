import ArgumentParser
import Foundation
import PMRender

/// Writing to the terminal: stdout for results, stderr for diagnostics and summaries.
enum Output {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Prints diagnostics (capped per file) to stderr in the requested format.
    static func diagnostics(_ diagnostics: [Diagnostic]) {
        let text = DiagnosticPrinter.text(DiagnosticPrinter.capped(diagnostics))
        if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
    }

    /// A usage or environment failure: message on stderr, exit status 2.
    static func usageFailure(_ message: String) -> ExitCode {
        error("pm-render: error: \(message)")
        return ExitCode(2)
    }

    static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : (plural ?? singular + "s"))"
    }
}
