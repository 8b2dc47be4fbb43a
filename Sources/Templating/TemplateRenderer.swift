/// Why a rendering stopped. What was rendered before is in the sink, incomplete.
public enum TemplateRenderError: Error, Sendable, Hashable {
    /// The set has no template of that name.
    case noSuchTemplate(String)
    /// Partials included partials more than `TemplateSet.maximumPartialDepth` deep; the template and
    /// place of the partial tag that went too deep.
    case partialsTooDeep(template: String, location: TemplateLocation)
    /// The output went over `limit` bytes (`TemplateSet.maximumOutput`): templates that multiply the
    /// data beyond reason.
    case outputTooLarge(limit: Int)
    /// Sections repeated and partials were included more than `limit` times in all
    /// (`TemplateSet.maximumSteps`), whatever was written.
    case tooManySteps(limit: Int)
}

extension TemplateSet {
    /// How many bytes one rendering may write (1 GiB; a 100,000-card board page is about 190 MB).
    public static let maximumOutput = 1 << 30
    /// How many times one rendering may repeat a section or include a partial (2^28; a 100,000-card
    /// board page takes about a million).
    public static let maximumSteps = 1 << 28

    /// The limits of one rendering.
    struct Budget {
        var output = TemplateSet.maximumOutput
        var steps = TemplateSet.maximumSteps
    }
}

extension TemplateSet {
    /// Renders the template `name` with `root` as the context into `sink`.
    public func render(_ name: String, _ root: TemplateValue, to sink: ByteSink) throws(TemplateRenderError) {
        try render(name, root, to: sink, budget: Budget())
    }

    /// Renders the template `name` with `root` as the context into `sink`, within `budget`.
    func render(_ name: String, _ root: TemplateValue, to sink: ByteSink, budget: Budget) throws(TemplateRenderError) {
        guard let index = index(of: name) else { throw .noSuchTemplate(name) }
        var renderer = TemplateRenderer(set: self, root: root, sink: sink, budget: budget)
        try renderer.run(index)
    }

    /// Renders the template `name` with `root` as the context into `sink`.
    public func render(_ name: String, _ root: some TemplateModel, to sink: ByteSink) throws(TemplateRenderError) {
        try render(name, root.templateValue, to: sink)
    }

    /// Renders the template `name` with `root` as the context, as UTF-8.
    public func render(_ name: String, _ root: TemplateValue) throws(TemplateRenderError) -> [UInt8] {
        let sink = ByteSink()
        try render(name, root, to: sink)
        return sink.bytes
    }
}

