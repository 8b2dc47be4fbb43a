import Foundation

/// Turns a board's Markdown pieces into lanes and cards, as their owner wrote them.
///
/// - Lanes are the `##` headings (or the `#` headings of a board without `##`, or the `###` headings under a lone
///   heading that is not a lane's name), in file order, named as written; a trailing `(N)` is a WIP limit. Each
///   lane's state comes from the front matter's `lanes:`, Obsidian's `**Complete**` marker, its name
///   (`LaneStates`), or the lane above it.
/// - A lane's top-level list items are cards. A deeper heading is a card when text follows it (`###` with `Due:`
///   lines and a description), and a group label for the list cards under it otherwise (always on Obsidian boards).
/// - `***` followed by a heading, or a lane named Archive in any language, holds archived cards.
/// - `%% … %%` comments (Obsidian's settings block among them) are not content.
struct BoardReader {
    let source: SourceText
    let file: String
    let frontMatter: FrontMatter
    /// Reading a version for the history: what only pages need (language detection, the writing style) is left out.
    var forHistory = false
    /// A list-item card may take the cached reading of a card written with the same lines (`CardCache.reuse`):
    /// only when neither this version nor the one the reading came from may define links.
    var reusesReadingsByText = false
    /// The reader owns the pieces it is given: it lets each card's go once the card is read (see `read`).
    var releasesPieces = false
    private(set) var problems: [(Problem, SourceLocation)] = []
    /// The date format the board's own dates show, on a board that names none (`DateFormat.inferredPattern`).
    private var formatOfTheDates: String?

    init(source: SourceText, file: String, frontMatter: FrontMatter) {
        self.source = source
        self.file = file
        self.frontMatter = frontMatter
    }

    /// Reads the board, its cards one after another. With `releasesPieces`, the reader owns `segments`: each card's
    /// pieces are let go once the card is read (a large board's pieces then never all live beside its cards), and a
    /// board whose dates settle a format is parsed again for its second reading.
    mutating func read(
        _ segments: consuming [MarkdownSegment], fallbackTitle: String, cache: inout CardCache
    ) -> Board {
        let start = problems.count
        let kept = releasesPieces ? nil : segments
        var plan = self.plan(consume segments, cache: &cache)
        var board = readCards(of: &plan, fallbackTitle: fallbackTitle, cache: &cache)
        if settlesDates(since: start) {
            plan = self.plan(kept ?? BoardParser.body(source, from: frontMatter.bodyStartLine), cache: &cache)
            board = readCards(of: &plan, fallbackTitle: fallbackTitle, cache: &cache)
        }
        return board
    }

    /// Reads the board, a large board's cards side by side (the same board as `read`, sooner).
    mutating func read(
        _ segments: consuming [MarkdownSegment], fallbackTitle: String, cache: inout CardCache
    ) async -> Board {
        let start = problems.count
        let kept = releasesPieces ? nil : segments
        var plan = self.plan(consume segments, cache: &cache)
        var board = await readCards(of: &plan, fallbackTitle: fallbackTitle, cache: &cache)
        if settlesDates(since: start) {
            let again = if let kept { kept } else { await ChunkedParse.body(source, from: frontMatter.bodyStartLine) }
            plan = self.plan(again, cache: &cache)
            board = await readCards(of: &plan, fallbackTitle: fallbackTitle, cache: &cache)
        }
        return board
    }

    /// Reads the plan's cards and assembles the board.
    private mutating func readCards(of plan: inout Plan, fallbackTitle: String, cache: inout CardCache) -> Board {
        if releasesPieces { plan.outline.releaseCardPieces() }
        store(plan.reader.read(&plan.jobs, releasing: releasesPieces), of: plan, in: &cache)
        return assemble(plan, fallbackTitle: fallbackTitle, cache: &cache)
    }

    /// Reads the plan's cards, a large board's side by side, and assembles the board.
    private mutating func readCards(of plan: inout Plan, fallbackTitle: String, cache: inout CardCache) async -> Board {
        if releasesPieces { plan.outline.releaseCardPieces() }
        store(await plan.reader.readAll(&plan.jobs, releasing: releasesPieces), of: plan, in: &cache)
        return assemble(plan, fallbackTitle: fallbackTitle, cache: &cache)
    }

    /// On a board that names no date format, whose dates were read without one: when dates of the board could not
    /// be read because their day and month may come in either order (`30-04-2024`), and those dates show which
    /// (a day over 12), takes that format for the board, forgets what was read since `start`, and says the board
    /// must be read again. (Decided from the whole board's dates, cached cards' among them, so that a version read
    /// from its changes reads as a whole parse does.)
    private mutating func settlesDates(since start: Int) -> Bool {
        guard formatOfTheDates == nil, frontMatter.settings.dateFormat == nil else { return false }
        var values: [UInt8] = []
        for (problem, _) in problems[start...] {
            switch problem {
            case .invalidDeadline(let value), .invalidDate(let value):
                values += Array(value.utf8) + [0x20]
            default: continue
            }
        }
        guard !values.isEmpty, let pattern = DateFormat.inferredPattern(in: values[...]) else { return false }
        formatOfTheDates = pattern
        problems.removeSubrange(start...)
        return true
    }

    /// What the board's structure says before its cards are read: settings, lanes, and the cards to read (those the
    /// cache does not hold).
    private struct Plan {
        var settings: BoardSettings
        var isObsidian: Bool
        var reader: CardReader
        var outline: Outline
        var titleHeading: (String, SourceLocation)?
        var jobs: [CardReader.Job]
        /// The line each piece starts on (what is left of the pieces once the cards are read).
        var pieceLines: [Int]
        /// The stamp Obsidian writes on the cards it archives, on a board whose settings say so.
        var archiveStamp: ArchiveStamp?
        /// An Obsidian board whose settings do not say whether archived cards are stamped (`ArchiveStamp.pluginDefault`).
        var archiveStampUnsaid: Bool
        /// The Mermaid kanban diagrams in fenced blocks, in file order.
        var diagrams: [MermaidKanban] = []
        /// How many problems were found before the plan was made (those after are the Markdown's reading's).
        var problemsBefore = 0
    }

