// The wording of every diagnostic, and of git's problems (at the end). Messages say what is wrong and what would be
// right. Diagnostics are always in English: they are for the board's authors and their tools.
//
// Severity follows one principle: an error is something the team must fix before the board can be trusted (a file
// that is not text, a broken front matter, a rule that names nothing, a move the rules forbid); everything a board
// can simply be shown with is a warning. `pm-render BOARD.md` publishes every readable board and shows its
// problems on the page; `pm-render check` is the gate.

extension Problem {
    public var severity: Diagnostic.Severity {
        switch self {
        case .unreadableBoard, .notUTF8, .nulCharacter, .frontMatterNotClosed, .invalidYAML, .frontMatterNotMapping,
            .frontMatterValueNotText, .unknownTimezone, .invalidDueSoon, .invalidReminder, .invalidWikilinkBase,
            .invalidRule, .unknownLaneInRule, .newCardInWrongLane, .illegalMove, .previousVersionUnreadable,
            .templateSyntax, .missingTemplate, .missingPartial, .missingHistoryTemplate, .partialCycle,
            .unknownTemplateKey, .unescapedText, .templateKeyNotText, .templateNestingTooDeep, .templateRecursion,
            .templateTooLarge, .templateListsTooDeep, .pageTooLarge, .unsupportedTemplateTag,
            .unreadableTemplate, .noSuchCard, .cardInArchive, .ambiguousCard, .noSuchLane, .ambiguousLane,
            .noLaneForState,
            .laneHoldsNotes,
            .moveNotAllowed,
            .laneAtWIPLimit, .stateAtWIPLimit, .newCardNotAllowed, .boardHasErrors, .boardChangedOnDisk,
            .boardAccessNotKept,
            .editChangesBoard, .editChangesTableReading, .editLosesDateFormat, .editChangesLaneText,
            .invalidEditValue, .editNotPossible, .headingCardBecomesLabel, .groupLabelLeftEmpty,
            .descriptionLineReadAsMetadata, .lineReadAsTitle,
            .fileSystem:
            return .error
        case .firstCardWithID, .tooManyDiagnostics, .notABoard, .tasksOutsideLanes, .historyVersionSkipped,
            .mermaidKanbanBesideCards, .secondMermaidKanban,
            .identityRenumbered,
            .cardAlreadyInLane, .editChangesNothing:
            return .note
        default:
            return .warning
        }
    }

