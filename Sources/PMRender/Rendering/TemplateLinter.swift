import Mustache

/// Checks templates against the view model before anything is rendered, since swift-mustache
/// renders an unknown key or a missing partial as nothing. It walks each template's tags with a
/// fully populated sample view model on the context stack, resolving names exactly as Mustache does
/// (innermost context first, dotted names from the first match), and follows partials.
struct TemplateLinter {
    let sources: [String: TemplateSet.Source]
    private var diagnostics: [Diagnostic] = []
    private var seen: Set<String> = []

    init(sources: [String: TemplateSet.Source]) {
        self.sources = sources
    }

    /// Lints each root template with its sample value.
    func lint(roots: [(String, any TemplateObject)]) -> [Diagnostic] {
        var linter = self
        for (name, sample) in roots {
            linter.walk(name, stack: [sample], chain: [name])
        }
        return linter.diagnostics
    }

    private mutating func walk(_ name: String, stack: [Any], chain: [String]) {
        guard let source = sources[name] else { return }
        let signature = name + "|" + stack.map { String(describing: type(of: $0)) }.joined(separator: ",")
        guard seen.insert(signature).inserted else { return }
        guard let tags = try? Tag.scan(source.text) else { return }  // reported by Tag.structuralProblem
        var stack = stack
        var sectionDepths: [Int] = []
        for tag in tags {
            switch tag.kind {
            case .variable, .unescaped:
                if resolve(tag.name, in: stack) == nil { report(.unknownTemplateKey(tag.name), source, tag.location) }
            case .section:
                let value = resolve(tag.name, in: stack)
                if value == nil { report(.unknownTemplateKey(tag.name), source, tag.location) }
                sectionDepths.append(stack.count)
                if let value, let pushed = TemplateLinter.pushed(value) { stack.append(pushed) }
            case .inverted:
                if resolve(tag.name, in: stack) == nil { report(.unknownTemplateKey(tag.name), source, tag.location) }
                sectionDepths.append(stack.count)
            case .close:
                if let depth = sectionDepths.popLast() { stack.removeLast(stack.count - depth) }
            case .pragma:
                break  // refused by Tag.structuralProblem
            case .partial:
                if let cycleStart = chain.firstIndex(of: tag.name) {
                    report(.partialCycle(Array(chain[cycleStart...]) + [tag.name]), source, tag.location)
                } else if sources[tag.name] == nil {
                    report(.missingPartial(tag.name), source, tag.location)
                } else {
                    walk(tag.name, stack: stack, chain: chain + [tag.name])
                }
            }
        }
    }

    private mutating func report(_ problem: Problem, _ source: TemplateSet.Source, _ location: SourceLocation) {
        let diagnostic = Diagnostic(problem, file: source.path, at: location)
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
    }

    /// What a section pushes on the context stack: an array's first element, an object; nothing for a Bool.
    private static func pushed(_ value: Any) -> Any? {
        if value is Bool { return nil }
        if let array = value as? [Any] { return array.first ?? AnyKey() }
        return value
    }

    /// Resolves a (possibly dotted) name like Mustache: the first segment from the innermost context
    /// that has it, the rest from that value.
    private func resolve(_ name: String, in stack: [Any]) -> Any? {
        if name == "." { return stack.last }
        if name.contains("(") { return AnyKey() }  // transforms: not checked
        let parts = name.split(separator: ".").map(String.init)
        guard let first = parts.first else { return stack.last }
        var value: Any?
        let searchStack: [Any] = name.hasPrefix(".") ? [stack.last as Any] : stack.reversed()
        for object in searchStack {
            if let found = TemplateLinter.child(first, of: object) {
                value = found
                break
            }
        }
        for part in parts.dropFirst() {
            guard let current = value else { return nil }
            value = TemplateLinter.child(part, of: current)
        }
        return value
    }

    /// One key of one value, looked up exactly as swift-mustache does at render time.
    private static func child(_ name: String, of object: Any) -> Any? {
        if object is AnyKey { return AnyKey() }
        if let parent = object as? MustacheParent { return parent.child(named: name) }
        return Mirror(reflecting: object).children.first { $0.label == name }?.value
    }

