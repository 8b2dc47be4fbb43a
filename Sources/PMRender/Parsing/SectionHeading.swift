/// What a `##` heading names.
enum SectionHeading: Equatable {
    case state(CardState, wipLimit: Int?)
    case archive
    case unknown(name: String, suggestion: CardState?)
    case invalidWIPLimit(String)

    /// Names accepted for each state, compared after lowercasing and collapsing spaces.
    static let aliases: [(String, CardState)] = [
        ("todo", .todo), ("to do", .todo), ("to-do", .todo), ("예정", .todo), ("할 일", .todo),
        ("doing", .doing), ("in progress", .doing), ("진행중", .doing), ("진행 중", .doing),
        ("done", .done), ("complete", .done), ("completed", .done), ("완료", .done),
    ]

    /// Resolves heading text such as `In Progress (3)`.
    init(text: String) {
        var name = Substring(text).trimmingSpaces
        var wipLimit: Int?
        if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            let inside = name[name.index(after: open)..<name.index(before: name.endIndex)].trimmingSpaces
            let before = name[..<open].trimmingSpaces
            if !inside.isEmpty, inside.allSatisfy(\.isASCIIDigit) {
                guard let limit = Int(inside), limit <= 1_000_000 else {
                    self = .invalidWIPLimit(String(inside))
                    return
                }
                // Obsidian writes (0) for "no limit".
                wipLimit = limit == 0 ? nil : limit
                name = before
            } else if !before.isEmpty, SectionHeading.state(named: before) != nil {
                self = .invalidWIPLimit(String(inside))
                return
            }
        }
        if let state = SectionHeading.state(named: name) {
            self = .state(state, wipLimit: wipLimit)
        } else if SectionHeading.normalize(name) == "archive" {
            self = .archive
        } else {
            self = .unknown(name: String(name), suggestion: SectionHeading.closestState(to: name))
        }
    }

    static func state(named name: Substring) -> CardState? {
        let key = normalize(name)
        return aliases.first { $0.0 == key }?.1
    }

    static func normalize(_ name: Substring) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The state whose name is within a small edit distance of `name`, if any.
    static func closestState(to name: Substring) -> CardState? {
        let key = Array(normalize(name))
        guard !key.isEmpty, key.count <= 64 else { return nil }
        var best: (distance: Int, state: CardState)?
        for (alias, state) in aliases {
            let distance = editDistance(key, Array(alias))
            let threshold = max(1, (alias.count + 2) / 3)
            if distance <= threshold, best == nil || distance < best!.distance {
                best = (distance, state)
            }
        }
        return best?.state
    }

    /// Optimal-string-alignment distance (Levenshtein with adjacent transpositions).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
