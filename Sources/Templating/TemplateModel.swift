/// A view model whose keys are declared once, in `fields`: lookups at render time, the linter's
/// checks and the documentation of the keys all come from that one list.
///
/// ```swift
/// struct SubtaskView: TemplateModel {
///     let title: String
///     let isDone: Bool
///     static let fields = TemplateFields<SubtaskView>([
///         .text("title", "The subtask's text") { $0.title },
///         .flag("isDone", "The subtask is checked") { $0.isDone },
///     ])
/// }
/// ```
///
/// Declare `fields` with `static let` (a computed property would rebuild the table at every lookup).
/// A struct is handed to a template in a `TemplateBox` (a template value holds references only: see
/// `TemplateValue`), made each time it is; a view made once and shown many times (a date shared by
/// many cards) is better a final class that is also a `TemplateObject`, handed over as itself.
public protocol TemplateModel: TemplateValueConvertible {
    /// Every key of the model, its kind, its one-line documentation and how to read it.
    static var fields: TemplateFields<Self> { get }
}

extension TemplateModel {
    public var templateValue: TemplateValue { .object(TemplateBox(self)) }

    /// The model's keys, for the linter and the documentation.
    public static var schema: TemplateSchema { fields.schema }
}

extension TemplateModel where Self: TemplateObject {
    @inlinable
    public func value(forKey key: TemplateKey) -> TemplateValue? {
        Self.fields.value(of: self, forKey: key)
    }

    public var templateValue: TemplateValue { .object(self) }
}

/// A view model that is a value, as templates see it.
public final class TemplateBox<Model: TemplateModel>: TemplateObject {
    /// The view model.
    public let model: Model

    /// `model`, boxed.
    public init(_ model: Model) {
        self.model = model
    }

    @inlinable
    public func value(forKey key: TemplateKey) -> TemplateValue? {
        Model.fields.value(of: model, forKey: key)
    }
}

/// The keys of a view model, in the order declared, with a table to find them by hashed key. (A
/// class: a lookup reads it through one reference, not a copy of its arrays.)
public final class TemplateFields<Model: TemplateModel>: Sendable {
    /// Open addressing on `TemplateKey.hash`.
    @usableFromInline let slots: [Slot]
    @usableFromInline let names: [String]
    @usableFromInline let getters: [Getter]
    /// The keys as the linter and the documentation see them.
    public let schema: TemplateSchema

    /// A field's getter, in a struct: in an array of its own, a closure would be stored at the most
    /// general abstraction, and called through conversion thunks.
    @usableFromInline
    struct Getter: Sendable {
        @usableFromInline let get: @Sendable (Model) -> TemplateValue
    }

    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline let hash: UInt32
        /// The field's index; -1 for an empty slot.
        @usableFromInline let field: Int32
    }

    /// The fields of `Model`. A name declared twice keeps its first declaration (a test of the view
    /// models should check `schema.duplicateNames` is empty).
    public init(_ fields: [TemplateField<Model>]) {
        var kept: [TemplateField<Model>] = []
        var seen: Set<String> = []
        var duplicates: [String] = []
        for field in fields {
            if seen.insert(field.name).inserted { kept.append(field) } else { duplicates.append(field.name) }
        }
        names = kept.map(\.name)
        getters = kept.map { Getter(get: $0.get) }
        var size = 4
        while size < kept.count * 2 { size *= 2 }
        var slots = [Slot](repeating: Slot(hash: 0, field: -1), count: size)
        for (index, name) in names.enumerated() {
            let hash = TemplateKey.hash(name)
            var slot = Int(hash) & (size - 1)
            while slots[slot].field >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Slot(hash: hash, field: Int32(index))
        }
        self.slots = slots
        schema = TemplateSchema(
            model: Model.self, fields: kept.map { TemplateFieldInfo(name: $0.name, kind: $0.kind, doc: $0.doc) },
            duplicateNames: duplicates)
    }

    /// The value of `key` in `model`; nil when the model has no such key.
    @inlinable
    public func value(of model: Model, forKey key: TemplateKey) -> TemplateValue? {
        let mask = slots.count - 1
        var slot = Int(key.hash) & mask
        while true {
            let entry = slots[slot]
            if entry.field < 0 { return nil }
            if entry.hash == key.hash, names[Int(entry.field)] == key.name {
                return getters[Int(entry.field)].get(model)
            }
            slot = (slot + 1) & mask
        }
    }
}

/// One key of a view model: its name, kind, documentation, and how to read it from the model.
public struct TemplateField<Model: TemplateModel>: Sendable {
    /// The key's name in templates.
    public let name: String
    /// What the key holds.
    public let kind: TemplateFieldKind
    /// One line for the documentation of the templates.
    public let doc: String
    @usableFromInline let get: @Sendable (Model) -> TemplateValue

    @usableFromInline
    init(
        _ name: String, _ kind: TemplateFieldKind, _ doc: String, _ get: @escaping @Sendable (Model) -> TemplateValue
    ) {
        self.name = name
        self.kind = kind
        self.doc = doc
        self.get = get
    }

