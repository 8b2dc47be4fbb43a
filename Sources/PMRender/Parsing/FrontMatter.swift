import Foundation
import Yams

/// The keys a board's front matter may hold.
enum FrontMatterKey: String, CaseIterable {
    case title
    case locale
    case timezone
    case dueSoon = "due-soon"
    case reminder
    case newCards = "new-cards"
    case transitions
    case wip
    case kanbanPlugin = "kanban-plugin"

    static var knownList: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}

/// Settings read from a board's YAML front matter.
struct FrontMatter {
    var title: String?
    var titleLocation: SourceLocation?
    var locale: BoardLocale = .en
    var timezone = "UTC"
    var dueSoonDays = 3
    var reminder = Reminder.default
    var rules = BoardRules()
    /// First line of the Markdown body (1-based); 1 when there is no front matter.
    var bodyStartLine = 1

    /// Finds and reads the front matter at the very top of `source`, reporting problems into `diagnostics`.
    static func read(_ source: SourceText, report: (Problem, SourceLocation) -> Void) -> FrontMatter {
        var frontMatter = FrontMatter()
        guard source.lineCount >= 1, isDelimiter(source, line: 1, allowDots: false) else { return frontMatter }
        var closing: Int?
        var line = 2
        while line <= source.lineCount {
            if isDelimiter(source, line: line, allowDots: true) {
                closing = line
                break
            }
            line += 1
        }
        guard let closing else {
            report(.frontMatterNotClosed, SourceLocation(line: 1, column: 1))
            frontMatter.bodyStartLine = source.lineCount + 1
            return frontMatter
        }
        frontMatter.bodyStartLine = closing + 1
        let yaml = closing > 2 ? source.text(lines: 2, through: closing - 1, removingIndent: 0, keepBlankEdges: true) : ""
        // libyaml may report a problem at the end of input: keep it inside the front matter.
        let lastLine = max(closing - 1, 1)
        frontMatter.parse(yaml: yaml, lineOffset: 1) { problem, location in
            report(problem, location.line > lastLine ? SourceLocation(line: lastLine, column: 1) : location)
        }
        return frontMatter
    }

    private static func isDelimiter(_ source: SourceText, line: Int, allowDots: Bool) -> Bool {
        let text = source.line(line)
        var trimmed = Substring(text)
        while trimmed.last == " " || trimmed.last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed == "---" || (allowDots && trimmed == "...")
    }

