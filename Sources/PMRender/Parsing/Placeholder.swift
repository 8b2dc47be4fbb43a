/// What people write where nothing is yet: a field's value (`Assignee: —`, `Due: TBD`) or a lane's only item
/// (`- _(empty)_`, `- No items`, `- (없음)`). Such text says nothing about a card, and is not one.
enum Placeholder {
    /// Words for "not yet", "none" and "nobody", lowercased.
    private static let values: Set<String> = [
        "tbd", "tba", "tbc", "n/a", "none", "null", "unassigned", "unknown", "nobody", "ninguno", "없음", "미정", "なし",
        "未定", "无", "待定", "offen", "noch offen", "à définir", "a definir", "por definir", "por asignar",
        "a atribuir", "da definire", "da assegnare", "не назначен", "не назначено", "не определён", "не определено",
        "не определен", "belirlenmedi", "belirsiz", "belum ditentukan", "chưa xác định", "nog te bepalen",
    ]

    /// Words for "nothing here", lowercased, besides `values`.
    private static let items: Set<String> = [
        "empty", "nothing", "nothing yet", "nothing here", "nothing to do", "nothing to do yet", "no items",
        "no items yet", "no tasks", "no tasks yet",
        "no cards", "비어 있음", "暂无", "特になし", "nada", "ninguna", "aucun", "aucune", "rien", "keine", "leer", "vide",
        "vazio", "nenhum", "nenhuma", "нет", "пусто", "kosong", "tidak ada", "niente", "nessuno", "nessuna", "vuoto",
        "yok",
        "şu an yok", "henüz yok", "boş", "trống", "không có", "brak", "pusto", "leeg", "geen", "niets", "tyhjä",
        "ingen", "inget", "intet", "κενό", "üres", "nincs", "buit", "belum ada", "chưa có", "chưa có gì",
        "không có gì",
    ]

    /// Words for "so far" after a word for "none", lowercased: `None currently`, `Nothing right now`, `Aucun pour
    /// l'instant`, `Nada por ahora`.
    private static let sofar: Set<String> = [
        "currently", "yet", "for now", "right now", "at the moment", "so far", "at present", "pour l'instant",
        "pour le moment", "actuellement", "por ahora", "por el momento", "actualmente", "todavía", "aún",
        "por enquanto", "no momento", "ainda", "atualmente", "derzeit", "aktuell", "momentan", "bisher", "zurzeit",
        "per ora", "al momento", "ancora", "пока", "сейчас", "на данный момент", "hiện tại", "hiện nay", "şimdilik",
        "henüz", "saat ini", "untuk saat ini", "現在", "目前", "暂时", "현재", "아직",
    ]

    /// What a template writes where a lane's text is to be filled in later, lowercased: alone, or followed by a word
    /// for "after" or "when" (`À compléter après merge final`, `To be completed once merged`).
    private static let toFill: [String] = [
        "to be completed", "to be filled in", "to be filled", "to fill in", "à compléter", "à remplir", "a completar",
        "por completar", "a preencher", "zu ergänzen", "da completare",
    ]

    /// Words for "after" or "when" that may follow `toFill`, lowercased.
    private static let later: Set<String> = [
        "after", "later", "once", "when", "après", "plus", "quand", "después", "despues", "cuando", "depois", "quando",
        "nach", "später", "wenn", "dopo",
    ]

    /// Words for tasks, lowercased: after a word for "none", a sentence that says there are none.
    private static let tasks: Set<String> = [
        "task", "tasks", "item", "items", "card", "cards", "tarefa", "tarefas", "tarea", "tareas", "tâche", "tâches",
        "aufgabe", "aufgaben", "задача", "задачи", "задач", "attività", "compito", "taak", "taken", "zadanie", "zadań",
        "görev", "tugas", "issues", "bugs", "problems", "blockers", "tarjeta", "tarjetas", "cartão", "cartões",
        "carte", "cartes", "karte", "karten",
    ]

    /// Words for "no" or "without" before a word for tasks (`No tasks`, `Sin tarjetas pendientes`, `Sem tarefas`).
    private static let without: Set<String> = ["no", "sin", "sem", "sans", "ohne", "senza", "без"]

    /// Characters that hold a place on their own (dashes, dots, question marks), and spaces.
    private static let marks = Set("-‐‒–—―?.…_*~/ ".unicodeScalars)

