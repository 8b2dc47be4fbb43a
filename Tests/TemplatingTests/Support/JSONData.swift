import Templating

/// A JSON value, decoded as it is written (the Mustache spec's data).
enum JSONData: Decodable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case decimal(Double)
    case string(String)
    case array([JSONData])
    case object([String: JSONData])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .decimal(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONData].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONData].self))
        }
    }

    /// The value as templates see it; a decimal is its shortest text (`1.21`).
    var templateValue: TemplateValue {
        switch self {
        case .null: .null
        case .bool(let value): .flag(value)
        case .int(let value): .number(value)
        case .decimal(let value): .text(String(value))
        case .string(let value): .text(value)
        case .array(let values): .list(values.map(\.templateValue))
        case .object(let values): .object(DictionaryObject(values.mapValues(\.templateValue)))
        }
    }
}

/// An object with whatever keys a dictionary has.
final class DictionaryObject: TemplateObject {
    let values: [String: TemplateValue]

    init(_ values: [String: TemplateValue]) {
        self.values = values
    }

    func value(forKey key: TemplateKey) -> TemplateValue? {
        values[key.name]
    }
}
