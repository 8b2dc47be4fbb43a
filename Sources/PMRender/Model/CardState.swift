/// The three states every lane maps to, in flow order: what rules, reports, metrics and history reason about.
public enum CardState: String, CaseIterable, Hashable, Comparable, Sendable {
    case todo = "TODO"
    case doing = "DOING"
    case done = "DONE"

    /// The lowercase name used in HTML hooks (`data-state`), CSS classes and JSON.
    public var slug: String {
        switch self {
        case .todo: return "todo"
        case .doing: return "doing"
        case .done: return "done"
        }
    }

    public static func < (lhs: CardState, rhs: CardState) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Parses a state name (`TODO`, `DOING`, `DONE`, any case), as rules and `lanes:` write them.
    public init?(canonicalName: String) {
        switch canonicalName.trimmingWhitespace.uppercased() {
        case "TODO": self = .todo
        case "DOING": self = .doing
        case "DONE": self = .done
        default: return nil
        }
    }
}
