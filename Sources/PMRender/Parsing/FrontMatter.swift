import Foundation
import Synchronization
import Yams

/// The front-matter keys pm-render reads.
enum FrontMatterKey: String, CaseIterable {
    case title, locale, timezone, reminder, transitions, wip, lanes
    case dueSoon = "due-soon"
    case newCards = "new-cards"
    case wikilinkBase = "wikilink-base"
    case tagColors = "tag-colors"
    // Obsidian Kanban's own settings, which its front matter may hold as well as its settings block.
    case dateFormat = "date-format"
    case timeFormat = "time-format"
    case dateTrigger = "date-trigger"
    case timeTrigger = "time-trigger"
    // kanbn's index: which columns hold started and completed tasks, and which it does not show.
    case startedColumns, completedColumns, hiddenColumns

    /// Keys other tools write (Obsidian, static-site generators, kanbn); accepted silently.
    static let othersKnown: Set<String> = [
        "kanban-plugin", "tags", "tag", "aliases", "alias", "cssclasses", "cssclass", "created", "updated",
        "modified", "date", "publish", "permalink", "description", "author", "authors", "draft", "layout", "type",
        "status", "category", "categories", "lang", "language", "id", "uid", "banner", "cover", "icon", "share",
        "slug", "summary", "weight", "url", "aliases", "sticker", "banner_icon", "creation date", "modification date",
        "last-modified", "version", "project", "name", "hidden", "options", "columns",
    ]
}

/// What a board's YAML front matter says.
struct FrontMatter {
    var title: String?
    var titleLocation: SourceLocation?
    var settings = BoardSettings()
    var rules = BoardRules()
    /// Whether it names `kanban-plugin` (the file is an Obsidian Kanban board).
    var isObsidianKanban = false
    /// kanbn's `hiddenColumns`, as `LaneName` keys: those lanes hold the board's archive.
    var hiddenLanes: Set<String> = []
    /// First line of the Markdown body (1-based); 1 when there is no front matter.
    var bodyStartLine = 1