    private mutating func plan(_ pieces: [MarkdownSegment], cache: inout CardCache) -> Plan {
        let problemsBefore = problems.count
        var segments = pieces
        let pieceLines = segments.map(\.line)
        var settings = frontMatter.settings
        // `%%` comments (Obsidian's settings among them) need a `%` in the file, or an entity (`&#37;`) cmark
        // turns into one; a file with neither has none, and its pieces are not searched for them.
        let mayHaveComments = source.contains(UInt8(ascii: "%")) || source.contains(UInt8(ascii: "&"))
        let obsidianSettings = mayHaveComments ? ObsidianSettings.find(in: segments) : nil
        var isObsidian = frontMatter.isObsidianKanban || obsidianSettings != nil
        if let obsidianSettings { obsidianSettings.apply(to: &settings) }
        if settings.dateFormat == nil, let formatOfTheDates {
            settings.dateFormat = formatOfTheDates
            settings.dateFormatIsInferred = true
        }
        let dateFormat = settings.dateFormat.flatMap(DateFormat.init(moment:))
        let timeFormat = settings.timeFormat.flatMap(DateFormat.init(moment:))
        let triggers = CardTokens.Triggers(date: settings.dateTrigger, time: settings.timeTrigger)
        if let formats = cache.formats, formats.0 != dateFormat || formats.1 != timeFormat || formats.2 != triggers {
            cache.removeAll()
        }
        cache.startVersion()
        cache.formats = (dateFormat, timeFormat, triggers)
        var cardReader = CardReader(source: source, dateFormat: dateFormat, timeFormat: timeFormat, triggers: triggers)

        // Indices of the pieces outside comments.
        let visible = mayHaveComments ? Self.uncommented(segments) : Array(segments.indices)
        if obsidianSettings != nil {
            // A paragraph that runs on into the settings block (`**Complete**` over it with no blank line) is read
            // without the block's first line.
            for index in visible
            where segments[index].root.kind == .paragraph && index + 1 < segments.count
                && segments[index + 1].root.kind == .codeBlock
                && ObsidianSettings.settingsLine(in: segments[index]) != nil
            {
                segments[index] = ObsidianSettings.leavingOutSettingsLine(segments[index])
            }
        }
        let laneLevel = self.laneLevel(segments, visible, isObsidian: isObsidian)
        let section = isObsidian ? nil : laneSection(segments, visible, laneLevel: laneLevel)
        // The level of the lanes where `index` is: one down inside the section of lanes.
        func lanesLevel(at index: Int) -> Int {
            guard let section, section.range.contains(index) else { return laneLevel }
            return section.level
        }
        // What the section's heading says before its first lane goes to that lane's description.
        var sectionIntro: [MarkdownSegment] = []
        var inSectionIntro = false
        // Tables under lanes' headings before any card (their rows may be the lanes' cards), and their lanes.
        var laneTables: [(segment: MarkdownSegment, raw: Int, lane: Int, table: PipeTable)] = []
        // Tables before the first lane (one may be the board: `# Project` over `| Task | Status |`, then `## Notes`).
        var preambleTables: [(segment: MarkdownSegment, raw: Int, table: PipeTable)] = []
        var outline = Outline()
        var index = 0
        var sawLane = false
        var titleHeading: (String, SourceLocation)?
        var afterRule = false
        // A rule at the end followed by a little text alone (`---` over `*Last updated: 2026-01-26*`, three short
        // paragraphs at most) sets off the board's footer: that text is not a card's, and not warned about.
        let footerStart =
            visible.lastIndex { segments[$0].root.kind == .thematicBreak }
            .flatMap { rule in
                let footer = visible[(rule + 1)...]
                return footer.count <= 3
                    && footer.allSatisfy {
                        segments[$0].root.kind == .paragraph && segments[$0].markdown.plainText(of: 0).count <= 300
                    } ? rule + 1 : nil
            } ?? visible.count

        // Whether a heading on the board is a task over a list of its details, as its list or its ID tells (`### P12-13
        // Update the prompt` over `- Source: …`, `### Deploy` over `- Responsável: Ana`, `- Prioridade: Alta`): then a
        // plain list under another heading that does not tell is details too, not cards under a group label.
        // (Looked at once such a heading is found.)
        lazy var boardWritesTasksOverDetails: Bool = {
            // (A heading in the board's description, before the first lane, is none.)
            guard
                let firstLane = visible.indices.first(where: {
                    segments[visible[$0]].root.kind == .heading
                        && segments[visible[$0]].root.number == lanesLevel(at: $0)
                })
            else { return false }
            return visible.indices.dropFirst(firstLane + 1).contains { index in
                let root = segments[visible[index]].root
                guard root.kind == .heading, index + 1 < visible.count,
                    segments[visible[index + 1]].root.kind == .item, root.number > lanesLevel(at: index)
                else { return false }
                let end = Self.headingBodyEnd(after: index, level: root.number, visible, segments)
                return Self.isHeadingCard(
                    visible[(index + 1)..<end].map { segments[$0] }, heading: segments[visible[index]])
            }
        }()
        // Whether the current lane has list-item cards, before this point or in the headings that follow it: then a
        // heading with nothing under it is a group label (`### Backend` between two groups), not a card, unless the
        // board writes its cards as headings.
        func laneHasListCards(from start: Int) -> Bool {
            if outline.hasLane,
                outline.lanes[outline.lanes.count - 1].cards.contains(where: {
                    if case .item = $0.0 { true } else { false }
                })
            {
                return true
            }
            var next = start
            while next < visible.count, segments[visible[next]].root.kind == .heading,
                segments[visible[next]].root.number > lanesLevel(at: next)
            {
                let end = Self.headingBodyEnd(
                    after: next, level: segments[visible[next]].root.number, visible, segments)
                let body = visible[(next + 1)..<end].map { segments[$0] }
                if !body.isEmpty {
                    return !Self.isHeadingCard(
                        body, heading: segments[visible[next]], plainListsAreDetails: boardWritesTasksOverDetails)
                }
                next = end
            }
            return false
        }
        // The table of cards alone under a deeper heading (`### Security` over `| ID | Task | Notes |`): the table's
        // piece, the table and its columns' roles, when a column is named for titles and nothing else is under it.
        // (Worked out once a heading: the lane's first such heading looks at the others.)
        var cardTables: [Int: (raw: Int, table: PipeTable, roles: [PipeTable.Role], title: Int)?] = [:]
        // Whether the current lane is named for a state (worked out once a lane).
        var laneOfState: (lane: Int, isNamed: Bool)?
        func inLaneOfState() -> Bool {
            let lane = outline.lanes.count - 1
            if let laneOfState, laneOfState.lane == lane { return laneOfState.isNamed }
            let isNamed: Bool =
                if case .state = LaneStates.meaning(of: outline.lanes[lane].heading.name) { true } else { false }
            laneOfState = (lane, isNamed)
            return isNamed
        }
        func cardTable(under index: Int, end: Int) -> (raw: Int, table: PipeTable, roles: [PipeTable.Role], title: Int)?
        {
            guard end == index + 2 else { return nil }
            if let known = cardTables[index] { return known }
            let raw = visible[index + 1]
            let body = segments[raw]
            var found: (raw: Int, table: PipeTable, roles: [PipeTable.Role], title: Int)?
            if body.root.kind == .paragraph,
                let table = PipeTable(
                    lines: body.line...(Self.nextLine(after: raw, in: pieceLines, source: source) - 1), in: source),
                table.line == body.line, let roles = table.roles(inLaneOfState: inLaneOfState(), anyTitle: false),
                let title = roles.firstIndex(of: .title), !table.columnsAreLanes
            {
                found = (raw, table, roles, title)
            }
            cardTables[index] = found
            return found
        }
        // Where the current lane's pieces start (after its heading).
        var laneStart = 0
        // Whether every heading of `level` in the current lane is over a table of cards alone, up to a heading above
        // that level: then those headings label the tables' rows, the lane's cards (`## Icebox` over `### Security`
        // and `### Core`, each over `| ID | Task | … |`). Worked out once a lane and level.
        var tableGroups: (lane: Int, level: Int, value: Bool)?
        // How many tables of such groups have a column of statuses (`| # | Task | Status |`): with those, a lane's
        // lone table of statuses is its section's cards too, not the board's lanes.
        var groupStatusTables = 0
        func headingsLabelTables(level: Int) -> Bool {
            let lane = outline.lanes.count - 1
            if let tableGroups, tableGroups.lane == lane, tableGroups.level == level { return tableGroups.value }
            var next = laneStart
            var value = false
            while next < visible.count {
                let root = segments[visible[next]].root
                guard root.kind == .heading else {
                    next += 1
                    continue
                }
                // A heading above the level ends what is looked at: the next lane, or a section over other headings.
                if root.number < level {
                    if root.number <= lanesLevel(at: next) || value { break }
                    next += 1
                    continue
                }
                let end = Self.headingBodyEnd(after: next, level: level, visible, segments)
                guard root.number == level, cardTable(under: next, end: end) != nil
                else {
                    value = false
                    break
                }
                value = true
                next = end
            }
            tableGroups = (lane, level, value)
            return value
        }
        // Whether the board writes cards as headings with something under them (VS Code Markdown Kanban's `### Task`
        // over `- due: …`, `### Fix crash` over `Due: …`): then a heading with nothing under it is a card with a title
        // alone, as the others are, even beside group labels. (Looked at once such a heading is found.)
        lazy var boardWritesHeadingCards = visible.indices.contains { index in
            let root = segments[visible[index]].root
            // (A heading in the board's description, before the first lane, is none.)
            guard root.kind == .heading, root.number > lanesLevel(at: index),
                visible[..<index].indices.contains(where: {
                    segments[visible[$0]].root.kind == .heading
                        && segments[visible[$0]].root.number == lanesLevel(at: $0)
                })
            else { return false }
            let end = Self.headingBodyEnd(after: index, level: root.number, visible, segments)
            let body = visible[(index + 1)..<end].map { segments[$0] }
            return !body.isEmpty
                && Self.isHeadingCard(
                    body, heading: segments[visible[index]], plainListsAreDetails: boardWritesTasksOverDetails)
        }
        // A lane of notes (`## Legend`, `## Progress Log`) whose lists have no task box, on a board whose cards have
        // them or are a table's rows: its lists, headings and text are the lane's text, not cards and group labels.
        // (Looked at once a lane is named for notes: most boards have none, and their tables are read later.)
        lazy var boardMarksItsCards =
            visible.contains {
                segments[$0].root.kind == .item && segments[$0].root.flags.contains(.task)
            }
            || visible.contains { index in
                let segment = segments[index]
                guard segment.root.kind == .paragraph, source.line(segment.line).first == "|" else { return false }
                let lines = segment.line...(Self.nextLine(after: index, in: pieceLines, source: source) - 1)
                return PipeTable(lines: lines, in: source)?.roles(inLaneOfState: true, anyTitle: false) != nil
            }
        // Whether a heading or a bold label at `index` named for notes (`### Legend`, `**Status legend:**`), over items
        // without a task box up to `end`, before the lane's first card, is a legend of the lane's own: the lane's text,
        // not a group of cards. As for a lane of notes, on a board whose cards have task boxes (or are a table's rows),
        // or whose other lanes hold no items (a template's legend).
        func isLaneLegend(_ name: String, at index: Int, end: Int) -> Bool {
            let body = visible[(index + 1)..<end].map { segments[$0] }
            return !isObsidian && outline.hasLane && !outline.inArchive
                && outline.lanes[outline.lanes.count - 1].cards.isEmpty
                && outline.lanes[outline.lanes.count - 1].groups.isEmpty
                && body.contains(where: { $0.root.kind == .item })
                && !body.contains(where: { $0.root.kind == .item && $0.root.flags.contains(.task) })
                && LaneStates.isNotes(name)
                && (boardMarksItsCards
                    || !visible.indices.contains(where: {
                        ($0 < index || $0 >= end) && segments[visible[$0]].root.kind == .item
                    }))
        }
        // The board's last task item: a lane of notes after it opens the board's closing section of notes.
        lazy var lastTaskItem = visible.lastIndex {
            segments[$0].root.kind == .item && segments[$0].root.flags.contains(.task)
        }
        // Whether a lane of notes by its name has come after the board's last task item: the lanes of items without
        // task boxes after it (`## Decisions`, then `## Anti-patterns (avoid)`, `## Tools in use`) are the board's
        // notes too, unless their names are known (`## Ideas`, `## Next steps`).
        var inClosingNotes = false
        func isNotesLane(_ heading: LaneHeading, from start: Int, level: Int) -> Bool {
            // Beside a section of lanes (`## Task Management` over `### Active Tasks` … `### Recently Completed`), the
            // document's other sections (`## Active Session`, `## Key Project Knowledge`) are no lanes of cards: none
            // is wholly a lane's name (else the `##` headings would be the lanes). One named in part for work to do
            // (`## Ideas for later`) holds cards, as in the board's closing notes.
            let besideSection =
                section.map { !$0.range.contains(start - 1) } ?? false
                && LaneStates.wholeMeaning(of: heading.name) == nil && cache.meaning(of: heading.name) != .state(.todo)
            // (Not a lane the front matter gives a state, nor one with a WIP limit: those name a lane of cards.)
            // A lane of definitions alone explains the board where its name says a state only in part (`## Review
            // Schedule` over `- **Daily:** check the list`) or its terms are states (`## Kanban` over `- **todo**:
            // queued`); not where it is wholly a lane's name (`## Done`) or names work to come (`## Ideas for later`),
            // nor a lane of another name (`## Frontend` over `- **Login page**: build the form` holds cards).
            func definesTerms() -> Bool {
                guard LaneStates.wholeMeaning(of: heading.name) == nil else { return false }
                let meaning = cache.meaning(of: heading.name)
                guard meaning != .state(.todo),
                    let termsAreStates = Self.definitions(visible[start...], level: level, segments, source: source)
                else { return false }
                return meaning != nil || termsAreStates
            }
            guard !isObsidian, heading.limit == nil,
                LaneStates.isNotes(heading.name)
                    || (inClosingNotes && cache.meaning(of: heading.name) == nil)
                    || besideSection || definesTerms(),
                !frontMatter.rules.lanes.keys.contains(where: { LaneName.names(heading.name, $0.text) }),
                !frontMatter.rules.wip.keys.contains(where: { LaneName.names(heading.name, $0.text) })
            else { return false }
            var next = start
            while next < visible.count {
                let root = segments[visible[next]].root
                if root.kind == .heading, root.number <= level { break }
                if root.kind == .item, root.flags.contains(.task) { return false }
                next += 1
            }
            // Its items are text on a board whose cards are marked, or that has other lanes and they hold no items
            // (`## In Progress` over `（暂无进行中的任务）`, … then `## 任务管理说明`, "how tasks are kept", over a list of
            // states; lanes kept as one table, then `## Resources` over links).
            // (A heading card's lists are its details, not items of the board: `### 1. Container removed ✅` over
            // `**Agent**: …` and a list, then `## Summary` over the same tasks as lists.)
            if boardMarksItsCards { return true }
            var otherLanes = false
            var position = 0
            while position < visible.count {
                if position >= start - 1, position < next {
                    position = next
                    continue
                }
                let root = segments[visible[position]].root
                if root.kind == .heading, root.number > level {
                    let end = Self.headingBodyEnd(after: position, level: root.number, visible, segments)
                    let body = visible[(position + 1)..<end].map { segments[$0] }
                    if !body.isEmpty,
                        Self.isHeadingCard(
                            body, heading: segments[visible[position]],
                            plainListsAreDetails: boardWritesTasksOverDetails)
                    {
                        position = max(end, position + 1)
                        continue
                    }
                }
                if root.kind == .item { return false }
                if root.kind == .heading, root.number == level { otherLanes = true }
                position += 1
            }
            return otherLanes
        }
        var inNotesLane = false
        while index < visible.count {
            let raw = visible[index]
            let segment = segments[raw]
            let node = segment.root
            if node.kind == .thematicBreak {
                // A rule between lanes is only a rule. Obsidian writes `***` before its archive, but reads as the
                // archive only the heading named Archive after it: a lane after the rule is a lane.
                afterRule = true
                index += 1
                continue
            }
            defer { afterRule = false }
            if node.kind == .paragraph, segment.markdown.nodes.count == 1 {
                index += 1  // nothing left once its comments were removed
                continue
            }
            if node.kind == .heading, let section, index == section.range.lowerBound {
                // The heading over a section of lanes one level down is not a lane: before the first lane it is part
                // of the board's description (a `#` one first on the board, over `###` lanes beside `##` sections, is
                // its title); later, what it says goes with the section's first lane.
                if outline.hasLane {
                    inSectionIntro = true
                } else if node.number < laneLevel, !sawLane, titleHeading == nil {
                    titleHeading = (
                        TextCleaning.collapseWhitespace(segment.markdown.plainText(of: 0)), location(segment)
                    )
                } else {
                    outline.preamble.append(segment)
                }
                index += 1
                continue
            }
            if inSectionIntro, let section, node.kind != .heading || node.number > section.level {
                sectionIntro.append(segment)
                index += 1
                continue
            }
            if node.kind == .heading, afterRule, node.number == 2, outline.hasLane, !isObsidian,
                CardReader.yamlBlockLines(of: segment, source: source) != nil
            {
                // A card written as a block of YAML between two `---` lines (`id: …`, `title: …`, `status: …`), which
                // CommonMark reads as a heading the closing `---` underlines: a card, whose text runs to the next such
                // card or heading (rules right after its block, or before the next one's, are no part of it).
                var end = index + 1
                while end < visible.count,
                    segments[visible[end]].root.kind != .heading || segments[visible[end]].root.number > node.number
                {
                    end += 1
                }
                while end > index + 1, segments[visible[end - 1]].root.kind == .thematicBreak { end -= 1 }
                var start = index + 1
                while start < end, segments[visible[start]].root.kind == .thematicBreak { start += 1 }
                outline.endGroup(atLevel: node.number)
                outline.addCard(
                    .heading(segment, body: visible[start..<end].map { segments[$0] }), last: visible[end - 1])
                index = end
                continue
            }
            if node.kind == .heading {
                let level = node.number
                let laneLevel = lanesLevel(at: index)
                // A leading `#` heading of a board with `##` lanes is its title; later ones are lanes too.
                if level < laneLevel, !sawLane, titleHeading == nil, !outline.hasLane {
                    titleHeading = (
                        TextCleaning.collapseWhitespace(segment.markdown.plainText(of: 0)), location(segment)
                    )
                    index += 1
                    continue
                }
                // Another heading above the lanes before the first of them (`## Project` under `# Board`, over
                // `###` lanes) belongs to the board's description.
                if level < laneLevel, !outline.hasLane {
                    outline.preamble.append(segment)
                    index += 1
                    continue
                }
                if level <= laneLevel {
                    let location = self.location(segment)
                    let heading = LaneHeading(segment.markdown, source: headingSource(segment))
                    if let invalid = heading.invalidLimit { problems.append((.invalidWIPLimit(invalid), location)) }
                    // On an Obsidian board only `***` + `## Archive` is the archive, as the plugin reads it; a lane
                    // named Archive elsewhere is a lane (a done one).
                    let isArchive =
                        (cache.meaning(of: heading.name) == .archive && (!isObsidian || afterRule))
                        || frontMatter.hiddenLanes.contains(LaneName.key(heading.name))
                    outline.startLane(heading, location: location, isArchive: isArchive, last: raw, level: laneLevel)
                    laneStart = index + 1
                    inNotesLane = !isArchive && isNotesLane(heading, from: index + 1, level: laneLevel)
                    if inNotesLane, !inClosingNotes, lastTaskItem.map({ $0 < index }) ?? false { inClosingNotes = true }
                    outline.lanes[outline.lanes.count - 1].holdsNotes = inNotesLane
                    for piece in sectionIntro { _ = outline.addLaneDescription(piece, last: raw) }
                    sectionIntro = []
                    inSectionIntro = false
                    sawLane = sawLane || !isArchive
                    index += 1
                    continue
                }
            }
            // Before the first lane: the board's description.
            guard outline.hasLane else {
                if node.kind == .paragraph,
                    let table = PipeTable(
                        lines: segment.line...(Self.nextLine(after: raw, in: pieceLines, source: source) - 1),
                        in: source)
                {
                    preambleTables.append((segment, raw, table))
                }
                outline.preamble.append(segment)
                index += 1
                continue
            }
            if inNotesLane, outline.addLaneDescription(segment, last: raw) {
                index += 1
                continue
            }
            if node.kind == .heading {
                // A deeper heading inside a lane: a heading card, or a group label.
                let end = Self.headingBodyEnd(after: index, level: node.number, visible, segments)
                let body = visible[(index + 1)..<end].map { segments[$0] }
                // A legend or notes of the lane's own before its first card (`### Definitions` over `- **Area** - …`,
                // `### Legend` over `- 🔴 urgent`): the lane's text, not a group of cards.
                if isLaneLegend(TextCleaning.collapseWhitespace(segment.markdown.plainText(of: 0)), at: index, end: end)
                {
                    _ = outline.addLaneDescription(segment, last: raw)
                    for position in (index + 1)..<end {
                        _ = outline.addLaneDescription(segments[visible[position]], last: visible[position])
                    }
                    index = end
                    continue
                }
                if !isObsidian, !outline.inArchive, let found = cardTable(under: index, end: end),
                    headingsLabelTables(level: node.number)
                {
                    // A heading over a table of cards alone, as every heading of its level in the lane is: a group
                    // label over the table's rows, the lane's cards (read, not written, as a table's rows are).
                    outline.addGroup(
                        TextCleaning.collapseWhitespace(segment.markdown.plainText(of: 0)), level: node.number,
                        at: location(segment), last: found.raw)
                    outline.lanes[outline.lanes.count - 1].isTable = true
                    if found.table.laneColumn() != nil { groupStatusTables += 1 }
                    for row in Self.cardRows(found.table, roles: found.roles, title: found.title) {
                        outline.addCard(.row(segments[found.raw], row), last: found.raw)
                    }
                    index = end
                    continue
                }
                if !isObsidian, !outline.inArchive, let first = body.first, first.root.kind == .heading,
                    headingsLabelTables(level: first.root.number)
                {
                    // A heading over deeper headings each over a table of cards alone (`### High` over `#### Backend`
                    // over `| ID | Task | Status |`): a label over those labels, as over lists of cards.
                    outline.addGroup(
                        TextCleaning.collapseWhitespace(segment.markdown.plainText(of: 0)), level: node.number,
                        at: location(segment), last: raw)
                    index += 1
                    continue
                }
                if !isObsidian,
                    Self.isHeadingCard(body, heading: segment, plainListsAreDetails: boardWritesTasksOverDetails),
                    !(body.isEmpty && laneHasListCards(from: end) && !boardWritesHeadingCards)
                {
                    // A heading card beside (or above) a group label is not in that group.
                    outline.endGroup(atLevel: node.number)
                    outline.addCard(.heading(segment, body: body), last: visible[end - 1])
                    index = end
                } else {
                    outline.addGroup(
                        TextCleaning.collapseWhitespace(segment.markdown.plainText(of: 0)), level: node.number,
                        at: location(segment), last: raw)
                    index += 1
                }
                continue
            }
            if node.kind == .item, !isObsidian, Self.isPlaceholder(segment),
                index + 1 == visible.count || segments[visible[index + 1]].root.kind != .item,
                outline.addLaneDescription(segment, last: raw)
            {
                // `- _(empty)_` as a lane's only item says the lane is empty: it is shown as the lane's text. (On an
                // Obsidian board the plugin shows it as a card, and so does pm-render.)
                outline.lanes[outline.lanes.count - 1].placeholderLine = segment.line
            } else if node.kind == .item {
                outline.addCard(.item(segment), last: raw)
            } else if node.kind == .paragraph, Self.isCompleteMarker(segment) {
                outline.markComplete(last: raw)
                isObsidian = true
            } else if node.kind == .paragraph, !outline.inArchive,
                let table = PipeTable(
                    lines: segment.line...(Self.nextLine(after: raw, in: pieceLines, source: source) - 1), in: source)
            {
                // A table under a lane's heading holds its cards, or describes it (a decision log, metrics): which is
                // decided once the board's other cards are known. After a lane's cards it is neither, and not shown.
                if outline.addLaneDescription(segment, last: raw) {
                    laneTables.append((segment, raw, outline.lanes.count - 1, table))
                } else {
                    problems.append((.tableNotRead, tableLocation(table, in: segment)))
                }
            } else if node.kind == .paragraph, !outline.inArchive, !outline.inHeadingGroup,
                let label = Self.label(segment), index + 1 < visible.count,
                segments[visible[index + 1]].root.kind == .item
            {
                // `**Status legend:**` over `- **Pending:** not started`, before the lane's first card: the lane's text,
                // as a `### Legend` heading over it is.
                let end = visible[(index + 1)...].firstIndex { segments[$0].root.kind != .item } ?? visible.count
                if isLaneLegend(label, at: index, end: end) {
                    for position in index..<end {
                        _ = outline.addLaneDescription(segments[visible[position]], last: visible[position])
                    }
                    index = end
                    continue
                }
                // `**Backend:**` or `RBAC:` alone on a line over a lane's cards labels them, as a `###` would (not
                // under a `###` label: a card has one group).
                outline.addGroup(label, level: CardGroup.paragraphLevel, at: location(segment), last: raw)
            } else if outline.addLaneDescription(segment, last: raw) {
                // Content under a lane's heading before its first card describes the lane. A line that only says the
                // lane is empty (`Пусто.`, `*(Nenhuma tarefa)*`) gives its place to the first card, as such an item does.
                if !isObsidian, Self.isPlaceholderLine(0, in: segment.markdown),
                    outline.lanes[outline.lanes.count - 1].placeholderLine == nil
                {
                    outline.lanes[outline.lanes.count - 1].placeholderLine = segment.line
                }
            } else if !outline.inArchive, index < footerStart, !Self.isComment(node), !Self.isTagsOnly(segment) {
                problems.append((.strayContent(Self.describe(node)), location(segment)))
            }
            index += 1
        }
        // Task items before the first lane (on a board without lanes, all of them) are the board's text: say so once,
        // counting those in no other task item (a task's subtasks are its own).
        let preambleItems = outline.preamble.filter { $0.root.kind == .item }
        let looseTasks = preambleItems.map { segment in
            var count = 0
            var insideUntil = 0
            for (index, node) in segment.markdown.nodes.enumerated()
            where index >= insideUntil && node.kind == .item && node.flags.contains(.task) {
                count += 1
                insideUntil = node.end
            }
            return count
        }
        if let first = looseTasks.firstIndex(where: { $0 > 0 }) {
            problems.append((.tasksOutsideLanes(looseTasks.reduce(0, +)), location(preambleItems[first])))
        }

        // Mermaid kanban diagrams: fenced blocks of top-level pieces outside comments (`assemble` decides whether
        // the first is the board).
        var diagrams: [MermaidKanban] = []
        if source.contains(UInt8(ascii: "`")) || source.contains(UInt8(ascii: "~")) {
            for index in visible where MermaidKanban.isMermaidBlock(segments[index]) {
                if let diagram = MermaidKanban(segments[index], source: source, dateFormat: dateFormat) {
                    diagrams.append(diagram)
                }
            }
        }
        readTables(
            laneTables, preamble: preambleTables, groupStatusTables: groupStatusTables, into: &outline,
            title: &titleHeading, diagramHasCards: diagrams.first?.columns.contains { !$0.cards.isEmpty } == true)

        // A lane whose text is short lines without list markers, on a board whose other lanes hold list cards
        // (`## A faire` over `Créer l’algorithme Min-Max` ⏎ `Créer le système de points`): they look like cards
        // written without their `- `, and are not read as cards; say so.
        let laneHasItems = outline.lanes.map { lane in
            lane.cards.contains { if case .item = $0.0 { true } else { false } }
        }
        for (position, lane) in outline.lanes.enumerated()
        where !lane.isArchive && !lane.holdsNotes && lane.cards.isEmpty && lane.groups.isEmpty
            && lane.placeholderLine == nil && laneHasItems.contains(true) && !laneHasItems[position]
        {
            if let count = Self.linesLikeCards(lane.description, source: source) {
                problems.append((.linesNotCards(count), location(lane.description[0])))
            }
        }
        // A lane's last piece may end in Obsidian's settings block, which is not the lane's.
        for lane in outline.lanes.indices {
            let last = pieces[outline.lanes[lane].lastSegment]
            outline.lanes[lane].settingsLine = ObsidianSettings.settingsLine(in: last)
        }
        // Each lane's state as `assemble` finds it, and each card's group as it does, so that the cards are read
        // with the lane, state and group they will have (`assemble` checks them, and puts right any that differ).
        let laneDrafts = outline.lanes.filter { !$0.isArchive }
        var states = self.states(
            of: laneDrafts.map(\.heading.name), completeMarkers: laneDrafts.map(\.hasCompleteMarker), cache: &cache
        ).makeIterator()
        // The end of a piece: the line before the next piece (blank lines are trimmed by the readers).
        var jobs: [CardReader.Job] = []
        for draft in outline.lanes {
            let state = draft.isArchive ? nil : states.next()?.0
            var entry = -1
            // The placement of the cards under group entry `entry` (made when a card to read is found there).
            var placement: (entry: Int, index: Int32)?
            for position in draft.cards.indices {
                while entry + 1 < draft.groups.count, draft.groups[entry + 1].firstCard <= position { entry += 1 }
                let (source, last) = draft.cards[position]
                if let slot = cache.slot(of: source.key), cache.entries[slot].body == source.body { continue }
                if let state, placement?.entry != entry {
                    let named = entry >= 0 ? draft.groups[entry].name : nil
                    // (Past `Int32.max` placements, which no board reaches, an index names none: `assemble` places.)
                    placement = (entry, Int32(clamping: cardReader.placements.count))
                    cardReader.placements.append(
                        CardReader.Placement(
                            lane: draft.heading.name, state: state, group: named?.isEmpty == false ? named : nil))
                }
                let job = CardReader.Job(
                    source, endLine: Self.nextLine(after: last, in: pieceLines, source: self.source) - 1,
                    placement: state == nil ? -1 : placement?.index ?? -1)
                if reusesReadingsByText, case .item = source, cache.reuse(text(of: job), for: job.first.id) { continue }
                jobs.append(job)
            }
        }
        return Plan(
            settings: settings, isObsidian: isObsidian, reader: cardReader, outline: outline,
            titleHeading: titleHeading, jobs: jobs, pieceLines: pieceLines,
            archiveStamp: obsidianSettings?.archiveStamp,
            archiveStampUnsaid: isObsidian && obsidianSettings?.saysArchiveWithDate != true, diagrams: diagrams,
            problemsBefore: problemsBefore)
    }

