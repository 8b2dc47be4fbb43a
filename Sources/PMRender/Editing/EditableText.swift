/// A board file's original bytes cut into lines, each with its own line terminator, so that an edit replaces whole
/// lines and leaves every other byte as it was: a byte-order mark, CRLF or CR endings, tabs, trailing spaces.
///
/// Lines are numbered as the parser numbers them (`SourceText`): LF, CR LF and a lone CR end a line, and a final
/// terminator does not start a new line.
struct EditableText: Equatable {
    struct Line: Equatable {
        /// The line's bytes without its terminator.
        var content: [UInt8]
        /// `\n`, `\r\n`, `\r`, or empty for a last line without one.
        var terminator: [UInt8]

        var isBlank: Bool { content.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

        var text: String { String(decoding: content, as: UTF8.self) }
    }

    /// A UTF-8 byte-order mark, kept in front of line 1.
    var bom: [UInt8]
    var lines: [Line]

    init(_ bytes: [UInt8]) {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        bom = Array(bytes[0..<start])
        lines = []
        var lineStart = start
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                var end = index + 1
                if byte == 0x0D, end < bytes.count, bytes[end] == 0x0A { end += 1 }
                lines.append(Line(content: Array(bytes[lineStart..<index]), terminator: Array(bytes[index..<end])))
                lineStart = end
                index = end
                continue
            }
            index += 1
        }
        if lineStart < bytes.count || lines.isEmpty {
            lines.append(Line(content: Array(bytes[lineStart...]), terminator: []))
        }
    }

    init(bom: [UInt8], lines: [Line]) {
        self.bom = bom
        self.lines = lines
    }

    var bytes: [UInt8] {
        var out = bom
        out.reserveCapacity(lines.reduce(bom.count) { $0 + $1.content.count + $1.terminator.count })
        for line in lines {
            out += line.content
            out += line.terminator
        }
        return out
    }

    /// Number of lines (1-based line numbers run from 1 through `count`).
    var count: Int { lines.count }

    /// A 1-based line.
    func line(_ number: Int) -> Line { lines[number - 1] }

    /// A 1-based line's text.
    func text(_ number: Int) -> String { lines[number - 1].text }

    func isBlank(_ number: Int) -> Bool { number < 1 || number > lines.count || lines[number - 1].isBlank }

    /// Whether the file ends with a line terminator.
    var endsWithTerminator: Bool { !(lines.last?.terminator.isEmpty ?? true) }

    /// Replaces lines `range` (1-based, half-open; empty to insert before its lower bound) with `replacement` for
    /// each edit. Edits must not overlap; an insertion at the start of a removed range goes before it. Afterwards
    /// every line but the last ends with a terminator, and the last ends with one exactly when the original did.
    func applying(_ edits: [LineEdit], lineEnding: [UInt8]) -> EditableText {
        let sorted = edits.enumerated().sorted { a, b in
            let (l, r) = (a.element.range, b.element.range)
            if l.lowerBound != r.lowerBound { return l.lowerBound < r.lowerBound }
            if l.isEmpty != r.isEmpty { return l.isEmpty }
            return a.offset < b.offset
        }.map(\.element)
        var out: [Line] = []
        out.reserveCapacity(lines.count + edits.reduce(0) { $0 + $1.replacement.count })
        var next = 1
        for edit in sorted {
            precondition(edit.range.lowerBound >= next, "overlapping line edits")
            out += lines[(next - 1)..<(edit.range.lowerBound - 1)]
            out += edit.replacement
            next = edit.range.upperBound
        }
        if next <= lines.count { out += lines[(next - 1)...] }
        for index in out.indices.dropLast() where out[index].terminator.isEmpty { out[index].terminator = lineEnding }
        if !out.isEmpty {
            if endsWithTerminator {
                if out[out.count - 1].terminator.isEmpty { out[out.count - 1].terminator = lineEnding }
            } else {
                out[out.count - 1].terminator = []
            }
        }
        return EditableText(bom: bom, lines: out)
    }
}

/// One change to a board file: lines `range` (1-based, half-open) are replaced by `replacement`.
struct LineEdit: Equatable {
    var range: Range<Int>
    var replacement: [EditableText.Line]

    static func insert(_ lines: [EditableText.Line], before line: Int) -> LineEdit {
        LineEdit(range: line..<line, replacement: lines)
    }

    static func remove(_ lines: ClosedRange<Int>) -> LineEdit {
        LineEdit(range: lines.lowerBound..<(lines.upperBound + 1), replacement: [])
    }

    static func replace(_ lines: ClosedRange<Int>, with replacement: [EditableText.Line]) -> LineEdit {
        LineEdit(range: lines.lowerBound..<(lines.upperBound + 1), replacement: replacement)
    }
}

extension EditableText.Line {
    /// A new line of text with the board's line ending.
    init(_ text: String, ending: [UInt8]) {
        self.init(content: Array(text.utf8), terminator: ending)
    }
}
