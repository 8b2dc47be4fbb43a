/// What the board must read like after an edit: every lane's cards in order, each either an old card that must read
/// exactly as before or the edited card, checked against what the edit meant to do.
struct Expectation {
    enum Slot {
        case same(Card)
        case target
    }

    var lanes: [[Slot]]
    var archive: [Slot]
    var target = TargetCheck()
    /// Lanes whose text (description) the edit changes: the line saying a lane was empty, which a card took the place
    /// of. Every other lane's text reads as before.
    var lanesWithNewText: Set<Int> = []
    /// Lanes the edit takes away: a status of the board's table whose last row leaves it.
    var lanesGone: Set<Int> = []
    /// The lanes are the statuses of the board's table, in the order they first appear (by state): a row moved from
    /// one to another may change that order. Each lane is then found by its name, and the lanes' text (the heading's,
    /// which goes with the first) must be the same text in the same order.
    var lanesMayReorder = false
    /// A lane the edit makes: a new status of the board's table, written in the moved or added row, whose cards
    /// are these (the lane found by its name as rules compare names).
    var newLane: (name: String, slots: [Slot])?

    init(board: Board) {
        lanes = board.lanes.map { $0.cards.map(Slot.same) }
        archive = board.archive.map(Slot.same)
    }
}

/// What the edited card must read like. Fields left nil are not checked (or, with a `base`, must be as before).
struct TargetCheck {
    /// The card before the edit (nil for a new card).
    var base: Card?
    /// The lane's name afterwards (nil: not checked).
    var lane: String?
    var archived = false
    var due: Deadline??
    var tags: [String]?
    /// The card may carry more tags than `tags` (a new card's title may hold some).
    var tagsAtLeast = false
    var assignees: [String]?
    /// The card may have more assignees than `assignees` (a new card's title or description may name some).
    var assigneesAtLeast = false
    var checked: Bool?
    var completed: CalendarDate??
    var titleChanged = false
    /// The title the card must read with (`EditVerifier.cardAsRead` of the title asked for; nil: not checked).
    var title: String?
    /// A `^id` in the title became the card's block ID (the stamp after it was taken away): the title loses it.
    var blockIDExposed = false
    /// A line of the description whose deadline was rewritten, before and after: its text changes by that line.
    var descriptionSwap: (old: String, new: String)?
    /// A field shown as written that takes a new value (a table row's `Status` cell, moved to a table of done rows).
    var fieldSwap: (key: String, new: String)?
    /// A field that may go or change (a table row's status with a note of its own, `Status: Done (2026-01-02)`,
    /// when the row takes another status).
    var fieldMayChange: String?
    /// A new card's description as given: each of its lines must be read as its text.
    var description: String?
    /// The description's source the new card must read with, exactly, where the card's lines hold it as written
    /// (not quoted or fenced): `EditVerifier.descriptionAsRead` of the description given, its lines' indentation
    /// counted in columns.
    var descriptionSource: String?
    /// How many lines the card's title is written on: the line after them must not be read as part of it.
    var titleLines: Int?
    /// The card's lines were moved left or right: a tab in their indentation may now stand after spaces that take
    /// part of its width, so the description's source is compared with its indentation as columns.
    var reindented = false
    /// The description's first line is the text after a `<br>` on the title line, which stays where it is when the
    /// card's other lines move left or right.
    var firstOnTitleLine = false
}

/// Reads an edited board back and compares it with the expectation: a card lost or gained, another card changed, or
/// the edited card not reading as intended refuses the edit.
enum EditVerifier {
    struct Verified {
        /// The edited card as it reads now (nil when the edit removed it).
        var card: Card?
        /// Notes about cards whose identity changed (repeated titles numbered in file order).
        var notes: [Diagnostic]
    }