    /// A card's source: its lines, the blank ones after it included.
    private func text(of job: CardReader.Job) -> ArraySlice<UInt8> {
        let start = source.lineStarts[job.first.line - 1]
        let end = job.endLine < source.lineStarts.count ? source.lineStarts[job.endLine] : source.bytes.count
        return source.bytes[start..<end]
    }

    /// The first line after a piece (the next piece's, or the line after the file's end).
    private static func nextLine(after raw: Int, in pieceLines: [Int], source: SourceText) -> Int {
        raw + 1 < pieceLines.count ? pieceLines[raw + 1] : source.lineCount + 1
    }

    /// Puts the readings of the plan's jobs in the cache, where `assemble` takes them from. (The cache then holds
    /// the only copy of each card, so a card changed as it is placed in its lane is not kept twice.)
    private func store(_ readings: [CardReader.Reading], of plan: Plan, in cache: inout CardCache) {
        // Room for the first version's cards at once (later versions add a few, and the array grows as arrays do).
        if cache.entries.isEmpty { cache.reserveCapacity(readings.count) }
        for (job, reading) in zip(plan.jobs, readings) {
            let text: ArraySlice<UInt8>? =
                if reusesReadingsByText, case .item = job.source { self.text(of: job) } else { nil }
            cache.store(reading, line: job.first.line, segment: job.source.key, body: job.body, text: text)
        }
    }

    /// The board from its plan and the readings in the cache.
    private mutating func assemble(
        _ plan: Plan, fallbackTitle: String, cache: inout CardCache
    ) -> Board {
        var settings = plan.settings
        let outline = plan.outline
        var lanes: [Lane] = []
        var archive: [Card] = []
        var archiveLocation: SourceLocation?
        var stampsArchive = false
        // For each card in a lane (in `Board.cards` order), its reading's slot in the cache.
        var cardSlots: [Int] = []
        let laneDrafts = outline.lanes.filter { !$0.isArchive }
        let states = self.states(
            of: laneDrafts.map(\.heading.name), completeMarkers: laneDrafts.map(\.hasCompleteMarker),
            statuses: laneDrafts.map(\.isStatus), cache: &cache)
        for draft in outline.lanes {
            // (The archive's cards are done; `states` has the lanes'.)
            let (state, stateSource) = draft.isArchive ? (.done, .name) : states[lanes.count]
            var cards: [Card] = []
            cards.reserveCapacity(draft.cards.count)
            // The group entry a card is under: the last to start at or before it (entries are in the cards' order),
            // followed along the cards once. An unnamed entry ends the group before it.
            var entry = -1
            for position in draft.cards.indices {
                while entry + 1 < draft.groups.count, draft.groups[entry + 1].firstCard <= position { entry += 1 }
                let named = entry >= 0 ? draft.groups[entry].name : nil
                let group = named?.isEmpty == false ? named : nil
                guard let slot = cached(draft.cards[position].0, cache: &cache) else { continue }
                var card = cache.entries[slot].reading.card
                if !draft.isArchive, !card.isIn(group: group) || !card.isIn(lane: draft.heading.name, state) {
                    // One new box for the three, put back at once so that the old one goes now.
                    var fields = card.fields
                    fields.group = group
                    fields.lane = draft.heading.name
                    fields.state = state
                    card.fields = fields
                    cache.entries[slot].reading.card = card
                } else if !card.isIn(group: group) {
                    card.group = group
                }
                cards.append(card)
                if !draft.isArchive { cardSlots.append(slot) }
            }
            if draft.isArchive {
                archiveLocation = archiveLocation ?? draft.location
                var stamp = plan.archiveStamp
                if plan.archiveStampUnsaid, let pluginDefault = ArchiveStamp.pluginDefault, cards.count >= 2,
                    cards.allSatisfy({ pluginDefault.strip($0.title) != nil })
                {
                    stamp = pluginDefault
                    stampsArchive = true
                }
                for var card in cards {
                    if let stamp { Self.removingArchiveStamp(stamp, from: &card) }
                    card.isArchived = true
                    card.state = .done
                    card.lane = draft.heading.name
                    archive.append(card)
                }
                continue
            }
            var lane = Lane(
                name: draft.heading.name, heading: draft.heading.source, nameMarkup: draft.heading.markup, state: state,
                stateSource: stateSource,
                wipLimit: draft.heading.limit, wipLimitLocation: draft.heading.limit == nil ? nil : draft.location,
                description: Markdown.joining(draft.description) { self.source.isBlank($0) }, cards: cards,
                groups: draft.groups.filter { !$0.name.isEmpty }.map {
                    CardGroup(
                        name: $0.name, firstCard: $0.firstCard, location: $0.location,
                        isHeading: $0.level < CardGroup.paragraphLevel)
                },
                location: draft.location, headingLevel: draft.level)
            lane.endLine = self.endLine(
                of: draft, next: Self.nextLine(after: draft.lastSegment, in: plan.pieceLines, source: self.source))
            if let settings = draft.settingsLine {
                lane.endLine = min(lane.endLine, settings - 1)
            }
            lane.descriptionSource = sourceText(
                of: draft.description, in: plan.pieceLines, leavingOut: plan.outline.tablesRead)
            lane.placeholderLine = draft.placeholderLine
            lane.holdsNotes = draft.holdsNotes
            lane.isTable = draft.isTable
            lane.isStatus = draft.isStatus
            lane.isColumn = draft.isColumn
            lanes.append(lane)
        }
        // A file whose Markdown is no board and that has a Mermaid kanban diagram is that diagram's board: its Markdown
        // holds no cards, or its sections are a document's (a README's `## Install`), none of them named for a state (nor
        // given one by the front matter or Obsidian's marker), on no Obsidian board and with no archive.
        let markdownIsBoard =
            !(lanes.allSatisfy(\.cards.isEmpty) && archive.isEmpty)
            && (plan.isObsidian || !archive.isEmpty
                || lanes.contains { [.name, .frontMatter, .completeMarker].contains($0.stateSource) })
        let diagram = markdownIsBoard ? nil : plan.diagrams.first { !$0.columns.isEmpty }
        if let diagram {
            // The Markdown is the board's text now: what its reading as lanes and cards found says nothing of it.
            problems.removeSubrange(min(plan.problemsBefore, problems.count)...)
            problems += diagram.problems
            lanes = diagramLanes(diagram, cache: &cache)
        } else if !plan.isObsidian {
            Self.readCountsOfCards(&lanes, headings: laneDrafts.map(\.heading))
        }
        for other in plan.diagrams where other.segmentID != diagram?.segmentID && !other.columns.isEmpty {
            problems.append((diagram == nil ? .mermaidKanbanBesideCards : .secondMermaidKanban, other.location))
        }
        applyWIPRules(&lanes)
        assignIdentities(&lanes, &archive)
        // The next version finds its cards as they ended up here: unchanged ones need no change at all.
        var position = 0
        for lane in lanes where !lane.isDiagram {
            for card in lane.cards {
                let slot = cardSlots[position]
                position += 1
                if cache.entries[slot].reading.card != card { cache.entries[slot].reading.card = card }
            }
        }

        var board = Board(
            title: "", sourceFile: file)
        board.lanes = lanes
        board.archive = archive
        board.archiveLocation = archiveLocation
        let preamble = outline.preamble.filter { $0.root.kind != .thematicBreak }
        board.description = Markdown.joining(preamble) { self.source.isBlank($0) }
        board.descriptionSource = sourceText(of: preamble, in: plan.pieceLines, leavingOut: plan.outline.tablesRead)
        var headingTitle = plan.titleHeading
        if let diagram {
            // The Markdown around the diagram (its headings, none of them a lane now, and their text) describes the
            // board; a first heading above the diagram, or the diagram's own title, is its title.
            let first = outline.lanes.first
            if headingTitle == nil, diagram.title == nil, let first, first.location.line < diagram.location.line {
                headingTitle = (first.heading.name, first.location)
            }
            if headingTitle == nil, let title = diagram.title { headingTitle = (title, diagram.location) }
            let titleLine = headingTitle.map(\.1.line)
            (board.description, board.descriptionSource) = textAround(diagram, leaving: titleLine)
        }
        if let title = frontMatter.title, !title.isEmpty {
            board.title = title
            board.titleLocation = frontMatter.titleLocation
        } else if let (title, location) = headingTitle, !title.isEmpty {
            board.title = title
            board.titleLocation = location
        } else {
            board.title = fallbackTitle
        }
        if !settings.localeIsExplicit, !forHistory { settings.locale = Self.detectLocale(board) }
        board.settings = settings
        board.rules = frontMatter.rules
        if !forHistory {
            board.style = Self.style(of: board, isObsidian: plan.isObsidian, source: source)
            board.style.stampsArchive = stampsArchive
            board.style.dialect = Self.dialect(
                of: board, isObsidian: plan.isObsidian, source: source, file: file, triggers: plan.reader.triggers)
        }
        return board
    }

    /// The lanes of a Mermaid kanban diagram: its columns, their states from their names as any lane's.
    private func diagramLanes(_ diagram: MermaidKanban, cache: inout CardCache) -> [Lane] {
        let names = diagram.columns.map(\.heading.name)
        let states = self.states(of: names, completeMarkers: names.map { _ in false }, cache: &cache)
        return zip(diagram.columns, states).map { column, state in
            let cards = column.cards.map { card in
                var card = card
                var fields = card.fields
                fields.lane = column.heading.name
                fields.state = state.0
                card.fields = fields
                return card
            }
            var lane = Lane(
                name: column.heading.name, heading: column.heading.source, nameMarkup: column.heading.markup,
                state: state.0, stateSource: state.1, wipLimit: column.heading.limit,
                wipLimitLocation: column.heading.limit == nil ? nil : column.location, cards: cards,
                location: column.location, endLine: column.endLine)
            lane.isDiagram = true
            return lane
        }
    }

    /// The Markdown around a diagram that is the board (its headings, lists and text: none of them lanes or cards
    /// now), read again by cmark from the file's lines before and after the diagram, as the board's description; the
    /// heading on `titleLine` (the board's title), rules and comments left out. Its source is the lines of those pieces.
    private func textAround(_ diagram: MermaidKanban, leaving titleLine: Int?) -> (Markdown, String) {
        var pieces: [MarkdownSegment] = []
        var texts: [String] = []
        for (first, last) in [
            (frontMatter.bodyStartLine, diagram.location.line - 1), (diagram.endLine + 1, source.lineCount),
        ] where first <= last {
            let parsed = ChunkedParse.parse(source, lines: first...last)
            // Runs of the pieces kept, from the first one's line through the line before the piece after the run.
            var run: (start: Int, next: Int)?
            func flush() {
                guard let (start, next) = run else { return }
                let end = next < parsed.count ? parsed[next].line - 1 : last
                let text = source.text(lines: parsed[start].line, through: end, removingIndent: 0).trimmingWhitespace
                if !text.isEmpty { texts.append(text) }
                run = nil
            }
            for index in Self.uncommented(parsed) {
                let piece = parsed[index]
                if piece.root.kind == .thematicBreak || (piece.root.kind == .heading && piece.line == titleLine) {
                    flush()
                    continue
                }
                if let current = run, current.next == index {
                    run = (current.start, index + 1)
                } else {
                    flush()
                    run = (index, index + 1)
                }
                pieces.append(piece)
            }
            flush()
        }
        return (Markdown.joining(pieces) { source.isBlank($0) }, texts.joined(separator: "\n\n"))
    }

