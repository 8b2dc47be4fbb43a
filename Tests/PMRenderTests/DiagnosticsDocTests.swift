import Foundation
import Testing

@testable import PMRender

/// docs/DIAGNOSTICS.md lists every diagnostic code with its severity: a new kind of problem without a row fails here.
@Suite("Diagnostics documentation")
struct DiagnosticsDocTests {
    /// One problem of every kind (`Problem`'s cases), with placeholder values.
    static let samples: [Problem] = [
        .unreadableBoard("no such file"), .notUTF8, .nulCharacter,
        .frontMatterNotClosed, .invalidYAML("x"), .frontMatterNotMapping,
        .unknownFrontMatterKey("titel", suggestion: "title"), .frontMatterValueNotText(key: "title"),
        .unsupportedLocale("fr"), .unknownTimezone("Mars/Base"), .invalidDueSoon("soon"), .invalidReminder("x"),
        .invalidWikilinkBase("x"), .invalidTagColor(tag: "bug", color: "x"), .invalidRule(key: "wip", reason: "x"),
        .unknownLaneInRule(key: "wip", name: "Nowhere", lanes: ["TODO"]),
        .strayContent("paragraph"), .tableNotRead, .rowWithoutStatus, .tasksOutsideLanes(2), .linesNotCards(2),
        .invalidWIPLimit("99999999"),
        .mermaidKanbanBesideCards, .secondMermaidKanban, .mermaidLabelNotClosed("["), .mermaidTextAfterNode("x"),
        .mermaidNodeOutsideColumns("Todo"), .mermaidMetadataNotClosed, .invalidMermaidMetadata("a: [b"),
        .emptyCard, .titleTooLong(length: 1001, limit: 1000), .invalidDeadline("x"), .invalidDate("x"),
        .invalidTime("x"),
        .timeWithoutDate, .conflictingDeadlines(first: "a", second: "b"), .conflictingIDs(first: "a", second: "b"),
        .invalidCardID("a b"), .duplicateCardID(id: "a", title: "A", renamed: "a-2"), .firstCardWithID,
        .overWIPLimit(lane: "Review", count: 3, limit: 2), .overStateWIPLimit(state: .doing, count: 3, limit: 2),
        .newCardInWrongLane(title: "A", lane: "Done", allowed: ["TODO"]),
        .illegalMove(title: "A", from: "TODO", to: "DONE", allowed: []), .previousVersionUnreadable("HEAD"),
        .historyVersionSkipped(commit: "abc1234", subject: "x"), .shallowHistory(commits: 1), .neverCommitted,
        .notABoard,
        .templateSyntax("x"), .missingTemplate("page"), .missingPartial("card"), .missingHistoryTemplate,
        .partialCycle(["a", "b"]), .unknownTemplateKey("x"), .unescapedText("title"), .templateKeyNotText("cards"),
        .templateNestingTooDeep(limit: 100), .templateRecursion(limit: 100), .templateTooLarge(limit: 100),
        .templateListsTooDeep(limit: 8), .pageTooLarge("1024 MiB of output"), .unsupportedTemplateTag("{{%x}}"),
        .unreadableTemplate("x"),
        .noSuchCard("x"), .cardInArchive("x"), .ambiguousCard("x", candidates: ["a", "b"]),
        .noSuchLane("x", lanes: ["TODO"]),
        .ambiguousLane("te", candidates: ["Testing", "Test results"]), .noLaneForState(.doing),
        .laneHoldsNotes("Legend"),
        .moveNotAllowed(title: "A", from: "TODO", to: "DONE", allowed: []),
        .laneAtWIPLimit(lane: "Review", count: 2, limit: 2), .stateAtWIPLimit(state: .doing, count: 2, limit: 2),
        .newCardNotAllowed(lane: "Done", allowed: ["TODO"], written: true), .ruleOverridden(.emptyCard),
        .boardHasErrors,
        .boardChangedOnDisk, .boardAccessNotKept("x"), .editChangesBoard("x"), .editChangesTableReading(nowLanes: true),
        .editLosesDateFormat("DD-MM-YYYY"),
        .editChangesLaneText(lane: "Done", before: "", after: "x"),
        .editLosesDialect(.taskell, now: .pmRender, named: false),
        .laneSaysEmpty(lane: "Doing", line: "- (empty)"),
        .identityRenumbered(title: "A", from: "a", to: "a-2"),
        .invalidEditValue(option: "--due", value: "x", expected: "a date"), .editNotPossible("x"),
        .headingCardBecomesLabel(title: "A"), .groupLabelLeftEmpty(labels: ["Backend"], lane: "Todo"),
        .descriptionLineReadAsMetadata("Due: 2026-01-01"),
        .lineReadAsTitle("see the logs"),
        .cardAlreadyInLane(title: "A", lane: "TODO"), .editChangesNothing(title: "A"),
        .fileSystem("cannot write 'x': permission denied"),
        .tooManyDiagnostics(5),
    ]

    /// The case names declared in `Problem.swift`.
    static func declaredCases() throws -> Set<String> {
        let source = try TestSupport.read(
            TestSupport.packageRoot.appending(path: "Sources/PMRender/Diagnostics/Problem.swift"))
        var names: Set<String> = []
        for line in source.split(separator: "\n") {
            var words = line.split(separator: " ")
            if words.first == "indirect" { words.removeFirst() }
            guard words.count >= 2, words[0] == "case" else { continue }
            names.insert(String(words[1].prefix { $0.isLetter || $0.isNumber }))
        }
        return names
    }

    static func caseName(_ problem: Problem) -> String {
        String(String(describing: problem).prefix { $0 != "(" })
    }

    /// The rows of the doc's tables: code → the severity column.
    static func documentedCodes() throws -> [String: String] {
        let doc = try TestSupport.read(TestSupport.packageRoot.appending(path: "docs/DIAGNOSTICS.md"))
        var rows: [String: String] = [:]
        for line in doc.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            let code = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(rows[code] == nil, "'\(code)' has two rows")
            rows[code] = cells[1]
        }
        return rows
    }

    @Test("the samples cover every kind of problem")
    func samplesAreComplete() throws {
        let declared = try Self.declaredCases()
        #expect(declared.count > 50)
        #expect(Set(Self.samples.map(Self.caseName)) == declared)
    }

    @Test("every code is documented with its severity", arguments: samples)
    func documented(_ problem: Problem) throws {
        let rows = try Self.documentedCodes()
        let severity = try #require(rows[problem.code], "'\(problem.code)' is missing from docs/DIAGNOSTICS.md")
        #expect(severity.contains(problem.severity.rawValue), "'\(problem.code)' is documented as '\(severity)'")
    }

    @Test("the doc lists no code pm-render does not report")
    func noStaleCodes() throws {
        let codes = Set(Self.samples.map(\.code))
        for code in try Self.documentedCodes().keys {
            #expect(codes.contains(code), "'\(code)' is documented but never reported")
        }
    }
}
