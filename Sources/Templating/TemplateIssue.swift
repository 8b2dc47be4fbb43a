/// A problem with a template set, found when it is read, linked or linted. Every kind is an error:
/// a set with issues is not rendered. The caller words them for people (`description` is for
/// debugging).
public struct TemplateIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The template does not parse.
        case syntax(TemplateSyntaxError.Kind)
        /// A partial tag names no template of the set.
        case missingPartial(String)
        /// Partials include each other forever: the chain of template names, first and last the
        /// same. (Only cycles outside sections: a section's context can end a recursion.)
        case partialCycle([String])
        /// A template with its partials inlined (each include counted as often as it is reached) has more
        /// than `limit` operations (`TemplateSet.maximumInlinedSize`, or 16 times the set's own operations when that
        /// is more): partials that include others twice over grow
        /// exponentially. Reported at the tag that crosses the limit, in the template that first does.
        case tooLarge(limit: Int)
        /// Sections over a list that an outer value has (`lanes` inside `lanes`) nest more than
        /// `TemplateSet.maximumListNesting` deep, counted through partials: every level multiplies the output
        /// by the list's length.
        case listsTooDeep(limit: Int)
        /// A template the caller needs is not in the set.
        case missingTemplate(String)
        /// A tag's name (the whole name, dotted) that nothing on the context stack has: it would
        /// render nothing.
        case unknownKey(String)
        /// `{{{x}}}` or `{{&x}}` on plain text: user text written unescaped. Only markup may be raw.
        case unescapedText(String)
        /// `{{x}}` on an object or a list, which renders nothing.
        case notText(String)
        /// A template file or folder could not be read: the `errno`.
        case unreadable(errno: Int32)
        /// A template file is not UTF-8.
        case notUTF8
    }

    public let kind: Kind
    /// The template's name (`sub/name`); empty for a folder.
    public let template: String
    /// The template's path, as given with its source.
    public let path: String
    /// Where in the template, when the issue has a place.
    public let location: TemplateLocation?

    public init(_ kind: Kind, template: String, path: String, at location: TemplateLocation?) {
        self.kind = kind
        self.template = template
        self.path = path
        self.location = location
    }

    public var description: String {
        "\(path)\(location.map { ":\($0)" } ?? ""): \(kind)"
    }

    /// Issues in a stable order: by path, then place, then kind.
    static func sorted(_ issues: [TemplateIssue]) -> [TemplateIssue] {
        var seen: Set<TemplateIssue> = []
        return issues.filter { seen.insert($0).inserted }.sorted {
            ($0.path, $0.location?.line ?? 0, $0.location?.column ?? 0, "\($0.kind)")
                < ($1.path, $1.location?.line ?? 0, $1.location?.column ?? 0, "\($1.kind)")
        }
    }
}