    /// Plain text, escaped by `{{name}}`.
    @inlinable
    public static func text(_ name: String, _ doc: String, _ get: @escaping @Sendable (Model) -> String) -> Self {
        Self(name, .text, doc) { .text(get($0)) }
    }

    /// Trusted HTML, written as is by `{{{name}}}`.
    @inlinable
    public static func markup(
        _ name: String, _ doc: String, _ get: @escaping @Sendable (Model) -> any TemplateMarkup
    ) -> Self {
        Self(name, .markup, doc) { .markup(get($0)) }
    }

    /// A flag, for sections (`{{#name}}…{{/name}}`).
    @inlinable
    public static func flag(_ name: String, _ doc: String, _ get: @escaping @Sendable (Model) -> Bool) -> Self {
        Self(name, .flag, doc) { .flag(get($0)) }
    }

    /// A number, rendered in decimal digits.
    @inlinable
    public static func number(_ name: String, _ doc: String, _ get: @escaping @Sendable (Model) -> Int) -> Self {
        Self(name, .number, doc) { .number(get($0)) }
    }

    /// A nested view model.
    @inlinable
    public static func object<Child: TemplateModel>(
        _ name: String, _ doc: String, _ get: @escaping @Sendable (Model) -> Child
    ) -> Self {
        Self(name, .object(TemplateModelType(Child.self)), doc) { get($0).templateValue }
    }

    /// A list of view models.
    @inlinable
    public static func list<Child: TemplateModel>(
        _ name: String, _ doc: String, _ get: @escaping @Sendable (Model) -> [Child]
    ) -> Self {
        Self(name, .list(TemplateModelType(Child.self)), doc) { .list(TemplateArray(get($0))) }
    }

    /// A list of view models read an element at a time (one that makes each element when a section
    /// reaches it, say, so that a long list is never held whole).
    @inlinable
    public static func list<Child: TemplateModel>(
        _ name: String, _ doc: String, of child: Child.Type, _ get: @escaping @Sendable (Model) -> any TemplateList
    ) -> Self {
        Self(name, .list(TemplateModelType(child)), doc) { .list(get($0)) }
    }

    /// A list of plain texts (`{{#name}}{{.}}{{/name}}`).
    @inlinable
    public static func textList(_ name: String, _ doc: String, _ get: @escaping @Sendable (Model) -> [String]) -> Self {
        Self(name, .textList, doc) { .list(TemplateArray(get($0))) }
    }
}

/// What a key holds.
public enum TemplateFieldKind: Sendable, Hashable, CustomStringConvertible {
    case text
    case markup
    case flag
    case number
    case object(TemplateModelType)
    case list(TemplateModelType)
    case textList

    public var description: String {
        switch self {
        case .text: "text"
        case .markup: "markup"
        case .flag: "flag"
        case .number: "number"
        case .object(let model): model.name
        case .list(let model): "list of \(model.name)"
        case .textList: "list of text"
        }
    }
}

/// A view-model type, compared by identity.
public struct TemplateModelType: Sendable, Hashable, CustomStringConvertible {
    /// The type.
    public let type: any TemplateModel.Type

    /// The view-model type `type`.
    public init(_ type: any TemplateModel.Type) {
        self.type = type
    }

    /// The type's name, without its module.
    public var name: String { String(describing: type) }

    /// The type's keys.
    public var schema: TemplateSchema { type.schema }

    public var description: String { name }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
    }
}

/// The keys of a view model, as the linter and the documentation see them.
public struct TemplateSchema: Sendable, Hashable {
    /// The model's type.
    public let model: TemplateModelType
    /// Every key, in the order declared.
    public let fields: [TemplateFieldInfo]
    /// Names declared more than once (a mistake; the first declaration is kept).
    public let duplicateNames: [String]
    private let indices: [String: Int]

    init(model: any TemplateModel.Type, fields: [TemplateFieldInfo], duplicateNames: [String]) {
        self.model = TemplateModelType(model)
        self.fields = fields
        self.duplicateNames = duplicateNames
        indices = Dictionary(fields.enumerated().map { ($0.element.name, $0.offset) }) { first, _ in first }
    }

    /// The key `name`, if the model has it.
    public func field(named name: String) -> TemplateFieldInfo? {
        indices[name].map { fields[$0] }
    }

    /// The schemas of `root` and of every model reachable from it through objects and lists, each
    /// once, in the order first met (breadth first): everything a template rendered with `root` can
    /// name, for generating or checking the documentation of the keys.
    public static func reachable(from root: any TemplateModel.Type) -> [TemplateSchema] {
        var schemas = [root.schema]
        var seen: Set<TemplateModelType> = [TemplateModelType(root)]
        var next = 0
        while next < schemas.count {
            for field in schemas[next].fields {
                switch field.kind {
                case .object(let model), .list(let model):
                    if seen.insert(model).inserted { schemas.append(model.schema) }
                default:
                    break
                }
            }
            next += 1
        }
        return schemas
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.model == rhs.model
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
    }
}

/// One key of a schema.
public struct TemplateFieldInfo: Sendable, Hashable {
    /// The key's name in templates.
    public let name: String
    /// What it holds.
    public let kind: TemplateFieldKind
    /// Its one-line documentation.
    public let doc: String
}