    /// Stable identifier of the problem kind (SARIF rule ID, JSON `code`).
    public var code: String {
        switch self {
        case .unreadableBoard: return "unreadable-board"
        case .notUTF8: return "not-utf8"
        case .nulCharacter: return "nul-character"
        case .frontMatterNotClosed: return "front-matter-not-closed"
        case .invalidYAML: return "invalid-yaml"
        case .frontMatterNotMapping: return "front-matter-not-mapping"
        case .unknownFrontMatterKey: return "unknown-front-matter-key"
        case .frontMatterValueNotText: return "invalid-front-matter-value"
        case .unsupportedLocale: return "unsupported-locale"
        case .unknownTimezone: return "unknown-timezone"
        case .invalidDueSoon: return "invalid-due-soon"
        case .invalidReminder: return "invalid-reminder"
        case .invalidWikilinkBase: return "invalid-wikilink-base"
        case .invalidTagColor: return "invalid-tag-color"
        case .invalidRule: return "invalid-rule"
        case .unknownLaneInRule: return "unknown-lane-in-rule"
        case .strayContent: return "stray-content"
        case .tableNotRead, .rowWithoutStatus: return "table-not-read"
        case .tasksOutsideLanes: return "tasks-outside-lanes"
        case .linesNotCards: return "lines-not-cards"
        case .invalidWIPLimit: return "invalid-wip-limit"
        case .mermaidKanbanBesideCards, .secondMermaidKanban: return "mermaid-kanban-not-read"
        case .mermaidLabelNotClosed, .mermaidTextAfterNode, .mermaidNodeOutsideColumns, .mermaidMetadataNotClosed,
            .invalidMermaidMetadata:
            return "mermaid-kanban-syntax"
        case .emptyCard: return "empty-card"
        case .titleTooLong: return "title-too-long"
        case .invalidDeadline: return "invalid-deadline"
        case .invalidDate: return "invalid-date"
        case .invalidTime: return "invalid-time"
        case .timeWithoutDate: return "time-without-date"
        case .conflictingDeadlines: return "conflicting-deadlines"
        case .conflictingIDs: return "conflicting-ids"
        case .invalidCardID: return "invalid-card-id"
        case .duplicateCardID, .firstCardWithID: return "duplicate-card-id"
        case .overWIPLimit, .overStateWIPLimit: return "wip-limit"
        case .newCardInWrongLane: return "new-card-lane"
        case .illegalMove: return "illegal-move"
        case .previousVersionUnreadable: return "previous-version-unreadable"
        case .historyVersionSkipped: return "history-version-skipped"
        case .shallowHistory: return "shallow-history"
        case .neverCommitted: return "never-committed"
        case .notABoard: return "not-a-board"
        case .templateSyntax: return "template-syntax"
        case .missingTemplate, .missingHistoryTemplate: return "missing-template"
        case .missingPartial: return "missing-partial"
        case .partialCycle: return "partial-cycle"
        case .unknownTemplateKey: return "unknown-template-key"
        case .unescapedText: return "unescaped-text"
        case .templateKeyNotText: return "template-key-not-text"
        case .templateNestingTooDeep: return "template-too-deep"
        case .templateRecursion: return "template-recursion"
        case .templateTooLarge: return "template-too-large"
        case .templateListsTooDeep: return "template-lists-too-deep"
        case .pageTooLarge: return "page-too-large"
        case .unsupportedTemplateTag: return "unsupported-template-tag"
        case .unreadableTemplate: return "unreadable-template"
        case .tooManyDiagnostics: return "too-many-diagnostics"
        case .noSuchCard, .cardInArchive: return "no-such-card"
        case .ambiguousCard: return "ambiguous-card"
        case .noSuchLane, .noLaneForState: return "no-such-lane"
        case .laneHoldsNotes: return "notes-lane"
        case .ambiguousLane: return "ambiguous-lane"
        case .moveNotAllowed: return "illegal-move"
        case .laneAtWIPLimit, .stateAtWIPLimit: return "wip-limit"
        case .newCardNotAllowed: return "new-card-lane"
        case .ruleOverridden: return "rule-overridden"
        case .boardHasErrors: return "board-has-errors"
        case .boardChangedOnDisk: return "board-changed"
        case .boardAccessNotKept: return "board-access-not-kept"
        case .editChangesBoard: return "edit-not-lossless"
        case .editLosesDateFormat: return "edit-loses-date-format"
        case .editChangesLaneText: return "edit-changes-lane-text"
        case .laneSaysEmpty: return "lane-says-empty"
        case .editLosesDialect: return "edit-loses-dialect"
        case .identityRenumbered: return "identity-renumbered"
        case .invalidEditValue: return "invalid-value"
        case .editNotPossible, .headingCardBecomesLabel, .groupLabelLeftEmpty, .descriptionLineReadAsMetadata,
            .lineReadAsTitle, .editChangesTableReading:
            return "edit-not-possible"
        case .cardAlreadyInLane: return "already-in-lane"
        case .editChangesNothing: return "nothing-to-change"
        case .fileSystem: return "file-system"
        }
    }

