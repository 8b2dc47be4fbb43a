import Foundation

/// Where a board's pages stand in their site, for links between them.
struct SiteContext: Sendable {
    /// The board is part of a site of several boards (its pages link back to the overview).
    var partOfSite = false
    /// Where the site is published (for `webcal://` links); nil when unknown.
    var baseURL: String?
    /// The site has a metrics page.
    var hasMetrics = false
    /// Embedded files copied into the site, by the name the board uses (`diagram.png` → `files/diagram.png`).
    var embeds: [String: String] = [:]
    /// Wikilinks link under this URL (`--wikilink-base`; else the board's `wikilink-base`).
    var wikilinkBase: String?
}

/// Turns a board into its pages' view models, in the board's language.
///
/// Everything a page says about the whole board (its counts, tags and people) comes from one pass over the cards,
/// when the builder is made; each card's view is made as its page is written (`CardViewList`).
struct PageBuilder: Sendable {
    let board: Board
    let clock: DeadlineClock
    let history: BoardHistory?
    let site: SiteContext
    /// The board's problems, shown in a banner on its page.
    let problems: [Diagnostic]
    let phrases: Phrases
    let labels: LabelsView
    let html: MarkdownHTML
    /// The board page's counts.
    let tally: PageTally
    /// Each distinct deadline as a date view, made once: a large board repeats them.
    private let deadlineViews: [Deadline: DateView]
    /// The words of each deadline status the board's cards have ("2 days overdue", "due in 3 days"), looked up in
    /// the catalogue once per day count rather than once or twice per card.
    private let deadlineWords: [DeadlineStatus: DeadlineWords]
    /// Days in its current lane of each card in a lane whose history is known, and "In Review for 5 days", written
    /// once per lane and day count.
    private let laneAges: [String: LaneAge]
    /// Chips, people and state names, made once per distinct value rather than once per card.
    private let tagViews: [String: TagView]
    private let personViews: [String: PersonView]
    private let stateNames: [CardState: String]

    init(
        board: Board, clock: DeadlineClock, history: BoardHistory? = nil, site: SiteContext = SiteContext(),
        problems: [Diagnostic] = []
    ) {
        self.board = board
        self.clock = clock
        self.history = history
        self.site = site
        self.problems = problems
        let phrases = Phrases(board.locale)
        self.phrases = phrases
        labels = LabelsView(catalogue: phrases.catalogue)
        var options = MarkdownHTML.Options()
        options.headingOffset = 3
        options.wikilinkBase = site.wikilinkBase ?? board.settings.wikilinkBase
        let embeds = site.embeds
        options.embedURL = { embeds[$0] }
        options.taskLabels = (phrases.text("label.subtaskOpen"), phrases.text("label.subtaskDone"))
        options.taskLabelAttribute = .ariaLabel
        // Obsidian shows a card's lines as typed, and Taskell its description's `> ` lines.
        options.softBreaksAreLineBreaks = board.style.dialect == .obsidianKanban || board.style.dialect == .taskell
        html = MarkdownHTML(options: options)
        stateNames = Dictionary(uniqueKeysWithValues: CardState.allCases.map { ($0, phrases.stateName($0)) })
        var tally = PageTally()
        var deadlineViews: [Deadline: DateView] = [:]
        var deadlineWords: [DeadlineStatus: DeadlineWords] = [:]
        var laneAges: [String: LaneAge] = [:]
        var ageTexts: [LaneDays: String] = [:]
        // Each distinct tag and person once, in the order first met, with its number of cards: one look-up per tag
        // of a card (the views and the counts by slug are made from these once the cards are counted).
        var tagSlots: [String: Int] = [:]
        var tagCounts: [(view: TagView, count: Int)] = []
        var personSlots: [String: Int] = [:]
        var personCounts: [(view: PersonView, count: Int)] = []
        for lane in board.lanes {
            tally.states[lane.state, default: 0] += lane.cards.count
            for card in lane.cards {
                if let due = card.due, deadlineViews[due] == nil {
                    deadlineViews[due] = DateView(iso: due.iso, text: phrases.date(due.date, time: due.time))
                }
                let status = DeadlineStatus(card: card, clock: clock, dueSoonDays: board.dueSoonDays)
                if deadlineWords[status] == nil { deadlineWords[status] = DeadlineWords(status, phrases: phrases) }
                if status.isOverdue { tally.overdue += 1 }
                if status.isDueSoon { tally.dueSoon += 1 }
                if card.due == nil { tally.noDue += 1 }
                for tag in card.tags {
                    if let slot = tagSlots[tag] {
                        tagCounts[slot].count += 1
                    } else {
                        tagSlots[tag] = tagCounts.count
                        tagCounts.append((Self.tagView(tag, colors: board.settings.tagColors), 1))
                    }
                }
                for person in card.assignees {
                    if let slot = personSlots[person] {
                        personCounts[slot].count += 1
                    } else {
                        personSlots[person] = personCounts.count
                        personCounts.append((PersonView(name: person), 1))
                    }
                }
                if let days = Self.daysInLane(card, history: history, clock: clock, timezone: board.timezone) {
                    let key = LaneDays(lane: card.lane, days: days)
                    let text = ageTexts[key] ?? Self.laneAgeText(key, phrases: phrases)
                    ageTexts[key] = text
                    laneAges[card.id] = LaneAge(days: days, text: text)
                }
            }
        }
        // By slug, the name first met: the first, in the order first met, of the names with that slug.
        var tagViews: [String: TagView] = [:]
        tagViews.reserveCapacity(tagCounts.count)
        for (view, count) in tagCounts {
            tagViews[view.name] = view
            tally.tags[view.slug, default: (view.name, 0)].count += count
        }
        var personViews: [String: PersonView] = [:]
        personViews.reserveCapacity(personCounts.count)
        for (view, count) in personCounts {
            personViews[view.name] = view
            tally.assignees[view.slug, default: (view.name, 0)].count += count
        }
        self.tally = tally
        self.deadlineViews = deadlineViews
        self.deadlineWords = deadlineWords
        self.laneAges = laneAges
        self.tagViews = tagViews
        self.personViews = personViews
    }

