import Foundation
import Testing

@testable import PMRender

/// Edits of cards whose lines hold what looks like metadata but is not (a `#word` in a code span, an escaped `\#`), or
/// metadata the editor must find where the reader read it (a date after a wikilink, on a continuation line, linked to
/// a daily note): the editor reads a line's source as the reader reads its text.
@Suite struct EditingTokenTests {
    private static let obsidianHead = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n"
    private static let obsidianTail = "\n## Done\n\n**Complete**\n"

    /// The only card of `text`, as the board reads it.
    private static func card(_ text: String) -> Card? {
        BoardParser.parse(Array(text.utf8), file: "b.md").board.cards.first
    }

    @Test(
        "a '#word' in a code span or escaped with a backslash is text, not a tag: a rename keeps none of it",
        arguments: [
            ("## Todo\n\n- [ ] Card `code #no`\n\n## Done\n", "- [ ] New\n"),
            ("## Todo\n\n- [ ] Card `#include` order #build\n\n## Done\n", "- [ ] New #build\n"),
            ("## Todo\n\n- [ ] Card ``a ` #no`` #yes\n\n## Done\n", "- [ ] New #yes\n"),
            ("## Todo\n\n- [ ] Card \\#hashtag literally\n\n## Done\n", "- [ ] New\n"),
            (obsidianHead + "- [ ] Card **bold** `code #no` ~~strike~~ #yes\n" + obsidianTail, "- [ ] New #yes\n"),
        ])
    func codeSpansAndEscapesHoldNoTag(board: String, renamed: String) throws {
        let after = try EditingCommandTests.edited(board, ["edit", "card", "--title", "New"])
        #expect(after.contains("\n" + renamed), "\(after)")
    }

    @Test(
        "an escaped mark starts no tag, date or ID: the title shows it as written, without the backslash",
        arguments: [
            ("- [ ] Use \\#hashtag literally", "Use #hashtag literally", [String]()),
            ("- [ ] Price is 5\\# per unit #real", "Price is 5# per unit", ["real"]),
            ("- [ ] Mail about \\@{2026-01-05}", "Mail about @{2026-01-05}", []),
        ])
    func anEscapedMarkIsText(line: String, title: String, tags: [String]) throws {
        let card = try #require(Self.card(Self.obsidianHead + line + "\n" + Self.obsidianTail))
        #expect(card.title == title)
        #expect(card.tags == tags)
        #expect(card.due == nil)
    }

