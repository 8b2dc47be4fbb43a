/// The three states of a card, in column order.
public enum CardState: String, CaseIterable, Hashable, Comparable, Sendable {
    case todo = "TODO"
    case doing = "DOING"
    case done = "DONE"

    /// The lowercase name used in HTML hooks (`data-state`) and CSS classes.
    public var slug: String {
        switch self {
        case .todo: return "todo"
        case .doing: return "doing"
        case .done: return "done"
        }
    }

    public static func < (lhs: CardState, rhs: CardState) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .todo: return 0
        case .doing: return 1
        case .done: return 2
        }
    }

    /// Parses a canonical state name (`TODO`, `DOING`, `DONE`, any case), as used in front-matter rules.
    public init?(canonicalName: String) {
        switch canonicalName.uppercased() {
        case "TODO": self = .todo
        case "DOING": self = .doing
        case "DONE": self = .done
        default: return nil
        }
    }
}