    var asOf: DateView { DateView(iso: clock.today.description, text: phrases.date(clock.today)) }

    static var generator: String { "pm-render \(PMRenderVersion.string)" }

    /// The shared keys of a page; `current` is the page's file name.
    func frame(current: String, overdueCount: Int) -> PageFrame {
        var items: [NavItemView] = []
        func item(_ href: String, _ label: String, count: Int? = nil) {
            items.append(
                NavItemView(
                    href: href, label: phrases.text(label), isCurrent: href == current, hasCount: count != nil,
                    count: count ?? 0))
        }
        if site.partOfSite { item("../index.html", "label.allBoards") }
        item("index.html", "label.board")
        item("overdue.html", "label.overdue", count: overdueCount)
        if history != nil { item("history.html", "label.history") }
        if site.hasMetrics { item("metrics.html", "label.metrics") }
        var updated = ""
        var commit = ""
        if let latest = history?.latestCommit {
            let (date, _) = HistoryReport.local(latest.date, timezone: board.timezone)
            updated = phrases.text("footer.updated", ["date": phrases.date(date), "commit": latest.shortID])
            commit = latest.shortID
        }
        return PageFrame(
            lang: board.locale.rawValue, generator: Self.generator, title: board.title, asOf: asOf,
            nav: NavView(items: items, metricsLink: site.hasMetrics ? "metrics.html" : ""), hasHistory: history != nil,
            hasMetrics: site.hasMetrics,
            hasOverview: site.partOfSite, calendarLink: "board.ics",
            subscribeLink: Self.webcal(site.baseURL, file: "board.ics"), updated: updated, commit: commit,
            labels: labels)
    }

    /// `webcal://host/path/file` for a site published at `base` (`https://host/path`); empty without one.
    static func webcal(_ base: String?, file: String) -> String {
        guard let base, let scheme = base.range(of: "://") else { return "" }
        let rest = base[scheme.upperBound...]
        return "webcal://" + rest + (rest.hasSuffix("/") ? "" : "/") + file
    }

    // MARK: - Pages