    private mutating func parse(yaml: String, lineOffset: Int, report: (Problem, SourceLocation) -> Void) {
        func location(_ mark: Mark?) -> SourceLocation {
            SourceLocation(line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
        }
        let root: Node?
        do {
            // Every value is read as its text, so the plain-text resolver is enough; the default one
            // compiles seven regular expressions first, a third of a small board's parse.
            root = try Yams.compose(yaml: yaml, .basic)
        } catch let error as YamlError {
            let (problem, mark) = FrontMatter.describe(error)
            report(.invalidYAML(problem), location(mark))
            return
        } catch {
            report(.invalidYAML(String(describing: error)), SourceLocation(line: 1 + lineOffset, column: 1))
            return
        }
        guard let root else { return }
        guard let mapping = root.mapping else {
            report(.frontMatterNotMapping, location(root.mark))
            return
        }
        var rules = BoardRules()
        for (keyNode, value) in mapping {
            let keyText = keyNode.scalar?.string ?? FrontMatter.kind(of: keyNode)
            let keyLocation = location(keyNode.mark)
            let valueLocation = location(value.mark ?? keyNode.mark)
            guard let key = FrontMatterKey(rawValue: keyText) else {
                report(.unknownFrontMatterKey(keyText), keyLocation)
                continue
            }
            switch key {
            case .title:
                guard let text = value.scalar?.string else {
                    report(.frontMatterValueNotText(key: keyText), valueLocation)
                    continue
                }
                title = text.trimmingCharacters(in: .whitespaces)
                titleLocation = valueLocation
            case .locale:
                guard let text = value.scalar?.string, let parsed = BoardLocale(rawValue: text.lowercased()) else {
                    report(.unsupportedLocale(value.scalar?.string ?? FrontMatter.kind(of: value)), valueLocation)
                    continue
                }
                locale = parsed
            case .timezone:
                guard let text = value.scalar?.string, TimeZones.isKnown(text) else {
                    report(.unknownTimezone(value.scalar?.string ?? FrontMatter.kind(of: value)), valueLocation)
                    continue
                }
                timezone = text
            case .dueSoon:
                guard let text = value.scalar?.string, let days = Int(text), (0...365).contains(days) else {
                    report(.invalidDueSoon(value.scalar?.string ?? FrontMatter.kind(of: value)), valueLocation)
                    continue
                }
                dueSoonDays = days
            case .reminder:
                guard let text = value.scalar?.string, let parsed = Reminder(text: text) else {
                    report(.invalidReminder(value.scalar?.string ?? FrontMatter.kind(of: value)), valueLocation)
                    continue
                }
                reminder = parsed
            case .newCards:
                rules.locations[keyText] = keyLocation
                if let states = FrontMatter.states(in: value, key: keyText, location: location, report: report) {
                    rules.newCardStates = Set(states)
                }
            case .transitions:
                rules.locations[keyText] = keyLocation
                guard let map = value.mapping else {
                    report(.invalidRule(key: keyText, reason: "expected a map from each state to a list of states, e.g. 'TODO: [DOING]'"), valueLocation)
                    continue
                }
                var transitions: [CardState: Set<CardState>] = Dictionary(uniqueKeysWithValues: CardState.allCases.map { ($0, []) })
                for (fromNode, toNode) in map {
                    let fromText = fromNode.scalar?.string ?? ""
                    guard let from = CardState(canonicalName: fromText) else {
                        report(.unknownStateInRule(key: keyText, value: fromText), location(fromNode.mark))
                        continue
                    }
                    if let targets = FrontMatter.states(in: toNode, key: keyText, location: location, report: report) {
                        transitions[from] = Set(targets.filter { $0 != from })
                    }
                }
                rules.transitions = transitions
            case .wip:
                rules.locations[keyText] = keyLocation
                guard let map = value.mapping else {
                    report(.invalidRule(key: keyText, reason: "expected a map from state to limit, e.g. 'DOING: 3'"), valueLocation)
                    continue
                }
                for (stateNode, limitNode) in map {
                    let stateText = stateNode.scalar?.string ?? ""
                    guard let state = CardState(canonicalName: stateText) else {
                        report(.unknownStateInRule(key: keyText, value: stateText), location(stateNode.mark))
                        continue
                    }
                    guard let text = limitNode.scalar?.string, let limit = Int(text), limit >= 0 else {
                        report(.invalidRule(key: keyText, reason: "the limit for \(state.rawValue) must be a whole number"), location(limitNode.mark))
                        continue
                    }
                    rules.wipLimits[state] = limit
                    rules.locations["wip.\(state.rawValue)"] = location(stateNode.mark)
                }
            case .kanbanPlugin:
                continue  // written by Obsidian; accepted and ignored
            }
        }
        self.rules = rules
    }

    /// Reads a list of state names (a single name is accepted as a one-element list).
    private static func states(in node: Node, key: String, location: (Mark?) -> SourceLocation,
                               report: (Problem, SourceLocation) -> Void) -> [CardState]? {
        let items: [Node]
        if let sequence = node.sequence {
            items = Array(sequence)
        } else if let scalar = node.scalar, !scalar.string.isEmpty {
            items = [node]
        } else {
            report(.invalidRule(key: key, reason: "expected a list of states, e.g. [TODO, DOING]"), location(node.mark))
            return nil
        }
        var states: [CardState] = []
        var valid = true
        for item in items {
            guard let text = item.scalar?.string else {
                report(.invalidRule(key: key, reason: "expected a list of state names"), location(item.mark))
                valid = false
                continue
            }
            guard let state = CardState(canonicalName: text) else {
                report(.unknownStateInRule(key: key, value: text), location(item.mark))
                valid = false
                continue
            }
            states.append(state)
        }
        return valid ? states : nil
    }

    /// A short name for a non-scalar value. Never describe the value itself: with YAML aliases a small
    /// front matter can stand for an exponentially large one ("billion laughs").
    static func kind(of node: Node) -> String {
        if let scalar = node.scalar { return scalar.string.count > 80 ? String(scalar.string.prefix(80)) + "…" : scalar.string }
        if node.mapping != nil { return "a mapping" }
        if node.sequence != nil { return "a list" }
        return "an alias"
    }

    private static func describe(_ error: YamlError) -> (String, Mark?) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let prefix = context.map { $0.text + ": " } ?? ""
            return (prefix + problem, mark)
        case let .duplicatedKeysInMapping(duplicates, context):
            return ("duplicate key '\(duplicates.first ?? "")'", context.mark)
        case let .reader(problem, _, _, _):
            return (problem, nil)
        default:
            return (String(describing: error), nil)
        }
    }
}

/// Time-zone look-ups, cached: Foundation's are slow and the same few names recur.
enum TimeZones {
    private static let cache = Mutex<[String: TimeZone]>([:])

    static func isKnown(_ identifier: String) -> Bool {
        zone(identifier) != nil
    }

    static func zone(_ identifier: String) -> TimeZone? {
        if let cached = cache.withLock({ $0[identifier] }) { return cached }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        cache.withLock { $0[identifier] = zone }
        return zone
    }
}
