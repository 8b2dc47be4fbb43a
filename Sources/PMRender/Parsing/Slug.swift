/// Slugs: the identity of a card without an explicit ID, and safe fragments for URLs and file names.
public enum Slug {
    /// Lowercased letters and digits (any script) joined by single hyphens: "Fix date picker!" → "fix-date-picker".
    /// A title with no letter or digit (e.g. only emoji) gets a stable hash-based slug.
    public static func make(_ text: String) -> String {
        let slug = unbounded(text)
        // (No more scalars than bytes: most slugs are told short without counting their scalars.)
        guard slug.utf8.count > maximumLength, slug.unicodeScalars.count > maximumLength else { return slug }
        // Very long titles: keep identities and URLs bounded, and distinct through the hash of the whole.
        var cut = String.UnicodeScalarView(slug.unicodeScalars.prefix(maximumLength - 9))
        while cut.last == "-" { cut.removeLast() }
        return String(cut) + "-" + fnv1a(slug)
    }

    /// Slugs longer than this are cut and end in a hash of the whole.
    public static let maximumLength = 100

    private static func unbounded(_ text: String) -> String {
        if let ascii = asciiSlug(text) { return ascii }
        var out = String.UnicodeScalarView()
        var pendingHyphen = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isWordCharacter {
                if pendingHyphen, !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.append(scalar)
            } else if scalar.value >= 0x80, scalar.properties.generalCategory == .nonspacingMark, !out.isEmpty {
                out.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        if out.isEmpty, !text.isEmpty {
            return "x-" + fnv1a(text)
        }
        return String(out)
    }

    /// The slug of an ASCII text, byte by byte (most titles); nil for other text.
    private static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8(asciiSlug)
    }

    private static func asciiSlug(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingHyphen = false
        for var byte in bytes {
            guard byte < 0x80 else { return nil }
            if (0x41...0x5A).contains(byte) { byte += 0x20 }
            if (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) {
                if pendingHyphen, !out.isEmpty { out.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                out.append(byte)
            } else {
                pendingHyphen = true
            }
        }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    /// Whether `id` is a valid explicit card ID: letters, digits, `-`, `_` and `.`, not empty.
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_" || $0 == "."
            }
    }

    /// 32-bit FNV-1a of the UTF-8 bytes, as 8 hex digits.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
