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
    /// match): unknown keys, raw tags on plain text, `{{x}}` on objects and lists, roots the set lacks, sections
    /// over a list an outer value has (which repeat it for every item around them) nested more than
    /// `TemplateSet.maximumListNesting` deep.
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
        /// How many sections over lists of an outer value (`lanes` inside `lanes`) are open around the
        /// template (at most one over the limit).
        let lists: Int
    }

    mutating func enqueue(_ template: Int, _ stack: [Shape], lists: Int = 0) {
        // Only the top counts for `{{.}}`; below it, only shapes with keys, each at its innermost
        // place (an outer copy is never reached first). So the stacks are finite, and so the jobs.
        var canonical: [Shape] = []
        var kept: Set<Shape> = []
        for shape in stack.dropLast().reversed() where shape.hasKeys && kept.insert(shape).inserted {
            canonical.append(shape)
        }
        canonical.reverse()
        if let top = stack.last { canonical.append(top) }
        let job = Job(template: template, stack: canonical, lists: min(lists, TemplateSet.maximumListNesting + 1))
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
        var lists = job.lists
        // Whether each section opened in this template is over a list.
        var opened: [Bool] = []
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
                guard let (shape, isOuter) = resolveWithFrame(path, in: stack) else {
                    report(.unknownKey(path.name), index)
                    stack.append(.anything)
                    opened.append(false)
                    continue
                }
                stack.append(shape.pushed)
                // A list found on the top of the stack is the data's own, one level down (a card's
                // sub-cards): its items are each met once. A list an outer value has is met again
                // for every item around it, and that is what multiplies.
                let isList: Bool
                switch shape {
                case .list, .textList: isList = isOuter
                default: isList = false
                }
                opened.append(isList)
                if isList {
                    lists += 1
                    if lists == TemplateSet.maximumListNesting + 1 {
                        report(.listsTooDeep(limit: TemplateSet.maximumListNesting), index)
                    }
                }
            case .sectionEnd:
                stack.removeLast()
                if opened.removeLast() { lists -= 1 }
            case .inverted:
                let path = template.paths[op.index]
                if resolve(path, in: stack) == nil { report(.unknownKey(path.name), index) }
            case .partial:
                enqueue(set.targets[job.template][op.index], stack, lists: lists)
            }
        }
    }

    /// Resolves a name like rendering does; nil when nothing on the stack has it.
    private func resolve(_ path: Template.Path, in stack: [Shape]) -> Shape? {
        resolveWithFrame(path, in: stack)?.shape
    }

    /// Resolves a name like rendering does, with whether the frame that has it is below the top.
    private func resolveWithFrame(_ path: Template.Path, in stack: [Shape]) -> (shape: Shape, isOuter: Bool)? {
        guard let first = path.keys.first else { return stack.last.map { ($0, false) } }
        for (depth, frame) in stack.enumerated().reversed() {
            let isOuter = depth < stack.count - 1
            switch frame {
            case .anything:
                return (.anything, isOuter)
            case .object(let schema):
                guard let field = schema.field(named: first.name) else { continue }
                var shape = Shape(field.kind)
                for key in path.keys.dropFirst() {
                    switch shape {
                    case .anything: return (.anything, isOuter)
                    case .object(let schema):
                        guard let field = schema.field(named: key.name) else { return nil }
                        shape = Shape(field.kind)
                    default: return nil
                    }
                }
                return (shape, isOuter)
            default:
                continue
            }
        }
        return nil
    }
}
