/// A page template and the view-model type it is rendered with.
public struct TemplateRoot: Sendable, Hashable {
    public let template: String
    public let model: TemplateModelType

    public init(_ template: String, _ model: any TemplateModel.Type) {
        self.template = template
        self.model = TemplateModelType(model)
    }
}

extension TemplateSet {
    /// Checks every tag reachable from `roots` against the view models' schemas, resolving names the
    /// way rendering does (innermost section first, through partials, dotted names from the first
    /// match): unknown keys, raw tags on plain text, `{{x}}` on objects and lists, roots the set lacks.
    public func lint(_ roots: [TemplateRoot]) -> [TemplateIssue] {
        var linter = TemplateLinter(set: self)
        for root in roots {
            guard let index = index(of: root.template) else {
                linter.issues.append(
                    TemplateIssue(.missingTemplate(root.template), template: root.template, path: "", at: nil))
                continue
            }
            linter.enqueue(index, [.object(root.model.schema)])
        }
        linter.run()
        return TemplateIssue.sorted(linter.issues)
    }

    /// Parses, links and lints `sources`: every issue, sorted, and the set when it could be linked
    /// (render it only when `issues` is empty).
    public static func check(_ sources: [TemplateSource], roots: [TemplateRoot]) -> (
        set: TemplateSet?, issues: [TemplateIssue]
    ) {
        do {
            let set = try TemplateSet(sources)
            return (set, set.lint(roots))
        } catch {
            return (nil, error.issues)
        }
    }
}

/// Walks templates with a stack of the schemas sections push (the linter's context stack). Each
/// partial is a job of its own, queued, so nothing recurses; a template is walked again only with
/// a stack that could resolve a name differently.
private struct TemplateLinter {
    let set: TemplateSet
    var issues: [TemplateIssue] = []
    private var queue: [Job] = []
    private var seen: Set<Job> = []

    init(set: TemplateSet) {
        self.set = set
    }

    /// What a name stands for, as far as the schemas tell.
    enum Shape: Hashable {
        case text, markup, flag, number, textList
        case object(TemplateSchema)
        case list(TemplateSchema)
        /// Below an unknown key: anything, so one mistake is reported once.
        case anything

        init(_ kind: TemplateFieldKind) {
            switch kind {
            case .text: self = .text
            case .markup: self = .markup
            case .flag: self = .flag
            case .number: self = .number
            case .textList: self = .textList
            case .object(let model): self = .object(model.schema)
            case .list(let model): self = .list(model.schema)
            }
        }

        /// What a section over this shape puts on the context stack.
        var pushed: Shape {
            switch self {
            case .list(let schema): .object(schema)
            case .textList: .text
            default: self
            }
        }

        /// Whether names can be looked up in it.
        var hasKeys: Bool {
            switch self {
            case .object, .anything: true
            default: false
            }
        }
    }

    private struct Job: Hashable {
        let template: Int
        let stack: [Shape]
    }

    mutating func enqueue(_ template: Int, _ stack: [Shape]) {
        // Only the top counts for `{{.}}`; below it, only shapes with keys, each at its innermost
        // place (an outer copy is never reached first). So the stacks are finite, and so the jobs.
        var canonical: [Shape] = []
        var kept: Set<Shape> = []
        for shape in stack.dropLast().reversed() where shape.hasKeys && kept.insert(shape).inserted {
            canonical.append(shape)
        }
        canonical.reverse()
        if let top = stack.last { canonical.append(top) }
        let job = Job(template: template, stack: canonical)
        if seen.insert(job).inserted { queue.append(job) }
    }

    mutating func run() {
        while let job = queue.popLast() {
            walk(job)
        }
    }

    private mutating func walk(_ job: Job) {
        let template = set.templates[job.template]
        let source = set.sources[job.template]
        var stack = job.stack
        func report(_ kind: TemplateIssue.Kind, _ op: Int) {
            issues.append(TemplateIssue(kind, template: source.name, path: source.path, at: template.locations[op]))
        }
        for (index, op) in template.ops.enumerated() {
            switch op.kind {
            case .text, .invertedEnd, .return:
                break
            case .escaped, .raw:
                let path = template.paths[op.index]
                switch resolve(path, in: stack) {
                case nil: report(.unknownKey(path.name), index)
                case .text? where op.kind == .raw: report(.unescapedText(path.name), index)
                case .object?, .list?, .textList?: report(.notText(path.name), index)
                default: break
                }
            case .section:
                let path = template.paths[op.index]
                guard let shape = resolve(path, in: stack) else {
                    report(.unknownKey(path.name), index)
                    stack.append(.anything)
                    continue
                }
                stack.append(shape.pushed)
            case .sectionEnd:
                stack.removeLast()
            case .inverted:
                let path = template.paths[op.index]
                if resolve(path, in: stack) == nil { report(.unknownKey(path.name), index) }
            case .partial:
                enqueue(set.targets[job.template][op.index], stack)
            }
        }
    }

    /// Resolves a name like rendering does; nil when nothing on the stack has it.
    private func resolve(_ path: Template.Path, in stack: [Shape]) -> Shape? {
        guard let first = path.keys.first else { return stack.last }
        for frame in stack.reversed() {
            switch frame {
            case .anything:
                return .anything
            case .object(let schema):
                guard let field = schema.field(named: first.name) else { continue }
                var shape = Shape(field.kind)
                for key in path.keys.dropFirst() {
                    switch shape {
                    case .anything: return .anything
                    case .object(let schema):
                        guard let field = schema.field(named: key.name) else { return nil }
                        shape = Shape(field.kind)
                    default: return nil
                    }
                }
                return shape
            default:
                continue
            }
        }
        return nil
    }
}
