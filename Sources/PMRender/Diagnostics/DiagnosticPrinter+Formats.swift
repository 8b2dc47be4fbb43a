import Foundation

extension DiagnosticPrinter {
    /// Diagnostics in `format`. Text and GitHub output end each line with a newline; JSON and SARIF
    /// are one pretty-printed document with sorted keys.
    public static func render(_ diagnostics: [Diagnostic], format: DiagnosticFormat) -> String {
        switch format {
        case .text: return text(diagnostics)
        case .github: return github(diagnostics)
        case .json: return json(diagnostics)
        case .sarif: return sarif(diagnostics)
        }
    }

    // MARK: GitHub Actions

    /// Workflow commands, so problems show inline on a pull request:
    /// `::error file=board.md,line=3,col=1,title=pm-render (unknown-section)::unknown section ...`.
    public static func github(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics {
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties = ["file=\(githubProperty(diagnostic.file))"]
            if let location = diagnostic.location {
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=\(githubProperty("pm-render (\(diagnostic.code))"))")
            var message = diagnostic.message
            for note in diagnostic.notes {
                let place = note.location.map { "\(note.file):\($0.line):\($0.column)" } ?? note.file
                message += "\nnote: \(place): \(note.message)"
            }
            out +=
                "::\(command) \(properties.joined(separator: ","))::\(githubData(sanitizedKeepingNewlines(message)))\n"
        }
        return out
    }

    private static func githubData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func githubProperty(_ text: String) -> String {
        githubData(sanitized(text)).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
            of: ",", with: "%2C")
    }

    /// `sanitized`, line by line: the newlines of multi-line output stay.
    static func sanitizedKeepingNewlines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitized(String($0)) }.joined(
            separator: "\n")
    }

    // MARK: JSON

    struct JSONDiagnostic: Encodable {
        struct Note: Encodable {
            let file: String
            @ExplicitNull var line: Int?
            @ExplicitNull var column: Int?
            let message: String
        }

        let severity: String
        let code: String
        let file: String
        @ExplicitNull var line: Int?
        @ExplicitNull var column: Int?
        let message: String
        let notes: [Note]
    }

    /// A JSON array of `{severity, code, file, line, column, message, notes}` objects.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        let values = diagnostics.map { d in
            JSONDiagnostic(
                severity: d.severity.rawValue, code: d.code, file: d.file, line: d.location?.line,
                column: d.location?.column, message: d.message,
                notes: d.notes.map {
                    .init(file: $0.file, line: $0.location?.line, column: $0.location?.column, message: $0.message)
                })
        }
        return encode(values)
    }

    // MARK: SARIF 2.1.0

    struct SarifLog: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }

        struct Run: Encodable {
            let tool: Tool
            let results: [Result]
        }

        struct Tool: Encodable {
            let driver: Driver
        }

        struct Driver: Encodable {
            let name: String
            let version: String
            let rules: [Rule]
        }

        struct Rule: Encodable {
            let id: String
            let shortDescription: Message
            let defaultConfiguration: Configuration
        }

        struct Configuration: Encodable {
            let level: String
        }

        struct Message: Encodable {
            let text: String
        }

        struct Result: Encodable {
            let ruleId: String
            let ruleIndex: Int
            let level: String
            let message: Message
            let locations: [Location]
            let relatedLocations: [Location]?
        }

        struct Location: Encodable {
            let id: Int?
            let physicalLocation: PhysicalLocation
            let message: Message?
        }

        struct PhysicalLocation: Encodable {
            let artifactLocation: ArtifactLocation
            let region: Region?
        }

        struct ArtifactLocation: Encodable {
            let uri: String
        }

        struct Region: Encodable {
            let startLine: Int
            let startColumn: Int
        }
    }

    /// A SARIF 2.1.0 log with one run, for code-scanning tools.
    public static func sarif(_ diagnostics: [Diagnostic]) -> String {
        var rules: [SarifLog.Rule] = []
        var ruleIndex: [String: Int] = [:]
        for diagnostic in diagnostics where ruleIndex[diagnostic.code] == nil {
            ruleIndex[diagnostic.code] = rules.count
            rules.append(
                SarifLog.Rule(
                    id: diagnostic.code,
                    shortDescription: .init(text: diagnostic.code.replacingOccurrences(of: "-", with: " ")),
                    defaultConfiguration: .init(level: level(diagnostic.severity))))
        }
        func location(_ file: String, _ position: SourceLocation?, id: Int? = nil, message: String? = nil)
            -> SarifLog.Location
        {
            let uri = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file
            return SarifLog.Location(
                id: id,
                physicalLocation: .init(
                    artifactLocation: .init(uri: uri),
                    region: position.map { .init(startLine: $0.line, startColumn: $0.column) }),
                message: message.map { .init(text: $0) })
        }
        let results = diagnostics.map { d in
            SarifLog.Result(
                ruleId: d.code, ruleIndex: ruleIndex[d.code]!, level: level(d.severity),
                message: .init(text: d.message),
                locations: [location(d.file, d.location)],
                relatedLocations: d.notes.isEmpty
                    ? nil : d.notes.enumerated().map { location($1.file, $1.location, id: $0 + 1, message: $1.message) }
            )
        }
        let log = SarifLog(runs: [
            .init(
                tool: .init(
                    driver: .init(
                        name: "pm-render", version: PMRenderVersion.string, rules: rules)), results: results)
        ])
        return encode(log)
    }

    private static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    private static func encode(_ value: some Encodable) -> String {
        JSONOutput.string(value)
    }
}
