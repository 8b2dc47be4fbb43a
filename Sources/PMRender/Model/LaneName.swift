import Foundation

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
        var out = String.UnicodeScalarView()
        var keptPrevious = false
        var latinBefore = false
        for scalar in withoutLatinAccentsDecomposed(name) {
            // A combining accent (U+0300–U+036F) on a Latin letter.
            if latinBefore, (0x300...0x36F).contains(scalar.value) { continue }
            latinBefore = scalar.value < 0x250 || (0x1E00...0x1EFF).contains(scalar.value)
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

    /// The scalars of `name`, decomposed (`é` as `e` and U+0301) when it holds an accented Latin letter or a
    /// combining accent and is short enough to be a name; else as they are.
    private static func withoutLatinAccentsDecomposed(_ name: String) -> String.UnicodeScalarView {
        // A lane name is a few words; a longer text is compared as written (decomposing 1 MB takes seconds).
        guard name.utf8.count <= 1024 else { return name.unicodeScalars }
        let accented = name.unicodeScalars.contains {
            (0xC0...0x24F).contains($0.value) || (0x300...0x36F).contains($0.value)
                || (0x1E00...0x1EFF).contains($0.value)
        }
        return accented ? name.decomposedStringWithCanonicalMapping.unicodeScalars : name.unicodeScalars
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
