import Mustache

/// A view-model value as a template sees it: text, a flag, a number, an object with named keys, or
/// a list. Both renderers read view models through it: compiled templates directly, swift-mustache
/// through `MustacheParent` (see `TemplateObject.child(named:)`).
enum TemplateValue {
    case string(String)
    case bool(Bool)
    case int(Int)
    case object(any TemplateObject)
    case list(any TemplateList)

    static func of(_ value: String) -> TemplateValue { .string(value) }
    static func of(_ value: Bool) -> TemplateValue { .bool(value) }
    static func of(_ value: Int) -> TemplateValue { .int(value) }
    static func of(_ value: some TemplateObject) -> TemplateValue { .object(value) }
    static func of(_ value: [some TemplateElement]) -> TemplateValue { .list(value) }

    /// The value as swift-mustache receives it (the same Swift value the property holds).
    var any: Any {
        switch self {
        case .string(let value): value
        case .bool(let value): value
        case .int(let value): value
        case .object(let value): value
        case .list(let value): value
        }
    }
}

/// A view model whose properties templates read by name.
protocol TemplateObject: MustacheParent, Sendable {
    /// The property `key` names, or nil when this view model has none.
    func value(_ key: TemplateKey) -> TemplateValue?
}

extension TemplateObject {
    /// swift-mustache's lookup, answered from the same table.
    func child(named key: String) -> Any? {
        TemplateKey(rawValue: key).flatMap(value)?.any
    }
}

/// What a list in a view model may hold.
protocol TemplateElement {
    var templateValue: TemplateValue { get }
}

extension String: TemplateElement {
    var templateValue: TemplateValue { .string(self) }
}

extension TemplateElement where Self: TemplateObject {
    var templateValue: TemplateValue { .object(self) }
}

/// A list a section iterates over.
protocol TemplateList {
    var count: Int { get }
    func element(at index: Int) -> TemplateValue
}

extension Array: TemplateList where Element: TemplateElement {
    func element(at index: Int) -> TemplateValue { self[index].templateValue }
}