    /// What a lane's key is followed by in the IDs of its parts (lane.mustache: `KEY-name`, `KEY-cards`).
    static let laneIDSuffixes = ["-name", "-cards"]

    /// Each lane's key (`lane-` and the slug of its name, or of its place when it has none), for the IDs of the
    /// lane and its parts: unique on the page, the parts' IDs included. A key that another lane's key or part
    /// already has is numbered (`lane-todo-2`), so lanes `TODO` and `TODO cards` never share `lane-todo-cards`.
    static func laneKeys(_ names: [String]) -> [String] {
        var used: Set<String> = []
        // The number each base tries next, so that 100,000 lanes of one name take linear time.
        var next: [String: Int] = [:]
        return names.enumerated().map { index, name in
            let base = "lane-" + Slug.make(name.isEmpty ? String(index + 1) : name)
            var number = next[base] ?? 1
            var key = number == 1 ? base : "\(base)-\(number)"
            while used.contains(key) || laneIDSuffixes.contains(where: { used.contains(key + $0) }) {
                number += 1
                key = "\(base)-\(number)"
            }
            next[base] = number + 1
            used.insert(key)
            for suffix in laneIDSuffixes { used.insert(key + suffix) }
            return key
        }
    }

    /// `index.html`: the board. Its cards' views are made as the page is written.
    func page() -> PageView {
        let keys = Self.laneKeys(board.lanes.map(\.name))
        let isOverLimit = board.overLimitTest()
        let lanes = board.lanes.enumerated().map { index, lane -> LaneView in
            let cards = lane.cards
            let emptyGroups = Self.emptyGroups(of: lane)
            let views = CardViewList(count: cards.count) { position in
                let group = cards[position].group
                let previous = position > 0 ? cards[position - 1].group : nil
                return cardView(
                    cards[position], isGroupStart: group != nil && group != previous,
                    emptyGroupsBefore: emptyGroups[position] ?? [])
            }
            let key = keys[index]
            let countText = lane.wipLimit.map { "\(cards.count) / \($0)" } ?? "\(cards.count)"
            return LaneView(
                key: key, name: lane.name, nameHTML: inlineHTML(lane.nameMarkup), state: lane.state.slug,
                stateName: phrases.stateName(lane.state), count: cards.count, limit: lane.wipLimit,
                countText: countText, countLabel: phrases.countLabel(count: cards.count, limit: lane.wipLimit),
                overLimit: isOverLimit(lane), cards: views, emptyGroupsAfter: emptyGroups[cards.count] ?? [],
                descriptionHTML: blockHTML(lane.description))
        }
        // Archived cards may repeat an identity (recurring tasks), so their anchors are numbered.
        var seenArchived: [String: Int] = [:]
        let archived = board.archive.map { card -> (Card, String) in
            let count = seenArchived[card.id, default: 0] + 1
            seenArchived[card.id] = count
            return (card, "archived-\(card.id)" + (count > 1 ? "-\(count)" : ""))
        }
        func options(_ values: [String: (name: String, count: Int)]) -> [(slug: String, name: String, count: Int)] {
            values.map { (slug: $0.key, name: $0.value.name, count: $0.value.count) }
                .sorted { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }
        }
        let tagOptions = options(tally.tags).map { option in
            let tag = tagViews[option.name] ?? tagView(option.name)
            return FilterOptionView(
                value: option.name, slug: option.slug, count: option.count, hue: tag.hue, color: tag.color)
        }
        let stateOptions = CardState.allCases.compactMap { state in
            tally.states[state].map { FilterOptionView(value: phrases.stateName(state), slug: state.slug, count: $0) }
        }
        return PageView(
            frame: frame(current: "index.html", overdueCount: tally.overdue),
            descriptionHTML: blockHTML(board.description),
            summary: phrases.summary(cards: board.cardCount, overdue: tally.overdue), cardCount: board.cardCount,
            overdueCount: tally.overdue, dueSoonCount: tally.dueSoon, noDueCount: tally.noDue, lanes: lanes,
            archived: CardViewList(count: archived.count) { cardView(archived[$0].0, anchor: archived[$0].1) },
            problems: problems.map {
                ProblemView(message: $0.message, line: $0.location?.line ?? 0, severity: $0.severity.rawValue)
            },
            tagOptions: tagOptions,
            assigneeOptions: options(tally.assignees).map {
                FilterOptionView(value: $0.name, slug: $0.slug, count: $0.count)
            },
            stateOptions: stateOptions, boardKey: Slug.make(BoardParser.titleFromFileName(board.sourceFile)))
    }

