/// Every kind of problem pm-render reports. The wording of each lives in `Problem+Messages.swift`,
/// in one place, so messages stay consistent and tests can pin them.
public enum Problem: Hashable, Sendable {
    // Input file
    case unreadableBoard(String)
    case notUTF8
    case nulCharacter

    // Front matter
    case frontMatterNotClosed
    case invalidYAML(String)
    case frontMatterNotMapping
    case unknownFrontMatterKey(String)
    case frontMatterValueNotText(key: String)
    case unsupportedLocale(String)
    case unknownTimezone(String)
    case invalidDueSoon(String)
    case invalidReminder(String)
    case invalidRule(key: String, reason: String)
    case unknownStateInRule(key: String, value: String)

    // Sections
    case unknownSection(String, suggestion: CardState?)
    case archiveWithoutBreak
    case duplicateSection(CardState)
    case titleNotFirst
    case strayContent(String)
    case invalidWIPLimit(String)

    // Cards
    case emptyCardTitle
    case titleTooLong(length: Int, limit: Int)
    case unknownMetadataKey(String)
    case malformedMetadataLine(String)
    case invalidDeadline(String)
    case conflictingDeadlines(first: String, second: String)
    case conflictingIDs(first: String, second: String)
    case invalidCardID(String)
    case duplicateCardID(id: String, title: String)
    case firstCardWithID
    case overWIPLimit(state: CardState, count: Int, limit: Int)

    // Transitions
    case newCardInWrongState(title: String, state: CardState, allowed: [CardState])
    case illegalMove(title: String, from: CardState, to: CardState, allowed: [CardState])
    case previousVersionHasErrors(String)

    // History
    case historyVersionSkipped(commit: String, subject: String, errors: Int)
    case shallowHistory(commits: Int)
    case neverCommitted

    // Templates
    case templateSyntax(String)
    case missingTemplate(String)
    case missingPartial(String)
    case missingHistoryTemplate
    case partialCycle([String])
    case unknownTemplateKey(String)
    case templateDelimitersNotSupported
    case templateNestingTooDeep(limit: Int)
    case dynamicPartial(String)
    case templatePragma(String)
    case unreadableTemplate(String)

    // Limits
    case tooManyDiagnostics(Int)
}