    /// Stands for a value whose keys cannot be known (an empty sample array, a transform).
    private struct AnyKey {}
}

/// A Mustache tag found by `Tag.scan`, with its 1-based location.
struct Tag {
    enum Kind { case variable, unescaped, section, inverted, close, partial, pragma }

    let kind: Kind
    let name: String
    let location: SourceLocation

    struct DelimitersChanged: Error {
        let location: SourceLocation
    }

    /// Sections nested deeper than this are refused.
    static let maximumNesting = 64

    /// A problem that must stop a template before it is parsed: changed delimiters, a pragma (it
    /// could turn escaping off), a dynamic partial, or sections nested too deep.
    static func structuralProblem(in text: String) -> (Problem, SourceLocation)? {
        let tags: [Tag]
        do {
            tags = try scan(text)
        } catch {
            return (.templateDelimitersNotSupported, error.location)
        }
        var depth = 0
        for tag in tags {
            switch tag.kind {
            case .section, .inverted:
                depth += 1
                if depth > maximumNesting { return (.templateNestingTooDeep(limit: maximumNesting), tag.location) }
            case .close:
                depth = max(0, depth - 1)
            case .partial where tag.name.hasPrefix("*"):
                return (.dynamicPartial(String(tag.name.dropFirst())), tag.location)
            case .pragma:
                return (.templatePragma(tag.name), tag.location)
            default:
                break
            }
        }
        return nil
    }

    /// The innermost section left open at the end of a template, if any.
    static func unclosedSection(in text: String) -> Tag? {
        guard let tags = try? scan(text) else { return nil }
        var open: [Tag] = []
        for tag in tags {
            switch tag.kind {
            case .section, .inverted: open.append(tag)
            case .close: _ = open.popLast()
            default: break
            }
        }
        return open.last
    }

    /// The tags of a template with the default `{{ }}` delimiters. Throws when the template sets
    /// other delimiters, which this scanner does not follow.
    static func scan(_ text: String) throws(DelimitersChanged) -> [Tag] {
        var tags: [Tag] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var column = 1
        func advance(_ count: Int) {
            for _ in 0..<count where index < scalars.count {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
            }
        }
        while index < scalars.count {
            guard scalars[index] == "{", index + 1 < scalars.count, scalars[index + 1] == "{" else {
                advance(1)
                continue
            }
            let location = SourceLocation(line: line, column: column)
            let triple = index + 2 < scalars.count && scalars[index + 2] == "{"
            let closing: [Unicode.Scalar] = triple ? ["}", "}", "}"] : ["}", "}"]
            let start = index + (triple ? 3 : 2)
            var end = start
            while end + closing.count <= scalars.count, Array(scalars[end..<end + closing.count]) != closing { end += 1 }
            guard end + closing.count <= scalars.count else { break }
            var body = String(String.UnicodeScalarView(scalars[start..<end])).trimmingCharacters(in: .whitespaces)
            advance(end + closing.count - index)
            if triple {
                tags.append(Tag(kind: .unescaped, name: body, location: location))
                continue
            }
            guard let sigil = body.first else { continue }
            let kind: Kind?
            switch sigil {
            case "!": kind = nil
            case "%": kind = .pragma
            case "=": throw DelimitersChanged(location: location)
            case "#", "$": kind = .section
            case "^": kind = .inverted
            case "/": kind = .close
            case ">", "<": kind = .partial
            case "&": kind = .unescaped
            default: kind = .variable
            }
            guard let kind else { continue }
            if kind != .variable { body = String(body.dropFirst()).trimmingCharacters(in: .whitespaces) }
            if sigil == "$" {
                // Blocks of inheritance: like a section that pushes nothing.
                tags.append(Tag(kind: .inverted, name: ".", location: location))
                continue
            }
            if sigil == "<" {
                tags.append(Tag(kind: .partial, name: body, location: location))
                tags.append(Tag(kind: .inverted, name: ".", location: location))
                continue
            }
            tags.append(Tag(kind: kind, name: body, location: location))
        }
        return tags
    }
}