    // MARK: - Cards

    /// The cache slot of the reading of the card that starts with `first` (every card is there once its plan's
    /// jobs are read), moved to where the card is now; nil for a card without a title or ID.
    private mutating func cached(_ source: CardSource, cache: inout CardCache) -> Int? {
        let first = source.first
        guard let slot = cache.slot(of: source.key) else { return nil }
        cache.use(slot)
        let line = cache.entries[slot].line
        if first.line != line {
            cache.entries[slot].reading.shift(by: first.line - line)
            cache.entries[slot].line = first.line
        }
        if !cache.entries[slot].reading.problems.isEmpty { problems += cache.entries[slot].reading.problems }
        return cache.entries[slot].reading.card.isNamed ? slot : nil
    }

    /// Gives every card a unique identity: repeated titles (a weekly "Monday") get `-2`, `-3` in file order. The
    /// archive has identities of its own (`archived-…` anchors), so archiving a card never renames another.
    private func assignIdentities(_ lanes: inout [Lane], _ archive: inout [Card]) {
        if Self.distinctBaseIDs(lanes.map(\.cards)), Self.distinctBaseIDs([archive]) {
            // No repeated title: every card's identity is its own.
            for lane in lanes.indices {
                for card in lanes[lane].cards.indices where !lanes[lane].cards[card].hasBaseID {
                    lanes[lane].cards[card].id = lanes[lane].cards[card].baseID
                }
            }
            for card in archive.indices where !archive[card].hasBaseID { archive[card].id = archive[card].baseID }
            return
        }
        let count = lanes.reduce(0) { $0 + $1.cards.count }
        var used: [String: Int] = [:]
        used.reserveCapacity(count * 2)
        func unique(_ card: inout Card) {
            let base = card.baseID
            var count = used[base, default: 0]
            count += 1
            used[base] = count
            var candidate = base
            if count > 1 {
                candidate = "\(base)-\(count)"
                while used[candidate] != nil {
                    count += 1
                    candidate = "\(base)-\(count)"
                }
                used[candidate] = 1
            }
            if card.id != candidate { card.id = candidate }
        }
        // Explicit IDs first, so a later title never takes an ID written in the file.
        for lane in lanes.indices {
            for card in lanes[lane].cards.indices where lanes[lane].cards[card].hasExplicitID {
                unique(&lanes[lane].cards[card])
            }
        }
        for lane in lanes.indices {
            for card in lanes[lane].cards.indices where !lanes[lane].cards[card].hasExplicitID {
                unique(&lanes[lane].cards[card])
            }
        }
        used = [:]
        for card in archive.indices { unique(&archive[card]) }
    }

    /// Whether no two of the cards share a base identity. Their identities are compared through their hashes
    /// (`Card.baseIDHash`, worked out once per card) in a small open-addressed table: equal hashes answer false and
    /// send the board to the full numbering, so the answer is exact. Most boards repeat no title, and this spares a
    /// history of thousands of versions hashing every title as a dictionary key in each.
    static func distinctBaseIDs(_ cardLists: [[Card]]) -> Bool {
        let count = cardLists.reduce(0) { $0 + $1.count }
        guard count > 1 else { return true }
        var capacity = 4
        while capacity < count * 2 { capacity <<= 1 }
        var table = [UInt64](repeating: 0, count: capacity)
        for cards in cardLists {
            for card in cards {
                let hash = card.baseIDHash | 1  // 0 marks an empty slot
                var slot = Int(truncatingIfNeeded: hash >> 3) & (capacity - 1)
                while table[slot] != 0 {
                    if table[slot] == hash { return false }
                    slot = (slot + 1) & (capacity - 1)
                }
                table[slot] = hash
            }
        }
        return true
    }

    /// The source of a description's pieces: from the first one's line through the line before whatever follows the
    /// last (a card, a lane, a rule, the end of the file). Pieces parted by a table read as cards (`leavingOut`, the
    /// lines tables start on: text above and below the table of a board's lanes) are each run of them as written, a
    /// blank line apart.
    private func sourceText(of pieces: [MarkdownSegment], in pieceLines: [Int], leavingOut: Set<Int>) -> String {
        // The line of the piece after the one on `line` (the pieces' lines are in file order).
        func lineAfter(_ line: Int) -> Int {
            var (low, high) = (0, pieceLines.count)
            while low < high {
                let middle = (low + high) / 2
                if pieceLines[middle] > line { high = middle } else { low = middle + 1 }
            }
            return low < pieceLines.count ? pieceLines[low] : source.lineCount + 1
        }
        var runs: [String] = []
        var start = 0
        while start < pieces.count {
            var last = start
            var next = lineAfter(pieces[last].line)
            while last + 1 < pieces.count,
                pieces[last + 1].line == next
                    || !leavingOut.contains(where: { (pieces[last].line + 1..<pieces[last + 1].line).contains($0) })
            {
                last += 1
                next = lineAfter(pieces[last].line)
            }
            let text = source.text(lines: pieces[start].line, through: next - 1, removingIndent: 0).trimmingWhitespace
            if !text.isEmpty { runs.append(text) }
            start = last + 1
        }
        return runs.joined(separator: "\n\n")
    }

    // MARK: - Lanes

    /// Each lane's state, from its name (`names`, in file order, the archive left out): front matter `lanes:`, then
    /// `**Complete**`, then its name, then, for a status of the board's table (`statuses`), doing; then the lane above
    /// it (todo after a done lane, unless it names a period of time).
    private func states(
        of names: [String], completeMarkers: [Bool], statuses: [Bool]? = nil, cache: inout CardCache
    ) -> [(CardState, LaneStateSource)] {
        // The states the first three rules give; the fourth looks at those before and after a lane.
        var known: [(CardState, LaneStateSource)?] = []
        for (name, hasCompleteMarker) in zip(names, completeMarkers) {
            if let setting = frontMatter.rules.lanes.first(where: { LaneName.names(name, $0.key.text) })?
                .value, let state = setting.state
            {
                known.append((state, .frontMatter))
            } else if hasCompleteMarker {
                known.append((.done, .completeMarker))
            } else if let meaning = cache.meaning(of: name) {
                // A lane named Archive that is not the archive (on an Obsidian board, one without `***` before it).
                if case .state(let state) = meaning {
                    known.append((state, .name))
                } else {
                    known.append((.done, .name))
                }
            } else if statuses?[known.count] == true {
                // A status of the board's table that names no state (`Sprint 1`, `Phase 2 (API)`) stands among the
                // doing ones, between the to-do and the done statuses. It is a lane while a row has it, and so are
                // those beside it: its state is its own, so that an edit that adds or takes away a status beside it
                // never changes it.
                known.append((.doing, .tableStatus))
            } else {
                known.append(nil)
            }
        }
        // The state of the nearest known lane after each lane (one pass from the end: a board may have many lanes).
        var nextKnown = [CardState?](repeating: nil, count: names.count)
        for index in names.indices.dropLast().reversed() {
            nextKnown[index] = known[index + 1]?.0 ?? nextKnown[index + 1]
        }
        var states: [(CardState, LaneStateSource)] = []
        states.reserveCapacity(names.count)
        var previous: CardState?
        for (index, name) in names.enumerated() {
            if let known = known[index] {
                states.append(known)
            } else if previous == .done, !LaneStates.isPeriod(name) {
                states.append((.todo, .afterDone))
            } else if previous == .doing,
                nextKnown[index] == .todo || (nextKnown[index] == nil && known[..<index].contains { $0?.0 == .done })
            {
                // Not on the way from a doing lane to a done one: before a todo lane, or after every lane of the flow
                // (notes, decisions, later phases). (`Todo | Doing | Verify` on a board that archives its done cards
                // is a stage.)
                states.append((.todo, .afterDoing))
            } else if let previous {
                states.append((previous, .previousLane))
            } else {
                states.append((.todo, .firstLanes))
            }
            previous = states[index].0
        }
        return states
    }

    /// A bare `(N)` after lane names is a count of cards, not a limit, when at least two lanes have one, each holds
    /// that many cards and one of them is a done lane, which no team limits (`## Backlog (19)`, `## Wip (0)`,
    /// `## Completed (25)`, as reports and scripts write them; a board whose `## Doing (3)` and `## Review (2)` are
    /// full keeps its limits). (Obsidian writes limits so; its boards keep them.)
    private static func readCountsOfCards(_ lanes: inout [Lane], headings: [LaneHeading]) {
        var counted = 0
        var countsDone = false
        for (lane, heading) in zip(lanes, headings) {
            guard let number = heading.bareNumber else { continue }
            guard number == lane.cards.count else { return }
            counted += 1
            countsDone = countsDone || lane.state == .done
        }
        guard counted >= 2, countsDone else { return }
        for index in lanes.indices where headings[index].bareNumber != nil {
            lanes[index].wipLimit = nil
            lanes[index].wipLimitLocation = nil
        }
    }

    /// Limits from the front matter (`wip:` by lane name, `lanes:` with `wip`); the smaller limit wins.
    private func applyWIPRules(_ lanes: inout [Lane]) {
        let rules = frontMatter.rules
        for index in lanes.indices {
            var limits: [(Int, SourceLocation?)] = []
            if let (name, limit) = rules.wip.first(where: { $0.key.matchesName(of: lanes[index]) }) {
                limits.append((limit, name.location))
            }
            if let (name, setting) = rules.lanes.first(where: { $0.key.matchesName(of: lanes[index]) }),
                let limit = setting.wip
            {
                limits.append((limit, name.location))
            }
            for (limit, location) in limits where limit > 0 {
                if let existing = lanes[index].wipLimit, existing <= limit { continue }
                lanes[index].wipLimit = limit
                lanes[index].wipLimitLocation = location
            }
        }
    }

    private func endLine(of draft: Outline.LaneDraft, next: Int) -> Int {
        var end = next - 1
        while end > draft.location.line, source.isBlank(end) { end -= 1 }
        return end
    }

    // MARK: - Helpers

    /// The indices of the pieces outside `%% … %%` comments.
    static func uncommented(_ segments: [MarkdownSegment]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(segments.count)
        var inComment = false
        for (index, segment) in segments.enumerated() {
            let markdown = segment.markdown
            let isParagraph = segment.root.kind == .paragraph
            // Only a paragraph whose text starts with `%%` (or, inside a comment, holds one) matters here.
            let mayMatter =
                isParagraph && markdown.nodes.count > 1 && markdown.nodes[1].kind == .text
                && markdown.nodes[1].text.utf8.contains(UInt8(ascii: "%"))
            if inComment {
                // Any piece may close it: a list item's paragraph runs on over a closing `%%` line.
                if markdown.plainText(of: 0).contains("%%") { inComment = false }
                continue
            }
            if segment.root.kind == .item || isParagraph, index + 1 < segments.count,
                segments[index + 1].root.kind == .codeBlock, ObsidianSettings.settingsLine(in: segment) != nil
            {
                // The card (or paragraph) stays; the settings block it runs into starts a comment.
                result.append(index)
                inComment = true
                continue
            }
            if mayMatter {
                let text = markdown.plainText(of: 0)
                if text.hasPrefix("%%") {
                    // A comment opening here runs to the paragraph that closes it (or to the end of this one).
                    inComment = !text.dropFirst(2).contains("%%")
                    continue
                }
            }
            result.append(index)
        }
        return result
    }

    /// `##` when the board has `##` headings, else `#` when it has those, else its shallowest heading; but when that
    /// level has a single heading, which is not wholly a lane's name, and no card under it, and at least two headings
    /// one level down are wholly lanes' names (`# Project` or `## Sprint 4` over `### To Do`, `### Doing`,
    /// `### Done`), that heading is the board's title or part of its description, and the lanes are one level down.
    /// Not on an Obsidian board, where those are group labels.
    private func laneLevel(_ segments: [MarkdownSegment], _ visible: [Int], isObsidian: Bool) -> Int {
        var levels: UInt = 0  // bit n: a heading of level n (1…6)
        for index in visible where segments[index].root.kind == .heading {
            levels |= 1 << UInt(min(max(segments[index].root.number, 0), 63))
        }
        let level = levels & (1 << 2) != 0 ? 2 : levels == 0 ? 2 : levels.trailingZeroBitCount
        let deeper = levels >> UInt(level + 1)
        // On an Obsidian board, as the plugin reads it, `###` headings are group labels inside `##` lanes.
        guard deeper != 0, !isObsidian else { return level }
        let next = level + 1 + deeper.trailingZeroBitCount
        // One heading at the level, before every heading one level down, and not a lane's name itself.
        let headings = visible.filter { segments[$0].root.kind == .heading }
        let atLevel = headings.filter { segments[$0].root.number == level }
        guard atLevel.count == 1, let single = atLevel.first,
            let firstBelow = headings.first(where: { segments[$0].root.number == next }), single < firstBelow,
            LaneStates.wholeMeaning(
                of: LaneHeading(segments[single].markdown, source: headingSource(segments[single])).name)
                == nil
        else { return level }
        // No card under the lone heading itself: its cards would be lost from any lane.
        let under = visible.drop { $0 <= single }.prefix { $0 < firstBelow }
        guard !under.contains(where: { segments[$0].root.kind == .item }) else { return level }
        // Two headings one level down that are wholly lanes' names (`Code review of the API` is a card's title),
        // among the first of them (not every heading card's title is looked up).
        var known = 0
        for index in headings.lazy.filter({ segments[$0].root.number == next }).prefix(64) {
            let name = LaneHeading(segments[index].markdown, source: headingSource(segments[index])).name
            if LaneStates.wholeMeaning(of: name) != nil { known += 1 }
            if known == 2 { return next }
        }
        return level
    }

