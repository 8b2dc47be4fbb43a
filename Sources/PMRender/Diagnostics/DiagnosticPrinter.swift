/// Formats diagnostics for people and tools. The one place diagnostics become text.
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// `FILE:LINE:COL: error: message`, as compilers print.
    case text
    /// GitHub Actions workflow commands (`::error file=...,line=...,col=...::message`).
    case github
    /// A JSON array of diagnostic objects.
    case json
    /// SARIF 2.1.0 for code-scanning tools.
    case sarif
}

public enum DiagnosticPrinter {
    /// At most this many diagnostics are printed per file; the rest are counted in a final note.
    public static let limitPerFile = 100

    /// Keeps the first `limitPerFile` diagnostics of each file and adds a note counting the rest.
    public static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var perFile: [String: Int] = [:]
        var kept: [Diagnostic] = []
        var dropped: [String: Int] = [:]
        var order: [String] = []
        for diagnostic in diagnostics {
            let count = perFile[diagnostic.file, default: 0]
            if count == 0 { order.append(diagnostic.file) }
            perFile[diagnostic.file] = count + 1
            if count < limitPerFile {
                kept.append(diagnostic)
            } else {
                dropped[diagnostic.file, default: 0] += 1
            }
        }
        for file in order {
            if let more = dropped[file] {
                kept.append(Diagnostic(.tooManyDiagnostics(more), file: file, at: nil))
            }
        }
        return kept
    }

    /// `FILE:LINE:COL: severity: message`, one line per diagnostic and note. Control characters
    /// and terminal escape sequences from the board are made visible, never sent to the terminal.
    public static func text(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics {
            out += line(
                file: diagnostic.file, location: diagnostic.location, severity: diagnostic.severity.rawValue,
                message: diagnostic.message)
            for note in diagnostic.notes {
                out += line(file: note.file, location: note.location, severity: "note", message: note.message)
            }
        }
        return out
    }

    private static func line(file: String, location: SourceLocation?, severity: String, message: String) -> String {
        var prefix = sanitized(file)
        if let location { prefix += ":\(location.line):\(location.column)" }
        return "\(prefix): \(severity): \(sanitized(message))\n"
    }

    /// Replaces control characters (C0, DEL, C1, including ESC) with visible `\u{..}` escapes.
    public static func sanitized(_ text: String) -> String { sanitized(text, keepingNewlines: false) }

    /// `sanitized`, line feeds kept (a report of many lines).
    static func sanitizedKeepingNewlines(_ text: String) -> String { sanitized(text, keepingNewlines: true) }

    private static func sanitized(_ text: String, keepingNewlines: Bool) -> String {
        guard hasControl(text.utf8, keepingNewlines: keepingNewlines) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingNewlines && scalar == "\n") {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether the UTF-8 holds a character `isControl` escapes: read byte by byte, as a report of thousands of
    /// lines is checked whole (C1 is `C2 80`…`C2 9F`; U+2028…U+202E is `E2 80 A8`…`AE`; U+2066…U+2069 `E2 81 A6`…`A9`).
    private static func hasControl(_ utf8: String.UTF8View, keepingNewlines: Bool) -> Bool {
        var (first, second): (UInt8, UInt8) = (0, 0)  // the two bytes before
        for byte in utf8 {
            if byte < 0x20 {
                if !(keepingNewlines && byte == 0x0A) { return true }
            } else if byte == 0x7F {
                return true
            } else if second == 0xC2, byte <= 0x9F {
                return true  // 0xC2 is always a lead byte, and `byte` its continuation (0x80 or more)
            } else if first == 0xE2, second == 0x80, (0xA8...0xAE).contains(byte) {
                return true
            } else if first == 0xE2, second == 0x81, (0xA6...0xA9).contains(byte) {
                return true
            }
            (first, second) = (second, byte)
        }
        return false
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
