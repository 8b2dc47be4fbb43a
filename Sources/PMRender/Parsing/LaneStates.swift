import Foundation

/// Which state a lane's name stands for, from the names teams give lanes in many languages
/// (`Data/lane-names.json`, compiled into the binary): `Backlog` and `할 일` are todo, `In Progress` and `进行中`
/// doing, `Erledigt` and `Готово` done, `归档` the archive.
enum LaneStates {
    /// What a lane's name says.
    enum Meaning: Equatable {
        case state(CardState)
        case archive
    }

    /// Names by comparison key.
    static var table: [String: Meaning] { data.meanings }

    private static let data = loadTable()

    /// Obsidian Kanban's `**Complete**` marker in the plugin's languages (`**완료됨**`, `**Fertiggestellt**` …),
    /// by comparison key.
    static var completeMarkers: Set<String> { data.completeMarkers }

    /// Whether a paragraph's text is a `**Complete**` marker.
    static func isCompleteMarker(_ text: String) -> Bool {
        completeMarkers.contains(LaneName.key(text))
    }

    /// The meaning of a lane name: the whole name, else the name without a bracketed suffix (`Done (old)`), else the
    /// part before or after a separator (`To Do: site`, `Sprint 3 – Done`), else its first or last words; else, for a
    /// name in Chinese, Japanese or Korean, a known name followed by words for tasks or work (`进行中工作`,
    /// `完了タスク`, `진행 중인 작업`: these languages join words without spaces, or inflect them).
    ///
    /// A part is not taken when the rest of the name negates it (`Not done`, `Noch nicht erledigt`,
    /// `Chưa hoàn thành`), nor a Chinese, Japanese or Korean name followed by anything else (`완료되지 않음`,
    /// "not completed"; `完了予定`, "to be completed").
    static func meaning(of name: String) -> Meaning? {
        // VS Code Markdown Kanban marks an archived column with a trailing `[Archived]`.
        if name.lowercased().hasSuffix("[archived]") { return .archive }
        let parts = candidates(name)
        let negations = negationCount(name)
        for part in parts {
            let key = LaneName.key(part)
            guard !key.isEmpty, let meaning = table[key] else { continue }
            if part != name, negationCount(part) < negations { continue }
            return meaning
        }
        for part in parts where negationCount(part) == negations {
            let key = LaneName.key(part)
            if key.unicodeScalars.allSatisfy(\.isCJK), let meaning = compoundMeaning(key) { return meaning }
        }
        return nil
    }

