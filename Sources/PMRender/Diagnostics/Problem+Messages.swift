// The wording of every diagnostic. Messages say what is wrong and what would be right.
// Diagnostics are always in English: they are for the board's authors and their tools.

extension Problem {
    public var severity: Diagnostic.Severity {
        switch self {
        case .unknownFrontMatterKey, .strayContent, .titleNotFirst, .titleTooLong, .shallowHistory, .neverCommitted:
            return .warning
        case .firstCardWithID, .tooManyDiagnostics, .historyVersionSkipped:
            return .note
        default:
            return .error
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
        case .invalidRule: return "invalid-rule"
        case .unknownStateInRule: return "unknown-state-in-rule"
        case .unknownSection: return "unknown-section"
        case .archiveWithoutBreak: return "archive-without-break"
        case .duplicateSection: return "duplicate-section"
        case .titleNotFirst: return "title-not-first"
        case .strayContent: return "stray-content"
        case .invalidWIPLimit: return "invalid-wip-limit"
        case .emptyCardTitle: return "empty-card-title"
        case .titleTooLong: return "title-too-long"
        case .unknownMetadataKey: return "unknown-card-field"
        case .malformedMetadataLine: return "malformed-card-field"
        case .invalidDeadline: return "invalid-deadline"
        case .conflictingDeadlines: return "conflicting-deadlines"
        case .conflictingIDs: return "conflicting-ids"
        case .invalidCardID: return "invalid-card-id"
        case .duplicateCardID: return "duplicate-card-id"
        case .firstCardWithID: return "duplicate-card-id"
        case .overWIPLimit: return "wip-limit"
        case .tooManyDiagnostics: return "too-many-diagnostics"
        case .newCardInWrongState: return "new-card-state"
        case .illegalMove: return "illegal-move"
        case .previousVersionHasErrors: return "previous-version-errors"
        case .historyVersionSkipped: return "history-version-skipped"
        case .shallowHistory: return "shallow-history"
        case .neverCommitted: return "never-committed"
        case .templateSyntax: return "template-syntax"
        case .missingTemplate: return "missing-template"
        case .missingPartial: return "missing-partial"
        case .missingHistoryTemplate: return "missing-template"
        case .partialCycle: return "partial-cycle"
        case .unknownTemplateKey: return "unknown-template-key"
        case .templateDelimitersNotSupported: return "template-delimiters"
        case .templateNestingTooDeep: return "template-too-deep"
        case .dynamicPartial: return "dynamic-partial"
        case .templatePragma: return "template-pragma"
        case .unreadableTemplate: return "unreadable-template"
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
        case .unknownFrontMatterKey(let key):
            return "unknown front-matter key '\(key)' is ignored: known keys are \(FrontMatterKey.knownList)"
        case .frontMatterValueNotText(let key):
            return "front-matter key '\(key)' must be a single value"
        case .unsupportedLocale(let value):
            return "unsupported locale '\(value)': supported locales are \(BoardLocale.supportedList)"
        case .unknownTimezone(let value):
            return "unknown time zone '\(value)': expected an IANA name such as 'UTC', 'Europe/Berlin' or 'Asia/Seoul'"
        case .invalidDueSoon(let value):
            return "invalid due-soon '\(value)': expected a whole number of days from 0 to 365"
        case .invalidReminder(let value):
            return "invalid reminder '\(value)': expected a time before the deadline such as '1d', '2h', '30m', or 'none'"
        case .invalidRule(let key, let reason):
            return "invalid '\(key)' rule: \(reason)"
        case .unknownStateInRule(let key, let value):
            return "unknown state '\(value)' in '\(key)': expected TODO, DOING or DONE"
        case .unknownSection(let name, let suggestion):
            let hint = suggestion.map { " (did you mean '\($0.rawValue)'?)" } ?? ""
            return "unknown section '\(name)': expected TODO, DOING or DONE\(hint)"
        case .archiveWithoutBreak:
            return "section 'Archive' is only recognised after a '***' line (Obsidian's archive): add '***' before it"
        case .duplicateSection(let state):
            return "section \(state.rawValue) appears twice: merge its cards into the first \(state.rawValue) section"
        case .titleNotFirst:
            return "a '#' heading here is ignored: the board title must be the first heading"
        case .strayContent(let what):
            return "\(what) outside any card is ignored: make it a card ('- ' item or '### ' heading) or move it into one"
        case .invalidWIPLimit(let value):
            return "invalid WIP limit '\(value)': expected a whole number, e.g. '## DOING (3)'"
        case .emptyCardTitle:
            return "card has no title"
        case .titleTooLong(let length, let limit):
            return "card title is \(length) characters long; only the first \(limit) are shown: move the rest into the description"
        case .unknownMetadataKey(let key):
            return "unknown card field '\(key)': expected Due, ID or Tags"
        case .malformedMetadataLine(let line):
            return "'\(line)' is not a card field: every line of a card's field block must be 'Due:', 'ID:' or 'Tags:' followed by a value"
        case .invalidDeadline(let value):
            return "invalid deadline '\(value)': expected YYYY-MM-DD or YYYY-MM-DD HH:MM (24-hour) with a real date"
        case .conflictingDeadlines(let first, let second):
            return "card has two different deadlines, '\(first)' and '\(second)': keep one"
        case .conflictingIDs(let first, let second):
            return "card has two different IDs, '\(first)' and '\(second)': keep one"
        case .invalidCardID(let value):
            return "invalid card ID '\(value)': use letters, digits, '-', '_' or '.'"
        case .duplicateCardID(let id, let title):
            return "duplicate card '\(title)': another card already has the identity '\(id)'; give one an explicit 'ID:'"
        case .firstCardWithID:
            return "the first card with that identity is here"
        case .overWIPLimit(let state, let count, let limit):
            return "column \(state.rawValue) has \(count) cards, over its WIP limit of \(limit)"
        case .tooManyDiagnostics(let more):
            return "\(more) more diagnostics not shown"
        case .newCardInWrongState(let title, let state, let allowed):
            return "new card '\(title)' starts in \(state.rawValue), but the 'new-cards' rule lets new cards start only in \(Problem.list(allowed))"
        case .illegalMove(let title, let from, let to, let allowed):
            let options = allowed.isEmpty ? "\(from.rawValue) cards may not move" : "\(from.rawValue) cards may move only to \(Problem.list(allowed))"
            return "card '\(title)' moved from \(from.rawValue) to \(to.rawValue), which the 'transitions' rule does not allow: \(options)"
        case .previousVersionHasErrors(let version):
            return "the previous version (\(version)) has errors, so the changes cannot be checked: fix it or compare with another revision"
        case .historyVersionSkipped(let commit, let subject, let errors):
            return "the version of commit \(commit) (\"\(subject)\") has \(errors) error\(errors == 1 ? "" : "s") and is skipped"
        case .shallowHistory(let commits):
            return "this is a shallow clone: the history shows only the \(commits) commit\(commits == 1 ? "" : "s") available; fetch the full history (e.g. 'fetch-depth: 0' in actions/checkout) to see it all"
        case .neverCommitted:
            return "the board has never been committed, so it has no history yet"
        case .templateSyntax(let detail):
            return "template syntax error: \(detail)"
        case .missingTemplate(let name):
            return "missing template '\(name)': add \(name).mustache to the templates folder"
        case .missingPartial(let name):
            return "partial '\(name)' does not exist: add \(name).mustache to the templates folder"
        case .missingHistoryTemplate:
            return "missing template 'history': the board is in git, so a history page is rendered; add history.mustache to the templates folder, or use --no-history"
        case .partialCycle(let chain):
            return "partials include each other in a cycle (\(chain.joined(separator: " → "))): this would never finish"
        case .unknownTemplateKey(let name):
            return "unknown key '\(name)': the template would render nothing here; see docs/TEMPLATES.md for the keys"
        case .templateDelimitersNotSupported:
            return "changing delimiters ('{{=<% %>=}}') is not supported: pm-render checks every tag of a template before rendering"
        case .templateNestingTooDeep(let limit):
            return "sections are nested more than \(limit) deep here: simplify the template"
        case .dynamicPartial(let name):
            return "dynamic partial '{{>*\(name)}}' is not supported: name the partial, so missing partials and cycles can be found"
        case .templatePragma(let text):
            return "pragma '{{% \(text)}}' is not supported: pm-render chooses how every template escapes values"
        case .unreadableTemplate(let reason):
            return "cannot read template: \(reason)"
        }
    }
}

extension Problem {
    /// "TODO", "TODO or DOING", "TODO, DOING or DONE".
    static func list(_ states: [CardState]) -> String {
        let names = states.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "no state" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
