import Foundation
import Testing

@testable import PMRender

/// Edits that used to lose or alter the user's text outside what they changed: each is written byte for byte as
/// intended, or refused with its reason and nothing written.
@Suite struct EditingLosslessTests {
    /// Runs `pm-render ARGUMENTS…` on a board written to a temporary folder; returns the result and the board after.
    static func onBoard(_ text: String, _ arguments: [String], file: String = "b.md") throws -> (
        TestSupport.RunResult, String
    ) {
        try EditingCommandTests.onBoard(text, arguments, file: file)
    }

    // MARK: - Comments on a title line

    @Test func aRenamedCardKeepsTheCommentsOnItsTitleLine() throws {
        let board =
            "## Todo\n\n- [ ] Fix login <!-- owner: kim --> #auth\n- [ ] Tidy %% later %% the hall\n"
            + "- [ ] Show `<!-- raw -->` markup\n\n## Done\n\n### Ship it <!-- v2 -->\nDue: 2026-05-01\n"
        let afterRename = try EditingCommandTests.edited(board, ["edit", "fix login", "--title", "Repair login"])
        #expect(
            afterRename
                == board.replacingOccurrences(
                    of: "Fix login <!-- owner: kim --> #auth", with: "Repair login <!-- owner: kim --> #auth"))
        let afterObsidian = try EditingCommandTests.edited(board, ["edit", "tidy", "--title", "Sweep"])
        #expect(afterObsidian == board.replacingOccurrences(of: "Tidy %% later %% the hall", with: "Sweep %% later %%"))
        // A comment in a code span is the title's text, and goes with it.
        let afterCode = try EditingCommandTests.edited(board, ["edit", "show", "--title", "Show markup"])
        #expect(afterCode == board.replacingOccurrences(of: "Show `<!-- raw -->` markup", with: "Show markup"))
        let afterHeading = try EditingCommandTests.edited(board, ["edit", "ship it", "--title", "Release"])
        #expect(
            afterHeading == board.replacingOccurrences(of: "### Ship it <!-- v2 -->", with: "### Release <!-- v2 -->"))
    }

    @Test func aRenamedCardKeepsTheSpacesItsTitleLineEndsWith() throws {
        let board = "## Todo\r\n\r\n-\t[ ] Fix the gate\t \r\n- [ ] Call bob #home  \r\n\r\n## Done\r\n"
        let after = try EditingCommandTests.edited(board, ["edit", "fix the gate", "--title", "Repair the gate"])
        #expect(after == board.replacingOccurrences(of: "Fix the gate\t ", with: "Repair the gate\t "))
        let afterTagged = try EditingCommandTests.edited(board, ["edit", "call bob", "--title", "Call Ann"])
        #expect(afterTagged == board.replacingOccurrences(of: "Call bob #home  ", with: "Call Ann #home  "))
        // A heading's closing `#` is escaped before the spaces, which would not stop it closing the heading.
        let headings = "## Todo\n\n### Foo  \nDue: 2026-12-01\n\n## Done\n"
        let afterHash = try EditingCommandTests.edited(headings, ["edit", "foo", "--title", "Item #"])
        #expect(afterHash == headings.replacingOccurrences(of: "### Foo  ", with: "### Item \\#  "))
    }

    @Test func aCardThatIsOnlyADateTakesANewDateAsItsTitle() throws {
        let board = "## Todo\n\n- [ ] 📅 2026-03-01\n- [ ] Other\n"
        let after = try EditingCommandTests.edited(board, ["edit", "2026-03-01", "--due", "2026-04-01"])
        #expect(after == "## Todo\n\n- [ ] 📅 2026-04-01\n- [ ] Other\n")
    }

    @Test func aTokenWrittenAgainstTheTitleStaysAgainstTheNewOne() throws {
        let board = "## Todo\n\n- [ ] 工作计划📅 2026-12-01\n- [ ] Call bob #home\n\n## Done\n"
        let after = try EditingCommandTests.edited(board, ["edit", "工作计划", "--title", "计划"])
        #expect(after == board.replacingOccurrences(of: "工作计划📅", with: "计划📅"))
        let afterEndsInTag = try EditingCommandTests.edited(board, ["edit", "工作计划", "--title", "计划 #work"])
        #expect(afterEndsInTag == board.replacingOccurrences(of: "工作计划📅", with: "计划 #work 📅"))
        // Written apart, it stays apart.
        let afterSpaced = try EditingCommandTests.edited(board, ["edit", "call bob", "--title", "Call Ann"])
        #expect(afterSpaced == board.replacingOccurrences(of: "Call bob #home", with: "Call Ann #home"))
        // After a bracket, which the rename leaves behind, it is written apart ('Zz#var' would be one word).
        let bracketed = "## Todo\n\n- [ ] Variables (#var), results\n"
        let afterBracket = try EditingCommandTests.edited(bracketed, ["edit", "variables", "--title", "Zz"])
        #expect(afterBracket == "## Todo\n\n- [ ] Zz #var\n")
        // A tag the new title writes is not written again after it (a title of tags alone would read twice).
        let afterTagged = try EditingCommandTests.edited(
            board, ["edit", "call bob", "--title", "Call the #home office"])
        #expect(afterTagged == board.replacingOccurrences(of: "Call bob #home", with: "Call the #home office"))
        let afterTagsAlone = try EditingCommandTests.edited(board, ["edit", "call bob", "--title", "#home"])
        #expect(afterTagsAlone == board.replacingOccurrences(of: "Call bob #home", with: "#home"))
        // Spelt otherwise, it is the card's tag as well, and both stay.
        let afterSpelt = try EditingCommandTests.edited(board, ["edit", "call bob", "--title", "Call #HOME"])
        #expect(afterSpelt == board.replacingOccurrences(of: "Call bob #home", with: "Call #HOME #home"))
    }

    // MARK: - Text in a lane beside its cards

    /// The round trip of the board this was found on (`- (nada no momento)` in its doing lane): the card takes the
    /// line's place, with a warning, and the file comes back byte for byte but for that line, which no later edit
    /// writes back.
    @Test func aRoundTripThroughALaneThatSaysItIsEmptyGivesBackTheFileButThatLine() throws {
        let board =
            "## Todo (a fazer)\n\n- [ ] Publicar no Netlify\n\n## Doing (fazendo)\n\n- (nada no momento)\n\n"
            + "## Done (pronto)\n\n- [x] Estrutura inicial\n"
        let afterAdd = try EditingCommandTests.edited(board, ["add", "Zq test"])
        #expect(afterAdd == board.replacingOccurrences(of: "Netlify\n", with: "Netlify\n- [ ] Zq test\n"))
        let (moved, afterMove) = try Self.onBoard(afterAdd, ["move", "zq test", "doing"])
        #expect(moved.status == 0)
        #expect(
            moved.stderr
                == "b.md:8:1: warning: the card takes the place of '- (nada no momento)', the line that said "
                + "'Doing (fazendo)' was empty\n")
        #expect(afterMove == board.replacingOccurrences(of: "- (nada no momento)", with: "- [ ] Zq test"))
        let afterDone = try EditingCommandTests.edited(afterMove, ["done", "zq test", "--today", "2026-05-01"])
        let afterRemove = try EditingCommandTests.edited(afterDone, ["rm", "zq test"])
        #expect(afterRemove == board.replacingOccurrences(of: "- (nada no momento)\n\n", with: ""))
    }

    /// A card put under a lane's text that the next heading follows with no blank line gets none before the heading
    /// either (a heading ends the list without one): its removal takes its lines and the blank line before them, which
    /// is all `add` wrote, so the round trip gives back the file.
    @Test func aCardPutRightAboveTheNextHeadingLeavesNoBlankLineBehind() throws {
        for (board, added) in [
            (
                "# B\n\n## TODO\n\nSome lane note.\n## DONE\n",
                "# B\n\n## TODO\n\nSome lane note.\n\n- [ ] QA\n## DONE\n"
            ),
            (
                "# B\n\n## TODO\n\nSome lane note.\n## DONE\n\n- [x] b\n",
                "# B\n\n## TODO\n\nSome lane note.\n\n- [ ] QA\n## DONE\n\n- [x] b\n"
            ),
        ] {
            let afterAdd = try EditingCommandTests.edited(board, ["add", "QA"])
            #expect(afterAdd == added)
            let afterRemove = try EditingCommandTests.edited(afterAdd, ["rm", "qa"])
            #expect(afterRemove == board)
        }
    }

    /// Text after a lane's last card is no description; with that card gone it would be one: refused, nothing written.
    @Test func theLastCardBeforeALanesTextDoesNotLeaveIt() throws {
        let board =
            "## Todo\n\n- [ ] a\n\n## Completed\n- ✅ Done today\n\n---\n\n**Total**: _\n**Next scan**: tomorrow\n"
        for arguments in [["rm", "done-today"], ["move", "done-today", "todo"]] {
            let (refused, after) = try Self.onBoard(board, arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(
                refused.stderr.contains(
                    "b.md:5:1: error: nothing was written: after this edit the description of lane 'Completed' (the "
                        + "text under its name) would be '**Total**: _ **Next scan**: tomorrow', not none"),
                "\(refused.stderr)")
            #expect(after == board)
        }
        // A card still before it, the text stays where it was, read as before.
        let afterRemove = try EditingCommandTests.edited(
            board.replacingOccurrences(of: "- ✅ Done today\n", with: "- ✅ Done today\n- ✅ Lunch\n"),
            ["rm", "done-today"])
        #expect(afterRemove == board.replacingOccurrences(of: "- ✅ Done today\n", with: "- ✅ Lunch\n"))
    }

    /// A new archive goes after the text under the last lane's cards, which stays in that lane (put before it, the
    /// archive would carry it off); the last card before such text stays, as for `rm`.
    @Test func aNewArchiveGoesAfterTheTextUnderTheLastLanesCards() throws {
        let board = "## Todo\n\n- [ ] a\n\n## Code check\n\n- [x] lint\n- [x] build\n\nNote: a clean cache.\n"
        let after = try EditingCommandTests.edited(board, ["archive", "lint"])
        #expect(
            after
                == "## Todo\n\n- [ ] a\n\n## Code check\n\n- [x] build\n\nNote: a clean cache.\n\n***\n\n## Archive\n\n"
                + "- [x] lint\n")
        let (refused, afterRefused) = try Self.onBoard(after, ["archive", "build"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("error: nothing was written: after this edit the description of lane 'Code check'"))
        #expect(afterRefused == after)
        // A footer (a rule over a little text at the end) is the board's: the archive goes before it.
        let footer = "## Todo\n\n- [ ] a\n\n## Done\n\n- [x] b\n- [x] c\n\n---\n\n*Updated daily*\n"
        let afterFooter = try EditingCommandTests.edited(footer, ["archive", "b"])
        #expect(
            afterFooter
                == "## Todo\n\n- [ ] a\n\n## Done\n\n- [x] c\n\n***\n\n## Archive\n\n- [x] b\n\n---\n\n*Updated daily*\n"
        )
    }

    /// An item the board left under its cards (Taskell's empty `- `) is the list's next item: a card put before it
    /// gets no blank line, so the list stays tight and the round trip gives back the file.
    @Test func aCardPutBeforeAnItemThatIsNoCardLeavesTheListTight() throws {
        let board = "# Taskell\n\n## To Do\n\n- learn mamba/conda\n- \n\n## Doing\n\n\n## Done\n"
        let afterAdd = try EditingCommandTests.edited(board, ["add", "Zq new"], file: "taskell.md")
        #expect(afterAdd == board.replacingOccurrences(of: "conda\n", with: "conda\n- Zq new\n"))
        var after = afterAdd
        for arguments in [["move", "zq new", "doing"], ["done", "zq new"], ["rm", "zq new"]] {
            let (result, next) = try Self.onBoard(after, arguments, file: "taskell.md")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            after = next
        }
        #expect(after == board)
    }

    // MARK: - The board's tool

    /// A Taskell board shows itself by its cards' indented `> description` and `@ date` lines: an edit that takes the
    /// last of them away is made (a user must be able to remove any card) and says that later edits write pm-render's
    /// own style, and how to keep Taskell's: a file named `taskell.md` is read as Taskell's without such lines.
    /// Taskell's archive is one of its lists, written as the others: a board whose Taskell marks only its archived
    /// cards still show is Taskell's, and is written so (`> ` with its space on an empty description line, which
    /// Taskell needs) (QA3 M2).
    @Test func aTaskellBoardWhoseMarksAreInItsArchiveStaysTaskells() throws {
        let board =
            "## To Do\n\n- Buy milk\n    @ 2026-01-02\n    > Semi-skimmed\n\n## Done\n\n- Old task\n\n"
            + "## Archive\n\n- Fix bike\n    * [ ] Pump tyres\n"
        let (archived, afterArchive) = try Self.onBoard(board, ["archive", "buy"], file: "kanban.md")
        #expect(archived.status == 0)
        #expect(archived.stderr == "", "\(archived.stderr)")
        #expect(
            afterArchive
                == "## To Do\n\n## Done\n\n- Old task\n\n## Archive\n\n- Fix bike\n    * [ ] Pump tyres\n"
                + "- Buy milk\n    @ 2026-01-02\n    > Semi-skimmed\n")
        let added = try EditingCommandTests.edited(
            afterArchive, ["add", "A", "--description", "l1\n\nl3", "--due", "2026-02-02"], file: "kanban.md")
        #expect(
            added.hasPrefix("## To Do\n\n- A\n    @ 2026-02-02\n    > l1\n    > \n    > l3\n\n## Done\n"), "\(added)")
    }

    @Test func takingAwayTheLastLineThatShowsATaskellBoardSaysWhatFollows() throws {
        let board =
            "## To Do\n\n- xcode xvimrc\n\n## Done\n\n- cpy zshrc\n- cpy nvim config\n"
            + "    > only copy everything other than autoload\n"
        let removedCard = board.replacingOccurrences(
            of: "- cpy nvim config\n    > only copy everything other than autoload\n", with: "")
        let (removed, after) = try Self.onBoard(board, ["rm", "cpy nvim config"], file: "kanban.md")
        #expect(removed.status == 0)
        #expect(
            removed.stderr
                == "kanban.md: warning: this edit took away the last line that showed the board is written by Taskell "
                + "(an indented '> description', '@ date' or '* [ ] subtask' line under a card): the board no longer "
                + "shows Taskell's marks, so later edits write pm-render's own style, not Taskell's; to keep Taskell's, "
                + "name the file 'taskell.md' (Taskell's name for a board), which is read as Taskell's while its cards "
                + "are '- ' items without task boxes or dates on their first lines\n")
        #expect(after == removedCard)
        // Later edits write pm-render's style: a deadline is no `@ date` line.
        let afterDate = try EditingCommandTests.edited(
            after, ["edit", "xcode", "--due", "2026-06-01"], file: "kanban.md")
        #expect(!afterDate.contains("    @ 2026-06-01"), "\(afterDate)")
        // Named `taskell.md`, the board stays Taskell's: no warning, and a deadline is its `@ date` line.
        let (named, afterNamed) = try Self.onBoard(board, ["rm", "cpy nvim config"], file: "taskell.md")
        #expect(named.status == 0)
        #expect(named.stderr == "")
        #expect(afterNamed == removedCard)
        let afterNamedDate = try EditingCommandTests.edited(
            afterNamed, ["edit", "xcode", "--due", "2026-06-01"], file: "taskell.md")
        #expect(
            afterNamedDate
                == afterNamed.replacingOccurrences(of: "- xcode xvimrc\n", with: "- xcode xvimrc\n    @ 2026-06-01\n"))
        // Other edits say nothing of it.
        let (other, afterOther) = try Self.onBoard(board, ["rm", "cpy zshrc"], file: "kanban.md")
        #expect(other.status == 0)
        #expect(other.stderr == "")
        #expect(afterOther == board.replacingOccurrences(of: "- cpy zshrc\n", with: ""))
    }

    // MARK: - The board's date format

    /// `Due:` lines written day first (`25/12/2026`) get new deadlines so; a time, which the reader takes after an ISO
    /// date only, is written with one.
    @Test func aDeadlineLineIsWrittenInTheBoardsOwnDateFormat() throws {
        let board = "## Todo\n\n### Alpha\nDue: 25/12/2026\n\n### Beta\nTags: x\n\n## Done\n"
        let afterAdd = try EditingCommandTests.edited(board, ["add", "Gamma", "--due", "2026-03-04"])
        #expect(
            afterAdd == board.replacingOccurrences(of: "\n## Done", with: "\n### Gamma\nDue: 04/03/2026\n\n## Done"))
        let afterChange = try EditingCommandTests.edited(board, ["edit", "alpha", "--due", "2026-12-31"])
        #expect(afterChange == board.replacingOccurrences(of: "25/12/2026", with: "31/12/2026"))
        let afterDate = try EditingCommandTests.edited(board, ["edit", "beta", "--due", "2026-02-01"])
        #expect(afterDate == board.replacingOccurrences(of: "Tags: x\n", with: "Tags: x\nDue: 01/02/2026\n"))
        let afterTime = try EditingCommandTests.edited(board, ["edit", "beta", "--due", "2026-02-01 14:00"])
        #expect(afterTime == board.replacingOccurrences(of: "Tags: x\n", with: "Tags: x\nDue: 2026-02-01 14:00\n"))
        // A board whose dates are ISO keeps ISO.
        let iso = board.replacingOccurrences(of: "25/12/2026", with: "2026-12-25")
        let afterISO = try EditingCommandTests.edited(iso, ["add", "Gamma", "--due", "2026-03-04"])
        #expect(afterISO == iso.replacingOccurrences(of: "\n## Done", with: "\n### Gamma\nDue: 2026-03-04\n\n## Done"))
    }
}
