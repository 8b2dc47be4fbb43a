import Foundation
import Testing

@testable import PMRender

@Suite("Board parser")
struct ParserTests {
    static func html(_ markdown: Markdown) -> String { MarkdownHTML().string(markdown) }

    @Test("an empty file is a valid empty board titled after the file")
    func emptyFile() {
        let result = TestSupport.parse("", file: "boards/q3-plan.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.board.title == "q3-plan")
        #expect(result.board.lanes.isEmpty)
        #expect(result.board.cardCount == 0)
    }

    @Test("title comes from front matter, else the leading H1, else the file name")
    func titlePrecedence() {
        #expect(TestSupport.parse("---\ntitle: From YAML\n---\n# From H1\n").board.title == "From YAML")
        #expect(TestSupport.parse("# From *H1*\n\n## TODO\n").board.title == "From H1")
        #expect(TestSupport.parse("## TODO\n", file: "team.md").board.title == "team")
    }

    @Test(
        "the fallback title is the file's name without its extension",
        arguments: [
            ("boards/q3-plan.md", "q3-plan"), ("board.md", "board"), ("a/b.c/README", "README"),
            (".hidden.md", ".hidden"), (".kanban", ".kanban"), ("팀/작업 보드.md", "작업 보드"), ("dir/board.md/", "board"),
            ("board.md@1a2b3c4", "board"), ("/", "/"), ("", ""),
        ])
    func fallbackTitle(path: String, title: String) {
        #expect(BoardParser.titleFromFileName(path) == title)
    }

    @Test("blocks between the title and the first lane are the description")
    func boardDescription() {
        let result = TestSupport.parse("# T\n\nFirst *para*.\n\n- a list\n\n## TODO\n")
        #expect(Self.html(result.board.description) == "<p>First <em>para</em>.</p>\n<ul>\n<li>a list</li>\n</ul>\n")
        #expect(result.board.lanes.map(\.name) == ["TODO"])
    }

    @Test("a --- that opens the file and is never closed is a rule over the board, unless YAML follows it")
    func leadingRule() {
        for text in ["---\n\n## TODO\n\n- [ ] a\n", "---\n# Board\n\n## TODO\n\n- [ ] a\n", "---\n"] {
            let result = TestSupport.parse(text)
            #expect(result.diagnostics.isEmpty, "\(text)")
            #expect(result.board.cards.count == (text == "---\n" ? 0 : 1), "\(text)")
        }
        // A key first: a front matter whose closing line is missing, which is an error (nothing after it is read).
        for text in ["---\ntitle: Never closed\n\n## TODO\n\n- [ ] a\n", "---\n\nkanban-plugin: basic\n## TODO\n"] {
            let result = TestSupport.parse(text)
            #expect(result.diagnostics.map(\.code) == ["front-matter-not-closed"], "\(text)")
            #expect(result.board.cards.isEmpty)
        }
    }

    @Test("a lane without cards is an empty lane; no lane is invented")
    func noInventedLanes() {
        let board = TestSupport.parse("## TODO\n\n- [ ] a\n\n## DONE\n").board
        #expect(board.lanes.map(\.name) == ["TODO", "DONE"])
        #expect(board.lanes.map(\.cards.count) == [1, 0])
        #expect(board.lanes(in: .doing).isEmpty)
    }

    @Test("heading card: field lines, description, location")
    func headingCard() throws {
        let text = """
            ## DOING

            ### Fix the *date* picker
            Due: 2026-12-01 18:00
            id: picker
            TAGS: bug, #ios

            It crashes.

            - step one
            """
        let result = TestSupport.parse(text)
        #expect(result.diagnostics.isEmpty)
        let card = try #require(result.board.lanes.first?.cards.first)
        #expect(card.title == "Fix the date picker")
        #expect(card.id == "picker")
        #expect(card.hasExplicitID)
        #expect(card.state == .doing)
        #expect(
            card.due
                == Deadline(date: CalendarDate(year: 2026, month: 12, day: 1)!, time: TimeOfDay(hour: 18, minute: 0)))
        #expect(card.tags == ["bug", "ios"])
        #expect(card.descriptionSource == "It crashes.\n\n- step one")
        #expect(Self.html(card.description) == "<p>It crashes.</p>\n<ul>\n<li>step one</li>\n</ul>\n")
        #expect(card.location == SourceLocation(line: 3, column: 1))
        #expect(card.endLine == 10)
        #expect(card.style == .heading)
    }

