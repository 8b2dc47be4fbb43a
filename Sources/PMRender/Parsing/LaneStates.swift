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
    /// name in Chinese, Japanese or Korean, the longest known name it starts with (`进行中工作`, `完了タスク`,
    /// `진행 중인 작업`: these languages join words without spaces, or inflect them). Not the one it ends with:
    /// `미완료` and `未完成` ("not done") end with `완료` and `完成` ("done").
    static func meaning(of name: String) -> Meaning? {
        // VS Code Markdown Kanban marks an archived column with a trailing `[Archived]`.
        if name.lowercased().hasSuffix("[archived]") { return .archive }
        let keys = candidates(name).map(LaneName.key)
        for key in keys where !key.isEmpty {
            if let meaning = table[key] { return meaning }
        }
        for key in keys where key.unicodeScalars.allSatisfy(\.isCJK) {
            if let meaning = cjkPrefixMeaning(key) { return meaning }
        }
        return nil
    }

    /// Known names written wholly in Chinese, Japanese or Korean, longest first: (key, meaning).
    private static var cjkNames: [(key: String, meaning: Meaning)] { data.cjkNames }

    /// The meaning of the longest known name of two or more characters that `key` starts with.
    private static func cjkPrefixMeaning(_ key: String) -> Meaning? {
        cjkNames.first { key.unicodeScalars.starts(with: $0.key.unicodeScalars) }?.meaning
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

    private static func loadTable() -> (
        meanings: [String: Meaning], completeMarkers: Set<String>, cjkNames: [(key: String, meaning: Meaning)]
    ) {
        guard let json = EmbeddedData.sources["lane-names"],
            let file = try? JSONDecoder().decode([String: [String: [String]]].self, from: Data(json.utf8))
        else { return ([:], [], []) }
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
        let markers = Set((file["complete-marker"] ?? [:]).values.joined().map(LaneName.key))
        let cjk = table.filter { $0.key.unicodeScalars.count >= 2 && $0.key.unicodeScalars.allSatisfy(\.isCJK) }
            .map { (key: $0.key, meaning: $0.value) }
            .sorted { ($0.key.unicodeScalars.count, $1.key) > ($1.key.unicodeScalars.count, $0.key) }
        return (table, markers, cjk)
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