    /// The rename's message shows the new title as the board reads it, as it shows the old one.
    @Test func aRenameSaysTheTitleAsTheBoardReadsIt() throws {
        let (result, after) = try EditingCommandTests.onBoard(
            "## Todo\n\n- [ ] a\n\n## Done\n", ["edit", "a", "--title", "Use \\#hash **now**"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(after.contains("- [ ] Use \\#hash **now**\n"))
        #expect(result.stdout.contains("Renamed 'a' to 'Use #hash now'"), "\(result.stdout)")
    }

    @Test(
        "a date after a wikilink is changed in place",
        arguments: [
            ("- [ ] Call [[Bob]] @{2026-01-03}", "- [ ] Call [[Bob]] @{2026-09-09}"),
            ("- [ ] Call [[Note|alias]] 📅 2026-01-03", "- [ ] Call [[Note|alias]] 📅 2026-09-09"),
            (
                "- [ ] Call [[Login page]] bug @{2026-01-05} @@{10:00} #bug",
                "- [ ] Call [[Login page]] bug @{2026-09-09} #bug"
            ),
            ("- [ ] Call [[노트]] 확인 @{2026-01-03}", "- [ ] Call [[노트]] 확인 @{2026-09-09}"),
        ])
    func aDateAfterAWikilinkIsChanged(line: String, changed: String) throws {
        let board = "## Todo\n\n" + line + "\n\n## Done\n"
        let after = try EditingCommandTests.edited(board, ["edit", "call", "--due", "2026-09-09"])
        #expect(after == "## Todo\n\n" + changed + "\n\n## Done\n")
    }

    @Test(
        "a date linked to its daily note is kept by a rename, rewritten by --due and taken away by --no-due",
        arguments: [
            (["--title", "Standup"], "- [ ] Standup @[[2026-01-05]] #work"),
            (["--due", "2026-02-02"], "- [ ] Meeting @[[2026-02-02]] #work"),
            (["--due", "2026-02-02T09:30"], "- [ ] Meeting @[[2026-02-02]] @@{09:30} #work"),
            (["--no-due"], "- [ ] Meeting #work"),
        ])
    func aDateLinkedToItsDailyNoteIsEdited(options: [String], line: String) throws {
        let board = Self.obsidianHead + "- [ ] Meeting @[[2026-01-05]] #work\n" + Self.obsidianTail
        let after = try EditingCommandTests.edited(board, ["edit", "meeting"] + options)
        #expect(after == Self.obsidianHead + line + "\n" + Self.obsidianTail)
    }

    @Test("a date linked to its daily note in the board's date format, ambiguous alone, is kept by a rename")
    func aLinkedDateInTheBoardsFormatIsKept() throws {
        let settings =
            "\n%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\",\"date-format\":\"DD/MM/YYYY\"}\n```\n%%\n"
        let board = Self.obsidianHead + "- [ ] Meeting @[[2026-07-28]] #ops\n" + Self.obsidianTail + settings
        let after = try EditingCommandTests.edited(
            board, ["edit", "meeting", "--title", "Standup", "--due", "2026-08-09 09:30"])
        #expect(after.contains("- [ ] Standup @[[09/08/2026]] @@{09:30} #ops\n"), "\(after)")
        let renamed = try EditingCommandTests.edited(after, ["edit", "standup", "--title", "Meeting"])
        #expect(renamed.contains("- [ ] Meeting @[[09/08/2026]] @@{09:30} #ops\n"), "\(renamed)")
    }

    @Test("with link-date-to-daily-note set, a new date is written linked to its daily note, as the plugin writes it")
    func theDailyNoteSettingLinksNewDates() throws {
        let settings =
            "\n%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\",\"link-date-to-daily-note\":true}\n```\n%%\n"
        let board = Self.obsidianHead + "- [ ] Plan\n" + Self.obsidianTail + settings
        let added = try EditingCommandTests.edited(board, ["add", "Ship", "--due", "2026-03-04"])
        #expect(added.contains("- [ ] Ship @[[2026-03-04]]\n"), "\(added)")
        let edited = try EditingCommandTests.edited(board, ["edit", "plan", "--due", "2026-03-04"])
        #expect(edited.contains("- [ ] Plan @[[2026-03-04]]\n"), "\(edited)")
        // Without the setting, `@{…}`.
        let plain = try EditingCommandTests.edited(
            Self.obsidianHead + "- [ ] Plan\n" + Self.obsidianTail, ["edit", "plan", "--due", "2026-03-04"])
        #expect(plain.contains("- [ ] Plan @{2026-03-04}\n"), "\(plain)")
        // The setting, said, wins over a card dated `@{…}` before it was set (QA3 L5), and that card's date keeps
        // its form.
        let mixed = Self.obsidianHead + "- [ ] Old @{2026-01-09}\n- [ ] Plan\n" + Self.obsidianTail + settings
        let linked = try EditingCommandTests.edited(mixed, ["edit", "plan", "--due", "2026-03-04"])
        #expect(
            linked
                == Self.obsidianHead + "- [ ] Old @{2026-01-09}\n- [ ] Plan @[[2026-03-04]]\n" + Self.obsidianTail
                + settings)
        let old = try EditingCommandTests.edited(mixed, ["edit", "old", "--due", "2026-03-05"])
        #expect(old.contains("- [ ] Old @{2026-03-05}\n"), "\(old)")
    }

    @Test(
        "a date ending a continuation line, read as the deadline, is changed or taken away there",
        arguments: [
            ("\t", ["--due", "2026-05-05"], "\tsecond line @{2026-05-05}\n"),
            ("\t", ["--no-due"], "\tsecond line\n"),
            ("    ", ["--due", "2026-05-05"], "    second line @{2026-05-05}\n"),
            ("  ", ["--no-due"], "  second line\n"),
        ])
    func aDateOnAContinuationLineIsEdited(indent: String, options: [String], line: String) throws {
        let board =
            Self.obsidianHead + "- [ ] Card title\n" + indent + "second line @{2026-03-03}\n" + Self.obsidianTail
        #expect(Self.card(board)?.due?.date.description == "2026-03-03")
        let after = try EditingCommandTests.edited(board, ["edit", "card"] + options)
        #expect(after == Self.obsidianHead + "- [ ] Card title\n" + line + Self.obsidianTail)
    }

    @Test("on a VS Code Markdown Kanban list board, --tag writes the card's tags property, as add does")
    func aTagGoesInTheTagsPropertyOfAListCard() throws {
        let board =
            "## Todo\n\n- Design login\n  - due: 2026-01-10\n  - tags: [ui, auth]\n- Write tests\n  - due: 2026-01-12\n"
        let after = try EditingCommandTests.edited(board, ["edit", "write", "--tag", "z"])
        #expect(after.hasSuffix("- Write tests\n  - due: 2026-01-12\n  - tags: [z]\n"), "\(after)")
        let more = try EditingCommandTests.edited(board, ["edit", "design", "--tag", "z"])
        #expect(more.contains("  - tags: [ui, auth, z]\n"), "\(more)")
    }

    @Test(
        "a lane named as its heading is written, with its WIP limit, is that lane",
        arguments: ["In Progress (3)", "In Progress", "in progress (3)"])
    func aLaneNamedWithItsWIPLimitIsFound(name: String) throws {
        let board = "## Backlog\n\n- [ ] One\n\n## In Progress (3)\n\n- [ ] Three\n\n## Done\n\n- [x] Old\n"
        let after = try EditingCommandTests.edited(board, ["move", "one", name])
        #expect(after == "## Backlog\n\n## In Progress (3)\n\n- [ ] Three\n- [ ] One\n\n## Done\n\n- [x] Old\n")
    }

    /// A WIP limit given with the lane's name must be the lane's own: another (a stale one, or one meant to set it)
    /// names no lane, and the lanes are listed (QA3 L3).
    @Test(
        "a lane named with another WIP limit than its own is no lane",
        arguments: ["In Progress (2)", "In Progress [WIP: 4]", "Done (3)"])
    func aLaneNamedWithAnotherWIPLimitIsRefused(name: String) throws {
        let board = "## Backlog\n\n- [ ] One\n\n## In Progress (3)\n\n- [ ] Three\n\n## Done\n\n- [x] Old\n"
        let (refused, after) = try EditingCommandTests.onBoard(board, ["move", "one", name])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(
                "b.md: error: the board has no lane '\(name)': its lanes are 'Backlog', 'In Progress' and 'Done'"),
            "\(refused.stderr)")
        #expect(after == board)
    }

