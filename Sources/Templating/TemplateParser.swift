/// The one scanner and parser of templates: a line at a time, so that standalone lines are decided
/// on the whole line, in time linear in the template's size, without recursion.
struct TemplateParser {
    private let source: [UInt8]
    private var position = 0
    private var openDelimiter: [UInt8] = Self.defaultOpen
    private var closeDelimiter: [UInt8] = Self.defaultClose
    private var locator = Locator()

    /// What the parser makes: the template as operations.
    private(set) var program = Template.Program()

    /// The sections open at this point, innermost last.
    private var open: [OpenSection] = []
    /// How many of them are (non-inverted) sections.
    private var openSections = 0
    /// The current line's text and tags.
    private var pieces: [Piece] = []

    private static let defaultOpen: [UInt8] = Array("{{".utf8)
    private static let defaultClose: [UInt8] = Array("}}".utf8)

    init(_ source: String) {
        self.source = Array(source.utf8)
        program.text.reserveCapacity(self.source.count)
    }

    mutating func parse() throws(TemplateSyntaxError) {
        while position < source.count {
            pieces.removeAll(keepingCapacity: true)
            // A tag that cannot be read ends the scan of the line; the tags before it are emitted
            // first, so that the first error in the template is the one reported.
            let pending = scanLine()
            if pending == nil, let index = standaloneTag() {
                try emitStandalone(at: index)
            } else {
                try emitLine()
            }
            if let pending { throw pending }
        }
        if let unclosed = open.last {
            throw TemplateSyntaxError(.unclosedSection(unclosed.name), at: unclosed.location)
        }
    }

    // MARK: Scanning

    private enum TagKind {
        case escaped, raw, section, inverted, close, partial, comment, delimiters

        /// Whether a line holding only this tag (and whitespace) is removed whole.
        var canStandAlone: Bool {
            switch self {
            case .escaped, .raw: false
            case .section, .inverted, .close, .partial, .comment, .delimiters: true
            }
        }
    }

    private struct Tag {
        let kind: TagKind
        /// The tag's content, trimmed, without its sigil.
        let name: String
        let location: TemplateLocation
    }

    private enum Piece {
        case text(Range<Int>)
        case tag(Tag)
    }

    private struct OpenSection {
        let name: String
        let op: Int
        let location: TemplateLocation
        let isInverted: Bool
    }

    /// Reads the tags and text of one line (up to and with its `\n`, or to the end) into `pieces`.
    /// A tag may span lines (a multi-line comment); the line goes on after it.
    private mutating func scanLine() -> TemplateSyntaxError? {
        var textStart = position
        let count = source.count
        while position < count {
            let byte = source[position]
            if byte == UInt8(ascii: "\n") {
                position += 1
                pieces.append(.text(textStart..<position))
                return nil
            }
            if byte == openDelimiter[0], matches(openDelimiter, at: position) {
                if position > textStart { pieces.append(.text(textStart..<position)) }
                do {
                    pieces.append(.tag(try scanTag()))
                } catch {
                    return error
                }
                textStart = position
                continue
            }
            position += 1
        }
        if position > textStart { pieces.append(.text(textStart..<position)) }
        return nil
    }