    /// How many words of `text` negate (`not`, `nicht`, `chưa` …).
    private static func negationCount(_ text: String) -> Int {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "-" || $0 == "_" })
            .count { data.negations.contains(LaneName.key(String($0))) }
    }

    /// The meaning of a key that is a known Chinese, Japanese or Korean name followed by words for tasks or work
    /// (after a Korean ending such as `인` or `된`): the longest such known name.
    private static func compoundMeaning(_ key: String) -> Meaning? {
        let scalars = Array(key.unicodeScalars)
        for (name, meaning) in data.cjkNames {
            let known = Array(name.unicodeScalars)
            guard known.count < scalars.count, scalars.starts(with: known) else { continue }
            var rest = scalars[known.count...]
            if let connector = data.connectors.first(where: { rest.starts(with: $0) }) {
                rest = rest.dropFirst(connector.count)
            }
            if isNouns(rest) { return meaning }
        }
        return nil
    }

    /// Whether `scalars` are one or more of the compound nouns, one after another (found position by position, so
    /// a hostile name of thousands of characters costs time in proportion, and no recursion).
    private static func isNouns(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard !scalars.isEmpty else { return false }
        let text = Array(scalars)
        // reachable[i]: the first i scalars are nouns one after another.
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for start in text.indices where reachable[start] {
            for noun in data.nouns where text[start...].starts(with: noun) { reachable[start + noun.count] = true }
        }
        return reachable[text.count]
    }

    static func candidates(_ name: String) -> [String] {
        var result = [name]
        // Layout tags and queries some editors put in headings (`Backlog #row2`, `Today ?.today`) are not the name.
        let kept = name.split(separator: " ").filter { !$0.hasPrefix("#") && !$0.hasPrefix("?") }
        var base = Substring(kept.joined(separator: " ")).trimmingSpaces
        if base != Substring(name).trimmingSpaces { result.append(String(base)) }
        // A bracketed suffix: "Done (2023)", "In Progress [Alice]".
        while let last = base.last, last == ")" || last == "]" || last == "）",
            let open = base.lastIndex(where: { $0 == "(" || $0 == "[" || $0 == "（" }), open > base.startIndex
        {
            base = base[..<open].trimmingSpaces
            result.append(String(base))
        }
        let separators: [String] = [":", "：", "|", " - ", " – ", " — ", "/", "·"]
        for separator in separators {
            guard let range = base.range(of: separator) else { continue }
            result.append(String(base[..<range.lowerBound]))
            if let last = base.range(of: separator, options: .backwards) {
                result.append(String(base[last.upperBound...]))
            }
        }
        let words = base.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if words.count > 1 {
            for length in stride(from: min(3, words.count - 1), through: 1, by: -1) {
                result.append(words.prefix(length).joined(separator: " "))
                result.append(words.suffix(length).joined(separator: " "))
            }
        }
        return result
    }

    /// The lane-name data, read once.
    private struct Table {
        var meanings: [String: Meaning] = [:]
        var completeMarkers: Set<String> = []
        /// Known names written wholly in Chinese, Japanese or Korean, longest first: (key, meaning).
        var cjkNames: [(key: String, meaning: Meaning)] = []
        /// Keys of the words that negate a name.
        var negations: Set<String> = []
        /// Words for tasks or work that may follow a Chinese, Japanese or Korean name, and Korean endings before them.
        var nouns: [[Unicode.Scalar]] = []
        var connectors: [[Unicode.Scalar]] = []
    }

    private static func loadTable() -> Table {
        guard let json = EmbeddedData.sources["lane-names"],
            let file = try? JSONDecoder().decode([String: [String: [String]]].self, from: Data(json.utf8))
        else { return Table() }
        var table: [String: Meaning] = [:]
        // States first, in flow order, so a name listed twice keeps its first meaning; then the archive.
        let order: [(String, Meaning)] = [
            ("todo", .state(.todo)), ("doing", .state(.doing)), ("done", .state(.done)), ("archive", .archive),
        ]
        for (group, meaning) in order {
            for language in (file[group] ?? [:]).keys.sorted() {
                for name in file[group]?[language] ?? [] {
                    let key = LaneName.key(name)
                    if !key.isEmpty, table[key] == nil { table[key] = meaning }
                }
            }
        }
        var result = Table(meanings: table)
        result.completeMarkers = Set((file["complete-marker"] ?? [:]).values.joined().map(LaneName.key))
        result.cjkNames = table.filter { $0.key.unicodeScalars.count >= 2 && $0.key.unicodeScalars.allSatisfy(\.isCJK) }
            .map { (key: $0.key, meaning: $0.value) }
            .sorted { ($0.key.unicodeScalars.count, $1.key) > ($1.key.unicodeScalars.count, $0.key) }
        result.negations = Set((file["negations"] ?? [:]).values.joined().map(LaneName.key))
        result.nouns = (file["compound-nouns"] ?? [:]).values.joined().map { Array(LaneName.key($0).unicodeScalars) }
        result.connectors = (file["compound-connectors"] ?? [:]).values.joined().map { Array($0.unicodeScalars) }
        return result
    }
}

extension Unicode.Scalar {
    /// A Han character, kana, or Hangul (the scripts of Chinese, Japanese and Korean).
    var isCJK: Bool {
        switch value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
