import Mustache

/// A template set compiled to render view models straight into UTF-8 bytes.
///
/// swift-mustache parses every template (its parser decides what text, tags and standalone lines
/// are); compiling then turns its token tree into nodes that this renderer runs against
/// `TemplateObject`s: no dynamic casts, no reflection, no intermediate strings, escaping on bytes.
/// The output is byte-for-byte what swift-mustache renders (the test suite renders every example and
/// fixture both ways), including its rules for the indentation of standalone partials.
///
/// swift-mustache keeps its tokens internal, so they are read with `Mirror`. Anything the compiler
/// does not know (transforms, template inheritance, a token a later swift-mustache adds) makes the
/// compiler give up and the set render through swift-mustache, slower but the same.
struct CompiledTemplates: Sendable {
    indirect enum Node: Sendable {
        case text([UInt8])
        case variable(Path, escaped: Bool)
        case section(Path, [Node])
        case inverted(Path, [Node])
        /// A partial; standalone ones carry the indentation in front of the tag.
        case partial(String, indentation: [UInt8]?)
    }

    /// A tag's name, resolved like swift-mustache resolves it. A name no view model has is nil: it
    /// is never found.
    enum Path: Sendable {
        /// `.`: the innermost context.
        case current
        /// `.a.b`: from the innermost context only.
        case innermost([TemplateKey?])
        /// `a.b`: `a` from the innermost context that has it, `b` from that.
        case search([TemplateKey?])

        init(_ name: String) {
            let names = name.split(separator: ".").map { TemplateKey(rawValue: String($0)) }
            if name == "." || names.isEmpty {
                self = .current
            } else if name.hasPrefix(".") {
                self = .innermost(names)
            } else {
                self = .search(names)
            }
        }
    }

    /// A construct the compiler leaves to swift-mustache.
    struct Unsupported: Error {
        let what: String
    }

    let templates: [String: [Node]]

    /// Compiles every template, or throws when one uses something only swift-mustache renders.
    init(_ templates: [String: MustacheTemplate]) throws(Unsupported) {
        var compiled: [String: [Node]] = [:]
        for (name, template) in templates {
            compiled[name] = try Self.nodes(of: template)
        }
        self.templates = compiled
    }

    /// Renders `value` with the named template; nil when there is no such template.
    func render(_ value: some TemplateObject, template name: String) -> [UInt8]? {
        guard let nodes = templates[name] else { return nil }
        var renderer = Renderer(templates: templates, stack: [.object(value)])
        renderer.render(nodes, indentation: nil)
        return renderer.output
    }

    // MARK: Compiling

    private static func nodes(of template: MustacheTemplate) throws(Unsupported) -> [Node] {
        guard let tokens = Mirror(reflecting: template).descendant("tokens") as? [Any] else {
            throw Unsupported(what: "a template without readable tokens")
        }
        var nodes: [Node] = []
        for token in tokens {
            if let node = try node(of: token) { nodes.append(node) }
        }
        return nodes
    }

