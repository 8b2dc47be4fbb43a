import Foundation
import Testing

@testable import PMRender

/// Boards of every dialect (`Fixtures/dialects/*.md`) against what their owners expect to see
/// (`Fixtures/dialects/expected.json`, written from each tool's rules, not from pm-render's output): lanes as written,
/// in order, with their states and card counts; the archive; and the metadata of representative cards.
@Suite("Dialects")
struct DialectTests {
    struct Expected: Decodable {
        struct Lane: Decodable {
            let name: String
            let state: String
            let cards: Int
            let wip: Int?
        }

        struct Card: Decodable {
            let lane: String
            let title: String
            let due: String?
            let tags: [String]?
            let priority: String?
            let assignees: [String]?
            let subtasks: Subtasks?
            let checked: Bool?
            let group: String?
            /// The card's ID, when the board gives it one.
            let id: String?
            /// The card's created and completed dates, when the board gives them.
            let created: String?
            let completed: String?
        }

        struct Subtasks: Decodable, Equatable {
            let done: Int
            let total: Int
        }

        let lanes: [Lane]
        let archived: Int?
        let cards: [Card]?
    }

    static let folder = TestSupport.fixtures.appending(path: "dialects")
    static let expected: [String: Expected] = {
        let data = (try? Data(contentsOf: folder.appending(path: "expected.json"))) ?? Data()
        return (try? JSONDecoder().decode([String: Expected].self, from: data)) ?? [:]
    }()

    @Test("every fixture has expectations, and every expectation a fixture")
    func coverage() {
        let files = Set(TestSupport.files(in: Self.folder, withExtension: "md"))
        #expect(!files.isEmpty)
        #expect(files == Set(Self.expected.keys))
    }