    public var message: String {
        switch self {
        case .unreadableBoard(let reason):
            return "cannot read the board: \(reason)"
        case .notUTF8:
            return "file is not valid UTF-8: save it as UTF-8 text"
        case .nulCharacter:
            return "file contains a NUL character; is it a binary file? A board must be UTF-8 text"
        case .frontMatterNotClosed:
            return "front matter starting here is not closed: add a line '---' after it"
        case .invalidYAML(let detail):
            return "invalid YAML in front matter: \(detail)"
        case .frontMatterNotMapping:
            return "front matter must be a mapping of 'key: value' lines"
        case .unknownFrontMatterKey(let key, let suggestion):
            return "unknown front-matter key \(Self.quote(key)) is ignored: did you mean \(Self.quote(suggestion))?"
        case .frontMatterValueNotText(let key):
            return "front-matter key \(Self.quote(key)) must be a single value"
        case .unsupportedLocale(let value):
            return "locale \(Self.quote(value)) is not supported, so the pages follow the board's text (Korean for a "
                + "board written mostly in Hangul, else English): supported locales are " + BoardLocale.supportedList
        case .unknownTimezone(let value):
            return
                "unknown time zone \(Self.quote(value)): expected an IANA name such as 'UTC', 'Europe/Berlin' or 'Asia/Seoul'"
        case .invalidDueSoon(let value):
            return "invalid due-soon \(Self.quote(value)): expected a whole number of days from 0 to 365"
        case .invalidReminder(let value):
            return
                "invalid reminder \(Self.quote(value)): expected a time before the deadline such as '1d', '2h', '30m', "
                + "or 'none'"
        case .invalidWikilinkBase(let value):
            return "invalid wikilink-base \(Self.quote(value)): expected a URL starting with https://HOST, http://HOST "
                + "or /PATH, without spaces, '?', '#' or '\\'"
        case .invalidTagColor(let tag, let color):
            return
                "colour \(Self.quote(color)) of tag \(Self.quote(tag)) is ignored: use a hex colour ('#d73a4a'), a CSS colour name "
                + "or rgb(…)"
        case .invalidRule(let key, let reason):
            return "invalid \(Self.quote(key)) rule: \(reason)"
        case .unknownLaneInRule(let key, let name, let lanes):
            return
                "\(Self.quote(key)) names \(Self.quote(name)), which is neither a lane of this board nor TODO, DOING or DONE: the "
                + "lanes are \(Problem.list(lanes, or: false))"
        case .strayContent(let what):
            return "\(what) after a lane's cards is not part of any card and is not shown: indent it under the card "
                + "it belongs to"
        case .tableNotRead:
            return "a table's rows are not read as cards: only a table alone under a lane's heading, with a column for "
                + "titles ('| Task | … |'), is read as the lane's cards; otherwise write each card as a list item "
                + "('- Title') or a '### Title' heading"
        case .rowWithoutStatus:
            return "this row has no status, so its table is not read as the board's lanes (a lane a status): give "
                + "every row a status"
        case .tasksOutsideLanes(let count):
            return
                "\(count == 1 ? "a task item is" : "\(count) task items are") in no lane, so \(count == 1 ? "it is" : "they are") shown as the "
                + "board's text, not as cards: a lane heading above \(count == 1 ? "it" : "them") (such as '## To Do') "
                + "puts \(count == 1 ? "it" : "them") in a lane"
        case .linesNotCards(let count):
            return "this lane's \(count) lines have no list marker, so they are its text, not cards, while the "
                + "board's other lanes hold list items: start each line with '- ' to make it a card"
        case .mermaidKanbanBesideCards:
            return "this Mermaid kanban diagram is shown as written, not read as lanes: the board's cards are its "
                + "Markdown's; keep the diagram in a file of its own to read it as a board"
        case .secondMermaidKanban:
            return "this Mermaid kanban diagram is shown as written, not read as lanes: the board is the file's first "
                + "diagram; keep each board in a file of its own"
        case .mermaidLabelNotClosed(let opener):
            return "Mermaid kanban node: nothing closes its \(Self.quote(opener)), so the label runs to the end of the "
                + "line (Mermaid cannot draw it): close it, as in 'id[Label]'"
        case .mermaidTextAfterNode(let text):
            return
                "Mermaid kanban node: \(Self.quote(text)) after it is not read (Mermaid cannot draw it): write one node "
                + "on a line, its metadata as '@{ key: value }' right after it"
        case .mermaidNodeOutsideColumns(let label):
            return
                "Mermaid kanban node \(Self.quote(label)) is indented less than the diagram's first column, so it is "
                + "read as a column (Mermaid reports 'items without section'): indent the columns alike, and their "
                + "items further"
        case .mermaidMetadataNotClosed:
            return "Mermaid kanban metadata: no '}' closes this '@{' in the diagram, so it is not read: write "
                + "'@{ assigned: ann, priority: High }'"
        case .invalidMermaidMetadata(let text):
            return
                "Mermaid kanban metadata \(Self.quote(text)) is not read: it is not YAML's 'key: value' pairs (as in "
                + "'@{ assigned: ann, priority: High }'; quote a value that holds a ':' or ',')"
        case .invalidWIPLimit(let value):
            return "invalid WIP limit \(Self.quote(value)): a limit is at most 1,000,000, e.g. '## DOING (3)'"
        case .emptyCard:
            return "empty card is skipped: give it a title"
        case .titleTooLong(let length, let limit):
            return "card title is \(length) characters long; only the first \(limit) are shown: move the rest into "
                + "the description"
        case .invalidDeadline(let value):
            return
                "\(Self.quote(value)) is not a date, so the card has no deadline: expected YYYY-MM-DD (or the board's "
                + "date format), optionally with HH:MM" + Self.dateFormatHint(value)
        case .invalidDate(let value):
            return "\(Self.quote(value)) is not a date and is ignored: expected YYYY-MM-DD"
        case .invalidTime(let value):
            return "\(Self.quote(value)) is not a time and is ignored: expected HH:MM (or the board's time format)"
        case .timeWithoutDate:
            return "a time without a date is ignored: add the date, e.g. '@{2026-12-01} @@{14:00}'"
        case .conflictingDeadlines(let first, let second):
            return
                "card has two different deadlines, \(Self.quote(first)) and \(Self.quote(second)): the first is used; keep one"
        case .conflictingIDs(let first, let second):
            return
                "card has two different IDs, \(Self.quote(first)) and \(Self.quote(second)): the first is used; keep one"
        case .invalidCardID(let value):
            return "invalid card ID \(Self.quote(value)) is ignored: use letters, digits, '-', '_' or '.'"
        case .duplicateCardID(let id, let title, let renamed):
            return
                "card \(Self.quote(title)) repeats the ID \(Self.quote(id)) of another card, so it is \(Self.quote(renamed)) on the page: give "
                + "it an ID of its own"
        case .firstCardWithID:
            return "the first card with that ID is here"
        case .overWIPLimit(let lane, let count, let limit):
            return "lane \(Self.quote(lane)) has \(count) cards, over its WIP limit of \(limit)"
        case .overStateWIPLimit(let state, let count, let limit):
            return "the \(state.rawValue) lanes hold \(count) cards, over the WIP limit of \(limit)"
        case .newCardInWrongLane(let title, let lane, let allowed):
            return
                "new card \(Self.quote(title)) starts in \(Self.quote(lane)), but the 'new-cards' rule lets new cards start only in "
                + Problem.list(allowed)
        case .illegalMove(let title, let from, let to, let allowed):
            return
                "card \(Self.quote(title)) moved from \(Self.quote(from)) to \(Self.quote(to)), which the 'transitions' rule does not allow: "
                + Self.moves(from: from, allowed: allowed)
        case .previousVersionUnreadable(let version):
            return "the previous version (\(version)) is not a readable board, so the changes cannot be checked"
        case .historyVersionSkipped(let commit, let subject):
            return "the version of commit \(commit) (\"\(subject)\") is not readable text and is skipped"
        case .shallowHistory(let commits):
            return "this is a shallow clone: the history shows only the \(commits) commit\(commits == 1 ? "" : "s") "
                + "available; fetch the full history (e.g. 'fetch-depth: 0' in actions/checkout) to see it all"
        case .notABoard:
            return "skipped: not a board (no lane with a kanban name such as TODO, Doing, Done or 진행 중, and no "
                + "kanban-plugin front matter); name the file itself to read it as a board"
        case .neverCommitted:
            return "the board has never been committed, so it has no history yet"
        case .templateSyntax(let detail):
            return "template syntax error: \(detail)"
        case .missingTemplate(let name):
            return "missing template \(Self.quote(name)): add \(name).mustache to the templates folder"
        case .missingPartial(let name):
            return "partial \(Self.quote(name)) does not exist: add \(name).mustache to the templates folder"
        case .missingHistoryTemplate:
            return "missing template 'history': the board is in git, so a history page is rendered; add "
                + "history.mustache to the templates folder, or use --no-history"
        case .partialCycle(let chain):
            return "partials include each other in a cycle outside any section (\(chain.joined(separator: " → "))): "
                + "this would never finish"
        case .unknownTemplateKey(let name):
            return
                "unknown key \(Self.quote(name)): the template would render nothing here; see docs/TEMPLATES.md for the keys"
        case .unescapedText(let name):
            return
                "\(Self.quote(name)) is text from the board and must be escaped: write {{\(name)}}, not {{{\(name)}}} or "
                + "{{&\(name)}}"
        case .templateKeyNotText(let name):
            return "\(Self.quote(name)) is a group of values, not text: use it as a section ({{#\(name)}}…{{/\(name)}})"
        case .templateNestingTooDeep(let limit):
            return "sections are nested more than \(limit) deep here: simplify the template"
        case .templateRecursion(let limit):
            return "partials included each other more than \(limit) deep here, so the page was not written: a partial "
                + "that includes itself must be inside a section its data ends (a name an outer value also has, such "
                + "as the page's own list, starts the recursion over)"
        case .templateTooLarge(let limit):
            return "with its partials inlined, this template is over \(limit) tags and texts long (partials that "
                + "include others more than once grow at every level): include fewer partials, fewer times"
        case .templateListsTooDeep(let limit):
            return "sections over lists are nested more than \(limit) deep here (counting through partials): each "
                + "level repeats everything inside it for every item, so the page would never finish"
        case .pageTooLarge(let budget):
            return "the page was not written: rendering it went over \(budget); the templates repeat the board's "
                + "lists more than any board needs"
        case .unsupportedTemplateTag(let text):
            return
                "\(Self.quote(text)) is not supported: pm-render's templates use plain Mustache (no pragmas, no dynamic "
                + "partials)"
        case .unreadableTemplate(let reason):
            return "cannot read template: \(reason)"
        case .tooManyDiagnostics(let more):
            return "\(more) more diagnostics not shown"
        case .noSuchCard(let query):
            return "no card matches \(Self.quote(query)): give a card's ID, its title or the start of either "
                + "('pm-render show' lists them)"
        case .ambiguousCard(let query, let candidates):
            return
                "\(Self.quote(query)) matches \(candidates.count) cards: \(candidates.joined(separator: ", ")); give more of "
                + "the title, or the card's ID"
        case .cardInArchive(let title):
            return "\(Self.quote(title)) is in the archive, which the editing commands do not change: move it back to "
                + "a lane in the file first"
        case .noSuchLane(let name, let lanes):
            guard !lanes.isEmpty else {
                return "the board has no lane \(Self.quote(name)): it has no lanes (a heading over cards, '## Todo', "
                    + "starts one)"
            }
            return "the board has no lane \(Self.quote(name)): its lanes are \(Problem.list(lanes, or: false))"
        case .ambiguousLane(let query, let candidates):
            return "\(Self.quote(query)) fits \(candidates.count) lanes: \(Problem.list(candidates, or: true)); give a "
                + "lane's name as written, or more of it"
        case .noLaneForState(let state, let hint):
            switch hint {
            case .lanesHoldNoRows(let lanes):
                return
                    "the board has no \(state.rawValue) lane that takes a table's rows: \(Problem.list(lanes, or: false)) "
                    + "\(lanes.count == 1 ? "is no table" : "are no tables") of rows, and a row is not moved into a lane "
                    + "of list cards: move it in the file"
            case .rowWithoutStatus(let line):
                return "the board has no \(state.rawValue) lane: its table is not read as the board's lanes (a lane a "
                    + "status) while the row on line \(line) has no status: give that row one"
            case nil:
                // `add` takes --lane; `done` has no lane to name, and `move` takes one.
                let remedy =
                    state == .done ? "move the card to a lane with 'pm-render move'" : "name the lane with --lane"
                return "the board has no \(state.rawValue) lane: \(remedy), or give the board one"
            }
        case .laneHoldsNotes(let lane):
            return "\(Self.quote(lane)) holds notes, not cards (its items have no task box, and other lanes' do), so "
                + "no card is put there: name another lane, or give one of its items a task box ('- [ ]') to make its "
                + "items cards"
        case .moveNotAllowed(let title, let from, let to, let allowed):
            return
                "cannot move \(Self.quote(title)) from \(Self.quote(from)) to \(Self.quote(to)): the 'transitions' rule here does not allow it; "
                + Self.moves(from: from, allowed: allowed)
        case .laneAtWIPLimit(let lane, let count, let limit):
            return
                "lane \(Self.quote(lane)) is full: it holds \(count) card\(count == 1 ? "" : "s") and its WIP limit here is "
                + "\(limit); finish or move a card first"
        case .stateAtWIPLimit(let state, let count, let limit):
            return "the \(state.rawValue) lanes are full: they hold \(count) card\(count == 1 ? "" : "s") and the WIP "
                + "limit here is \(limit); finish or move a card first"
        case .newCardNotAllowed(let lane, let allowed, let written):
            if !written, allowed.isEmpty {
                return "a new card may not start in \(Self.quote(lane)): new cards start in the todo lanes, and the "
                    + "board has none: give it a todo lane, name the lanes new cards may start in with the front "
                    + "matter's 'new-cards' rule, or add the card with --force"
            }
            if !written {
                return "a new card may not start in \(Self.quote(lane)): new cards start in the todo lanes "
                    + "(\(Problem.list(allowed))) unless the front matter's 'new-cards' rule names others"
            }
            if allowed.isEmpty {
                return "a new card may not start in \(Self.quote(lane)): the 'new-cards' rule here names none of the "
                    + "board's lanes: name one there, or add the card with --force"
            }
            return
                "a new card may not start in \(Self.quote(lane)): the 'new-cards' rule here lets new cards start only in "
                + "\(Problem.list(allowed))"
        case .ruleOverridden(let problem):
            return "\(problem.message); done anyway (--force)"
        case .boardHasErrors:
            return "the board has errors (above), so it is not edited: fix them first, or use --force"
        case .boardChangedOnDisk:
            return "the board changed on disk while it was being edited, so nothing was written: run the command "
                + "again"
        case .boardAccessNotKept(let what):
            return "nothing was written: pm-render writes an edited board as a new file that takes the old one's "
                + "place, and the new file could not keep \(what), so others could lose access to the board; edit "
                + "it as its owner"
        case .editLosesDateFormat(let format):
            return "nothing was written: the board's dates are read as \(format) because one of them shows it (a day "
                + "over 12), and after this edit none would, so other dates would read otherwise; set the board's date "
                + "format (front matter 'date-format: \(format)') and run it again"
        case .editChangesLaneText(let lane, let before, let after):
            let said = { (text: String) in text.isEmpty ? "none" : Self.quote(text) }
            return "nothing was written: after this edit the description of lane \(Self.quote(lane)) (the text under "
                + "its name) would be \(said(after)), not \(said(before)): text after its cards would have no card before "
                + "it any more; move that text, or make this edit in the file"
        case .editLosesDialect(let dialect, let now, let named):
            let tool = Self.toolName(dialect)
            let marks =
                switch dialect {
                case .taskell: "an indented '> description', '@ date' or '* [ ] subtask' line under a card"
                case .vscodeKanban: "a property item ('- due: …') under a card"
                case .kanbn: "cards that link to their task files"
                case .mermaidKanban: "a Mermaid kanban diagram"
                case .obsidianKanban: "its settings"
                case .pmRender: "its cards"
                }
            let style = now == .pmRender ? "pm-render's own style" : "\(Self.toolName(now))'s style"
            let keep =
                switch dialect {
                case .taskell:
                    named
                        ? "a file named 'taskell.md' is read as Taskell's only while its cards are '- ' items without "
                            + "task boxes or dates on their first lines"
                        : "to keep Taskell's, name the file 'taskell.md' (Taskell's name for a board), which is read "
                            + "as Taskell's while its cards are '- ' items without task boxes or dates on their first "
                            + "lines"
                default: "to keep \(tool)'s, write such a line again"
                }
            return "this edit took away the last line that showed the board is written by \(tool) (\(marks)): the "
                + "board no longer shows \(tool)'s marks, so later edits write \(style), not \(tool)'s; \(keep)"
        case .laneSaysEmpty(let lane, let line):
            return "the card takes the place of \(Self.quote(line)), the line that said \(Self.quote(lane)) was empty"
        case .editChangesTableReading(let nowLanes):
            let reading =
                nowLanes
                ? "would be read as its lanes (a lane a status), as on a board with no other cards, its rows the cards "
                    + "of those lanes"
                : "would no longer be read as its lanes (a lane a status), since the board would have other cards: its "
                    + "rows would be one lane's cards"
            return "nothing was written: after this edit the board's table of statuses \(reading); make this edit in "
                + "the file, if the board should read so"
        case .editChangesBoard(let detail):
            return "nothing was written: after this edit the board would not read the same way (\(detail)); make "
                + "this edit in the file (pm-render could not write it safely: if it should have, please report it "
                + "with the board)"
        case .identityRenumbered(let title, let from, let to):
            return
                "card \(Self.quote(title)) is now \(Self.quote(to)) (was \(Self.quote(from))): cards with the same title are numbered in file "
                + "order; give it an ID ('^id') to keep it"
        case .invalidEditValue(let option, let value, let expected):
            return "invalid \(option) \(Self.quote(value)): expected \(expected)"
        case .editNotPossible(let reason):
            return "cannot make this edit: \(reason)"
        case .descriptionLineReadAsMetadata(let line):
            return "cannot make this edit: the description's line \(Self.quote(line)) would be read as the card's "
                + "metadata (a field, a deadline or tags), not as its text: give such a value with its option (--due, "
                + "--tag, --assignee), or word the line otherwise"
        case .lineReadAsTitle(let line):
            return
                "cannot make this edit: the line \(Self.quote(line)) after the card's title would be read as part of "
                + "the title (a long title line followed by a line that starts in lower case reads as one title, "
                + "hard-wrapped): start that line otherwise, give a shorter title, or make this edit in the file"
        case .headingCardBecomesLabel(let title):
            return "cannot make this edit: \(Self.quote(title)) is a heading over a list, which reads as a card only "
                + "while a field line or text comes before the list; without them the heading would read as a group "
                + "label over list cards: write a line of text above the list, then run it again"
        case .groupLabelLeftEmpty(let labels, let lane):
            return "cannot make this edit: it would leave the group label \(Problem.list(labels, or: false)) in "
                + "\(Self.quote(lane)) without a card, and a heading with no card under it reads as a card: remove the "
                + "label first, or add a card under it"
        case .editChangesNothing(let title):
            return "\(Self.quote(title)) already is as asked: nothing to do"
        case .cardAlreadyInLane(let title, let lane):
            return "\(Self.quote(title)) is already in \(Self.quote(lane)): nothing to do"
        case .fileSystem(let sentence):
            return sentence
        }
    }
}