    static func verify(old: ParseResult, newBytes: [UInt8], file: String, expectation: Expectation) throws(EditFailure)
        -> Verified
    {
        let new = BoardParser.parse(newBytes, file: file)
        let newText = EditableText(newBytes)
        // A date format the board's dates showed, and the edit takes away (the last date with a day over 12 goes):
        // the dates left may read otherwise, which is said as such.
        let lostDateFormat =
            old.board.settings.dateFormatIsInferred && new.board.settings.dateFormat != old.board.settings.dateFormat
            ? old.board.settings.dateFormat : nil
        func fail(_ detail: String) -> EditFailure {
            if let lostDateFormat {
                return EditFailure(.refused, .editLosesDateFormat(lostDateFormat), file: file)
            }
            return EditFailure(.refused, .editChangesBoard(detail), file: file)
        }
        guard new.isReadable else { throw fail("it would not be readable text") }
        let oldErrors = Set(old.diagnostics.filter(\.isError).map { $0.code + $0.message })
        if let error = new.diagnostics.first(where: { $0.isError && !oldErrors.contains($0.code + $0.message) }) {
            throw fail("it would have a new error: \(error.message)")
        }
        let oldBoard = old.board
        let newBoard = new.board
        // A table of statuses is the board's lanes only on a board with no other cards: an edit that takes the last of
        // them away, or adds one, changes how the table reads.
        let statuses = { (board: Board) in board.lanes.contains(where: \.isStatus) }
        if statuses(oldBoard) != statuses(newBoard) {
            throw EditFailure(.refused, .editChangesTableReading(nowLanes: statuses(newBoard)), file: file)
        }
        // (The lanes found in the old board, the new lane aside.)
        var newLanes = newBoard.lanes
        var madeLane: Lane?
        if let (name, _) = expectation.newLane {
            let key = LaneName.key(name)
            guard let index = newLanes.firstIndex(where: { LaneName.key($0.name) == key }),
                !oldBoard.lanes.contains(where: { LaneName.key($0.name) == key })
            else { throw fail("it would have no new lane '\(name)'") }
            madeLane = newLanes.remove(at: index)
        }
        // (The lanes that stay, by their index before the edit, in their order after it.)
        var kept = oldBoard.lanes.indices.filter { !expectation.lanesGone.contains($0) }
        // (A status's lane is named as its first row writes it: `Done`, then `done` when that row leaves. The lanes
        // are then compared as rules compare names.)
        let name = { (lane: String) in expectation.lanesMayReorder ? LaneName.key(lane) : lane }
        if expectation.lanesMayReorder {
            let names = newLanes.map { name($0.name) }
            kept.sort {
                (names.firstIndex(of: name(oldBoard.lanes[$0].name)) ?? -1, $0) < (
                    names.firstIndex(of: name(oldBoard.lanes[$1].name)) ?? -1, $1
                )
            }
        }
        guard newLanes.map({ name($0.name) }) == kept.map({ name(oldBoard.lanes[$0].name) }) else {
            throw fail("its lanes would change")
        }
        let descriptions = { (lanes: [Lane]) in lanes.map(\.descriptionSource).filter { !$0.isEmpty } }
        if expectation.lanesMayReorder, descriptions(oldBoard.lanes) != descriptions(newBoard.lanes) {
            throw fail("the text of its lanes would change")
        }
        // What the edit does not touch: the front matter's and the settings block's values, the board's title and
        // the text above its lanes.
        // (A locale the front matter does not set is guessed from the board's words, which an edit may change.)
        var newSettings = newBoard.settings
        if !newSettings.localeIsExplicit, !oldBoard.settings.localeIsExplicit {
            newSettings.locale = oldBoard.settings.locale
        }
        // (Nor is a date format the board's dates show: the cards' own dates say whether they read the same.)
        if newSettings.dateFormatIsInferred || oldBoard.settings.dateFormatIsInferred {
            newSettings.dateFormat = oldBoard.settings.dateFormat
            newSettings.dateFormatIsInferred = oldBoard.settings.dateFormatIsInferred
        }
        guard newSettings == oldBoard.settings, newBoard.rules.withoutLocations == oldBoard.rules.withoutLocations
        else { throw fail("the board's settings would change") }
        guard newBoard.title == oldBoard.title, newBoard.descriptionSource == oldBoard.descriptionSource else {
            throw fail("the board's title or the text above its lanes would change")
        }
        var notes: [Diagnostic] = []
        // The board's tool, shown by its cards' marks (Taskell's `> description`): an edit that takes the last of them
        // away is made (a user must be able to remove any card), and says that later edits write another style.
        if oldBoard.style.dialect != .pmRender, newBoard.style.dialect != oldBoard.style.dialect {
            let named = BoardReader.isNamedAsTaskell(file)
            notes.append(
                Diagnostic(
                    .editLosesDialect(oldBoard.style.dialect, now: newBoard.style.dialect, named: named), file: file,
                    at: nil))
        }
        // Text after a lane's cards that no card stands before any more reads as the lane's description.
        for (index, after) in zip(kept, newLanes)
        where !expectation.lanesMayReorder && !expectation.lanesWithNewText.contains(index)
            && oldBoard.lanes[index].descriptionSource != after.descriptionSource
        {
            let before = oldBoard.lanes[index]
            let shown = { (text: String) in TextCleaning.collapseWhitespace(text) }
            throw EditFailure(
                .refused,
                .editChangesLaneText(
                    lane: after.name, before: shown(before.descriptionSource), after: shown(after.descriptionSource)),
                file: file, at: before.location)
        }
        var target: Card?
        // (Group labels, each by the lane it is in: one left without a card reads as a heading card.)
        let labels = Set(
            oldBoard.lanes.flatMap { lane in lane.groups.filter(\.isHeading).map { [lane.name, $0.name] } })
        func compare(_ slots: [Expectation.Slot], _ cards: [Card], where place: String) throws(EditFailure) {
            if cards.count > slots.count,
                let label = cards.first(where: { $0.style == .heading && labels.contains([$0.lane, $0.title]) })
            {
                throw EditFailure(
                    .refused, .groupLabelLeftEmpty(labels: [label.title], lane: label.lane), file: file,
                    at: label.location)
            }
            guard slots.count == cards.count else {
                throw fail(
                    slots.count > cards.count
                        ? "a card would be lost from \(place)" : "\(place) would gain a card that was not added")
            }
            for (slot, card) in zip(slots, cards) {
                switch slot {
                case .same(let before):
                    var after = card.signature
                    if expectation.lanesMayReorder, name(before.lane) == name(after.lane) { after.lane = before.lane }
                    guard before.signature == after else {
                        throw fail("card '\(before.title)' would change")
                    }
                    if before.id != card.id {
                        notes.append(
                            Diagnostic(
                                .identityRenumbered(title: card.title, from: before.id, to: card.id), file: file,
                                at: card.location))
                    }
                case .target:
                    if let written = expectation.target.titleLines, card.titleLines > written {
                        let number = card.location.line + written
                        let line = number <= newText.count ? newText.line(number).text.trimmingWhitespace : ""
                        var failure = EditFailure(.refused, .lineReadAsTitle(line), file: file, at: card.location)
                        failure.titleRunsOn = true
                        throw failure
                    }
                    if let line = lineReadAsMetadata(card, given: expectation.target.description) {
                        throw EditFailure(.usage, .descriptionLineReadAsMetadata(line), file: file, at: card.location)
                    }
                    if let problem = check(card, against: expectation.target) { throw fail(problem) }
                    target = card
                }
            }
        }
        for (index, lane) in zip(kept, newLanes) {
            try compare(expectation.lanes[index], lane.cards, where: "'\(lane.name)'")
        }
        if let madeLane, let (_, slots) = expectation.newLane {
            try compare(slots, madeLane.cards, where: "'\(madeLane.name)'")
        }
        try compare(expectation.archive, newBoard.archive, where: "the archive")
        let expectsTarget = (expectation.lanes + [expectation.archive, expectation.newLane?.slots ?? []]).joined()
            .contains {
                if case .target = $0 { return true }
                return false
            }
        if expectsTarget, target == nil { throw fail("the card would not be found") }
        return Verified(card: target, notes: notes)
    }