    /// Finds and reads the front matter at the very top of `source`, reporting problems.
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
            // A rule over the board's first heading or text (`---` then `## To Do`) is a rule: only what reads as
            // YAML, a `key:` first, is a front matter whose end is missing.
            guard startsLikeYAML(source, after: 1) else { return frontMatter }
            report(.frontMatterNotClosed, SourceLocation(line: 1, column: 1))
            frontMatter.bodyStartLine = source.lineCount + 1
            return frontMatter
        }
        frontMatter.bodyStartLine = closing + 1
        let yaml =
            closing > 2 ? source.text(lines: 2, through: closing - 1, removingIndent: 0, keepBlankEdges: true) : ""
        // libyaml may report a problem at the end of input: keep it inside the front matter.
        let lastLine = max(closing - 1, 1)
        frontMatter.parse(yaml: yaml, lineOffset: 1) { problem, location in
            report(problem, location.line > lastLine ? SourceLocation(line: lastLine, column: 1) : location)
        }
        return frontMatter
    }

    /// Reads a small front matter now, so that a board's does not pay for Yams' first document: its tables and the
    /// runtime's first look-ups of its types, about 1 ms (see `StartupTables`).
    static func prepare() {
        var frontMatter = FrontMatter()
        frontMatter.parse(yaml: "title: Board\n", lineOffset: 1) { _, _ in }
    }

    /// Whether the first line with text after `line` starts with a YAML key (`title:`, `kanban-plugin: basic`).
    private static func startsLikeYAML(_ source: SourceText, after line: Int) -> Bool {
        guard line < source.lineCount,
            let first = (line + 1...source.lineCount).lazy.map({ Substring(source.line($0)) })
                .first(where: { !$0.trimmingSpaces.isEmpty })
        else { return false }
        let key = first.prefix { $0 != ":" }
        return key.count < first.count && !key.isEmpty
            && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == " " }
            && !key.hasPrefix(" ") && !key.hasPrefix("-")
    }

    private static func isDelimiter(_ source: SourceText, line: Int, allowDots: Bool) -> Bool {
        let trimmed = Substring(source.line(line)).trimmingSpaces
        return trimmed == "---" || (allowDots && trimmed == "...")
    }

    private mutating func parse(yaml: String, lineOffset: Int, report: (Problem, SourceLocation) -> Void) {
        func location(_ mark: Mark?) -> SourceLocation {
            SourceLocation(line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
        }
        let root: Node?
        do {
            // Every value is read as its text, so the plain-text resolver is enough; the default one compiles
            // seven regular expressions first, a third of a small board's parse.
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
        withoutActuallyEscaping(report) { report in
            read(mapping, location: location, report: report)
        }
    }

    private mutating func read(
        _ mapping: Node.Mapping, location: @escaping (Mark?) -> SourceLocation,
        report: @escaping (Problem, SourceLocation) -> Void
    ) {
        let reader = ValueReader(location: location, report: report)
        for (keyNode, value) in mapping {
            let keyText = keyNode.scalar?.string ?? ""
            let keyLocation = location(keyNode.mark)
            let valueLocation = location(value.mark ?? keyNode.mark)
            guard let key = FrontMatterKey(rawValue: keyText) else {
                if keyText == "kanban-plugin" { isObsidianKanban = true }
                if !FrontMatterKey.othersKnown.contains(keyText.lowercased()),
                    let suggestion = FrontMatter.nearMiss(keyText)
                {
                    report(.unknownFrontMatterKey(keyText, suggestion: suggestion), keyLocation)
                }
                continue
            }
            // The value's text as `parse` reads it; where it cannot, `problem` is reported at the value.
            func parsed<Value>(_ parse: (String) -> Value?, else problem: (String) -> Problem) -> Value? {
                guard let text = reader.text(value, key: keyText) else { return nil }
                guard let parsed = parse(text) else {
                    report(problem(text), valueLocation)
                    return nil
                }
                return parsed
            }
            switch key {
            case .title:
                guard let text = reader.text(value, key: keyText) else { continue }
                title = text.trimmingWhitespace
                titleLocation = valueLocation
            case .locale:
                guard let locale = parsed(BoardLocale.init(rawValue:), else: Problem.unsupportedLocale) else {
                    continue
                }
                settings.locale = locale
                settings.localeIsExplicit = true
            case .timezone:
                let zone = parsed({ TimeZones.isKnown($0) ? $0 : nil }, else: Problem.unknownTimezone)
                settings.timezone = zone ?? settings.timezone
            case .dueSoon:
                let days = parsed(
                    { Int($0).flatMap { (0...365).contains($0) ? $0 : nil } }, else: Problem.invalidDueSoon)
                settings.dueSoonDays = days ?? settings.dueSoonDays
            case .reminder:
                settings.reminder = parsed(Reminder.init(text:), else: Problem.invalidReminder) ?? settings.reminder
            case .dateFormat, .timeFormat, .dateTrigger, .timeTrigger:
                guard let text = reader.text(value, key: keyText), !text.isEmpty else { continue }
                switch key {
                case .dateFormat: settings.dateFormat = text
                case .timeFormat: settings.timeFormat = text
                case .dateTrigger: settings.dateTrigger = text
                default: settings.timeTrigger = text
                }
            case .wikilinkBase:
                let link = parsed(
                    { WebAddress.isAllowed($0, rootRelative: true) ? $0 : nil }, else: Problem.invalidWikilinkBase)
                settings.wikilinkBase = link ?? settings.wikilinkBase
            case .tagColors:
                guard let map = reader.map(value, key: keyText, example: "'bug: \"#d73a4a\"'") else { continue }
                for (tagNode, colorNode) in map {
                    guard let tag = tagNode.scalar?.string, let color = colorNode.scalar?.string else { continue }
                    guard CSSColor.isSafe(color) else {
                        report(.invalidTagColor(tag: tag, color: color), location(colorNode.mark))
                        continue
                    }
                    settings.tagColors[tag.hasPrefix("#") ? String(tag.dropFirst()) : tag] = color
                }
            case .newCards:
                rules.locations[keyText] = keyLocation
                rules.newCards = reader.names(value, key: keyText)
            case .transitions:
                rules.locations[keyText] = keyLocation
                guard let map = reader.map(value, key: keyText, example: "'TODO: [DOING]'") else { continue }
                var transitions: [RuleName: [RuleName]] = [:]
                for (fromNode, toNode) in map {
                    guard let from = reader.name(fromNode, key: keyText) else { continue }
                    transitions[from] = reader.names(toNode, key: keyText) ?? []
                }
                rules.transitions = transitions
            case .wip:
                rules.locations[keyText] = keyLocation
                guard let map = reader.map(value, key: keyText, example: "'DOING: 3'") else { continue }
                for (nameNode, limitNode) in map {
                    guard let name = reader.name(nameNode, key: keyText),
                        let limit = reader.limit(limitNode, key: keyText, name: name.text)
                    else { continue }
                    rules.wip[name] = limit
                }
            case .lanes:
                rules.locations[keyText] = keyLocation
                guard let map = reader.map(value, key: keyText, example: "'Review: doing'") else { continue }
                for (nameNode, settingNode) in map {
                    guard let name = reader.name(nameNode, key: keyText) else { continue }
                    rules.lanes[name] = reader.laneSetting(settingNode, key: keyText, name: name.text)
                }
            case .hiddenColumns:
                for name in reader.names(value, key: keyText) ?? [] { hiddenLanes.insert(LaneName.key(name.text)) }
            case .startedColumns, .completedColumns:
                let state: CardState = key == .startedColumns ? .doing : .done
                for name in reader.names(value, key: keyText) ?? [] where rules.lanes[name] == nil {
                    rules.lanes[name] = LaneSetting(state: state, location: name.location, isForeign: true)
                }
            }
        }
    }

    /// The pm-render key a mistyped one was probably meant to be (`titel` → `title`).
    static func nearMiss(_ key: String) -> String? {
        let lowered = Array(key.lowercased())
        guard !lowered.isEmpty, lowered.count <= 40 else { return nil }
        var best: (Int, String)?
        for known in FrontMatterKey.allCases.map(\.rawValue) {
            if known.lowercased() == key.lowercased() { return known }
            let distance = EditDistance.between(lowered, Array(known.lowercased()))
            let threshold = known.count <= 5 ? 1 : 2
            if distance <= threshold, best == nil || distance < best!.0 { best = (distance, known) }
        }
        return best?.1
    }

    /// A short name for a non-text value. Never describe the value itself: with YAML aliases a small front matter
    /// can stand for an exponentially large one ("billion laughs").
    static func kind(of node: Node) -> String {
        if let scalar = node.scalar {
            return scalar.string.count > 80 ? String(scalar.string.prefix(80)) + "…" : scalar.string
        }
        if node.mapping != nil { return "a mapping" }
        if node.sequence != nil { return "a list" }
        return "an alias"
    }

    private static func describe(_ error: YamlError) -> (String, Mark?) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let prefix = context.map { $0.text + ": " } ?? ""
            return (prefix + problem, mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ("duplicate key '\(duplicates.first ?? "")'", context.mark)
        case .reader(let problem, _, _, _):
            return (problem, nil)
        default:
            return (String(describing: error), nil)
        }
    }
}