    @Test("a heading card's prose that is not a known field stays its description")
    func headingCardWithoutFields() throws {
        let card = try #require(TestSupport.parse("## TODO\n### Plan\nNote: this is prose.\n").board.cards.first)
        #expect(card.descriptionSource == "Note: this is prose.")
        #expect(card.due == nil)
    }

    @Test("list card: task box, date and time, tags, ID, fields and description")
    func listCard() throws {
        let text = """
            ## TODO

            - [ ] Book the **offsite** @{2026-11-28} @@{10:00} #team #ops/travel `#notatag` ^offsite
              Tags: budget
              Call the venue first.
              Then email everyone.

              Second paragraph.
            - [x] Next card
            """
        let result = TestSupport.parse(text)
        #expect(result.diagnostics.isEmpty)
        let card = try #require(result.board.cards.first)
        #expect(card.title == "Book the offsite #notatag")
        #expect(card.id == "offsite")
        #expect(card.due?.iso == "2026-11-28T10:00")
        #expect(card.tags == ["team", "ops/travel", "budget"])
        #expect(card.descriptionSource == "Call the venue first.\nThen email everyone.\n\nSecond paragraph.")
        #expect(
            Self.html(card.description)
                == "<p>Call the venue first.\nThen email everyone.</p>\n<p>Second paragraph.</p>\n")
        #expect(card.endLine == 8)
        #expect(result.board.cards.map(\.title) == ["Book the offsite #notatag", "Next card"])
        #expect(result.board.cards.map(\.isChecked) == [false, true])
    }

    @Test("Obsidian Tasks due date and wiki links in list cards")
    func obsidianTokens() throws {
        let card = try #require(
            TestSupport.parse("## TODO\n- [ ] Read [[Notes/Plan|the plan]] and [[Budget]] 📅 2026-12-24\n").board.cards
                .first)
        #expect(card.title == "Read the plan and Budget")
        #expect(card.due?.iso == "2026-12-24")
        #expect(card.id == "read-the-plan-and-budget")
    }

    @Test("C# and issue#12 are not tags; #123 is not a tag")
    func tagBoundaries() throws {
        let card = try #require(TestSupport.parse("## TODO\n- Port C# code for issue#12 and #123\n").board.cards.first)
        #expect(card.tags.isEmpty)
        #expect(card.title == "Port C# code for issue#12 and #123")
    }

    @Test("digits and separators alone are a reference, not a tag: #5-9 (issues), #2024/05; a letter makes a tag")
    func numberedReferencesAreNoTags() throws {
        let text = "## TODO\n- Fix the pager (issues #5-9, #12_13) for #2024/05 #v2-9 #1-on-1\n"
        let card = try #require(TestSupport.parse(text).board.cards.first)
        #expect(card.tags == ["v2-9", "1-on-1"])
        #expect(card.title == "Fix the pager (issues #5-9, #12_13) for #2024/05")
    }

    @Test("a legend of the lane's own before its first card (### Legend, ### Definitions) is the lane's text")
    func legendInALane() {
        let text = """
            ## Todo

            ### Legend

            - 🔴 urgent
            - **Area** - where the work is

            ### Frontend

            - [ ] a

            ## Done

            - [x] b

            ### Notes

            - c
            """
        let board = TestSupport.parse(text).board
        #expect(board.lanes.map(\.cards.count) == [1, 2])
        #expect(board.lanes[0].descriptionSource == "### Legend\n\n- 🔴 urgent\n- **Area** - where the work is")
        #expect(board.lanes[0].groups.map(\.name) == ["Frontend"])
        // After the lane's cards, or with a task box, such a heading labels cards as any other.
        #expect(board.lanes[1].cards.map(\.group) == [nil, "Notes"])
        let boxed = TestSupport.parse("## Todo\n\n### Legend\n\n- [ ] a\n").board
        #expect(boxed.lanes[0].cards.map(\.group) == ["Legend"])
        // On a board of plain items, such a list may be cards (`### References` over papers to read), as in a lane of
        // notes; a template's legend, the board's only items, is text.
        let plain = TestSupport.parse("## Todo\n\n### References\n\n- Read X\n\n## Done\n\n- Y\n").board
        #expect(plain.lanes[0].cards.map(\.group) == ["References"])
        let template = TestSupport.parse("## Todo\n\n## Done\n\n### Definitions\n\n- **Area** - docs\n").board
        #expect(template.cards.isEmpty)
        // A legend of the board's states: its `**Completed**: …` is text, no date, no warning.
        let states = TestSupport.parse(
            "## Todo\n\n### Status legend\n- **Pending**: not started yet\n- **Completed**: finished and tested\n")
        #expect(states.board.cards.isEmpty)
        #expect(states.diagnostics.isEmpty, "\(states.diagnostics.map(\.message))")
        #expect(states.board.lanes[0].descriptionSource.hasSuffix("- **Completed**: finished and tested"))
    }

    @Test("a lane mixes list cards and heading cards; a ### followed by list cards is a group label")
    func mixedStyles() {
        let board = TestSupport.parse("## TODO\n- a\n- b\n### c\nDue: 2026-01-01\n- part of c\n### Group\n- d\n").board
        #expect(board.cards.map(\.title) == ["a", "b", "c", "d"])
        #expect(board.cards[2].descriptionSource == "- part of c")
        #expect(board.cards[3].group == "Group")
        #expect(board.lanes.first?.groups.map(\.name) == ["Group"])
    }

    @Test("Obsidian archive, Complete marker and settings comment")
    func obsidianFile() async throws {
        let result = try await BoardFile.load(path: TestSupport.examples.appending(path: "obsidian.md").path)
        #expect(result.diagnostics.isEmpty)
        #expect(result.board.archive.map(\.title) == ["Order new laptops", "Renew the domain name"])
        #expect(result.board.archive.allSatisfy { $0.isArchived })
        #expect(!result.board.cards.contains { $0.isArchived })
        #expect(result.board.lanes.map(\.wipLimit) == [nil, 3, nil])
        #expect(result.board.lanes.map(\.stateSource) == [.name, .name, .completeMarker])
        #expect(result.board.style.dialect == .obsidianKanban)
    }

    @Test(
        "CRLF and CR line endings and a BOM give the same board as LF",
        arguments: ["BOM and CRLF", "CRLF", "BOM", "CRLF from the middle on", "CR"])
    func lineEndings(variant: String) throws {
        let lf = try TestSupport.read(TestSupport.examples.appending(path: "board.md"))
        let middle = lf.index(lf.startIndex, offsetBy: lf.count / 2)
        let other =
            switch variant {
            case "BOM and CRLF": "\u{FEFF}" + lf.replacingOccurrences(of: "\n", with: "\r\n")
            case "CRLF": lf.replacingOccurrences(of: "\n", with: "\r\n")
            case "BOM": "\u{FEFF}" + lf
            case "CRLF from the middle on":
                String(lf[..<middle]) + lf[middle...].replacingOccurrences(of: "\n", with: "\r\n")
            default: lf.replacingOccurrences(of: "\n", with: "\r")
            }
        var a = TestSupport.parse(lf)
        var b = TestSupport.parse(other)
        // Only how the file ends its lines differs.
        a.board.style.lineEnding = ""
        b.board.style.lineEnding = ""
        #expect(a.board == b.board)
        #expect(a.diagnostics == b.diagnostics)
        #expect(BoardJSON.encode(a.board) == BoardJSON.encode(b.board))
        let source = try SourceText(decoding: Array(other.utf8))
        #expect(source.bytes == Array(lf.utf8))
        #expect(source.lineStarts == (try SourceText(decoding: Array(lf.utf8))).lineStarts)
    }

    /// Decoding reads eight plain ASCII bytes at a time and the rest byte by byte: pieces of every kind (newlines,
    /// tabs and other control bytes, CR, Korean and emoji, bytes that are not UTF-8, NUL) at every offset against a
    /// word give the bytes, line starts and errors that the rules say.
    @Test("decoding finds every line, and every byte that is not text, wherever it falls in a word", arguments: 0..<40)
    func decodingAtEveryOffset(seed: Int) {
        var random = VersionReaderTests.Random(state: UInt64(seed) &* 104_729 &+ 1)
        let pieces: [[UInt8]] = [
            Array("plain".utf8), Array("ascii text ".utf8), [0x0A], [0x0A, 0x0A], [0x09], [0x1B], [0x7F], [0x0D],
            [0x0D, 0x0A], Array("완료".utf8), Array("🚀".utf8), Array("é".utf8), [0x20], Array("- [ ] ".utf8),
        ]
        let broken: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0x00]]
        var bytes: [UInt8] = []
        for _ in 0..<(5 + random.next(40)) { bytes += pieces[random.next(pieces.count)] }
        let problem = seed % 3 == 0 ? broken[random.next(broken.count)] : nil
        if let problem { bytes.insert(contentsOf: problem, at: random.next(bytes.count + 1)) }

        switch (Result { () throws(SourceText.DecodingError) in try SourceText(decoding: bytes) }, problem) {
        case (.success(let source), nil):
            // CR LF and a lone CR become LF; a line starts after each LF.
            var normalized: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0x0D {
                    normalized.append(0x0A)
                    if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                } else {
                    normalized.append(bytes[index])
                }
                index += 1
            }
            #expect(source.bytes == normalized)
            #expect(source.lineStarts == [0] + normalized.indices.filter { normalized[$0] == 0x0A }.map { $0 + 1 })
        case (.failure(.nulCharacter), [0x00]?):
            break
        case (.failure(.notUTF8), let problem?) where problem != [0x00]:
            break
        case (let result, let problem):
            Issue.record("seed \(seed): \(bytes) with \(String(describing: problem)) gave \(result)")
        }
    }

    @Test("tabs in indentation count as in CommonMark")
    func tabs() throws {
        let card = try #require(TestSupport.parse("## TODO\n-\tTabbed card\n\n\tIts description\n").board.cards.first)
        #expect(card.title == "Tabbed card")
        #expect(card.descriptionSource == "Its description")
        #expect(Self.html(card.description) == "<p>Its description</p>\n")
    }

    @Test("columns are Unicode characters, not bytes")
    func unicodeColumns() {
        let result = TestSupport.parse("## 예정\n- [ ] 한국어 카드 @{2026-02-30}\n")
        #expect(result.diagnostics.first?.location == SourceLocation(line: 2, column: 14))
    }

    @Test("front-matter rules are read, by state and by lane name")
    func rules() throws {
        let text = """
            ---
            new-cards: [TODO, DOING]
            transitions:
              TODO: [DOING]
              DOING: [Review, TODO]
              Review: [Shipped]
            wip:
              DOING: 2
              Review: 1
            ---
            ## TODO
            ## DOING (5)
            ## Review
            ## Shipped
            """
        let result = TestSupport.parse(text)
        #expect(result.diagnostics.isEmpty)
        let board = result.board
        let lane = { (name: String) in try #require(board.lane(named: name)) }
        let (todo, doing, review, shipped) = (
            try lane("TODO"), try lane("DOING"), try lane("Review"), try lane("Shipped")
        )
        #expect(board.rules.allowsNewCard(in: doing))
        #expect(board.rules.allowsNewCard(in: review), "Review is a DOING lane")
        #expect(!board.rules.allowsNewCard(in: shipped))
        #expect(board.rules.allows(moveFrom: todo, to: doing))
        #expect(!board.rules.allows(moveFrom: todo, to: shipped))
        #expect(board.rules.allows(moveFrom: review, to: shipped))
        #expect(!board.rules.allows(moveFrom: shipped, to: todo))
        #expect(doing.wipLimit == 2)
        #expect(review.wipLimit == 1)
    }

    @Test(
        "a lane's WIP limit in the forms teams write it; its brackets leave the name",
        arguments: [
            ("In Progress (3)", 3), ("In Progress (WIP 3)", 3), ("In Progress (WIP Limit: 3)", 3),
            ("In Progress [WIP: 3]", 3), ("In Progress (wip=3)", 3), ("In Progress (WIP ≤ 3)", 3),
            ("In Progress (max 3)", 3), ("In Progress (최대 3)", 3), ("In Progress (máx 3)", 3),
            ("In Progress (máximo 3)", 3), ("In Progress (0)", nil),
            ("In Progress (WIP 0)", nil), ("In Progress (WIP: 0/3)", 3), ("In Progress (WIP 2 / 3)", 3),
        ])
    func wipLimitForms(heading: String, limit: Int?) throws {
        let result = TestSupport.parse("## Todo\n\n## \(heading)\n\n- [ ] a\n\n## Done\n")
        let lane = try #require(result.board.lanes.dropFirst().first)
        #expect((lane.name, lane.wipLimit) == ("In Progress", limit))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test(
        "brackets that hold no limit stay in the name",
        arguments: ["Sprint [3]", "Wiper (wipe 3)", "Q3 (WIP)", "Done (2025)", "Released (1999)", "Phase (1/3)"])
    func notALimit(heading: String) throws {
        let lane = try #require(TestSupport.parse("## \(heading)\n\n- [ ] a\n").board.lanes.first)
        #expect((lane.name, lane.wipLimit) == (heading, nil))
    }

    @Test("a bare number after every lane's name that is its count of cards is no limit; on an Obsidian board it is")
    func countsOfCardsAreNoLimits() throws {
        let text =
            "## Backlog (2)\n\n### k3 Rate limiting\n\n### k4 Health endpoint\n\n## Wip (0)\n\n"
            + "## Completed (1)\n\n### k1 Theme switcher\n"
        let board = TestSupport.parse(text).board
        #expect(board.lanes.map(\.name) == ["Backlog", "Wip", "Completed"])
        #expect(board.lanes.map(\.wipLimit) == [nil, nil, nil])
        #expect(board.lanes.map(\.cards.count) == [2, 0, 1])
        // A number that is not the lane's count is a limit (and so are the others'), as is a lone one.
        let limits = TestSupport.parse("## Todo (2)\n\n- [ ] a\n- [ ] b\n\n## Doing (3)\n\n- [ ] c\n").board
        #expect(limits.lanes.map(\.wipLimit) == [2, 3])
        let lone = TestSupport.parse("## Todo\n\n- [ ] a\n\n## Doing (1)\n\n- [ ] b\n\n## Done\n").board
        #expect(lone.lanes.map(\.wipLimit) == [nil, 1, nil])
        // Lanes of work that are full keep their limits: a count is on a done lane too.
        let full = TestSupport.parse("## Doing (1)\n\n- [ ] a\n\n## Review (2)\n\n- [ ] b\n- [ ] c\n\n## Done\n").board
        #expect(full.lanes.map(\.wipLimit) == [1, 2, nil])
        let obsidian = TestSupport.parse("---\nkanban-plugin: basic\n---\n\n" + text).board
        #expect(obsidian.lanes.map(\.wipLimit) == [2, nil, 1])
    }

    @Test("a rule may name a lane without the year in brackets at the end of its name")
    func ruleNamesALaneWithoutItsYear() throws {
        let result = TestSupport.parse(
            "---\nlanes:\n  Released: done\nwip:\n  Released: 5\n---\n## Todo\n\n- [ ] a\n\n## Released (2025)\n\n- [x] b\n"
        )
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let lane = try #require(result.board.lanes.last)
        #expect((lane.name, lane.state, lane.stateSource) == ("Released (2025)", .done, .frontMatter))
        #expect(lane.wipLimit == 5)
    }

    @Test("a rule naming neither a lane nor a state is an error at the name")
    func unknownRuleName() {
        let result = TestSupport.parse("---\ntransitions:\n  Reveiw: [DONE]\n---\n## Review\n## Done\n")
        let found = result.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.severity) \($0.code)" }
        #expect(found == ["3:3 error unknown-lane-in-rule"])
    }

    @Test(
        "Obsidian's and static-site front-matter keys are accepted silently; a near miss is a warning",
        arguments: [
            ("tags: [a]\naliases: [b]\ncssclasses: wide\ncreated: 2024-01-01\nkanban-plugin: basic", [String]()),
            ("titel: Plan", ["2:1 warning unknown-front-matter-key"]),
            ("timezon: UTC", ["2:1 warning unknown-front-matter-key"]),
            ("my-own-key: 3", []),
        ])
    func frontMatterKeys(yaml: String, expected: [String]) {
        let result = TestSupport.parse("---\n\(yaml)\n---\n## TODO\n")
        #expect(
            result.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.severity) \($0.code)" }
                == expected)
    }

    @Test("the page language follows the board's text unless the front matter says")
    func localeDetection() {
        #expect(TestSupport.parse("## 할 일\n- [ ] 앱 설명 쓰기\n").board.locale.rawValue == "ko")
        #expect(TestSupport.parse("## TODO\n- [ ] Write it\n").board.locale == .en)
        #expect(TestSupport.parse("---\nlocale: en\n---\n## 할 일\n- [ ] 앱 설명\n").board.locale == .en)
    }

    @Test(
        "every example board checks clean", arguments: TestSupport.files(in: TestSupport.examples, withExtension: "md"))
    func examplesAreClean(name: String) async throws {
        let result = try await BoardFile.load(path: TestSupport.examples.appending(path: name).path)
        #expect(result.diagnostics.isEmpty, "\(DiagnosticPrinter.text(result.diagnostics))")
        #expect(result.board.cardCount > 0)
    }

    @Test(
        "JSON export matches the expected file",
        arguments: TestSupport.files(in: TestSupport.examples, withExtension: "md"))
    func jsonExport(name: String) async throws {
        let path = TestSupport.examples.appending(path: name).path
        var board = try await BoardFile.load(path: path).board
        board.sourceFile = "examples/\(name)"
        try TestSupport.assertGolden(
            BoardJSON.encode(board), TestSupport.expected.appending(path: "json/\(name.dropLast(3)).json"))
    }

    @Test("JSON gives each lane the source of its description, as written, and nothing of its cards")
    func laneDescriptionJSON() throws {
        let text = "## Later\n\nHand-maintained: *not* sorted.\n\n| a | b |\n|---|---|\n\n- [ ] Card\n## Done\n"
        let json = BoardJSON.encode(BoardParser.parse(Array(text.utf8), file: "board.md").board)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let lanes = try #require(object?["lanes"] as? [[String: Any]])
        #expect(
            lanes.map { $0["description"] as? String } == [
                "Hand-maintained: *not* sorted.\n\n| a | b |\n|---|---|", "",
            ])
    }
}

