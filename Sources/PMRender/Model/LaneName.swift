/// How lane names are compared: the same lane however its name is cased, spaced, punctuated or decorated with
/// emoji (`🚧 In-Progress` and `in progress` are one lane).
public enum LaneName {
    /// The comparison key: letters, digits and the marks on them, lowercased. A mark on something left out goes
    /// with it (the U+FE0F that makes `⏸️` an emoji), and so do variation selectors. A name of symbols alone
    /// (`## 📋`, `## ⏸️`) is its symbols, without spaces and variation selectors, so such lanes stay apart.
    ///
    /// Accents on Latin letters are left out (`À faire` and `A faire`, `Implémenté` and `Implemente` are one name:
    /// people type names without them as often as with them); marks on other scripts are kept.
    public static func key(_ name: String) -> String {
        if let key = asciiKey(name) { return key }
        var out = String.UnicodeScalarView()
        var keptPrevious = false
        var latinBefore = false
        for original in name.unicodeScalars {
            // A combining accent (U+0300–U+036F) on a Latin letter (`e` and U+0301, as some editors write `é`).
            if latinBefore, (0x300...0x36F).contains(original.value) { continue }
            latinBefore = original.value < 0x250 || (0x1E00...0x1EFF).contains(original.value)
            let scalar = latinBase(of: original) ?? original
            if scalar.isWordCharacter {
                out.append(scalar)
                keptPrevious = true
            } else if scalar.properties.generalCategory.isMark, keptPrevious, !scalar.isVariationSelector {
                out.append(scalar)
            } else {
                keptPrevious = false
            }
        }
        if out.isEmpty {
            out.append(
                contentsOf: name.unicodeScalars.filter { !$0.properties.isWhitespace && !$0.isVariationSelector })
        }
        return String(out).lowercased()
    }

    /// The key of a name written in ASCII with a letter or digit (most names; and the loading of the lane-name data
    /// keys two thousand of them as a board starts): the rule above, byte by byte. Nil for any other name.
    private static func asciiKey(_ name: String) -> String? {
        let key = name.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let key = String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"): out[count] = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): out[count] = byte | 0x20
                    default: continue
                    }
                    count += 1
                }
                return count
            }
            return key.isEmpty ? nil : key
        }
        return key ?? nil
    }

    /// Whether `name`, written in a rule, names `lane`: by comparison key, or by the lane's name without a year in
    /// brackets at its end (`wip: {Released: 3}` names `## Released (2025)`).
    public static func names(_ lane: String, _ name: String) -> Bool {
        let wanted = key(name)
        if key(lane) == wanted { return true }
        guard lane.hasSuffix(")"), let open = lane.lastIndex(of: "("),
            isYear(lane[lane.index(after: open)..<lane.index(before: lane.endIndex)])
        else { return false }
        return key(String(lane[..<open])) == wanted
    }

    /// Whether `digits` are a year (`2025`): in a lane's brackets, part of its name rather than a WIP limit.
    public static func isYear(_ digits: Substring) -> Bool {
        digits.count == 4 && digits.allSatisfy(\.isASCIIDigit) && (1900..<2200).contains(Int(digits) ?? 0)
    }

    /// The letter an accented Latin letter is made of (`é` → `e`, `ệ` → `e`); nil for others (`Đ`, `ø` have none).
    private static func latinBase(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = Int(scalar.value)
        let base: UInt8
        switch value {
        case 0xC0...0x24F: base = latinBases[value - 0xC0]
        case 0x1E00...0x1EFF: base = latinBases[value - 0x1E00 + 400]
        default: return nil
        }
        return base == UInt8(ascii: ".") ? nil : Unicode.Scalar(base)
    }

    /// For U+00C0–U+024F, then U+1E00–U+1EFF: the ASCII letter each one's canonical decomposition starts with when the
    /// rest is combining marks, else `.` (made with Python's `unicodedata.normalize("NFD", …)`).
    private static let latinBases: [UInt8] = Array(
        ("AAAAAA.CEEEEIIII.NOOOOO..UUUUY..aaaaaa.ceeeeiiii.nooooo..uuuuy.yAaAaAaCcCcCcCcDd..EeEeEeEeEeGgGgGgGgHh..IiI"
            + "iIiIiI...JjKk.LlLlLl....NnNnNn...OoOoOo..RrRrRrSsSsSsSsTtTt..UuUuUuUuUuUuWwYyYZzZzZz..................."
            + "..............Oo.............Uu............................AaIiOoUuUuUuUuUu.AaAa....GgKkOoOo..j...Gg..Nn"
            + "Aa....AaAaEeEeIiIiOoOoRrRrUuUuSsTt..Hh......AaEeOoOoOoOoYy............................"
            + "AaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSs"
            + "SsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwy......AaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOo"
            + "OoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy......").utf8)
}

extension Unicode.Scalar {
    /// U+FE00–U+FE0F and U+E0100–U+E01EF: they choose how the character before them looks.
    var isVariationSelector: Bool {
        (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }
}

extension Unicode.GeneralCategory {
    /// Combining marks (Hangul and Devanagari need them).
    var isMark: Bool {
        switch self {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