/// One rendering: a loop over operations with explicit stacks (contexts, sections being iterated,
/// partials being included), so no template or data makes it recurse. It stops with an error when the
/// output or the number of repetitions goes over its budget: counted when output is handed over and
/// when a section repeats or a partial is included, never per operation.
struct TemplateRenderer {
    private let set: TemplateSet
    private let sink: ByteSink
    /// What is rendered and not handed to the sink yet.
    private var output: [UInt8] = []
    /// When to hand `output` over: a piece for a streaming sink, at the end for a memory one.
    private let handOver: Int
    private let budget: TemplateSet.Budget
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
        let resume: Int
        let indentation: [UInt8]
    }

    init(set: TemplateSet, root: TemplateValue, sink: ByteSink, budget: TemplateSet.Budget) {
        self.set = set
        self.sink = sink
        self.budget = budget
        context = [root]
        // A memory sink gets the output at the end, or once it is over the budget (to fail).
        handOver = sink.isStreaming ? min(ByteSink.pieceSize, budget.output + 1) : budget.output + 1
        output.reserveCapacity(sink.isStreaming ? ByteSink.pieceSize + 64 * 1024 : 64 * 1024)
    }

    mutating func run(_ start: Int) throws(TemplateRenderError) {
        let program = set.program
        do {
            try program.ops.withUnsafeBufferPointer { ops throws(TemplateRenderError) in
                try program.text.withUnsafeBufferPointer { text throws(TemplateRenderError) in
                    try program.keys.withUnsafeBufferPointer { keys throws(TemplateRenderError) in
                        try run(from: program.starts[start], ops, text, keys, program)
                    }
                }
            }
        } catch {
            sink.take(&output)
            throw error
        }
        try handOverOutput()
    }

    private mutating func run(
        from start: Int, _ ops: UnsafeBufferPointer<Template.Op>, _ text: UnsafeBufferPointer<UInt8>,
        _ keys: UnsafeBufferPointer<TemplateKey>, _ program: LinkedProgram
    ) throws(TemplateRenderError) {
        var pc = start
        var steps = 0
        while true {
            let op = ops[pc]
            switch op.kind {
            case .text:
                if indentation.isEmpty || op.from == op.to {
                    if op.end > op.index {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[op.index..<op.end]))
                    }
                } else {
                    var from = op.index
                    for marker in program.markers[op.from..<op.to] {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[from..<marker]))
                        output += indentation
                        from = marker
                    }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: text[from..<op.end]))
                }
                if output.count >= handOver { try handOverOutput() }
                pc += 1
            case .escaped, .raw:
                try write(resolve(keys, op.from, op.to), escaped: op.kind == .escaped)
                if output.count >= handOver { try handOverOutput() }
                pc += 1
            case .section:
                let value = resolve(keys, op.from, op.to)
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
                    steps += 1
                    guard steps <= budget.steps else { throw .tooManySteps(limit: budget.steps) }
                    loops[last].index = next
                    context[context.count - 1] = list.element(at: next)
                    pc = op.end + 1
                } else {
                    loops.removeLast()
                    context.removeLast()
                    pc += 1
                }
            case .inverted:
                pc = resolve(keys, op.from, op.to).isFalsy ? pc + 1 : op.end + 1
            case .invertedEnd:
                pc += 1
            case .partial:
                let partial = program.partials[op.index]
                guard calls.count < TemplateSet.maximumPartialDepth else {
                    throw .partialsTooDeep(template: set.sources[partial.template].name, location: partial.location)
                }
                steps += 1
                guard steps <= budget.steps else { throw .tooManySteps(limit: budget.steps) }
                calls.append(Call(resume: pc + 1, indentation: indentation))
                // A standalone partial adds its indentation; one inside a line has none of its own.
                if let own = partial.indentation { indentation += own } else { indentation = [] }
                pc = partial.target
            case .return:
                guard let call = calls.popLast() else { return }
                pc = call.resume
                indentation = call.indentation
            }
        }
    }

    /// The value of the name whose keys are `keys[from..<to]` (none: `.`): the first key from the
    /// innermost context that has it, the others from that value; `.null` when nothing has it.
    private func resolve(_ keys: UnsafeBufferPointer<TemplateKey>, _ from: Int, _ to: Int) -> TemplateValue {
        guard from < to else { return context[context.count - 1] }
        var depth = context.count - 1
        while depth >= 0 {
            if case .object(let object) = context[depth], let found = object.value(forKey: keys[from]) {
                if to - from == 1 { return found }
                return Self.descend(found, keys, from + 1, to)
            }
            depth -= 1
        }
        return .null
    }

    /// The value of `keys[from..<to]` below `value`.
    private static func descend(
        _ value: TemplateValue, _ keys: UnsafeBufferPointer<TemplateKey>, _ from: Int, _ to: Int
    ) -> TemplateValue {
        var value = value
        for index in from..<to {
            guard case .object(let object) = value, let child = object.value(forKey: keys[index]) else { return .null }
            value = child
        }
        return value
    }

    /// Hands the output over to the sink, within the budget.
    private mutating func handOverOutput() throws(TemplateRenderError) {
        sink.take(&output)
        guard sink.total <= budget.output else { throw .outputTooLarge(limit: budget.output) }
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) throws(TemplateRenderError) {
        switch value {
        case .text(let text):
            if escaped {
                HTMLEscaping.append(text, to: &output)
            } else if text.utf8.withContiguousStorageIfAvailable({ output.append(contentsOf: $0) }) == nil {
                output += text.utf8
            }
        case .number(let number):
            Self.appendDecimal(number, to: &output)
        case .flag(let flag):
            output += flag ? Self.trueBytes : Self.falseBytes
        case .markup(let markup):
            if escaped {
                var scratch: [UInt8] = []
                markup.write(into: &scratch)
                HTMLEscaping.append(scratch, to: &output)
            } else {
                // (Over the budget, it is handed over and refused once the operation is done.)
                markup.write(into: &output)
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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in  // Int.min has 19 digits
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index...]))
        }
    }
}
