import Foundation

/// The one JSON style of every machine-readable output: pretty-printed, keys sorted, slashes not
/// escaped, a final newline. Byte-for-byte deterministic.
enum JSONOutput {
    static func string(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// An optional value written as `null` when absent, never left out (synthesized `Encodable` skips nil
/// optionals), so a machine reader finds every key of the documented schema in every object.
@propertyWrapper
struct ExplicitNull<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