extension Problem {
    /// The longest text a message quotes whole: a longer value (a 1 MB deadline) is cut, so that a diagnostic
    /// stays one readable line.
    static let quotedLength = 80

    /// The name of the tool a dialect is written by.
    static func toolName(_ dialect: BoardStyle.Dialect) -> String {
        switch dialect {
        case .taskell: "Taskell"
        case .vscodeKanban: "VS Code Markdown Kanban"
        case .kanbn: "kanbn"
        case .mermaidKanban: "Mermaid"
        case .obsidianKanban: "Obsidian Kanban"
        case .pmRender: "pm-render"
        }
    }

    /// A part of a card named by its title, for a message: `the deadline of 'Meeting'` (a possessive after the
    /// quote, `'Meeting''s`, reads as a doubled quote).
    static func part(_ part: String, of title: String) -> String {
        "the \(part) of '\(title)'"
    }

    /// `'value'` for a message; a value longer than `quotedLength` characters is cut with "…".
    static func quote(_ value: String) -> String {
        var end = value.startIndex
        guard value.formIndex(&end, offsetBy: quotedLength, limitedBy: value.endIndex), end != value.endIndex else {
            return "'\(value)'"
        }
        return "'\(value[..<value.index(value.startIndex, offsetBy: quotedLength - 1)])…'"
    }

