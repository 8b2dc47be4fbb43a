/// How lane names are compared: the same lane however its name is cased, spaced, punctuated or decorated with
/// emoji (`🚧 In-Progress` and `in progress` are one lane).
public enum LaneName {
    /// The comparison key: letters, digits and the marks on them, lowercased. A mark on something left out goes
    /// with it (the U+FE0F that makes `⏸️` an emoji), and so do variation selectors. A name of symbols alone
    /// (`## 📋`, `## ⏸️`) is its symbols, without spaces and variation selectors, so such lanes stay apart.
    public static func key(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        var keptPrevious = false
        for scalar in name.unicodeScalars {
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
