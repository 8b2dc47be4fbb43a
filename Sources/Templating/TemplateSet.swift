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
    /// How many operations a template may have with its partials inlined, each include counted as often
    /// as it is reached, or 16 times the operations of all the templates if that is more (a large template
    /// is not refused for its size alone; the built-in pages have under 5,000): more is refused before
    /// rendering, since partials that include others twice over double at every level (40 levels: 2^40 copies).
    public static let maximumInlinedSize = 100_000
    /// How deep sections may nest over lists that an outer value has (`lanes` inside `lanes`, not a
    /// lane's `cards`), counted through partials: every level repeats a whole list for every item
    /// around it, multiplying the output by its length.
    public static let maximumListNesting = 8

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
        if issues.isEmpty { issues += Self.oversized(templates, targets, sources) }
        guard issues.isEmpty else { throw TemplateSetError(issues: TemplateIssue.sorted(issues)) }
        self.templates = templates
        self.sources = sources
        self.targets = targets
        self.indices = indices
        program = LinkedProgram(templates, targets: targets)
    }

    /// How many operations the template `name` has with its partials inlined, each as often as it is included (up
    /// to just over the limit); nil when the set has no such template.
    public func inlinedSize(of name: String) -> Int? {
        index(of: name).map { Self.inlinedSizes(templates, targets)[$0] }
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

    /// The most operations a template of `templates` may have with its partials inlined.
    static func inlinedLimit(_ templates: [Template]) -> Int {
        max(maximumInlinedSize, 16 * templates.reduce(0) { $0 + $1.ops.count })
    }

    /// Each template's size with its partials inlined, counted in operations as often as each is reached (a
    /// recursion through a section counts its partial tag alone), up to just over the limit.
    static func inlinedSizes(_ templates: [Template], _ targets: [[Int]]) -> [Int] {
        let cap = inlinedLimit(templates) + 1
        enum State { case new, active, done }
        var state = [State](repeating: .new, count: templates.count)
        var sizes = templates.map { min($0.ops.count, cap) }
        for root in templates.indices where state[root] == .new {
            var path: [(template: Int, slot: Int)] = [(root, 0)]
            state[root] = .active
            while let top = path.last {
                let (template, slot) = (top.template, top.slot)
                guard slot < targets[template].count else {
                    state[template] = .done
                    path.removeLast()
                    if let caller = path.last {
                        sizes[caller.template] = min(sizes[caller.template] + sizes[template], cap)
                    }
                    continue
                }
                path[path.count - 1].slot += 1
                let target = targets[template][slot]
                switch state[target] {
                case .new:
                    state[target] = .active
                    path.append((target, 0))
                case .active:
                    break
                case .done:
                    sizes[template] = min(sizes[template] + sizes[target], cap)
                }
            }
        }
        return sizes
    }

    /// Templates too large with their partials inlined: each reported where it first crosses the limit, at the
    /// partial tag that does (a template including one too large already is not reported again).
    private static func oversized(_ templates: [Template], _ targets: [[Int]], _ sources: [TemplateSource])
        -> [TemplateIssue]
    {
        let sizes = inlinedSizes(templates, targets)
        let limit = inlinedLimit(templates)
        var issues: [TemplateIssue] = []
        for (index, template) in templates.enumerated() where sizes[index] > limit {
            guard targets[index].allSatisfy({ sizes[$0] <= limit }) else { continue }
            var total = template.ops.count
            let crossing = template.partials.indices.first { slot in
                total += sizes[targets[index][slot]]
                return total > limit
            }
            issues.append(
                TemplateIssue(
                    .tooLarge(limit: limit), template: sources[index].name, path: sources[index].path,
                    at: crossing.map { template.partials[$0].location }))
        }
        return issues
    }

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
