import Mustache
import MustacheTokens

/// A template set compiled to render view models straight into UTF-8 bytes.
///
/// swift-mustache parses every template (its parser decides what text, tags and standalone lines
/// are); compiling then turns its token tree into nodes that this renderer runs against
/// `TemplateObject`s: no dynamic casts, no reflection, no intermediate strings, escaping on bytes.
/// The output is byte-for-byte what swift-mustache renders (the test suite renders every example and
/// fixture both ways), including its rules for the indentation of standalone partials.
///
/// The tokens come from `MustacheTokens`, which reads swift-mustache's internal token tree. Anything
/// it does not know (transforms, template inheritance, a token a later swift-mustache adds) makes the
/// compiler give up and the set render through swift-mustache, slower but the same. The built-in
/// templates' tokens are read when pm-render is built (the `EmbedResources` plugin), so start-up
/// neither parses nor reflects.
struct CompiledTemplates: Sendable {
    /// One piece of a compiled template. (A final class: the renderer walks the tree once per card,
    /// and a struct would be copied, with a retain of each of its fields, at every step. Not an enum
    /// with payloads either: a multi-payload enum keeps its case in a pointer's spare bits, which hides
    /// the global template tree from LeakSanitizer and makes the fuzzer report it as leaked.)
    final class Node: Sendable {
        enum Kind: Sendable { case text, variable, unescapedVariable, section, inverted, partial }

        let kind: Kind
        /// A text's bytes; a standalone partial's indentation.
        let bytes: [UInt8]
        /// Whether a partial is standalone (then `bytes` is its indentation, maybe empty).
        let isStandalone: Bool
        let path: Path
        /// A section's body.
        let body: [Node]
        /// A partial's template: its index in `CompiledTemplates.bodies`; nil when there is none
        /// (swift-mustache renders a missing partial as nothing).
        let partial: Int?

        private init(kind: Kind, bytes: [UInt8] = [], isStandalone: Bool = false, path: Path = Path("."), body: [Node] = [],
                     partial: Int? = nil) {
            self.kind = kind
            self.bytes = bytes
            self.isStandalone = isStandalone
            self.path = path
            self.body = body
            self.partial = partial
        }

        static func text(_ bytes: [UInt8]) -> Node { Node(kind: .text, bytes: bytes) }
        static func variable(_ path: Path, escaped: Bool) -> Node { Node(kind: escaped ? .variable : .unescapedVariable, path: path) }
        static func section(_ path: Path, _ body: [Node]) -> Node { Node(kind: .section, path: path, body: body) }
        static func inverted(_ path: Path, _ body: [Node]) -> Node { Node(kind: .inverted, path: path, body: body) }
        static func partial(_ template: Int?, indentation: [UInt8]?) -> Node {
            Node(kind: .partial, bytes: indentation ?? [], isStandalone: indentation != nil, partial: template)
        }
    }

    /// A tag's name, resolved like swift-mustache resolves it. A name no view model has is a nil key:
    /// it is never found.
    struct Path: Sendable {
        enum Scope: Sendable {
            /// `.`: the innermost context.
            case current
            /// `.a.b`: from the innermost context only.
            case innermost
            /// `a.b`: `a` from the innermost context that has it, `b` from that.
            case search
        }

        let scope: Scope
        let keys: [TemplateKey?]

        init(_ name: String) {
            keys = name.split(separator: ".").map { TemplateKey(rawValue: String($0)) }
            if name == "." || keys.isEmpty {
                scope = .current
            } else if name.hasPrefix(".") {
                scope = .innermost
            } else {
                scope = .search
            }
        }
    }

    /// Every template's nodes, in the order of their names.
    let bodies: [[Node]]
    /// A template's index in `bodies`, by name.
    let indices: [String: Int]

    /// Compiles every template, or throws when one uses something only swift-mustache renders.
    init(_ templates: [String: MustacheTemplate]) throws(MustacheTokens.Unsupported) {
        var tokens: [String: [MustacheToken]] = [:]
        for (name, template) in templates {
            // Every template starts by choosing pm-render's escaping, which the renderer always uses.
            tokens[name] = try MustacheTokens.tokens(of: template, allowedContentType: { $0 is HTMLEscaping })
        }
        self.init(tokens: tokens)
    }

    /// Compiles templates from their tokens (the built-in ones were read when pm-render was built).
    /// Partials are resolved here, once: a partial no template has renders nothing.
    init(tokens: [String: [MustacheToken]]) {
        let names = tokens.keys.sorted()
        let indices = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
        self.indices = indices
        bodies = names.map { Self.nodes(tokens[$0]!, indices) }
    }