    private static func node(of token: Any) throws(Unsupported) -> Node? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, let (label, payload) = mirror.children.first.flatMap({ child in child.label.map { ($0, child.value) } }) else {
            throw Unsupported(what: "an unknown token")
        }
        let fields = Dictionary(Mirror(reflecting: payload).children.compactMap { child in child.label.map { ($0, child.value) } },
                                uniquingKeysWith: { first, _ in first })
        switch label {
        case "text":
            guard let text = payload as? String else { break }
            return .text(Array(text.utf8))
        case "variable", "unescapedVariable":
            guard let name = fields["name"] as? String, try noTransforms(fields) else { break }
            return .variable(Path(name), escaped: label == "variable")
        case "section", "invertedSection":
            guard let name = fields["name"] as? String, try noTransforms(fields),
                  let body = fields["template"] as? MustacheTemplate else { break }
            let nodes = try nodes(of: body)
            return label == "section" ? .section(Path(name), nodes) : .inverted(Path(name), nodes)
        case "partial":
            guard let name = fields[".0"] as? String, let indentation = fields["indentation"], indentation is String?,
                  let inherits = fields["inherits"], isNil(inherits) else { break }
            return .partial(name, indentation: (indentation as? String).map { Array($0.utf8) })
        case "contentType":
            // Every template starts by choosing pm-render's escaping, which the renderer always uses.
            guard payload is HTMLEscaping else { break }
            return nil
        default:
            break
        }
        throw Unsupported(what: "the token '\(label)'")
    }

    private static func noTransforms(_ fields: [String: Any]) throws(Unsupported) -> Bool {
        guard let transforms = fields["transforms"] as? [String] else { return false }
        guard transforms.isEmpty else { throw Unsupported(what: "a transform") }
        return true
    }

    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    // MARK: Rendering

    /// One rendering: the output so far and the context stack.
    private struct Renderer {
        let templates: [String: [Node]]
        var stack: [TemplateValue]
        var output: [UInt8] = []

        init(templates: [String: [Node]], stack: [TemplateValue]) {
            self.templates = templates
            self.stack = stack
            output.reserveCapacity(64 * 1024)
        }

        /// Renders a template or a section's body. Inside an indented standalone partial, swift-mustache
        /// puts the indentation before each node that renders something when this body's output so far
        /// ends in the Character "\n"; so does this. (A CRLF is one Character, "\r\n": no indentation.)
        mutating func render(_ nodes: [Node], indentation: [UInt8]?) {
            guard let indentation, !indentation.isEmpty else {
                for node in nodes { render(node, indentation: nil) }
                return
            }
            let start = output.count
            for node in nodes {
                let count = output.count
                let atLineStart = count > start && output[count - 1] == UInt8(ascii: "\n")
                    && !(count - 1 > start && output[count - 2] == UInt8(ascii: "\r"))
                let before = output.count
                render(node, indentation: indentation)
                if atLineStart, output.count > before {
                    output.insert(contentsOf: indentation, at: before)
                }
            }
        }

        private mutating func render(_ node: Node, indentation: [UInt8]?) {
            switch node {
            case .text(let bytes):
                output += bytes
            case .variable(let path, let escaped):
                guard let value = lookup(path) else { return }
                switch value {
                case .string(let text): append(text, escaped: escaped)
                case .bool(let flag): output += (flag ? "true" : "false").utf8
                case .int(let number): append(String(number), escaped: false)
                // What swift-mustache prints for an object or a list (a template mistake, but the same).
                case .object(let object): append(String(describing: object), escaped: escaped)
                case .list(let list): append(String(describing: list), escaped: escaped)
                }
            case .section(let path, let body):
                switch lookup(path) {
                case .list(let list)?:
                    for index in 0..<list.count {
                        stack.append(list.element(at: index))
                        render(body, indentation: indentation)
                        stack.removeLast()
                    }
                case .bool(let flag)?:
                    if flag { render(body, indentation: indentation) }
                case let value?:
                    stack.append(value)
                    render(body, indentation: indentation)
                    stack.removeLast()
                case nil:
                    break
                }
            case .inverted(let path, let body):
                switch lookup(path) {
                case .list(let list)?:
                    // swift-mustache renders an empty list's inverted section with the list as context.
                    guard list.count == 0 else { return }
                    stack.append(.list(list))
                    render(body, indentation: indentation)
                    stack.removeLast()
                case .bool(let flag)?:
                    if !flag { render(body, indentation: indentation) }
                case .some:
                    break
                case nil:
                    render(body, indentation: indentation)
                }
            case .partial(let name, let indented):
                guard let nodes = templates[name] else { return }
                let combined: [UInt8]? = indented.map { (indentation ?? []) + $0 } ?? indentation
                render(nodes, indentation: combined)
            }
        }

        private mutating func append(_ text: String, escaped: Bool) {
            if escaped {
                HTMLEscaping.append(text, to: &output)
            } else {
                var text = text
                text.withUTF8 { output.append(contentsOf: $0) }
            }
        }

        private func lookup(_ path: Path) -> TemplateValue? {
            switch path {
            case .current:
                return stack.last
            case .innermost(let names):
                return stack.last.flatMap { Self.descend($0, names[...]) }
            case .search(let names):
                for frame in stack.reversed() {
                    if let found = Self.child(names[0], of: frame) {
                        return Self.descend(found, names.dropFirst())
                    }
                }
                return nil
            }
        }

        private static func descend(_ value: TemplateValue, _ names: ArraySlice<TemplateKey?>) -> TemplateValue? {
            var value = value
            for name in names {
                guard let child = child(name, of: value) else { return nil }
                value = child
            }
            return value
        }

        private static func child(_ key: TemplateKey?, of value: TemplateValue) -> TemplateValue? {
            guard let key, case .object(let object) = value else { return nil }
            return object.value(key)
        }
    }
}