    /// What is wrong with the edited card, or nil.
    static func check(_ card: Card, against expected: TargetCheck) -> String? {
        let name = "'\((expected.base ?? card).title)'"
        let its = { (part: String) in Problem.part(part, of: (expected.base ?? card).title) }
        if let lane = expected.lane, card.lane != lane { return "\(name) would be in '\(card.lane)', not '\(lane)'" }
        if card.isArchived != expected.archived { return "\(name) would \(card.isArchived ? "" : "not ")be archived" }
        if card.title.isEmpty { return "the card would have no title" }
        if let title = expected.title, card.title != title {
            return "the title '\(title)' would read as '\(card.title)'"
        }
        if let due = expected.due, card.due != due {
            return "\(name) would be due \(card.due?.description ?? "never"), not \(due?.description ?? "never")"
        }
        if let checked = expected.checked, card.isChecked != checked {
            return "\(its("task box")) would \(card.isChecked ? "" : "not ")be checked"
        }
        if let completed = expected.completed, card.dates.completed != completed {
            return "\(name) would have the completion date \(card.dates.completed?.description ?? "none")"
        }
        if let tags = expected.tags {
            let ok = expected.tagsAtLeast ? Set(tags).isSubset(of: card.tags) : Set(tags) == Set(card.tags)
            if !ok { return "\(name) would have the tags \(list(card.tags)), not \(list(tags))" }
        }
        // (Indentation compared as columns: a tab a line starts with is as far in as the spaces it reaches.)
        if let source = expected.descriptionSource,
            indentAsSpaces(
                card.descriptionSource, lessShared: expected.reindented, firstOnTitleLine: expected.firstOnTitleLine)
                != indentAsSpaces(
                    source, lessShared: expected.reindented, firstOnTitleLine: expected.firstOnTitleLine)
        {
            return "\(its("description")) would read as '\(card.descriptionSource)', not '\(source)'"
        }
        if let assignees = expected.assignees {
            let ok =
                expected.assigneesAtLeast
                ? Set(assignees).isSubset(of: card.assignees) : Set(assignees) == Set(card.assignees)
            if !ok { return "\(name) would be assigned to \(list(card.assignees)), not \(list(assignees))" }
        }
        guard let base = expected.base else { return nil }
        // Everything else stays as it was.
        var before = base.signature
        var after = card.signature
        before.lane = ""
        after.lane = ""
        before.state = .todo
        after.state = .todo
        if expected.checked != nil { before.isChecked = after.isChecked }
        if expected.completed != nil { before.dates.completed = after.dates.completed }
        if expected.due != nil { before.due = after.due }
        if expected.tags != nil { before.tags = after.tags }
        if expected.assignees != nil { before.assignees = after.assignees }
        if expected.titleChanged { before.title = after.title }
        if expected.blockIDExposed, before.explicitID == nil {
            before.title = after.title
            before.explicitID = after.explicitID
        }
        before.group = after.group
        before.isArchived = after.isArchived
        if let key = expected.fieldMayChange {
            before.extras.fields.removeAll { $0.key == key }
            after.extras.fields.removeAll { $0.key == key }
        }
        if let (key, new) = expected.fieldSwap {
            guard after.extras.fields.contains(where: { $0.key == key && $0.value == new }) else {
                return "\(its(key)) would not be \(new)"
            }
            before.extras.fields.removeAll { $0.key == key }
            after.extras.fields.removeAll { $0.key == key }
        }
        if let (old, new) = expected.descriptionSwap, let range = before.descriptionSource.range(of: old) {
            before.descriptionSource.replaceSubrange(range, with: new)
        }
        if expected.reindented {
            before.descriptionSource = indentAsSpaces(
                before.descriptionSource, lessShared: true, firstOnTitleLine: expected.firstOnTitleLine)
            after.descriptionSource = indentAsSpaces(
                after.descriptionSource, lessShared: true, firstOnTitleLine: expected.firstOnTitleLine)
        }
        if before != after {
            if before.title != after.title { return "\(name) would have the title '\(after.title)'" }
            if before.descriptionSource != after.descriptionSource { return "\(its("description")) would change" }
            if before.tags != after.tags {
                return "\(name) would have the tags \(list(after.tags)), not \(list(before.tags))"
            }
            if before.due != after.due { return "\(its("deadline")) would change" }
            return "\(name) would change in other ways"
        }
        return nil
    }

