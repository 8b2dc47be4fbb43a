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
            // GitHub's workflow commands are the severities' names, but for `notice`.
            let command = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
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

    // MARK: JSON

    /// A JSON array of `{severity, code, file, line, column, message, notes}` objects.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        func object(_ file: String, _ location: SourceLocation?, _ message: String) -> JSONObject {
            JSONObject(["file": file, "line": location?.line, "column": location?.column, "message": message])
        }
        let values = diagnostics.map { d in
            object(d.file, d.location, d.message).merging(
                JSONObject([
                    "severity": d.severity.rawValue, "code": d.code,
                    "notes": d.notes.map { object($0.file, $0.location, $0.message) },
                ]))
        }
        return JSONOutput.string(values)
    }

    // MARK: SARIF 2.1.0

    /// A SARIF 2.1.0 log with one run, for code-scanning tools.
    public static func sarif(_ diagnostics: [Diagnostic]) -> String {
        var rules: [JSONObject] = []
        var ruleIndex: [String: Int] = [:]
        for diagnostic in diagnostics where ruleIndex[diagnostic.code] == nil {
            ruleIndex[diagnostic.code] = rules.count
            rules.append(
                JSONObject([
                    "id": diagnostic.code,
                    "shortDescription": ["text": diagnostic.code.replacingOccurrences(of: "-", with: " ")],
                    "defaultConfiguration": ["level": diagnostic.severity.rawValue],
                ]))
        }
        func location(_ file: String, _ position: SourceLocation?, id: Int? = nil, message: String? = nil)
            -> JSONObject
        {
            let uri = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file
            return JSONObject(omittingNil: [
                "id": id,
                "physicalLocation": JSONObject(omittingNil: [
                    "artifactLocation": ["uri": uri],
                    "region": position.map { ["startLine": $0.line, "startColumn": $0.column] },
                ]),
                "message": message.map { ["text": $0] },
            ])
        }
        let results = diagnostics.map { d in
            JSONObject(omittingNil: [
                "ruleId": d.code, "ruleIndex": ruleIndex[d.code]!, "level": d.severity.rawValue,
                "message": ["text": d.message], "locations": [location(d.file, d.location)],
                "relatedLocations": d.notes.isEmpty
                    ? nil : d.notes.enumerated().map { location($1.file, $1.location, id: $0 + 1, message: $1.message) }
                    ,
            ])
        }
        let driver = JSONObject(["name": "pm-render", "version": PMRenderVersion.string, "rules": rules])
        let log = JSONObject([
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": [JSONObject(["tool": ["driver": driver], "results": results])],
        ])
        return JSONOutput.string(log)
    }
}