    /// `overdue.html`: overdue and due-soon cards by age, each linking to the card.
    func overduePage() -> OverduePageView {
        // In `OverdueReport`'s order (most overdue first: the earliest deadline, then file order), without its entries,
        // each of which carries the board.
        var found: [(minute: Int, card: Card, isOverdue: Bool)] = []
        for lane in board.lanes {
            for card in lane.cards {
                guard let due = card.due else { continue }
                let status = DeadlineStatus(card: card, clock: clock, dueSoonDays: board.dueSoonDays)
                if status.isOverdue || status.isDueSoon { found.append((due.dueMinute, card, status.isOverdue)) }
            }
        }
        let order = found.indices.sorted { (found[$0].minute, $0) < (found[$1].minute, $1) }
        let overdue = order.filter { found[$0].isOverdue }.map { found[$0].card }
        let dueSoon = order.filter { !found[$0].isOverdue }.map { found[$0].card }
        return OverduePageView(
            frame: frame(current: "overdue.html", overdueCount: overdue.count),
            overdueHeading: phrases.overdueHeading(overdue.count),
            dueSoonHeading: phrases.dueSoonHeading(dueSoon.count),
            overdue: CardViewList(count: overdue.count) { cardView(overdue[$0]) },
            dueSoon: CardViewList(count: dueSoon.count) { cardView(dueSoon[$0]) })
    }

    /// `history.html`: events grouped by day (in the board's time zone), newest first.
    func historyPage(overdueCount: Int) -> HistoryPageView {
        let events = history?.events ?? []
        let onBoard = Set(board.cards.map(\.id))
        var days: [HistoryDayView] = []
        var currentDay: CalendarDate?
        var currentEvents: [HistoryEventView] = []
        func flush() {
            if let currentDay, !currentEvents.isEmpty {
                days.append(
                    HistoryDayView(
                        date: DateView(iso: currentDay.description, text: phrases.date(currentDay)),
                        events: currentEvents))
            }
            currentEvents = []
        }
        for event in events {
            let (day, time) = HistoryReport.local(event.commit.date, timezone: board.timezone)
            if day != currentDay {
                flush()
                currentDay = day
            }
            let change = event.change
            let stillHere = onBoard.contains(change.id) && change.kind != .removed && change.kind != .archived
            currentEvents.append(
                HistoryEventView(
                    kind: change.isRename && change.kind == .edited ? "renamed" : change.kind.rawValue,
                    time: time.description, iso: HistoryReport.iso(event.commit.date), title: change.card.title,
                    link: stillHere ? "index.html#card-" + change.id : "", description: phrases.event(change),
                    author: event.commit.author, byline: phrases.text("history.by", ["author": event.commit.author]),
                    commit: event.commit.shortID, subject: event.commit.subject))
        }
        flush()
        return HistoryPageView(
            frame: frame(current: "history.html", overdueCount: overdueCount), overdueCount: overdueCount,
            isShallow: history?.isShallow ?? false,
            shallowNote: phrases.text("history.shallow", ["count": String(history?.commitCount ?? 0)]), days: days)
    }

    // MARK: - Cards

    func cardView(_ card: Card, isGroupStart: Bool = false, emptyGroupsBefore: [String] = []) -> CardView {
        cardView(card, anchor: "card-" + card.id, isGroupStart: isGroupStart, emptyGroupsBefore: emptyGroupsBefore)
    }