    /// For a date written day and month first (`30-04-2024`, `04/30/2024`): how to tell pm-render so.
    static func dateFormatHint(_ value: String) -> String {
        let parts = value.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == "/" })
        guard parts.count == 3, parts[2].count == 4, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && Int($0) != nil }),
            let first = Int(parts[0]), let second = Int(parts[1]), (1...31).contains(first), (1...31).contains(second),
            let separator = value.first(where: { !$0.isNumber })
        else { return "" }
        let day = "DD\(separator)MM\(separator)YYYY"
        let month = "MM\(separator)DD\(separator)YYYY"
        let format = first > 12 ? day : second > 12 ? month : "\(day) or \(month)"
        let example = first > 12 || second <= 12 ? day : month
        return "; for dates written \(format), set the board's date format (front matter 'date-format: \(example)')"
    }

    /// Where the 'transitions' rule lets cards in lane `from` move: "cards in 'Review' may move only to 'Done'".
    static func moves(from: String, allowed: [String]) -> String {
        allowed.isEmpty
            ? "cards in \(quote(from)) may not move"
            : "cards in \(quote(from)) may move only to \(list(allowed))"
    }

    /// "'Review'", "'Review' or 'Done'", "'A', 'B' or 'C'" (with quotes), for names in messages.
    static func list(_ names: [String], or: Bool = true) -> String {
        let quoted = names.map { "\(Self.quote($0))" }
        guard quoted.count > 1 else { return quoted.first ?? "nowhere" }
        return quoted.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + quoted.last!
    }
}

