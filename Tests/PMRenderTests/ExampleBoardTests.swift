import Foundation
import Testing

@testable import PMRender

/// The example boards in `examples/`, one per dialect that docs/FORMAT.md documents: each checks clean through the
/// command line, and reads as its tool means it. The expectations are written from reading each example, not from
/// pm-render's output.
@Suite("Example boards")
struct ExampleBoardTests {
    struct ExpectedLane: Sendable {
        let name: String
        let state: CardState
        let source: LaneStateSource
        let cards: Int
        var wip: Int?
    }

    /// One card whose metadata the example writes in its dialect's own way.
    struct ExpectedCard: Sendable {
        let lane: String
        let title: String
        var due: String?
        var tags: [String] = []
        var priority: String?
        var assignees: [String] = []
        var subtasks: (done: Int, total: Int)?
    }

    struct Example: Sendable, CustomTestStringConvertible {
        let file: String
        let dialect: BoardStyle.Dialect
        let lanes: [ExpectedLane]
        var archived = 0
        let card: ExpectedCard

        var cardCount: Int { lanes.reduce(0) { $0 + $1.cards } }
        var testDescription: String { file }
    }

    static let examples: [Example] = [
        Example(
            file: "board.md", dialect: .pmRender,
            lanes: [
                ExpectedLane(name: "TODO", state: .todo, source: .name, cards: 4),
                ExpectedLane(name: "DOING", state: .doing, source: .name, cards: 2, wip: 2),
                ExpectedLane(name: "DONE", state: .done, source: .name, cards: 3),
            ],
            card: ExpectedCard(
                lane: "TODO", title: "Fix crash when a deadline is cleared", due: "2026-11-25T18:00",
                tags: ["bug", "ios"])),
        Example(
            file: "ko.md", dialect: .pmRender,
            lanes: [
                ExpectedLane(name: "예정", state: .todo, source: .name, cards: 3),
                ExpectedLane(name: "진행 중", state: .doing, source: .name, cards: 2, wip: 2),
                ExpectedLane(name: "완료", state: .done, source: .name, cards: 2),
            ],
            card: ExpectedCard(
                lane: "예정", title: "기한 삭제 시 앱이 종료되는 문제", due: "2026-11-25T18:00", tags: ["버그", "iOS"])),
        Example(
            file: "obsidian.md", dialect: .obsidianKanban,
            lanes: [
                ExpectedLane(name: "To Do", state: .todo, source: .name, cards: 3),
                ExpectedLane(name: "In Progress", state: .doing, source: .name, cards: 2, wip: 3),
                ExpectedLane(name: "Done", state: .done, source: .completeMarker, cards: 2),
            ],
            archived: 2,
            card: ExpectedCard(lane: "To Do", title: "Book the team offsite", due: "2026-11-28T10:00")),
        Example(
            file: "taskell.md", dialect: .taskell,
            lanes: [
                ExpectedLane(name: "To Do", state: .todo, source: .name, cards: 4),
                ExpectedLane(name: "Doing", state: .doing, source: .name, cards: 2),
                ExpectedLane(name: "Published", state: .done, source: .name, cards: 2),
            ],
            // `@ 2026-11-23 18:00 UTC`: Taskell writes times in UTC, the board's default time zone.
            card: ExpectedCard(lane: "Doing", title: "Edit episode 11", due: "2026-11-23T18:00", subtasks: (2, 3))),
        Example(
            file: "kanbn.md", dialect: .kanbn,
            lanes: [
                ExpectedLane(name: "Backlog", state: .todo, source: .name, cards: 3),
                ExpectedLane(name: "Todo", state: .todo, source: .name, cards: 2),
                // `startedColumns` and `completedColumns` in the front matter.
                ExpectedLane(name: "Building", state: .doing, source: .frontMatter, cards: 1),
                ExpectedLane(name: "Testing", state: .doing, source: .frontMatter, cards: 1),
                ExpectedLane(name: "Shipped", state: .done, source: .frontMatter, cards: 2),
            ],
            archived: 1,
            // The task files are not followed: a card's title is its task ID, the link's text.
            card: ExpectedCard(lane: "Building", title: "gps-accuracy-warning")),
        Example(
            file: "vscode.md", dialect: .vscodeKanban,
            lanes: [
                ExpectedLane(name: "To Do", state: .todo, source: .name, cards: 3),
                ExpectedLane(name: "In Progress", state: .doing, source: .name, cards: 2),
                ExpectedLane(name: "Done", state: .done, source: .name, cards: 2),
            ],
            archived: 1,
            card: ExpectedCard(
                lane: "In Progress", title: "Move the shop to the new theme", due: "2026-11-25",
                tags: ["theme", "frontend"], priority: "high", assignees: ["Noor"], subtasks: (2, 4))),
        Example(
            file: "tasks.md", dialect: .pmRender,
            lanes: [
                ExpectedLane(name: "Pendiente", state: .todo, source: .name, cards: 5),
                ExpectedLane(name: "En curso", state: .doing, source: .name, cards: 2),
                ExpectedLane(name: "En revisión", state: .doing, source: .name, cards: 1),
                ExpectedLane(name: "Hecho", state: .done, source: .name, cards: 2),
            ],
            // 📅 is the deadline; ⏳ (scheduled) is not.
            card: ExpectedCard(
                lane: "Pendiente", title: "Imprimir los carteles", due: "2026-12-03", tags: ["difusión"],
                priority: "medium")),
        Example(
            file: "checklist.md", dialect: .pmRender,
            lanes: [
                ExpectedLane(name: "Backlog", state: .todo, source: .name, cards: 3),
                ExpectedLane(name: "In Progress", state: .doing, source: .name, cards: 2),
                ExpectedLane(name: "Review", state: .doing, source: .name, cards: 1),
                ExpectedLane(name: "Shipped", state: .done, source: .name, cards: 3),
            ],
            // `#198` is an issue reference, not a tag.
            card: ExpectedCard(lane: "In Progress", title: "Star ratings in the EXIF export (#198)")),
        Example(
            file: "mermaid.md", dialect: .mermaidKanban,
            lanes: [
                ExpectedLane(name: "Backlog", state: .todo, source: .name, cards: 2),
                ExpectedLane(name: "To Do", state: .todo, source: .name, cards: 2),
                ExpectedLane(name: "In Progress", state: .doing, source: .name, cards: 2, wip: 2),
                ExpectedLane(name: "Review", state: .doing, source: .name, cards: 1),
                ExpectedLane(name: "Done", state: .done, source: .name, cards: 2),
            ],
            // `@{ assigned: 'Ana, Ben', priority: 'Very High' }`: Mermaid's highest priority.
            card: ExpectedCard(
                lane: "In Progress", title: "Site search", priority: "highest", assignees: ["Ana", "Ben"])),
    ]

