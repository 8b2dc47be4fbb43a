import Foundation

/// Words by group and language, as a file of `Data/` holds them (`{"done": {"en": ["Done", …]}}`): the
/// EmbedResources plugin reads each one when pm-render is built and embeds it as `EmbeddedData.tables[name]`.
typealias WordTable = [String: [String: [String]]]

/// Which state a lane's name stands for, from the names teams give lanes in many languages
/// (`Data/lane-names.json`, compiled into the binary): `Backlog` and `할 일` are todo, `In Progress` and `进行中`
/// doing, `Erledigt` and `Готово` done, `归档` the archive.
enum LaneStates {
    /// What a lane's name says.
    enum Meaning: Hashable {
        case state(CardState)
        case archive
    }

    /// Names by comparison key.
    static var table: [String: Meaning] { data.meanings }

    /// Whether a lane's whole name says it holds notes about the board rather than work (`Legend`, `Progress Log`,
    /// `Definition of Done`, `Notas`, `备注`: the data's `notes`), symbols and markup aside.
    static func isNotes(_ name: String) -> Bool {
        // A date or a note in brackets after the name qualifies it (`Decisions (2026-06-23)`).
        let name = Substring(name).trimmingSpaces
        if data.notes.contains(LaneName.key(String(name)))
            || name.bracketedSuffix.map({ data.notes.contains(LaneName.key(String($0.before))) }) ?? false
        {
            return true
        }
        // Names of notes joined into one (`Decisions / Notes`, `결정사항 / 주의`, `References & Links`), or by a word
        // for "and" (`Notes and Decisions`, `Notlar ve Önemli Kararlar`).
        let parts = joinedNames(name)
        return parts.count >= 2 && parts.allSatisfy { data.notes.contains(LaneName.key(String($0))) }
    }

    /// The names a name joins into one (`Decisions / Notes`, `References & Links`, `进行中 / 待办`, `Notes and
    /// Decisions`): its parts around `/`, `&`, `·`, `、` and commas, and around a word for "and".
    private static func joinedNames(_ name: Substring) -> [String] {
        name.split(whereSeparator: joinsNames).flatMap { part in
            part.split(separator: " ").split(whereSeparator: { conjunctions.contains($0.lowercased()) }).map {
                $0.joined(separator: " ")
            }
        }
    }