    /// The card that `title` (as `add` and `edit --title` take it: Markdown) makes, read by the board's own card reader
    /// from the title alone written after a task box, where a line's text is a paragraph's (`1. Intro` is no list
    /// there). Its title is the given title as the reader shows it: markup read, tags and other tokens taken out,
    /// heading marks before the words dropped, spaces collapsed, a title over the length limit cut; its tags, dates
    /// and assignees are those the title holds (a `#tag` in a code span is text). An edited card must read with that
    /// title where it is written too: its other tokens, its comments and the lines around it must not change it.
    static func cardAsRead(_ title: String, on board: Board) -> Card {
        read("- [ ] " + title + "\n", on: board)?.card
            ?? Card(id: "", title: title, state: .todo, location: SourceLocation(line: 1, column: 1))
    }

    /// The date or time the board's card reader finds in `title` that is none (`@{x}`, `📅 2026-13-45`): a card
    /// titled so would read with a problem, and without that token in its title.
    static func badDate(in title: String, on board: Board) -> String? {
        for (problem, _) in read("- [ ] " + title + "\n", on: board)?.problems ?? [] {
            switch problem {
            case .invalidDeadline(let value), .invalidDate(let value), .invalidTime(let value): return value
            default: continue
            }
        }
        return nil
    }

