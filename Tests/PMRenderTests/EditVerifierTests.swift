import Foundation
import Testing

@testable import PMRender

/// The board an edit wrote is read back, and the edited card must read as asked: its title as the title given would
/// show, and a new card with just the fields it was given. Otherwise nothing is written.
@Suite struct EditVerifierTests {
    static func parse(_ text: String) -> ParseResult {
        BoardFile.check(BoardParser.parse(Array(text.utf8), file: "b.md"))
    }

    static func conventions(_ text: String) -> BoardConventions {
        BoardConventions(board: parse(text).board, text: EditableText(Array(text.utf8)))
    }

    static func message(_ failure: EditFailure) -> String {
        failure.diagnostics.map(\.message).joined(separator: "\n")
    }

    // MARK: - The title a given title shows

    @Test func theTitleExpectedIsTheGivenTitleAsTheReaderReadsIt() {
        let board = Self.parse("## Todo\n\n- [ ] Old\n\n## Done\n").board
        let shown = { (title: String) in EditVerifier.cardAsRead(title, on: board).title }
        #expect(shown("Fix **login** now") == "Fix login now")
        #expect(shown("Item #") == "Item #")
        #expect(shown("Fish &amp; chips") == "Fish & chips")
        #expect(shown("a  b\tc") == "a b c")
        #expect(shown("1. Intro") == "1. Intro")
        // Tags are taken out, with brackets that held only them.
        #expect(shown("Fix #ui now") == "Fix now")
        #expect(shown("Fix (#ui) soon") == "Fix soon")
        #expect(shown("call() #ui") == "call()")
        // Heading marks before the words are not the title's; escaped, they are.
        #expect(shown("# Setup") == "Setup")
        #expect(shown("\\# 1 priority") == "# 1 priority")
        // A title over the limit is cut as the reader cuts it.
        let long = String(repeating: "a", count: CardReader.maximumTitleLength + 5)
        #expect(shown(long) == String(repeating: "a", count: CardReader.maximumTitleLength) + "…")
        // A title of tags only is titled by them; a tag in a code span is text.
        #expect(shown("#idea") == "#idea")
        #expect(shown("Run `x #tag` now") == "Run x #tag now")
    }

    /// The fields a title holds are read as the reader reads them: a `#tag` in a code span is none.
    @Test func theFieldsATitleHoldsAreTheReadersReading() {
        let board = Self.parse("## Todo\n\n- [ ] Old\n\n## Done\n").board
        #expect(EditVerifier.cardAsRead("Run `x #tag` now", on: board).tags == [])
        #expect(EditVerifier.cardAsRead("Fix #ui now", on: board).tags == ["ui"])
        #expect(EditVerifier.cardAsRead("Pay @{2026-05-01}", on: board).due?.description == "2026-05-01")
    }

    /// The bug this guards against: a tag in a code span of a new card's title was taken for one of its tags, and the
    /// card, which has none, was refused.
    @Test func aNewCardWithATagInACodeSpanIsAdded() throws {
        let board = "## Todo\n\n- [ ] Old\n\n## Done\n"
        let (result, after) = try EditingCommandTests.onBoard(board, ["add", "Run `x #tag` now"])
        #expect(result.status == 0)
        #expect(after == "## Todo\n\n- [ ] Old\n- [ ] Run `x #tag` now\n\n## Done\n")
    }

    // MARK: - The verifier compares the title

