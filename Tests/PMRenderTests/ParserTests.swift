import Foundation
import Testing
@testable import PMRender

@Suite("Board parser")
struct ParserTests {
    @Test("an empty file is a valid empty board titled after the file")
    func emptyFile() {
        let result = TestSupport.parse("", file: "boards/q3-plan.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.board.title == "q3-plan")
        #expect(result.board.columns.map(\.state) == [.todo, .doing, .done])
        #expect(result.board.cardCount == 0)
    }

    @Test("title comes from front matter, else the H1, else the file name")
    func titlePrecedence() {
        #expect(TestSupport.parse("---\ntitle: From YAML\n---\n# From H1\n").board.title == "From YAML")
        #expect(TestSupport.parse("# From *H1*\n\n## TODO\n").board.title == "From H1")
        #expect(TestSupport.parse("## TODO\n", file: "team.md").board.title == "team")
    }

    @Test("blocks between the title and the first section are the description")
    func boardDescription() {
        let result = TestSupport.parse("# T\n\nFirst *para*.\n\n- a list\n\n## TODO\n", renderHTML: true)
        #expect(result.board.description == "First *para*.\n\n- a list")
        #expect(result.board.descriptionHTML == "<p>First <em>para</em>.</p>\n<ul>\n<li>a list</li>\n</ul>\n")
    }

    @Test("section names: aliases, case, spaces, Korean, WIP suffix", arguments: [
        ("todo", CardState.todo), ("To Do", .todo), ("TO-DO", .todo), ("  Todo  ", .todo), ("예정", .todo), ("할 일", .todo),
        ("Doing", .doing), ("in progress", .doing), ("진행중", .doing), ("진행 중", .doing),
        ("DONE", .done), ("Complete", .done), ("completed", .done), ("완료", .done),
    ])
    func sectionAliases(name: String, state: CardState) {
        let result = TestSupport.parse("## \(name) (4)\n\n- [ ] Card\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.board.column(state).cards.map(\.title) == ["Card"])
        #expect(result.board.column(state).wipLimit == 4)
    }

    @Test("a missing section is an empty column")
    func missingSection() {
        let board = TestSupport.parse("## DONE\n\n- [x] Shipped\n").board
        #expect(board.column(.todo).cards.isEmpty)
        #expect(board.column(.todo).location == nil)
        #expect(board.column(.done).cards.count == 1)
    }

    @Test("heading card: field paragraph, description, location")
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
        let result = TestSupport.parse(text, renderHTML: true)
        #expect(result.diagnostics.isEmpty)
        let card = try #require(result.board.column(.doing).cards.first)
        #expect(card.title == "Fix the date picker")
        #expect(card.id == "picker")
        #expect(card.hasExplicitID)
        #expect(card.state == .doing)
        #expect(card.due == Deadline(date: CalendarDate(year: 2026, month: 12, day: 1)!, time: TimeOfDay(hour: 18, minute: 0)))
        #expect(card.tags == ["bug", "ios"])
        #expect(card.description == "It crashes.\n\n- step one")
        #expect(card.descriptionHTML == "<p>It crashes.</p>\n<ul>\n<li>step one</li>\n</ul>\n")
        #expect(card.location == SourceLocation(line: 3, column: 1))
        #expect(card.endLine == 10)
        #expect(card.style == .heading)
    }

    @Test("a heading card whose body does not start with a field keeps it all as description")
    func headingCardWithoutFields() throws {
        let card = try #require(TestSupport.parse("## TODO\n### Plan\nNote: this is prose.\n").board.cards.first)
        #expect(card.description == "Note: this is prose.")
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
        let result = TestSupport.parse(text, renderHTML: true)
        #expect(result.diagnostics.isEmpty)
        let card = try #require(result.board.cards.first)
        #expect(card.title == "Book the offsite #notatag")
        #expect(card.id == "offsite")
        #expect(card.due?.iso == "2026-11-28T10:00")
        #expect(card.tags == ["team", "ops/travel", "budget"])
        #expect(card.description == "Call the venue first.\nThen email everyone.\n\nSecond paragraph.")
        #expect(card.descriptionHTML == "<p>Call the venue first.\nThen email everyone.</p>\n<p>Second paragraph.</p>\n")
        #expect(card.endLine == 8)
        #expect(result.board.cards.map(\.title) == ["Book the offsite #notatag", "Next card"])
    }

    @Test("Obsidian Tasks due date and wiki links in list cards")
    func obsidianTokens() throws {
        let card = try #require(TestSupport.parse("## TODO\n- [ ] Read [[Notes/Plan|the plan]] and [[Budget]] 📅 2026-12-24\n").board.cards.first)
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

    @Test("list cards come before the first heading card; later lists belong to a card's description")
    func mixedStyles() {
        let text = "## TODO\n- a\n- b\n### c\n- not a card\n### d\n"
        let board = TestSupport.parse(text).board
        #expect(board.cards.map(\.title) == ["a", "b", "c", "d"])
        #expect(board.cards[2].description == "- not a card")
    }

    @Test("Obsidian archive, Complete marker and settings comment")
    func obsidianFile() throws {
        let url = TestSupport.examples.appending(path: "obsidian.md")
        let result = try BoardLoader.load(path: url.path)
        #expect(result.diagnostics.isEmpty)
        #expect(result.board.archived.map(\.title) == ["Order new laptops", "Renew the domain name"])
        #expect(result.board.archived.allSatisfy { $0.isArchived })
        #expect(!result.board.cards.contains { $0.isArchived })
        #expect(result.board.column(.doing).wipLimit == 3)
        #expect(result.board.column(.done).cards.count == 2)
    }

    @Test("CRLF and CR line endings and a BOM give the same board as LF",
          arguments: ["BOM and CRLF", "CRLF", "BOM", "CRLF from the middle on", "CR"])
    func lineEndings(variant: String) throws {
        let url = TestSupport.examples.appending(path: "board.md")
        let lf = try TestSupport.read(url)
        let middle = lf.index(lf.startIndex, offsetBy: lf.count / 2)
        let other = switch variant {
        case "BOM and CRLF": "\u{FEFF}" + lf.replacingOccurrences(of: "\n", with: "\r\n")
        case "CRLF": lf.replacingOccurrences(of: "\n", with: "\r\n")
        case "BOM": "\u{FEFF}" + lf
        case "CRLF from the middle on": String(lf[..<middle]) + lf[middle...].replacingOccurrences(of: "\n", with: "\r\n")
        default: lf.replacingOccurrences(of: "\n", with: "\r")
        }
        let a = TestSupport.parse(lf, renderHTML: true)
        let b = TestSupport.parse(other, renderHTML: true)
        #expect(a.board == b.board)
        #expect(a.diagnostics == b.diagnostics)
        #expect(BoardJSON.encode(a.board) == BoardJSON.encode(b.board))
        let source = try SourceText(decoding: Array(other.utf8))
        #expect(source.bytes == Array(lf.utf8))
        #expect(source.lineStarts == (try SourceText(decoding: Array(lf.utf8))).lineStarts)
    }

    @Test("a long section's cards read on several threads give the board and diagnostics one thread gives")
    func concurrentReading() throws {
        // Both card styles, with problems of every kind a card can have, spread over several runs.
        var text = "## TODO\n\n"
        for index in 1...(3 * CardReader.concurrentMinimum) {
            switch index % 7 {
            case 0: text += "- [ ] Card \(index) @{2026-02-30} #tag\(index % 5)\n  Owner: someone\n\n"
            case 1: text += "- [ ]  \n\n"
            case 2: text += "- [ ] \(String(repeating: "long ", count: 300))\(index)\n\n"
            case 3: text += "- [ ] Card \(index) @{2026-03-0\(index % 9 + 1)}\n  Due: 2026-04-01\n\n  Some *text* and a [link](https://example.com/\(index)).\n\n"
            default: text += "- [ ] Card \(index) ^id\(index % 40)\n\n"
            }
        }
        text += "## DOING\n\n"
        for index in 1...(2 * CardReader.concurrentMinimum) {
            text += "### Heading card \(index) @{2026-05-\(index % 40 + 1)}\n\nPriority: \(index % 3 == 0 ? "urgent" : "high")\nTags: a, b\n\nBody of \(index).\n\n"
        }
        let bytes = Array(text.utf8)
        var sequential = ParseOptions(renderHTML: true)
        sequential.concurrently = false
        let a = BoardParser.parse(bytes, file: "long.md", options: ParseOptions(renderHTML: true))
        let b = BoardParser.parse(bytes, file: "long.md", options: sequential)
        #expect(a.board.cards.count > 1_000 && a.diagnostics.count > 300, "a long board, with problems")
        #expect(a.board == b.board)
        #expect(a.diagnostics == b.diagnostics)
    }

    @Test("tabs in indentation count as in CommonMark")
    func tabs() throws {
        let card = try #require(TestSupport.parse("## TODO\n-\tTabbed card\n\n\tIts description\n").board.cards.first)
        #expect(card.title == "Tabbed card")
        #expect(card.description.trimmingCharacters(in: .whitespaces) == "Its description")
        let html = try #require(TestSupport.parse("## TODO\n-\tTabbed card\n\n\tIts description\n", renderHTML: true).board.cards.first).descriptionHTML
        #expect(html == "<p>Its description</p>\n")
    }

    @Test("columns are Unicode characters, not bytes")
    func unicodeColumns() {
        let result = TestSupport.parse("## 예정\n- [ ] 한국어 카드 @{2026-02-30}\n")
        #expect(result.diagnostics.first?.location == SourceLocation(line: 2, column: 14))
    }

    @Test("descriptions are rendered by cmark in safe mode")
    func safeMode() throws {
        let text = "## TODO\n### X\n<script>alert(1)</script>\n\n[link](javascript:alert(1)) <img src=x onerror=alert(1)>\n"
        let card = try #require(TestSupport.parse(text, renderHTML: true).board.cards.first)
        #expect(!card.descriptionHTML.contains("<script"))
        #expect(!card.descriptionHTML.contains("javascript:"))
        #expect(!card.descriptionHTML.contains("<img"))
        #expect(card.descriptionHTML.contains("raw HTML omitted"))
    }

    @Test("images with URLs safe mode refuses become their alt text; safe images stay")
    func unsafeImages() throws {
        let text = "## TODO\n### X\n![bad *alt*](javascript:alert(1)) ![svg](data:image/svg+xml;base64,AA==) ![ok](data:image/png;base64,AA==) ![pic](img/a.png)\n"
        let card = try #require(TestSupport.parse(text, renderHTML: true).board.cards.first)
        #expect(card.descriptionHTML == "<p>bad <em>alt</em> svg <img src=\"data:image/png;base64,AA==\" alt=\"ok\" /> <img src=\"img/a.png\" alt=\"pic\" /></p>\n")
    }

    @Test("front-matter rules are read")
    func rules() {
        let text = "---\nnew-cards: [TODO, DOING]\ntransitions:\n  TODO: [DOING]\n  DOING: [DONE, TODO]\nwip:\n  DOING: 2\n---\n## DOING (5)\n"
        let result = TestSupport.parse(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.board.rules.newCardStates == [.todo, .doing])
        #expect(result.board.rules.allows(move: .todo, to: .doing))
        #expect(!result.board.rules.allows(move: .todo, to: .done))
        #expect(!result.board.rules.allows(move: .done, to: .todo))
        #expect(result.board.column(.doing).wipLimit == 2)
    }

    @Test("every example board checks clean", arguments: TestSupport.files(in: TestSupport.examples, withExtension: "md"))
    func examplesAreClean(name: String) throws {
        let result = try BoardLoader.load(path: TestSupport.examples.appending(path: name).path)
        #expect(result.diagnostics.isEmpty, "\(DiagnosticPrinter.text(result.diagnostics))")
        #expect(result.board.cardCount > 0)
    }

    @Test("JSON export matches the expected file", arguments: TestSupport.files(in: TestSupport.examples, withExtension: "md"))
    func jsonExport(name: String) throws {
        let result = try BoardLoader.load(path: "examples/\(name)".replacingOccurrences(of: "examples/", with: TestSupport.examples.path + "/"))
        try TestSupport.assertGolden(BoardJSON.encode(result.board), TestSupport.expected.appending(path: "json/\(name.dropLast(3)).json"))
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
            if date.daysSinceEpoch != days { Issue.record("mismatch at \(date)"); break }
        }
    }

    @Test("known dates", arguments: [("1970-01-01", 0, 4), ("2000-02-29", 11016, 2), ("2026-12-01", 20788, 2), ("1969-12-31", -1, 3)])
    func known(text: String, days: Int, weekday: Int) throws {
        let date = try #require(CalendarDate(iso: Substring(text)))
        #expect(date.daysSinceEpoch == days)
        #expect(date.weekday == weekday)
        #expect(date.description == text)
    }

    @Test("invalid dates are rejected", arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "tomorrow", "2026-1-01", "２０２６-01-01"])
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
    @Test("slugs", arguments: [
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
