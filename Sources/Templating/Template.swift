/// One parsed Mustache template: a flat list of operations that the renderer and the linter both
/// walk without recursion (a section's start knows where its end is, and the end where its start is).
///
/// Standalone lines are decided here, once: a line holding only whitespace and one section, inverted
/// section, close, comment, partial or set-delimiter tag is removed whole. What a standalone partial
/// must indent, the parser marks: every line start kept in the output.
public struct Template: Sendable {
    /// Sections (and inverted sections) may nest this deep.
    public static let maximumNesting = 64

    /// The parsed template.
    let program: Program

    /// Parses `source`; the first problem met is thrown.
    public init(parsing source: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(source)
        try parser.parse()
        program = parser.program
    }

    var ops: [Op] { program.ops }
    var paths: [Path] { program.paths }
    var locations: [TemplateLocation] { program.locations }
    var partials: [Partial] { program.partials }

    /// The operations of a template and what they point into, as the parser makes them.
    struct Program: Sendable {
        var ops: [Op] = []
        /// The bytes of every text operation, one after another.
        var text: [UInt8] = []
        /// Offsets into `text` where a line of the template starts (for partials' indentation).
        var markers: [Int] = []
        /// The keys of every name, one after another.
        var keys: [TemplateKey] = []
        var paths: [Path] = []
        /// Where each operation's tag is (text operations: 0:0).
        var locations: [TemplateLocation] = []
        /// Each partial tag, in order (an operation's `index` points here).
        var partials: [Partial] = []
    }

    /// The names of the partials the template includes, each once, in order.
    public var partialNames: [String] {
        var seen: Set<String> = []
        return partials.map(\.name).filter { seen.insert($0).inserted }
    }

    /// One step of a template.
    struct Op: Sendable {
        enum Kind: UInt8, Sendable {
            /// `text[index..<end]`, with `markers[from..<to]`.
            case text
            /// `{{x}}`: `paths[index]`, whose keys are `keys[from..<to]`; escaped.
            case escaped
            /// `{{{x}}}`, `{{&x}}`: like `escaped`, as is.
            case raw
            /// `{{#x}}`: like `escaped`; `end` is the index of its `sectionEnd`.
            case section
            /// `{{/x}}` of a section: `end` is the index of its `section`.
            case sectionEnd
            /// `{{^x}}`: like `escaped`; `end` is the index of its `invertedEnd`.
            case inverted
            /// `{{/x}}` of an inverted section.
            case invertedEnd
            /// `{{>x}}`: `partials[index]`.
            case partial
            /// The end of template `index` in a `LinkedProgram` (the parser makes none).
            case `return`
        }

        var kind: Kind
        var index: Int
        var end = 0
        var from = 0
        var to = 0
    }

    /// A tag's name, split into keys (none for `.`, the top of the context stack).
    struct Path: Sendable {
        let name: String
        let keys: [TemplateKey]
    }

    /// A partial tag.
    struct Partial: Sendable {
        let name: String
        let location: TemplateLocation
        /// The whitespace before a standalone partial tag, put before each line of the partial; nil
        /// for a partial inside a line.
        let indentation: [UInt8]?
        /// Whether the tag is inside a (non-inverted) section, whose context may end a recursion.
        let isGuarded: Bool
    }
}