    /// Reads the tag whose opening delimiter is at `position`, and moves past it.
    private mutating func scanTag() throws(TemplateSyntaxError) -> Tag {
        let location = locator.location(of: position, in: source)
        var start = position + openDelimiter.count
        var closing = closeDelimiter
        let kind: TagKind
        if start < source.count, source[start] == UInt8(ascii: "{") {
            kind = .raw
            start += 1
            closing = [UInt8(ascii: "}")] + closeDelimiter
        } else {
            while start < source.count, Self.isWhitespace(source[start]) { start += 1 }
            let sigil = start < source.count ? source[start] : 0
            switch sigil {
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: "&"): kind = .raw
            case UInt8(ascii: "="):
                kind = .delimiters
                closing = [UInt8(ascii: "=")] + closeDelimiter
            case UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: "$"):
                guard let end = find(closing, from: start) else {
                    throw TemplateSyntaxError(.unclosedTag, at: location)
                }
                throw TemplateSyntaxError(.unsupportedTag(trimmed(start..<end)), at: location)
            default: kind = .escaped
            }
            if kind != .escaped { start += 1 }
        }
        guard let end = find(closing, from: start) else {
            // `{{=<% %>}}`: closed, but not as a set-delimiter tag.
            if kind == .delimiters, find(closeDelimiter, from: start) != nil {
                throw TemplateSyntaxError(.invalidDelimiters, at: location)
            }
            throw TemplateSyntaxError(.unclosedTag, at: location)
        }
        position = end + closing.count
        let name = trimmed(start..<end)
        switch kind {
        case .comment:
            break
        case .delimiters:
            try setDelimiters(name, at: location)
        default:
            guard !name.isEmpty else { throw TemplateSyntaxError(.emptyTag, at: location) }
            if kind == .partial, name.hasPrefix("*") {
                throw TemplateSyntaxError(.unsupportedTag(">" + name), at: location)
            }
            if name.utf8.contains(where: Self.isWhitespace) {
                throw TemplateSyntaxError(.invalidName(name), at: location)
            }
        }
        return Tag(kind: kind, name: kind == .comment ? "" : name, location: location)
    }

    /// Applies `{{=open close=}}`.
    private mutating func setDelimiters(_ content: String, at location: TemplateLocation) throws(TemplateSyntaxError) {
        let parts = content.utf8.split(whereSeparator: Self.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw TemplateSyntaxError(.invalidDelimiters, at: location)
        }
        openDelimiter = Array(parts[0])
        closeDelimiter = Array(parts[1])
    }

    // MARK: Standalone lines

    /// The index in `pieces` of the line's one tag when the line is standalone: that tag may stand
    /// alone, and everything else is spaces and tabs, then the line's end (`\n`, `\r\n` or the end
    /// of the template).
    private func standaloneTag() -> Int? {
        var tagIndex: Int?
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .tag(let tag):
                guard tagIndex == nil, tag.kind.canStandAlone else { return nil }
                tagIndex = index
            case .text(let range):
                var end = range.upperBound
                if index == pieces.count - 1, source[end - 1] == UInt8(ascii: "\n") {
                    end -= 1
                    if end > range.lowerBound, source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                }
                for offset in range.lowerBound..<max(end, range.lowerBound) {
                    let byte = source[offset]
                    guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return nil }
                }
            }
        }
        return tagIndex
    }

    private mutating func emitStandalone(at index: Int) throws(TemplateSyntaxError) {
        guard case .tag(let tag) = pieces[index] else { return }
        var indentation: [UInt8] = []
        if index > 0, case .text(let range) = pieces[0] { indentation = Array(source[range]) }
        try emit(tag, indentation: indentation)
    }

    private mutating func emitLine() throws(TemplateSyntaxError) {
        if !isEmptyLine { addMarker() }
        for piece in pieces {
            switch piece {
            case .text(let range): appendText(range)
            case .tag(let tag): try emit(tag, indentation: nil)
            }
        }
    }

    /// Whether the line is only its end: a standalone partial does not indent it.
    private var isEmptyLine: Bool {
        guard pieces.count == 1, case .text(let range) = pieces[0] else { return false }
        let line = source[range]
        return line.elementsEqual("\n".utf8) || line.elementsEqual("\r\n".utf8)
    }

    // MARK: Emitting

    private mutating func emit(_ tag: Tag, indentation: [UInt8]?) throws(TemplateSyntaxError) {
        switch tag.kind {
        case .escaped, .raw:
            var op = try self.path(tag)
            op.kind = tag.kind == .raw ? .raw : .escaped
            append(op, at: tag.location)
        case .section, .inverted:
            guard open.count < Template.maximumNesting else {
                throw TemplateSyntaxError(.nestingTooDeep(limit: Template.maximumNesting), at: tag.location)
            }
            var op = try self.path(tag)
            let isInverted = tag.kind == .inverted
            open.append(
                OpenSection(name: tag.name, op: program.ops.count, location: tag.location, isInverted: isInverted))
            if !isInverted { openSections += 1 }
            op.kind = isInverted ? .inverted : .section
            append(op, at: tag.location)
        case .close:
            guard let section = open.last, section.name == tag.name else {
                throw TemplateSyntaxError(.wrongCloseTag(expected: open.last?.name, found: tag.name), at: tag.location)
            }
            open.removeLast()
            if !section.isInverted { openSections -= 1 }
            program.ops[section.op].end = program.ops.count
            append(
                Template.Op(kind: section.isInverted ? .invertedEnd : .sectionEnd, index: 0, end: section.op),
                at: tag.location)
        case .partial:
            program.partials.append(
                Template.Partial(
                    name: tag.name, location: tag.location, indentation: indentation, isGuarded: openSections > 0))
            append(Template.Op(kind: .partial, index: program.partials.count - 1), at: tag.location)
        case .comment, .delimiters:
            break
        }
    }

    /// An operation naming the tag's path (its kind is set by the caller).
    private mutating func path(_ tag: Tag) throws(TemplateSyntaxError) -> Template.Op {
        var pathKeys: [TemplateKey] = []
        if tag.name != "." {
            let segments = tag.name.split(separator: ".", omittingEmptySubsequences: false)
            guard !segments.contains(where: \.isEmpty) else {
                throw TemplateSyntaxError(.invalidName(tag.name), at: tag.location)
            }
            pathKeys = segments.map { TemplateKey(String($0)) }
        }
        program.paths.append(Template.Path(name: tag.name, keys: pathKeys))
        program.keys += pathKeys
        return Template.Op(
            kind: .escaped, index: program.paths.count - 1, from: program.keys.count - pathKeys.count,
            to: program.keys.count)
    }

    private mutating func append(_ op: Template.Op, at location: TemplateLocation) {
        program.ops.append(op)
        program.locations.append(location)
    }

    /// Appends text, to the last operation when it is text.
    private mutating func appendText(_ range: Range<Int>) {
        if let last = program.ops.indices.last, program.ops[last].kind == .text {
            program.text.append(contentsOf: source[range])
            program.ops[last].end = program.text.count
        } else {
            let start = program.text.count
            program.text.append(contentsOf: source[range])
            append(
                Template.Op(
                    kind: .text, index: start, end: program.text.count, from: program.markers.count,
                    to: program.markers.count),
                at: TemplateLocation(line: 0, column: 0))
        }
    }

    /// Marks a line start here (where a standalone partial's indentation goes).
    private mutating func addMarker() {
        if let last = program.ops.indices.last, program.ops[last].kind == .text {
            program.markers.append(program.text.count)
            program.ops[last].to = program.markers.count
        } else {
            program.markers.append(program.text.count)
            append(
                Template.Op(
                    kind: .text, index: program.text.count, end: program.text.count, from: program.markers.count - 1,
                    to: program.markers.count),
                at: TemplateLocation(line: 0, column: 0))
        }
    }

    // MARK: Bytes

    private func matches(_ delimiter: [UInt8], at offset: Int) -> Bool {
        guard offset + delimiter.count <= source.count else { return false }
        for index in delimiter.indices where source[offset + index] != delimiter[index] { return false }
        return true
    }

    private func find(_ delimiter: [UInt8], from offset: Int) -> Int? {
        var offset = offset
        let first = delimiter[0]
        while offset + delimiter.count <= source.count {
            if source[offset] == first, matches(delimiter, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    private func trimmed(_ range: Range<Int>) -> String {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, Self.isWhitespace(source[start]) { start += 1 }
        while end > start, Self.isWhitespace(source[end - 1]) { end -= 1 }
        return String(decoding: source[start..<end], as: UTF8.self)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == 0x0B || byte == 0x0C
    }
}

/// Turns byte offsets, asked for in increasing order, into lines and columns in linear time.
struct Locator {
    private var offset = 0
    private var line = 1
    private var column = 1

    mutating func location(of target: Int, in source: [UInt8]) -> TemplateLocation {
        if target < offset { self = Locator() }
        while offset < target {
            let byte = source[offset]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a continuation byte: a scalar starts
                column += 1
            }
            offset += 1
        }
        return TemplateLocation(line: line, column: column)
    }
}