    @Test("every example board has expectations, and every expectation an example")
    func coverage() {
        let files = Set(TestSupport.files(in: TestSupport.examples, withExtension: "md"))
        #expect(files == Set(Self.examples.map(\.file)))
    }

    @Test("pm-render check passes with no warnings", arguments: examples)
    func checksClean(_ example: Example) throws {
        let path = "examples/\(example.file)"
        let result = try TestSupport.run(["check", path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(path): \(example.cardCount) cards, 0 errors, 0 warnings\n")
    }

    @Test("lanes, states, the rules that gave them, counts and dialect", arguments: examples)
    func lanes(_ example: Example) async throws {
        let result = try await BoardFile.load(path: TestSupport.examples.appending(path: example.file).path)
        let board = result.board
        #expect(result.diagnostics.isEmpty)
        #expect(board.lanes.map(\.heading) == example.lanes.map(\.name))
        #expect(board.lanes.map(\.state) == example.lanes.map(\.state))
        #expect(board.lanes.map(\.stateSource) == example.lanes.map(\.source))
        #expect(board.lanes.map(\.cards.count) == example.lanes.map(\.cards))
        #expect(board.lanes.map(\.wipLimit) == example.lanes.map(\.wip))
        #expect(board.archive.count == example.archived)
        #expect(board.cardCount == example.cardCount)
        #expect(board.style.dialect == example.dialect)
    }

    @Test("a card's metadata as its dialect writes it", arguments: examples)
    func card(_ example: Example) async throws {
        let board = try await BoardFile.load(path: TestSupport.examples.appending(path: example.file).path).board
        let expected = example.card
        let lane = try #require(board.lanes.first { $0.heading == expected.lane })
        let card = try #require(lane.cards.first { $0.title == expected.title }, "no '\(expected.title)'")
        #expect(card.state == lane.state)
        #expect(card.due?.iso == expected.due)
        #expect(card.tags == expected.tags)
        #expect(card.priority?.name == expected.priority)
        #expect(card.assignees == expected.assignees)
        let progress = card.subtaskProgress
        #expect(progress.done == (expected.subtasks?.done ?? 0))
        #expect(progress.total == (expected.subtasks?.total ?? 0))
    }

    @Test("docs/FORMAT.md links every example board")
    func documented() throws {
        let format = try TestSupport.read(TestSupport.packageRoot.appending(path: "docs/FORMAT.md"))
        for example in Self.examples {
            #expect(format.contains("../examples/\(example.file))"), "\(example.file) is not linked")
        }
    }
}
