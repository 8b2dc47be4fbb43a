/// Why a rendering stopped. What was rendered before is in the sink, incomplete.
public enum TemplateRenderError: Error, Sendable, Hashable {
    /// The set has no template of that name.
    case noSuchTemplate(String)
    /// Partials included partials more than `TemplateSet.maximumPartialDepth` deep; the template and
    /// place of the partial tag that went too deep.
    case partialsTooDeep(template: String, location: TemplateLocation)
}

extension TemplateSet {
    /// Renders the template `name` with `root` as the context into `sink`.
    public func render(_ name: String, _ root: TemplateValue, to sink: ByteSink) throws(TemplateRenderError) {
        guard let index = index(of: name) else { throw .noSuchTemplate(name) }
        var renderer = TemplateRenderer(set: self, root: root, sink: sink)
        try renderer.run(index)
    }

    /// Renders the template `name` with `root` as the context into `sink`.
    public func render(_ name: String, _ root: some TemplateObject, to sink: ByteSink) throws(TemplateRenderError) {
        try render(name, .object(root), to: sink)
    }

    /// Renders the template `name` with `root` as the context, as UTF-8.
    public func render(_ name: String, _ root: TemplateValue) throws(TemplateRenderError) -> [UInt8] {
        let sink = ByteSink()
        try render(name, root, to: sink)
        return sink.bytes
    }
}

/// One rendering: a loop over operations with explicit stacks (contexts, sections being iterated,
/// partials being included), so no template or data makes it recurse.
struct TemplateRenderer {
    private let set: TemplateSet
    private let sink: ByteSink
    /// What is rendered and not handed to the sink yet.
    private var output: [UInt8] = []
    /// When to hand `output` over: a piece for a streaming sink, at the end for a memory one.
    private let handOver: Int
    private var context: [TemplateValue]
    private var loops: [Loop] = []
    private var calls: [Call] = []
    /// What a standalone partial puts at each line start of its template (empty: nothing to do).
    private var indentation: [UInt8] = []

    /// A section being rendered: the list and the element on top of the context stack, or a single
    /// value (count 1, no list).
    private struct Loop {
        let list: (any TemplateList)?
        var index: Int
        let count: Int
    }

    /// A partial being rendered: where to go on after it.
    private struct Call {
        let template: Int
        let resume: Int
        let indentation: [UInt8]
    }

    init(set: TemplateSet, root: TemplateValue, sink: ByteSink) {
        self.set = set
        self.sink = sink
        context = [root]
        handOver = sink.isStreaming ? ByteSink.pieceSize : Int.max
        output.reserveCapacity(sink.isStreaming ? ByteSink.pieceSize + 64 * 1024 : 64 * 1024)
    }

    mutating func run(_ start: Int) throws(TemplateRenderError) {
        defer { sink.take(&output) }
        var current = start
        var template = set.templates[start]
        var targets = set.targets[start]
        var pc = 0
        while true {
            guard pc < template.ops.count else {
                guard let call = calls.popLast() else { return }
                current = call.template
                template = set.templates[current]
                targets = set.targets[current]
                pc = call.resume
                indentation = call.indentation
                continue
            }
            let op = template.ops[pc]
            switch op.kind {
            case .text:
                if indentation.isEmpty || op.markersStart == op.markersEnd {
                    if op.end > op.index { output.append(contentsOf: template.text[op.index..<op.end]) }
                } else {
                    var from = op.index
                    for marker in template.markers[op.markersStart..<op.markersEnd] {
                        output.append(contentsOf: template.text[from..<marker])
                        output += indentation
                        from = marker
                    }
                    output.append(contentsOf: template.text[from..<op.end])
                }
                if output.count >= handOver { sink.take(&output) }
                pc += 1
            case .escaped, .raw:
                write(resolve(template.paths[op.index]), escaped: op.kind == .escaped)
                if output.count >= handOver { sink.take(&output) }
                pc += 1
            case .section:
                let value = resolve(template.paths[op.index])
                if case .list(let list) = value {
                    let count = list.count
                    if count == 0 {
                        pc = op.end + 1
                    } else {
                        loops.append(Loop(list: list, index: 0, count: count))
                        context.append(list.element(at: 0))
                        pc += 1
                    }
                } else if value.isFalsy {
                    pc = op.end + 1
                } else {
                    loops.append(Loop(list: nil, index: 0, count: 1))
                    context.append(value)
                    pc += 1
                }
            case .sectionEnd:
                let last = loops.count - 1
                let next = loops[last].index + 1
                if next < loops[last].count, let list = loops[last].list {
                    loops[last].index = next
                    context[context.count - 1] = list.element(at: next)
                    pc = op.end + 1
                } else {
                    loops.removeLast()
                    context.removeLast()
                    pc += 1
                }
            case .inverted:
                pc = resolve(template.paths[op.index]).isFalsy ? pc + 1 : op.end + 1
            case .invertedEnd:
                pc += 1
            case .partial:
                let partial = template.partials[op.index]
                guard calls.count < TemplateSet.maximumPartialDepth else {
                    throw .partialsTooDeep(template: set.sources[current].name, location: partial.location)
                }
                calls.append(Call(template: current, resume: pc + 1, indentation: indentation))
                // A standalone partial adds its indentation; one inside a line has none of its own.
                if let own = partial.indentation { indentation += own } else { indentation = [] }
                current = targets[op.index]
                template = set.templates[current]
                targets = set.targets[current]
                pc = 0
            }
        }
    }

    /// The value a name stands for: the first key from the innermost context that has it, the
    /// others from that value; `.null` when nothing has it.
    private func resolve(_ path: Template.Path) -> TemplateValue {
        guard let first = path.keys.first else { return context[context.count - 1] }
        var depth = context.count - 1
        while depth >= 0 {
            if case .object(let object) = context[depth], let found = object.value(forKey: first) {
                var value = found
                for key in path.keys.dropFirst() {
                    guard case .object(let object) = value, let next = object.value(forKey: key) else { return .null }
                    value = next
                }
                return value
            }
            depth -= 1
        }
        return .null
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .text(let text):
            if escaped {
                HTMLEscaping.append(text, to: &output)
            } else {
                output += text.utf8
            }
        case .number(let number):
            Self.appendDecimal(number, to: &output)
        case .flag(let flag):
            output += flag ? Self.trueBytes : Self.falseBytes
        case .markup(let markup):
            if escaped {
                let scratch = ByteSink()
                markup.write(to: scratch)
                HTMLEscaping.append(scratch.bytes, to: &output)
            } else {
                sink.take(&output)
                markup.write(to: sink)
            }
        case .list, .object, .null:
            break
        }
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)

    /// Appends `number` in decimal digits, without making a string.
    static func appendDecimal(_ number: Int, to output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: buffer[index...])
        }
    }
}