    /// A section of lanes one level down in a document with other sections (`## Current state` over `### Done`,
    /// `### In progress`, `### Next`, beside `## Decisions` and `## Notes`): the one heading at the lanes' level with
    /// no card under it before its first heading one level down, where at least two headings one level down are
    /// wholly lanes' names, hold list cards or nothing, one is a done lane's, and one holds cards. Its range runs
    /// from that heading to the next one at its level or above. Nil when no heading is so; when another heading at
    /// the level is over a lane's name too (`## Alice` and `## Bob` over `### Todo` …: swimlanes) or is a lane's
    /// name itself (the board's lanes are those); when the heading is the archive, or a lane's name over lanes of
    /// that one state (`## Done` over `### Shipped`, `### Won't do`: groups). A heading above the lanes' level with
    /// lanes right under it is such a section's heading too (`# Getting Things DONE` over `### Todo` … `### Done ✓`,
    /// beside `## Notes`): the lanes are at the level that holds the cards.
    private func laneSection(
        _ segments: [MarkdownSegment], _ visible: [Int], laneLevel: Int
    ) -> (range: Range<Int>, level: Int)? {
        let headings = visible.indices.filter { segments[visible[$0]].root.kind == .heading }
        let meaning = { (index: Int) -> LaneStates.Meaning? in
            let segment = segments[visible[index]]
            return LaneStates.wholeMeaning(of: LaneHeading(segment.markdown, source: "").name)
        }
        // A lane's name one level down may carry a note in brackets (`### Abgeschlossen (MVP)`, `### Next steps
        // (prioritised)`): a few words, as a lane's heading writes them.
        let laneMeaning = { (index: Int) -> LaneStates.Meaning? in
            if let found = meaning(index) { return found }
            let name = LaneHeading(segments[visible[index]].markdown, source: "").name
            guard let (before, inside) = Substring(name).trimmingSpaces.bracketedSuffix,
                inside.split(separator: " ").count <= 3
            else { return nil }
            return LaneStates.wholeMeaning(of: String(before))
        }
        var found: (range: Range<Int>, level: Int)?
        var ambiguous = false
        for (position, start) in headings.enumerated() where segments[visible[start]].root.number <= laneLevel {
            let below = headings[(position + 1)...].prefix { segments[visible[$0]].root.number > laneLevel }
            // A heading above the lanes' level (`# Getting Things DONE` over `### Todo`, `### Done` beside `##`
            // sections) is such a section's heading when lanes are right under it; otherwise it is the board's title
            // or a lane, as it would be.
            let isAbove = segments[visible[start]].root.number < laneLevel
            guard let level = below.map({ segments[visible[$0]].root.number }).min() else {
                if !isAbove, meaning(start) != nil { ambiguous = true }
                continue
            }
            let children = below.filter { segments[visible[$0]].root.number == level }
            var states: Set<CardState> = []
            var known = 0
            var holdsCards = false
            for index in children.prefix(64) {
                guard case .state(let state)? = laneMeaning(index) else { continue }
                // A heading card (`### Staging` over `- due: …`, or over text) is not a lane; a lane that only says
                // it is empty (`*(Nenhuma tarefa em andamento)*`, a quote) or holds a table is one.
                let body = visible[(index + 1)..<Self.headingBodyEnd(after: index, level: level, visible, segments)]
                    .map { segments[$0] }
                // A label over the lane's first cards (`**Backend**` or `Frontend:` over a list) opens a group of them,
                // not a card's text.
                let opensGroup =
                    body.count > 1 && body[0].root.kind == .paragraph && body[1].root.kind == .item
                    && Self.label(body[0]) != nil
                // Deeper labels each over a table or a list alone (`### Done` over `#### Historias de usuario` over a
                // table) group the lane's cards.
                let labelsOverCards =
                    body.first?.root.kind == .heading
                    && body.allSatisfy { $0.root.kind == .heading || $0.root.kind == .item || isTable($0) }
                    && body.contains { $0.root.kind == .item || isTable($0) }
                if !body.isEmpty, !labelsOverCards,
                    Self.isHeadingCard(opensGroup ? Array(body.dropFirst()) : body, heading: segments[visible[index]]),
                    !body.allSatisfy(isEmptyLaneText)
                {
                    continue
                }
                known += 1
                states.insert(state)
                // Cards kept in a table are not read, but the lanes are lanes.
                holdsCards = holdsCards || body.contains { $0.root.kind == .item || isTable($0) }
            }
            let own = meaning(start)
            if known == 0 {
                if !isAbove, own != nil { ambiguous = true }
                continue
            }
            if found != nil || ambiguous { return nil }
            let overOneState = own != nil && states.count < 2
            guard known >= 2, states.contains(.done), holdsCards, own != .archive, !overOneState,
                let first = children.first,
                !visible[(start + 1)..<first].contains(where: { segments[$0].root.kind == .item })
            else {
                ambiguous = true
                continue
            }
            let end = Self.headingBodyEnd(after: below.last ?? first, level: laneLevel, visible, segments)
            found = (start..<end, level)
        }
        return ambiguous ? nil : found
    }

    /// Where the pieces under the heading at `visible[index]` end: at the next heading of its level or above, or a
    /// thematic break.
    static func headingBodyEnd(after index: Int, level: Int, _ visible: [Int], _ segments: [MarkdownSegment]) -> Int {
        var end = index + 1
        while end < visible.count {
            let next = segments[visible[end]].root
            if next.kind == .heading, next.number <= level { break }
            if next.kind == .thematicBreak { break }
            end += 1
        }
        return end
    }

    /// Whether the blocks under a deeper heading make it a card (text, fields, a property list) rather than a group
    /// label for the list cards under it. `heading` is the heading itself, when known: a task's ID or number before
    /// its title (`### P12-13 Update the prompt`, `### 1. Finalize the backend`) makes the plain list under it the
    /// task's details. `plainListsAreDetails` tells, when asked, whether a plain list that says neither is details
    /// (`listIsDetails`): on a board whose other headings are tasks over their details, it is.
    static func isHeadingCard(
        _ body: [MarkdownSegment], heading: MarkdownSegment? = nil,
        plainListsAreDetails: @autoclosure () -> Bool = false
    ) -> Bool {
        guard let first = body.first else { return true }
        // A heading right under it, over items most of which hold lists of their own (cards with their subtasks),
        // makes it a label over deeper sections (`### Phase 1` over `#### Core` over `- [ ] CORE-1` and its steps). A
        // card may have sections too (`#### Notes` over text, `#### Subtasks` over `- [ ] form`): flat items.
        if first.root.kind == .heading {
            let items = body.filter { $0.root.kind == .item }
            let nesting = items.count { item in
                item.markdown.children(of: 0).contains { item.markdown.nodes[$0].kind == .list }
            }
            return nesting < 2 || nesting * 2 < items.count
        }
        guard first.root.kind == .item else { return true }
        // Fields after its list (`**Priority:** High`, `**Owner:** Ana` under a task's checklist) are the heading's own:
        // a group label has none.
        if body.contains(where: Self.isFieldParagraph) { return true }
        // A list of the card's properties: VS Code Markdown Kanban's (`- due: …`), or any list whose first item is a
        // known field, or whose items all start with bold keys, one of them a field's (`- **Priority:** High`,
        // `- **Why:** …`; `- **Issue**: #12`, `- **Due**: 2025-10-02`).
        let items = body.prefix { $0.root.kind == .item }
        let lines = items.map { Self.fieldLine($0) }
        if let line = lines[0], CardField.parse(Substring(line.text)) != nil { return true }
        // Bold keys alone could be cards' bold titles (`- **Login page:** build the form`): one must be a field's.
        if lines.allSatisfy({ $0.map { $0.isBold && CardField.startsWithBoldKey(Substring($0.text)) } ?? false })
            && lines.contains(where: { $0.flatMap { CardField.parse(Substring($0.text)) } != nil })
        {
            return true
        }
        if boxOpensFields(items) { return true }
        return Self.listIsDetails(items, lines, heading: heading) ?? plainListsAreDetails()
    }

    /// Whether a heading's list is its bold-keyed fields, the first item alone with a task box (`- [ ] **Açıklama:** …`
    /// over `- **Modül:** Raporlar`, `- **Kabul Kriterleri:**`): the box marks the card's own state (a list of tasks has
    /// one on every item).
    static func boxOpensFields(_ items: ArraySlice<MarkdownSegment>) -> Bool {
        func boldKey(_ item: MarkdownSegment, taskToo: Bool) -> Bool {
            fieldLine(item, taskToo: taskToo).map { $0.isBold && CardField.startsWithBoldKey(Substring($0.text)) }
                ?? false
        }
        guard items.count >= 2, let first = items.first, first.root.flags.contains(.task) else { return false }
        return boldKey(first, taskToo: true) && items.dropFirst().allSatisfy { boldKey($0, taskToo: false) }
    }

    /// Whether items under a heading read as the details of the task the heading names rather than as tasks: not
    /// when one is marked as a task of its own (a task box, `- ✅ Login`, `- ~~Signup~~`, a badge: cards under a
    /// group label, `### Done 2019-11-9`, `### 已完成`); yes when most are plain `Key: value` lines, two at least or
    /// one a known field (`- Responsável: Ana`, `- Prioridade: Alta`; `- Rama: feature/x`, `- Archivo: docs/x.md`),
    /// or the heading names a task by its ID or number (`### W1-RIDER-01 - Rider flow` over what it must deliver);
    /// not when most items open with bold titles (`1. **Run the tests**: …`), a date's key holds words, not a date
    /// (`- Due date: picker shows the wrong month`), or the heading is named for a state or a period (`### Closed`,
    /// `### Sprint 1`, as a lane's name tells: `LaneStates`). Else nil: the list does not tell (`### Frontend` over
    /// `- Login page`; one plain key, `- Search: add a box`, is not enough), and the board's other headings do.
    static func listIsDetails(
        _ items: ArraySlice<MarkdownSegment>, _ lines: [(text: String, isBold: Bool)?], heading: MarkdownSegment?
    ) -> Bool? {
        guard !items.contains(where: Self.isMarkedTask) else { return false }
        var keys = 0
        var known = 0
        var bold = 0
        for (item, line) in zip(items, lines) {
            // Bold keys are read above: alone they may be cards' bold titles (`- **Login:** the form`).
            if Self.opensWithBold(item) {
                bold += 1
                continue
            }
            // Plain keys, the line's other markup read as `x` (a link in the value).
            guard let text = line.map({ Substring($0.text) }) ?? CardField.plainKeyLine(0, in: item.markdown),
                CardField.isPlainKeyLine(text)
            else { continue }
            // A colon in brackets is in a sentence (`TabDDPM 擴增（P2：先看…）`), not after a key.
            let key = text.prefix { $0 != ":" && $0 != "：" }
            guard !key.contains(where: { $0 == "(" || $0 == "（" || $0 == "[" }) else { continue }
            if let (field, value) = CardField.parse(text) {
                // A date's key over words starts a title (`- Due date: picker shows the wrong month`, a card under
                // `### Search page`), not a field.
                switch field {
                case .due, .start, .scheduled, .created, .completed:
                    guard CardField.reads(.completed, value: value) else { return false }
                default: break
                }
                known += 1
            }
            keys += 1
        }
        if keys * 2 >= items.count, keys >= 2 || known >= 1 { return true }
        // Most items under bold titles are tasks (one bold key among plain lines, `- **Nota:** …`, is not a title).
        let boldTitles = bold > 0 && bold * 2 >= items.count
        guard let heading else { return boldTitles ? false : nil }
        if Self.namesTaskByID(heading.markdown) { return true }
        if boldTitles { return false }
        let name = TextCleaning.collapseWhitespace(heading.markdown.plainText(of: 0))
        if case .state = LaneStates.meaning(of: name) { return false }
        return LaneStates.isPeriod(name) ? false : nil
    }

    /// Whether the pieces up to the next heading at `level` or above are text and a list of two definitions or more,
    /// each item a term and what it means (`- **todo**: queued`, `- **Daily:** check the list`, ``- `wip` — started``),
    /// with no heading and no table among them: a legend or a schedule, not cards. Nil when they are not; else whether
    /// every term names a state (`todo`, `In Progress`: a legend of the board's states).
    static func definitions(
        _ pieces: ArraySlice<Int>, level: Int, _ segments: [MarkdownSegment], source: SourceText
    ) -> Bool? {
        var items = 0
        var termsAreStates = true
        for index in pieces {
            let segment = segments[index]
            switch segment.root.kind {
            case .heading:
                if segment.root.number <= level { return items >= 2 ? termsAreStates : nil }
                return nil
            case .item:
                guard isDefinition(segment) else { return nil }
                if case .state = LaneStates.meaning(of: termOfDefinition(segment)) {} else { termsAreStates = false }
                items += 1
            case .paragraph:
                if source.line(segment.line).first == "|" { return nil }
            default: break
            }
        }
        return items >= 2 ? termsAreStates : nil
    }

    /// The bold or code term that starts a definition (`isDefinition`), its colon left out.
    private static func termOfDefinition(_ item: MarkdownSegment) -> String {
        let markdown = item.markdown
        guard let paragraph = markdown.children(of: 0).first, let first = markdown.children(of: paragraph).first else {
            return ""
        }
        return String(Substring(markdown.plainText(of: first)).trimmingSpaces.trimmingCharacters(in: [":", "："]))
    }

    /// Whether a list item (no task box, no nested list) is a term and what it means: its first line a bold or code
    /// term, a colon inside or after it (or a dash after a code term), then text (`**todo**: queued`, `**Daily:**
    /// check`, `` `wip` — started ``).
    private static func isDefinition(_ item: MarkdownSegment) -> Bool {
        let markdown = item.markdown
        guard !markdown.nodes[0].flags.contains(.task), let paragraph = markdown.children(of: 0).first,
            markdown.nodes[paragraph].kind == .paragraph,
            !markdown.children(of: 0).contains(where: { markdown.nodes[$0].kind == .list })
        else { return false }
        let children = Array(markdown.children(of: paragraph))
        guard children.count >= 2, [.strong, .code].contains(markdown.nodes[children[0]].kind),
            markdown.nodes[children[1]].kind == .text
        else { return false }
        let term = Substring(markdown.plainText(of: children[0])).trimmingSpaces
        let rest = Substring(markdown.nodes[children[1]].text).trimmingSpaces
        let explained = children.count > 2
        if term.count > 1, term.hasSuffix(":") || term.hasSuffix("：") { return !rest.isEmpty || explained }
        // (A dash after a bold title starts a task's description: `1. **CVE integration** - real data`.)
        let isCode = markdown.nodes[children[0]].kind == .code
        for mark in [":", "：", "— ", "– ", "- "] where rest.hasPrefix(mark) && (isCode || mark.count == 1) {
            return !rest.dropFirst(mark.count).trimmingSpaces.isEmpty || explained
        }
        return false
    }

    /// The number of a lane's lines of text when they look like cards written without list markers: one paragraph
    /// of two lines or more, each a few words (80 characters at most) of plain text that ends no sentence and holds
    /// no field (`Créer l’algorithme Min-Max` ⏎ `Créer le système de points`); else nil.
    static func linesLikeCards(_ description: [MarkdownSegment], source: SourceText) -> Int? {
        guard description.count == 1, let paragraph = description.first, paragraph.root.kind == .paragraph else {
            return nil
        }
        let markdown = paragraph.markdown
        var lines: [String] = [""]
        for child in markdown.children(of: 0) {
            switch markdown.nodes[child].kind {
            case .softBreak, .lineBreak: lines.append("")
            case .text, .code: lines[lines.count - 1] += markdown.nodes[child].text
            case .emphasis, .strong, .link, .wikilink: lines[lines.count - 1] += markdown.plainText(of: child)
            default: return nil
            }
        }
        guard lines.count >= 2, source.line(paragraph.line).first != "|" else { return nil }
        for line in lines {
            let text = Substring(line).trimmingSpaces
            guard let last = text.last, text.count <= 80, !".!?:;。！？：…".contains(last), !CardField.isPlainKeyLine(text)
            else { return nil }
        }
        return lines.count
    }

    /// Whether a list item's first line opens with bold text (`**Run the tests**: …`, `**Login**`).
    private static func opensWithBold(_ item: MarkdownSegment) -> Bool {
        let markdown = item.markdown
        guard let paragraph = markdown.children(of: 0).first, markdown.nodes[paragraph].kind == .paragraph,
            let first = markdown.children(of: paragraph).first
        else { return false }
        return markdown.nodes[first].kind == .strong
    }

    /// Whether a list item is a task of its own by its marks: a task box, or a first line that opens with a status
    /// symbol (`✅`, `⬜`, `🔨`), a badge (`<Badge text="DONE" />`, `<span>`) or struck-through text.
    private static func isMarkedTask(_ item: MarkdownSegment) -> Bool {
        let markdown = item.markdown
        guard !markdown.nodes[0].flags.contains(.task) else { return true }
        guard let paragraph = markdown.children(of: 0).first, markdown.nodes[paragraph].kind == .paragraph,
            let first = markdown.children(of: paragraph).first
        else { return false }
        switch markdown.nodes[first].kind {
        case .htmlInline, .strikethrough: return true
        case .text:
            // (A component's tag, `<Badge text="DONE" />`, is read as text.)
            let scalar = markdown.nodes[first].text.unicodeScalars.first { !$0.isSpaceLike }
            return scalar.map { $0 == "<" || !$0.isASCII && $0.properties.generalCategory == .otherSymbol } ?? false
        default: return false
        }
    }