    /// A lane's group labels with no card under them (`### v1.1` between two groups), by the index of the card they
    /// stand before (the card count: after the last card).
    static func emptyGroups(of lane: Lane) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        for group in lane.groups
        where group.firstCard >= lane.cards.count || !lane.cards[group.firstCard].isIn(group: group.name) {
            result[group.firstCard, default: []].append(group.name)
        }
        return result
    }

    func cardView(
        _ card: Card, anchor: String, boardTitle: String? = nil, linkPrefix: String = "", isGroupStart: Bool = false,
        emptyGroupsBefore: [String] = []
    ) -> CardView {
        let status = DeadlineStatus(card: card, clock: clock, dueSoonDays: board.dueSoonDays)
        let statusClass: String
        switch status {
        case .overdue: statusClass = "overdue"
        case .dueSoon: statusClass = "due-soon"
        case .none, .upcoming: statusClass = ""
        }
        let due = card.due.map {
            deadlineViews[$0] ?? DateView(iso: $0.iso, text: phrases.date($0.date, time: $0.time))
        }
        let words = deadlineWords[status] ?? DeadlineWords(status, phrases: phrases)
        let (timeline, age) = self.timeline(card)
        return CardView(
            id: card.id, anchor: anchor, linkPrefix: linkPrefix, title: card.title,
            titleHTML: inlineHTML(card.titleMarkup), state: card.state.slug,
            stateName: stateNames[card.state] ?? phrases.stateName(card.state), lane: card.lane, due: due,
            dueRelative: words.relative, isOverdue: status.isOverdue, isDueSoon: status.isDueSoon,
            status: words.status, statusClass: statusClass, tags: card.tags.map { tagViews[$0] ?? tagView($0) },
            descriptionHTML: DescriptionHTML(
                board.style.dialect == .taskell ? card.description.unquoted : card.description, html: html),
            priority: card.priority?.name ?? "",
            priorityName: card.priority.map { phrases.text("priority.\($0.name)") } ?? "",
            people: card.assignees.map { personViews[$0] ?? PersonView(name: $0) },
            subtasks: card.subtasks.map { SubtaskView(title: $0.title, isDone: $0.isDone) },
            isArchived: card.isArchived, isChecked: card.isChecked, line: card.location.line,
            details: details(card), timeline: timeline,
            daysInLane: age?.days, daysInLaneText: age?.text ?? "", group: card.group ?? "",
            isGroupStart: isGroupStart, emptyGroupsBefore: emptyGroupsBefore, board: boardTitle ?? "")
    }

    func tagView(_ tag: String) -> TagView {
        Self.tagView(tag, colors: board.settings.tagColors)
    }

    /// A tag's chip: its hue is a hash of its lower-cased name.
    static func tagView(_ tag: String, colors: [String: String]) -> TagView {
        var hash: UInt32 = 2_166_136_261
        for byte in tag.lowercased().utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return TagView(name: tag, slug: Slug.make(tag), hue: Int(hash % 360), color: colors[tag] ?? "")
    }

    /// What the card says besides its deadline, for its detail view: the Tasks plugin's other dates, its recurrence
    /// and dependencies, then Dataview fields of other names as `key: value`.
    func details(_ card: Card) -> [LabeledValueView] {
        let dates = card.dates
        let extras = card.extras
        guard dates != CardDates() || !extras.isEmpty else { return [] }
        var items: [LabeledValueView] = []
        for (key, date) in [
            ("detail.scheduled", dates.scheduled), ("detail.start", dates.start), ("detail.created", dates.created),
            ("detail.completed", dates.completed),
        ] {
            if let date { items.append(LabeledValueView(label: phrases.text(key), value: phrases.date(date))) }
        }
        if let rule = extras.recurrence {
            items.append(LabeledValueView(label: phrases.text("detail.repeats"), value: rule))
        }
        if !extras.dependsOn.isEmpty {
            items.append(
                LabeledValueView(
                    label: phrases.text("detail.dependsOn"), value: extras.dependsOn.joined(separator: ", ")))
        }
        // An empty field (`[review::]`) says nothing worth a line.
        for field in extras.fields where !field.value.isEmpty {
            items.append(
                LabeledValueView(
                    label: field.key, value: field.value, link: WebAddress.isLink(field.value) ? field.value : ""))
        }
        return items
    }

    /// A card's timeline (created, each lane entered, done, lead and cycle time) and its days in its current lane.
    func timeline(_ card: Card) -> ([LabeledValueView], LaneAge?) {
        guard !card.isArchived, let timeline = history?.timelines[card.id] else { return ([], nil) }
        func day(_ seconds: Int) -> String {
            let (date, time) = HistoryReport.local(seconds, timezone: board.timezone)
            return phrases.date(date, time: time)
        }
        var items = [LabeledValueView(label: phrases.text("timeline.created"), value: day(timeline.created))]
        for entry in timeline.entries.dropFirst() {
            items.append(
                LabeledValueView(label: phrases.text("timeline.entered", ["state": entry.lane]), value: day(entry.date))
            )
        }
        if let lead = timeline.leadTime {
            items.append(
                LabeledValueView(label: phrases.text("timeline.leadTime"), value: phrases.duration(seconds: lead)))
        }
        if let cycle = timeline.cycleTime {
            items.append(
                LabeledValueView(label: phrases.text("timeline.cycleTime"), value: phrases.duration(seconds: cycle)))
        }
        let age =
            laneAges[card.id]
            ?? Self.daysInLane(card, history: history, clock: clock, timezone: board.timezone).map {
                LaneAge(days: $0, text: Self.laneAgeText(LaneDays(lane: card.lane, days: $0), phrases: phrases))
            }
        return (items, age)
    }

    /// Whole days since the card entered its current lane, when its history is known and it is not done.
    static func daysInLane(_ card: Card, history: BoardHistory?, clock: DeadlineClock, timezone: String) -> Int? {
        guard !card.isArchived, card.state != .done, let entered = history?.timelines[card.id]?.entries.last else {
            return nil
        }
        let (day, _) = HistoryReport.local(entered.date, timezone: timezone)
        return max(0, clock.today.daysSinceEpoch - day.daysSinceEpoch)
    }

    /// "In Review for 5 days"; "In Review since today" for a card that entered its lane today.
    static func laneAgeText(_ key: LaneDays, phrases: Phrases) -> String {
        guard key.days > 0 else { return phrases.text("card.daysInLaneToday", ["lane": key.lane]) }
        return phrases.text(
            "card.daysInLane",
            ["lane": key.lane, "duration": phrases.catalogue.plural("duration.days", count: key.days)]
        )
    }

    // MARK: - Markdown

    /// Block Markdown as HTML, without the line breaks between block tags (on a board of thousands of cards each
    /// would be a text node of its own in the browser, for nothing: they never show), and with task boxes named by
    /// `aria-label` (a `title` alone is no label for assistive technology; axe reports it).
    func blockHTML(_ markdown: Markdown) -> HTMLView {
        markdown.isEmpty ? .empty : HTMLView(bytes: Self.blockBytes(markdown, html: html))
    }

    /// `blockHTML`'s bytes.
    static func blockBytes(_ markdown: Markdown, html: MarkdownHTML) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)  // most descriptions: one allocation, below the sizes that make malloc consolidate
        appendBlockBytes(markdown, html: html, to: &out)
        return out
    }

    /// `blockBytes`, appended to `out` (a page's own buffer: a card's description is written there, not copied).
    static func appendBlockBytes(_ markdown: Markdown, html: MarkdownHTML, to out: inout [UInt8]) {
        let start = out.count
        html.write(markdown, to: &out)
        Self.removeBreaksBetweenBlocks(&out, from: start)
    }

    func inlineHTML(_ markdown: Markdown) -> HTMLView {
        guard !markdown.isEmpty else { return .empty }
        var out: [UInt8] = []
        html.write(markdown, to: &out)
        return HTMLView(bytes: out)
    }

    /// Drops each `\n` that directly follows an opening or closing block tag. Safe on `MarkdownHTML`'s output: it
    /// writes every `<` and `>` of text and attributes as a reference, so a raw `>` always ends a tag, and the
    /// text of a code block holds no tag.
    static func withoutBreaksBetweenBlocks(_ html: [UInt8]) -> [UInt8] {
        var out = html
        removeBreaksBetweenBlocks(&out)
        return out
    }

    /// `withoutBreaksBetweenBlocks`, in place, on the bytes from `start` on (bytes are only ever removed). Only line
    /// breaks are ever dropped, so the bytes between two of them are found at once and moved down as one run, not
    /// byte by byte.
    static func removeBreaksBetweenBlocks(_ html: inout [UInt8], from start: Int = 0) {
        let kept = html.withUnsafeMutableBufferPointer { bytes in
            guard let base = UnsafeMutableRawPointer(bytes.baseAddress) else { return 0 }
            var kept = start
            var next = start
            // Where the last `<` kept stands; -1 before the first.
            var tagStart = -1
            while next < bytes.count {
                // (`memchr`: the runs between line breaks are nearly all of a description's bytes.)
                let end =
                    memchr(base + next, Int32(UInt8(ascii: "\n")), bytes.count - next).map { base.distance(to: $0) }
                    ?? bytes.count
                if let open = bytes[next..<end].lastIndex(of: UInt8(ascii: "<")) { tagStart = kept + open - next }
                if kept != next, end > next { (base + kept).copyMemory(from: base + next, byteCount: end - next) }
                kept += end - next
                guard end < bytes.count else { break }
                next = end + 1
                // (A `<` found lies before `kept`: `kept` is past the first byte of the run.)
                if tagStart >= 0, bytes[kept - 1] == UInt8(ascii: ">"),
                    isBlockTag(UnsafeBufferPointer(rebasing: bytes[(tagStart + 1)..<kept]))
                {
                    continue
                }
                bytes[kept] = UInt8(ascii: "\n")
                kept += 1
            }
            return kept
        }
        html.removeLast(html.count - kept)
    }

    /// Whether a tag (the bytes between `<` and `>`) opens or closes an element after which a line break is only
    /// layout of the HTML source (never a space in the text).
    private static func isBlockTag(_ tag: UnsafeBufferPointer<UInt8>) -> Bool {
        var name = tag[...]
        if name.first == UInt8(ascii: "/") { name = name.dropFirst() }
        // The name, lower-case letters and digits, packed into an integer (the longest, `blockquote`, is 10 bytes).
        var packed: UInt128 = 0
        var length = 0
        for byte in name {
            guard isNameByte(byte) else { break }
            length += 1
            guard length <= 10 else { return false }
            packed = packed << 8 | UInt128(byte)
        }
        return blockTags.contains(packed)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static let blockTags: Set<UInt128> = Set(
        [
            "p", "blockquote", "ul", "ol", "li", "pre", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "details", "summary",
            "aside", "div", "table", "thead", "tbody", "tr", "th", "td",
        ].map { $0.utf8.reduce(UInt128(0)) { $0 << 8 | UInt128($1) } })
}

