import Mustache

/// One token of a template as swift-mustache parsed it: text, a variable, a section with its tokens,
/// or a partial.
///
/// swift-mustache's parser decides what is text, what is a tag and which lines are standalone; this
/// is its result in public values. pm-render compiles these tokens into its renderer, at run time for a
/// `--templates` folder and at build time for the built-in templates (the `EmbedResources` plugin
/// writes them out as Swift), so both go through this one reader.
///
/// (A struct, not an enum with payloads: a multi-payload enum keeps its case in a pointer's spare
/// bits, which hides a long-lived token tree from LeakSanitizer in fuzzing builds.)
public struct MustacheToken: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case text, variable, unescapedVariable, section, invertedSection, partial
    }

    public let kind: Kind
    /// A text token's text; a tag's name (`a.b`, `.`); a partial's name.
    public let text: String
    /// A standalone partial's indentation (maybe empty); nil for a partial inside a line.
    public let indentation: String?
    /// A section's tokens.
    public let children: [MustacheToken]

    public init(kind: Kind, text: String, indentation: String? = nil, children: [MustacheToken] = []) {
        self.kind = kind
        self.text = text
        self.indentation = indentation
        self.children = children
    }

    public static func text(_ text: String) -> MustacheToken { MustacheToken(kind: .text, text: text) }
    public static func variable(_ name: String) -> MustacheToken { MustacheToken(kind: .variable, text: name) }
    public static func unescapedVariable(_ name: String) -> MustacheToken { MustacheToken(kind: .unescapedVariable, text: name) }
    public static func section(_ name: String, _ children: [MustacheToken]) -> MustacheToken {
        MustacheToken(kind: .section, text: name, children: children)
    }
    public static func invertedSection(_ name: String, _ children: [MustacheToken]) -> MustacheToken {
        MustacheToken(kind: .invertedSection, text: name, children: children)
    }
    public static func partial(_ name: String, indentation: String?) -> MustacheToken {
        MustacheToken(kind: .partial, text: name, indentation: indentation)
    }

    /// Swift source that rebuilds this token with the factory functions above.
    public var swiftSource: String {
        switch kind {
        case .text, .variable, .unescapedVariable:
            return ".\(kind.rawValue)(\(Self.literal(text)))"
        case .section, .invertedSection:
            return ".\(kind.rawValue)(\(Self.literal(text)), [\(children.map(\.swiftSource).joined(separator: ", "))])"
        case .partial:
            return ".partial(\(Self.literal(text)), indentation: \(indentation.map(Self.literal) ?? "nil"))"
        }
    }

    /// A Swift string literal with `text` as its value.
    public static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Reads the tokens of parsed templates.
public enum MustacheTokens {
    /// A construct left to swift-mustache: transforms, template inheritance, or a token this reader
    /// does not know (a later swift-mustache may add one).
    public struct Unsupported: Error, Sendable {
        public let what: String
    }

    /// The tokens of `template`. A `{{% CONTENT_TYPE }}` pragma is dropped (the renderer decides the
    /// escaping); `allowedContentType` says which content type it may choose.
    ///
    /// swift-mustache keeps its tokens internal, so they are read with `Mirror`: a token is an enum
    /// case, its name the case's and its fields the associated values.
    public static func tokens(of template: MustacheTemplate,
                              allowedContentType: (Any) -> Bool = { _ in true }) throws(Unsupported) -> [MustacheToken] {
        guard let tokens = Mirror(reflecting: template).descendant("tokens") as? [Any] else {
            throw Unsupported(what: "a template without readable tokens")
        }
        var result: [MustacheToken] = []
        for token in tokens {
            if let read = try self.token(token, allowedContentType: allowedContentType) { result.append(read) }
        }
        return result
    }

    private static func token(_ token: Any, allowedContentType: (Any) -> Bool) throws(Unsupported) -> MustacheToken? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label else {
            throw Unsupported(what: "an unknown token")
        }
        let payload = child.value
        let fields = Dictionary(Mirror(reflecting: payload).children.compactMap { child in child.label.map { ($0, child.value) } },
                                uniquingKeysWith: { first, _ in first })
        switch label {
        case "text":
            guard let text = payload as? String else { break }
            return .text(text)
        case "variable", "unescapedVariable":
            guard let name = fields["name"] as? String, try noTransforms(fields) else { break }
            return label == "variable" ? .variable(name) : .unescapedVariable(name)
        case "section", "invertedSection":
            guard let name = fields["name"] as? String, try noTransforms(fields),
                  let body = fields["template"] as? MustacheTemplate else { break }
            let children = try tokens(of: body, allowedContentType: allowedContentType)
            return label == "section" ? .section(name, children) : .invertedSection(name, children)
        case "partial":
            guard let name = fields[".0"] as? String, let indentation = fields["indentation"], indentation is String?,
                  let inherits = fields["inherits"], isNil(inherits) else { break }
            return .partial(name, indentation: indentation as? String)
        case "contentType":
            guard allowedContentType(payload) else { break }
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
}