    /// Whether a heading's text opens with a task's ID or number: `P12-13 …`, `W1-RIDER-01 - …`, `US_12: …`, `#12 …`
    /// (letters and digits joined by `-` or `_`, a digit among them), `1. …`, `2) …`, `1.2 …` (not a date, `2019-11-9`,
    /// or a version, `v0.1`, alone).
    static func namesTaskByID(_ markdown: Markdown) -> Bool {
        guard let first = markdown.children(of: 0).first, markdown.nodes[first].kind == .text else { return false }
        let scalars = markdown.nodes[first].text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isSpaceLike }) else { return false }
        let word = scalars[start...].prefix { !$0.isSpaceLike }
        guard word.count >= 2, let last = word.last else { return false }
        let body = last == ":" ? word.dropLast() : word[...]
        if body.first == "#" { return body.count >= 2 && body.dropFirst().allSatisfy(\.isDigitLike) }
        // A number: `1.`, `2)`, `1.2`, `3.1.`.
        let number = body.last == "." || body.last == ")" ? body.dropLast() : body
        if number.first?.isDigitLike == true, number.last?.isDigitLike == true,
            number.allSatisfy({ $0.isDigitLike || $0 == "." })
        {
            return number.count < body.count || number.contains(".")
        }
        // An ID: letters and digits in parts joined by `-` or `_`, a letter and a digit among them.
        guard body.contains(where: { $0 == "-" || $0 == "_" }),
            body.allSatisfy({ $0.isASCII && ($0.isWordCharacter || $0 == "-" || $0 == "_") }),
            body.first?.isWordCharacter == true, body.last?.isWordCharacter == true,
            body.contains(where: \.isDigitLike), body.contains(where: { $0.isWordCharacter && !$0.isDigitLike })
        else { return false }
        return true
    }

    /// The first line of a list item (not a task) when it may be a field: its text, with a bold key made plain
    /// (`**Due:** x` as `Due: x`), and whether the key was bold; nil for other markup.
    private static func fieldLine(_ item: MarkdownSegment, taskToo: Bool = false) -> (text: String, isBold: Bool)? {
        let markdown = item.markdown
        guard taskToo || !markdown.nodes[0].flags.contains(.task), let paragraph = markdown.children(of: 0).first,
            markdown.nodes[paragraph].kind == .paragraph
        else { return nil }
        // (A task's box leaves an empty text before what follows it.)
        let nodes = Array(
            markdown.children(of: paragraph).prefix {
                markdown.nodes[$0].kind != .softBreak && markdown.nodes[$0].kind != .lineBreak
            }.drop { markdown.nodes[$0].kind == .text && Substring(markdown.nodes[$0].text).trimmingSpaces.isEmpty })
        guard let text = CardField.lineText(nodes, in: markdown) else { return nil }
        return (text, markdown.nodes[nodes[0]].kind == .strong)
    }

    /// Whether a paragraph is lines of fields alone (`**Priority:** High`, `**Owner:** Ana`, `Due: 2026-03-01`), one of
    /// them a field pm-render reads.
    private static func isFieldParagraph(_ segment: MarkdownSegment) -> Bool {
        segment.root.kind == .paragraph && holdsFieldsAlone(0, in: segment.markdown)
    }

    /// Whether paragraph `paragraph` is lines of fields alone, one of them a field pm-render reads (`isFieldParagraph`;
    /// also in a quote, `> priority: high`).
    static func holdsFieldsAlone(_ paragraph: Int, in markdown: Markdown) -> Bool {
        var lines: [[Int]] = [[]]
        for child in markdown.children(of: paragraph) {
            if [.softBreak, .lineBreak].contains(markdown.nodes[child].kind) {
                lines.append([])
            } else {
                lines[lines.count - 1].append(child)
            }
        }
        var known = false
        for line in lines where !line.isEmpty {
            guard let line = CardField.lineText(line, in: markdown) else { return false }
            let text = Substring(line)
            guard CardField.isPlainKeyLine(text) else { return false }
            if let field = CardField.parse(text)?.0, field != CardField.ignored, field != CardField.steps {
                known = true
            }
        }
        return known
    }

    /// A paragraph's text when it is a label for the cards after it: one short line that ends with a colon (`RBAC:`,
    /// `**Large:**`, `Ama henüz yapılmayan konular:`) or is wholly bold (`**Later**`), a status symbol before it aside
    /// (`✅ **20B.1: Collect the documents**`).
    static func label(_ segment: MarkdownSegment) -> String? {
        let markdown = segment.markdown
        let children = Array(markdown.children(of: 0))
        guard !children.isEmpty,
            !markdown.nodes.contains(where: { [.softBreak, .lineBreak, .link, .image].contains($0.kind) })
        else { return nil }
        let text = TextCleaning.collapseWhitespace(markdown.plainText(of: 0))
        // A label is short; a note in brackets after it may be long (`Parallélisables dès maintenant (une session
        // par feature, chacune dans son worktree) :`).
        let named = Substring(text).trimmingSpaces.dropLast(text.hasSuffix(":") || text.hasSuffix("：") ? 1 : 0)
        guard !text.isEmpty, (named.trimmingSpaces.bracketedSuffix?.before ?? named).count <= 60 else { return nil }
        // The bold part: the paragraph's first child, or the one after a status symbol (`✅ **20B.1: …**`), in bold or
        // in bold italics (`***AdminController***`); a note in brackets may follow it (`**Fix** (branch `x`)`).
        var rest = children[...]
        if rest.count >= 2, markdown.nodes[rest[rest.startIndex]].kind == .text,
            !markdown.nodes[rest[rest.startIndex]].text.unicodeScalars.contains(where: \.isWordCharacter)
        {
            rest = rest.dropFirst()
        }
        let first = rest[rest.startIndex]
        let inner = Array(markdown.children(of: first))
        let isBold =
            markdown.nodes[first].kind == .strong
            || (markdown.nodes[first].kind == .emphasis && inner.count == 1 && markdown.nodes[inner[0]].kind == .strong)
        let note = rest.dropFirst().map {
            [.text, .code].contains(markdown.nodes[$0].kind) ? markdown.nodes[$0].text : "\u{0}"
        }.joined().trimmingWhitespace
        let bold = isBold && (note.isEmpty || note.hasPrefix("(") && note.hasSuffix(")") && !note.contains("\u{0}"))
        guard bold || text.hasSuffix(":") || text.hasSuffix("：") else { return nil }
        return String(text.dropLast(text.hasSuffix(":") || text.hasSuffix("：") ? 1 : 0)).trimmingWhitespace
    }

    /// Whether a block under a lane's heading is what a lane with no cards holds: a line that says it is empty
    /// (`*(Vazio)*`, `Nothing yet.`), a quote or a table.
    private func isEmptyLaneText(_ segment: MarkdownSegment) -> Bool {
        switch segment.root.kind {
        case .blockQuote, .callout: true
        case .paragraph: isTable(segment) || Placeholder.isItem(segment.markdown.plainText(of: 0))
        default: false
        }
    }

    /// Whether a list item is one line of plain text (no link: kanbn's `- [none](tasks/none.md)` is a card), not
    /// checked, that only says there is nothing here (`Placeholder.isItem`).
    static func isPlaceholder(_ item: MarkdownSegment) -> Bool {
        let markdown = item.markdown
        let children = Array(markdown.children(of: 0))
        guard !markdown.nodes[0].flags.contains(.checked), children.count == 1 else { return false }
        return isPlaceholderLine(children[0], in: markdown)
    }

    /// Whether the node `paragraph` is a paragraph of one line of plain text that only says there is nothing here.
    static func isPlaceholderLine(_ paragraph: Int, in markdown: Markdown) -> Bool {
        guard markdown.nodes[paragraph].kind == .paragraph,
            !markdown.nodes[paragraph..<markdown.nodes[paragraph].end].contains(where: {
                [.softBreak, .lineBreak, .link, .image, .htmlInline].contains($0.kind)
            })
        else { return false }
        return Placeholder.isItem(markdown.plainText(of: paragraph))
    }

    /// Obsidian's `**Complete**` (in any of the plugin's languages) alone in a paragraph.
    static func isCompleteMarker(_ segment: MarkdownSegment) -> Bool {
        let markdown = segment.markdown
        guard markdown.nodes.count >= 2, markdown.nodes[1].kind == .strong,
            markdown.nodes[1].end == markdown.nodes.count
        else { return false }
        return LaneStates.isCompleteMarker(markdown.plainText(of: 0))
    }

    /// Makes the rows of tables under lanes' headings the lanes' cards where a table holds cards, and the lanes of a
    /// board kept as one table whose columns, or a column, are its lanes (see docs/FORMAT.md, "A table of cards").
    /// Other tables describe their lanes (a decision log, metrics, the board's WIP limits); one that looks like cards
    /// that are not read (on a board without cards, with lanes for columns, in a lane named wholly for a state) is
    /// warned about.
    private mutating func readTables(
        _ tables: [(segment: MarkdownSegment, raw: Int, lane: Int, table: PipeTable)],
        preamble: [(segment: MarkdownSegment, raw: Int, table: PipeTable)], groupStatusTables: Int,
        into outline: inout Outline,
        title: inout (String, SourceLocation)?, diagramHasCards: Bool
    ) {
        let hadCards = outline.lanes.map { !$0.cards.isEmpty }
        let boardHadCards = outline.lanes.contains { !$0.isArchive && !$0.cards.isEmpty }
        let laneNames = Set(outline.lanes.map { LaneName.key($0.heading.name) })
        // Whether the board's cards are in lanes named for states of their own (tables are then about them).
        let hasLanesOfStates = outline.lanes.contains { lane in
            guard !lane.isArchive, !lane.cards.isEmpty, case .state = LaneStates.meaning(of: lane.heading.name) else {
                return false
            }
            return true
        }
        // The first lines of the board's list and heading cards, as comparison keys (looked at by a table of cards;
        // a board without tables, most of them, makes none).
        let cardTitleKeys =
            tables.isEmpty && preamble.isEmpty
            ? [] : Set(outline.lanes.lazy.flatMap(\.cards).compactMap { Self.firstLineKey(of: $0.0) })
        // Tables not read, and whether they hold cards for sure (a second table of the board's lanes).
        var unread: [(segment: MarkdownSegment, lane: Int, table: PipeTable, holdsCards: Bool)] = []
        // The lanes of a board kept as one table, and the lane (heading) whose place they take.
        var tableLanes: (lane: Int, lanes: [Outline.LaneDraft])?
        // Tables of tasks, each with a status (`| Status | Task |`): several, under sections of a checklist (or
        // groups of a lane's, `groupStatusTables`), are each their section's cards; one alone, on a board of no other
        // cards, is the board (a lane a status).
        let statusTables =
            groupStatusTables
            + tables.count {
                $0.table.laneColumn() != nil && $0.table.roles(inLaneOfState: false, anyTitle: false) != nil
            }
        for (segment, raw, laneIndex, table) in tables {
            let lane = outline.lanes[laneIndex]
            let meaning = LaneStates.meaning(of: lane.heading.name)
            let isNamedForState: Bool = if case .state = meaning { true } else { false }
            // A heading named wholly for a state is a lane's; one partly so (`Kanban Idées — Vue globale`) may be
            // over the board's table of lanes.
            let wholeMeaning = LaneStates.wholeMeaning(of: lane.heading.name)
            let isNamedWhollyForState: Bool = if case .state = wholeMeaning { true } else { false }
            // (A table after text in its paragraph is not read: the text would go with it.)
            guard table.line == segment.line, !lane.isArchive, !lane.holdsNotes, !hadCards[laneIndex] else {
                unread.append((segment, laneIndex, table, false))
                continue
            }
            if table.columnsAreLanes {
                // `## Board` over `| Backlog | Doing | Done |`: the board's lanes, unless it has lanes of states with
                // cards, or lanes with those names (the table is then about them: WIP limits, counts).
                guard !hasLanesOfStates, !table.namesLane(among: laneNames), table.holdsText, wholeMeaning == nil,
                    tableLanes == nil, outline.lanes[laneIndex].cards.isEmpty
                else {
                    unread.append((segment, laneIndex, table, false))
                    continue
                }
                tableLanes = (laneIndex, columnLanes(table, segment: segment, raw: raw, level: lane.level))
                outline.lanes[laneIndex].description.removeAll { $0.id == segment.id }
                outline.tablesRead.insert(segment.line)
                continue
            }
            let laneColumn = table.laneColumn()
            guard isNamedForState || !boardHadCards || laneColumn != nil,
                var roles = table.roles(inLaneOfState: isNamedForState, anyTitle: isNamedWhollyForState),
                let title = roles.firstIndex(of: .title)
            else {
                unread.append((segment, laneIndex, table, false))
                continue
            }
            guard tableLanes?.lane != laneIndex else {
                // The lane's heading is over the board's table of lanes already.
                unread.append((segment, laneIndex, table, true))
                continue
            }
            // An index of the board's cards (`| ID | Title |` over `| A.5 | Custom domain |`, beside `#### A.5 - Custom
            // domain` with its fields below): every row names a list or heading card of the board, which is read
            // there; the table stays the lane's text.
            if Self.isIndex(table, roles: roles, title: title, of: cardTitleKeys) { continue }
            outline.lanes[laneIndex].description.removeAll { $0.id == segment.id }
            outline.tablesRead.insert(segment.line)
            if wholeMeaning == nil, tableLanes == nil, outline.lanes[laneIndex].cards.isEmpty,
                isNamedForState || !boardHadCards, statusTables <= 1, let column = laneColumn, column != title
            {
                // `## Board` over `| Task | Status |` on a board of no other cards, nor other such tables: a lane a
                // status.
                roles[column] = .lane
                tableLanes = (
                    laneIndex,
                    statusLanes(table, roles: roles, column: column, segment: segment, raw: raw, level: lane.level)
                )
                continue
            }
            if wholeMeaning == nil, tableLanes == nil, !isNamedForState, !boardHadCards, statusTables == 0,
                let missing = table.rowWithoutStatus()
            {
                problems.append((.rowWithoutStatus, cellLocation(missing.cell, of: missing.row)))
            }
            outline.lanes[laneIndex].isTable = true
            for row in Self.cardRows(table, roles: roles, title: title) {
                outline.lanes[laneIndex].cards.append((.row(segment, row), raw))
            }
        }
        let boardHasCards =
            outline.lanes.contains { !$0.isArchive && !$0.cards.isEmpty }
            || tableLanes?.lanes.contains { !$0.cards.isEmpty } == true
        // A table of tasks, each with a status (`| Task | Status |`), holds cards for sure, unless the board's cards
        // are in lanes named for states, or its statuses are lanes of the board: it then sums them up.
        let holdsTasks = { (table: PipeTable) -> Bool in
            guard !hasLanesOfStates, let column = table.laneColumn(),
                table.roles(inLaneOfState: false, anyTitle: false) != nil
            else { return false }
            return !table.rows.contains { laneNames.contains(Self.statusKey($0.cells[column].text)) }
        }
        // An index of the board's cards (`isIndex`) is their summary, not cards missed.
        let indexesCards = { (table: PipeTable) -> Bool in
            guard let roles = table.roles(inLaneOfState: false, anyTitle: false),
                let title = roles.firstIndex(of: .title)
            else { return false }
            return Self.isIndex(table, roles: roles, title: title, of: cardTitleKeys)
        }
        for (segment, laneIndex, table, holdsCards) in unread where !indexesCards(table) {
            let lane = outline.lanes[laneIndex]
            // (A board of no Markdown cards whose Mermaid kanban diagram has some is that diagram's.)
            // (A table with a column named for titles, `| Task | Owner |`, that opens its paragraph in a lane that has
            // other cards holds cards too: it would be the lane's cards without them.)
            if holdsCards || (!boardHasCards && !diagramHasCards)
                || (!lane.isArchive && !lane.holdsNotes
                    && (holdsTasks(table)
                        || (hadCards[laneIndex] && table.line == segment.line
                            && table.roles(inLaneOfState: false, anyTitle: false) != nil)))
                || (table.columnsAreLanes && table.holdsText && !table.namesLane(among: laneNames))
                || (lane.cards.isEmpty && LaneStates.wholeMeaning(of: lane.heading.name) != nil)
            {
                problems.append((.tableNotRead, tableLocation(table, in: segment)))
            }
        }
        if tableLanes == nil, !boardHasCards, !diagramHasCards, preamble.count == 1,
            let lanes = preambleLanes(preamble[0], among: laneNames)
        {
            // A table of statuses above the lanes, on a board of no other cards, is the board (`# Project` over
            // `| Task | Status |`, then `## Notes`): its lanes come first; the text around it stays the board's.
            outline.preamble.removeAll { $0.id == preamble[0].segment.id }
            outline.tablesRead.insert(preamble[0].segment.line)
            outline.lanes.insert(contentsOf: lanes, at: 0)
        } else if !boardHasCards, !diagramHasCards, tableLanes == nil {
            for (segment, _, table) in preamble where table.roles(inLaneOfState: false, anyTitle: false) != nil {
                if let missing = table.rowWithoutStatus() {
                    problems.append((.rowWithoutStatus, cellLocation(missing.cell, of: missing.row)))
                } else {
                    problems.append((.tableNotRead, tableLocation(table, in: segment)))
                }
            }
        } else {
            // A table of tasks with statuses above the lanes of a board with other cards (`# Ledger` over `| Task |
            // Status |`, then `## Next release` over another) is the board's text: its rows are no cards, which is
            // said.
            for (segment, _, table) in preamble
            where table.line == segment.line && holdsTasks(table) && !indexesCards(table) {
                problems.append((.tableNotRead, tableLocation(table, in: segment)))
            }
        }
        if let (laneIndex, lanes) = tableLanes, !lanes.isEmpty {
            // The heading over the table says what it is (the board's name, when it is the first): what it has
            // besides goes with the first lane.
            let replaced = outline.lanes.remove(at: laneIndex)
            var lanes = lanes
            lanes[0].description = replaced.description
            outline.lanes.insert(contentsOf: lanes, at: laneIndex)
            if laneIndex == 0, title == nil { title = (replaced.heading.name, replaced.location) }
        }
    }

    /// The lanes of a table of statuses before the board's first lane (`readTables`), none of them a lane of the board;
    /// nil for another table.
    private func preambleLanes(
        _ piece: (segment: MarkdownSegment, raw: Int, table: PipeTable), among laneNames: Set<String>
    ) -> [Outline.LaneDraft]? {
        let table = piece.table
        guard table.line == piece.segment.line, let column = table.laneColumn(),
            var roles = table.roles(inLaneOfState: false, anyTitle: false), let title = roles.firstIndex(of: .title),
            column != title
        else { return nil }
        roles[column] = .lane
        let lanes = statusLanes(table, roles: roles, column: column, segment: piece.segment, raw: piece.raw, level: 2)
        guard !lanes.isEmpty, !lanes.contains(where: { laneNames.contains(LaneName.key($0.heading.name)) }) else {
            return nil
        }
        return lanes
    }

    /// Where a table's cell starts: its text, or for an empty cell (whose place is the pipe that ends it) the first
    /// character after the pipe that opens it.
    private func cellLocation(_ cell: PipeTable.Cell, of row: PipeTable.Row) -> SourceLocation {
        var byteColumn = cell.byteColumn
        if cell.text.isEmpty, byteColumn > 1 {
            let start = source.byteRange(ofLine: row.line).lowerBound
            var index = start + byteColumn - 2
            while index > start, source.bytes[index] == 0x20 || source.bytes[index] == 0x09 { index -= 1 }
            if source.bytes[index] == UInt8(ascii: "|"), index + 1 < start + byteColumn - 1 {
                byteColumn = index - start + 2
            }
        }
        return SourceLocation(line: row.line, column: source.column(line: row.line, byteColumn: byteColumn))
    }

    /// Where a table starts: its header's line (text may open its paragraph), at the row's first character.
    private func tableLocation(_ table: PipeTable, in segment: MarkdownSegment) -> SourceLocation {
        guard table.line != segment.line else { return location(segment) }
        let range = source.byteRange(ofLine: table.line)
        let indent = source.bytes[range].prefix { $0 == 0x20 || $0 == 0x09 }.count
        return SourceLocation(line: table.line, column: source.column(line: table.line, byteColumn: indent + 1))
    }

    /// Whether every card row of `table` names one of the cards whose first lines' keys are `keys`: by its title
    /// (`| Fix login |` and `- [ ] Fix login`), or by another of its cells and its title (`| A.5 | Custom domain |` and
    /// `#### A.5 - Custom domain`).
    private static func isIndex(_ table: PipeTable, roles: [PipeTable.Role], title: Int, of keys: Set<String>) -> Bool {
        guard !keys.isEmpty else { return false }
        let rows = cardRows(table, roles: roles, title: title)
        return !rows.isEmpty
            && rows.allSatisfy { row in
                let key = LaneName.key(PipeTable.linkText(row.row.cells[title].text))
                return !key.isEmpty
                    && (keys.contains(key)
                        || row.row.cells.indices.contains {
                            $0 != title && keys.contains(LaneName.key(PipeTable.linkText(row.row.cells[$0].text)) + key)
                        })
            }
    }

    /// The comparison key of the first line of a list card's item or a heading card's heading; nil for a table's row.
    private static func firstLineKey(of source: CardSource) -> String? {
        let markdown: Markdown
        var start = 0
        switch source {
        case .item(let segment):
            markdown = segment.markdown
            guard let paragraph = markdown.children(of: 0).first(where: { markdown.nodes[$0].kind == .paragraph })
            else { return nil }
            start = paragraph
        case .heading(let segment, _):
            markdown = segment.markdown
        case .row:
            return nil
        }
        var text = ""
        for node in markdown.nodes[(start + 1)..<markdown.nodes[start].end] {
            if node.kind == .softBreak || node.kind == .lineBreak { break }
            if node.kind == .text || node.kind == .code { text += node.text }
        }
        return LaneName.key(text)
    }

    /// The rows of a table of cards that are cards: not empty, and not a lone row that says its lane or group is
    /// empty (`| — | Nenhuma tarefa pendente nesta etapa | — |`).
    private static func cardRows(_ table: PipeTable, roles: [PipeTable.Role], title: Int) -> [TableRow] {
        let header = table.header.map(\.text)
        var rows: [TableRow] = []
        for (index, row) in table.rows.prefix(1 << TableRow.indexBits).enumerated()
        where !isEmptyRow(row, roles: roles, title: title) {
            if table.rows.count == 1, Placeholder.isItem(row.cells[title].text, sentence: true),
                row.cells.indices.allSatisfy({ $0 == title || PipeTable.isEmpty(row.cells[$0]) })
            {
                continue
            }
            rows.append(TableRow(index: index, row: row, header: header, roles: roles))
        }
        return rows
    }

    /// Whether a table's row holds no card: no title (empty or a placeholder, `—`), and nothing but row numbers and
    /// placeholders besides.
    private static func isEmptyRow(_ row: PipeTable.Row, roles: [PipeTable.Role], title: Int) -> Bool {
        PipeTable.isEmpty(row.cells[title])
            && row.cells.indices.allSatisfy { column in
                PipeTable.isEmpty(row.cells[column])
                    || (roles[column] != .title
                        && row.cells[column].text.allSatisfy { $0.isNumber || "#.".contains($0) })
            }
    }

    /// The lanes of a table with a column of lanes (`Status`), one a value in the order of the states (to do, doing,
    /// done; a name of no known state among those doing), each with its rows as cards.
    private func statusLanes(
        _ table: PipeTable, roles: [PipeTable.Role], column: Int, segment: MarkdownSegment, raw: Int, level: Int
    ) -> [Outline.LaneDraft] {
        var lanes: [Outline.LaneDraft] = []
        var byName: [String: Int] = [:]
        let header = table.header.map(\.text)
        for (index, row) in table.rows.prefix(1 << TableRow.indexBits).enumerated() where !PipeTable.isBlank(row) {
            let cell = row.cells[column]
            // (Rows of one status, each with a note of its own, are one lane: `Done (2026-01-02)`.)
            let status = String(PipeTable.status(cell.text))
            let key = Self.statusKey(cell.text)
            if byName[key] == nil {
                byName[key] = lanes.count
                let name =
                    PipeTable.cellSegments(status, line: row.line, byteColumn: cell.byteColumn).first?.markdown
                    ?? Markdown(nodes: [Markdown.Node(kind: .paragraph, end: 1)])
                var lane = Outline.LaneDraft(
                    heading: LaneHeading(name, source: status),
                    location: SourceLocation(
                        line: row.line, column: source.column(line: row.line, byteColumn: cell.byteColumn)),
                    level: level, isArchive: false, lastSegment: raw)
                lane.isTable = true
                lane.isStatus = true
                lanes.append(lane)
            }
            let source = TableRow(index: index, row: row, header: header, roles: roles)
            lanes[byName[key] ?? 0].cards.append((.row(segment, source), raw))
        }
        func rank(_ lane: Outline.LaneDraft) -> Int {
            switch LaneStates.meaning(of: lane.heading.name) {
            case .state(.todo): 0
            case .state(.done): 2
            case .archive: 3
            default: 1
            }
        }
        return lanes.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(
            \.element)
    }

    /// The comparison key of the lane a status cell names (`LaneName.key`): its status as read (a note after it
    /// aside: `Done (2026-01-02)` is `Done`).
    private static func statusKey(_ cell: String) -> String {
        LaneName.key(MarkdownParser.inline(String(PipeTable.status(cell))).inlineText)
    }

    /// The lanes of a table whose columns are lanes, each with the cells of its column as cards, row by row.
    private func columnLanes(_ table: PipeTable, segment: MarkdownSegment, raw: Int, level: Int) -> [Outline.LaneDraft]
    {
        let columns = table.header.count
        let header = table.header
        // (A column without a name, or of row numbers, is no lane.)
        let columnsOfLanes = header.indices.filter {
            !header[$0].text.isEmpty && !PipeTable.numberNames.contains(PipeTable.plainName(header[$0].text))
        }
        return columnsOfLanes.map { column in
            let name = header[column].text
            let nameMarkdown =
                PipeTable.cellSegments(name, line: table.line, byteColumn: header[column].byteColumn)
                .first?.markdown ?? Markdown(nodes: [Markdown.Node(kind: .paragraph, end: 1)])
            let location = SourceLocation(
                line: table.line, column: source.column(line: table.line, byteColumn: header[column].byteColumn))
            var lane = Outline.LaneDraft(
                heading: LaneHeading(nameMarkdown, source: name), location: location, level: level,
                isArchive: false, lastSegment: raw)
            lane.isTable = true
            lane.isColumn = true
            for (index, row) in table.rows.enumerated() where !PipeTable.isEmpty(row.cells[column]) {
                let place = index * columns + column
                guard place < 1 << TableRow.indexBits else { break }
                let cell = TableRow(
                    index: place, row: PipeTable.Row(line: row.line, cells: [row.cells[column]]), header: [name],
                    roles: [.title])
                lane.cards.append((.row(segment, cell), raw))
            }
            return lane
        }
    }

    /// Whether a paragraph holds a table (`PipeTable`).
    private func isTable(_ segment: MarkdownSegment) -> Bool {
        segment.root.kind == .paragraph && PipeTable(lines: segment.line...source.lineCount, in: source) != nil
    }

    /// An HTML block of comments alone (`<!-- note -->`): shown nowhere, by any renderer, so not stray.
    static func isComment(_ node: Markdown.Node) -> Bool {
        guard node.kind == .htmlBlock else { return false }
        var rest = Substring(node.text).drop(while: \.isWhitespace)
        while rest.hasPrefix("<!--") {
            guard let end = rest.range(of: "-->") else { return false }
            rest = rest[end.upperBound...].drop(while: \.isWhitespace)
        }
        return rest.isEmpty
    }

    /// Whether a paragraph holds nothing but HTML tags (`<a name="done"></a>`, an anchor to link to): it shows
    /// nothing, since pages leave raw HTML out.
    static func isTagsOnly(_ segment: MarkdownSegment) -> Bool {
        let markdown = segment.markdown
        guard segment.root.kind == .paragraph else { return false }
        return markdown.children(of: 0).allSatisfy {
            switch markdown.nodes[$0].kind {
            case .htmlInline, .softBreak, .lineBreak: true
            case .text: markdown.nodes[$0].text.allSatisfy(\.isWhitespace)
            default: false
            }
        }
    }

    static func describe(_ node: Markdown.Node) -> String {
        switch node.kind {
        case .paragraph: return "paragraph"
        case .codeBlock: return "code block"
        case .blockQuote, .callout: return "quote"
        case .htmlBlock: return "HTML block"
        case .heading: return "level-\(node.number) heading"
        case .list, .item: return "list"
        case .thematicBreak: return "thematic break"
        default: return "content"
        }
    }

    /// A heading's text as written: an ATX heading's line without its `#` marks, or a setext heading's first line.
    private func headingSource(_ segment: MarkdownSegment) -> String {
        var text = Substring(source.line(segment.line)).trimmingSpaces
        guard text.hasPrefix("#") else { return String(text) }
        text = text.drop(while: { $0 == "#" }).trimmingSpaces
        // An optional closing sequence of `#`s, after a space.
        let withoutClosing = text.reversed().drop(while: { $0 == "#" })
        if withoutClosing.first == " " || withoutClosing.first == "\t" {
            text = Substring(String(withoutClosing.reversed())).trimmingSpaces
        }
        return String(text)
    }

    private func location(_ segment: MarkdownSegment) -> SourceLocation {
        SourceLocation(line: segment.line, column: source.column(line: segment.line, byteColumn: segment.byteColumn))
    }

    /// Korean when the board's lanes and titles hold more Hangul than Latin letters; English otherwise.
    static func detectLocale(_ board: Board) -> BoardLocale {
        var hangul = 0
        var latin = 0
        var texts = board.lanes.map(\.name) + [board.title]
        for lane in board.lanes { texts += lane.cards.prefix(20).map(\.title) }
        for text in texts {
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: hangul += 1
                case 0x41...0x5A, 0x61...0x7A: latin += 1
                default: break
                }
            }
        }
        return hangul > latin ? (BoardLocale(rawValue: "ko") ?? .en) : .en
    }

    /// The tool the board looks written by: Obsidian Kanban (its front matter or settings), kanbn (its front-matter
    /// options, or cards that link to `tasks/ID.md`), VS Code Markdown Kanban (heading cards with `- due:`-style
    /// property lists), Taskell (list cards with indented `@ date`, `> description` or `* subtask` lines, or a file
    /// named `taskell.md`, as Taskell names its boards, of `- ` items without task boxes or dates on their first
    /// lines), else pm-render's own format. The archive's cards count as the lanes' do: Taskell's archive is one of
    /// its lists, written as the others are, so a board whose marks only its archived cards still show is still
    /// Taskell's.
    static func dialect(
        of board: Board, isObsidian: Bool, source: SourceText, file: String, triggers: CardTokens.Triggers
    ) -> BoardStyle.Dialect {
        if board.lanes.first?.isDiagram == true { return .mermaidKanban }
        if isObsidian { return .obsidianKanban }
        if board.rules.lanes.values.contains(where: \.isForeign) { return .kanbn }
        let cards = Array(board.lanes.lazy.flatMap(\.cards).prefix(200)) + board.archive.prefix(200)
        var links = 0
        var properties = 0
        var taskell = 0
        var otherMarks = 0
        for card in cards {
            let first = Substring(source.line(card.location.line)).trimmingSpaces
            if first.dropFirst().trimmingSpaces.hasPrefix("["), first.contains("](tasks/") { links += 1 }
            let hasBox = ObsidianSyntax.startsWithTaskBox(first.dropFirst().trimmingSpaces)
            // Only `- ` items without task boxes or dates on their first line are written as Taskell writes them: a
            // board of others (`*` items, heading cards, `[ ]`, `@{…}`, `📅 …`) is no Taskell board by its name.
            if hasBox || !first.hasPrefix("- ") || Self.holdsDate(first, triggers: triggers) { otherMarks += 1 }
            // An item that opens with a quote or a list (`- > idea`) says nothing of the tool that wrote the board.
            guard card.endLine > card.location.line, !CardReader.opensWithBlock(itemLine: first) else { continue }
            for number in (card.location.line + 1)...card.endLine {
                let line = Substring(source.line(number))
                let text = line.trimmingSpaces
                guard line.first == " " || line.first == "\t" else { continue }
                if text.hasPrefix("- "), CardField.isVSCodeProperty(text.dropFirst(2)) {
                    properties += 1
                } else if card.style == .listItem, !hasBox,
                    text.hasPrefix("@ ") || text.hasPrefix("> ") || text.hasPrefix("* [")
                {
                    // Taskell writes cards without task boxes (`- Card`), their subtasks as `* [ ]`.
                    taskell += 1
                }
            }
        }
        if links > 0, links * 2 >= cards.count { return .kanbn }
        if properties > 0 { return .vscodeKanban }
        if taskell > 0 || (otherMarks == 0 && isNamedAsTaskell(file)) { return .taskell }
        return .pmRender
    }

    /// Whether `file` is named as Taskell names its boards (`taskell.md`).
    static func isNamedAsTaskell(_ file: String) -> Bool {
        file.split(separator: "/").last?.lowercased() == "taskell.md"
    }

    /// Whether a line holds a date token (`@{…}`, a Tasks emoji date, a Dataview date field).
    private static func holdsDate(_ line: Substring, triggers: CardTokens.Triggers) -> Bool {
        CardTokens.scan(String(line), triggers: triggers, source: true).contains {
            switch $0 {
            case .token(.date, _, _), .token(.emojiDate, _, _): true
            default: false
            }
        }
    }

    /// How the board writes its cards, for the editing commands.
    static func style(of board: Board, isObsidian: Bool, source: SourceText) -> BoardStyle {
        var style = BoardStyle()
        var headingCards = 0
        var listCards = 0
        var firstListCard: Card?
        for card in board.lanes.lazy.flatMap(\.cards) {
            switch card.style {
            case .heading: headingCards += 1
            case .listItem, .tableRow: listCards += 1
            case .yamlBlock, .mermaidItem: break
            }
            if firstListCard == nil, card.style == .listItem { firstListCard = card }
            if card.dates.completed != nil { style.stampsCompletion = true }
        }
        style.headingCards = headingCards > listCards
        style.lineEnding = source.hadCRLF ? "\r\n" : "\n"
        if let first = firstListCard {
            let line = Substring(source.line(first.location.line)).trimmingSpaces
            var rest = line.dropFirst()
            if let bullet = line.first, "-*+".contains(bullet) {
                style.bullet = bullet
            } else {
                // (An ordered list: `1. [ ] Title`, `1) Title`.)
                let number = line.prefix { $0.isASCIIDigit }
                if !number.isEmpty, let delimiter = line.dropFirst(number.count).first, ".)".contains(delimiter) {
                    style.numberDelimiter = delimiter
                    rest = line.dropFirst(number.count + 1)
                }
            }
            style.taskItems = ObsidianSyntax.startsWithTaskBox(rest.trimmingSpaces)
        }
        return style
    }
}

