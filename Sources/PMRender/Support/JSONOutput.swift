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