@Suite("Calendar arithmetic")
struct CalendarDateTests {
    @Test("round trip through days since epoch over four centuries")
    func roundTrip() {
        var date = CalendarDate(year: 1900, month: 1, day: 1)!
        var days = date.daysSinceEpoch
        for _ in 0..<(366 * 400) {
            #expect(CalendarDate(daysSinceEpoch: days) == date)
            days += 1
            date = date.adding(days: 1)
            if date.daysSinceEpoch != days {
                Issue.record("mismatch at \(date)")
                break
            }
        }
    }

    @Test(
        "known dates",
        arguments: [("1970-01-01", 0, 4), ("2000-02-29", 11016, 2), ("2026-12-01", 20788, 2), ("1969-12-31", -1, 3)])
    func known(text: String, days: Int, weekday: Int) throws {
        let date = try #require(CalendarDate(iso: Substring(text)))
        #expect(date.daysSinceEpoch == days)
        #expect(date.weekday == weekday)
        #expect(date.description == text)
    }

    @Test(
        "invalid dates are rejected",
        arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "tomorrow", "2026-1-01", "２０２６-01-01"])
    func invalid(text: String) {
        #expect(CalendarDate(iso: Substring(text)) == nil)
    }

    @Test("deadline forms")
    func deadlines() {
        #expect(Deadline(text: "2026-12-01")?.iso == "2026-12-01")
        #expect(Deadline(text: " 2026-12-01 07:05 ")?.iso == "2026-12-01T07:05")
        #expect(Deadline(text: "2026-12-01T23:59")?.description == "2026-12-01 23:59")
        #expect(Deadline(text: "2026-12-01 24:00") == nil)
        #expect(Deadline(text: "2026-12-01 7:05") == nil)
    }
}

@Suite("Slugs")
struct SlugTests {
    @Test(
        "slugs",
        arguments: [
            ("Fix date picker!", "fix-date-picker"), ("  Plan the 2.1 roadmap ", "plan-the-2-1-roadmap"),
            ("앱스토어 설명 작성", "앱스토어-설명-작성"), ("Café crème", "café-crème"), ("--a--b--", "a-b"),
        ])
    func slug(title: String, slug: String) {
        #expect(Slug.make(title) == slug)
    }

    @Test("a title without letters or digits gets a stable, distinct hash slug")
    func hashSlug() {
        let rocket = Slug.make("🚀")
        #expect(rocket.hasPrefix("x-") && rocket.count == 10)
        #expect(Slug.make("🚀") == rocket)
        #expect(Slug.make("🎉") != rocket)
    }
}
