import Foundation
import Testing

@testable import PMRender

#if canImport(Glibc)
    import Glibc
#endif

/// `add`, `move`, `done`, `edit`, `rm` and `archive` end to end on the built binary, on a board of every dialect
/// (Fixtures/editing): what they write, byte for byte, and what they refuse.
@Suite struct EditingCommandTests {
    static let fixtures = ["obsidian.md", "headings.md", "taskell.md", "crlf-bom.md"]

    // MARK: - Adding

    struct AddCase: CustomTestStringConvertible, Sendable {
        var fixture: String
        var arguments: [String]
        var added: [String]
        var testDescription: String { fixture }
    }

    static let addCases = [
        // Obsidian: `@{…}` in the board's date format (DD.MM.YYYY), `#tags`, after the lane's last card.
        AddCase(
            fixture: "obsidian.md", arguments: ["Paint the shed", "--due", "2026-06-01", "--tag", "house"],
            added: ["- [ ] Paint the shed @{01.06.2026} #house\n"]),
        // Heading cards: `###`, field lines, a blank line before it.
        AddCase(
            fixture: "headings.md",
            arguments: ["Choose colours", "--due", "2026-12-05", "--tag", "design", "--assignee", "Lea"],
            added: ["### Choose colours\n", "Due: 2026-12-05\n", "Tags: design\n", "Assignee: Lea\n", "\n"]),
        // Taskell: no task box, the deadline as an indented `@ date` line, the description quoted.
        AddCase(
            fixture: "taskell.md",
            arguments: ["Print badges", "--due", "2026-05-25", "--description", "Name and company."],
            added: ["- Print badges\n", "    @ 2026-05-25\n", "    > Name and company.\n"]),
        // Plain `*` bullets whose titles start with a bracket (`* [Editor] …`): a plain bullet, no task box.
        AddCase(fixture: "plain-bullets.md", arguments: ["Zoom", "--lane", "Backlog"], added: ["* Zoom\n"]),
        // A board mostly of heading cards: a lane of list cards takes a list card (a heading with nothing under it,
        // written after list items, would read as a group label).
        AddCase(fixture: "mixed-styles.md", arguments: ["Order toner"], added: ["- Order toner\n"]),
        // CRLF and a BOM: the new line ends in CR LF; the BOM stays.
        AddCase(
            fixture: "crlf-bom.md", arguments: ["Buy chairs", "--tag", "office"],
            added: ["- [ ] Buy chairs #office\r\n"]),
    ]