/// A card's pieces, found in a lane and not read yet.
enum CardSource: Sendable {
    case item(MarkdownSegment)
    case heading(MarkdownSegment, body: [MarkdownSegment])
    /// A row of a table of cards, and the table's piece. (Boxed: a row is larger than the other cases, and a board's
    /// every card is kept as a source while it is read.)
    indirect case row(MarkdownSegment, TableRow)

    /// Lets the pieces go: what is kept is where they are and who they are (`MarkdownSegment.released`).
    mutating func release() {
        switch self {
        case .item(let segment): self = .item(segment.released)
        case .heading(let segment, let body): self = .heading(segment.released, body: body.map(\.released))
        case .row(let table, let row): self = .row(table.released, row)
        }
    }

    /// The piece the card starts with.
    var first: MarkdownSegment {
        switch self {
        case .item(let segment), .heading(let segment, _), .row(let segment, _): return segment
        }
    }

    /// The card's identity among the pieces read: its first piece's, or for a row, one made of its table's and its
    /// place in it (below zero, so no piece has it).
    var key: Int {
        switch self {
        case .item(let segment), .heading(let segment, _): return segment.id
        case .row(let table, let row): return -1 - (table.id << TableRow.indexBits | row.index)
        }
    }

    /// The identities of a heading card's other pieces, or what a row's columns hold (it is the same card only when
    /// they are the same too).
    var body: [Int] {
        switch self {
        case .item: return []
        case .heading(_, let segments): return segments.map(\.id)
        // The columns' roles depend on the lane too (`## Done` reads any column as titles): a row read with others
        // is another card.
        case .row(_, let row): return [row.roles.hashValue]
        }
    }
}