    /// A date's format written where the date is to go, as templates do (`YYYY-MM-DD`, `[YYYY-MM-DD]`, Portuguese and
    /// Spanish `AAAA-MM-DD`, German `TT.MM.JJJJ`), lowercased.
    private static let dateFormats: Set<String> = [
        "yyyy-mm-dd", "yyyy/mm/dd", "dd/mm/yyyy", "mm/dd/yyyy", "dd.mm.yyyy", "dd-mm-yyyy", "yyyy-mm-dd hh:mm",
        "aaaa-mm-dd", "dd/mm/aaaa", "jjjj-mm-tt", "tt.mm.jjjj", "jj/mm/aaaa",
    ]

    /// Whether a field's value only holds its place: empty, marks alone (`—`, `-`, `?`, `...`), a word for "not
    /// yet" (`TBD`, `N/A`, `none`, `미정`), or a date's format in a date's place (`YYYY-MM-DD`, `[YYYY-MM-DD]`).
    static func isValue(_ value: Substring) -> Bool {
        let trimmed = value.trimmingSpaces
        // Most values are ASCII and start with a digit or a letter no word here starts with (`2026-05-10 14:00`,
        // `release, owner-5`): told apart on their first byte, without lower-casing the text. (Lower-casing keeps an
        // ASCII byte ASCII, and a digit or a mark what it is.)
        if let first = trimmed.utf8.first, first < 0x80, !marks.contains(Unicode.Scalar(first)) {
            let lower = (0x41...0x5A).contains(first) ? first + 0x20 : first
            if !valueFirstBytes.contains(lower) { return false }
        }
        if trimmed.unicodeScalars.allSatisfy(marks.contains) { return true }
        guard trimmed.count <= 20 else { return false }
        let key = trimmed.lowercased()
        let unbracketed = key.first == "[" && key.last == "]" ? String(key.dropFirst().dropLast()) : key
        return values.contains(key) || dateFormats.contains(unbracketed)
    }

    /// The first bytes of `values` and of `dateFormats` (bracketed too: `[YYYY-MM-DD]`).
    private static let valueFirstBytes = Set(
        (values.compactMap(\.utf8.first) + dateFormats.compactMap(\.utf8.first) + [UInt8(ascii: "[")]).map {
            (0x41...0x5A).contains($0) ? $0 + 0x20 : $0
        })

    /// Whether a list item's text only says the lane is empty (`_(empty)_`, `No items`, `(없음)`, `无`), emphasis
    /// marks, brackets and a closing full stop aside.
    ///
    /// Wrapped in brackets or emphasis, the first word is enough (`_(nothing in flight)_`, `_(vazio — WIP 1)_`);
    /// when `sentence` (a table's lone row, its other cells empty), a word for "none" and one for tasks are
    /// (`| — | Nenhuma tarefa pendente nesta etapa | — |`; not `Nothing renders on Safari`).
    static func isItem(_ text: String, sentence: Bool = false) -> Bool {
        var words = Substring(TextCleaning.collapseWhitespace(text)).trimmingSpaces
        var wrapped = false
        // (At least two characters, counted without walking the text: a title of thousands of nested brackets.)
        while let first = words.first, let last = words.last, words.dropFirst().startIndex < words.endIndex,
            ("([（".contains(first) && ")]）".contains(last)) || ("_*".contains(first) && first == last)
        {
            // (Not `dropLast()`: Collection's, which this call picks, counts the whole text.)
            words = words[words.index(after: words.startIndex)..<words.index(before: words.endIndex)].trimmingSpaces
            wrapped = true
        }
        if words.last == "." { words = words.dropLast() }
        guard !words.isEmpty, words.count <= (sentence ? 100 : 40) else { return false }
        let key = words.lowercased()
        if words.count <= 16, values.contains(key) || items.contains(key) { return true }
        let parts = key.split(separator: " ")
        // A word for "none" and one for "so far" (`None currently`, `Aucun pour l'instant`).
        if parts.count >= 2, values.contains(String(parts[0])) || items.contains(String(parts[0])),
            sofar.contains(parts.dropFirst().joined(separator: " "))
        {
            return true
        }
        // A place to fill in later (`À compléter après merge final`, `To be completed`).
        if let phrase = toFill.first(where: { key == $0 || key.hasPrefix($0 + " ") }) {
            let rest = key.dropFirst(phrase.count).split(separator: " ")
            if rest.first.map({ later.contains(String($0)) }) ?? true { return true }
        }
        // A word for "none" and one for tasks: a lone row's sentence, or a short one as a lane's only item (`No tasks in
        // progress`, `Keine Aufgaben in Arbeit`, `Нет задач в работе`).
        if sentence || parts.count <= 4, parts.count >= 2,
            without.contains(String(parts[0])) || values.contains(String(parts[0])) || items.contains(String(parts[0])),
            tasks.contains(String(parts[1]))
        {
            return true
        }
        guard wrapped, let first = parts.first else { return false }
        return values.contains(String(first)) || items.contains(String(first))
    }
}
