import Foundation
import Testing

@testable import PMRender

/// An edit and the edit that undoes it give back the file byte for byte: each case is the smallest form of a real board
/// where they did not (a blank line left behind, a card put back elsewhere, a space left where a token was).
@Suite struct EditingRoundTripTests {
    struct RoundTrip: Sendable, CustomTestStringConvertible {
        var name: String
        var board: String
        /// The edit, then the edit that undoes it.
        var there: [String]
        var back: [String]
        /// The board between the two, byte for byte.
        var between: String
        var testDescription: String { name }
    }

    static let roundTrips: [RoundTrip] = [
        // A lane whose heading the next one follows with no blank line (maciejjankowski's backlog.md): the card has
        // none before that heading either, and its removal leaves none.
        RoundTrip(
            name: "add and rm under a heading the next follows closely",
            board: "## Todo\n## Doing\n\n- [ ] a\n",
            there: ["add", "Zq"], back: ["rm", "zq"],
            between: "## Todo\n\n- [ ] Zq\n## Doing\n\n- [ ] a\n"),
        // `--top` right under the lane's heading, in a list parted by blank lines: its removal takes the blank line
        // `add` wrote after it.
        // A heading card whose bold-keyed fields start with its own task box: the deadline goes above them, and the box
        // stays the card's.
        RoundTrip(
            name: "a deadline on a heading card whose fields start with its box, and off again",
            board: "## P0\n\n### BILL-001: Report\n- [x] **Description:** the report\n- **Module:** Reports\n",
            there: ["edit", "bill-001-report", "--due", "2026-12-01"], back: ["edit", "bill-001-report", "--no-due"],
            between:
                "## P0\n\n### BILL-001: Report\nDue: 2026-12-01\n- [x] **Description:** the report\n- **Module:** Reports\n"
        ),
        RoundTrip(
            name: "add --top and rm in a loose list under the heading",
            board: "## Backlog\n- a\n  More about a.\n\n- b\n  More about b.\n\n## Done\n",
            there: ["add", "Zq", "--top"], back: ["rm", "zq"],
            between: "## Backlog\n- Zq\n\n- a\n  More about a.\n\n- b\n  More about b.\n\n## Done\n"),
        // A list card moved into a lane of heading cards right under its heading, and back (Ethan-501066's
        // TAREAS.md): the blank line before the heading cards was theirs, and stays.
        RoundTrip(
            name: "a list card moved above a lane's heading cards and back",
            board:
                "## Progress\n- [ ] Task 1\n- [ ] Task 2\n\n## Details\n\n### 1. Task one\n**State:** open\n\n"
                + "### 2. Task two\n**State:** open\n",
            there: ["move", "task-1", "details"], back: ["move", "task-1", "progress", "--top"],
            between:
                "## Progress\n- [ ] Task 2\n\n## Details\n- [ ] Task 1\n\n### 1. Task one\n**State:** open\n\n"
                + "### 2. Task two\n**State:** open\n"),
        // A heading card back at the top of a lane of list cards under `###` labels (davidjimenez75's TODO.md): before
        // the first label, not at the bottom.
        RoundTrip(
            name: "a heading card moved back to the top of a lane of labelled lists",
            board:
                "## Task 1\n\n### Setup\nFirst task.\n\n### Comments\n- [ ] review\n- [ ] test\n\n## Task 2\n\n"
                + "### Build\nMain work.\n",
            there: ["move", "setup", "task 2"], back: ["move", "setup", "task 1", "--top"],
            between:
                "## Task 1\n\n### Comments\n- [ ] review\n- [ ] test\n\n## Task 2\n\n### Build\nMain work.\n\n"
                + "### Setup\nFirst task.\n"),
        // The last card of a lane parted by blank lines, moved away and back to its bottom (iguGH2025's README.md):
        // spaced as that lane's cards are, not as the board's first list.
        RoundTrip(
            name: "a card moved back to the bottom of a loose lane",
            board: "## Todo\n\n- [ ] a\n- [ ] b\n\n## Later\n\n- [ ] d\n\n- [ ] e\n\n- [ ] f\n",
            there: ["move", "f", "todo", "--top"], back: ["move", "f", "later"],
            between: "## Todo\n\n- [ ] f\n- [ ] a\n- [ ] b\n\n## Later\n\n- [ ] d\n\n- [ ] e\n"),
        // The only card under a lane's last label, moved away and back to the bottom (Eforen's KANBAN.md): under
        // that label again, not before it.
        RoundTrip(
            name: "a card moved back under the lane's last label, left with no card",
            board:
                "## Done\n\n### Week 1\n* [x] a\n* [x] b\n\n### Week 2\n* [x] c\n\n## Testing\n\n* [ ] d\n",
            there: ["move", "c", "testing", "--top"], back: ["move", "c", "done"],
            between: "## Done\n\n### Week 1\n* [x] a\n* [x] b\n\n### Week 2\n\n## Testing\n\n* [ ] c\n* [ ] d\n"),
        // A card over an item that is no card (xiechao06's taskell.md): the item stays where it was, under the lane's
        // heading, and the card goes back before it.
        RoundTrip(
            name: "a card over an empty item moved away and back to the top",
            board: "## To Do\n\n- learn conda\n- \n\n## Doing\n\n## Done\n",
            there: ["move", "learn", "doing"], back: ["move", "learn", "to do", "--top"],
            between: "## To Do\n\n- \n\n## Doing\n\n- learn conda\n\n## Done\n"),
        // A token put before a `<br>` and taken away again (Grazen0's Kanban.md): the space written before it goes
        // with it.
        RoundTrip(
            name: "a deadline before a <br> set and taken away",
            board: "## Todo\n\n- [ ] **Exam**<br>Read the notes. #study\n\n## Done\n",
            there: ["edit", "exam", "--due", "2026-07-01"], back: ["edit", "exam", "--no-due"],
            between: "## Todo\n\n- [ ] **Exam** @{2026-07-01}<br>Read the notes. #study\n\n## Done\n"),
        RoundTrip(
            name: "a tag before a <br> added and taken away",
            board: "## Todo\n\n- [ ] **Exam**<br>Read the notes. #study\n\n## Done\n",
            there: ["edit", "exam", "--tag", "zq"], back: ["edit", "exam", "--untag", "zq"],
            between: "## Todo\n\n- [ ] **Exam** #zq<br>Read the notes. #study\n\n## Done\n"),
        // A date a line of the card's description holds alone, under a subtask (hyeseungmoon's Kanban Board.md), is
        // the description's text, not the card's deadline: `--no-due` leaves it.
        RoundTrip(
            name: "a deadline set and taken away beside a date in the description",
            board: "## Todo\n\n- [ ] Setup \n\t- board settings\n\t\t- [x] Snippet\n\t@{2026-05-10}\n- [ ] Next\n",
            there: ["edit", "setup", "--due", "2031-02-03"], back: ["edit", "setup", "--no-due"],
            between:
                "## Todo\n\n- [ ] Setup @{2031-02-03} \n\t- board settings\n\t\t- [x] Snippet\n\t@{2026-05-10}\n"
                + "- [ ] Next\n"),
        // A Tasks plugin date written with no space after its emoji (snflsknfkldnfs's board) is rewritten so.
        RoundTrip(
            name: "a 📅 date with no space after the emoji changed and changed back",
            board: "## Todo\n\n- [ ] Plugin roadmap #tools 📅2025-08-01\n- [ ] Other 📅 2025-08-02\n",
            there: ["edit", "plugin", "--due", "2031-02-03"], back: ["edit", "plugin", "--due", "2025-08-01"],
            between: "## Todo\n\n- [ ] Plugin roadmap #tools 📅2031-02-03\n- [ ] Other 📅 2025-08-02\n"),
        // A deadline in round brackets after the title is rewritten in place, in the same form.
        RoundTrip(
            name: "a (Due: …) deadline changed and changed back",
            board: "## Todo\n\n- [ ] Pay rent (Due: 2026-01-05)\n- [ ] Call (Deadline: 2026-02-01) the bank\n",
            there: ["edit", "pay rent", "--due", "2026-03-01"], back: ["edit", "pay rent", "--due", "2026-01-05"],
            between: "## Todo\n\n- [ ] Pay rent (Due: 2026-03-01)\n- [ ] Call (Deadline: 2026-02-01) the bank\n"),
        RoundTrip(
            name: "a (Deadline: …) deadline changed in the middle of a title",
            board: "## Todo\n\n- [ ] Call (Deadline: 2026-02-01) the bank\n",
            there: ["edit", "call", "--due", "2026-02-03"], back: ["edit", "call", "--due", "2026-02-01"],
            between: "## Todo\n\n- [ ] Call (Deadline: 2026-02-03) the bank\n"),
    ]

    @Test(arguments: roundTrips)
    func anEditAndItsUndoingGiveBackTheFile(_ trip: RoundTrip) throws {
        let between = try EditingCommandTests.edited(trip.board, trip.there)
        #expect(between == trip.between)
        let after = try EditingCommandTests.edited(between, trip.back)
        #expect(after == trip.board)
    }

    /// A new board of cards with `(Due: …)` deadlines gets its new card's deadline in that form.
    @Test func aNewCardsDeadlineIsWrittenInRoundBracketsWhereTheBoardsAre() throws {
        let board = "## Todo\n\n- [ ] Pay rent (Due: 2026-01-05)\n"
        let after = try EditingCommandTests.edited(board, ["add", "File taxes", "--due", "2026-04-30"])
        #expect(after == board + "- [ ] File taxes (Due: 2026-04-30)\n")
    }
}
