/// How lane names are compared: the same lane however its name is cased, spaced, punctuated or decorated with
/// emoji (`🚧 In-Progress` and `in progress` are one lane).
public enum LaneName {
    /// The comparison key: letters, digits and marks only, lowercased.
    public static func key(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in name.unicodeScalars where scalar.isWordCharacter || scalar.properties.generalCategory.isMark {
            out.append(scalar)
        }
        return String(out).lowercased()
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