    /// Renders `value` with the named template into `sink`; false when there is no such template.
    func render(_ value: some TemplateObject, template name: String, to sink: ByteSink) -> Bool {
        guard let index = indices[name] else { return false }
        var renderer = Renderer(bodies: bodies, stack: [.object(value)], sink: sink)
        renderer.render(bodies[index], indentation: nil)
        sink.take(&renderer.output)
        return true
    }

    // MARK: Compiling

    private static func nodes(_ tokens: [MustacheToken], _ indices: [String: Int]) -> [Node] {
        tokens.map { token in
            switch token.kind {
            case .text: .text(Array(token.text.utf8))
            case .variable: .variable(Path(token.text), escaped: true)
            case .unescapedVariable: .variable(Path(token.text), escaped: false)
            case .section: .section(Path(token.text), nodes(token.children, indices))
            case .invertedSection: .inverted(Path(token.text), nodes(token.children, indices))
            case .partial: .partial(indices[token.text], indentation: token.indentation.map { Array($0.utf8) })
            }
        }
    }

    // MARK: Rendering

    /// One rendering: the output so far and the context stack.
    private struct Renderer {
        let bodies: [[Node]]
        var stack: [TemplateValue]
        /// What is rendered and not handed to the sink yet.
        var output: [UInt8] = []
        let sink: ByteSink

        init(bodies: [[Node]], stack: [TemplateValue], sink: ByteSink) {
            self.bodies = bodies
            self.stack = stack
            self.sink = sink
            output.reserveCapacity(sink.isStreaming ? ByteSink.pieceSize + 64 * 1024 : 64 * 1024)
        }

        /// Renders a template or a section's body. Inside an indented standalone partial, swift-mustache
        /// puts the indentation before each node that renders something when this body's output so far
        /// ends in the Character "\n"; so does this. (A CRLF is one Character, "\r\n": no indentation.)
        mutating func render(_ nodes: [Node], indentation: [UInt8]?) {
            guard let indentation, !indentation.isEmpty else {
                for node in nodes {
                    render(node, indentation: nil)
                    // Output goes to a streaming sink a piece at a time. Only here: below an indented
                    // partial (the branch after this one, and everything it renders), the output since
                    // the partial began is looked back at.
                    if output.count >= ByteSink.pieceSize, sink.isStreaming { sink.take(&output) }
                }
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
            switch node.kind {
            case .text:
                output += node.bytes
            case .variable, .unescapedVariable:
                guard let value = lookup(node.path) else { return }
                let escaped = node.kind == .variable
                switch value {
                case .string(let text): append(text, escaped: escaped)
                case .bool(let flag): output += (flag ? "true" : "false").utf8
                case .int(let number): append(String(number), escaped: false)
                // What swift-mustache prints for an object or a list (a template mistake, but the same).
                case .object(let object): append(String(describing: object), escaped: escaped)
                case .list(let list): append(String(describing: list), escaped: escaped)
                }
            case .section:
                switch lookup(node.path) {
                case .list(let list)?:
                    for index in 0..<list.count {
                        stack.append(list.element(at: index))
                        render(node.body, indentation: indentation)
                        stack.removeLast()
                    }
                case .bool(let flag)?:
                    if flag { render(node.body, indentation: indentation) }
                case let value?:
                    stack.append(value)
                    render(node.body, indentation: indentation)
                    stack.removeLast()
                case nil:
                    break
                }
            case .inverted:
                switch lookup(node.path) {
                case .list(let list)?:
                    // swift-mustache renders an empty list's inverted section with the list as context.
                    guard list.count == 0 else { return }
                    stack.append(.list(list))
                    render(node.body, indentation: indentation)
                    stack.removeLast()
                case .bool(let flag)?:
                    if !flag { render(node.body, indentation: indentation) }
                case .some:
                    break
                case nil:
                    render(node.body, indentation: indentation)
                }
            case .partial:
                guard let partial = node.partial else { return }
                let nodes = bodies[partial]
                let combined = node.isStandalone ? (indentation ?? []) + node.bytes : indentation
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
            switch path.scope {
            case .current:
                return stack.last
            case .innermost:
                return stack.last.flatMap { Self.descend($0, path.keys[...]) }
            case .search:
                for frame in stack.reversed() {
                    if let found = Self.child(path.keys[0], of: frame) {
                        return Self.descend(found, path.keys.dropFirst())
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