    /// The source a new card's description (as given to `add`, `Editor.writtenDescription`) reads with, read by the
    /// board's own card reader from a card that holds it alone, each line under the title as Markdown puts a list
    /// item's text: what the reader takes for a description's source (the indentation its lines share and the blank
    /// lines at its ends left out). A new card written with the description must read with this source, exactly.
    static func descriptionAsRead(_ description: String, on board: Board) -> String {
        let lines = description.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : Editor.indenting($0, by: "  ")
        }
        return read("- [ ] x\n\n" + lines.joined(separator: "\n") + "\n", on: board)?.card.descriptionSource
            ?? description
    }

    /// The first card of `text`, read as the board reads its cards (its date format and triggers).
    private static func read(_ text: String, on board: Board) -> CardReader.Reading? {
        let bytes = Array(text.utf8)
        let settings = board.settings
        guard let source = try? SourceText(decoding: bytes),
            let item = bytes.withUnsafeBufferPointer({ MarkdownParser.segments($0, firstLine: 1) }).first
        else { return nil }
        let reader = CardReader(
            source: source, dateFormat: settings.dateFormat.flatMap(DateFormat.init(moment:)),
            timeFormat: settings.timeFormat.flatMap(DateFormat.init(moment:)),
            triggers: CardTokens.Triggers(date: settings.dateTrigger, time: settings.timeTrigger))
        return reader.listCard(item, endLine: source.lineStarts.count)
    }

    /// The first line of a new card's `given` description that the board does not read as its text (a `Due: …` or
    /// `Tags: …` field, Taskell's `@ date`, a line of dates or tags alone: the card's metadata), or nil.
    static func lineReadAsMetadata(_ card: Card, given description: String?) -> String? {
        guard let description else { return nil }
        return description.replacingCRLF().split(separator: "\n").map { String($0.trimmingSpaces) }.first {
            !$0.isEmpty && !card.descriptionSource.contains($0)
        }
    }

    /// `text` with each line's indentation written as spaces, a tab reaching the next multiple of 4 columns; with
    /// `lessShared`, less the columns every line has, for a card moved some columns right or left with its marker.
    /// (The reader leaves out of a description the indentation its lines share as written: a tab they all start
    /// with, not the columns of a tab and spaces.) With `firstOnTitleLine`, the first line is the text after the
    /// title's `<br>` (`Card<br>more`), which stays on the title line while the card's other lines move: it is left
    /// out of the columns shared, and as it is.
    static func indentAsSpaces(_ text: String, lessShared: Bool = false, firstOnTitleLine: Bool = false) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> (Int, Substring) in
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            return (CardBlock.columns(indent), line.dropFirst(indent.count))
        }
        let first = firstOnTitleLine && !lines.isEmpty ? lines.removeFirst() : nil
        let shared = lessShared ? lines.lazy.filter { !$0.1.isEmpty }.map(\.0).min() ?? 0 : 0
        let moved = lines.map { String(repeating: " ", count: max($0.0 - shared, 0)) + $0.1 }
        return ((first.map { [String(repeating: " ", count: $0.0) + $0.1] } ?? []) + moved).joined(separator: "\n")
    }

    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.joined(separator: ", ")
    }
}

extension Card {
    /// What the card says, without where it is written (its Markdown values carry their lines) and without its
    /// derived identity: two readings of an unchanged card have the same signature wherever it moved.
    var signature: Fields {
        var fields = self.fields
        fields.id = ""
        fields.baseID = ""
        fields.titleMarkup = Markdown()
        fields.description = Markdown()
        // How the title is wrapped in the file is not what it says.
        fields.titleLines = 1
        return fields
    }
}