    /// The bug this guards against: a heading card renamed to `Item #` written without its `#` escaped reads as
    /// "Item", which was accepted.
    @Test func aTitleThatReadsOtherwiseThanAskedIsRefused() throws {
        let board = "## Todo\n\n### Foo  \nDue: 2026-12-01\n\n## Done\n"
        let old = Self.parse(board)
        let card = try #require(old.board.lanes.first?.cards.first)
        var expectation = Expectation(board: old.board)
        expectation.lanes[0][0] = .target
        expectation.target = TargetCheck(base: card, lane: card.lane, titleChanged: true, title: "Item #")
        let unescaped = board.replacingOccurrences(of: "### Foo  ", with: "### Item #  ")
        #expect {
            _ = try EditVerifier.verify(
                old: old, newBytes: Array(unescaped.utf8), file: "b.md", expectation: expectation)
        } throws: { error in
            guard let failure = error as? EditFailure else { return false }
            return failure.kind == .refused && Self.message(failure).contains("the title 'Item #' would read as 'Item'")
        }
        let escaped = board.replacingOccurrences(of: "### Foo  ", with: "### Item \\#  ")
        let verified = try EditVerifier.verify(
            old: old, newBytes: Array(escaped.utf8), file: "b.md", expectation: expectation)
        #expect(verified.card?.title == "Item #")
    }

    @Test func theCheckComparesTheTitleReadWithTheTitleAsked() throws {
        let card = try #require(Self.parse("## Todo\n\n- [ ] Item\n\n## Done\n").board.lanes[0].cards.first)
        #expect(EditVerifier.check(card, against: TargetCheck(title: "Item")) == nil)
        #expect(
            EditVerifier.check(card, against: TargetCheck(title: "Item #")) == "the title 'Item #' would read as 'Item'"
        )
        // Not asked: any title.
        #expect(EditVerifier.check(card, against: TargetCheck()) == nil)
    }

    /// A title the writer cannot write as it is: after it, the comment its line kept (`%% later %%`) would open at
    /// its `%%` and show the rest. Refused, nothing written.
    @Test func aRenameTheBoardWouldReadOtherwiseIsRefusedAndNothingIsWritten() throws {
        let board = "## Todo\n\n- [ ] Tidy %% later %% the hall\n\n## Done\n"
        let (result, after) = try EditingCommandTests.onBoard(board, ["edit", "tidy", "--title", "Item %%"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "b.md: error: nothing was written: after this edit the board would not read the same way (the "
                + "title 'Item %%' would read as 'Item later %%'); make this edit in the file (pm-render could not write it "
                + "safely: if it should have, please report it with the board)\n")
        #expect(after == board)
    }

    // MARK: - A new card has what it was given

    /// Plans `add`, then reads back its result changed by `tamper`: the failure's message, or nil when it is kept.
    static func addReadBack(_ card: NewCard, on board: String, tamper: (String) -> String) throws -> String? {
        let old = parse(board)
        let text = EditableText(Array(board.utf8))
        var editor = Editor(board: old.board, text: text, request: EditRequest(.add(card, lane: nil)))
        let change = try editor.make()
        let expectation = try #require(change.expectation)
        let written = String(
            decoding: text.applying(change.edits, lineEnding: editor.conventions.lineEnding).bytes, as: UTF8.self)
        do {
            _ = try EditVerifier.verify(
                old: old, newBytes: Array(tamper(written).utf8), file: "b.md", expectation: expectation)
            return nil
        } catch {
            return message(error)
        }
    }

    @Test func aNewCardMustReadWithJustTheFieldsItWasGiven() throws {
        let board = "## Todo\n\n- [ ] Old\n\n## Done\n"
        var card = NewCard(title: "New card")
        card.tags = ["a"]
        let line = "- [ ] New card #a"
        #expect(try Self.addReadBack(card, on: board) { $0 } == nil)
        let changed = { (replacement: String) in
            try Self.addReadBack(card, on: board) { $0.replacingOccurrences(of: line, with: replacement) }
        }
        #expect(try changed("- [ ] New cart #a")?.contains("the title 'New card' would read as 'New cart'") == true)
        #expect(try changed("- [ ] New card #a #b")?.contains("would have the tags a, b, not a") == true)
        #expect(try changed("- [ ] New card #a 📅 2026-12-01")?.contains("would be due 2026-12-01, not never") == true)
        // Tags in the title are the card's too; other tokens leave the card's fields to them.
        card.title = "New card #b"
        #expect(try Self.addReadBack(card, on: board) { $0 } == nil)
    }

    /// A new card's description must read back as the description given reads on its own, exactly: a line more (which
    /// every line given is still found in) is refused, as is one indented otherwise.
    @Test func aNewCardsDescriptionMustReadBackExactlyAsGiven() throws {
        let board = "## Todo\n\n- [ ] Old\n\n## Done\n"
        var card = NewCard(title: "New card")
        card.description = "Some words.\n\n    code\n- item"
        let written = "- [ ] New card\n  Some words.\n\n      code\n  - item\n"
        #expect(try Self.addReadBack(card, on: board) { $0 } == nil)
        let changed = { (replacement: String) in
            try Self.addReadBack(card, on: board) { $0.replacingOccurrences(of: written, with: replacement) }
        }
        #expect(try changed(written) == nil)
        #expect(
            try changed(written + "  More words.\n")?.contains(
                "the description of 'New card' would read as 'Some words.\n\n    code\n- item\nMore words.', not "
                    + "'Some words.\n\n    code\n- item'") == true)
        #expect(
            try changed(written.replacingOccurrences(of: "      code", with: "    code"))?.contains(
                "the description of 'New card' would read as") == true)
    }

    /// A description line that starts with a tab reads back as far in, whatever the board indents its cards' lines
    /// with: the check counts indentation in columns, as Markdown does.
    @Test(arguments: [
        ("    ", "- [ ] New\n    Intro\n\t    Tabbed\n      two\n"),
        ("\t", "- [ ] New\n\tIntro\n\t\tTabbed\n\t  two\n"),
        ("  ", "- [ ] New\n  Intro\n\t  Tabbed\n    two\n"),
    ])
    func aDescriptionLineStartingWithATabIsAddedWhateverTheBoardsIndentation(indent: String, written: String) throws {
        let board = "## Todo\n\n- [ ] Old\n\(indent)More text.\n\n## Done\n"
        let after = try EditingCommandTests.edited(
            board, ["add", "New", "--description", "Intro\n\tTabbed\n  two"])
        #expect(after == board.replacingOccurrences(of: "More text.\n", with: "More text.\n" + written))
    }
}
