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
        let (renamed, afterRename) = try Self.onBoard(board, ["edit", "fix login", "--title", "Repair login"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(
            afterRename
                == board.replacingOccurrences(
                    of: "Fix login <!-- owner: kim --> #auth", with: "Repair login <!-- owner: kim --> #auth"))
        let (obsidian, afterObsidian) = try Self.onBoard(board, ["edit", "tidy", "--title", "Sweep"])
        #expect(obsidian.status == 0, "\(obsidian.stderr)")
        #expect(afterObsidian == board.replacingOccurrences(of: "Tidy %% later %% the hall", with: "Sweep %% later %%"))
        // A comment in a code span is the title's text, and goes with it.
        let (code, afterCode) = try Self.onBoard(board, ["edit", "show", "--title", "Show markup"])
        #expect(code.status == 0, "\(code.stderr)")
        #expect(afterCode == board.replacingOccurrences(of: "Show `<!-- raw -->` markup", with: "Show markup"))
        let (heading, afterHeading) = try Self.onBoard(board, ["edit", "ship it", "--title", "Release"])
        #expect(heading.status == 0, "\(heading.stderr)")
        #expect(
            afterHeading == board.replacingOccurrences(of: "### Ship it <!-- v2 -->", with: "### Release <!-- v2 -->"))
    }
}
