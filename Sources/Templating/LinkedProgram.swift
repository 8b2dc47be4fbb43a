/// A set's templates laid end to end, each ending in a `.return`, with every partial tag resolved
/// to where its template starts: what the renderer runs, through buffer pointers taken once per
/// rendering (no reference counting per operation).
final class LinkedProgram: Sendable {
    let ops: [Template.Op]
    let text: [UInt8]
    let markers: [Int]
    let keys: [TemplateKey]
    let partials: [Partial]
    /// Where each template's operations start.
    let starts: [Int]

    /// A partial tag, linked.
    struct Partial: Sendable {
        /// Where the included template starts.
        let target: Int
        /// The whitespace before a standalone tag; nil inside a line.
        let indentation: [UInt8]?
        /// The including template, and where the tag is in it.
        let template: Int
        let location: TemplateLocation
    }

    /// Links `templates`, whose partial tags include `targets[template][tag]`.
    init(_ templates: [Template], targets: [[Int]]) {
        var starts: [Int] = []
        var count = 0
        for template in templates {
            starts.append(count)
            count += template.program.ops.count + 1
        }
        var ops: [Template.Op] = []
        ops.reserveCapacity(count)
        var text: [UInt8] = []
        var markers: [Int] = []
        var keys: [TemplateKey] = []
        var partials: [Partial] = []
        for (index, template) in templates.enumerated() {
            let program = template.program
            let (opBase, textBase, markerBase) = (starts[index], text.count, markers.count)
            let (keyBase, partialBase) = (keys.count, partials.count)
            for var op in program.ops {
                switch op.kind {
                case .text:
                    op.index += textBase
                    op.end += textBase
                    op.from += markerBase
                    op.to += markerBase
                case .escaped, .raw:
                    op.from += keyBase
                    op.to += keyBase
                case .section, .inverted:
                    op.from += keyBase
                    op.to += keyBase
                    op.end += opBase
                case .sectionEnd, .invertedEnd:
                    op.end += opBase
                case .partial:
                    op.index += partialBase
                case .return:
                    break
                }
                ops.append(op)
            }
            ops.append(Template.Op(kind: .return, index: index))
            text += program.text
            markers += program.markers.map { $0 + textBase }
            keys += program.keys
            for (slot, partial) in program.partials.enumerated() {
                partials.append(
                    Partial(
                        target: starts[targets[index][slot]], indentation: partial.indentation, template: index,
                        location: partial.location))
            }
        }
        self.ops = ops
        self.text = text
        self.markers = markers
        self.keys = keys
        self.partials = partials
        self.starts = starts
    }
}