    /// A title holding a date token that is no date (`@{x}`) would read with a bad date, and without the token: it is
    /// refused, with the way to write the token as text (QA2 L4).
    @Test(
        "a title whose date token holds no date is refused",
        arguments: [("Email about @{x}", "x"), ("Due 📅 2026-13-45", "2026-13-45")])
    func aTitleWithABadDateIsRefused(title: String, value: String) throws {
        let board = "## Todo\n\n- [ ] a\n"
        let (refused, after) = try EditingCommandTests.onBoard(board, ["add", title])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "b.md: error: invalid title '\(title)': expected a title whose date tokens hold dates ('\(value)' is "
                + "none; a mark escaped with a backslash, as in '\\@{…}', is text)\n")
        #expect(after == board)
        let escaped = try EditingCommandTests.edited(board, ["add", "Email about \\@{x}"])
        #expect(escaped == board + "- [ ] Email about \\@{x}\n")
        #expect(TestSupport.parse(escaped).board.lanes[0].cards.last?.title == "Email about @{x}")
    }

    @Test("titles that differ only in Unicode form are repeated titles: numbered, each named by its ID")
    func titlesEqualButForTheirUnicodeFormAreNumbered() throws {
        let composed = "R\u{E9}sum\u{E9}"
        let decomposed = "Re\u{301}sume\u{301}"
        let board = "## Todo\n\n- [ ] " + composed + "\n- [ ] " + decomposed + "\n\n## Done\n"
        let cards = BoardParser.parse(Array(board.utf8), file: "b.md").board.cards
        #expect(cards.map(\.id) == ["r\u{E9}sum\u{E9}", "re\u{301}sume\u{301}-2"])
        let after = try EditingCommandTests.edited(board, ["move", "r\u{E9}sum\u{E9}-2", "Done"])
        #expect(after == "## Todo\n\n- [ ] " + composed + "\n\n## Done\n\n- [x] " + decomposed + "\n")
    }

    @Test(
        "a tag given with its '#' is that tag",
        arguments: [
            (["add", "New", "--tag", "#ui"], "- [ ] New #ui\n"),
            (["edit", "a", "--tag", "#ui"], "- [ ] a #ui\n"),
            (["edit", "b", "--untag", "#old"], "- [ ] b\n"),
        ])
    func aTagGivenWithItsHashIsTaken(arguments: [String], line: String) throws {
        let board = "## Todo\n\n- [ ] a\n- [ ] b #old\n"
        let after = try EditingCommandTests.edited(board, arguments)
        #expect(after.contains(line), "\(after)")
    }
}
