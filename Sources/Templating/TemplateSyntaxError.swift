/// A place in a template: 1-based line and column, the column counted in Unicode scalars (a tab or
/// an emoji is one column; only `\n` starts a line).
public struct TemplateLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// Why a template does not parse, and where.
public struct TemplateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A section or inverted section is never closed (located at its opening tag).
        case unclosedSection(String)
        /// A close tag that closes nothing (`expected` nil) or another section than the innermost open one.
        case wrongCloseTag(expected: String?, found: String)
        /// A tag whose closing delimiter never comes (located at its opening delimiter).
        case unclosedTag
        /// A set-delimiter tag that is not `{{=open close=}}` with two delimiters without spaces or `=`.
        case invalidDelimiters
        /// A tag without a name (`{{}}`, `{{#}}`, `{{>}}`).
        case emptyTag
        /// A name with spaces inside or an empty segment (`{{a b}}`, `{{a..b}}`).
        case invalidName(String)
        /// Sections nested deeper than `limit` (located at the first one too deep).
        case nestingTooDeep(limit: Int)
        /// A tag of a Mustache extension this engine does not have (`{{%pragma}}`, `{{>*dynamic}}`,
        /// `{{<parent}}`, `{{$block}}`); the tag as written, without delimiters.
        case unsupportedTag(String)
    }

    public let kind: Kind
    public let location: TemplateLocation

    public init(_ kind: Kind, at location: TemplateLocation) {
        self.kind = kind
        self.location = location
    }

    public var description: String { "\(location): \(kind)" }
}