// git's problems: the CLI reports them as usage failures (exit status 2), in these words.
extension GitError {
    public var description: String {
        switch self {
        case .gitNotFound:
            return "git was not found on PATH; install git to compare with a revision, or use --previous FILE"
        case .notARepository(let path):
            return "'\(path)' is not inside a git repository; use --previous FILE to compare with another file"
        case .unknownRevision(let revision):
            return "unknown revision '\(revision)': expected a commit, branch or tag (e.g. HEAD~1, origin/main)"
        case .invalidTimeout(let value):
            return "PM_RENDER_GIT_TIMEOUT must be a number of seconds greater than 0, not '\(value)'"
        case .timedOut(let seconds, let activity):
            return "git timed out after \(Self.format(seconds)) s while \(activity.phrase); "
                + "set PM_RENDER_GIT_TIMEOUT (seconds) to wait longer"
        case .failed(let activity, let message):
            return "git failed while \(activity.phrase): \(message)"
        }
    }

    /// `120`, `1.5`.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

extension GitError.Activity {
    /// "reading the history of 'board.md'".
    var phrase: String {
        switch self {
        case .findingRepository(let path): return "finding the repository of '\(path)'"
        case .readingHistory(let path): return "reading the history of '\(path)'"
        case .readingFile(let path, let revision): return "reading '\(path)' at '\(revision)'"
        case .readingLatestCommit(let path): return "reading the latest commit of '\(path)'"
        }
    }
}