/// Reads front-matter values of the expected shapes, reporting the others.
private struct ValueReader {
    let location: (Mark?) -> SourceLocation
    let report: (Problem, SourceLocation) -> Void

    func text(_ node: Node, key: String) -> String? {
        guard let text = node.scalar?.string else {
            report(.frontMatterValueNotText(key: key), location(node.mark))
            return nil
        }
        return text
    }

    func map(_ node: Node, key: String, example: String) -> Node.Mapping? {
        guard let map = node.mapping else {
            report(.invalidRule(key: key, reason: "expected a map, e.g. \(example)"), location(node.mark))
            return nil
        }
        return map
    }

    func name(_ node: Node, key: String) -> RuleName? {
        guard let text = node.scalar?.string, !text.trimmingWhitespace.isEmpty else {
            report(.invalidRule(key: key, reason: "expected a lane or state name"), location(node.mark))
            return nil
        }
        return RuleName(text.trimmingWhitespace, at: location(node.mark))
    }

    /// A list of names; a single name is a one-element list.
    func names(_ node: Node, key: String) -> [RuleName]? {
        if let sequence = node.sequence { return sequence.compactMap { name($0, key: key) } }
        if let scalar = node.scalar {
            if scalar.string.isEmpty { return [] }
            return name(node, key: key).map { [$0] }
        }
        report(.invalidRule(key: key, reason: "expected a list of lane or state names"), location(node.mark))
        return nil
    }

    func limit(_ node: Node, key: String, name: String) -> Int? {
        guard let text = node.scalar?.string, let limit = Int(text), limit >= 0, limit <= 1_000_000 else {
            report(
                .invalidRule(key: key, reason: "the limit for '\(name)' must be a whole number"), location(node.mark))
            return nil
        }
        return limit
    }

    /// `todo`, `doing` or `done`, or `{state: …, wip: …}`.
    func laneSetting(_ node: Node, key: String, name: String) -> LaneSetting? {
        func state(_ node: Node) -> CardState? {
            guard let text = node.scalar?.string, let state = CardState(canonicalName: text) else {
                report(
                    .invalidRule(key: key, reason: "the state of '\(name)' must be todo, doing or done"),
                    location(node.mark))
                return nil
            }
            return state
        }
        if node.scalar != nil {
            return state(node).map { LaneSetting(state: $0, location: location(node.mark)) }
        }
        guard let map = node.mapping else {
            report(
                .invalidRule(key: key, reason: "expected a state or '{state: doing, wip: 3}' for '\(name)'"),
                location(node.mark))
            return nil
        }
        var setting = LaneSetting(location: location(node.mark))
        for (field, value) in map {
            switch field.scalar?.string {
            case "state": setting.state = state(value)
            case "wip": setting.wip = limit(value, key: key, name: name)
            default:
                report(
                    .invalidRule(key: key, reason: "a lane has 'state' and 'wip', not '\(field.scalar?.string ?? "")'"),
                    location(field.mark))
            }
        }
        return setting
    }
}

/// Colours allowed in `tag-colors`: hex colours and CSS colour names (nothing that could leave a style value).
enum CSSColor {
    static func isSafe(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        if scalars.first == "#" {
            let digits = scalars.dropFirst()
            return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy { $0.properties.isASCIIHexDigit }
        }
        if (1...30).contains(scalars.count), scalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) {
            return true
        }
        // rgb(…), rgba(…), hsl(…), hsla(…) with numbers only.
        let lowered = value.lowercased()
        guard let open = lowered.firstIndex(of: "("), lowered.hasSuffix(")"),
            ["rgb", "rgba", "hsl", "hsla"].contains(String(lowered[..<open]))
        else { return false }
        let inside = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
        return inside.count <= 60
            && inside.unicodeScalars.allSatisfy { " ,.%/0123456789deg".unicodeScalars.contains($0) }
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

/// Optimal-string-alignment distance (Levenshtein with adjacent transpositions).
enum EditDistance {
    static func between<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
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