/// A lane heading: its name (without a WIP limit), inline Markdown and limit.
struct LaneHeading {
    var name: String
    /// The heading's text as written (Markdown source), without a WIP limit.
    var source: String
    var markup: Markdown
    var limit: Int?
    var invalidLimit: String?
    /// The number in a bare trailing `(N)` (`(0)` too): a limit, or on a board that writes one after every lane, the
    /// lane's count of cards.
    var bareNumber: Int?

    init(_ heading: Markdown, source written: String) {
        source = written
        var inlines = heading.slice(1..<heading.nodes.count)
        var name = TextCleaning.collapseWhitespace(heading.plainText(of: 0))
        // Obsidian writes the limit as a trailing `(N)`; `(0)` means no limit. Teams also write `(WIP 3)`,
        // `(WIP limit: 3)`, `[WIP: 2]` or `(max 3)`.
        if let last = name.last, last == ")" || last == "]",
            let open = name.lastIndex(of: last == ")" ? "(" : "["),
            let digits = Self.limitDigits(
                name[name.index(after: open)..<name.index(before: name.endIndex)], square: last == "]"),
            // A name is left (`(WIP 3)` alone is the name), and the limit is plain text at the end of the heading
            // (not `(WIP **2**)`), so that it leaves the name as written too.
            !name[..<open].trimmingSpaces.isEmpty, inlines.endsWithText(String(name[open...]))
        {
            if let value = Int(digits), value <= 1_000_000 {
                limit = value == 0 ? nil : value
                if last == ")",
                    name[name.index(after: open)..<name.index(before: name.endIndex)].trimmingSpaces == digits
                {
                    bareNumber = value
                }
            } else {
                invalidLimit = String(digits)
            }
            let suffix = String(name[open...])
            name = String(name[..<open].trimmingSpaces)
            if source.hasSuffix(suffix) { source = String(Substring(source.dropLast(suffix.count)).trimmingSpaces) }
            // cmark may part the text at brackets: the suffix is taken from the trailing text nodes.
            inlines = inlines.droppingText(count: suffix.count, fromEnd: true)
        }
        self.name = name
        self.markup = inlines
    }

    /// The heading `## written` is, or nil when that is no heading: its name without a WIP limit (`In Progress (3)`
    /// names the lane `In Progress`), its markup read, and the limit.
    init?(written: String) {
        var text = "## " + written
        let heading = text.withUTF8 { MarkdownParser.segments($0, firstLine: 1) }.first
        guard let heading, heading.root.kind == .heading else { return nil }
        self.init(heading.markdown, source: written)
    }

    /// The digits of a WIP limit in a lane name's trailing brackets: `3`, `WIP 3`, `WIP: 3`, `WIP=3`,
    /// `WIP limit: 3`, `WIP ≤ 3`, `max 3`, `máx 3`, `최대 3`, and after the lane's count of cards, `WIP: 0/3`. Square brackets
    /// need the word (`[3]` may be anything).
    static func limitDigits(_ inside: Substring, square: Bool) -> Substring? {
        var rest = inside.trimmingSpaces
        var named = false
        for word in [
            "wip limit", "wip-limit", "wip", "limit", "maximum", "max.", "max", "máximo", "maximo", "máx.", "máx", "최대",
            "上限", "最大",
        ] {
            guard rest.count > word.count, rest.prefix(word.count).lowercased() == word else { continue }
            let after = rest.dropFirst(word.count)
            if let next = after.first, next.isLetter { continue }
            rest = after.trimmingSpaces
            named = true
            break
        }
        if named {
            for separator in [":", "：", "=", "≤", "<="] where rest.hasPrefix(separator) {
                rest = rest.dropFirst(separator.count).trimmingSpaces
                break
            }
            // The cards in the lane over its limit (`WIP: 0/3`, `WIP 2 / 3`): the limit is the second number.
            if let slash = rest.firstIndex(of: "/") {
                let count = rest[..<slash].trimmingSpaces
                let limit = rest[rest.index(after: slash)...].trimmingSpaces
                if !count.isEmpty, count.allSatisfy(\.isASCIIDigit) { rest = limit }
            }
        }
        guard named || !square, !rest.isEmpty, rest.allSatisfy(\.isASCIIDigit) else { return nil }
        // A bare year is part of the name (`Done (2025)`, `Released (2024)`), not a limit no lane would reach.
        if !named, LaneName.isYear(rest) { return nil }
        return rest
    }
}

/// The board's lanes as found, before their cards are read.
private struct Outline {
    struct LaneDraft {
        var heading: LaneHeading
        var location: SourceLocation
        /// Its heading's level.
        var level: Int
        var isArchive: Bool
        /// Each card and the index of its last piece.
        var cards: [(CardSource, Int)] = []
        /// Group labels by the first card under them; an unnamed one ends the group before it.
        var groups: [(name: String, level: Int, firstCard: Int, location: SourceLocation)] = []
        var description: [MarkdownSegment] = []
        /// The line of an item that says the lane is empty.
        var placeholderLine: Int?
        var holdsNotes = false
        /// Its cards are a table's rows, or it is a table's column.
        var isTable = false
        /// It is a status of a table that is the board.
        var isStatus = false
        /// It is a column of a table whose columns are the board's lanes.
        var isColumn = false
        var hasCompleteMarker = false
        /// The index of the lane's last piece.
        var lastSegment: Int
        /// The line of Obsidian's settings block at the end of the lane's last piece.
        var settingsLine: Int?
    }

    var lanes: [LaneDraft] = []
    /// Pieces before the first lane (the board's description).
    var preamble: [MarkdownSegment] = []
    /// The lines of the tables read as cards or lanes, where they stood in a lane's text or the board's.
    var tablesRead: Set<Int> = []

    /// Whether a lane has started (read without copying the lane, as `lanes.last` would).
    var hasLane: Bool { !lanes.isEmpty }
    var inArchive: Bool { hasLane && lanes[lanes.count - 1].isArchive }

    mutating func startLane(_ heading: LaneHeading, location: SourceLocation, isArchive: Bool, last: Int, level: Int) {
        lanes.append(
            LaneDraft(heading: heading, location: location, level: level, isArchive: isArchive, lastSegment: last))
    }

    mutating func addCard(_ source: CardSource, last: Int) {
        lanes[lanes.count - 1].cards.append((source, last))
        lanes[lanes.count - 1].lastSegment = last
    }

    /// A group label and a `**Complete**` marker count as the lane's content, so that `Lane.endLine` (where an edit
    /// appends a card) is after them.
    mutating func addGroup(_ name: String, level: Int, at location: SourceLocation, last: Int) {
        lanes[lanes.count - 1].groups.append((name, level, lanes[lanes.count - 1].cards.count, location))
        lanes[lanes.count - 1].lastSegment = max(lanes[lanes.count - 1].lastSegment, last)
    }

    /// Whether the lane's cards are under a `###` label now.
    var inHeadingGroup: Bool {
        guard hasLane, let group = lanes[lanes.count - 1].groups.last else { return false }
        return !group.name.isEmpty && group.level < CardGroup.paragraphLevel
    }

    /// Ends the current group when a heading of `level` is beside or above its label.
    mutating func endGroup(atLevel level: Int) {
        guard hasLane, let group = lanes[lanes.count - 1].groups.last, !group.name.isEmpty, group.level >= level
        else { return }
        lanes[lanes.count - 1].groups.append(("", level, lanes[lanes.count - 1].cards.count, group.location))
    }

    mutating func markComplete(last: Int) {
        lanes[lanes.count - 1].hasCompleteMarker = true
        lanes[lanes.count - 1].lastSegment = max(lanes[lanes.count - 1].lastSegment, last)
    }

    /// Lets the pieces of the lanes' cards go: what is kept of a card's source is where it is and who it is.
    mutating func releaseCardPieces() {
        for lane in lanes.indices {
            for card in lanes[lane].cards.indices { lanes[lane].cards[card].0.release() }
        }
    }

    /// Content under a lane's heading before its first card describes the lane; false after the first card.
    mutating func addLaneDescription(_ segment: MarkdownSegment, last: Int) -> Bool {
        guard lanes[lanes.count - 1].cards.isEmpty, lanes[lanes.count - 1].groups.isEmpty else { return false }
        lanes[lanes.count - 1].description.append(segment)
        lanes[lanes.count - 1].lastSegment = last
        return true
    }
}

extension CardReader.Reading {
    /// Moves every location by `delta` lines (a cached card whose lines moved).
    mutating func shift(by delta: Int) {
        guard delta != 0 else { return }
        card = card.moved(by: delta)
        for index in problems.indices { problems[index].1.line += delta }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Markdown {
    /// Whether the trailing (or leading) text nodes end (or start) with `text`.
    func endsWithText(_ text: String, atEnd: Bool = true) -> Bool {
        let inlines = self
        var joined = ""
        for root in atEnd ? Array(inlines.roots).reversed() : Array(inlines.roots) {
            guard inlines.nodes[root].kind == .text else { break }
            joined = atEnd ? inlines.nodes[root].text + joined : joined + inlines.nodes[root].text
            if joined.count >= text.count { break }
        }
        return atEnd ? joined.hasSuffix(text) : joined.hasPrefix(text)
    }

    /// Without `count` characters of its trailing (or leading) text nodes, and the spaces they leave.
    func droppingText(count: Int, fromEnd: Bool) -> Markdown {
        var inlines = self
        var left = count
        func edge() -> Int? { fromEnd ? Array(inlines.roots).last : inlines.roots.first(where: { _ in true }) }
        while left > 0, let root = edge(), inlines.nodes[root].kind == .text, !inlines.nodes[root].text.isEmpty {
            let text = inlines.nodes[root].text
            let taken = min(left, text.count)
            inlines.nodes[root].text = String(fromEnd ? text.dropLast(taken) : text.dropFirst(taken))
            left -= taken
            inlines = inlines.removingEmptyText()
        }
        if let root = edge(), inlines.nodes[root].kind == .text {
            if fromEnd {
                while inlines.nodes[root].text.last == " " { inlines.nodes[root].text.removeLast() }
            } else {
                while inlines.nodes[root].text.first == " " { inlines.nodes[root].text.removeFirst() }
            }
            inlines = inlines.removingEmptyText()
        }
        return inlines
    }
}

extension BoardReader {
    /// A card's title without the stamp Obsidian wrote when it archived the card (`… 06-09 23:57`).
    static func removingArchiveStamp(_ stamp: ArchiveStamp, from card: inout Card) {
        guard let title = stamp.strip(card.title) else { return }
        let dropped = card.title.count - title.count
        let written =
            stamp.isAppended
            ? String(card.title.suffix(dropped)).trimmingWhitespace
            : String(card.title.prefix(dropped)).trimmingWhitespace
        guard card.titleMarkup.endsWithText(written, atEnd: stamp.isAppended) else { return }
        var fields = card.fields
        fields.titleMarkup = card.titleMarkup.droppingText(count: dropped, fromEnd: stamp.isAppended)
        fields.title = title
        // Its identity is its title's, as before it was archived (else `diff` would see it removed, not archived).
        if fields.explicitID == nil {
            fields.id = Slug.make(title)
            fields.baseID = fields.id
        }
        card.fields = fields
    }
}
