import Foundation
import Testing

@testable import PMRender

/// Mermaid `kanban` diagrams in fenced blocks (https://mermaid.js.org/syntax/kanban.html): columns are lanes, items
/// cards with their metadata; a file of no Markdown cards is its diagram's board; the cards are read, never written.
@Suite("Mermaid kanban diagrams")
struct MermaidKanbanTests {
    /// The diagram of Mermaid's own documentation, as a board file holds it.
    static let documentation = """
        ```mermaid
        kanban
          Todo
            [Create Documentation]
            docs[Create Blog about the new diagram]
          id7[In progress]
            id6[Create renderer so that it works in all cases. We also add som extra text here for testing purposes.]
          id9[Ready for deploy]
            id8[Design grammar]@{ assigned: 'knsv' }
          id10[Ready for test]
            id4[Create parsing tests]@{ ticket: 2038, assigned: 'K.Sveidqvist', priority: 'High' }
          id11[Done]
            id5[define getData]
            id2[Title of diagram is more than 100 chars]@{ ticket: 2036, priority: 'Very High'}
        ```

        """

    static func card(_ board: Board, _ title: String) -> Card? {
        board.lanes.lazy.flatMap(\.cards).first { $0.title == title }
    }

    @Test("columns are lanes, in order, their states from their names; items are cards")
    func columnsAndItems() throws {
        let result = TestSupport.parse(Self.documentation)
        let board = result.board
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(board.style.dialect == .mermaidKanban)
        #expect(board.lanes.map(\.name) == ["Todo", "In progress", "Ready for deploy", "Ready for test", "Done"])
        #expect(board.lanes.map(\.cards.count) == [2, 1, 1, 1, 2])
        // `Ready for deploy` and `Ready for test` wait for the next step after the work: their place tells.
        #expect(board.lanes.map(\.state) == [.todo, .doing, .doing, .doing, .done])
        #expect(board.lanes.map(\.stateSource) == [.name, .name, .previousLane, .previousLane, .name])
        #expect(board.lanes.allSatisfy { $0.isDiagram })
        #expect(
            board.lanes[0].cards.map(\.title) == ["Create Documentation", "Create Blog about the new diagram"])
        #expect(board.lanes.flatMap(\.cards).allSatisfy { $0.style == .mermaidItem })
        #expect(board.lanes[4].cards.allSatisfy { $0.state == .done && $0.lane == "Done" })
    }

    @Test("every card and lane carries its line and column inside the fence")
    func locations() throws {
        let board = TestSupport.parse("Intro.\n\n" + Self.documentation).board
        #expect(board.lanes[0].location == SourceLocation(line: 5, column: 3))
        #expect(board.lanes[1].location == SourceLocation(line: 8, column: 3))
        let grammar = try #require(Self.card(board, "Design grammar"))
        #expect(grammar.location == SourceLocation(line: 11, column: 5))
        #expect(board.lanes[0].cards[0].location == SourceLocation(line: 6, column: 5))
    }

    @Test("assigned, priority and ticket are the card's assignees, priority and ID")
    func metadata() throws {
        let board = TestSupport.parse(Self.documentation).board
        let tests = try #require(Self.card(board, "Create parsing tests"))
        #expect(tests.assignees == ["K.Sveidqvist"])
        #expect(tests.priority == .high)
        #expect(tests.explicitID == "2038")
        #expect(tests.id == "2038")
        let long = try #require(Self.card(board, "Title of diagram is more than 100 chars"))
        #expect(long.priority == .highest)
        #expect(Self.card(board, "Design grammar")?.assignees == ["knsv"])
        #expect(Self.card(board, "define getData")?.id == "define-getdata")
    }

    @Test("Mermaid's priorities, and the ones pm-render reads elsewhere; others are fields")
    func priorities() throws {
        let text = """
            ```mermaid
            kanban
              Todo
                a[A]@{ priority: 'Very High' }
                b[B]@{ priority: 'High' }
                c[C]@{ priority: 'Low' }
                d[D]@{ priority: 'Very Low' }
                e[E]@{ priority: P0 }
                f[F]@{ priority: 'whenever' }
            ```
            """
        let board = TestSupport.parse(text).board
        #expect(board.lanes[0].cards.map(\.priority) == [.highest, .high, .low, .lowest, .highest, nil])
        #expect(board.lanes[0].cards[5].extras.fields == [CardExtras.Field(key: "priority", value: "whenever")])
    }

    @Test("the diagram's ticketBaseUrl makes a ticket an address; other keys are fields, known ones read")
    func ticketsAndFields() throws {
        let text = """
            ```mermaid
            ---
            config:
              kanban:
                ticketBaseUrl: 'https://example.com/browse/#TICKET#'
            ---
            kanban
              todo[Todo]
                id3[Update Database Function]@{ ticket: MC-2037, assigned: "knsv, Ana", size: 'M', due: 2026-12-01 }
                id4["Quoted: label"] @{ticket: 'MC 1'}
            ```
            """
        let result = TestSupport.parse(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let card = try #require(Self.card(result.board, "Update Database Function"))
        #expect(card.id == "MC-2037")
        #expect(card.assignees == ["knsv", "Ana"])
        #expect(card.due?.iso == "2026-12-01")
        #expect(
            card.extras.fields == [
                CardExtras.Field(key: "ticket", value: "https://example.com/browse/MC-2037"),
                CardExtras.Field(key: "size", value: "M"),
            ])
        // A ticket that is no ID (a space in it) is a field only.
        let quoted = try #require(Self.card(result.board, "Quoted: label"))
        #expect(quoted.explicitID == nil)
        #expect(quoted.extras.fields == [CardExtras.Field(key: "ticket", value: "https://example.com/browse/MC 1")])
    }

    @Test("a ticket several items share names their project, not each of them: a field, and no repeated-ID warning")
    func sharedTickets() throws {
        let text = """
            ```mermaid
            kanban
              backlog[BACKLOG]
                a1[Theme tokens]@{ ticket: Website, priority: 'High', assigned: 'Ux' }
                a2[Header component]@{ ticket: Website , priority: 'High', assigned: 'Ux' }
                b1[Zoom levels]@{ ticket: Viewer, priority: 'Low' }
                c1[Glossary]@{ ticket: DOC-7 }
              doing[In Progress]
                a3[Footer component]@{ ticket: Website, priority: 'Very High' }
            ```
            """
        let result = TestSupport.parse(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let cards = result.board.lanes.flatMap(\.cards)
        #expect(cards.map(\.id) == ["theme-tokens", "header-component", "Viewer", "DOC-7", "footer-component"])
        let shared = try #require(Self.card(result.board, "Header component"))
        #expect(shared.explicitID == nil)
        #expect(shared.extras.fields == [CardExtras.Field(key: "ticket", value: "Website")])
        #expect(shared.priority == .high)
        // A ticket of one item alone is still its ID.
        let own = try #require(Self.card(result.board, "Zoom levels"))
        #expect(own.explicitID == "Viewer")
        #expect(own.extras.fields.isEmpty)
    }

    @Test("shapes, bare labels, Markdown strings, metadata over lines, comments and decorations")
    func syntax() throws {
        let text = """
            ```mermaid
            %%{init: {'theme': 'forest'}}%%
            kanban
                %% the columns
                Backlog
                    Bare item
                    r(Rounded)
                    c((Circle))
                    h{{Hexagon}}
                    m["`**Bold** move`"]
                    n[Fix the [x] box]
                    ::icon(fa fa-book)
                    multi[Metadata on lines]@{
                      assigned: 'knsv'
                      priority: 'Very Low'
                    }
                    :::urgent
                [Done]
                    last[Last]
            ```
            """
        let result = TestSupport.parse(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let board = result.board
        #expect(board.lanes.map(\.name) == ["Backlog", "Done"])
        #expect(
            board.lanes[0].cards.map(\.title) == [
                "Bare item", "Rounded", "Circle", "Hexagon", "Bold move", "Fix the [x] box", "Metadata on lines",
            ])
        let multi = try #require(Self.card(board, "Metadata on lines"))
        #expect(multi.assignees == ["knsv"])
        #expect(multi.priority == .lowest)
        #expect(multi.endLine == 16)
        #expect(board.lanes[1].cards.map(\.title) == ["Last"])
    }

    @Test("a diagram's title, and the sections and title of other diagrams' syntax")
    func titles() throws {
        let sections = """
            ```mermaid
            kanban
                title Remaining work
                section To Do
                    Task 1
                section In Progress
                    Task 2
            ```
            """
        let board = TestSupport.parse(sections).board
        #expect(board.title == "Remaining work")
        #expect(board.lanes.map(\.name) == ["To Do", "In Progress"])
        #expect(board.lanes.map(\.state) == [.todo, .doing])
        let titled = TestSupport.parse("```mermaid\n---\ntitle: Sprint 4\n---\nkanban\n  Todo\n    a[A]\n```\n").board
        #expect(titled.title == "Sprint 4")
    }

    @Test("the Markdown around a diagram describes the board; a heading above it is its title")
    func markdownAround() throws {
        let text = """
            ## Project board

            What we do.

            \(Self.documentation)
            ## Notes

            | Epic | Issues |
            |---|---|
            | EP-1 | #1 |
            """
        let result = TestSupport.parse(text)
        let board = result.board
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(board.title == "Project board")
        #expect(board.lanes.count == 5)
        #expect(board.description.plainText(of: board.description.roots.first { _ in true } ?? 0) == "What we do.")
        #expect(board.descriptionSource.hasPrefix("What we do.\n\n## Notes\n\n| Epic | Issues |"))
        #expect(!board.descriptionSource.contains("kanban"))
    }

    @Test("a document's sections, none named for a state, are no board: its diagram is, and their lists are text")
    func documentWithADiagram() throws {
        let text = """
            # Calculator

            ## Requirements

            1. **Anonymous users**
            2. **Basic operations**

            ## Timeline

            \(Self.documentation)
            ## Install

            - Run the .sql script

            `Tools > NuGet`, a paragraph after the lane's cards when the sections were lanes.
            """
        let result = TestSupport.parse(text)
        let board = result.board
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(board.title == "Calculator")
        #expect(board.style.dialect == .mermaidKanban)
        #expect(board.lanes.map(\.name) == ["Todo", "In progress", "Ready for deploy", "Ready for test", "Done"])
        #expect(
            board.descriptionSource
                == "## Requirements\n\n1. **Anonymous users**\n2. **Basic operations**\n\n## Timeline\n\n## Install\n\n"
                + "- Run the .sql script\n\n`Tools > NuGet`, a paragraph after the lane's cards when the sections were "
                + "lanes.")
        #expect(
            board.description.roots.map { board.description.nodes[$0].kind } == [
                .heading, .list, .heading, .heading, .list, .paragraph,
            ])
    }

    @Test("a board of Markdown cards keeps them; its diagram is shown as written, with a note")
    func markdownCardsWin() throws {
        let text = "## To Do\n\n- [ ] Write\n\n## Plan\n\n" + Self.documentation
        let result = TestSupport.parse(text)
        #expect(result.board.lanes.map(\.name) == ["To Do", "Plan"])
        #expect(result.board.style.dialect == .pmRender)
        let notes = result.diagnostics.filter { $0.code == "mermaid-kanban-not-read" }
        #expect(notes.map(\.location) == [SourceLocation(line: 7, column: 1)])
        #expect(notes.first?.severity == .note)
        // A second diagram: the board is the first.
        let two = TestSupport.parse(Self.documentation + "\n" + Self.documentation)
        #expect(two.board.lanes.count == 5)
        #expect(
            two.diagnostics.map(\.code) == ["mermaid-kanban-not-read"]
                && two.diagnostics.first?.location == SourceLocation(line: 17, column: 1))
        #expect(two.diagnostics.first?.message.contains("the board is the file's first diagram") == true)
    }

    @Test("other Mermaid diagrams and other fenced blocks are no board")
    func otherDiagrams() {
        let flowchart = "```mermaid\nflowchart LR\n  Todo --> Done\n```\n"
        #expect(TestSupport.parse(flowchart).board.lanes.isEmpty)
        let code = "```text\nkanban\n  Todo\n    a[A]\n```\n"
        #expect(TestSupport.parse(code).board.lanes.isEmpty)
        let empty = "## To Do\n\n```mermaid\nkanban\n```\n"
        #expect(TestSupport.parse(empty).board.lanes.map(\.name) == ["To Do"])
    }

    @Test("bad syntax is a warning at its line and column, and the rest is read")
    func badSyntax() throws {
        let text = """
            ```mermaid
            kanban
                Todo
                    a[Unclosed label
                    b[Broken]@{ assigned: [x }
                    c[Trailing] more text
              Shallow
                    d[Never closed]@{ assigned: 'x'
            ```
            """
        let result = TestSupport.parse(text, file: "b.md")
        let warnings = result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code)" }
        #expect(
            warnings == [
                "4:10 mermaid-kanban-syntax", "5:18 mermaid-kanban-syntax", "6:21 mermaid-kanban-syntax",
                "7:3 mermaid-kanban-syntax", "8:24 mermaid-kanban-syntax",
            ])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.diagnostics[0].message.contains("nothing closes its '['"))
        #expect(result.diagnostics[1].message.contains("'assigned: [x' is not read"))
        #expect(result.diagnostics[2].message.contains("'more text' after it is not read"))
        #expect(result.diagnostics[3].message.contains("'Shallow' is indented less"))
        #expect(result.diagnostics[4].message.contains("no '}' closes this '@{'"))
        #expect(result.board.lanes.map(\.name) == ["Todo", "Shallow"])
        #expect(
            result.board.lanes.map { $0.cards.map(\.title) } == [
                ["Unclosed label", "Broken", "Trailing"], ["Never closed"],
            ])
    }

    @Test("broken diagrams never crash the reader")
    func hostile() {
        for text in [
            "```mermaid\nkanban\n```", "```mermaid\n---\n```", "```mermaid\nkanban\n  [\n```",
            "```mermaid\nkanban\n@{\n```",
            "```mermaid\nkanban\n  a\n    b@{ }\n    c[]\n    ((\n    ))\n    {{x\n```",
            "```mermaid\nkanban\n  a\n    b[x]@{ \"unterminated\n```",
            "```mermaid\nkanban\n\t\ta\n  b\n\tc[d]]]@{a: b}}}}\n```",
            "~~~mermaid\nKANBAN\n  Todo\n    x\n~~~\n",
        ] {
            let result = TestSupport.parse(text)
            #expect(result.isReadable)
        }
        let upper = TestSupport.parse("~~~mermaid\nKANBAN\n  Todo\n    x\n~~~\n").board
        #expect(upper.lanes.map { $0.cards.map(\.title) } == [["x"]])
    }

    @Test("the editing commands refuse a diagram's cards and columns, and write nothing")
    func editingRefused() throws {
        let board = "# Board\n\n" + Self.documentation
        let refusals = [
            (
                ["move", "create parsing tests", "Done"],
                "b.md:13:5: error: cannot make this edit: 'Create parsing tests' is an item of a Mermaid kanban diagram"
            ),
            (["done", "2038"], "b.md:13:5: error: cannot make this edit: 'Create parsing tests' is an item"),
            (
                ["edit", "design grammar", "--tag", "x"],
                "b.md:11:5: error: cannot make this edit: 'Design grammar' is an item"
            ),
            (["rm", "define getdata"], "b.md:15:5: error: cannot make this edit: 'define getData' is an item"),
            (["archive", "define getdata"], "b.md:15:5: error: cannot make this edit: 'define getData' is an item"),
            (["add", "New"], "b.md: error: cannot make this edit: 'Todo' is a column of a Mermaid kanban diagram"),
            (["add", "New", "--lane", "Done"], "b.md: error: cannot make this edit: 'Done' is a column of a Mermaid"),
        ]
        for (arguments, message) in refusals {
            let scratch = try Scratch(text: board)
            defer { scratch.remove() }
            let result = try scratch.run(arguments[0], Array(arguments.dropFirst()))
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(scratch.text == board)
        }
    }

    @Test("a file of only a diagram is found as a board in a folder")
    func discovered() {
        #expect(BoardDiscovery.isBoard(Array(Self.documentation.utf8)))
    }
}