/// A deadline status in words: the card's `status` label and its relative deadline.
struct DeadlineWords: Sendable {
    /// "2 days overdue", "Due tomorrow"; empty unless overdue or due soon.
    let status: String
    /// "3 days overdue", "in 2 days": every deadline of a card that is not done; empty otherwise.
    let relative: String

    init(_ deadline: DeadlineStatus, phrases: Phrases) {
        switch deadline {
        case .overdue(let days):
            relative = phrases.overdueAge(days: days)
            status = phrases.capitalized(relative)
        case .dueSoon(let days):
            relative = phrases.dueIn(days: days)
            status = phrases.capitalized(relative)
        case .upcoming(let days):
            relative = phrases.dueIn(days: days)
            status = ""
        case .none:
            relative = ""
            status = ""
        }
    }
}

/// A lane and a number of days in it.
struct LaneDays: Hashable, Sendable {
    let lane: String
    let days: Int
}

/// How long a card has been in its lane, in days and in words.
struct LaneAge: Sendable {
    let days: Int
    let text: String
}

/// What the board page counts: its lanes' cards (archived ones excluded) by deadline, tag, person and state.
struct PageTally: Sendable {
    var overdue = 0
    var dueSoon = 0
    var noDue = 0
    /// By slug: the name first met and the number of cards.
    var tags: [String: (name: String, count: Int)] = [:]
    var assignees: [String: (name: String, count: Int)] = [:]
    var states: [CardState: Int] = [:]
}
