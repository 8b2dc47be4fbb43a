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

/// A JSON object written from its keys and values: each key is named once, beside its value, so an output's
/// schema is not restated by a type of its own.
///
/// A nil value is written as `null`, never left out, so a machine reader finds every key of the documented schema
/// in every object; `omittingNil` leaves such keys out instead (formats such as SARIF that want that).
struct JSONObject: Encodable {
    private let fields: [String: (any Encodable)?]
    private let omitsNil: Bool

    init(_ fields: [String: (any Encodable)?]) {
        self.fields = fields
        omitsNil = false
    }

    init(omittingNil fields: [String: (any Encodable)?]) {
        self.fields = fields
        omitsNil = true
    }

    /// This object with `other`'s keys added (this object's value wins where both have a key).
    func merging(_ other: JSONObject) -> JSONObject {
        JSONObject(fields.merging(other.fields) { mine, _ in mine })
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in fields {
            if let value {
                try container.encode(value, forKey: Key(stringValue: key))
            } else if !omitsNil {
                try container.encodeNil(forKey: Key(stringValue: key))
            }
        }
    }
}