    /// Whether a character joins two names (`joinedNames`). Each is one scalar, compared by its value: a `switch` over
    /// `Character`s compared strings, seven for every character of every name asked about. `Character` equality is
    /// canonical, so the one scalar canonically equal to one of them, U+0387 (Greek ano teleia, the middle dot), is
    /// listed too; a character of several scalars equals none of them.
    private static func joinsNames(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
            return false
        }
        switch scalar {
        case "/", "／", "&", "·", "\u{0387}", "・", "、", ",": return true
        default: return false
        }
    }

    /// Words for "and" that join two names of notes into one (`Notes and Decisions`).
    private static let conjunctions: Set<String> = [
        "and", "und", "y", "e", "et", "en", "ve", "i", "и", "і", "och", "og", "és",
    ]

    /// The name a lane of `state` is given beside lanes named `names`: the first the data lists for that state in the
    /// language of the first of `names` it lists (`완료` beside `할 일` and `진행 중`; `Done` when it lists none),
    /// in capitals when every one of `names` is (`DONE` beside `TODO`).
    static func name(for state: CardState, besides names: [String]) -> String {
        let file = EmbeddedData.tables["lane-names"] ?? [:]
        let group = { (state: CardState) in file[state.slug] ?? [:] }
        let keys = names.map(LaneName.key)
        let language = keys.lazy.compactMap { key in
            [CardState.todo, .doing, .done].lazy.compactMap { state in
                group(state).sorted(by: { $0.key < $1.key }).first { $0.value.contains { LaneName.key($0) == key } }?
                    .key
            }.first
        }.first
        let name = group(state)[language ?? "en"]?.first ?? group(state)["en"]?.first ?? state.rawValue
        let capitals = !names.isEmpty && names.allSatisfy { $0.contains(where: \.isLetter) && $0.uppercased() == $0 }
        return capitals ? name.uppercased() : name
    }

    /// Whether a lane's whole name, symbols and a note in brackets aside, says its work was given up rather than
    /// done (`Cancelled`, `Won't do`, `취소`, `Abgebrochen`: the data's `cancelled`, done lanes all).
    static func isCancelled(_ name: String) -> Bool {
        let name = Substring(name).trimmingSpaces
        return data.cancelled.contains(LaneName.key(String(name)))
            || name.bracketedSuffix.map { data.cancelled.contains(LaneName.key(String($0.before))) } ?? false
    }

    /// Reads the lane-name data now rather than at its first use (see `StartupTables`).
    static func prepare() { _ = data.meanings.count }

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
        // A lane name is a few words: a long text is looked up whole, so that reading it stays linear.
        guard name.utf8.count <= 512 else { return table[LaneName.key(name)] }
        let (parts, base, bracketed) = candidates(name)
        // Names about the flow, not a state of it (`WIP Limits`).
        if data.notStates.contains(LaneName.key(base)) { return nil }
        // A done word qualified as finished in part, or as waiting to be checked (`Partially done`, `Partiellement
        // terminé`, `Реализовано / проверить`, `Done (to review)`, `一部完了`): work still in progress or review.
        if let rest = withoutUnfinished(name), meaning(of: rest) == .state(.done) { return .state(.doing) }
        // Brackets qualify a name; a negation inside them does not negate it (`Done (not yet deployed)`; `Done (not
        // reviewed)` is unfinished, above).
        let negations = negationCount(base)
        let baseKey = LaneName.key(base)
        var contentMeaning: Meaning?
        // Whether a done word is negated (`Not done`, `Pas encore réalisé`): work still to do, when nothing else says.
        var negatedDone = false
        for part in parts {
            let key = LaneName.key(part)
            guard !key.isEmpty, let meaning = table[key] else { continue }
            if part != name, negations > 0, negationCount(part) < negationCount(segment(of: part, in: base)) {
                negatedDone = negatedDone || meaning == .state(.done)
                continue
            }
            // `Готово к работе`, `Pronto para validar`: where "done" also means "ready", a word for what it is ready
            // for makes it no done lane (ready to start or ready for review: the lanes around it tell); and `Ready for
            // test`, `Ready to deploy` is no todo lane (after the work is done, it waits for the next step).
            if meaning == .state(.done) || meaning == .state(.todo), isReadyFor(part, in: base) { continue }
            // `Done when`, `Fertig wenn …`: a condition for a state (acceptance criteria), not the lane of it; what
            // follows is the condition (`Done once merged`).
            if case .state = meaning, isCondition(part, in: base) { return nil }
            // What brackets hold may give a state (`Phase 1 (done)`), never the archive (`Reading list (archive)`).
            if meaning == .archive, bracketed.contains(part) { continue }
            // A symbol is a state at the end of a name (`Phase 1 ✅ [Ann]`); at its start it decorates (`✅ Qualified`).
            if part != name, !key.unicodeScalars.contains(where: \.isWordCharacter), !base.hasSuffix(part) {
                continue
            }
            // A word for what a lane holds (`Aufgaben`, `Ideas`) decides only when no other word of the name does
            // (`Erledigte Aufgaben` is done, `Tehtävät valmiit` "tasks done" too; `Aufgaben` alone is todo).
            if key != baseKey, data.contents.contains(key) {
                contentMeaning = contentMeaning ?? meaning
                continue
            }
            return meaning
        }
        for part in parts where negationCount(part) == negations {
            let key = LaneName.key(part)
            if key.unicodeScalars.allSatisfy(\.isCJK), let meaning = compoundMeaning(key) { return meaning }
        }
        // Korean `기획 중`, `음악 제작 중` ("planning", "making the music"): a noun and 중, "in the middle of", is work
        // in progress (`진행 중` is in the data; 중 alone, and joined to a word as in 집중 "focus", is not). Symbols and
        // numbers around the words decorate (`🟡 기획 중`, `[기획 중]`, `1. 기획 중`).
        let words = base.unicodeScalars.split { !$0.isWordCharacter }.filter { !$0.allSatisfy(\.isDigitLike) }
        if contentMeaning == nil, negations == 0, words.count >= 2, String(words[words.count - 1]) == "중",
            words.dropLast().allSatisfy({ $0.allSatisfy(\.isCJK) })
        {
            return .state(.doing)
        }
        // Chinese `正在验证`, `正在开发` ("being verified", "being developed"): 正在 before a verb is work in progress
        // (`正在进行` is in the data).
        if contentMeaning == nil, negations == 0, baseKey.count > 2, baseKey.hasPrefix("正在"),
            baseKey.unicodeScalars.allSatisfy(\.isCJK)
        {
            return .state(.doing)
        }
        return contentMeaning ?? (negatedDone ? .state(.todo) : nil)
    }

    /// A lane name's meaning when the whole name is a known name, symbols around it aside (`Done`, `🔨 Por hacer`,
    /// `Done ✓`), or one given in two languages (`A Fazer (Backlog)`, `进行中 (In Progress)`), or dated (`Done
    /// (2026-06-23)`), or known names joined (`進行中 / 待辦`, `Doing / Review`), or a known name and a word for tasks
    /// in Chinese, Japanese or Korean (`完了済み機能`, `진행 중인 작업`), which names the lane's tasks, a note in brackets
    /// after it aside (`実装中の機能（未完成のもの）`); nil for names that only hold one (`Code review of the API`,
    /// `Review (API)`).
    static func wholeMeaning(of name: String) -> Meaning? {
        func words(_ name: Substring) -> String {
            let words = name.unicodeScalars.map { $0.isWordCharacter || $0 == " " ? Character($0) : " " }
            return String(words).split(separator: " ").joined(separator: " ")
        }
        func whole(_ name: Substring) -> Meaning? {
            // A key keeps only a name's letters and digits, so the key of an ASCII name with one is its words' key too.
            if isASCIIWithWord(name) { return table[LaneName.key(String(name))] }
            return table[LaneName.key(words(name))] ?? table[LaneName.key(String(name))]
        }
        func tasks(_ name: Substring) -> Meaning? {
            // The key of an ASCII name is ASCII: never a name in Chinese, Japanese or Korean.
            if name.utf8.allSatisfy({ $0 < 0x80 }) { return nil }
            let key = LaneName.key(words(name))
            return !key.isEmpty && key.unicodeScalars.allSatisfy(\.isCJK) ? compoundMeaning(key) : nil
        }
        let trimmed = Substring(name).trimmingSpaces
        if let meaning = whole(trimmed) ?? tasks(trimmed) { return meaning }
        let joined = joinedNames(trimmed)
        if joined.count >= 2, joined.allSatisfy({ whole(Substring($0)) != nil }) { return meaning(of: name) }
        guard let (before, inside) = trimmed.bracketedSuffix else { return nil }
        if let meaning = tasks(before) { return meaning }
        guard let meaning = whole(before) else { return nil }
        // A day's date in brackets says when (`已完成（2025-11-04）`, `Done (2026-06-23)`): the name is still wholly the
        // lane's.
        return whole(inside) == meaning || holdsDayDate(inside) ? meaning : nil
    }

    /// Whether a name is ASCII with a letter or a digit (card headings asked about as lane names mostly are).
    private static func isASCIIWithWord(_ name: Substring) -> Bool {
        var hasWord = false
        for byte in name.utf8 {
            guard byte < 0x80 else { return false }
            hasWord = hasWord || Unicode.Scalar(byte).isWordCharacter
        }
        return hasWord
    }

    /// Whether a lane name names a period of time (`Last week`, `2025`, `Q3`, `Sprint 12`, `Mai`): lanes after a done
    /// lane so named hold what was done then.
    static func isPeriod(_ name: String) -> Bool {
        var name = Substring(name).trimmingSpaces
        // A number of days or weeks in brackets is a duration (`Execution order (2 weeks)`), not a period, and a day's
        // date in brackets says when the lane was written (`Bugs (2026-06-23)`, `(updated 15.06.2026)`); a year in
        // brackets is a period (`Release notes (2025)`).
        if let (before, inside) = name.bracketedSuffix {
            let words = inside.split(separator: " ")
            if (words.count >= 2 && words[0].allSatisfy(\.isNumber)) || holdsDayDate(inside) { name = before }
        }
        return name.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).contains { word in
            let key = LaneName.key(String(word))
            if data.periods.contains(key) { return true }
            // A year (`2025`), a quarter (`Q3`), a calendar week (`W12`, `KW12`).
            let digits = key.drop { !$0.isNumber }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return false }
            switch key.dropLast(digits.count) {
            case "": return digits.count == 4 && (digits.hasPrefix("19") || digits.hasPrefix("20"))
            case "q": return digits.count == 1 && ("1"..."4").contains(digits)
            case "w", "kw", "cw": return digits.count <= 2
            default: return false
            }
        }
    }

    /// Whether `text` holds a day's date written with numbers: year, month and day (`2026-06-23`, `2026/6/23`) or day,
    /// month and year (`15.06.2026`, `23/06/26`).
    private static func holdsDayDate(_ text: Substring) -> Bool {
        let runs = text.split(whereSeparator: { !$0.isASCIIDigit && $0 != "-" && $0 != "." && $0 != "/" })
        return runs.contains { run in
            let parts = run.split(omittingEmptySubsequences: false, whereSeparator: { !$0.isASCIIDigit })
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { return false }
            let counts = parts.map(\.count)
            return counts[0] == 4 && counts[1] <= 2 && counts[2] <= 2
                || counts[0] <= 2 && counts[1] <= 2 && (counts[2] == 4 || counts[2] == 2)
        }
    }

    /// Whether `part` starts `name` and is a word for "ready" followed by a word of its language for what something is
    /// ready for (`к`, `para`, `zum`, `for`).
    private static func isReadyFor(_ part: String, in name: String) -> Bool {
        guard let purposes = data.readyWords[LaneName.key(part)], name.count > part.count, name.hasPrefix(part) else {
            return false
        }
        let next = name.dropFirst(part.count).split(separator: " ", maxSplits: 1).first
        return next.map { purposes.contains($0.lowercased()) } ?? false
    }

    /// Whether the word after `part` in the name makes it a condition (`when`, `wenn`, `quand` …).
    private static func isCondition(_ part: String, in name: String) -> Bool {
        guard let range = name.range(of: part) else { return false }
        let next = name[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," }).first
        return next.map { data.conditions.contains($0.lowercased()) } ?? false
    }

    /// The separators a lane name's parts are read around (`To Do: site`, `Sprint 3 – Done`).
    private static let separators: [String] = [":", "：", "|", " - ", " – ", " — ", "/", "／", "·", "・", "、"]

    /// The part of `name` between separators that holds `part`, else the whole name: a negation negates the words
    /// of its own part (`Blocked — gate not passed` is blocked; `Not done`, `Noch nicht erledigt` are not done).
    private static func segment(of part: String, in name: String) -> String {
        var segments = [Substring(name)]
        for separator in separators {
            segments = segments.flatMap { $0.split(separator: separator, omittingEmptySubsequences: false) }
        }
        guard segments.count > 1 else { return name }
        return segments.first { $0.contains(part) }.map(String.init) ?? name
    }

    /// `name` without its words that say finished work is not all finished (`partly`, `to check`, `проверить`,
    /// `à vérifier`, `一部`, `待验证`: the data's `unfinished`), or nil when it has none. A Chinese or Japanese word
    /// may hold one at its start or end (`部分完成`, `完成待验证`).
    private static func withoutUnfinished(_ name: String) -> String? {
        var words = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).map(String.init)
        guard words.count < 16 else { return nil }
        var removed = false
        var start = 0
        while start < words.count {
            let length = (1...min(4, words.count - start)).reversed().first {
                data.unfinished.contains(LaneName.key(words[start..<(start + $0)].joined(separator: " ")))
            }
            if let length {
                words.removeSubrange(start..<(start + length))
                removed = true
                continue
            }
            var key = LaneName.key(words[start])
            while key.unicodeScalars.allSatisfy(\.isCJK),
                let word = data.unfinishedCJK.first(where: {
                    key.count > $0.count && (key.hasPrefix($0) || key.hasSuffix($0))
                })
            {
                key = key.hasPrefix(word) ? String(key.dropFirst(word.count)) : String(key.dropLast(word.count))
                words[start] = key
                removed = true
            }
            start += 1
        }
        return removed && !words.isEmpty ? words.joined(separator: " ") : nil
    }

    /// How many words of `text` negate (`not`, `nicht`, `chưa` …).
    private static func negationCount(_ text: String) -> Int {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "-" || $0 == "_" })
            .count { data.negations.contains(LaneName.key(String($0))) }
    }

    /// The meaning of a key that is a known Chinese, Japanese or Korean name followed by words for tasks or work
    /// (after a Korean ending such as `인` or `된`): the longest such known name.
    private static func compoundMeaning(_ key: String) -> Meaning? {
        // A word for a period before it (`今日完成` "done today", `明日计划` "tomorrow's plan", `이번 주 완료`) says when:
        // the rest is the name. Done in a period to come is planned work (`明天完成`, "to finish tomorrow").
        var key = key
        if let (period, coming) = data.cjkPeriods.first(where: { key.count > $0.key.count && key.hasPrefix($0.key) }) {
            key = String(key.dropFirst(period.count))
            if let meaning = table[key] { return coming && meaning == .state(.done) ? .state(.todo) : meaning }
        }
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

    /// The parts of a name to look up, in order; the name without its tags and bracketed suffixes; and what its
    /// brackets hold.
    static func candidates(_ name: String) -> (parts: [String], base: String, bracketed: [String]) {
        var result = [name]
        // Layout tags and queries some editors put in headings (`Backlog #row2`, `Today ?.today`) are not the name.
        let kept = name.split(separator: " ").filter { !$0.hasPrefix("#") && !$0.hasPrefix("?") }
        var base = Substring(kept.joined(separator: " ")).trimmingSpaces
        if base != Substring(name).trimmingSpaces { result.append(String(base)) }
        // A bracketed suffix: "Done (2023)", "In Progress [Alice]". What it holds counts when it is a whole name and
        // the rest is not: roadmaps mark a phase's state so ("Phase 1: Setup (done)").
        var bracketed: [String] = []
        while bracketed.count < 3, let (before, inside) = base.bracketedSuffix {
            bracketed.append(String(inside))
            base = before
            result.append(String(base))
        }
        result += bracketed
        // The parts on either side of a separator, then the first and last words of the name and of those parts.
        var parts = [base]
        for separator in separators {
            guard let range = base.range(of: separator) else { continue }
            parts.append(base[..<range.lowerBound].trimmingSpaces)
            if let last = base.range(of: separator, options: .backwards) {
                parts.append(base[last.upperBound...].trimmingSpaces)
            }
        }
        result += parts.dropFirst().map(String.init)
        for part in parts {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count > 1 else { continue }
            // A name about the flow at the end of a longer one (`Columnas y límites WIP`, "columns and WIP limits"):
            // its words name no state (`WIP` alone would be doing).
            let flowWords =
                (2...min(3, words.count)).last {
                    data.notStates.contains(LaneName.key(words.suffix($0).joined(separator: " ")))
                } ?? 0
            for length in stride(from: min(3, words.count - 1), through: 1, by: -1) {
                result.append(words.prefix(length).joined(separator: " "))
                // What follows `of` after other words is what the name is about (`Definition of Done`), not the
                // lane's state (`Moved to Done`, `Sent for Review` are states).
                let before = words.count - length - 1
                if before > 0, data.objects.contains(words[before].lowercased()) { continue }
                if length <= flowWords { continue }
                result.append(words.suffix(length).joined(separator: " "))
            }
        }
        return (result, String(base), bracketed)
    }

    /// The lane-name data, read once.
    private struct Table {
        var meanings: [String: Meaning] = [:]
        var completeMarkers: Set<String> = []
        /// Known names written wholly in Chinese, Japanese or Korean, longest first: (key, meaning).
        var cjkNames: [(key: String, meaning: Meaning)] = []
        /// Keys of the words that negate a name.
        var negations: Set<String> = []
        /// Keys of the words that say a done lane's work is finished in part or waits to be checked.
        var unfinished: Set<String> = []
        /// Those written in Chinese, Japanese or Korean, longest first.
        var unfinishedCJK: [String] = []
        /// Words for tasks or work that may follow a Chinese, Japanese or Korean name, and Korean endings before them.
        var nouns: [[Unicode.Scalar]] = []
        var connectors: [[Unicode.Scalar]] = []
        /// Keys of words for periods in Chinese, Japanese and Korean (`今日`, `本周`, `이번 주`), longest first, and
        /// whether each is one to come (`明天`, `내일`: the data's `future-periods`).
        var cjkPeriods: [(key: String, coming: Bool)] = []
        /// Words after which a known name is what a name is about (`of`), lowercased.
        var objects: Set<String> = []
        /// Keys of the words for what a lane holds (tasks, ideas), which decide a longer name's state last.
        var contents: Set<String> = []
        /// Keys of names about the flow rather than a state of it (`WIP Limits`).
        var notStates: Set<String> = []
        /// Keys of names of sections of notes (`Legend`, `Progress Log`).
        var notes: Set<String> = []
        /// Keys of names of done lanes of work given up (`Cancelled`, `Won't do`).
        var cancelled: Set<String> = []
        /// Keys of the words for days, weeks, months, sprints and the like.
        var periods: Set<String> = []
        /// Words after a state's word that make a name a condition (`when`, `wenn`), lowercased.
        var conditions: Set<String> = []
        /// Keys of the words for "ready" (`Ready`; the done names that also mean it: `Готово`, `Pronto`, `Fertig`), each
        /// with the words of its language for what something is ready for, lowercased.
        var readyWords: [String: Set<String>] = [:]
    }

    private static func loadTable() -> Table {
        // Read from JSON when pm-render is built (the EmbedResources plugin), so no run parses it.
        let file = EmbeddedData.tables["lane-names"] ?? [:]
        var table: [String: Meaning] = [:]
        table.reserveCapacity(2048)
        // States first, in flow order, so a name listed twice keeps its first meaning; then the archive.
        let order: [(String, Meaning)] = [
            ("todo", .state(.todo)), ("doing", .state(.doing)), ("done", .state(.done)), ("archive", .archive),
        ]
        for (group, meaning) in order {
            for (_, names) in (file[group] ?? [:]).sorted(by: { $0.key < $1.key }) {
                for name in names {
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
        result.unfinished = Set((file["unfinished"] ?? [:]).values.joined().map(LaneName.key))
        result.unfinishedCJK = result.unfinished.filter { $0.unicodeScalars.allSatisfy(\.isCJK) }
            .sorted { ($0.count, $1) > ($1.count, $0) }
        result.nouns = (file["compound-nouns"] ?? [:]).values.joined().map { Array(LaneName.key($0).unicodeScalars) }
        result.connectors = (file["compound-connectors"] ?? [:]).values.joined().map { Array($0.unicodeScalars) }
        result.periods = Set((file["periods"] ?? [:]).values.joined().map(LaneName.key))
        let coming = Set((file["future-periods"] ?? [:]).values.joined().map(LaneName.key))
        result.cjkPeriods = result.periods.union(coming).filter { !$0.isEmpty && $0.unicodeScalars.allSatisfy(\.isCJK) }
            .sorted { ($0.unicodeScalars.count, $1) > ($1.unicodeScalars.count, $0) }
            .map { (key: $0, coming: coming.contains($0)) }
        result.objects = Set((file["objects"] ?? [:]).values.joined().map { $0.lowercased() })
        result.conditions = Set((file["conditions"] ?? [:]).values.joined().map { $0.lowercased() })
        let purposesByLanguage = (file["purposes"] ?? [:]).mapValues { Set($0.map { $0.lowercased() }) }
        for (language, words) in file["ready-words"] ?? [:] {
            for word in words {
                result.readyWords[LaneName.key(word), default: []].formUnion(purposesByLanguage[language] ?? [])
            }
        }
        result.contents = Set((file["contents"] ?? [:]).values.joined().map(LaneName.key))
        result.notStates = Set((file["not-states"] ?? [:]).values.joined().map(LaneName.key))
        result.notes = Set((file["notes"] ?? [:]).values.joined().map(LaneName.key))
        result.cancelled = Set((file["cancelled"] ?? [:]).values.joined().map(LaneName.key))
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
