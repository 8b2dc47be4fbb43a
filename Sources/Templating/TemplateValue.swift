/// A value as a template sees it.
///
/// Falsy (a section skips it, an inverted section renders): `false`, `.null`, an empty list, an
/// empty text and empty markup. Everything else is truthy, `0` included.
///
/// Objects, lists and markup are references (class-bound protocols): a value is then two words at
/// most, copied with one retain and matched without copying, which keeps rendering several times
/// faster than with values boxed in existential containers.
public enum TemplateValue: Sendable {
    /// Plain text: `{{x}}` escapes it; only a mistake writes it raw (the linter reports `{{{x}}}`).
    case text(String)
    /// Trusted HTML: `{{{x}}}` writes it as is; `{{x}}` escapes its bytes.
    case markup(any TemplateMarkup)
    /// Renders as `true` or `false`.
    case flag(Bool)
    /// Renders in decimal digits.
    case number(Int)
    /// A section renders once per element, with the element on top of the context stack; `{{x}}`
    /// renders nothing.
    case list(any TemplateList)
    /// A section renders once with it on top of the context stack; `{{x}}` renders nothing.
    case object(any TemplateObject)
    /// No value: renders nothing, and stops the search up the context stack.
    case null

    /// A list of `elements`.
    public static func list(_ elements: [some TemplateValueConvertible]) -> TemplateValue {
        .list(TemplateArray(elements))
    }

    /// Whether a section skips the value and an inverted section renders.
    public var isFalsy: Bool {
        switch self {
        case .flag(let flag): !flag
        case .null: true
        case .list(let list): list.count == 0
        case .text(let text): text.isEmpty
        case .markup(let markup): markup.isEmpty
        case .number, .object: false
        }
    }
}

/// Something with named values: a view model (see `TemplateModel`, which implements this for you) or
/// any other object.
public protocol TemplateObject: AnyObject, Sendable {
    /// The value of `key`; nil when the object has no such key, and the search goes on up the
    /// context stack (return `.null` to stop it).
    func value(forKey key: TemplateKey) -> TemplateValue?
}

/// Trusted HTML, written to the output as is by `{{{x}}}`.
public protocol TemplateMarkup: AnyObject, Sendable {
    /// Appends the markup's bytes to `output`, the rendering's own buffer (handing the output to the sink before
    /// each markup, and the markup's bytes after it, copied both: a page writes two markups a card).
    func write(into output: inout [UInt8])
    /// Whether the markup is empty (falsy in sections). Defaults to false.
    var isEmpty: Bool { get }
}

extension TemplateMarkup {
    public var isEmpty: Bool { false }
}

/// Markup held as a string, for HTML that is known to be safe (a Markdown renderer's output in safe
/// mode, say): the type says it was checked, where a `String` is always escaped.
public final class TrustedHTML: TemplateMarkup, TemplateValueConvertible {
    /// The HTML.
    public let html: String

    /// Markup whose HTML the caller vouches for.
    public init(_ html: String) {
        self.html = html
    }

    public func write(into output: inout [UInt8]) {
        output += html.utf8
    }

    public var isEmpty: Bool { html.isEmpty }

    public var templateValue: TemplateValue { .markup(self) }
}

/// A list a section iterates over, read an element at a time (a `[CardView]` is not copied into
/// `[TemplateValue]` for each rendering).
public protocol TemplateList: AnyObject, Sendable {
    /// How many elements the list has.
    var count: Int { get }
    /// The element at `index` (0..<count).
    func element(at index: Int) -> TemplateValue
}

/// An array as a template list.
public final class TemplateArray<Element: TemplateValueConvertible>: TemplateList {
    public let elements: [Element]

    public init(_ elements: [Element]) {
        self.elements = elements
    }

    public var count: Int { elements.count }

    public func element(at index: Int) -> TemplateValue { elements[index].templateValue }
}

/// A Swift value with a template value: text, numbers, flags, view models, and arrays of them.
public protocol TemplateValueConvertible: Sendable {
    /// The value as templates see it.
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateValueConvertible {
    public var templateValue: TemplateValue { self }
}

extension String: TemplateValueConvertible {
    public var templateValue: TemplateValue { .text(self) }
}

extension Bool: TemplateValueConvertible {
    public var templateValue: TemplateValue { .flag(self) }
}

extension Int: TemplateValueConvertible {
    public var templateValue: TemplateValue { .number(self) }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    public var templateValue: TemplateValue { .list(TemplateArray(self)) }
}
