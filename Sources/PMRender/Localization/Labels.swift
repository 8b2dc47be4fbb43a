/// The fixed words a rendered page shows, already in the page's language.
/// Templates receive them as `labels.*` (documented in docs/TEMPLATES.md); each is the catalogue's
/// `label.<name>` string.
public struct Labels: Sendable {
    public let board: String
    public let asOf: String
    public let archived: String
    public let generatedBy: String
    public let overLimit: String
    public let emptyColumn: String
    public let tags: String
    public let close: String
    public let state: String
    public let deadline: String
    public let noDeadline: String
    public let overdue: String
    public let dueSoon: String
    public let navigation: String
    public let overduePage: String
    public let subscribe: String
    public let nothingOverdue: String
    public let nothingDueSoon: String
    public let history: String
    public let noHistory: String
    public let timeline: String
    public let allBoards: String
    public let boards: String
    public let latestChange: String
    public let failedBoards: String
    public let columns: String

    init(_ c: Catalogue) {
        board = c.text("label.board")
        asOf = c.text("label.asOf")
        archived = c.text("label.archived")
        generatedBy = c.text("label.generatedBy")
        overLimit = c.text("label.overLimit")
        emptyColumn = c.text("label.emptyColumn")
        tags = c.text("label.tags")
        close = c.text("label.close")
        state = c.text("label.state")
        deadline = c.text("label.deadline")
        noDeadline = c.text("label.noDeadline")
        overdue = c.text("label.overdue")
        dueSoon = c.text("label.dueSoon")
        navigation = c.text("label.navigation")
        overduePage = c.text("label.overduePage")
        subscribe = c.text("label.subscribe")
        nothingOverdue = c.text("label.nothingOverdue")
        nothingDueSoon = c.text("label.nothingDueSoon")
        history = c.text("label.history")
        noHistory = c.text("label.noHistory")
        timeline = c.text("label.timeline")
        allBoards = c.text("label.allBoards")
        boards = c.text("label.boards")
        latestChange = c.text("label.latestChange")
        failedBoards = c.text("label.failedBoards")
        columns = c.text("label.columns")
    }
}

/// Sentences with numbers and names, in one language. All wording comes from the catalogue.
struct Phrases: Sendable {
    let catalogue: Catalogue

    init(_ locale: BoardLocale) {
        catalogue = Localization.catalogue(locale)
    }

    func cards(_ count: Int) -> String { catalogue.plural("cards", count: count) }

    /// "2 days overdue", "1 day overdue", "overdue today" (a timed deadline passed earlier today).
    func overdueAge(days: Int) -> String {
        days <= 0 ? catalogue.text("status.overdueToday") : catalogue.plural("status.overdue", count: days)
    }

    /// "due today", "due tomorrow", "due in 3 days".
    func dueIn(days: Int) -> String {
        switch days {
        case ...0: return catalogue.text("status.dueToday")
        case 1: return catalogue.text("status.dueTomorrow")
        default: return catalogue.plural("status.dueIn", count: days)
        }
    }

    /// The deadline status as a label: "2 days overdue", "due tomorrow"; empty when neither.
    func status(_ status: DeadlineStatus) -> String {
        switch status {
        case .overdue(let days): return overdueAge(days: days)
        case .dueSoon(let daysLeft): return dueIn(days: daysLeft)
        case .none, .upcoming: return ""
        }
    }

    /// Sentence case for labels that start a phrase on a page (no effect on scripts without case).
    func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    func overdueHeading(_ count: Int) -> String { catalogue.text("heading.overdue", ["count": String(count)]) }

    func dueSoonHeading(_ count: Int) -> String { catalogue.text("heading.dueSoon", ["count": String(count)]) }

    func summary(cards: Int, overdue: Int) -> String {
        overdue == 0
            ? self.cards(cards)
            : catalogue.text("summary.withOverdue", ["cards": self.cards(cards), "overdue": String(overdue)])
    }

    func countLabel(count: Int, limit: Int?) -> String {
        guard let limit else { return cards(count) }
        return catalogue.text("countLabel.withLimit", ["cards": cards(count), "limit": String(limit)])
    }

    /// The column heading: TODO / DOING / DONE, or 예정 / 진행중 / 완료.
    func stateName(_ state: CardState) -> String { catalogue.text("state.\(state.rawValue)") }

    func date(_ date: CalendarDate, time: TimeOfDay? = nil) -> String { catalogue.date(date, time: time) }

    /// Report headline counts for one board: "2 overdue, 1 due soon" or "nothing overdue".
    func reportCounts(overdue: Int, dueSoon: Int, listsDueSoon: Bool) -> String {
        var parts: [String] = []
        if overdue > 0 { parts.append(catalogue.text("report.overdueCount", ["count": String(overdue)])) }
        if listsDueSoon, dueSoon > 0 { parts.append(catalogue.text("report.dueSoonCount", ["count": String(dueSoon)])) }
        if parts.isEmpty {
            return catalogue.text(listsDueSoon ? "report.nothingOverdueOrDueSoon" : "report.nothingOverdue")
        }
        return parts.joined(separator: catalogue.text("list.separator"))
    }

    func list(_ items: [String]) -> String { items.joined(separator: catalogue.text("list.separator")) }

    func text(_ key: String, _ values: [String: String] = [:]) -> String { catalogue.text(key, values) }
}

extension Phrases {
    /// "3 days", "5 hours", "12 minutes": the largest whole unit.
    func duration(seconds: Int) -> String {
        let minutes = max(0, seconds) / 60
        if minutes >= 1440 { return catalogue.plural("duration.days", count: minutes / 1440) }
        if minutes >= 60 { return catalogue.plural("duration.hours", count: minutes / 60) }
        return catalogue.plural("duration.minutes", count: minutes)
    }

    /// What happened to a card, without its title (the page links the title separately):
    /// "Moved from DOING to DONE", "Renamed from 'Spike'; Edited deadline".
    func event(_ change: CardChange) -> String {
        func fields(_ list: [CardChange.Field]) -> String { self.list(list.map { text("field.\($0.rawValue)") }) }
        var parts: [String] = []
        switch change.kind {
        case .added: parts.append(text("event.added", ["state": change.card.lane]))
        case .removed: parts.append(text("event.removed", ["state": change.card.lane]))
        case .archived: parts.append(text("event.archived"))
        case .moved: parts.append(text("event.moved", ["from": change.old!.lane, "to": change.new!.lane]))
        case .edited, .unchanged: break
        }
        if change.isRename { parts.append(text("event.renamed", ["old": change.old!.title])) }
        let edited = change.editedFields.filter { $0 != .title || !change.isRename }
        if !edited.isEmpty, change.kind == .edited || change.kind == .moved {
            parts.append(text("event.edited", ["fields": fields(edited)]))
        }
        return parts.reduce("") { $0.isEmpty ? $1 : text("event.and", ["first": $0, "second": $1]) }
    }
}
