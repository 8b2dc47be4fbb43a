/// A template's text and the names it goes by.
public struct TemplateSource: Sendable, Hashable {
    /// The name partial tags and callers use: the file name without `.mustache`, `sub/name` in a subfolder.
    public let name: String
    /// The path issues name.
    public let path: String
    public let text: String

    public init(name: String, path: String, text: String) {
        self.name = name
        self.path = path
        self.text = text
    }

    /// Sources from names and texts (the built-in templates, embedded when pm-render is built), with
    /// paths `folder/name.mustache`.
    public static func named(_ texts: [String: String], folder: String) -> [TemplateSource] {
        texts.keys.sorted().map { TemplateSource(name: $0, path: "\(folder)/\($0).mustache", text: texts[$0]!) }
    }
}

/// Thrown when a template set cannot be made: every problem found, sorted.
public struct TemplateSetError: Error, Sendable, CustomStringConvertible {
    public let issues: [TemplateIssue]

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Named templates, parsed and linked: every partial resolved to its template, no partial missing,
/// no partials including each other forever.
public struct TemplateSet: Sendable {
    /// How deep partials may include partials while rendering (a recursion that data never ends
    /// stops here).
    public static let maximumPartialDepth = 256

    let templates: [Template]
    let sources: [TemplateSource]
    /// For each template, the index of the template each of its partial tags includes.
    let targets: [[Int]]
    /// Every template, linked, for rendering.
    let program: LinkedProgram
    private let indices: [String: Int]

    /// Parses and links `sources`. A name given twice keeps its last source.
    public init(_ sources: [TemplateSource]) throws(TemplateSetError) {
        var byName: [String: TemplateSource] = [:]
        for source in sources { byName[source.name] = source }
        let sources = byName.keys.sorted().map { byName[$0]! }
        var issues: [TemplateIssue] = []
        var templates: [Template] = []
        for source in sources {
            do {
                templates.append(try Template(parsing: source.text))
            } catch {
                issues.append(
                    TemplateIssue(.syntax(error.kind), template: source.name, path: source.path, at: error.location))
                templates.append(try! Template(parsing: ""))
            }
        }
        let indices = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($0.element.name, $0.offset) })
        var targets: [[Int]] = []
        for (index, template) in templates.enumerated() {
            targets.append(
                template.partials.map { partial in
                    guard let target = indices[partial.name] else {
                        let source = sources[index]
                        issues.append(
                            TemplateIssue(
                                .missingPartial(partial.name), template: source.name, path: source.path,
                                at: partial.location))
                        return -1
                    }
                    return target
                })
        }
        issues += Self.cycles(templates, targets, sources)
        guard issues.isEmpty else { throw TemplateSetError(issues: TemplateIssue.sorted(issues)) }
        self.templates = templates
        self.sources = sources
        self.targets = targets
        self.indices = indices
        program = LinkedProgram(templates, targets: targets)
    }

    /// The names of the templates, sorted.
    public var names: [String] { sources.map(\.name) }

    /// Whether the set has a template named `name`.
    public func has(_ name: String) -> Bool { indices[name] != nil }

    /// The source of the template `name`.
    public func source(named name: String) -> TemplateSource? {
        indices[name].map { sources[$0] }
    }

    func index(of name: String) -> Int? { indices[name] }

    /// Cycles of partials outside sections: each reported once, at the tag that closes it.
    private static func cycles(_ templates: [Template], _ targets: [[Int]], _ sources: [TemplateSource])
        -> [TemplateIssue]
    {
        // Iterative depth-first search over the unguarded edges; a back edge closes a cycle.
        enum State { case new, active, done }
        var state = [State](repeating: .new, count: templates.count)
        var issues: [TemplateIssue] = []
        for root in templates.indices where state[root] == .new {
            // (template, next partial slot to look at)
            var path: [(template: Int, slot: Int)] = [(root, 0)]
            state[root] = .active
            while let top = path.last {
                let (template, slot) = (top.template, top.slot)
                let partials = templates[template].partials
                guard slot < partials.count else {
                    state[template] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].slot += 1
                let target = targets[template][slot]
                guard !partials[slot].isGuarded, target >= 0 else { continue }
                switch state[target] {
                case .new:
                    state[target] = .active
                    path.append((target, 0))
                case .active:
                    let start = path.firstIndex { $0.template == target }!
                    let chain = path[start...].map { sources[$0.template].name } + [sources[target].name]
                    let source = sources[template]
                    issues.append(
                        TemplateIssue(
                            .partialCycle(chain), template: source.name, path: source.path, at: partials[slot].location)
                    )
                case .done:
                    break
                }
            }
        }
        return issues
    }
}