    @Test("lanes, states, counts and cards as the board's owner expects", arguments: expected.keys.sorted())
    func board(_ name: String) throws {
        let expected = try #require(Self.expected[name])
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appending(path: name)))
        let result = BoardFile.check(BoardParser.parse(bytes, file: name))
        let board = result.board
        #expect(result.isReadable)
        #expect(!result.hasErrors, "errors: \(result.diagnostics.filter(\.isError).map(\.message))")

        #expect(board.lanes.map(\.heading) == expected.lanes.map(\.name))
        #expect(board.lanes.map(\.state.slug) == expected.lanes.map(\.state))
        #expect(board.lanes.map(\.cards.count) == expected.lanes.map(\.cards))
        for lane in expected.lanes {
            guard let wip = lane.wip, let actual = board.lanes.first(where: { $0.heading == lane.name }) else {
                continue
            }
            #expect((actual.wipLimit ?? 0) == wip, "WIP limit of \(lane.name)")
        }
        #expect(board.archive.count == (expected.archived ?? 0))

        for card in expected.cards ?? [] {
            let found = board.lanes.first { $0.heading == card.lane }?.cards.first { $0.title == card.title }
            let actual = try #require(found, "no card '\(card.title)' in '\(card.lane)'")
            if let due = card.due {
                #expect(actual.due?.iso == due, "due of \(card.title)")
            } else {
                #expect(actual.due == nil, "due of \(card.title)")
            }
            if let tags = card.tags { #expect(actual.tags == tags, "tags of \(card.title)") }
            #expect(actual.priority?.name == card.priority, "priority of \(card.title)")
            if let assignees = card.assignees { #expect(actual.assignees == assignees, "assignees of \(card.title)") }
            let progress = actual.subtaskProgress
            let subtasks = progress.total > 0 ? Expected.Subtasks(done: progress.done, total: progress.total) : nil
            #expect(subtasks == card.subtasks, "subtasks of \(card.title)")
            if let checked = card.checked { #expect(actual.isChecked == checked, "checked of \(card.title)") }
            if let group = card.group { #expect(actual.group == group, "group of \(card.title)") }
            if let id = card.id { #expect(actual.id == id, "ID of \(card.title)") }
            if let created = card.created {
                #expect(actual.dates.created?.description == created, "created of \(card.title)")
            }
            if let completed = card.completed {
                #expect(actual.dates.completed?.description == completed, "completed of \(card.title)")
            }
        }
    }

    @Test(
        "the tool a board was written by is recognised from how it writes cards",
        arguments: [
            ("obsidian-basic.md", BoardStyle.Dialect.obsidianKanban), ("taskell.md", .taskell),
            ("kanbn-index.md", .kanbn), ("vscode-markdown-kanban.md", .vscodeKanban),
            ("vscode-markdown-kanban-list.md", .vscodeKanban), ("github-checklist.md", .pmRender),
            ("free-lane-names.md", .pmRender),
        ])
    func dialect(file: String, dialect: BoardStyle.Dialect) throws {
        let path = TestSupport.fixtures.appending(path: "dialects/\(file)").path
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(BoardParser.parse(bytes, file: file).board.style.dialect == dialect)
    }

    @Test("task items with nested checklists are not Taskell's (Taskell's cards have no box)")
    func checklistIsNotTaskell() {
        let nested = TestSupport.parse("## To Do\n\n* [ ] a\n    * [x] step\n* [ ] b\n").board
        #expect(nested.style.dialect == .pmRender)
        let taskell = TestSupport.parse("## To Do\n\n- a\n    * [x] step\n- b\n").board
        #expect(taskell.style.dialect == .taskell)
    }

    @Test("kanbn's hidden columns hold the archive")
    func kanbnHiddenColumns() {
        let board = TestSupport.parse(
            "---\nhiddenColumns:\n  - Icebox\n---\n## Todo\n- [a](tasks/a.md)\n## Icebox\n- [b](tasks/b.md)\n## Done\n"
        ).board
        #expect(board.lanes.map(\.name) == ["Todo", "Done"])
        #expect(board.archive.map(\.title) == ["b"])
        #expect(board.style.dialect == .kanbn)
    }

    @Test("a group label with no cards under it stays a label in a lane of list cards")
    func emptyGroup() {
        let board = TestSupport.parse("## Todo\n### Frontend\n- [ ] a\n### Backend\n### Docs\n- [ ] b\n").board
        #expect(board.lanes[0].cards.map(\.title) == ["a", "b"])
        #expect(board.lanes[0].groups.map(\.name) == ["Frontend", "Backend", "Docs"])
        // In a lane of heading cards, a heading with nothing under it is still a card.
        let headings = TestSupport.parse("## TODO\n### First\n### Second\nDue: 2026-12-01\n").board
        #expect(headings.lanes[0].cards.map(\.title) == ["First", "Second"])
        // On a board that writes cards as headings (VS Code Markdown Kanban's), headings with nothing under them are
        // cards (open questions) even before a group label over list cards.
        let vscode = TestSupport.parse(
            "## To Do\n\n### Build the test set\n\n  - due: 2026-08-26\n\n## Waiting for client\n\n"
                + "### Test app_key and account (B.2)\n\n\n### Role enum mapping (A.1)\n\n\n"
                + "### Closed by the client's reply\n\n- Identity token (M1)\n- Tenant model (M4)\n"
        ).board
        let waiting = vscode.lanes[1]
        #expect(
            waiting.cards.map(\.title) == [
                "Test app_key and account (B.2)", "Role enum mapping (A.1)", "Identity token (M1)", "Tenant model (M4)",
            ])
        #expect(
            waiting.cards.map(\.group) == [nil, nil, "Closed by the client's reply", "Closed by the client's reply"])
    }

    @Test("a heading card beside a group label is not in that group; a deeper one is")
    func headingCardEndsGroup() {
        let text = "## Todo\n### Frontend\n- [ ] a\n#### Sub\nText\n### Backend\nNothing yet.\n### Infra\n- [ ] b\n"
        let board = TestSupport.parse(text).board
        #expect(board.lanes[0].cards.map(\.title) == ["a", "Sub", "Backend", "b"])
        #expect(board.lanes[0].cards.map(\.group) == ["Frontend", "Frontend", nil, "Infra"])
        #expect(board.lanes[0].groups.map(\.name) == ["Frontend", "Infra"])
    }

    @Test("a heading right over deeper ones labels them when the cards under those hold steps of their own")
    func headingOverHeadings() {
        let text =
            "## Todo\n### Phase 1\n#### Core\n- [ ] a\n  - [ ] a1\n- [ ] b\n  - [ ] b1\n#### Docs\n- [ ] c\n"
            + "### Phase 2\n#### Login\nDue: 2026-12-01\n"
        let board = TestSupport.parse(text).board
        // `Phase 2` over a section of text alone is a card with a section, as a card may have.
        #expect(board.lanes[0].cards.map(\.title) == ["a", "b", "c", "Phase 2"])
        #expect(board.lanes[0].cards.map(\.group) == ["Core", "Core", "Docs", nil])
        #expect(board.lanes[0].cards[0].subtasks.count == 1)
        // A card with sections of its own stays one card: notes, or a flat list of subtasks.
        let sections = TestSupport.parse(
            "## Todo\n### Write notes\n### Login\n#### Notes\nUse the store.\n### Form\n#### Subtasks\n- [x] a\n- [ ] b\n"
        ).board
        #expect(sections.cards.map(\.title) == ["Write notes", "Login", "Form"])
        #expect(sections.cards[2].subtasks.count == 2)
    }

    @Test(
        "brackets that held only a title's tags go with them",
        arguments: [
            ("Fix (#ui)", "Fix"), ("Mid (#a #b) end", "Mid end"), ("(#a) Lead", "Lead"),
            ("Call foo() #bug", "Call foo()"),
            ("Keep [this] #x", "Keep [this]"),
        ])
    func bracketsAroundTags(line: String, title: String) {
        #expect(TestSupport.parse("## Todo\n- [ ] \(line)\n").board.lanes[0].cards.first?.title == title)
    }

    @Test("Obsidian's date and time formats are read from the front matter too, which wins over the settings block")
    func frontMatterDateFormat() {
        let board = TestSupport.parse(
            "---\nkanban-plugin: basic\ndate-format: DD.MM.YYYY\n---\n## Todo\n- [ ] a @{10.11.2026}\n\n"
                + "%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\",\"date-format\":\"MM/DD/YYYY\"}\n```\n%%\n"
        ).board
        #expect(board.lanes[0].cards.first?.due?.date == CalendarDate(year: 2026, month: 11, day: 10))
    }

    @Test("VS Code Markdown Kanban's ```md block is the card's description, as Markdown")
    func vscodeDescriptionBlock() {
        let card = TestSupport.parse(
            "## To Do\n### T\n  - priority: high\n    ```md\n    Keep it **short**.\n    ```\n"
        ).board.lanes[0].cards.first
        #expect(card?.priority == .high)
        #expect(card?.description.nodes.contains { $0.kind == .strong } == true)
        #expect(card.map { PlainText.markdown($0.description) } == "Keep it short.")
    }
}