    @Test(arguments: addCases)
    func addWritesACardInTheBoardsOwnStyle(_ example: AddCase) throws {
        let scratch = try Scratch(example.fixture)
        defer { scratch.remove() }
        let result = try scratch.run("add", example.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(LineChanges(scratch.original, scratch.bytes) == LineChanges(removed: [], added: example.added))
        #expect(Array(scratch.bytes.prefix(3)) == Array(scratch.original.prefix(3)))
        let board = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board
        #expect(board.lanes[0].cards.last?.title == example.arguments[0])
    }

    @Test func addReadsTheDescriptionFromStandardInput() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = ["add", scratch.name, "Order tiles", "--description", "-"]
        process.currentDirectoryURL = scratch.folder
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Ending with a newline, as `echo` and files do: that is not a blank line of the description.
        input.fileHandleForWriting.write(Data("Grey, matt.\n\nTwo boxes.\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(
            LineChanges(scratch.original, scratch.bytes)
                == LineChanges(removed: [], added: ["- [ ] Order tiles\n", "  Grey, matt.\n", "  Two boxes.\n", "\n"]))
        let card = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board.lanes[0].cards.last
        #expect(card?.descriptionSource == "Grey, matt.\n\nTwo boxes.")
    }

    /// On a board of numbered cards, a new card takes the next number of its lane's list (the first's, at the top),
    /// with the board's delimiter and task box.
    @Test func aNewCardOnABoardOfNumberedCardsTakesTheNextNumber() throws {
        let board = "## Todo\n\n1. [ ] first\n2. [ ] second\n\n## Doing\n\n## Done\n\n1. [x] d\n"
        for (arguments, expected) in [
            (["add", "new"], "1. [ ] first\n2. [ ] second\n3. [ ] new\n\n## Doing"),
            (["add", "new", "--top"], "## Todo\n\n1. [ ] new\n1. [ ] first\n2. [ ] second\n"),
            (["add", "new", "--lane", "Doing", "--force"], "## Doing\n\n1. [ ] new\n\n## Done"),
        ] {
            let (result, after) = try Self.onBoard(board, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(after.contains(expected), "\(arguments): \(after)")
        }
        let after = try Self.edited("## Todo\n\n8) one\n9) two\n", ["add", "three"])
        #expect(after == "## Todo\n\n8) one\n9) two\n10) three\n")
    }

    /// A board whose name is as long as a name may be is edited: the temporary file's name is cut to fit.
    @Test func aBoardWithTheLongestNameIsEdited() throws {
        for name in [String(repeating: "b", count: 252) + ".md", String(repeating: "보", count: 84) + ".md"] {
            let after = try Self.edited("## To Do\n\n- [ ] One\n", ["add", "Two"], file: name)
            #expect(after == "## To Do\n\n- [ ] One\n- [ ] Two\n")
        }
    }

    /// A description that is not text, or holds a control character, is refused rather than written changed or
    /// unseen: bytes that are not UTF-8 (they would become U+FFFD), a NUL, an escape sequence.
    @Test func aDescriptionThatIsNotTextIsRefused() throws {
        let cases: [([UInt8], String)] = [
            ([0x61, 0xFF, 0x62, 0x0A], "pm-render: error: invalid description: standard input is not UTF-8 text"),
            (Array("a\u{0}b\n".utf8), "b.md: error: invalid description 'a\\u{0}b': expected text without control "),
            (Array("ok\n\u{1B}[31mred\n".utf8), "b.md: error: invalid description '\\u{1B}[31mred'"),
        ]
        for (input, message) in cases {
            let scratch = try Scratch(text: "## To Do\n\n- [ ] One\n")
            defer { scratch.remove() }
            let process = Process()
            process.executableURL = TestSupport.binary
            process.arguments = ["add", scratch.name, "Two", "--description", "-"]
            process.currentDirectoryURL = scratch.folder
            let (stdin, stderr) = (Pipe(), Pipe())
            (process.standardInput, process.standardError) = (stdin, stderr)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            stdin.fileHandleForWriting.write(Data(input))
            try stdin.fileHandleForWriting.close()
            let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2)
            #expect(errors.contains(message), "\(errors)")
            #expect(scratch.text == "## To Do\n\n- [ ] One\n")
        }
    }

    // MARK: - The round trip

    @Test(arguments: fixtures)
    func addMoveDoneRemoveGivesBackTheOriginalBytes(_ fixture: String) throws {
        let scratch = try Scratch(fixture)
        defer { scratch.remove() }
        let steps: [(String, [String])] = [
            ("add", ["Round trip card", "--due", "2026-07-01", "--tag", "trip"]),
            ("move", ["round trip", "doing", "--force"]),
            ("done", ["round-trip-card", "--today", "2026-11-23", "--force"]),
            ("rm", ["Round trip card"]),
        ]
        var previous = scratch.original
        for (command, arguments) in steps {
            let result = try scratch.run(command, arguments)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(scratch.bytes != previous, "\(command) changed nothing")
            previous = scratch.bytes
        }
        #expect(TestSupport.firstDifference(scratch.bytes, scratch.original) == nil)
    }

    // MARK: - Moving

    struct MoveCase: CustomTestStringConvertible, Sendable {
        var fixture: String
        var arguments: [String]
        /// The card's lines: removed where it was and added, unchanged, where it goes.
        var lines: [String]
        var testDescription: String { "\(fixture) \(arguments[0])" }
    }

    static let moveCases = [
        // Trailing spaces and a tab-indented subtask travel with the card.
        MoveCase(
            fixture: "obsidian.md", arguments: ["call the plumber", "Doing", "--force"],
            lines: ["- [ ] Call the plumber #house  \n", "\t- [ ] Find the number\n"]),
        MoveCase(
            fixture: "taskell.md", arguments: ["book", "doing"],
            lines: [
                "- Book the venue for the meetup\n", "    @ 2026-05-20\n",
                "    > Ask for the room with the projector.\n",
                "    * [x] Shortlist three places\n", "    * [ ] Email the first choice\n",
            ]),
        MoveCase(
            fixture: "headings.md", arguments: ["write the copy", "in progress", "--force"],
            lines: [
                "### Write the copy\n", "Due: 2026-12-01\n", "Tags: content\n", "\n",
                "The homepage and the about page.\n",
            ]),
        MoveCase(
            fixture: "crlf-bom.md", arguments: ["update the phone", "in progress"],
            lines: ["- [ ] Update the phone list #office \r\n", "  Add the two new interns.\r\n"]),
    ]

    @Test(arguments: moveCases)
    func moveCarriesTheCardsTextVerbatim(_ example: MoveCase) throws {
        let scratch = try Scratch(example.fixture)
        defer { scratch.remove() }
        let result = try scratch.run("move", example.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let changes = LineChanges(scratch.original, scratch.bytes).nonBlank
        let lines = LineChanges(removed: example.lines, added: example.lines).nonBlank
        #expect(changes == lines)
        let board = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board
        let before = TestSupport.parse(String(decoding: scratch.original, as: UTF8.self)).board
        #expect(board.cardCount == before.cardCount)
    }

    @Test func moveToTheTopPutsTheCardFirst() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let result = try scratch.run("move", ["clean the garage", "to do", "--top"])
        #expect(result.status == 0, "\(result.stderr)")
        let board = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board
        #expect(board.lanes[0].cards.map(\.title).first == "Clean the garage")
        #expect(LineChanges(scratch.original, scratch.bytes).nonBlank.added == ["- [ ] Clean the garage #house\n"])
    }

    @Test(
        "a box ticked with a check mark or left empty ([✅], [✔️], []) is written [x] or [ ] when its card changes state")
    func checkMarkAndEmptyBoxes() throws {
        let scratch = try Scratch("check-mark-boxes.md")
        defer { scratch.remove() }
        for (command, arguments) in [
            ("done", ["write docs"]), ("move", ["shipped", "todo"]), ("move", ["emoji", "todo"]),
        ] {
            let result = try scratch.run(command, arguments + ["--today", "2026-11-23"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(
            LineChanges(scratch.original, scratch.bytes)
                == LineChanges(
                    removed: ["- [] Write docs\n", "- [✅] Shipped\n", "- [✔️] Emoji check\n"],
                    added: ["- [ ] Shipped\n", "- [ ] Emoji check\n", "- [x] Write docs\n"]))
    }

    @Test func aCardMovedToAnEmptyLaneAtTheEndOfTheFileFollowsItsHeading() throws {
        let scratch = try Scratch("headings.md")
        defer { scratch.remove() }
        let result = try scratch.run("done", ["set up hosting"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: scratch.bytes, as: UTF8.self)
        #expect(
            text.hasSuffix(
                "## In progress\n\n## DONE\n\n### Set up hosting\nDue: 2026-11-20\nAssignee: Kim\n\n"
                    + "Staging first, then production.\n"
            ))
    }

    // MARK: - Done

    struct DoneCase: CustomTestStringConvertible, Sendable {
        var fixture: String
        var card: String
        var removed: String
        var added: String
        var testDescription: String { fixture }
    }

    static let doneCases = [
        // The board stamps completions: `✅ date` before the block ID, the box checked.
        DoneCase(
            fixture: "obsidian.md", card: "gate", removed: "- [ ] Fix the gate ^gate\n",
            added: "- [x] Fix the gate ✅ 2026-11-23 ^gate\n"),
        // This one does not: only the box.
        DoneCase(
            fixture: "crlf-bom.md", card: "move the server", removed: "- [ ] Move the server rack\r\n",
            added: "- [x] Move the server rack\r\n"),
        // Taskell has no boxes: the card moves as it is.
        DoneCase(
            fixture: "taskell.md", card: "update the website", removed: "- Update the website\n",
            added: "- Update the website\n"),
    ]

    @Test(arguments: doneCases)
    func doneChecksTheBoxAndStampsOnlyWhereTheBoardDoes(_ example: DoneCase) throws {
        let scratch = try Scratch(example.fixture)
        defer { scratch.remove() }
        let result = try scratch.run("done", [example.card, "--today", "2026-11-23"])
        #expect(result.status == 0, "\(result.stderr)")
        let changes = LineChanges(scratch.original, scratch.bytes).nonBlank
        #expect(changes.removed.first == example.removed)
        #expect(changes.added.first == example.added)
        let board = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board
        #expect(board.lanes.last?.cards.last?.state == .done)
    }

    @Test func doneOnADoneCardChangesNothing() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let result = try scratch.run("done", ["renew"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("is already in 'Done'"))
        #expect(scratch.bytes == scratch.original)
    }

    // MARK: - Editing in place

    struct EditCase: CustomTestStringConvertible, Sendable {
        var fixture: String
        var arguments: [String]
        var removed: [String]
        var added: [String]
        var testDescription: String { "\(fixture) \(arguments.joined(separator: " "))" }
    }

    static let editCases = [
        // The date in the board's format, a tag before the trailing tab.
        EditCase(
            fixture: "obsidian.md", arguments: ["buy paint", "--due", "2026-06-02", "--tag", "diy"],
            removed: ["- [ ] Buy paint @{16.05.2026}\t\n"], added: ["- [ ] Buy paint @{02.06.2026} #diy\t\n"]),
        // The time token goes with the date.
        EditCase(
            fixture: "obsidian.md", arguments: ["return library", "--no-due"],
            removed: ["- [ ] Return library books @{09.05.2026} @@{17:00}\n"], added: ["- [ ] Return library books\n"]),
        EditCase(
            fixture: "obsidian.md", arguments: ["gate", "--title", "Fix the garden gate"],
            removed: ["- [ ] Fix the gate ^gate\n"], added: ["- [ ] Fix the garden gate ^gate\n"]),
        // A new title and a new deadline on the title line, in one edit.
        EditCase(
            fixture: "obsidian.md", arguments: ["buy paint", "--title", "Buy wall paint", "--due", "2026-06-02"],
            removed: ["- [ ] Buy paint @{16.05.2026}\t\n"], added: ["- [ ] Buy wall paint @{02.06.2026}\t\n"]),
        EditCase(
            fixture: "headings.md",
            arguments: ["write the copy", "--title", "Write the homepage copy", "--untag", "content", "--tag", "copy"],
            removed: ["### Write the copy\n", "Tags: content\n"],
            added: ["### Write the homepage copy\n", "Tags: copy\n"]),
        EditCase(
            fixture: "headings.md",
            arguments: ["set up", "--unassign", "Kim", "--assignee", "Lea", "--due", "2026-11-27 09:30"],
            removed: ["Due: 2026-11-20\n", "Assignee: Kim\n"], added: ["Due: 2026-11-27 09:30\n", "Assignee: Lea\n"]),
        // A tag is the card's in any case, as Obsidian matches tags.
        EditCase(
            fixture: "headings.md", arguments: ["write the copy", "--untag", "CONTENT"],
            removed: ["Tags: content\n"], added: []),
        EditCase(
            fixture: "headings.md", arguments: ["pick a font", "--due", "2026-12-12"],
            removed: [], added: ["Due: 2026-12-12\n"]),
        // A date written as a token after the key keeps its token.
        EditCase(
            fixture: "mixed-styles.md", arguments: ["print run", "--due", "2026-12-02"],
            removed: ["Due: 📅 2026-05-10\n"], added: ["Due: 📅 2026-12-02\n"]),
        EditCase(
            fixture: "taskell.md", arguments: ["draft", "--due", "2026-05-14"],
            removed: ["    @ 2026-05-12\n"], added: ["    @ 2026-05-14\n"]),
        EditCase(
            fixture: "crlf-bom.md", arguments: ["order printer", "--assignee", "Ana"],
            removed: [], added: ["  Assignee: Ana\r\n"]),
    ]

    @Test(arguments: editCases)
    func editChangesOnlyTheLinesItMust(_ example: EditCase) throws {
        let scratch = try Scratch(example.fixture)
        defer { scratch.remove() }
        let result = try scratch.run("edit", example.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            LineChanges(scratch.original, scratch.bytes) == LineChanges(removed: example.removed, added: example.added))
    }

    // MARK: - Removing and archiving

    @Test(arguments: fixtures)
    func rmRemovesTheCardsLinesAndNothingElse(_ fixture: String) throws {
        let scratch = try Scratch(fixture)
        defer { scratch.remove() }
        let before = TestSupport.parse(String(decoding: scratch.original, as: UTF8.self)).board
        let card = before.lanes[0].cards[0]
        let result = try scratch.run("rm", [card.id])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = LineChanges.lines(scratch.original)
        let cardLines = Array(lines[(card.location.line - 1)..<card.endLine])
        #expect(
            LineChanges(scratch.original, scratch.bytes).nonBlank == LineChanges(removed: cardLines, added: []).nonBlank
        )
        let after = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board
        #expect(after.cardCount == before.cardCount - 1)
    }

    @Test func archiveAppendsToObsidiansArchive() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let result = try scratch.run("archive", ["fix the doorbell"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            LineChanges(scratch.original, scratch.bytes)
                == LineChanges(
                    removed: ["- [x] Fix the doorbell ✅ 2026-04-28\n"], added: ["- [x] Fix the doorbell ✅ 2026-04-28\n"]
                ))
        let board = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board
        #expect(board.archive.map(\.title) == ["Wash the windows", "Fix the doorbell"])
        // The settings block is still the last thing in the file.
        #expect(String(decoding: scratch.bytes, as: UTF8.self).hasSuffix("```\n%%\n"))
    }

    @Test(arguments: fixtures)
    func archiveMovesTheCardsLinesIntoTheArchive(_ fixture: String) throws {
        let scratch = try Scratch(fixture)
        defer { scratch.remove() }
        let before = TestSupport.parse(String(decoding: scratch.original, as: UTF8.self)).board
        let card = before.lanes[0].cards[0]
        let result = try scratch.run("archive", [card.id])
        #expect(result.status == 0, "\(result.stderr)")
        let cardLines = Array(LineChanges.lines(scratch.original)[(card.location.line - 1)..<card.endLine])
        let ending = fixture == "crlf-bom.md" ? "\r\n" : "\n"
        // (Taskell's archive is a list named so: Taskell reads no rule.)
        let rule = before.style.dialect == .taskell ? [] : ["***" + ending]
        let made = before.archiveLocation == nil ? rule + ["## Archive" + ending] : []
        #expect(
            LineChanges(scratch.original, scratch.bytes).nonBlank
                == LineChanges(removed: cardLines, added: made + cardLines).nonBlank)
        let after = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board
        #expect(after.archive.last?.title == card.title)
        #expect(after.cardCount == before.cardCount - 1)
    }

    @Test func archiveWritesObsidiansArchiveDateWhenTheBoardAsksForIt() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let text = String(decoding: scratch.original, as: UTF8.self).replacingOccurrences(
            of: #""date-format":"DD.MM.YYYY"}"#, with: #""date-format":"DD.MM.YYYY","archive-with-date":true}"#)
        try Data(text.utf8).write(to: scratch.url)
        let result = try scratch.run("archive", ["fix the doorbell", "--now", "2026-11-23T14:05"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            LineChanges(Array(text.utf8), scratch.bytes)
                == LineChanges(
                    removed: ["- [x] Fix the doorbell ✅ 2026-04-28\n"],
                    added: ["- [x] 23.11.2026 14:05 Fix the doorbell ✅ 2026-04-28\n"]))
    }

    @Test func archiveMakesAnArchiveWhereThereIsNone() throws {
        let scratch = try Scratch("headings.md")
        defer { scratch.remove() }
        let result = try scratch.run("archive", ["pick a font"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: scratch.bytes, as: UTF8.self)
        #expect(text.hasSuffix("## DONE\n\n***\n\n## Archive\n\n### Pick a font\nTags: design\n"))
        let board = TestSupport.parse(text).board
        #expect(board.archive.map(\.title) == ["Pick a font"])
        #expect(board.lanes.map(\.name) == ["TODO", "In progress", "DONE"])
    }

    // MARK: - Refusals

    struct Refusal: CustomTestStringConvertible, Sendable {
        var fixture: String
        var command: String
        var arguments: [String]
        var status: Int32
        /// The diagnostic's first line starts with this (file, the rule's line and column).
        var at: String
        var says: String
        var testDescription: String { "\(command) \(arguments.joined(separator: " "))" }
    }

    static let refusals = [
        Refusal(
            fixture: "obsidian.md", command: "move", arguments: ["buy paint", "Doing"], status: 1,
            at: "obsidian.md:9:3: error:", says: "lane 'Doing' is full: it holds 2 cards and its WIP limit here is 2"),
        Refusal(
            fixture: "obsidian.md", command: "move", arguments: ["renew", "To Do"], status: 1,
            at: "obsidian.md:7:3: error:",
            says: "the 'transitions' rule here does not allow it; cards in 'Done' may not move"),
        Refusal(
            fixture: "obsidian.md", command: "move", arguments: ["buy paint", "done"], status: 1,
            at: "obsidian.md:5:3: error:", says: "cards in 'To Do' may move only to 'Doing'"),
        Refusal(
            fixture: "headings.md", command: "add", arguments: ["Hire a designer", "--lane", "in progress"], status: 1,
            at: "headings.md:3:1: error:", says: "the 'new-cards' rule here lets new cards start only in 'TODO'"),
        Refusal(
            fixture: "headings.md", command: "move", arguments: ["pick a font", "in progress"], status: 1,
            at: "headings.md:8:3: error:",
            says: "the DOING lanes are full: they hold 1 card and the WIP limit here is 1"),
        Refusal(
            fixture: "obsidian.md", command: "move", arguments: ["fix", "done"], status: 2,
            at: "obsidian.md: error:", says: "'fix' matches 2 cards: 'gate', 'fix-the-doorbell'"),
        Refusal(
            fixture: "obsidian.md", command: "move", arguments: ["buy paint", "Review"], status: 2,
            at: "obsidian.md: error:", says: "the board has no lane 'Review': its lanes are 'To Do', 'Doing' and 'Done'"
        ),
        Refusal(
            fixture: "taskell.md", command: "rm", arguments: ["water the plants"], status: 2,
            at: "taskell.md: error:", says: "no card matches 'water the plants'"),
        Refusal(
            fixture: "taskell.md", command: "edit", arguments: ["order", "--tag", "#1"], status: 2,
            at: "taskell.md: error:", says: "invalid tag '1'"),
        Refusal(
            fixture: "headings.md", command: "add", arguments: ["Launch", "--due", "next friday"], status: 2,
            at: "headings.md: error:", says: "invalid --due 'next friday': expected YYYY-MM-DD"),
        Refusal(
            fixture: "headings.md", command: "done", arguments: ["write"], status: 1,
            at: "headings.md:5:3: error:", says: "cannot move 'Write the copy' from 'TODO' to 'DONE'"),
    ]

    @Test(arguments: refusals)
    func refusalsWriteNothingAndSayWhy(_ refusal: Refusal) throws {
        let scratch = try Scratch(refusal.fixture)
        defer { scratch.remove() }
        let result = try scratch.run(refusal.command, refusal.arguments)
        #expect(result.status == refusal.status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(refusal.at), "\(result.stderr)")
        #expect(result.stderr.contains(refusal.says), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(scratch.bytes == scratch.original)
    }

    @Test func anAmbiguousCardListsTheCandidatesWithTheirLines() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let result = try scratch.run("rm", ["fix"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("obsidian.md:26:1: note: 'gate': Fix the gate (in Doing)"))
        #expect(result.stderr.contains("obsidian.md:33:1: note: 'fix-the-doorbell': Fix the doorbell (in Done)"))
    }

    @Test func aTitleCopiedAsTheFileWritesItNamesItsCard() throws {
        let board =
            "## Todo\n\n- [ ] **Ship** the [app](https://example.com) @{2026-12-01}\n- [ ] Other\n\n## Done\n\n"
            + "***\n\n## Archive\n\n- [x] Retired card\n"
        let after = try Self.edited(
            board, ["edit", "**Ship** the [app](https://example.com)", "--due", "2026-12-09"])
        #expect(after == board.replacingOccurrences(of: "2026-12-01", with: "2026-12-09"))
        // A card in the archive is named, with where it is, though no command edits it.
        let (archived, unchanged) = try Self.onBoard(board, ["move", "retired", "Todo"])
        #expect(archived.status == 2)
        #expect(
            archived.stderr.hasPrefix(
                "b.md:12:1: error: 'Retired card' is in the archive, which the editing commands do not change"),
            "\(archived.stderr)")
        #expect(!archived.stderr.contains("no card matches"), "\(archived.stderr)")
        #expect(unchanged == board)
        // A board without lanes says so, not where its lanes are.
        let (laneless, _) = try Self.onBoard("- [ ] a\n", ["move", "a", "Doing"])
        #expect(laneless.status == 2)
        #expect(laneless.stderr.contains("the board has no lane 'Doing': it has no lanes"), "\(laneless.stderr)")
    }

    @Test func aTitleWhoseBytesWereNotUTF8IsRefused() throws {
        let board = "## Todo\n\n- [ ] a\n"
        let (refused, unchanged) = try Self.onBoard(board, ["add", "caf\u{FFFD}"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("expected a title in UTF-8 text"), "\(refused.stderr)")
        #expect(unchanged == board)
    }

    @Test func tagsAndNamesAreTakenWithoutTheSpacesAroundThem() throws {
        let board = "## Todo\n\n- [ ] Paint the fence\n\n## Done\n"
        let after = try Self.edited(board, ["edit", "paint", "--tag", " garden ", "--assignee", " Kim "])
        #expect(after == board.replacingOccurrences(of: "fence", with: "fence #garden\n  Assignee: Kim"))
        let afterRemoved = try Self.edited(
            after, ["edit", "paint", "--untag", "garden ", "--unassign", " Kim"])
        #expect(afterRemoved == board)
    }

    @Test func forceOverridesARuleAndSaysSo() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let result = try scratch.run("move", ["renew", "To Do", "--force"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("obsidian.md:7:3: warning: cannot move 'Renew car insurance'"))
        #expect(result.stderr.contains("done anyway (--force)"))
        // Leaving a done lane clears the box and the completion stamp.
        let changes = LineChanges(scratch.original, scratch.bytes).nonBlank
        #expect(
            changes
                == LineChanges(
                    removed: ["- [x] Renew car insurance ✅ 2026-04-30\n"], added: ["- [ ] Renew car insurance\n"]))
    }

    @Test func aBoardWithErrorsIsNotEditedWithoutForce() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let broken = String(decoding: scratch.original, as: UTF8.self).replacingOccurrences(
            of: "  Done: []", with: "  Review: []")
        try Data(broken.utf8).write(to: scratch.url)
        let refused = try scratch.run("rm", ["buy paint"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: 'transitions' names 'Review'"))
        #expect(refused.stderr.contains("the board has errors (above), so it is not edited"))
        #expect(String(decoding: scratch.bytes, as: UTF8.self) == broken)
        let forced = try scratch.run("rm", ["buy paint", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(
            LineChanges(Array(broken.utf8), scratch.bytes)
                == LineChanges(removed: ["- [ ] Buy paint @{16.05.2026}\t\n"], added: []))
    }

    // MARK: - Dry run and JSON

    @Test func dryRunPrintsAUnifiedDiffAndWritesNothing() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let result = try scratch.run("done", ["gate", "--today", "2026-11-23", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                --- a/obsidian.md
                +++ b/obsidian.md
                @@ -23,7 +23,6 @@
                 ## Doing
                 
                 - [ ] Clean the garage #house
                -- [ ] Fix the gate ^gate
                 
                 
                 ## Done
                @@ -31,6 +30,7 @@
                 **Complete**
                 - [x] Renew car insurance ✅ 2026-04-30
                 - [x] Fix the doorbell ✅ 2026-04-28
                +- [x] Fix the gate ✅ 2026-11-23 ^gate
                 
                 
                 ***

                """)
        #expect(result.stderr.contains("Moved 'Fix the gate' from Doing to Done (dry run: nothing written)"))
        #expect(scratch.bytes == scratch.original)
    }

    @Test func theDiffOfACRLFBoardAppliesAsIs() throws {
        let scratch = try Scratch("crlf-bom.md")
        defer { scratch.remove() }
        let result = try scratch.run("rm", ["fire drill", "--dry-run"])
        // Its lines keep their CR, as `diff -u` writes them: `git apply` gives the bytes the edit writes.
        #expect(result.stdout.contains("\n-- [x] Fire drill\r\n"))
        #expect(scratch.bytes == scratch.original)
        try Data(result.stdout.utf8).write(to: scratch.folder.appending(path: "change.diff"))
        let applied = try TestSupport.run(
            ["apply", "--unsafe-paths", "-p1", "change.diff"], in: scratch.folder,
            executable: URL(filePath: "/usr/bin/git"))
        #expect(applied.status == 0, "\(applied.stderr)")
        let written = try Scratch("crlf-bom.md")
        defer { written.remove() }
        #expect(try written.run("rm", ["fire drill"]).status == 0)
        #expect(scratch.bytes == written.bytes)
    }

    @Test func theDiffReachingTheFirstLineOfABoardWithAByteOrderMarkApplies() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = Data([0xEF, 0xBB, 0xBF] + Array("## TODO\n\n- [ ] a\n\n## DONE\n".utf8))
        let board = folder.appending(path: "b.md")
        try original.write(to: board)
        let result = try TestSupport.run(["move", "b.md", "a", "done", "--dry-run"], in: folder)
        #expect(result.stdout.contains("\n \u{FEFF}## TODO\n"))
        try Data(result.stdout.utf8).write(to: folder.appending(path: "change.diff"))
        let applied = try TestSupport.run(
            ["apply", "--unsafe-paths", "-p1", "change.diff"], in: folder, executable: URL(filePath: "/usr/bin/git"))
        #expect(applied.status == 0, "\(applied.stderr)")
        let patched = try Data(contentsOf: board)
        try original.write(to: board)
        #expect(try TestSupport.run(["move", "b.md", "a", "done"], in: folder).status == 0)
        #expect(try Data(contentsOf: board) == patched)
    }

    /// The diff names the board as `git apply` and `patch -p1` take it: from the top of the git repository that
    /// holds it, wherever it was named from; outside one, a board named by its absolute path as `diff -u` names it
    /// (`a//tmp/…` is refused by `git apply`) (QA2 L1).
    @Test func theDiffNamesTheBoardFromTheTopOfItsRepository() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let git = URL(filePath: "/usr/bin/git")
        #expect(try TestSupport.run(["init", "-q"], in: folder, executable: git).status == 0)
        let sub = folder.appending(path: "boards")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let board = sub.appending(path: "b.md")
        try Data("## TODO\n\n- [ ] a\n\n## DONE\n".utf8).write(to: board)
        let result = try TestSupport.run(["move", board.path, "a", "done", "--dry-run"], in: sub)
        #expect(result.stdout.hasPrefix("--- a/boards/b.md\n+++ b/boards/b.md\n@@ "), "\(result.stdout)")
        try Data(result.stdout.utf8).write(to: folder.appending(path: "change.diff"))
        let applied = try TestSupport.run(["apply", "change.diff"], in: folder, executable: git)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(try Data(contentsOf: board) == Data("## TODO\n\n## DONE\n\n- [x] a\n".utf8))
        // Outside a repository, as `diff -u` names an absolute path.
        let outside = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let loose = outside.appending(path: "b.md")
        try Data("## TODO\n\n- [ ] a\n\n## DONE\n".utf8).write(to: loose)
        let plain = try TestSupport.run(["move", loose.path, "a", "done", "--dry-run"], in: outside)
        #expect(plain.stdout.hasPrefix("--- \(loose.path)\n+++ \(loose.path)\n@@ "), "\(plain.stdout)")
    }

    @Test(arguments: [
        ("add", ["A new card", "--tag", "x"]), ("move", ["clean", "to do"]), ("done", ["gate"]),
        ("edit", ["gate", "--tag", "y"]), ("rm", ["buy paint"]), ("archive", ["fix the doorbell"]),
    ])
    func jsonPrintsTheCardInExportsShape(_ command: String, _ arguments: [String]) throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let exported = try scratch.run("export", [])
        let board = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
        let lanes = try #require(board["lanes"] as? [[String: Any]])
        let exportKeys = Set(try #require((lanes[0]["cards"] as? [[String: Any]])?.first).keys)
        let result = try scratch.run(command, arguments + ["--format", "json", "--today", "2026-11-23"])
        #expect(result.status == 0, "\(result.stderr)")
        let card = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(card.keys) == exportKeys)
        // The card as the board now reads (where it is, what it is called).
        let after = TestSupport.parse(String(decoding: scratch.bytes, as: UTF8.self)).board
        if command == "rm" {
            #expect(card["title"] as? String == "Buy paint")
            #expect(!after.cards.contains { $0.title == "Buy paint" })
        } else {
            let id = try #require(card["id"] as? String)
            let found = try #require((after.cards + after.archive).first { $0.id == id })
            #expect(card["line"] as? Int == found.location.line)
            #expect(card["lane"] as? String == found.lane)
        }
    }

    // MARK: - Safety

    @Test func aChangeOnDiskWhileEditingIsNeverOverwritten() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let gate = scratch.folder.appending(path: "gate").path
        #expect(mkfifo(gate, 0o600) == 0)
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = ["rm", scratch.name, "buy paint"]
        process.currentDirectoryURL = scratch.folder
        process.environment = ProcessInfo.processInfo.environment.merging(["PM_RENDER_TEST_EDIT_GATE": gate]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        // Should the process end before it reaches the gate, opening the gate here must not wait for ever.
        process.terminationHandler = { _ in
            let reader = open(gate, O_RDONLY | O_NONBLOCK)
            if reader >= 0 { close(reader) }
        }
        try process.run()
        let writer = open(gate, O_WRONLY)  // returns once pm-render waits at the gate, half-way through its write
        #expect(process.isRunning)
        let theirs = String(decoding: scratch.original, as: UTF8.self) + "- [ ] Added by someone else\n"
        try Data(theirs.utf8).write(to: scratch.url)
        close(writer)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(
            stderr.contains(
                "obsidian.md: error: the board changed on disk while it was being edited, so nothing was written"))
        #expect(String(decoding: scratch.bytes, as: UTF8.self) == theirs)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).filter {
            $0.contains("pm-render")
        }
        #expect(leftovers.isEmpty)
    }

    /// `pm-render ARGUMENTS…` started with SIGINT and SIGTERM unblocked and at their default action (whatever the
    /// test runner's threads have), with the write gate `gate`.
    static func spawn(_ arguments: [String], gate: String) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let binary: String = TestSupport.binary.path
        let words: [String] = [binary] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables = ProcessInfo.processInfo.environment.merging(["PM_RENDER_TEST_EDIT_GATE": gate]) { $1 }
        let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + environment { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, nil, &attributes, argv, environment) == 0 else { return -1 }
        return pid
    }

    /// Opens the gate for writing once `pid` waits at it (its temporary file half written); -1 if it ended first.
    static func reachGate(_ gate: String, of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        for _ in 0..<2_000 {
            let writer = open(gate, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { return writer }
            if waitpid(pid, &status, WNOHANG) != 0 { return -1 }
            usleep(5_000)
        }
        return -1
    }

    @Test func ctrlCWhileAnotherEditHoldsTheLockGivesUpAndWritesNothing() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let gate = scratch.folder.appending(path: "gate").path
        #expect(mkfifo(gate, 0o600) == 0)
        // Another edit holds the folder's lock.
        let lock = open(scratch.folder.path, O_RDONLY | O_DIRECTORY)
        #expect(flock(lock, LOCK_EX) == 0)
        let pid = Self.spawn(["rm", scratch.url.path, "buy paint"], gate: gate)
        #expect(pid > 0)
        let writer = Self.reachGate(gate, of: pid)
        #expect(writer >= 0)
        close(writer)  // pm-render finishes its temporary file and waits for the lock
        kill(pid, SIGINT)
        var status: Int32 = 0
        var ended = false
        for _ in 0..<1_000 where !ended {
            ended = waitpid(pid, &status, WNOHANG) == pid
            if !ended { usleep(5_000) }
        }
        flock(lock, LOCK_UN)
        close(lock)
        if !ended { #expect(waitpid(pid, &status, 0) == pid) }
        #expect(ended, "pm-render kept waiting for the lock after Ctrl-C")
        #expect(status & 0x7f == SIGINT)
        #expect(scratch.bytes == scratch.original)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).filter {
            $0.contains("pm-render")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func aSignalWhileWritingLeavesTheBoardAndNoTemporaryFile() throws {
        let scratch = try Scratch("obsidian.md")
        defer { scratch.remove() }
        let gate = scratch.folder.appending(path: "gate").path
        #expect(mkfifo(gate, 0o600) == 0)
        let pid = Self.spawn(["rm", scratch.url.path, "buy paint"], gate: gate)
        #expect(pid > 0)
        // pm-render waits at the gate, its temporary file half written.
        let writer = Self.reachGate(gate, of: pid)
        #expect(writer >= 0)
        var status: Int32 = 0
        kill(pid, SIGTERM)
        close(writer)
        #expect(waitpid(pid, &status, 0) == pid)
        // The signal ends the process once the write is finished or undone: never half-way.
        #expect(status & 0x7f == SIGTERM)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).filter {
            $0.contains("pm-render")
        }
        #expect(leftovers.isEmpty)
        // The board is as it was or as the whole edit leaves it.
        let uninterrupted = try Scratch("obsidian.md")
        defer { uninterrupted.remove() }
        #expect(try uninterrupted.run("rm", ["buy paint"]).status == 0)
        #expect(scratch.bytes == uninterrupted.bytes || scratch.bytes == scratch.original)
    }

    /// Runs `pm-render ARGUMENTS…` on a board written to a temporary folder; returns the result and the board after.
    static func onBoard(
        _ text: String, _ arguments: [String], file: String = "b.md"
    ) throws -> (TestSupport.RunResult, String) {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appending(path: file))
        let result = try TestSupport.run([arguments[0], file] + arguments.dropFirst(), in: folder)
        return (result, String(decoding: try Data(contentsOf: folder.appending(path: file)), as: UTF8.self))
    }

    /// `onBoard` for an edit that must succeed: the board after it (a failure is reported at the caller's line).
    static func edited(
        _ text: String, _ arguments: [String], file: String = "b.md",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> String {
        let (result, after) = try onBoard(text, arguments, file: file)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return after
    }

    /// Taskell names its boards `taskell.md`: one without a card that shows Taskell's marks (a board of plain
    /// items, or one whose last `> description` was removed) is still written as Taskell writes.
    @Test func aBoardNamedTaskellIsWrittenAsTaskellWrites() throws {
        let board = "## To Do\n\n- a\n\n## Done\n\n- b\n"
        let after = try Self.edited(board, ["edit", "a", "--due", "2026-01-01"], file: "taskell.md")
        #expect(after == "## To Do\n\n- a\n    @ 2026-01-01\n\n## Done\n\n- b\n")
        let withDescription = try Self.edited(
            board, ["add", "c", "--description", "hi"], file: "taskell.md")
        #expect(withDescription.contains("- c\n    > hi\n"), "\(withDescription)")
        let (_, elsewhere) = try Self.onBoard(board, ["edit", "a", "--due", "2026-01-01"], file: "board.md")
        #expect(!elsewhere.contains("    @ 2026-01-01"), "\(elsewhere)")
        // Task boxes are not Taskell's: such a board is not Taskell's by its name.
        let boxes = "## To Do\n\n- [ ] a\n"
        let (_, boxed) = try Self.onBoard(boxes, ["edit", "a", "--due", "2026-01-01"], file: "taskell.md")
        #expect(boxed == "## To Do\n\n- [ ] a @{2026-01-01}\n", "\(boxed)")
        // Nor are dates on a title's line (a Tasks date here).
        let (_, tasks) = try Self.onBoard(
            "## To Do\n\n- a ⏳ 2026-02-01\n", ["edit", "a", "--due", "2026-01-01"], file: "taskell.md")
        #expect(!tasks.contains("    @ 2026-01-01"), "\(tasks)")
    }

    /// Taskell writes a card's `@ date` line and its `> description` lines in either order: an `@` line under a `>`
    /// line (a lazy continuation of the quote, to Markdown) is the card's deadline all the same, which `--no-due`
    /// takes away and `--due` rewrites (QA3 M4).
    @Test func aTaskellDueLineUnderTheQuoteIsTheCardsDeadline() throws {
        let board = "## To Do\n\n- Buy milk\n    > Semi-skimmed\n    @ 2026-01-02\n\n## Done\n\n- Old task\n"
        let card = TestSupport.parse(board).board.lanes[0].cards[0]
        #expect(card.due?.date.description == "2026-01-02")
        #expect(card.descriptionSource == "> Semi-skimmed")
        let undated = try Self.edited(board, ["edit", "buy", "--no-due"])
        #expect(undated == "## To Do\n\n- Buy milk\n    > Semi-skimmed\n\n## Done\n\n- Old task\n")
        let redated = try Self.edited(board, ["edit", "buy", "--due", "2026-03-03"])
        #expect(redated == "## To Do\n\n- Buy milk\n    > Semi-skimmed\n    @ 2026-03-03\n\n## Done\n\n- Old task\n")
    }

    /// A title wrapped over two lines is one title: a Taskell `@ date` line goes under both (under the first, it would
    /// cut the title in two), an inline date at the end of the second.
    @Test func aDeadlineGoesUnderATitleWrappedOverTwoLines() throws {
        let taskell = "## Todo\n\n- A long title that\n    wraps here\n- b\n    @ 2026-01-01\n"
        let dated = try Self.edited(taskell, ["edit", "a-long", "--due", "2026-02-02"])
        #expect(dated == "## Todo\n\n- A long title that\n    wraps here\n    @ 2026-02-02\n- b\n    @ 2026-01-01\n")
        let inline = try Self.edited(
            "## Todo\n\n- [ ] A long title that\n  wraps here\n", ["edit", "a-long", "--due", "2026-02-02"])
        #expect(inline == "## Todo\n\n- [ ] A long title that\n  wraps here @{2026-02-02}\n")
    }

    /// A title that ends in a backslash line break (the line after it is the description) keeps it: a date goes
    /// before it, and a rename keeps it, so that renaming back gives the file back (QA2 L7).
    @Test func aTitlesBackslashLineBreakStays() throws {
        let board = "## Todo\n\n+ [ ] Hard break\\\n  continued text\n+ [ ] b\n"
        for (option, value, titleLine) in [
            ("--due", "2026-02-02", "Hard break @{2026-02-02}"), ("--title", "HB", "HB"),
        ] {
            let after = try Self.edited(board, ["edit", "hard", option, value])
            #expect(after == "## Todo\n\n+ [ ] " + titleLine + "\\\n  continued text\n+ [ ] b\n")
            if option == "--title" {
                #expect(try Self.edited(after, ["edit", "hb", "--title", "Hard break"]) == board)
            }
        }
    }

    @Test(arguments: ["/", "-"])
    func aBoxInProgressOrCancelledIsCheckedWhenDone(box: String) throws {
        let after = try Self.edited("## TODO\n\n- [\(box)] Half done\n\n## DONE\n", ["done", "half"])
        #expect(after == "## TODO\n\n## DONE\n\n- [x] Half done\n")
    }

    @Test func editsOnATitleLineWithBreaksKeepItsSpacingAndLeaveNoBreakDangling() throws {
        let board = "## TODO\n\n- [ ] **Exam**<br>desc line<br>#calc\n- [ ] Exam2<br>@{2026-04-30}@@{12:00}\n"
        let after = try Self.edited(board, ["edit", "exam", "--title", "Exam final"])
        #expect(after.contains("- [ ] Exam final<br>desc line<br>#calc\n"))
        let noDue = try Self.edited(board, ["edit", "exam2", "--no-due"])
        #expect(noDue.hasSuffix("- [ ] Exam2\n"))
        // A deadline after a `<br>` is in the description's text, which changes by that date alone.
        let afterRedate = try Self.edited(board, ["edit", "exam2", "--due", "2026-05-02"])
        #expect(afterRedate.hasSuffix("- [ ] Exam2<br>@{2026-05-02}\n"))
        let afterMove = try Self.edited(
            "## TODO\n\n- [ ] Call the landlord<br>about the heating #home @{2024-04-22}\n",
            ["edit", "call", "--due", "2024-05-01"])
        #expect(afterMove.hasSuffix("<br>about the heating #home @{2024-05-01}\n"))
        let afterUndate = try Self.edited(
            "## TODO\n\n- [ ] Call the landlord<br>about the heating @{2024-04-22}\n", ["edit", "call", "--no-due"])
        #expect(afterUndate.hasSuffix("- [ ] Call the landlord<br>about the heating\n"))
    }

    /// A title a dash starts (`-high`, `- fix the bug`, `- x`): read as options, it is refused with the way to give it
    /// (after `--`), not taken for `-h` (help: exit 0, nothing done) or an unknown option.
    @Test(
        "a title that looks like short options is refused, with the way to give it, not taken for help",
        arguments: ["-high priority fix", "- fix the bug", "- x"])
    func aTitleThatLooksLikeShortOptionsIsRefusedNotTakenForHelp(title: String) throws {
        let board = "## TODO\n\n- [ ] a\n"
        let (refused, unchanged) = try Self.onBoard(board, ["add", title])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("after '--' (pm-render add … -- '\(title)')"), "\(refused.stderr)")
        #expect(unchanged == board)
        let (moved, _) = try Self.onBoard(board, ["move", "a", title])
        #expect(moved.status == 2)
        #expect(moved.stderr.contains("after '--' (pm-render move … -- '\(title)')"), "\(moved.stderr)")
        let (check, _) = try Self.onBoard(board, ["check", "-dash.md"])
        #expect(check.status == 2)
        #expect(check.stderr.contains("(pm-render check … -- '-dash.md')"), "\(check.stderr)")
        let after = try Self.edited(board, ["add", "--", title])
        #expect(after == board + "- [ ] " + title + "\n")
        // An option's value is given joined to the option (after `--`, it would be no option's value).
        let (renamed, _) = try Self.onBoard(board, ["edit", "a", "--title", title])
        #expect(renamed.status == 2)
        #expect(
            renamed.stderr.hasSuffix(
                "is read as short options, among them -h (help): join it to its option with '=' (--title='\(title)')\n"),
            "\(renamed.stderr)")
        #expect(try Self.edited(board, ["edit", "a", "--title=" + title]) == "## TODO\n\n- [ ] \(title)\n")
    }

    /// Obsidian's settings block right under the last card would run on into the nested list or quote of a card
    /// put after it.
    @Test(arguments: [
        ["add", "New", "--lane", "done", "--force", "--description=- [ ] sub"], ["move", "two", "done"],
    ])
    func aCardPutBeforeTheSettingsBlockIsPartedFromIt(arguments: [String]) throws {
        let settings = "%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n"
        let board = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] Two\n\t- [ ] sub\n\n## Done\n\n- [x] Three\n"
        let after = try Self.edited(board + settings, arguments)
        #expect(after.hasSuffix("\t- [ ] sub\n\n" + settings) || after.hasSuffix("  - [ ] sub\n\n" + settings))
        let parsed = TestSupport.parse(after)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(parsed.board.lanes.last?.cards.last?.descriptionSource == "- [ ] sub")
    }

    /// Obsidian's settings block right under the `**Complete**` marker of an empty lane (a hand edit, or the last
    /// card moved out) is the board's settings, not the lane's text: a card put there goes between the two, parted
    /// from the block, and the last card there may leave.
    @Test func theSettingsBlockRightUnderTheCompleteMarkerIsTheBoardsSettings() throws {
        let settings =
            "%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\",\"date-format\":\"DD.MM.YYYY\"}\n```\n%%\n"
        let board = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] One\n\n## Done\n\n**Complete**\n" + settings
        let parsed = TestSupport.parse(board)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(parsed.board.lanes.map(\.descriptionSource) == ["", ""])
        #expect(parsed.board.lanes.last?.stateSource == .completeMarker)
        let added = try Self.edited(board, ["add", "Two", "--due", "2026-03-04"])
        #expect(added.contains("- [ ] One\n- [ ] Two @{04.03.2026}\n"), "\(added)")
        let done = try Self.edited(board, ["done", "one"])
        #expect(done.hasSuffix("**Complete**\n- [x] One\n\n" + settings), "\(done)")
        #expect(TestSupport.parse(done).board.lanes.last?.cards.map(\.title) == ["One"])
        // The move back takes the blank line `done` put under the card, too: the file comes back (QA3 L1). Archived,
        // the card leaves that line where the archive goes in.
        #expect(try Self.edited(done, ["move", "one", "todo"]) == board)
        let archived = try Self.edited(done, ["archive", "one"])
        #expect(
            archived
                == "---\nkanban-plugin: basic\n---\n\n## Todo\n\n## Done\n\n**Complete**\n\n***\n\n## Archive\n\n"
                + "- [x] One\n\n" + settings)
        #expect(
            try Self.edited(
                "---\nkanban-plugin: basic\n---\n\n## Todo\n\n## Done\n\n**Complete**\n- [x] One\n" + settings,
                ["rm", "one"]
            ).hasSuffix("**Complete**\n" + settings))
    }

    /// A card archived before Obsidian's settings block is parted from it by a blank line: its last subtask or quote
    /// line would take the block's first line in.
    @Test(arguments: ["\t- [ ] sub\n", "\tdescription\n\t> quoted\n"])
    func aCardArchivedBeforeTheSettingsBlockIsPartedFromIt(ending: String) throws {
        let settings = "%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n"
        let board =
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] Card\n" + ending
            + "\n## Done\n\n**Complete**\n- [x] Old\n"
            + settings
        let after = try Self.edited(board, ["archive", "card"])
        #expect(after.hasSuffix("## Archive\n\n- [ ] Card\n" + ending + "\n" + settings), "\(after)")
        let archived = try Self.edited(after, ["archive", "old"])
        #expect(archived.hasSuffix("- [ ] Card\n" + ending + "- [x] Old\n\n" + settings), "\(archived)")
    }

    /// Obsidian's settings block right under a card that ends in a subtask or a quote (their paragraph runs on into
    /// the block's first line) is the board's settings too: the card keeps its subtask, and a card put after it goes
    /// before the block.
    @Test(arguments: ["\t- [ ] sub\n", "\t> quoted\n", "\t- [ ] sub\n\t\t- [ ] subsub\n"])
    func theSettingsBlockRightUnderASubtaskIsTheBoardsSettings(ending: String) throws {
        let settings =
            "%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\",\"date-format\":\"DD.MM.YYYY\"}\n```\n%%\n"
        let board =
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] a\n\n## Done\n\n**Complete**\n- [x] b\n" + ending
            + settings
        let parsed = TestSupport.parse(board)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(!(parsed.board.lanes.last?.cards.first?.descriptionSource.contains("%%") ?? true))
        let done = try Self.edited(board, ["done", "a"])
        #expect(done.hasSuffix("- [x] b\n" + ending + "- [x] a\n\n" + settings), "\(done)")
        let added = try Self.edited(board, ["add", "N", "--due", "2026-03-04"])
        #expect(added.contains("- [ ] N @{04.03.2026}\n"), "\(added)")
        let archived = try Self.edited(board, ["archive", "b"])
        #expect(archived.hasSuffix("## Archive\n\n- [x] b\n" + ending + "\n" + settings), "\(archived)")
    }

    /// A list card put into a lane of indented cards is lined up with them: a new card too (at the top, a card
    /// written further left would take the lane's first card in as its subtask), and a card whose subtasks are nested
    /// with tabs.
    @Test func aCardPutAmongIndentedCardsIsLinedUpWithThem() throws {
        let board = "## Todo\n\n  - [ ] Card\n\n## Done\n\n- [x] d\n"
        let top = try Self.edited(board, ["add", "New", "--top", "--description", "text\n\n    code"])
        #expect(top.hasPrefix("## Todo\n\n  - [ ] New\n    text\n\n        code\n  - [ ] Card\n"), "\(top)")
        #expect(TestSupport.parse(top).board.lanes[0].cards.map(\.title) == ["New", "Card"])
        let bottom = try Self.edited(board, ["add", "New"])
        #expect(bottom.hasPrefix("## Todo\n\n  - [ ] Card\n  - [ ] New\n"), "\(bottom)")
        let nested = "## Todo\n\n- [ ] Card\n\t- [ ] sub\n\t\t- [ ] subsub\n\n## Done\n\n - [x] d\n"
        let moved = try Self.edited(nested, ["done", "card"])
        #expect(moved.hasSuffix(" - [x] d\n - [x] Card\n\t - [ ] sub\n\t\t - [ ] subsub\n"), "\(moved)")
    }

    /// A `<br>` card (Obsidian's card of several lines) whose subtasks nest with tabs, moved among indented cards: its
    /// lines move with its marker, and the text after the `<br>` stays on the title line (QA3 H3).
    @Test func aBreakCardWithTabNestedSubtasksIsLinedUpWithIndentedCards() throws {
        let board =
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] Card<br>more\n\t- [ ] a\n\t\t- [ ] deep\n\n## Done\n\n"
            + "**Complete**\n  - [x] d\n"
        let moved = try Self.edited(board, ["done", "card"])
        #expect(
            moved
                == "---\nkanban-plugin: basic\n---\n\n## Todo\n\n## Done\n\n**Complete**\n  - [x] d\n"
                + "  - [x] Card<br>more\n\t  - [ ] a\n\t\t  - [ ] deep\n")
        let top = try Self.edited(board, ["move", "card", "done", "--top"])
        #expect(
            top.hasSuffix("**Complete**\n  - [x] Card<br>more\n\t  - [ ] a\n\t\t  - [ ] deep\n  - [x] d\n"), "\(top)")
    }

    /// A card indented 3 spaces whose line under it is 3 spaces and a tab in (4 columns: left of the card's text, a
    /// continuation of its paragraph that no block can start), moved among cards indented less: the line stays a
    /// continuation, 4 columns past the card's text, where at 1 column it would start a card of its own (QA3 M3).
    @Test(arguments: ["- [ ] tabsub", "desc line", "```"])
    func aLineFourColumnsInLeftOfACardsTextStaysItsContinuation(line: String) throws {
        let board = "## Todo\n\n   - [ ] Card\n   \t\(line)\n   - [ ] Two\n\n## Done\n\n- [x] d\n"
        let moved = try Self.edited(board, ["done", "card"])
        #expect(moved == "## Todo\n\n   - [ ] Two\n\n## Done\n\n- [x] d\n- [x] Card\n      \(line)\n")
        let card = TestSupport.parse(moved).board.lanes[1].cards.last
        #expect(card?.descriptionSource == line)
    }

    /// A card put in an empty lane whose heading the next follows with no blank line follows that heading as tight:
    /// its removal (its lines and the blank lines before them) gives back the file, as a move back does.
    @Test func aCardPutInAnEmptyLaneRightAboveTheNextHeadingIsAsTightAsTheHeadingWas() throws {
        let board = "## Todo\n\n- [ ] a\n\n## Doing\n## Done\n"
        let after = try Self.edited(board, ["move", "a", "doing"])
        #expect(after == "## Todo\n\n## Doing\n\n- [ ] a\n## Done\n")
        let afterBack = try Self.edited(after, ["move", "a", "todo"])
        #expect(afterBack == board)
        let afterTight = try Self.edited("## Todo\n- a\n## Doing\n## Done\n", ["move", "a", "doing"])
        #expect(afterTight == "## Todo\n## Doing\n- a\n## Done\n")
    }

    @Test func aDeadlineWrittenTodoTxtsWayOrAfterAtDueIsChangedInItsForm() throws {
        let board = "## TODO\n\n- [ ] Meet @work due:2025-08-05\n- [ ] Mail @due 📅 2022-09-23 ✅ 2022-09-24\n"
        let (meet, afterMeet) = try Self.onBoard(board, ["edit", "meet", "--due", "2025-09-01"])
        #expect(meet.status == 0, "\(meet.stderr)")
        #expect(afterMeet.contains("- [ ] Meet @work due:2025-09-01\n"))
        // todo.txt has no times: a deadline with one is written as Obsidian Kanban writes it.
        let afterTimed = try Self.edited(board, ["edit", "meet", "--due", "2025-09-01 10:00"])
        #expect(afterTimed.contains("- [ ] Meet @work @{2025-09-01} @@{10:00}\n"))
        let afterMail = try Self.edited(board, ["edit", "mail", "--due", "2022-09-30"])
        #expect(afterMail.contains("- [ ] Mail @due 📅 2022-09-30 ✅ 2022-09-24\n"))
    }

    @Test func archivingStampsAsTheArchivedCardsAreStampedWhereTheSettingIsThePlugins() throws {
        let board =
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] Gamepad\n\n***\n\n## Archive\n\n"
            + "- [x] 2023-08-19 19:46 Benchmark\n- [x] 2023-08-20 09:00 Pool\n"
        let after = try Self.edited(board, ["archive", "gamepad", "--now", "2026-11-26T10:00"])
        #expect(after.hasSuffix("- [x] 2023-08-20 09:00 Pool\n- [ ] 2026-11-26 10:00 Gamepad\n"))
        #expect(TestSupport.parse(after).board.archive.map(\.title) == ["Benchmark", "Pool", "Gamepad"])
        // A card whose title starts with a date and time goes into an empty archive as it is.
        let log = "---\nkanban-plugin: basic\n---\n\n## Log\n\n- [x] 2025-02-02 08:00 Sync\n\n***\n\n## Archive\n"
        let afterLog = try Self.edited(log, ["archive", "2025-02-02 08:00 Sync"])
        #expect(TestSupport.parse(afterLog).board.archive.map(\.title) == ["2025-02-02 08:00 Sync"])
    }

    @Test(
        arguments: [
            ("## Notes\nsome", "holds a heading ('## Notes')"), ("Summary\n---\nmore", "holds a heading ('Summary')"),
            ("- item\n***\nmore", "holds a rule ('***')"),
        ])
    func aHeadingCardsDescriptionMayHoldNoHeadingNorRule(description: String, message: String) throws {
        let board = "## Todo\n\n### Card one\nBody\n\n## Done\n"
        let (refused, after) = try Self.onBoard(board, ["add", "New", "--description=" + description])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(message), "\(refused.stderr)")
        #expect(after == board)
        let _ = try Self.edited(board, ["add", "New", "--description=Text\n- item\n\nText - with dashes"])
    }

    @Test func aNewCardOutsideTheTodoLanesNamesTheDefaultRuleWhereNoneIsWritten() throws {
        let board = "## Todo\n\n- [ ] a\n\n## Done\n"
        let (refused, unchanged) = try Self.onBoard(board, ["add", "b", "--lane", "done"])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains(
                "new cards start in the todo lanes ('Todo') unless the front matter's 'new-cards' rule names others"),
            "\(refused.stderr)")
        #expect(unchanged == board)
    }

    @Test func lanesWhoseNamesCompareTheSameAreToldApartByTheirNamesAsWritten() throws {
        let board = "## Todo\n\n- [ ] a\n\n## Done\n\n## Done ✔️\n\n- [x] z\n"
        let (refused, unchanged) = try Self.onBoard(board, ["move", "a", "done ✔"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("fits 2 lanes: 'Done' or 'Done ✔️'"), "\(refused.stderr)")
        #expect(unchanged == board)
        let after = try Self.edited(board, ["move", "a", "Done ✔️"])
        #expect(after == "## Todo\n\n## Done\n\n## Done ✔️\n\n- [x] z\n- [x] a\n")
        // Lanes written the same are named by the first of them, whatever the case or a state's name.
        let twice = "## Todo\n\n- [ ] a\n\n## Doing\n\n- [ ] c\n\n## Doing\n\n- [ ] d\n"
        for lane in ["doing", "DOING", "Doing"] {
            let (result, after) = try Self.onBoard(twice, ["move", "a", lane])
            #expect(result.status == 0, "\(lane): \(result.stderr)")
            #expect(after == "## Todo\n\n## Doing\n\n- [ ] c\n- [ ] a\n\n## Doing\n\n- [ ] d\n", "\(lane)")
        }
    }

    @Test func metadataGoesAfterAWrappedTitleAndEditsDoNotWrapATitle() throws {
        let wrapped =
            "## TODO\n\n- [ ] Replace the incremental command lexer with the clean-break expression and\n"
            + "  block parser so that the grammar is easier to maintain\n\n## DONE\n"
        let withTag = try Self.edited(wrapped, ["edit", "replace", "--tag", "parser"])
        #expect(withTag.contains("  block parser so that the grammar is easier to maintain #parser\n"))
        let withAssignee = try Self.edited(wrapped, ["edit", "replace", "--assignee", "bob"])
        #expect(withAssignee.contains("easier to maintain\n  Assignee: bob\n"))
        let noTag = try Self.edited(withTag, ["edit", "replace", "--untag", "parser"])
        #expect(noTag == wrapped)
        // A tag or a date added to a short first line does not make the description's first line the title's.
        let short = "## TODO\n\n- [ ] Investigate why the nightly export job stalls\n  see the runbook\n"
        for arguments in [["--tag", "backend"], ["--due", "2026-12-01"]] {
            let after = try Self.edited(short, ["edit", "investigate"] + arguments)
            #expect(
                TestSupport.parse(after).board.cards.first?.title == "Investigate why the nightly export job stalls")
        }
    }

    @Test func aWrappedTitleIsRenamedOnOneLineKeepingItsTagsAndDescription() throws {
        let board =
            "## TODO\n\n- [ ] Hand the terminal to full-screen programs and restore the shell terminal #a\n"
            + "  modes cleanly when they #b exit or stop.\n\n  More.\n\n## DONE\n"
        let after = try Self.edited(board, ["edit", "hand", "--title", "Hand over the terminal"])
        #expect(after == "## TODO\n\n- [ ] Hand over the terminal #a #b\n\n  More.\n\n## DONE\n")
        let afterMove = try Self.edited(board, ["move", "hand", "done"])
        #expect(
            afterMove
                == "## TODO\n\n## DONE\n\n- [x] Hand the terminal to full-screen programs and restore the shell "
                + "terminal #a\n  modes cleanly when they #b exit or stop.\n\n  More.\n")
    }

    @Test func aTitleWrittenAsAHeadingUnderTheTagsIsRenamedThere() throws {
        let board = "## TODO\n\n- [ ] #bug #mobile\n\t# Mobile Bug\n\tDraw pile.\n\n## DONE\n"
        let after = try Self.edited(board, ["edit", "mobile-bug", "--title", "Tablet Bug"])
        #expect(after == "## TODO\n\n- [ ] #bug #mobile\n\t# Tablet Bug\n\tDraw pile.\n\n## DONE\n")
        let card = try #require(TestSupport.parse(after).board.cards.first)
        #expect((card.title, card.tags) == ("Tablet Bug", ["bug", "mobile"]))
        // Tags in the new title, markup in the heading, the tags line emptied: the edit reads back as asked.
        let withTag = try Self.edited(board, ["edit", "mobile-bug", "--title", "Fix #urgent"])
        #expect(withTag.contains("\t# Fix #urgent\n"))
        let bold = "## TODO\n\n- [ ] #ui\n  ### **Bold** name\n"
        let afterBold = try Self.edited(bold, ["edit", "bold-name", "--title", "Plain"])
        #expect(afterBold == "## TODO\n\n- [ ] #ui\n  ### Plain\n")
        let noTags = try Self.edited(board, ["edit", "mobile-bug", "--untag", "bug", "--untag", "mobile"])
        #expect(TestSupport.parse(noTags).board.cards.map(\.title) == ["Mobile Bug"])
    }

    @Test func boldFieldsAreChangedInPlaceKeepingTheirLineBreaks() throws {
        let board = "## TODO\n\n### Card\n\n**Assignee:** Ana  \n**Due:** 2026-05-11\n\n## DONE\n"
        let afterDue = try Self.edited(board, ["edit", "card", "--due", "2026-06-01"])
        #expect(afterDue == "## TODO\n\n### Card\n\n**Assignee:** Ana  \n**Due:** 2026-06-01\n\n## DONE\n")
        let afterWho = try Self.edited(board, ["edit", "card", "--assignee", "Bo"])
        #expect(afterWho.contains("**Assignee:** Ana, Bo  \n**Due:** 2026-05-11\n"))
        // A new field among lines parted by line breaks is a line of its own too: before the last, with a break.
        let (tag, afterTag) = try Self.onBoard(board, ["edit", "card", "--tag", "ui"])
        #expect(tag.status == 0, "\(tag.stderr)")
        #expect(afterTag.contains("**Assignee:** Ana  \n**Tags:** ui  \n**Due:** 2026-05-11\n"), "\(afterTag)")
        #expect(TestSupport.parse(afterTag).board.cards.first?.tags == ["ui"])
    }

    @Test func aFieldThatHoldsItsPlaceTakesTheValueAndANewFieldFollowsTheListsForm() throws {
        let board = "## TODO\n\n### Card\n- **Assignee:** —\n- **Due:** TBD\n- **Priority:** High\n\nNotes.\n"
        let card = try #require(TestSupport.parse(board).board.cards.first)
        #expect((card.assignees, card.due, card.priority) == ([], nil, .high))
        let after = try Self.edited(
            board, ["edit", "card", "--due", "2026-06-01", "--assignee", "Bo", "--tag", "ui"])
        // A plain `Tags: ui` line after the list would continue its last item: the new field is an item as they are.
        #expect(
            after
                == "## TODO\n\n### Card\n- **Assignee:** Bo\n- **Due:** 2026-06-01\n- **Priority:** High\n"
                + "- **Tags:** ui\n\nNotes.\n")
        let edited = try #require(TestSupport.parse(after).board.cards.first)
        #expect((edited.assignees, edited.due?.description, edited.tags) == (["Bo"], "2026-06-01", ["ui"]))
    }

    @Test(
        "a Due line that says 'as soon as possible' takes the date given, in its place: the description loses it",
        arguments: [
            ("- [ ] A\n  Due: ASAP\n", "- [ ] A\n  Due: 2026-05-01\n"),
            ("- [ ] A\n  Some text.\n  Due: ASAP\n", "- [ ] A\n  Some text.\n  Due: 2026-05-01\n"),
            ("- [ ] A\n  **Due:** sofort\n  More text.\n", "- [ ] A\n  **Due:** 2026-05-01\n  More text.\n"),
        ])
    func aDueLineOfAsSoonAsPossibleTakesTheDate(card: String, written: String) throws {
        let board = "## Todo\n\n" + card + "- [ ] B\n  Due: 2026-01-02\n\n## Done\n"
        let after = try Self.edited(board, ["edit", "a", "--due", "2026-05-01"])
        #expect(after == "## Todo\n\n" + written + "- [ ] B\n  Due: 2026-01-02\n\n## Done\n")
        #expect(TestSupport.parse(after).board.cards.first?.due?.description == "2026-05-01")
    }

    @Test func aCardAddedToADoneLaneIsCheckedAndStampedAsAMoveWouldWriteIt() throws {
        let board = "---\nnew-cards: [Todo, Done]\n---\n## Todo\n\n- [ ] a\n\n## Done\n\n- [x] B ✅ 2026-01-02\n"
        let after = try Self.edited(board, ["add", "C", "--lane", "done", "--today", "2026-11-26"])
        #expect(after == board + "- [x] C ✅ 2026-11-26\n")
        // A board that does not stamp completions gets the checked box alone.
        let plain = "## Todo\n\n- [ ] a\n\n## Done\n\n- [x] b\n"
        let afterPlain = try Self.edited(
            "---\nnew-cards: [Todo, Done]\n---\n" + plain, ["add", "C", "--lane", "done"])
        #expect(afterPlain.hasSuffix("- [x] b\n- [x] C\n"))
    }

    @Test(arguments: ["- [ ] Task<br>#pi", "- [ ] Task<br>x #pi", "- [ ] Task<BR/>#pi"])
    func aTagAfterABreakIsTheDescriptionsAndIsNotUntagged(line: String) throws {
        let board = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n\(line)\n"
        #expect(TestSupport.parse(board).board.cards.first?.tags == ["pi"])
        let (result, after) = try Self.onBoard(board, ["edit", "task", "--untag", "pi"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'#pi' is also written in the card's description"), "\(result.stderr)")
        #expect(after == board)
    }

    @Test(arguments: [
        (["add", "<div>"], "expected a title that shows some text"),
        (["add", "<!-- c -->"], "expected a title that shows some text"),
        (["add", "%% x %%"], "expected a title that shows some text"),
        (["add", " "], "invalid title ' ': expected a title"),
        (["add", "@{2026-01-01}"], "expected a title with words, not only metadata"),
        (["add", "^abc"], "expected a title with words, not only metadata"),
        (["move", "a", "te"], "'te' fits 2 lanes: 'Testing' or 'Test results'"),
        (["add", "ring\u{7}bell"], "expected a title without control characters"),
        (["add", "TBD"], "expected a title that says more than that a lane is empty"),
        (["add", "\u{1B}[31mred"], "expected a title without control characters"),
        // A new title keeps the card's other fields: metadata in it would change them (its tags join the card's).
        (["edit", "a", "--title", "Call @{2026-01-01} x"], "expected a title without a date, ID, priority"),
        (["edit", "a", "--title", "Due 📅 2026-02-02"], "expected a title without a date, ID, priority"),
        (["edit", "a", "--title", "Has ^blk"], "expected a title without a date, ID, priority"),
        (["edit", "a", "--title", "x [estimate:: 3h]"], "expected a title without a date, ID, priority"),
    ])
    func inputThatCannotBeMetIsAUsageError(arguments: [String], message: String) throws {
        let board = "## Testing\n\n- [ ] a\n\n## Test results\n\n## Done\n"
        let (result, after) = try Self.onBoard(board, arguments + (arguments[0] == "add" ? ["--lane", "testing"] : []))
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(after == board)
    }

    /// A title that starts like a block (`1. Intro`, `> quote`, `- x`, a fence) is the title's text: after a
    /// task box it is a paragraph's text as it is; on a board without task boxes its first mark is escaped.
    @Test(arguments: [
        ("1. Intro", "- [ ] 1. Intro", "- 1\\. Intro"),
        ("2) Two", "- [ ] 2) Two", "- 2\\) Two"),
        ("> quote", "- [ ] > quote", "- \\> quote"),
        ("+ plus", "- [ ] + plus", "- \\+ plus"),
        ("- minus", "- [ ] - minus", "- \\- minus"),
        ("```sh", "- [ ] ```sh", "- \\```sh"),
        ("*Why* not", "- [ ] *Why* not", "- *Why* not"),
    ])
    func aTitleThatStartsLikeABlockIsText(title: String, withBox: String, withoutBox: String) throws {
        for (board, line) in [("## Todo\n\n- [ ] a\n", withBox), ("## Todo\n\n- a\n", withoutBox)] {
            let after = try Self.edited(board, ["add", "--", title])
            #expect(after == board + line + "\n")
            let expected = title == "*Why* not" ? "Why not" : title
            #expect(TestSupport.parse(after).board.cards.last?.title == expected)
        }
        let after = try Self.edited("## Todo\n\n- a\n", ["edit", "a", "--title=" + title])
        #expect(after == "## Todo\n\n" + withoutBox + "\n")
    }

    @Test func aTitleStartingWithATaskBoxIsRefusedOnABoardWithoutThem() throws {
        let board = "## Todo\n\n- a\n"
        let (result, after) = try Self.onBoard(board, ["add", "[x] b"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("expected a title that does not start with a task box"), "\(result.stderr)")
        #expect(after == board)
        // After a task box, it is text.
        let withBoxes = try Self.edited("## Todo\n\n- [ ] a\n", ["add", "[x] b"])
        let card = try #require(TestSupport.parse(withBoxes).board.cards.last)
        #expect(card.title == "[x] b" && !card.isChecked)
    }

    @Test func aNewCardGoesToALaneNamedTodoBeforeOneThatIsTodoForItsPlace() throws {
        // `Notes` after the doing lane, before `À faire`, is todo for standing outside the flow: no new card goes there.
        let board = "## En cours\n\n- [ ] a\n\n## Notes\n\n- [ ] n\n\n## À faire\n\n- [ ] b\n\n## Terminé\n"
        let afterAdd = try Self.edited(board, ["add", "c"])
        #expect(afterAdd.contains("- [ ] b\n- [ ] c\n"))
        let afterMove = try Self.edited(board, ["move", "a", "todo"])
        #expect(afterMove.contains("- [ ] b\n- [ ] a\n"))
        // A card already in a lane of that state stays.
        let schedule = "## Schedule\n\n- [ ] Monday\n\n## Ideas\n\n- [ ] i\n\n## Done\n"
        let unchanged = try Self.edited(schedule, ["move", "monday", "todo"])
        #expect(unchanged == schedule)
    }

    @Test func aBoardWhoseLocaleIsGuessedTakesCardsInAnotherLanguage() throws {
        // The locale is guessed from the board's words; a Korean card on an English-named board may tip it.
        let board = "# 작업 보드\n\n## Todo\n\n- [ ] 회의\n\n## Doing\n\n## Done\n"
        let after = try Self.edited(board, ["add", "로그인 페이지 디자인 수정하기"])
        #expect(after.contains("- [ ] 회의\n- [ ] 로그인 페이지 디자인 수정하기\n"))
    }

    @Test func obsidianAndTaskellTitlesThatStartLikeABlock() throws {
        // The plugin shows a card's text as Markdown blocks: escaped after the task box too.
        let obsidian = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] a\n"
        let after = try Self.edited(obsidian, ["add", "--", "1. Intro"])
        #expect(after == obsidian + "- [ ] 1\\. Intro\n")
        // Taskell shows titles as plain text: refused rather than written with a backslash.
        let taskell = "## To Do\n\n- Buy milk\n    @ 2026-12-01\n\n## Done\n\n- Old\n"
        let (refused, unchanged) = try Self.onBoard(taskell, ["add", "--", "> quote"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Taskell would show the backslash"), "\(refused.stderr)")
        #expect(unchanged == taskell)
    }

    @Test func theLastCardUnderALabelOfTextMayLeave() throws {
        // The label stays where it was, a line of text (a `###` label would read as a heading card: refused).
        let board = "## Todo\n\n- a\n\nRBAC:\n\n- b\n\n## Done\n"
        let after = try Self.edited(board, ["move", "b", "done"])
        #expect(after == "## Todo\n\n- a\n\nRBAC:\n\n## Done\n\n- b\n")
    }

    @Test func aTaskellBoardWithoutDescriptionsYetGetsAQuotedOne() throws {
        let board = "## To Do\n\n- Buy milk\n    @ 2026-12-01\n- Walk dog\n\n## Done\n\n- Old\n"
        #expect(TestSupport.parse(board).board.style.dialect == .taskell)
        let after = try Self.edited(board, ["add", "New one", "--description", "line 1\nline 2"])
        #expect(after.contains("- Walk dog\n- New one\n    > line 1\n    > line 2\n"))
    }

    @Test func aDoneLaneWhoseCardsLeaveTheirBoxesOpenGetsTheCardAsTheyAre() throws {
        let board = "## Todo\n\n- [ ] a\n- [ ] c\n\n## Done\n\n- [ ] b\n"
        let afterMove = try Self.edited(board, ["move", "a", "done"])
        #expect(afterMove == "## Todo\n\n- [ ] c\n\n## Done\n\n- [ ] b\n- [ ] a\n")
        let afterAdd = try Self.edited(
            "---\nnew-cards: [Todo, Done]\n---\n" + board, ["add", "d", "--lane", "done"])
        #expect(afterAdd.hasSuffix("- [ ] b\n- [ ] d\n"))
        // One checked card, or Obsidian's **Complete** marker, and the box is checked.
        let afterChecked = try Self.edited(board + "- [x] e\n", ["move", "a", "done"])
        #expect(afterChecked.hasSuffix("- [x] e\n- [x] a\n"))
    }

    @Test func aDeadlineInADescriptionLineIsChangedWhereItIs() throws {
        let board =
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] #bug\n\t# Mobile Bug\n\tDraw pile. @{2026-06-08}\n"
        let after = try Self.edited(board, ["edit", "mobile-bug", "--due", "2026-12-01"])
        #expect(after == board.replacingOccurrences(of: "@{2026-06-08}", with: "@{2026-12-01}"))
        // A time written apart on that line goes with the date it belonged to.
        let timed = board.replacingOccurrences(of: "@{2026-06-08}", with: "@{2026-06-08} @@{10:00}")
        let afterTime = try Self.edited(timed, ["edit", "mobile-bug", "--due", "2026-12-01 09:30"])
        #expect(afterTime == board.replacingOccurrences(of: "@{2026-06-08}", with: "@{2026-12-01} @@{09:30}"))
        let afterDate = try Self.edited(timed, ["edit", "mobile-bug", "--due", "2026-12-01"])
        #expect(afterDate == board.replacingOccurrences(of: "@{2026-06-08}", with: "@{2026-12-01}"))
    }

    /// A long title line followed by one that starts in lower case reads as one title, hard-wrapped (FORMAT.md): a
    /// description's first line written under such a title is parted from it by a blank line (a paragraph of its own in
    /// the item), by `add` and by `edit --title` alike; a line that cannot be parted so is refused, saying why.
    @Test func aDescriptionUnderALongTitleIsPartedSoThatItIsNotReadAsTheTitle() throws {
        let title = "Investigate why the nightly build fails on the arm64 runners"
        let board = "# P\n\n## TODO\n\n- [ ] a\n"
        let (added, afterAdd) = try Self.onBoard(board, ["add", title, "--description", "see the logs in CI"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr == "")
        #expect(afterAdd == board + "- [ ] \(title)\n\n  see the logs in CI\n")
        let afterRemove = try Self.edited(afterAdd, ["rm", "investigate"])
        #expect(afterRemove == board)
        // A short title takes its description on the next line, as before.
        let afterShort = try Self.edited(board, ["add", "Fix build", "--description", "see the logs in CI"])
        #expect(afterShort == board + "- [ ] Fix build\n  see the logs in CI\n")
        let (renamed, afterRename) = try Self.onBoard(afterShort, ["edit", "fix build", "--title", title])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stderr == "")
        #expect(afterRename == afterAdd)
        // A line that is not indented under the card would leave it after a blank line: refused, saying why.
        let lazy = board + "- [ ] Fix build\nsee the logs in CI\n"
        let (refused, afterRefused) = try Self.onBoard(lazy, ["edit", "fix build", "--title", title])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "b.md:6:1: error: cannot make this edit: the line 'see the logs in CI' after the card's title would "
                + "be read as part of the title (a long title line followed by a line that starts in lower case reads "
                + "as one title, hard-wrapped): start that line otherwise, give a shorter title, or make this edit in "
                + "the file\n")
        #expect(afterRefused == lazy)
    }

    /// A name the board would not read back as that assignee (a placeholder, `@` or markup, by the reader's rule for an
    /// `Assignee:` line) is refused up front, as an invalid value (exit 2), by `add` and `edit` alike.
    @Test func anAssigneeTheBoardWouldNotReadBackIsRefusedAsInvalid() throws {
        let board = "# P\n\n## TODO\n\n- [ ] a\n"
        let expected =
            "expected a name in plain text (no '@' or '[[…]]' around it, no ',' or ']', no HTML or Markdown marks), "
            + "and not one that only holds a place (TBD, none, —)\n"
        for name in ["TBD", "none", "—", "@", "<b>x</b>", "<img src=x>", "**bold**", "x<br>y", "@ann", "a, b"] {
            for arguments in [["edit", "a", "--assignee", name], ["add", "b", "--assignee", name]] {
                let (refused, after) = try Self.onBoard(board, arguments)
                #expect(refused.status == 2, "\(arguments)")
                #expect(refused.stderr == "b.md: error: invalid --assignee '\(name)': " + expected, "\(arguments)")
                #expect(after == board)
            }
        }
        let (unassigned, _) = try Self.onBoard(board, ["edit", "a", "--unassign", "TBD"])
        #expect(unassigned.status == 2)
        #expect(unassigned.stderr == "b.md: error: invalid --unassign 'TBD': " + expected)
        let afterAssign = try Self.edited(board, ["edit", "a", "--assignee", "Ann Lee"])
        #expect(afterAssign == board + "  Assignee: Ann Lee\n")
    }

    /// As in the apps the boards come from, a card put in an empty lane just goes there: it takes the place of the line
    /// that said the lane was empty (a person editing the file would delete it), with a warning saying so. The line is
    /// not written back when the lane empties again.
    @Test func theFirstCardTakesThePlaceOfAnItemThatSaidTheLaneWasEmpty() throws {
        let board = "## Todo\n\n- _(empty)_\n\n## Doing\n\n- (nada no momento)\n\n## Done\n\n- [x] b\n"
        let (added, afterAdd) = try Self.onBoard(board, ["add", "a"])
        #expect(added.status == 0)
        #expect(
            added.stderr
                == "b.md:3:1: warning: the card takes the place of '- _(empty)_', the line that said 'Todo' was empty\n"
        )
        #expect(afterAdd == "## Todo\n\n- [ ] a\n\n## Doing\n\n- (nada no momento)\n\n## Done\n\n- [x] b\n")
        let (moved, afterMove) = try Self.onBoard(board, ["move", "b", "doing"])
        #expect(moved.status == 0)
        #expect(
            moved.stderr
                == "b.md:7:1: warning: the card takes the place of '- (nada no momento)', the line that said 'Doing' "
                + "was empty\n")
        #expect(afterMove == "## Todo\n\n- _(empty)_\n\n## Doing\n\n- [ ] b\n\n## Done\n")
        // `--force` changes nothing here; `--dry-run` shows the line going in the diff, and writes nothing.
        let (forced, afterForce) = try Self.onBoard(board, ["move", "b", "doing", "--force"])
        #expect(forced.status == 0)
        #expect(forced.stderr == moved.stderr)
        #expect(afterForce == afterMove)
        let (dry, afterDry) = try Self.onBoard(board, ["add", "a", "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("-- _(empty)_\n+- [ ] a\n"), "\(dry.stdout)")
        #expect(dry.stderr.contains("warning: the card takes the place of '- _(empty)_'"))
        #expect(afterDry == board)
    }

    @Test func theFirstCardTakesThePlaceOfALineThatSaidTheLaneWasEmpty() throws {
        let board = "## Todo\n\n- [ ] a\n\n## Doing\n\n*(Nothing in progress)*\n\n## Done\n\nПусто.\nSee the archive.\n"
        let (moved, afterMove) = try Self.onBoard(board, ["move", "a", "doing"])
        #expect(moved.status == 0)
        #expect(
            moved.stderr
                == "b.md:7:1: warning: the card takes the place of '*(Nothing in progress)*', the line that said "
                + "'Doing' was empty\n")
        #expect(afterMove == "## Todo\n\n## Doing\n\n- [ ] a\n\n## Done\n\nПусто.\nSee the archive.\n")
        // A paragraph of more than that line is the lane's text, and stays.
        let afterDone = try Self.edited(afterMove, ["done", "a"])
        #expect(afterDone == "## Todo\n\n## Doing\n\n## Done\n\nПусто.\nSee the archive.\n\n- [x] a\n")
    }

    @Test func newCardsDoNotStartInALaneOfNotes() throws {
        let board = "## Legend\n\n- 📝 TODO - to do\n\n## TODO\n\n- [ ] a\n\n## Done\n"
        let afterAdd = try Self.edited(board, ["add", "b"])
        #expect(afterAdd == "## Legend\n\n- 📝 TODO - to do\n\n## TODO\n\n- [ ] a\n- [ ] b\n\n## Done\n")
        // Named, or the only lane of the state asked for, it is refused: a card there would turn its items into
        // cards, or be read as its text.
        let onlyTodo = "## Legend\n\n- 📝 TODO - to do\n\n## Doing\n\n- [ ] a\n"
        for (text, arguments) in [
            (board, ["add", "b", "--lane", "legend"]), (board, ["move", "a", "legend", "--force"]),
            (onlyTodo, ["add", "b"]), (onlyTodo, ["move", "a", "todo"]),
        ] {
            let (refused, afterRefused) = try Self.onBoard(text, arguments)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.stderr.contains("'Legend' holds notes, not cards"), "\(refused.stderr)")
            #expect(afterRefused == text)
        }
    }

    @Test func aTaskellBoardWithoutDeadlinesYetGetsAnAtLine() throws {
        let board = "## To Do\n\n- Buy milk\n    > Two litres.\n- Walk dog\n\n## Done\n\n- Old\n"
        #expect(TestSupport.parse(board).board.style.dialect == .taskell)
        let after = try Self.edited(board, ["edit", "buy milk", "--due", "2026-12-01"])
        #expect(after.contains("- Buy milk\n    @ 2026-12-01\n    > Two litres.\n"), "\(after)")
    }

    @Test func vsCodeListCardsGetPropertiesADescriptionBlockAndACompletedProperty() throws {
        let board = """
            ## To Do

            - [021] Add scripts
              - due: 2025-07-08
              - tags: [tooling]
                ```md
                Add scripts.
                ```

            ## Done

            - [020] Debug configs
              - due: 2025-07-07
              - completed: 2025-07-06
                ```md
                Done.
                ```

            """
        #expect(TestSupport.parse(board).board.style.dialect == .vscodeKanban)
        let afterAdd = try Self.edited(
            board, ["add", "New card", "--tag", "x", "--due", "2026-12-01", "--description", "Some `code`"])
        #expect(
            afterAdd.contains(
                "- New card\n  - due: 2026-12-01\n  - tags: [x]\n    ```md\n    Some `code`\n    ```\n"))
        let afterDone = try Self.edited(board, ["done", "021", "--today", "2026-11-26"])
        #expect(
            afterDone.contains(
                "- [021] Add scripts\n  - due: 2025-07-08\n  - tags: [tooling]\n  - completed: 2026-11-26\n"))
        #expect(!afterDone.contains("✅"))
        let afterMove = try Self.edited(board, ["move", "020", "to do"])
        #expect(afterMove.contains("- [020] Debug configs\n  - due: 2025-07-07\n    ```md\n    Done.\n    ```\n"))
    }

    @Test func aVSCodeHeadingCardsDescriptionWithAHeadingNeedsAPropertyToHoldIt() throws {
        let board =
            "# Board\n\n## Todo\n\n### Alpha\n  - due: 2026-01-05\n    ```md\n    ## Heading\n    text\n    ```\n\n## Done\n"
        #expect(TestSupport.parse(board).board.style.dialect == .vscodeKanban)
        // The ```md block goes inside the card's last property: without one, `## H` would be written as a lane.
        let (refused, unchanged) = try Self.onBoard(board, ["add", "New", "--description", "## H"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("the description holds a heading ('## H')"), "\(refused.stderr)")
        #expect(refused.stderr.contains("or give the card a deadline, a tag or an assignee"), "\(refused.stderr)")
        #expect(unchanged == board)
        let after = try Self.edited(
            board, ["add", "New", "--description", "## H", "--due", "2026-02-02"])
        #expect(after.contains("### New\n  - due: 2026-02-02\n    ```md\n    ## H\n    ```\n"), "\(after)")
    }

    @Test func aHeadingCardOverItsDetailsMovesWithThem() throws {
        // `### P12-13 …` over `- Source: …` is one card: it moves with its line, and the lane it leaves keeps no label.
        let board =
            "# Board\n\n## To Do\n\n### P12-13 Update Planner Prompt\n- Source: P12-13_PROMPT.md\n\n"
            + "### P12-14 Manual Testing\n- Source: P12-14_E2E.md\n\n## In Progress\n\n## Done\n\n### P11-12 Old\n"
        let after = try Self.edited(board, ["move", "p12-13", "in progress"])
        #expect(
            after
                == "# Board\n\n## To Do\n\n### P12-14 Manual Testing\n- Source: P12-14_E2E.md\n\n## In Progress\n\n"
                + "### P12-13 Update Planner Prompt\n- Source: P12-13_PROMPT.md\n\n## Done\n\n### P11-12 Old\n",
            "\(after)")
        // A card told by the board's other headings (its list alone does not tell) moves and is edited too.
        let details =
            "## Todo\n\n### Estructura\n- Rama: chore/x\n- Carpetas: backend, docs\n\n### Docker + SQLAlchemy\n"
            + "- Rama: feature/db\n- connection.py, init_db.py\n- psycopg2 instalado con uv\n\n## Done\n"
        let afterDone = try Self.edited(details, ["move", "docker", "done"])
        #expect(
            afterDone.hasSuffix(
                "## Done\n\n### Docker + SQLAlchemy\n- Rama: feature/db\n- connection.py, init_db.py\n"
                    + "- psycopg2 instalado con uv\n"), "\(afterDone)")
        let afterTag = try Self.edited(details, ["edit", "docker", "--tag", "db"])
        #expect(afterTag.contains("### Docker + SQLAlchemy\nTags: db\n- Rama: feature/db\n"), "\(afterTag)")
    }

    @Test func aHeadingCardIsNotLeftAsALabelOverItsTaskList() throws {
        // `### Alpha` over a task list is a card while a field line comes first; without it, a group label.
        let board =
            "# B\n\n## Todo\n\n### Alpha\nDue: 2026-01-01\n- [ ] step\n\n## Done\n\n### Old\n"
            + "- **Completed:** 2026-01-01\n- [x] step one\n"
        for arguments in [
            ["edit", "alpha", "--no-due"], ["move", "old", "todo"], ["add", "New", "--description=- [ ] a step"],
        ] {
            let (refused, unchanged) = try Self.onBoard(board, arguments)
            #expect(refused.status == 1, "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr.contains(
                    "is a heading over a list, which reads as a card only while a field line or text"),
                "\(refused.stderr)")
            #expect(!refused.stderr.contains("please report"))
            #expect(unchanged == board)
        }
        // Other edits and moves keep the field line.
        let after = try Self.edited(board, ["edit", "alpha", "--assignee", "ann"])
        #expect(after.contains("### Alpha\nDue: 2026-01-01\nAssignee: ann\n- [ ] step\n"), "\(after)")
        let _ = try Self.edited(board, ["move", "alpha", "done"])
    }

    @Test func addTopGoesAboveAHeadingCardOverGroupedListCards() throws {
        let board =
            "# B\n\n## Todo\n\n### Alpha\n\nSome text.\n\n### Group\n\n- [ ] One\n- [ ] Two\n\n## Done\n\n- [x] Old\n"
        let after = try Self.edited(board, ["add", "New", "--top"])
        #expect(after.hasPrefix("# B\n\n## Todo\n\n- [ ] New\n\n### Alpha\n\nSome text.\n"), "\(after)")
        let afterMove = try Self.edited(board, ["move", "old", "todo", "--top"])
        #expect(afterMove.hasPrefix("# B\n\n## Todo\n\n- [ ] Old\n\n### Alpha\n"), "\(afterMove)")
        let afterRaise = try Self.edited(board, ["move", "two", "todo", "--top"])
        #expect(afterRaise.hasPrefix("# B\n\n## Todo\n\n- [ ] Two\n\n### Alpha\n"), "\(afterRaise)")
        #expect(afterRaise.contains("### Group\n\n- [ ] One\n\n## Done"), "\(afterRaise)")
    }

    @Test(arguments: ["    let x = 1\n    y", "\tlet x = 1", "Code:\n\n\tlet x = 1"])
    func aDescriptionsIndentedCodeStaysCode(description: String) throws {
        let board = "# B\n\n## Todo\n\n- [ ] One\n\n## Done\n"
        let after = try Self.edited(board, ["add", "New", "--description", description])
        let card = try #require(TestSupport.parse(after).board.lanes[0].cards.last)
        #expect(card.title == "New", "\(after)")
        // An indented code block cannot interrupt the title's paragraph (a blank line parts them), and two spaces before
        // a tab would not move it further right (they go after it).
        #expect(card.description.nodes.contains { $0.kind == .codeBlock && $0.text.hasPrefix("let x = 1") }, "\(after)")
    }

    @Test(arguments: ["Due: 2026-01-01", "Notes first.\nAssignee: bob", "@ 2026-01-01", "@{2026-01-01}"])
    func aDescriptionLineTheBoardWouldReadAsMetadataIsRefused(description: String) throws {
        // Such a line would become the card's deadline or field, not its description's text.
        for board in [
            "# B\n\n## Todo\n\n- [ ] One\n\n## Done\n", "# B\n\n## Todo\n\n### One\nDue: 2026-02-01\n\n## Done\n",
        ] {
            let (refused, unchanged) = try Self.onBoard(board, ["add", "New", "--description", description])
            #expect(refused.status == 2, "\(refused.stderr)")
            let line = String(description.split(separator: "\n").last!)
            #expect(
                refused.stderr.contains("the description's line '\(line)' would be read as the card's metadata"),
                "\(refused.stderr)")
            #expect(unchanged == board)
        }
    }

    @Test func aCardsIndentedCodeIsNotTheBoardsIndentationForText() throws {
        // `One`'s only line under its title is code: new text under a title is indented as its marker, not six in
        // (after a blank line, six would make `b` code).
        let board = "## Todo\n\n- [ ] One\n\n      let x = 1\n\n## Done\n"
        let after = try Self.edited(board, ["add", "New", "--description", "a\n\nb"])
        #expect(after.contains("- [ ] New\n  a\n\n  b\n"), "\(after)")
    }

    @Test func moveTopRaisesACardWithinItsLane() throws {
        let board =
            "---\ntransitions:\n  Todo: [Done]\n---\n## Todo\n\n- [ ] a\n- [ ] b\n  desc b\n- [ ] c\n\n## Done\n"
        let (raised, after) = try Self.onBoard(board, ["move", "b", "todo", "--top"])
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(raised.stdout.contains("Moved 'b' to the top of Todo"), "\(raised.stdout)")
        #expect(after.contains("## Todo\n\n- [ ] b\n  desc b\n- [ ] a\n- [ ] c\n"))
        // Into a lane with fewer cards than the card's place in its own.
        let afterAcross = try Self.edited(
            "## Todo\n\n- [ ] A\n- [ ] B\n\n## Done\n", ["move", "B", "done", "--top"])
        #expect(afterAcross.hasSuffix("## Done\n\n- [x] B\n"))
        // The first card already is at the top; without --top a card stays where it is.
        for arguments in [["move", "a", "todo", "--top"], ["move", "c", "todo"]] {
            let (result, same) = try Self.onBoard(board, arguments)
            #expect(result.status == 0)
            #expect(result.stderr.contains("nothing to do"))
            #expect(same == board)
        }
    }

    @Test func whatNoEditCanReachIsNotClaimedGone() throws {
        let board = "## Todo\n\n### Task\n\n**Priority**: High | **Category**: Frontend | **Assigned**: @ann\n"
        #expect(TestSupport.parse(board).board.cards.first?.assignees == ["ann"])
        let (result, after) = try Self.onBoard(board, ["edit", "task", "--unassign", "ann"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'ann' is written where pm-render cannot take it away"), "\(result.stderr)")
        #expect(after == board)
    }

    @Test func aTagWithASpaceTheCardHasCanBeTakenAway() throws {
        let board = "## Todo\n\n### Scan hosts\n\n- tags: [UI, Host Discovery]\n- due: 2026-12-01\n"
        let after = try Self.edited(board, ["edit", "scan", "--untag", "Host Discovery"])
        #expect(after == board.replacingOccurrences(of: "[UI, Host Discovery]", with: "[UI]"))
        // A tag the card does not have must still be one a card could have.
        let (refused, _) = try Self.onBoard(board, ["edit", "scan", "--untag", "No Such"])
        #expect(refused.status == 2)
    }

    @Test func aCardWhoseStampFollowsABlockIDMovesOutOfDone() throws {
        // Without the stamp, `^dep-a` ends the line and becomes the card's block ID, as Obsidian reads it.
        let board = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n## Done\n\n- [x] Ship it ^dep-a ✅ 2026-05-03\n"
        let after = try Self.edited(board, ["move", "ship", "todo"])
        #expect(after.contains("## Todo\n\n- [ ] Ship it ^dep-a\n"))
        let card = try #require(TestSupport.parse(after).board.cards.first)
        #expect(card.title == "Ship it")
        #expect(card.explicitID == "dep-a")
    }

    @Test func removingATokenChangesOnlyItsBytesAndTheSpacesBesideIt() throws {
        let board = """
            ## Todo

            - [ ] Run  `a  b` #t [[My  Note]] [x](<a  b.md>) #u

            ## Done

            - [x] Read  [[My  Note]] ✅ 2026-01-01\u{20}\u{20}

            """
        let afterUntag = try Self.edited(board, ["edit", "run", "--untag", "t", "--untag", "u"])
        #expect(afterUntag.contains("\n- [ ] Run  `a  b` [[My  Note]] [x](<a  b.md>)\n"))
        let afterMove = try Self.edited(board, ["move", "read", "todo"])
        // The stamp goes; the spaces inside the wikilink, and the trailing spaces, stay.
        #expect(afterMove.contains("\n- [ ] Read  [[My  Note]]  \n"))
    }

    @Test func aDeadlineLinkedToADailyNoteIsTakenAway() throws {
        let board = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] Call @[[2026-02-10#^a1b2]]\n"
        let after = try Self.edited(board, ["edit", "call", "--no-due"])
        #expect(after == "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] Call\n")
        // A date in a link of Markdown's (`@[May 10](…)`) is not rewritten: refused, the board as it was.
        let linked = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] Call @[2026-02-10](2026-02-10.md)\n"
        let (result, unchanged) = try Self.onBoard(linked, ["edit", "call", "--no-due"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot make this edit"), "\(result.stderr)")
        #expect(unchanged == linked)
    }

    @Test func textThatWouldReadOtherwiseIsWrittenSoItReadsAsGiven() throws {
        // A `#` run at the end of a heading card's title is escaped, or it would close the heading.
        let heading = try Self.edited(
            "## TODO\n\n### Card\nbody\n\n## DONE\n", ["edit", "card", "--title", "Has hashes #"])
        #expect(heading.contains("### Has hashes \\#\n"))
        #expect(TestSupport.parse(heading).board.cards.map(\.title) == ["Has hashes #"])
        // A `---` under the description's first line would turn the title into a heading: a blank line parts them.
        let list = try Self.edited(
            "## TODO\n\n- [ ] Alpha\n\n## DONE\n", ["add", "New", "--description", "x\n---"])
        let card = try #require(TestSupport.parse(list).board.cards.last)
        #expect(card.title == "New")
        #expect(card.descriptionSource == "x\n---")
        // A `<br>` would end the title.
        let (broken, unchanged) = try Self.onBoard(
            "## TODO\n\n- [ ] Alpha\n", ["edit", "alpha", "--title", "first<br>second"])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("expected a title of one line (a <br> would start the description)"))
        #expect(unchanged == "## TODO\n\n- [ ] Alpha\n")
    }

    @Test(arguments: [["rm", "last"], ["move", "last", "Todo"], ["archive", "last"]])
    func obsidianSettingsRightUnderTheLastCardStayWhole(arguments: [String]) throws {
        // No blank line between the last card and the settings block: its first line continues the card's paragraph.
        let settings =
            "%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\",\"date-format\":\"DD.MM.YYYY\"}\n```\n%%\n"
        let board =
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] A @{01.06.2026}\n\n## Done\n\n- [x] Last\n"
            + settings
        let read = TestSupport.parse(board).board
        #expect(read.cards.map(\.title) == ["A", "Last"])
        #expect(read.cards.first?.due?.iso == "2026-06-01")
        let after = try Self.edited(board, arguments)
        #expect(after.hasSuffix(settings))
        #expect(TestSupport.parse(after).board.cards.first?.due?.iso == "2026-06-01")
    }

    @Test func aBoardOfCarriageReturnLinesGetsCarriageReturnLines() throws {
        let after = try Self.edited(
            "## TODO\r\r### A\rbody\r\r## DONE\r", ["add", "New", "--tag", "x", "--description", "one\ntwo"])
        #expect(!after.contains("\n"))
        #expect(TestSupport.parse(after).board.cards.last?.tags == ["x"])
    }

    @Test(arguments: [["--untag", "nope"], ["--no-due"], ["--tag", "x"], ["--title", "Alpha"]])
    func anEditThatChangesNothingSaysSoAndWritesNothing(arguments: [String]) throws {
        let board = "## TODO\n\n- [ ] Alpha #x\n\n## DONE\n"
        let (result, after) = try Self.onBoard(board, ["edit", "alpha"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("b.md:3:1: note: 'Alpha' already is as asked: nothing to do"))
        #expect(after == board)
    }

    @Test func aMovedCardLinesUpWithTheCardItFollows() throws {
        // The lane's first card is indented by two: under the unindented last one, two spaces would nest it.
        let board = "## TODO\n\n  - [ ] A\n- [ ] B\n\n## DOING\n\n- [ ] C\n"
        let after = try Self.edited(board, ["move", "c", "todo"])
        #expect(after == "## TODO\n\n  - [ ] A\n- [ ] B\n- [ ] C\n\n## DOING\n")
    }

    @Test func aMovedCardsTabIndentedLinesMoveByColumns() throws {
        // Three spaces put before a tab widen nothing (the tab reaches column 4 either way): they go after it.
        let board =
            "## Todo\n\n- [ ] Beta\n- [ ] Alpha\n\t- [ ] sub\n\t\t- deeper\n\n\tmore text\n\n## Done\n\n   - [x] Omega\n"
        let after = try Self.edited(board, ["move", "alpha", "done"])
        #expect(
            after
                == "## Todo\n\n- [ ] Beta\n\n## Done\n\n   - [x] Omega\n   - [x] Alpha\n\t   - [ ] sub\n\t\t   - deeper\n\n"
                + "\t   more text\n")
        // And back: the spaces after the tab go.
        let returned = try Self.edited(after, ["move", "alpha", "todo"])
        #expect(
            returned.hasPrefix("## Todo\n\n- [ ] Beta\n- [ ] Alpha\n\t- [ ] sub\n\t\t- deeper\n\n\tmore text\n"),
            "\(returned)")
    }

    @Test func keyValueItemsReadAsTheDescriptionAreNoFieldsToWriteBeside() throws {
        // Two `- Key: value` items (one known key) are a list in the description: an `- Assignee:` item among them
        // would make them the card's properties. The new field goes under the title instead.
        let board = "## Todo\n- [ ] Card\n    - Added: 26/01\n    - Completed: N/A\n"
        let after = try Self.edited(board, ["edit", "card", "--assignee", "X"])
        #expect(after == "## Todo\n- [ ] Card\n  Assignee: X\n    - Added: 26/01\n    - Completed: N/A\n")
        let before = try Self.edited(after, ["edit", "card", "--unassign", "X"])
        #expect(before == board)
    }

    @Test func theLastCardUnderAGroupLabelIsNotTakenAwaySilently() throws {
        let board = "## To Do\n\n### Frontend\n\n- [ ] Dark mode\n\n## Done\n"
        let (result, after) = try Self.onBoard(board, ["done", "dark"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("it would leave the group label 'Frontend' in 'To Do' without a card"))
        #expect(after == board)
        // Obsidian reads every heading in a lane as a label: there the card goes.
        let obsidian = "---\nkanban-plugin: basic\n---\n\n" + board
        let _ = try Self.edited(obsidian, ["done", "dark"])
        // Nor one label of several, on a board whose headings over text and a list are cards: said at the label.
        let groups =
            "## To Do\n\n### A. Naming\n- [ ] Rename\n\n### B. Model\n- [ ] Design\n\n### C. Hardware\n"
            + "One session does it:\n- [ ] Tune\n\n## Done\n"
        let (refused, unchanged) = try Self.onBoard(groups, ["rm", "rename"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix(
                "b.md:3:1: error: cannot make this edit: it would leave the group label 'A. Naming'"),
            "\(refused.stderr)")
        #expect(unchanged == groups)
    }

    @Test func aDataviewAssigneeListIsEditedInPlace() throws {
        let board = "## TODO\n\n- [ ] A [assignee:: Ana, Ben]\n\n## DONE\n"
        let afterRemoving = try Self.edited(board, ["edit", "a", "--unassign", "Ana"])
        #expect(afterRemoving == "## TODO\n\n- [ ] A [assignee:: Ben]\n\n## DONE\n")
        let afterAdding = try Self.edited(board, ["edit", "a", "--assignee", "Cy"])
        #expect(afterAdding == "## TODO\n\n- [ ] A [assignee:: Ana, Ben, Cy]\n\n## DONE\n")
        let afterClearing = try Self.edited(
            board, ["edit", "a", "--unassign", "Ana", "--unassign", "Ben"])
        #expect(afterClearing == "## TODO\n\n- [ ] A\n\n## DONE\n")
    }

    @Test func aTagWrittenInTheDescriptionIsNotUntaggedSilently() throws {
        let board = "## TODO\n\n- [ ] A #x\n  About #x things.\n"
        let (result, after) = try Self.onBoard(board, ["edit", "a", "--untag", "x"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'#x' is also written in the card's description"))
        #expect(after == board)
    }

    @Test(arguments: [["edit", "make deploy", "--title", "Deploy"], ["edit", "make deploy", "--due", "2026-12-01"]])
    func nothingIsWrittenOnTheFirstLineOfACardThatOpensWithCode(_ arguments: [String]) throws {
        let board = "## Todo\n\n- ```sh\n  make deploy\n  ```\n- next\n\n## Done\n"
        let (result, after) = try Self.onBoard(board, arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains("opens with a list, a quote or code, not a title line"))
        #expect(after == board)
        // Moving it writes nothing on that line, and works.
        let afterMoving = try Self.edited(board, ["move", "make deploy", "done", "--force"])
        #expect(afterMoving.hasSuffix("## Done\n\n- ```sh\n  make deploy\n  ```\n"))
        // Indented code (five spaces after the marker) is code too.
        let indented = "## Todo\n\n-     make deploy\n- next\n"
        let (refused, unchanged) = try Self.onBoard(indented, arguments)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("opens with a list, a quote or code, not a title line"))
        #expect(unchanged == indented)
    }

    @Test func fieldValuesInCodeSpansAreReadAndEdited() throws {
        let board = "## TODO\n\n- A\n  Labels : `front`, `back`\n  Owner: `ana`, `ben`\n"
        let card = try #require(TestSupport.parse(board).board.cards.first)
        #expect(card.tags == ["front", "back"])
        #expect(card.assignees == ["ana", "ben"])
        let after = try Self.edited(board, ["edit", "a", "--untag", "front", "--unassign", "ben"])
        #expect(after == "## TODO\n\n- A\n  Labels : `back`\n  Owner: `ana`\n")
    }

    @Test func tagsInANewTitleAreTheCardsTags() throws {
        let after = try Self.edited(
            "## TODO\n\n- [ ] Fix login #ui\n", ["edit", "fix", "--title", "Fix the login #bug"])
        #expect(after == "## TODO\n\n- [ ] Fix the login #bug #ui\n")
        #expect(Set(TestSupport.parse(after).board.cards.first?.tags ?? []) == ["bug", "ui"])
    }

    @Test func taskellCardsGetQuotedDescriptionsAndDeadlinesInUTC() throws {
        let board = "## To Do\n\n- Record\n    @ 2026-11-24\n    > Guest.\n\n## Done\n"
        let after = try Self.edited(
            board, ["add", "New", "--description", "hello", "--due", "2026-12-01 10:00"])
        #expect(after.contains("- New\n    @ 2026-12-01 10:00 UTC\n    > hello\n"))
        #expect(TestSupport.parse(after).board.cards.last?.due?.iso == "2026-12-01T10:00")
        let afterEditing = try Self.edited(board, ["edit", "record", "--due", "2026-12-02 09:30"])
        #expect(afterEditing.contains("- Record\n    @ 2026-12-02 09:30 UTC\n"))
    }

    /// Taskell reads a card's name, `@ date`, `> description` and `* subtask` lines and nothing else (its parser
    /// fails on any other line): what pm-render writes on its boards stays in those lines.
    @Test func aTaskellBoardIsWrittenInLinesTaskellReads() throws {
        let board = "## To Do\n\n- Buy milk\n    @ 2026-01-02\n    > Semi-skimmed\n- Fix bike\n\n## Done\n\n- Old\n"
        let described = try Self.edited(board, ["add", "New", "--description", "a\n\nc"])
        #expect(described.contains("- New\n    > a\n    > \n    > c\n"), "\(described)")
        for arguments in [["add", "New", "--assignee", "ann"], ["edit", "fix", "--assignee", "ann"]] {
            let (result, after) = try Self.onBoard(board, arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("cannot make this edit: Taskell has no assignees"), "\(result.stderr)")
            #expect(after == board)
        }
        let archived = try Self.edited(board, ["archive", "fix"])
        #expect(archived.hasSuffix("## Done\n\n- Old\n\n## Archive\n\n- Fix bike\n"), "\(archived)")
        #expect(TestSupport.parse(archived).board.archive.map(\.title) == ["Fix bike"])
        let again = try Self.edited(archived, ["archive", "buy"])
        #expect(TestSupport.parse(again).board.archive.map(\.title) == ["Fix bike", "Buy milk"])
    }

    @Test func aBreakTagInACodeSpanIsTitleText() throws {
        let after = try Self.edited(
            "## TODO\n\n- [ ] A\n", ["edit", "a", "--title", "Fix `<br>` handling"])
        #expect(TestSupport.parse(after).board.cards.first?.title == "Fix <br> handling")
    }

    @Test func aBoardWithCRLFLinesGetsCRLFLinesWhereverTheFirstEndingIs() throws {
        let after = try Self.edited("## Todo\n\n- [ ] A\r\n- [ ] B\r\n", ["add", "New"])
        #expect(after.hasSuffix("- [ ] New\r\n"))
    }

    @Test func kanbnTasksAreMovedHereAndMadeOrChangedWithKanbn() throws {
        let board =
            "---\nstartedColumns:\n  - Doing\ncompletedColumns:\n  - Done\n---\n\n## Todo\n\n"
            + "- [fix-login](tasks/fix-login.md)\n\n## Doing\n\n## Done\n"
        // (kanbn reads each `##` section of its index as a column holding a list: an archive's rule would break it.)
        for arguments in [
            ["edit", "fix-login", "--title", "Fix the login"], ["add", "New task"], ["archive", "fix"],
        ] {
            let (result, after) = try Self.onBoard(board, arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("b.md: error: cannot make this edit: kanbn "), "\(result.stderr)")
            #expect(after == board)
        }
        let after = try Self.edited(board, ["move", "fix-login", "Doing"])
        #expect(after.contains("## Doing\n\n- [fix-login](tasks/fix-login.md)\n"))
    }

    @Test func rowsOfALanesOwnTableAreMovedRemovedAddedAndEditedButNotArchivedNorMixedWithListCards() throws {
        let board =
            "## To Do\n\n| ID | Task | Owner |\n|---|---|---|\n| T1 | Write the guide | Ann |\n\n"
            + "## Doing\n\n- [ ] Review\n\n## Done\n"
        let refusals = [
            (
                ["move", "T1", "Doing"],
                "b.md:5:3: error: cannot make this edit: 'Write the guide' is a row of a table: 'Doing' holds no "
                    + "table of cards to take it; move it in the file"
            ),
            (
                ["edit", "T1", "--due", "2026-12-01"],
                "b.md:5:3: error: cannot make this edit: 'Write the guide' is a row of a table: its table has no column "
                    + "for a deadline; edit it in the file"
            ),
            (["archive", "T1"], "b.md:5:3: error: cannot make this edit: 'Write the guide' is a row"),
            (["move", "review", "To Do"], "b.md: error: cannot make this edit: 'To Do' is read from a table"),
        ]
        for (arguments, message) in refusals {
            let (result, after) = try Self.onBoard(board, arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(after == board)
        }
        let afterAdding = try Self.edited(board, ["add", "Plan | launch", "--assignee", "Bo"])
        #expect(afterAdding.contains("| T1 | Write the guide | Ann |\n| T2 | Plan \\| launch | Bo |\n\n## Doing"))
        let card = TestSupport.parse(afterAdding).board.lanes[0].cards.last
        #expect((card?.title, card?.assignees) == ("Plan | launch", ["Bo"]))
        let (noColumn, unchanged) = try Self.onBoard(board, ["add", "Plan", "--due", "2026-12-01"])
        #expect(noColumn.status == 1)
        #expect(
            noColumn.stderr.contains("error: cannot make this edit: the table of 'To Do' has no column for a deadline"))
        #expect(unchanged == board)
        let afterRemoving = try Self.edited(board, ["rm", "T1"])
        #expect(afterRemoving == board.replacingOccurrences(of: "| T1 | Write the guide | Ann |\n", with: ""))
    }

    /// A row goes into the table of the lane it is moved to, and back, byte for byte; under columns of the same names
    /// in another order; a status column takes the status the rows there have.
    @Test func aTablesRowMovesIntoAnotherLanesTableAndBack() throws {
        let board =
            "## To Do\n\n| ID | Task   | Owner |\n|----|--------|-------|\n| T1 | Spec   | Ann   |\n| T2 | Mock   | Bo    |\n\n"
            + "## Doing\n\n| ID | Task | Owner |\n|---|---|---|\n\n"
            + "## Done\n\n| Task | ID | Owner | Status |\n|---|---|---|---|\n| Repo | T0 | Ann | Done |\n"
        let scratch = try Scratch(text: board)
        defer { scratch.remove() }
        var result = try scratch.run("move", ["T2", "Doing"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.text.contains("## Doing\n\n| ID | Task | Owner |\n|---|---|---|\n| T2 | Mock   | Bo    |\n"))
        result = try scratch.run("move", ["T2", "To Do"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.text == board)
        result = try scratch.run("move", ["T1", "To Do", "--top"])
        #expect(result.stdout.contains("already"), "\(result.stdout)")
        result = try scratch.run("move", ["T2", "To Do", "--top"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.text.contains("|----|--------|-------|\n| T2 | Mock   | Bo    |\n| T1 | Spec   | Ann   |\n"))
        result = try scratch.run("done", ["T1", "--force"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.text.hasSuffix("| Repo | T0 | Ann | Done |\n| Spec | T1 | Ann | Done |\n"))
        let done = TestSupport.parse(scratch.text).board.lanes[2].cards.last
        #expect((done?.title, done?.id, done?.isChecked) == ("Spec", "T1", true))
    }

    /// A row is edited cell by cell: the cells the change reaches are rewritten, every other byte of the line kept.
    @Test func aRowIsEditedInItsCells() throws {
        let board =
            "## To Do\n\n| ID | Task              | Due        | Owner | Tags |\n|----|---|---|---|---|\n"
            + "| T1 | Write the guide #docs | 2026-12-01 | Ann   |      |\n| T2 | Spec | | | ux |\n\n## Done\n"
        for (arguments, line) in [
            (
                ["edit", "T1", "--title", "Write the manual"],
                "| T1 | Write the manual #docs | 2026-12-01 | Ann   |      |"
            ),
            (["edit", "T1", "--no-due"], "| T1 | Write the guide #docs |  | Ann   |      |"),
            (["edit", "T2", "--due", "2027-01-31"], "| T2 | Spec | 2027-01-31 | | ux |"),
            (["edit", "T1", "--assignee", "Bo"], "| T1 | Write the guide #docs | 2026-12-01 | Ann, Bo   |      |"),
            (["edit", "T2", "--assignee", "Bo"], "| T2 | Spec | | Bo | ux |"),
            (["edit", "T2", "--untag", "ux", "--tag", "api"], "| T2 | Spec | | | api |"),
            (["edit", "T1", "--untag", "docs", "--tag", "web"], "| T1 | Write the guide | 2026-12-01 | Ann   | web |"),
        ] {
            let (result, after) = try Self.onBoard(board, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(after.split(separator: "\n").contains(Substring(line)), "\(arguments): \(after)")
            #expect(after.split(separator: "\n").count == board.split(separator: "\n").count)
        }
        let plain = "## To Do\n\n| Task | Owner |\n|---|---|\n| Spec #ux | Ann |\n"
        let afterTagging = try Self.edited(plain, ["edit", "spec", "--tag", "api", "--untag", "ux"])
        #expect(afterTagging.hasSuffix("| Spec #api | Ann |\n"))
        let card = TestSupport.parse(afterTagging).board.lanes[0].cards.first
        #expect((card?.title, card?.tags) == ("Spec", ["api"]))
        let short = "## To Do\n\n| Task | Owner\n|---|---\n| Spec #ux |\n"
        let (refused, unchanged) = try Self.onBoard(short, ["edit", "spec", "--assignee", "Bo"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "b.md:5:3: error: cannot make this edit: 'Spec' is a row of a table: the row has no cell under "
                    + "'Owner'; edit it in the file"), "\(refused.stderr)")
        #expect(unchanged == short)
    }

    /// A new row continues the board's numbering in its ID or number column: the prefix most of its table's IDs have
    /// (the board's, for a table without any), the highest number with it plus one, zeros kept.
    @Test func aNewRowTakesTheNextIDOfItsTablesNumbering() throws {
        let board =
            "## To Do\n\n| ID | Task |\n|---|---|\n| T-001 | A |\n| T-002 | B |\n\n"
            + "## Icebox\n\n| ID | Task |\n|---|---|\n| F-007 | Someday |\n\n"
            + "## Doing\n\n| ID | Task |\n|---|---|\n\n"
            + "## Done\n\n| ID | Task |\n|---|---|\n| T-009 | Shipped |\n| - | Setup |\n"
        for (arguments, row) in [
            (["add", "New"], "| T-002 | B |\n| T-010 | New |\n"),
            (["add", "Later", "--lane", "Icebox"], "| F-007 | Someday |\n| F-008 | Later |\n"),
            (["add", "Now", "--lane", "Doing", "--force"], "|---|---|\n| T-010 | Now |\n"),
        ] {
            let after = try Self.edited(board, arguments)
            #expect(after.contains(row), "\(arguments): \(after)")
            #expect(
                TestSupport.parse(after).board.lanes.flatMap(\.cards).contains { $0.id == row.split(separator: " ")[1] }
            )
        }
        let numbered = "## To Do\n\n| # | Task |\n|---|---|\n| 8 | A |\n| 9 | B |\n\n## Done\n"
        let after = try Self.edited(numbered, ["add", "C"])
        #expect(after.contains("| 9 | B |\n| 10 | C |\n"))
    }

    @Test func aBoardKeptAsATableOfStatusesIsEditedRowByRow() throws {
        let board =
            "# Roadmap\n\nOur plan.\n\n| # | Feature | Owner | Estado |\n| :-- | :--- | --- | :---: |\n"
            + "| 1 | Login | Ana | ✅ Hecho |\n| 2 | Search | Luis | 🚧 En progreso |\n| 3 | Export |  | 📋 Pendiente |\n"
            + "| 4 | Import | Ana | 📋 Pendiente |\n"
        // A move rewrites the status cell alone; the row stays where it is.
        let afterMove = try Self.edited(board, ["move", "export", "en progreso"])
        #expect(
            afterMove
                == board.replacingOccurrences(
                    of: "| 3 | Export |  | 📋 Pendiente |", with: "| 3 | Export |  | 🚧 En progreso |"))
        // `--top`: before the lane's first row.
        let afterRaise = try Self.edited(board, ["move", "import", "en progreso", "--top"])
        #expect(afterRaise.contains("| 1 | Login | Ana | ✅ Hecho |\n| 4 | Import | Ana | 🚧 En progreso |\n| 2 |"))
        // A new row goes after its lane's last, with its status and the next number.
        let afterAdd = try Self.edited(board, ["add", "Sync", "--assignee", "Ana"])
        #expect(afterAdd.contains("| 4 | Import | Ana | 📋 Pendiente |\n| 5 | Sync | Ana | 📋 Pendiente |\n"))
        // The last row of a status taken away takes its lane away.
        let afterDone = try Self.edited(board, ["done", "search"])
        #expect(afterDone == board.replacingOccurrences(of: "Luis | 🚧 En progreso", with: "Luis | ✅ Hecho"))
        let lanes = TestSupport.parse(afterDone).board.lanes
        #expect(lanes.map(\.name) == ["📋 Pendiente", "✅ Hecho"])
        #expect(lanes[1].cards.map(\.title) == ["Login", "Search"])
        let afterRemove = try Self.edited(board, ["rm", "login"])
        #expect(afterRemove == board.replacingOccurrences(of: "| 1 | Login | Ana | ✅ Hecho |\n", with: ""))
        let afterEdit = try Self.edited(board, ["edit", "export", "--assignee", "Luis"])
        #expect(afterEdit.contains("| 3 | Export | Luis | 📋 Pendiente |"))
        // A status no row has, and no state's name, is no lane (a typo makes none).
        let (refused, unchanged) = try Self.onBoard(board, ["move", "login", "Reveiw"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the board has no lane 'Reveiw'"), "\(refused.stderr)")
        #expect(unchanged == board)
        // Statuses of one state are in the order they first appear: a move may change it, the heading's text staying
        // with the first lane.
        let ordered =
            "## Board\n\nIntro.\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | Review |\n| c | Doing |\n"
        let afterReorder = try Self.edited(ordered, ["move", "a", "Doing"])
        #expect(afterReorder == ordered.replacingOccurrences(of: "| a | Todo |", with: "| a | Doing |"))
        let reorderedLanes = TestSupport.parse(afterReorder).board.lanes
        #expect(reorderedLanes.map(\.name) == ["Doing", "Review"])
        #expect(reorderedLanes.map(\.descriptionSource) == ["Intro.", ""])
    }

    @Test(
        "an edit that adds or takes away a status beside one that names no state is written, the other rows' states kept",
        arguments: [
            ("| a | In progress |\n| b | Sprint 1 |\n| c | Done |\n", ["rm", "a"]),
            ("| a | In progress |\n| b | Sprint 1 |\n| c | Done |\n", ["done", "a"]),
            ("| a | In progress |\n| b | Sprint 1 |\n| c | Done |\n", ["move", "a", "todo"]),
            ("| a | Backlog |\n| b | Phase 2 (API) |\n| c | Done |\n", ["move", "a", "Blocked"]),
            ("| a | ⬜ |\n| b | 🚧 |\n| c | ✅ |\n", ["move", "a", "Blocked"]),
            ("| a | ⬜ |\n| b | 🚧 |\n| c | ✅ |\n", ["move", "a", "Review"]),
            ("| a | ⬜ |\n| b | 🚧 |\n| c | ✅ |\n", ["rm", "b"]),
        ])
    func anEditBesideAStatusNamingNoState(rows: String, edit: [String]) throws {
        let board = "# Board\n\n| Task | Status |\n|---|---|\n" + rows
        let states = { (text: String) in
            Dictionary(uniqueKeysWithValues: TestSupport.parse(text).board.cards.map { ($0.title, $0.state) })
        }
        let before = states(board)
        let after = states(try Self.edited(board, edit))
        for (title, state) in after where title != "a" { #expect(before[title] == state, "\(title)") }
    }

    @Test(
        "a status given with a note, of a status the table has, puts the row in that status's lane, the note as given",
        arguments: [
            (["move", "api", "Done (2026-01-10)"], "| API | Done (2026-01-10) |\n", "Done"),
            (["move", "api", "Blocked (waiting on Bob)"], "| API | Blocked (waiting on Bob) |\n", "Blocked"),
            (["move", "login", "Done (2026-01-10)"], "| Login | Done (2026-01-10) |\n", "Done"),
            (["add", "Z", "--lane", "To do (next sprint)"], "| Z | To do (next sprint) |\n", "To do"),
        ])
    func aStatusGivenWithANote(edit: [String], row: String, lane: String) throws {
        let board =
            "# Board\n\n| Task | Status |\n|---|---|\n| Login | Done (2026-01-02) |\n| API | In progress |\n"
            + "| Tests | Blocked (waiting on Ann) |\n| Deploy | To do |\n"
        let after = try Self.edited(board, edit)
        #expect(after.contains(row), "\(after)")
        let title = row.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
        let parsed = TestSupport.parse(after).board
        #expect(parsed.lanes.first { $0.cards.contains { $0.title == title } }?.name == lane)
        #expect(parsed.lanes.count == TestSupport.parse(board).board.lanes.count - (edit[1] == "api" ? 1 : 0))
    }

    @Test(
        "a row with no done lane to go to is told why: a row of its table has no status, or the done lanes are no tables"
    )
    func aRowWithNoDoneLaneIsToldWhy() throws {
        let gap = "# Board\n\n| Task | Status |\n|---|---|\n| Login | In progress |\n| API |  |\n| Docs | Done |\n"
        let (refused, _) = try Self.onBoard(gap, ["done", "login"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("while the row on line 6 has no status: give that row one"), "\(refused.stderr)")
        // `add` gives a new row its lane's state's status, not another empty one.
        #expect(try Self.edited(gap, ["add", "X"]).hasSuffix("| Docs | Done |\n| X | To Do |\n"))
        let lists = "# P\n\n## Board\n\n| Task | Status |\n|---|---|\n| A | To do |\n\n## Done\n\n- [x] Old thing\n"
        let (intoList, _) = try Self.onBoard(lists, ["done", "a"])
        #expect(intoList.status == 2)
        #expect(
            intoList.stderr.contains("'Done' is no table of rows, and a row is not moved into a lane of list cards"))
        // Removing the last card beside a table of statuses would make the table the board's lanes: refused, with why.
        let beside =
            "# P\n\n## Board\n\n| Task | Status |\n|---|---|\n| Login | In progress |\n\n## Retro\n\n- What went well\n"
        let (rows, unchanged) = try Self.onBoard(beside, ["rm", "what went well"])
        #expect(rows.status == 1)
        #expect(unchanged == beside)
        #expect(rows.stderr.contains("the board's table of statuses would be read as its lanes"), "\(rows.stderr)")
        // A board without a todo lane says so, where new cards may not start.
        let (noTodo, _) = try Self.onBoard("## Doing\n\n- [ ] a\n\n## Done\n", ["add", "x", "--lane", "Doing"])
        #expect(noTodo.status == 1)
        #expect(noTodo.stderr.contains("new cards start in the todo lanes, and the board has none"), "\(noTodo.stderr)")
        // A cell of a table whose columns are lanes is called so.
        let (cell, _) = try Self.onBoard(
            "# P\n\n| Backlog | In Progress | Done |\n|---|---|---|\n| A | B | C |\n", ["done", "a"])
        #expect(
            cell.stderr.contains(
                "b.md:5:3: error: cannot make this edit: 'A' is a cell of a table whose columns are lanes"))
    }

    @Test("a row of a table of statuses takes a status no row has yet, when its name says a state")
    func aRowTakesANewStatus() throws {
        let board = "# B\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | In progress |\n"
        // `done` on a table without a done status: the done lane's name in the words of the table's statuses.
        for (statuses, done) in [
            (("Todo", "In progress"), "Done"), (("할 일", "진행 중"), "완료"), (("TODO", "DOING"), "DONE"),
            (("Por hacer", "En curso"), "Hecho"),
        ] {
            let written = board.replacingOccurrences(of: "| Todo |", with: "| \(statuses.0) |")
                .replacingOccurrences(of: "| In progress |", with: "| \(statuses.1) |")
            let after = try Self.edited(written, ["done", "b"])
            #expect(after == written.replacingOccurrences(of: "| \(statuses.1) |", with: "| \(done) |"))
            #expect(TestSupport.parse(after).board.lanes.map(\.state) == [.todo, .done])
        }
        // A name given short is the one status whose name holds its words, not a new status beside it.
        let long = "# B\n\n| Task | Status |\n|---|---|\n| a | To do |\n| b | In Review |\n| c | QA Testing |\n"
        #expect(try Self.edited(long, ["move", "a", "review"]).contains("| a | In Review |"))
        #expect(try Self.edited(long, ["move", "a", "Testing"]).contains("| a | QA Testing |"))
        // Finished work does not go to a status of work given up: to a done status beside it, or a new one.
        let given = "# B\n\n| Task | Status |\n|---|---|\n| a | To do |\n| b | Cancelled |\n"
        #expect(try Self.edited(given, ["done", "a"]).contains("| a | Done |\n| b | Cancelled |"))
        #expect(
            try Self.edited(given + "| c | Done |\n", ["done", "a"]).contains("| a | Done |\n| b | Cancelled |"))
        #expect(
            try Self.edited(given + "| c | Done |\n", ["move", "a", "done"]).contains("| a | Done |\n| b | Cancelled |")
        )
        // (Nor to archived work; a row moved there is done, as its status says.)
        let archived = "# B\n\n| Task | Status |\n|---|---|\n| a | To do |\n| b | Archived |\n"
        #expect(try Self.edited(archived, ["done", "a"]).contains("| a | Done |\n| b | Archived |"))
        let afterArchive = try Self.edited(archived, ["move", "a", "Archived"])
        #expect(afterArchive.contains("| a | Archived |"))
        #expect(TestSupport.parse(afterArchive).board.cards.map(\.isChecked) == [true, true])
        // Blocked work in other words: `Stuck`, `차단됨`.
        #expect(try Self.edited(given, ["move", "a", "Stuck"]).contains("| a | Stuck |"))
        #expect(try Self.edited(given, ["move", "a", "차단됨"]).contains("| a | 차단됨 |"))
        let lanes = "## Todo\n\n- [ ] a\n\n## Won't do\n\n## Done\n"
        #expect(try Self.edited(lanes, ["done", "a"]) == "## Todo\n\n## Won't do\n\n## Done\n\n- [x] a\n")
        // `move` to a name that says a state, written as given (capitalised as the table's statuses are).
        let afterBlocked = try Self.edited(board, ["move", "a", "blocked"])
        #expect(afterBlocked == board.replacingOccurrences(of: "| a | Todo |", with: "| a | Blocked |"))
        #expect(TestSupport.parse(afterBlocked).board.lanes.map(\.name) == ["Blocked", "In progress"])
        // `add` on a table without a todo status: a row with one, after the table's last row.
        let busy = "# B\n\n| Task | Status |\n|---|---|\n| a | Doing |\n| b | Done |\n"
        let afterAdd = try Self.edited(busy, ["add", "c"])
        #expect(afterAdd == busy + "| c | To Do |\n")
        let afterBacklog = try Self.edited(busy, ["add", "c", "--lane", "Backlog"])
        #expect(afterBacklog == busy + "| c | Backlog |\n")
        // A state's own name is a status of the table, not a section beside it that has a state by its place.
        let sections = "# P\n\n| Task | Status |\n|---|---|\n| a | To do |\n| b | Done |\n\n## Retro\n\nnotes.\n"
        let afterDoing = try Self.edited(sections, ["move", "a", "doing"])
        #expect(afterDoing == sections.replacingOccurrences(of: "| a | To do |", with: "| a | Doing |"))
        let noted = sections.replacingOccurrences(of: "| a | To do |", with: "| a | Review |")
            .replacingOccurrences(of: "Retro", with: "Notes")
        let afterNoted = try Self.edited(noted, ["add", "c"])
        #expect(afterNoted.contains("| b | Done |\n| c | To Do |\n\n## Notes"), "\(afterNoted)")
        // A status with a note of its own: the lane is the status.
        let afterNote = try Self.edited(sections, ["move", "a", "Blocked (waiting on Bob)"])
        #expect(afterNote.contains("| a | Blocked (waiting on Bob) |"))
        // Rules may name statuses no row has yet (that say a state): no error, and they apply once a row has one.
        let withRules =
            "---\nwip:\n  In progress: 2\n  Blocked: 1\ntransitions:\n  To do: [In progress, Blocked]\n"
            + "  In progress: [Done, Blocked]\n  Blocked: [In progress]\n---\n# B\n\n| Task | Status |\n|---|---|\n"
            + "| a | To do |\n| b | In progress |\n"
        #expect(TestSupport.parse(withRules).diagnostics.isEmpty, "\(TestSupport.parse(withRules).diagnostics)")
        let afterRuleDone = try Self.edited(withRules, ["done", "b"])
        #expect(afterRuleDone.hasSuffix("| a | To do |\n| b | Done |\n"))
        let afterToBlocked = try Self.edited(afterRuleDone, ["move", "a", "Blocked"])
        let (skipped, afterSkip) = try Self.onBoard(afterToBlocked, ["move", "a", "Done"])
        #expect(skipped.status == 1)
        #expect(skipped.stderr.contains("cards in 'Blocked' may move only to 'In progress'"), "\(skipped.stderr)")
        #expect(afterSkip == afterToBlocked)
        // (Not on a board of lanes: a rule naming no lane there is an error.)
        let listBoard = "---\nwip:\n  Blocked: 1\n---\n## Todo\n\n- [ ] a\n"
        #expect(TestSupport.parse(listBoard).diagnostics.map(\.code) == ["unknown-lane-in-rule"])
        // A new card goes where the `new-cards` rule says, in a new status as in any lane.
        let (ruled, afterRuled) = try Self.onBoard(busy, ["add", "c", "--lane", "Review"])
        #expect(ruled.status == 1)
        #expect(ruled.stderr.contains("a new card may not start in 'Review'"), "\(ruled.stderr)")
        #expect(afterRuled == busy)
    }

    @Test("a table of statuses: notes after statuses, statuses spelt two ways, text around it, a tags column")
    func aTableOfStatusesIsEditedAsWritten() throws {
        // A row moved to a status whose rows carry notes takes the status alone, not another row's note.
        let noted = "# B\n\n| Task | Status |\n|---|---|\n| a | Doing |\n| b | Done (2026-01-02) |\n"
        let (done, afterDone) = try Self.onBoard(noted, ["done", "a"])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(afterDone == noted.replacingOccurrences(of: "| a | Doing |", with: "| a | Done |"))
        // A lane whose rows spell its status two ways is named by its first row: that row may leave.
        let spelt = "# B\n\n| Task | Status |\n|---|---|\n| a | Done |\n| b | done |\n| c | Todo |\n"
        let afterRemove = try Self.edited(spelt, ["rm", "a"])
        #expect(afterRemove == spelt.replacingOccurrences(of: "| a | Done |\n", with: ""))
        let afterMove = try Self.edited(spelt, ["move", "a", "todo"])
        #expect(afterMove == spelt.replacingOccurrences(of: "| a | Done |", with: "| a | Todo |"))
        // Text above and below the table stays where it is.
        let around = "# B\n\nIntro.\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | Doing |\n\nNotes after.\n"
        for (arguments, from, to) in [
            (["move", "a", "doing"], "| a | Todo |", "| a | Doing |"),
            (["add", "c"], "| a | Todo |\n", "| a | Todo |\n| c | Todo |\n"),
            (["rm", "b"], "| b | Doing |\n", ""),
        ] {
            let (result, after) = try Self.onBoard(around, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(after == around.replacingOccurrences(of: from, with: to), "\(arguments)")
        }
        // Its only row is not removed: a table without rows is no lanes.
        let single = "# B\n\n| Task | Status |\n|---|---|\n| a | Todo |\n"
        let (only, afterOnly) = try Self.onBoard(single, ["rm", "a"])
        #expect(only.status == 1)
        #expect(only.stderr.contains("it is its table's only row"), "\(only.stderr)")
        #expect(afterOnly == single)
        // The one row without a status is not removed: the table would become the board's lanes.
        let gap = "# B\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | |\n| c | Done |\n"
        let (gapped, afterGap) = try Self.onBoard(gap, ["rm", "b"])
        #expect(gapped.status == 1)
        #expect(gapped.stderr.contains("it is the one row without a status"), "\(gapped.stderr)")
        #expect(afterGap == gap)
        // A table of statuses above the board's sections is edited as the board.
        let above = "# P\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | Doing |\n\n## Notes\n\n- x\n"
        let afterFinish = try Self.edited(above, ["done", "b"])
        #expect(afterFinish == above.replacingOccurrences(of: "| b | Doing |", with: "| b | Done |"))
        // A new row's tags go in the table's tags column, as `edit --tag` writes them.
        let tagged = "# B\n\n| Task | Tags | Status |\n|---|---|---|\n| a | ui | Todo |\n"
        let afterAdd = try Self.edited(tagged, ["add", "n", "--tag", "x", "--tag", "y"])
        #expect(afterAdd == tagged + "| n | x, y | Todo |\n")
        #expect(TestSupport.parse(afterAdd).board.cards.last?.tags == ["x", "y"])
        // Deadlines in the date format the table's dates show.
        let dated =
            "# B\n\n| Task | Due | Status |\n|---|---|---|\n| a | 25/12/2026 | Todo |\n| b | 01/02/2027 | Doing |\n"
        let (due, afterDue) = try Self.onBoard(dated, ["edit", "a", "--due", "2026-12-31"])
        #expect(due.status == 0, "\(due.stderr)")
        #expect(afterDue == dated.replacingOccurrences(of: "25/12/2026", with: "31/12/2026"))
        let afterNew = try Self.edited(dated, ["add", "c", "--due", "2027-03-04"])
        #expect(afterNew.contains("| a | 25/12/2026 | Todo |\n| c | 04/03/2027 | Todo |\n"))
        // A row titled by a link to its task's own file is renamed there; its other cells are edited here.
        let linked =
            "# Index\n\n## High\n\n| ID | 상태 | Owner |\n|---|---|---|\n| [TASK-010](TASK-010-ws.md) | 완료 | KIS API Engineer |\n"
        let (renamed, afterRename) = try Self.onBoard(linked, ["edit", "task-010", "--title", "X"])
        #expect(renamed.status == 1)
        #expect(renamed.stderr.contains("its title is a link to the task's own file"), "\(renamed.stderr)")
        #expect(afterRename == linked)
        let (added, afterAdded) = try Self.onBoard(linked, ["add", "X"])
        #expect(added.status == 1)
        #expect(added.stderr.contains("are named by links to their tasks' own files"), "\(added.stderr)")
        #expect(afterAdded == linked)
        let afterOwned = try Self.edited(linked, ["edit", "task-010", "--assignee", "Ann"])
        #expect(afterOwned.contains("| 완료 | KIS API Engineer, Ann |"), "\(afterOwned)")
        // A cell that says no date (`sofort`, a field as written) takes one.
        let soon = "# B\n\n| Task | Fällig | Status |\n|---|---|---|\n| a | sofort | Todo |\n"
        let afterSoon = try Self.edited(soon, ["edit", "a", "--due", "2026-12-31"])
        #expect(afterSoon == soon.replacingOccurrences(of: "sofort", with: "2026-12-31"))
    }

    @Test func aRowWrittenIntoAnAlignedTableIsPaddedToItsColumns() throws {
        let board = """
            ## To Do

            | ID    | Task            | Owner |
            |-------|-----------------|:-----:|
            | T-001 | Write the guide | Ann   |

            ## Done

            | ID    | Task            | Owner | Points |
            |-------|-----------------|:-----:|-------:|
            | T-000 | Set up the repo | Bo    |      3 |

            """
        let afterMove = try Self.edited(board, ["move", "T-001", "Done"])
        // Flush left as the table's rows are, right-aligned where they are, the columns' pipes where they were.
        #expect(
            afterMove.hasSuffix(
                "| T-000 | Set up the repo | Bo    |      3 |\n| T-001 | Write the guide | Ann   |        |\n"))
        let afterAdd = try Self.edited(board, ["add", "Review it", "--assignee", "Cy"])
        #expect(afterAdd.contains("| T-001 | Write the guide | Ann   |\n| T-002 | Review it       | Cy    |\n"))
        // A cell wider than its column: the row is written without padding.
        let afterLong = try Self.edited(board, ["add", "A title longer than the column"])
        #expect(afterLong.contains("| T-002 | A title longer than the column |  |\n"))
    }

    @Test func aStatusTheRulesNameIsNotTakenAwayAndTheFirstStatusGoesWithItsText() throws {
        // (A status that says no state: a rule naming it once no row has it would name nothing.)
        let ruled =
            "---\nwip:\n  Phase 2: 2\n---\n# Board\n\n| Task | Status |\n|---|---|\n| A | Todo |\n| B | Phase 2 |\n"
        for arguments in [["move", "B", "Todo"], ["rm", "B"]] {
            let (refused, unchanged) = try Self.onBoard(ruled, arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(
                refused.stderr.contains(
                    "b.md:10:7: error: cannot make this edit: no row would have the status 'Phase 2' after this edit"),
                "\(refused.stderr)")
            #expect(unchanged == ruled)
        }
        // One that says a state is a status to be: the rule names it still.
        let review = ruled.replacingOccurrences(of: "Phase 2", with: "Review")
        let afterReview = try Self.edited(review, ["move", "B", "Todo"])
        #expect(afterReview == review.replacingOccurrences(of: "| B | Review |", with: "| B | Todo |"))
        // The heading's text goes with the first lane left.
        let board = "# Board\n\nIntro.\n\n| Task | Status |\n|---|---|\n| A | Todo |\n| B | Doing |\n"
        let after = try Self.edited(board, ["rm", "A"])
        #expect(after == board.replacingOccurrences(of: "| A | Todo |\n", with: ""))
        #expect(TestSupport.parse(after).board.lanes.map(\.descriptionSource) == ["Intro."])
    }

    @Test func aRowsCellsKeepTheirMarksAndPipesTheirPlaces() throws {
        let board = """
            # Board

            | Task                      | Owner   | Status      |
            |---------------------------|---------|-------------|
            | Beta <!-- owner: kim -->  | [[ann]] | To Do       |
            | Gamma #ui                 | Bo      | In Progress |

            """
        // A rename keeps the cell's comment and tag; an assignee is added after the names as written.
        let afterRename = try Self.edited(board, ["edit", "beta", "--title", "Delta", "--assignee", "Cy"])
        #expect(afterRename.contains("| Delta <!-- owner: kim --> | [[ann]], Cy | To Do       |\n"), "\(afterRename)")
        let afterTag = try Self.edited(board, ["edit", "gamma", "--title", "Gamma #ui two"])
        #expect(afterTag.contains("| Gamma #ui two             | Bo      |"), "\(afterTag)")
        // A status rewritten in an aligned table keeps the pipes where they were.
        let afterMove = try Self.edited(board, ["move", "gamma", "to do"])
        #expect(afterMove.contains("| Gamma #ui                 | Bo      | To Do       |\n"), "\(afterMove)")
        // A name taken away from a cell of marks would lose them: refused.
        let (refused, unchanged) = try Self.onBoard(board, ["edit", "beta", "--unassign", "ann"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("its assignees are written with marks"), "\(refused.stderr)")
        #expect(unchanged == board)
    }

    @Test func aRowIsNotMovedWhereATableHasNoColumnForWhatItHolds() throws {
        let board =
            "## To Do\n\n| ID | Task | Owner |\n|---|---|---|\n| T1 | Spec | Ann |\n\n"
            + "## Done\n\n| ID | Task |\n|---|---|\n| T0 | Repo |\n"
        let (result, after) = try Self.onBoard(board, ["move", "T1", "Done"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "b.md:5:3: error: cannot make this edit: 'Spec' is a row of a table: the table of 'Done' has no "
                    + "column 'Owner' for what the row holds; move it in the file"))
        #expect(after == board)
    }

    @Test func cellsOfATableWhoseColumnsAreTheLanesAreReadButNeverWritten() throws {
        let board = "## Board\n\n| Backlog | Doing | Done |\n|---|---|---|\n| Spec | | Repo |\n| Mock | | |\n"
        for arguments in [
            ["move", "spec", "Done"], ["rm", "spec"], ["edit", "spec", "--title", "Specs"], ["add", "New"],
            ["add", "New", "--lane", "Backlog"],
        ] {
            let (result, after) = try Self.onBoard(board, arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains("cannot make this edit"), "\(arguments): \(result.stderr)")
            #expect(after == board)
        }
    }

    @Test func cardsWrittenAsBlocksOfYAMLAreReadButNeverWritten() throws {
        let board =
            "## Backlog\n\n---\ntitle: Fix login\nstatus: backlog\n---\n\n---\ntitle: Add search\ndue: 2026-12-01\n---\n\n"
            + "## Done\n\n- [x] Old\n"
        let refusals = [
            (["move", "fix login", "Done"], "b.md:4:1: error: cannot make this edit: 'Fix login' is a block of YAML"),
            (["edit", "add search", "--tag", "x"], "b.md:9:1: error: cannot make this edit: 'Add search' is a block"),
            (["rm", "add search"], "b.md:9:1: error: cannot make this edit: 'Add search' is a block of YAML"),
            (
                ["add", "New", "--lane", "Backlog"],
                "b.md: error: cannot make this edit: 'Backlog' holds cards written as YAML"
            ),
            (["move", "old", "Backlog"], "b.md: error: cannot make this edit: 'Backlog' holds cards written as YAML"),
        ]
        for (arguments, message) in refusals {
            let (result, after) = try Self.onBoard(board, arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(after == board)
        }
    }

    @Test func anEditThatTakesAwayTheDateThatShowedTheBoardsDateFormatIsRefusedWithTheReason() throws {
        let board = "## To Do\n\n- [ ] a @{30-04-2024}\n- [ ] b @{05-04-2024}\n\n## Done\n"
        let (refused, after) = try Self.onBoard(board, ["edit", "a", "--due", "2026-01-02"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: nothing was written: the board's dates are read as DD-MM-YYYY"))
        #expect(after == board)
        // Removing it is fine when no other date would read otherwise.
        let afterRemoving = try Self.edited("## To Do\n\n- [ ] a @{30-04-2024}\n- [ ] b\n", ["rm", "a"])
        #expect(afterRemoving == "## To Do\n\n- [ ] b\n")
    }

    /// With no card before it, a table after a lane's cards would be the lane's description: refused, not shown so.
    @Test func theLastCardDoesNotLeaveALaneWhoseMetricsTableWouldBecomeItsText() throws {
        let board = "## To Do\n\n- [ ] a\n\n| Metric | Value |\n|---|---|\n| Velocity | 12 |\n\n## Doing\n\n- [ ] b\n"
        let (moved, after) = try Self.onBoard(board, ["move", "a", "Doing"])
        #expect(moved.status == 1)
        #expect(
            moved.stderr.contains(
                "b.md:1:1: error: nothing was written: after this edit the description of lane 'To Do'"))
        #expect(after == board)
    }

    /// A new card goes to the first lane new cards may start in, as a row when that lane is a table; a list card is
    /// finished in the first done lane of list cards.
    @Test func newCardsGoToTheFirstTodoLaneAndFinishedListCardsToTheFirstDoneLaneOfListCards() throws {
        let board =
            "## Backlog\n\n| Task |\n|---|\n| T |\n\n## Todo\n\n- [ ] Working\n\n## Done\n\n| Task |\n|---|\n| D |\n\n"
            + "## Shipped\n\n- [x] S\n"
        let afterAdding = try Self.edited(board, ["add", "New"])
        #expect(afterAdding.contains("## Backlog\n\n| Task |\n|---|\n| T |\n| New |\n\n## Todo\n"))
        // A table whose rows say their status: the new row takes the one of them that means the lane's state.
        let statuses =
            "## Board\n\n| Task | Status |\n|---|---|\n| Spec | Done |\n| Repo | Todo |\n\n## Later\n\n- [ ] Idea\n"
        let afterRow = try Self.edited(statuses, ["add", "New"])
        #expect(afterRow.contains("| Repo | Todo |\n| New | Todo |\n\n## Later"))
        let afterDone = try Self.edited(board, ["done", "working"])
        #expect(afterDone.hasSuffix("## Shipped\n\n- [x] S\n- [x] Working\n"))
    }

    @Test func aBoardThatIsNotARegularFileIsRefusedAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "pm-render-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appending(path: "board.md").path, 0o600) == 0)
        // Without the check, reading a FIFO nobody writes would wait for ever.
        let result = try TestSupport.run(["add", "board.md", "X"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("it is not a regular file"))
    }

    @Test func writingKeepsThePermissionsAndASymbolicLink() throws {
        let scratch = try Scratch("taskell.md")
        defer { scratch.remove() }
        #expect(chmod(scratch.url.path, 0o640) == 0)
        let link = scratch.folder.appending(path: "link.md")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: scratch.name)
        let result = try TestSupport.run(["rm", "link.md", "order stickers"], in: scratch.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == scratch.name)
        #expect(LineChanges(scratch.original, scratch.bytes) == LineChanges(removed: ["- Order stickers\n"], added: []))
    }

    @Test func aRepeatedTitleRenumberedByAMoveIsNoted() throws {
        let scratch = try Scratch("taskell.md")
        defer { scratch.remove() }
        #expect(try scratch.run("add", ["Pick a date", "--lane", "to do"]).status == 0)
        // The new card is 'pick-a-date' (To Do comes first); the old one in Done became 'pick-a-date-2'. Moving the
        // new one after it swaps them back.
        let result = try scratch.run("move", ["pick-a-date", "done"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: card 'Pick a date' is now 'pick-a-date' (was 'pick-a-date-2')"))
    }
}
