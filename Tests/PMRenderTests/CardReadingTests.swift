import Foundation
import Testing

@testable import PMRender

/// How a card's text becomes its title, description and metadata, and the problems found on the way, pinned to
/// line and column.
@Suite("Reading cards")
struct CardReadingTests {
    static func board(_ text: String) -> ParseResult {
        BoardFile.check(BoardParser.parse(Array(text.utf8), file: "board.md"))
    }

    static func card(_ text: String) throws -> Card {
        try #require(board("## TODO\n\n" + text).board.cards.first)
    }

    /// The card of a board whose one task item is `text`, which must read without a diagnostic.
    static func taskWithoutDiagnostics(_ text: String) throws -> Card {
        let result = board("## Todo\n\n- [ ] \(text)\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.board.cards.first)
    }

    @Test(
        "dates in every form boards write them",
        arguments: [
            ("- [ ] a @{2026-05-10}", "2026-05-10"),
            ("- [ ] a @{20260510}", "2026-05-10"),
            ("- [ ] a @{2026-05-10} @@{14:30}", "2026-05-10T14:30"),
            ("- [ ] a @{📅 2026-05-10} @@{9:30}", "2026-05-10T09:30"),
            ("- [ ] a @{2026-5-1}", "2026-05-01"),
            ("- [ ] a @@{14:30} @{2026-05-10}", "2026-05-10T14:30"),
            ("- [ ] a @due(2026-05-10)", "2026-05-10"),
            ("- [ ] a 📅 2026-05-10", "2026-05-10"),
            ("- [ ] a 📅2026-05-10 ⏫", "2026-05-10"),
            ("- [ ] a [due:: 2026-05-10]", "2026-05-10"),
            ("- [ ] a due:2026-05-10", "2026-05-10"),
            ("- [ ] a @due 📅 2026-05-10", "2026-05-10"),
            ("- [ ] a (due:: 2026-05-10T09:15)", "2026-05-10T09:15"),
            ("- [ ] a (Due: 2026-05-10)", "2026-05-10"),
            ("* [ ] a (Hạn: 2026-05-10)", "2026-05-10"),
            ("- [ ] a\n  Hạn: 2026-05-10", "2026-05-10"),
            ("- [ ] a @[[2026-05-10]]", "2026-05-10"),
            ("- [ ] a @[[May 10th, 2026]]", "2026-05-10"),
            ("- [ ] a @[[May 10th, 2026#^a1acf4]]", "2026-05-10"),
            ("- [ ] a\n  @{2026-05-10}", "2026-05-10"),
            ("- [ ] a\n  Due: 2026-05-10 18:00", "2026-05-10T18:00"),
            ("- [ ] a\n  기한: 2026-05-10", "2026-05-10"),
            ("- a\n    @ 2026-05-10", "2026-05-10"),
            ("### a\nDue: 2026-05-10\n\ntext", "2026-05-10"),
            ("### a\n\n**Due:** 2026-05-10", "2026-05-10"),
            ("### a\n\n**Status:** open  \n**Due**: 2026-05-10", "2026-05-10"),
        ])
    func dates(text: String, due: String) throws {
        #expect(try Self.card(text).due?.iso == due)
        #expect(try Self.card(text).title == "a")
    }

    @Test(
        "a task item over an indented === or --- (a heading to CommonMark) is a task card; the underline is no text",
        arguments: [
            ("- [x] Shipped\n  ===\n", true), ("- [ ] Next\n  ---\n", false), ("- [X] Done\n  ---\n  Notes.\n", true),
        ])
    func taskOverSetextUnderline(text: String, checked: Bool) throws {
        let result = Self.board("## TODO\n\n" + text + "- [ ] Other\n")
        let card = try #require(result.board.cards.first)
        #expect(card.title == ["Shipped", "Next", "Done"].first { text.contains($0) })
        #expect(card.isChecked == checked)
        #expect(card.descriptionSource == (text.contains("Notes.") ? "Notes." : ""))
        #expect(result.board.cards.map(\.title).last == "Other")
    }

    @Test("todo.txt's due: needs a date right after it")
    func todoTxtDueNeedsADate() throws {
        // So does a due date in round brackets with one colon; other keys, and square brackets, are text.
        for title in ["Check (Due: end of May)", "Check (Note: 2026-05-10)", "Check [Due: 2026-05-10]"] {
            #expect(try Self.card("- [ ] \(title)").due == nil)
            #expect(try Self.card("- [ ] \(title)").title == title)
        }
        #expect(try Self.card("- [ ] Check due: tomorrow").due == nil)
        #expect(try Self.card("- [ ] Check overdue:2026-05-10").title == "Check overdue:2026-05-10")
    }

    @Test(
        "fields listed in round brackets, or after dashes at the end of a title, leave it and are read",
        arguments: [
            (
                "Add logging (prio: medium, owner: ai)", "Add logging", Priority?.some(.medium), ["ai"], nil as String?,
                []
            ),
            ("Patch (Priority: High, Owner: IT, Due: 2025-02-15)", "Patch", .high, ["IT"], "2025-02-15", []),
            ("Design (Prio: High | Est: 3 days | Owner: Sarah)", "Design", .high, ["Sarah"], nil, ["Est: 3 days"]),
            ("Due soon (Due: Nov 20, 2026; owner: Li)", "Due soon", nil, ["Li"], "2026-11-20", []),
            (
                "T-1 — chore — Fix `/var/www` — (prio: High) — owner: infra", "T-1 — chore — Fix /var/www", .high,
                ["infra"],
                nil, []
            ),
            (
                "Deploy — owner: @alex — due: 2026-03-01 — status: doing", "Deploy", nil, ["alex"], "2026-03-01",
                ["status: doing"]
            ),
            ("Bug – owner: dana", "Bug", nil, ["dana"], nil, []),
            // More metadata after them ends their values (as `edit --due` and `--tag` append it).
            ("Ship — (prio: High) — owner: web #ui @{2026-12-01}", "Ship", .high, ["web"], "2026-12-01", []),
            // Text: an unknown key after a dash, a value not read, a value that only holds a place, no known key.
            ("Launch — Scope: the API", "Launch — Scope: the API", nil, [], nil, []),
            ("Launch — Status: blocked", "Launch — Status: blocked", nil, [], nil, []),
            ("Notes (Due: end of May)", "Notes (Due: end of May)", nil, [], nil, []),
            ("Call (see: the docs, owner: TBD)", "Call (see: the docs, owner: TBD)", nil, [], nil, []),
            ("Fix (Priority: whenever, Owner: Bo)", "Fix (Priority: whenever, Owner: Bo)", nil, [], nil, []),
            ("Read (note: 2026-05-10)", "Read (note: 2026-05-10)", nil, [], nil, []),
        ])
    func fieldLists(
        text: String, title: String, priority: Priority?, assignees: [String], due: String?, fields: [String]
    ) throws {
        let card = try Self.taskWithoutDiagnostics(text)
        #expect(card.title == title)
        #expect(card.priority == priority)
        #expect(card.assignees == assignees)
        #expect(card.due?.iso == due)
        #expect(card.extras.fields.map { "\($0.key): \($0.value)" } == fields)
        if text.contains("#ui") { #expect(card.tags == ["ui"]) }
    }

    @Test("in a description, a list of fields is read and the fields pm-render does not know stay in the text")
    func fieldListInDescription() throws {
        let card = try Self.card("- [ ] Report\n  Before Friday (Owner: Ann, Est: 2 days)\n  Then review — owner: Bo")
        #expect(card.assignees == ["Ann", "Bo"])
        #expect(PlainText.markdown(card.description) == "Before Friday (Owner: Ann, Est: 2 days)\nThen review")
        #expect(card.extras.fields.isEmpty)
    }

    @Test(
        "fields in curly brackets ending a title (MD Planner) leave it and are read; elsewhere they are text",
        arguments: [
            (
                "(t_12) Export to CSV {tag: [Reports, UX]; due_date: 2026-03-21; assignee: Mia; priority: 2; effort: 3}",
                "(t_12) Export to CSV", Priority?.some(.medium), ["Mia"], "2026-03-21" as String?, ["Reports", "UX"],
                ["effort: 3"]
            ),
            // A date with its hour alone is at that hour; keys of other names are fields shown as written.
            (
                "Gantt chart {due_date: 2026-04-02T18; blocked_by: [t_3, t_4]}", "Gantt chart", nil, [],
                "2026-04-02T18:00", [], ["blocked_by: [t_3, t_4]"]
            ),
            ("Ship {owner: Lee} #ui", "Ship", nil, ["Lee"], nil, ["ui"], []),
            ("Ship {owner: Lee} @{2031-03-04}", "Ship", nil, ["Lee"], "2031-03-04", [], []),
            // Text: inside the title, no field pm-render reads, a value it does not read.
            ("Use {owner: Lee} in the template", "Use {owner: Lee} in the template", nil, [], nil, [], []),
            ("Config {effort: 3}", "Config {effort: 3}", nil, [], nil, [], []),
            ("Later {due: soon}", "Later {due: soon}", nil, [], nil, [], []),
        ])
    func braceFields(
        text: String, title: String, priority: Priority?, assignees: [String], due: String?, tags: [String],
        fields: [String]
    ) throws {
        let card = try Self.taskWithoutDiagnostics(text)
        #expect(card.title == title)
        #expect(card.priority == priority)
        #expect(card.assignees == assignees)
        #expect(card.due?.iso == due)
        #expect(card.tags == tags)
        #expect(card.extras.fields.map { "\($0.key): \($0.value)" } == fields)
    }

    @Test(
        "a priority alone in brackets ending a title, or first in a list of fields, is the card's priority",
        arguments: [
            ("**Add a status command** (low)", "Add a status command", Priority?.some(.low), [String]()),
            ("Tag the release (medium, assigned: Ana)", "Tag the release", .medium, ["Ana"]),
            ("Fix the crash (P1) #ios", "Fix the crash", .high, []),
            ("**Add form debouncing** (High Priority)", "Add form debouncing", .high, []),
            ("Tidy the logs (low prio)", "Tidy the logs", .low, []),
            // Before more metadata, as the editing commands write a deadline after it.
            ("**Test the export** (medium) @{2031-03-04}", "Test the export", .medium, []),
            ("Test the import (high) [due:: 2031-03-04]", "Test the import", .high, []),
            // Not a number alone, not inside the title, not other words.
            ("Chapter (1)", "Chapter (1)", nil, []),
            ("Set the limit (high) first", "Set the limit (high) first", nil, []),
            ("Draw the map (large)", "Draw the map (large)", nil, []),
            ("Translate the README (中)", "Translate the README (中)", nil, []),
        ])
    func barePriorities(text: String, title: String, priority: Priority?, assignees: [String]) throws {
        let card = try Self.taskWithoutDiagnostics(text)
        #expect(card.title == title)
        #expect(card.priority == priority)
        #expect(card.assignees == assignees)
    }

    @Test("a board's own date format and triggers (Obsidian settings)")
    func boardDateFormat() throws {
        let text = """
            ## TODO

            - [ ] a @date{24.04.26}

            %% kanban:settings
            ```
            {"kanban-plugin":"basic","date-format":"DD.MM.YY","date-trigger":"@date"}
            ```
            %%
            """
        let card = try #require(Self.board(text).board.cards.first)
        #expect(card.due?.iso == "2026-04-24")
        #expect(card.title == "a")
    }

    @Test("tags, priorities, IDs, assignees and Tasks dates leave the title and are read")
    func metadata() throws {
        let card = try Self.card(
            "- [x] Ship it #release #ops ⏫ ➕ 2026-04-01 ✅ 2026-05-01 🔁 every week [assignee:: Minji, Joon] ^ship-1")
        #expect(card.title == "Ship it")
        #expect(card.tags == ["release", "ops"])
        #expect(card.priority == .high)
        #expect(card.dates.created?.description == "2026-04-01")
        #expect(card.dates.completed?.description == "2026-05-01")
        #expect(card.assignees == ["Minji", "Joon"])
        #expect(card.explicitID == "ship-1")
        #expect(card.id == "ship-1")
        #expect(card.isChecked)
    }

    @Test("recurrence, dependencies and Dataview fields of other names leave the title and are kept with the card")
    func extras() throws {
        let card = try Self.card(
            "- [ ] Take out trash [project:: Home] 🔁 every week on Monday ⛔ abc123,def456 📅 2026-01-02 (room:: 2)")
        #expect(card.title == "Take out trash")
        #expect(card.due?.iso == "2026-01-02")
        #expect(card.extras.recurrence == "every week on Monday")
        #expect(card.extras.dependsOn == ["abc123", "def456"])
        #expect(card.extras.fields == [.init(key: "project", value: "Home"), .init(key: "room", value: "2")])
        // In the description a field stays in the text, where it was written, and is not repeated beside the card.
        let described = try Self.card("- [ ] Report\n  [estimate:: 3h] before Friday\n  🔁 every month")
        #expect(PlainText.markdown(described.description) == "[estimate:: 3h] before Friday")
        #expect(described.extras.fields.isEmpty)
        #expect(described.extras.recurrence == "every month")
        #expect(try Self.card("- [ ] Plain card").extras.isEmpty)
        // The Tasks plugin's IDs are letters, digits, `-` and `_`, with only space or more tokens after them: words
        // after ⛔ are text.
        for title in ["Launch · ⛔ out of scope (later)", "Paywall · ⛔ blocked: waiting", "Bug · ⛔ closed by tester"] {
            let prose = try Self.card("- [ ] \(title)")
            #expect((prose.title, prose.extras.dependsOn) == (title, []))
        }
        let spaced = try Self.card("- [ ] Ship ⛔ a-1, b_2 📅 2026-01-02")
        #expect((spaced.title, spaced.extras.dependsOn) == ("Ship", ["a-1", "b_2"]))
        // Before the plugin's `🏁` or an Obsidian date.
        #expect(try Self.card("- [ ] Task 🆔 t4 🏁 keep").id == "t4")
        let dated = try Self.card("- [ ] Task ⛔ abc123 @{2026-04-01}")
        #expect((dated.title, dated.extras.dependsOn, dated.due?.iso) == ("Task", ["abc123"], "2026-04-01"))
    }

    @Test("emoji go on a tag, as Obsidian reads it; the Tasks plugin's emoji end one")
    func emojiTags() throws {
        let card = try Self.card("- [ ] #docs📄 Adding docs #feat✨ #Elias🧑 #refactor♻️ #ops📅 2026-05-10")
        #expect(card.title == "Adding docs")
        #expect(card.tags == ["docs📄", "feat✨", "Elias🧑", "refactor♻️", "ops"])
        #expect(card.due?.iso == "2026-05-10")
    }

    @Test("an item that starts with a list, a quote or code is titled by its first line and loses nothing")
    func itemsStartingWithBlocks() throws {
        let parsed = Self.board(
            "## Ideas\n\n- Enemies\n- - patroller\n  - turret\n- > quoted idea\n  > more\n- ```\n  code line\n  ```\n- [~] T-046\n"
        )
        #expect(parsed.board.cards.map(\.title) == ["Enemies", "patroller", "quoted idea", "code line", "T-046"])
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.board.style.dialect == .pmRender, "a quote-first item does not make the board Taskell's")
        #expect(
            parsed.board.cards.map(\.descriptionSource) == [
                "", "- patroller\n- turret", "> quoted idea\n> more", "```\ncode line\n```", "",
            ])
        let patroller = parsed.board.cards[1]
        #expect(PlainText.markdown(patroller.description).contains("turret"))
        #expect(PlainText.markdown(patroller.description).contains("patroller"))
    }

    @Test("a title ends at <br>; what follows is the description, its tags read")
    func lineBreaks() throws {
        let card = try Self.card("- [ ] Title<br>more text #later<br>@{2026-01-02}")
        #expect(card.title == "Title")
        #expect(card.tags == ["later"])
        #expect(card.due?.iso == "2026-01-02")
        #expect(PlainText.markdown(card.description) == "more text #later")
    }

    /// A short line, or a line that starts in capitals, with a link or a field, starts the description.
    @Test(
        "a title hard-wrapped at a fixed width is one title",
        arguments: [
            (
                "- [x] Hand the terminal to full-screen programs and restore the shell's terminal\n"
                    + "  modes cleanly when they exit or stop.",
                "Hand the terminal to full-screen programs and restore the shell's terminal modes cleanly when they "
                    + "exit or stop.", ""
            ),
            (
                "- [ ] Etap 2b: moment i rampy do sprzętu — komenda w protokole mostka (C++, #hw\n"
                    + "  wymaga SDK i sprzętu)\n  Notes follow here.",
                "Etap 2b: moment i rampy do sprzętu — komenda w protokole mostka (C++, wymaga SDK i sprzętu)",
                "Notes follow here."
            ),
            ("- [ ] Fix login\n  see the thread", "Fix login", "see the thread"),
            (
                "- [ ] Refactor the authentication module to use the new token service soon\n  Covers the API.",
                "Refactor the authentication module to use the new token service soon", "Covers the API."
            ),
            (
                "- [ ] Refactor the authentication module to use the new token service soon.\n  then the rest.",
                "Refactor the authentication module to use the new token service soon.", "then the rest."
            ),
            (
                "- [ ] Refactor the authentication module to use the new token service soon\n  https://x.example",
                "Refactor the authentication module to use the new token service soon", "https://x.example"
            ),
            // The next line may start with a code span, a bracket or a link in lower case; a short line that ends with a
            // word that leaves a sentence open was wrapped too.
            (
                "- [x] handle the case where we only have one pane and it is our vim session in which case the\n"
                    + "  `defaultPaneIndex` comes back as `nil`",
                "handle the case where we only have one pane and it is our vim session in which case the "
                    + "defaultPaneIndex comes back as nil", ""
            ),
            (
                "- [ ] Lancer le script une fois sur la VM Debian, une fois que Docker est installé\n"
                    + "  (`apt install docker.io`), pour confirmer le parcours.",
                "Lancer le script une fois sur la VM Debian, une fois que Docker est installé (apt install docker.io), "
                    + "pour confirmer le parcours.", ""
            ),
            (
                "- [x] look into supporting a\n  [ui-select](https://example.com/ui-select) popup instead",
                "look into supporting a ui-select popup instead", ""
            ),
            (
                "- [ ] Refactor the authentication module to use the new token service, as in\n"
                    + "  [https://x.example](https://x.example)",
                "Refactor the authentication module to use the new token service, as in",
                "[https://x.example](https://x.example)"
            ),
            ("- [ ] Look at\n  Notes", "Look at", "Notes"),
            ("- [ ] Write down things to do\n  Buy milk first", "Write down things to do", "Buy milk first"),
            ("- [ ] Let users sign in\n  Google and GitHub", "Let users sign in", "Google and GitHub"),
            ("- [ ] Räum den Keller auf\n  Vor allem die Kisten.", "Räum den Keller auf", "Vor allem die Kisten."),
            ("- [ ] Plan the trip to LA\n  Book the hotel", "Plan the trip to LA", "Book the hotel"),
            (
                "- [ ] Port the parser's hot paths from the interpreter to native code in C++\n  Profile first",
                "Port the parser's hot paths from the interpreter to native code in C++", "Profile first"
            ),
            // A line that ends mid-phrase goes on with the next whatever its first letter (a German noun, a name).
            (
                "- #94 Startabsturz der Release-APK behoben (R8-Regel für WorkManager) +\n"
                    + "  Emulator-Starttest in der CI (PR #95)",
                "#94 Startabsturz der Release-APK behoben (R8-Regel für WorkManager) + Emulator-Starttest in der CI "
                    + "(PR #95)", ""
            ),
            (
                "- [ ] Vérifier les monuments de\n  Washington avant la livraison",
                "Vérifier les monuments de Washington avant la livraison", ""
            ),
            // A bracket the title opens and the next line closes holds the line in the title, however it starts.
            (
                "- [ ] Pin exact `rapier2d` versions (strategy decided\n  2026-07-29 — see MEMORY.md)",
                "Pin exact rapier2d versions (strategy decided 2026-07-29 — see MEMORY.md)", ""
            ),
            ("- [ ] Write the notes (draft\n  Ask Sam first", "Write the notes (draft", "Ask Sam first"),
            // A first line that has ended a sentence is no wrapped title; nor is a line a `<br>` parts from more.
            (
                "- [ ] **Interpolation of structured values.** Decide how lists and maps are\n  shown in strings.",
                "Interpolation of structured values. Decide how lists and maps are", "shown in strings."
            ),
            (
                "- [ ] Replace the incremental command lexer with the clean-break expression and\n"
                    + "  block parser<br>see the design notes",
                "Replace the incremental command lexer with the clean-break expression and",
                "block parser<br>see the design notes"
            ),
            // A line that ends a sentence and starts another, with more lines after it, is not the title's.
            (
                "- [ ] Drop in the team photography — founders group shot (16/9, 1600 × 900+)\n"
                    + "  and four portraits. Portraits are now square crops at\n  the new size.",
                "Drop in the team photography — founders group shot (16/9, 1600 × 900+)",
                "and four portraits. Portraits are now square crops at\nthe new size."
            ),
        ])
    func wrappedTitles(markdown: String, title: String, description: String) throws {
        let card = try Self.card(markdown)
        #expect(card.title == title)
        #expect(card.descriptionSource == description)
        // The lines that are not the description's are the title's.
        #expect(card.titleLines == markdown.split(separator: "\n").count - description.split(separator: "\n").count)
    }

    @Test("emphasis over a line break: the title's second line is not the description's too")
    func emphasisOverALineBreak() throws {
        let card = try Self.card(
            "- **The outcome color is a live experiment, and\n  wordwheel is its control.** Here the letters\n"
                + "  Then more.")
        #expect(card.title == "The outcome color is a live experiment, and wordwheel is its control. Here the letters")
        #expect(card.descriptionSource == "Then more.")
        #expect(card.titleLines == 2)
    }

    @Test("a list that starts with an ID is a VS Code property list only with VS Code's keys after it")
    func idListWithoutVSCodeKeys() throws {
        let card = try Self.card("- [ ] Define the users table\n  - id: uuid\n  - name: text\n")
        #expect(card.explicitID == nil)
        #expect(card.descriptionSource == "- id: uuid\n- name: text")
    }

    @Test("the tags on a wrapped title's lines are read")
    func wrappedTitleTags() throws {
        let card = try Self.card(
            "- [ ] Hand the terminal to full-screen programs and restore the shell's terminal #a\n  modes #b cleanly")
        #expect(
            (card.title, card.tags) == (
                "Hand the terminal to full-screen programs and restore the shell's terminal modes cleanly", ["a", "b"]
            ))
    }

    @Test("heading marks at the start of a list card's title are not its text")
    func headingMarksInTitle() throws {
        #expect(try Self.card("- [ ] #### Obsidian setup #ops").title == "Obsidian setup")
        #expect(try Self.card("- [ ] #ops Setup").title == "Setup")
        #expect(try Self.card("- [ ] ####### seven").title == "####### seven")
        // An escaped mark is text (cmark gives inline text its source column).
        #expect(try Self.card("- [ ] \\# 1 priority").title == "# 1 priority")
        #expect(try Self.card("- \\## no box").title == "## no box")
    }

    @Test("links stay links in titles; #42 is not a tag")
    func titleMarkup() throws {
        let card = try Self.card("- [ ] Fix [bug #42](https://example.com/42) in **parser**")
        #expect(card.title == "Fix bug #42 in parser")
        #expect(card.tags.isEmpty)
        #expect(card.titleMarkup.nodes.contains { $0.kind == .link && $0.text == "https://example.com/42" })
    }

    @Test("a colour is no tag; hex-looking words without a digit, and short ones, are")
    func coloursAreNotTags() throws {
        let card = try Self.card("- [ ] Cream bg (#FDFBF7), text (#2F4F2F80) #facade #e2e #frontend")
        #expect(card.title == "Cream bg (#FDFBF7), text (#2F4F2F80)")
        #expect(card.tags == ["facade", "e2e", "frontend"])
    }

    @Test("subtasks: nested task items and VS Code steps")
    func subtasks() throws {
        let card = try Self.card("- [ ] Plan\n  - [x] one\n  - [ ] two\n    - [x] nested\n  - [ ] ")
        #expect(card.subtaskProgress.done == 2)
        // A box with nothing beside it is no subtask.
        #expect(card.subtaskProgress.total == 3)
        let heading = try Self.card("### Task\n\n  - due: 2026-06-02\n  - steps:\n      - [x] a\n      - [ ] b")
        #expect(heading.due?.iso == "2026-06-02")
        #expect(heading.subtaskProgress.done == 1)
        #expect(heading.subtaskProgress.total == 2)
    }

    @Test(
        "a box ticked with a check mark is checked, and `[]` is an empty box; other brackets are text",
        arguments: [
            ("- [✅] Set up CI", "Set up CI", true, true), ("- [✔] Install pnpm", "Install pnpm", true, true),
            ("- [✔️] Pick a name ==now==", "Pick a name now", true, true), ("- [✓] Book", "Book", true, true),
            ("- [☑] Call Ana", "Call Ana", true, true), ("- [] App Programmieren", "App Programmieren", true, false),
            ("- [ ] Review", "Review", true, false), ("- [UI] Title bar", "[UI] Title bar", false, false),
            ("- [✗] Dropped", "[✗] Dropped", false, false), ("- [✅]done", "[✅]done", false, false),
        ])
    func checkMarkBoxes(line: String, title: String, isTask: Bool, checked: Bool) throws {
        let result = Self.board("## Todo\n\n" + line + "\n")
        let card = try #require(result.board.cards.first)
        #expect(card.title == title)
        #expect(card.isChecked == checked)
        #expect(result.board.style.taskItems == isTask)
    }

    @Test(
        "a row whose status is a check mark is checked; a cross is not",
        arguments: [
            ("✅", true), ("✔", true), ("✔️", true), ("☑", true), ("✓", true), ("✅ (stable)", true), ("✗", false),
        ])
    func checkMarkStatus(status: String, checked: Bool) throws {
        let result = Self.board(
            "## Todo\n\n- [ ] a\n\n## Milestones\n\n| Task | Status |\n|---|---|\n| M1 | \(status) |\n")
        let card = try #require(result.board.lanes.last?.cards.first)
        #expect(card.title == "M1")
        #expect(card.isChecked == checked)
    }

    @Test(
        "a date in a line of the description's prose is text; the title line and lines of metadata set the dates",
        arguments: [
            ("- [ ] Plan\n  See @{2026-01-01} then", nil, "See @{2026-01-01} then", "See @{2026-01-01} then"),
            ("- [ ] Plan\n  Review 📅 2026-01-01 with Ana", nil, "Review 📅 2026-01-01 with Ana", nil),
            ("- [ ] Plan\n  Talk to Ana ⏳ 2026-01-01 first", nil, "Talk to Ana ⏳ 2026-01-01 first", nil),
            ("- [ ] Plan\n  Meet @[[2026-01-01]] here", nil, "Meet @[[2026-01-01]] here", "Meet @2026-01-01 here"),
            ("- [ ] Plan 📅 2026-03-03\n  See @{2026-01-01} then", "2026-03-03", "See @{2026-01-01} then", nil),
            (
                "- [ ] Plan\n  Call Ana.\n  @{2026-01-01} #call", "2026-01-01", "Call Ana.", nil
            ),
            ("### Plan\nSee @{2026-01-01} then\nDue: 2026-02-02", "2026-02-02", "See @{2026-01-01} then", nil),
            // At the end of a line, where Obsidian Kanban appends a card's date, it is the card's, in the board's
            // format too (day first, settled by the date itself), with a time and tags after it.
            (
                "- [ ] Exam<br><br>@{30-04-2024}@@{12:00}<br>#calc", "2024-04-30T12:00", "", nil
            ),
            ("- [ ] Plan\n  Meet @[[2026-01-01]]", "2026-01-01", "Meet @[[2026-01-01]]", "Meet"),
        ])
    func datesInProse(text: String, due: String?, source: String, plain: String?) throws {
        let result = Self.board("## Todo\n\n" + text + "\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let card = try #require(result.board.cards.first)
        #expect(card.due?.iso == due)
        #expect(card.dates.scheduled == nil)
        #expect(card.descriptionSource == source)
        #expect(PlainText.markdown(card.description) == plain ?? source)
    }

    @Test("a card written as a block of YAML between `---` lines is a card, with its text up to the next one")
    func yamlBlockCards() throws {
        let text = """
            ## Backlog
            ---
            id: task-1
            title: Build the landing page #web
            description: One page first.
            status: backlog
            priority: high
            due_date: 2026-03-15
            completed_at:
            tags: [website, launch]
            ---
            ---

            **Why**: people ask for it.

            - [ ] Draft the copy
            - [x] Pick a theme

            ---

            ---
            id: task-2
            title: Explore the CRM idea
            status: backlog
            ---

            ## Done

            ---
            title: Set up CI
            status: done
            ---

            ---
            Not a card
            ---
            """
        let result = Self.board(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let board = result.board
        #expect(board.lanes.map(\.name) == ["Backlog", "Done", "Not a card"])
        #expect(
            board.lanes.map { $0.cards.map(\.title) } == [
                ["Build the landing page", "Explore the CRM idea"], ["Set up CI"], [],
            ])
        let card = try #require(board.cards.first)
        #expect(
            (card.id, card.due?.iso, card.priority, card.tags) == (
                "task-1", "2026-03-15", .high, ["web", "website", "launch"]
            ))
        #expect(card.location == SourceLocation(line: 3, column: 1))
        #expect(card.extras.fields.map { "\($0.key): \($0.value)" } == ["status: backlog"])
        #expect(card.descriptionSource == "**Why**: people ask for it.\n\n- [ ] Draft the copy\n- [x] Pick a theme")
        #expect(PlainText.markdown(card.description).hasPrefix("One page first.\n\nWhy: people ask for it."))
        #expect(card.subtasks.count == 2)
    }

    @Test("a quoted value in a card written as YAML is read as YAML reads it")
    func yamlBlockQuotedValues() throws {
        let result = Self.board("## Backlog\n---\ntitle: \"Fix: the login\"\nstatus: 'won''t fix'\n---\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let card = try #require(result.board.cards.first)
        #expect(card.title == "Fix: the login")
        #expect(card.style == .yamlBlock)
        #expect(card.extras.fields.map { "\($0.key): \($0.value)" } == ["status: won't fix"])
    }

    @Test("repeated titles get -2, -3; a repeated explicit ID is a warning at the second card")
    func identities() throws {
        let result = Self.board("## TODO\n\n- [ ] Monday\n- [ ] Monday\n- [ ] Monday\n- [ ] a ^x\n- [ ] b ^x\n")
        #expect(result.board.cards.map(\.id) == ["monday", "monday-2", "monday-3", "x", "x-2"])
        let warnings = result.diagnostics.map {
            "\($0.location!.line):\($0.location!.column) \($0.severity) \($0.code)"
        }
        #expect(warnings == ["7:1 warning duplicate-card-id"])
    }

    @Test(
        "problems are warnings, pinned to the token",
        arguments: [
            ("- [ ] a @{2026-13-45}", "3:9 warning invalid-deadline"),
            ("- [✅] a @{2026-13-45}", "3:9 warning invalid-deadline"),
            ("- [] a @{2026-13-45}", "3:8 warning invalid-deadline"),
            ("- [ ] a @@{10:00}", "3:9 warning time-without-date"),
            ("- [ ] a @{2026-05-10} @@{930}", "3:23 warning invalid-time"),
            ("- [ ] a @{2026-01-01} @{2026-02-02}", "3:23 warning conflicting-deadlines"),
            ("- [ ]", "3:1 warning empty-card"),
            ("- [ ] a ^y\n  ID: x", "4:3 warning conflicting-ids"),
            ("- [ ] a\n\nstray paragraph", "5:1 warning stray-content"),
            ("- [ ] a\n\nTask | Who\n-- | --\nb | Ben", "5:1 warning table-not-read"),
            ("Tasks this week:\n| Task | Who |\n|---|---|\n| a | Ann |", "4:1 warning table-not-read"),
            ("- [ ] a\n\na|b\n:-:", "5:1 warning stray-content"),
            // Lanes for columns, under a lane named for a state.
            ("| Backlog | Doing | Done |\n|---|---|---|\n| a | b | c |", "3:1 warning table-not-read"),
            ("| # | 1 |\n|---|---|\n| 2 | 3 |\n\n## Notes\n\n- [ ] b", "3:1 warning table-not-read"),
            ("| Task | Due |\n|---|---|\n| a | 2026-13-45 |", "5:7 warning invalid-deadline"),
        ])
    func problems(text: String, expected: String) {
        let result = Self.board("## TODO\n\n" + text)
        let found = result.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.severity) \($0.code)" }
        #expect(found == [expected])
        #expect(!result.hasErrors)
    }

    @Test("text after a rule that ends the board is its footer, not stray; before more lanes it is stray")
    func footer() {
        let footer = Self.board("## TODO\n\n- [ ] a\n\n---\n\n*Last updated: 2026-01-26*\n\n[Back](README.md)\n")
        #expect(footer.diagnostics.isEmpty, "\(footer.diagnostics)")
        #expect(footer.board.cards.map(\.title) == ["a"])
        let stray = Self.board("## TODO\n\n- [ ] a\n\n---\n\nStray.\n\n## Done\n\n- [x] b\n")
        #expect(stray.diagnostics.map(\.code) == ["stray-content"])
        // More than a little text after the rule is content, not a footer.
        let long = Self.board("## TODO\n\n- [ ] a\n\n---\n\n" + String(repeating: "Text.\n\n", count: 4))
        #expect(long.diagnostics.map(\.code) == Array(repeating: "stray-content", count: 4))
    }

    @Test(
        "the format of numeric dates with the day and month first is what the board's dates show",
        arguments: [
            ("30-04-2024 02-05-2024", "DD-MM-YYYY"), ("04/30/2024", "MM/DD/YYYY"), ("05.04.2024", "DD.MM.YYYY"),
            ("5/4/2024 13/4/2024", "D/M/YYYY"), ("05-04-2024", nil), ("30-04-2024 04/30/2024", nil),
            ("30-04-2024 04-30-2024", nil), ("2024-04-30", nil), ("130-04-2024 30-04-20245", nil),
            ("04.30.2024", "MM.DD.YYYY"), ("32-04-2024", nil),
        ] as [(String, String?)])
    func inferredDateFormat(text: String, pattern: String?) {
        #expect(DateFormat.inferredPattern(in: Array(text.utf8)[...]) == pattern)
    }

    @Test("a board that names no date format reads its dates as they show themselves, and writes them so")
    func datesOfTheBoard() throws {
        let dayFirst = Self.board("## TODO\n\n- [ ] a @{05-04-2024}\n- [ ] b\n  Due: 30-04-2024\n")
        #expect(dayFirst.diagnostics.isEmpty, "\(dayFirst.diagnostics)")
        #expect(dayFirst.board.cards.map { $0.due?.iso } == ["2024-04-05", "2024-04-30"])
        #expect(dayFirst.board.settings.dateFormat == "DD-MM-YYYY")
        // Dates that could be either stay unread, with the hint; a format the board names wins.
        let either = Self.board("## TODO\n\n- [ ] a @{05-04-2024}\n")
        #expect(either.diagnostics.map { "\($0.location!) \($0.code)" } == ["3:9 invalid-deadline"])
        let named = Self.board("---\ndate-format: MM-DD-YYYY\n---\n## TODO\n\n- [ ] a @{05-04-2024} @{04-30-2024}\n")
        #expect(named.board.cards.map { $0.due?.iso } == ["2024-05-04"])
    }

    @Test("a table's rows are the cards of a lane named for a state, or of a board without other cards")
    func tableRows() throws {
        let table =
            "| ID | Task | Owner | Due | Priority | Module | Notes |\n|---|---|---|---|---|---|---|\n"
            + "| T1 | Write the **guide** #docs | @ann | 2026-12-01 | high | Docs | Needs `curl`<br>and a diagram |\n"
            + "| | | | | | | |\n"
            + "| T2 | Fix login<br>Safari only | Ben, Cy | — | Média | Auth | |\n"
        let result = Self.board("## To Do\n\n" + table + "\n## Done\n\n- [x] Kickoff\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let cards = result.board.lanes[0].cards
        #expect(cards.map(\.id) == ["T1", "T2"])
        #expect(cards.map(\.title) == ["Write the guide", "Fix login"])
        #expect(cards.map(\.style) == [.tableRow, .tableRow])
        #expect(cards.map(\.location) == [SourceLocation(line: 5, column: 3), SourceLocation(line: 7, column: 3)])
        #expect(cards[0].due?.iso == "2026-12-01")
        #expect(cards[0].tags == ["docs"])
        #expect(cards[0].assignees == ["ann"])
        #expect(cards[0].priority == .high)
        #expect(cards[0].extras.fields == [CardExtras.Field(key: "Module", value: "Docs")])
        #expect(cards[0].descriptionSource == "Needs `curl`\nand a diagram")
        #expect(cards[0].description.plainText(of: 0) == "Needs curl and a diagram")
        #expect(cards[1].due == nil)
        #expect(cards[1].assignees == ["Ben", "Cy"])
        #expect(cards[1].priority == .medium)
        #expect(cards[1].descriptionSource == "Safari only")
        #expect(result.board.lanes[0].descriptionSource.isEmpty)

        // Any column of text titles the cards of a lane named for a state; a title column is needed elsewhere.
        let done = Self.board("## Done\n\n| # | Story | Result |\n|---|---|---|\n| 1 | Publish | ok |\n")
        #expect(done.board.cards.map(\.title) == ["Publish"])
        // Titles by a column's name among others (`Task title`, `任务名`), or, in a lane named wholly for a state, by
        // the first column of text that is no field, no row number and no description (else the description).
        let named = Self.board(
            "## 待办\n\n| 序号 | 任务名 | 负责人 |\n|---|---|---|\n| 1 | 写文档 | 张三 |\n\n## Doing\n\n"
                + "| # | Task title |\n|---|---|\n| 2 | Build |\n\n## Done\n\n| ID | Description | Owner |\n|---|---|---|\n"
                + "| 3 | Plan | Cy |\n")
        #expect(named.board.lanes.map { $0.cards.map(\.title) } == [["写文档"], ["Build"], ["Plan"]])
        #expect(named.board.cards.first?.assignees == ["张三"])
        // An overview column (`概要`) is a general name for titles: in a lane named for a state, before a category.
        let overview = Self.board(
            "## 未対応\n\n| ID | カテゴリ | 概要 |\n|----|---|---|\n| - | - | - |\n\n## 完了\n\n"
                + "| ID | カテゴリ | 概要 | 修正内容 |\n|---|---|---|---|\n| FIX-001 | BUG | カードの能力が実行できない | 方式を変更 |\n")
        #expect(overview.board.lanes.map { $0.cards.map(\.title) } == [[], ["カードの能力が実行できない"]])
        #expect(overview.board.cards.map(\.id) == ["FIX-001"])
        #expect(overview.diagnostics.isEmpty, "\(overview.diagnostics)")
        // A column named for titles that holds figures alone counts tasks: `| Estado | Tareas |` is a summary, no cards.
        let summary = Self.board(
            "## Todo\n\n- [ ] a\n\n## Resumen por estado\n\n| Estado | Tareas |\n|---|---|\n| Pendiente | 39 |\n"
                + "| Completada | 67 |\n")
        #expect(summary.board.cards.map(\.title) == ["a"])
        #expect(summary.board.lanes.last?.descriptionSource.hasPrefix("| Estado | Tareas |") == true)
        // A column of the IDs of what a title's word names (`Task ID`, `任务 ID`) is the cards' IDs, not their titles.
        let ids = Self.board(
            "## Todo\n\n| Task ID | Task | Owner |\n|---|---|---|\n| T-1 | Write the docs | Ann |\n\n## Done\n\n"
                + "| 任务 ID | 任务标题 |\n|---|---|\n| A-1 | 初始化项目 |\n")
        #expect(ids.board.lanes.map { $0.cards.map(\.title) } == [["Write the docs"], ["初始化项目"]])
        #expect(ids.board.cards.map(\.id) == ["T-1", "A-1"])
        #expect(ids.diagnostics.isEmpty, "\(ids.diagnostics)")
        // No column named for titles, and figures: a metrics table, even in a lane named for a state (warned: it
        // may be cards).
        let metrics = Self.board("## Done\n\n| Metric | Value |\n|---|---|\n| Velocity | 12 |\n")
        #expect(metrics.board.cards.isEmpty)
        #expect(metrics.diagnostics.map(\.code) == ["table-not-read"])
        let sprint = Self.board("## Sprint 3\n\n| # | Task |\n|---|---|\n| 1 | Publish |\n")
        #expect(sprint.board.cards.map(\.title) == ["Publish"])
        // A cell's escaped pipe is a pipe in a code span too; rows of placeholders and row numbers are no cards.
        let pipes = Self.board("## Done\n\n| # | Task | Notes |\n|---|---|---|\n| 1 | a | `x \\| y` |\n| 2 | — | |\n")
        #expect(pipes.board.cards.map(\.title) == ["a"])
        #expect(pipes.board.cards.first?.description.plainText(of: 0) == "x | y")
        // A lone row that says the lane is empty is no card; a lone task that starts with such a word is one.
        let task = Self.board(
            "## TODO\n\n- [ ] a\n\n## Doing\n\n| Task | Owner |\n|---|---|\n| Nothing renders on Safari | — |\n")
        #expect(task.board.cards.map(\.title) == ["a", "Nothing renders on Safari"])
        let empty = Self.board(
            "## TODO\n\n| ID | Tarefa | Prazo |\n|---|---|---|\n| — | Nenhuma tarefa pendente nesta etapa | — |\n"
                + "\n## Done\n\n- [x] a\n")
        #expect(empty.board.cards.map(\.title) == ["a"])
    }

    @Test(
        "a table of cards with a few columns that start with a lane's word is read as cards, not as lanes",
        arguments: [
            "| ID | Priority | Task | Blocker | Next action |", "| # | Task | Owner | Blocker | Next step |",
        ])
    func tableWithLaneWordColumns(header: String) throws {
        let columns = header.count { $0 == "|" } - 1
        let rule = "|" + String(repeating: "---|", count: columns)
        let row = "| 1 | Rate limiting | " + Array(repeating: "x", count: columns - 2).joined(separator: " | ") + " |"
        let result = Self.board("## Todo\n\n- [ ] a\n\n## Blocked\n\n\(header)\n\(rule)\n\(row)\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.board.lanes.map(\.name) == ["Todo", "Blocked"])
        #expect(result.board.lanes[1].cards.count == 1)
        // Lanes for most columns, a column of row numbers aside, are a board kept as one table.
        let lanes = Self.board("## Board\n\n| # | Backlog | Doing | Done |\n|---|---|---|---|\n| 1 | a | b | c |\n")
        #expect(lanes.board.lanes.map(\.name) == ["Backlog", "Doing", "Done"])
    }

    @Test("a table whose columns are lanes is the lanes, in its heading's place, a cell a card")
    func tableOfLanes() throws {
        let result = Self.board(
            "# Sprint\n\n## Board\n\nOur work.\n\n| **To Do** | In Progress (2) | | Done |\n|:-|:-:|-|-:|\n"
                + "| - [ ] Plan #ops | Build | x | |\n| Test<br>then ship | | | Kickoff |\n\n## Links\n\n- [ ] Wiki\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let board = result.board
        #expect(board.title == "Sprint")
        #expect(board.lanes.map(\.name) == ["To Do", "In Progress", "Done", "Links"])
        #expect(board.lanes.map(\.state) == [.todo, .doing, .done, .todo])
        #expect(board.lanes.map(\.isTable) == [true, true, true, false])
        #expect(board.lanes[1].wipLimit == 2)
        // (The column without a name is no lane.)
        #expect(
            board.lanes.map(\.location) == [3, 15, 35].map { SourceLocation(line: 7, column: $0) } + [
                SourceLocation(line: 12, column: 1)
            ])
        #expect(board.lanes[0].descriptionSource == "Our work.")
        #expect(board.lanes.map { $0.cards.map(\.title) } == [["Plan", "Test"], ["Build"], ["Kickoff"], ["Wiki"]])
        #expect(board.lanes[0].cards[0].tags == ["ops"])
        #expect(board.lanes[0].cards[1].descriptionSource == "then ship")
        #expect(
            board.lanes[0].cards.map(\.location) == [
                SourceLocation(line: 9, column: 3), SourceLocation(line: 10, column: 3),
            ])
        // A column of lanes (`Status`) on a table under a heading not named for a state: a lane a status, in the order
        // of the states.
        let statuses = Self.board(
            "# Project\n\n## Board\n\n| Task | Owner | Status |\n|---|---|---|\n| Setup | @lead | Done |\n"
                + "| Design | Ann | In Progress |\n| Docs | Ben | Blocked |\n| Tests | Cy | done |\n| Plan | Dee | Todo |\n"
        )
        #expect(statuses.diagnostics.isEmpty, "\(statuses.diagnostics)")
        #expect(statuses.board.lanes.map(\.name) == ["Todo", "In Progress", "Blocked", "Done"])
        #expect(
            statuses.board.lanes.map { $0.cards.map(\.title) } == [["Plan"], ["Design"], ["Docs"], ["Setup", "Tests"]])
        #expect(statuses.board.lanes.map(\.location.line) == [11, 8, 9, 7])
        #expect(statuses.board.cards.allSatisfy { $0.extras.isEmpty })
        #expect(statuses.board.lanes.allSatisfy { $0.isTable })
        // A status that names a lane is one, even a word that holds an assignee's place (`Offen`); a heading partly
        // named for a state (`Ideen — Übersicht`) is over the board's table too.
        let german = Self.board(
            "# Ideen — Übersicht\n\n| Aufgabe | Status |\n|---|---|\n| A | Erledigt |\n| B | In Bearbeitung |\n"
                + "| C | Offen |\n")
        #expect(german.board.lanes.map(\.name) == ["Offen", "In Bearbeitung", "Erledigt"])
        // A status that only holds a place (or a figure) is none: the table is one lane's.
        let odd = Self.board("# T\n\n| Task | Status |\n|---|---|\n| a | Done |\n| b | — |\n| c | 50% |\n")
        #expect(odd.board.lanes.map(\.name) == ["T"])
        // Several tables of tasks with a status (a checklist's sections, even on a board with other cards) are each
        // their heading's cards, a row whose status says done checked.
        let twice = Self.board(
            "## Board\n\n| Task | Status |\n|---|---|\n| a | Done |\n\n| Task | Status |\n|---|---|\n| b | Todo |\n")
        #expect(twice.board.lanes.map { $0.cards.map(\.title) } == [["a", "b"]])
        #expect(twice.diagnostics.isEmpty, "\(twice.diagnostics)")
        #expect(twice.board.cards.map(\.isChecked) == [true, false])
        let sections = Self.board(
            "# Checklist\n\n## Build\n\n| Status | Task |\n|---|---|\n| done | a |\n| pending | b |\n\n"
                + "## Publish\n\n| Status | Task | Where |\n|---|---|---|\n| pending | c | Settings |\n\n"
                + "## Follow-ups\n\n- d\n")
        #expect(sections.diagnostics.isEmpty, "\(sections.diagnostics)")
        #expect(sections.board.lanes.map(\.name) == ["Build", "Publish", "Follow-ups"])
        #expect(sections.board.lanes.map { $0.cards.map(\.title) } == [["a", "b"], ["c"], ["d"]])
        #expect(sections.board.cards.map(\.isChecked) == [true, false, false, false])
        // Row numbers are no lane, and placeholders no cards (and the links after the table are notes).
        let numbered = Self.board(
            "# Board\n\n## Sprint 3\n\n| # | Backlog | Doing | Done |\n|---|---|---|---|\n| 1 | a | b | c |\n"
                + "| 2 | — | | d |\n| 3 | N/A | - | |\n\n## Links\n\n- [docs](https://example.com)\n")
        #expect(numbered.diagnostics.isEmpty, "\(numbered.diagnostics)")
        #expect(numbered.board.lanes.map { $0.cards.map(\.title) } == [["a"], ["b"], ["c", "d"], []])
        #expect(numbered.board.lanes.last?.holdsNotes == true)
        // On a board without a title, the heading over the table is its title.
        let untitled = Self.board("## Kanban\n\n| Backlog | Done |\n|---|---|\n| a | b |\n")
        #expect(untitled.board.title == "Kanban")
        #expect(untitled.board.cards.map(\.lane) == ["Backlog", "Done"])
    }

    @Test("a table of statuses: a row's note after its status, text around the table, a table above the lanes")
    func aTableOfStatusesReadAsWritten() throws {
        // Rows of one status, each with a note of its own in brackets, are one lane named by the status.
        let noted = Self.board(
            "# B\n\n| Task | Status |\n|---|---|\n| a | Doing |\n| b | Done (2026-01-02) |\n| c | Done (2026-01-05) |\n"
                + "| d | Blocked (waiting on Ann) |\n")
        #expect(noted.board.lanes.map(\.name) == ["Doing", "Blocked", "Done"])
        #expect(noted.board.lanes.map { $0.cards.map(\.title) } == [["a"], ["d"], ["b", "c"]])
        // (The status as written is then the card's field, shown with it.)
        #expect(
            noted.board.cards.map { $0.extras.fields.map { "\($0.key): \($0.value)" } } == [
                [], ["Status: Blocked (waiting on Ann)"], ["Status: Done (2026-01-02)"], ["Status: Done (2026-01-05)"],
            ])
        // A note after a dash, a colon or a line break, likewise; not after a name that is no state's wholly.
        let dashed = Self.board(
            "# B\n\n| Task | Status |\n|---|---|\n| a | Done - 2026-01-02 |\n| b | In progress<br>since Monday |\n"
                + "| c | Done: v1.2 |\n| d | Sprint 3 - Done |\n")
        #expect(dashed.board.lanes.map(\.name) == ["In progress", "Done", "Sprint 3 - Done"])
        #expect(dashed.board.lanes.map { $0.cards.map(\.title) } == [["b"], ["a", "c"], ["d"]])
        // (A name in brackets after a status that is not wholly a state's name is part of it.)
        let phases = Self.board("# B\n\n| Task | Status |\n|---|---|\n| a | Phase 2 (API) |\n| b | Phase 2 (UI) |\n")
        #expect(phases.board.lanes.map(\.name) == ["Phase 2 (API)", "Phase 2 (UI)"])
        // Text above and below the table: the first lane's, each piece as written.
        let around = Self.board(
            "# B\n\nIntro.\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | Doing |\n\nNotes after.\n")
        #expect(around.board.lanes.map(\.descriptionSource) == ["Intro.\n\nNotes after.", ""])
        // A table of statuses under the board's title, with sections after it: the lanes, before the sections; the
        // text around it the board's.
        let above = Self.board(
            "# Project\n\nOur plan.\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | Doing |\n| c | Done |\n\n"
                + "## Notes\n\n- remember x\n")
        #expect(above.board.title == "Project")
        #expect(above.board.descriptionSource == "Our plan.")
        #expect(above.board.lanes.map(\.name) == ["Todo", "Doing", "Done", "Notes"])
        #expect(above.board.lanes.map(\.cards.count) == [1, 1, 1, 0])
        #expect(above.diagnostics.isEmpty, "\(above.diagnostics)")
        let bare = Self.board("Our tasks.\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | Doing |\n")
        #expect(bare.board.lanes.map(\.name) == ["Todo", "Doing"])
        // Not where the board has cards of its own (the table sums them up), nor where a status is a lane already.
        let summary = Self.board(
            "# P\n\n| Task | Status |\n|---|---|\n| a | Todo |\n\n## Todo\n\n- [ ] x\n\n## Done\n")
        #expect(summary.board.lanes.map(\.name) == ["Todo", "Done"])
        #expect(summary.board.cards.map(\.title) == ["x"])
        #expect(summary.diagnostics.isEmpty, "\(summary.diagnostics)")
        // A row without a status keeps the table from being the lanes: said at that row's cell.
        let gap = Self.board("# B\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | |\n| c | Done |\n")
        #expect(gap.board.lanes.map(\.name) == ["B"])
        #expect(
            gap.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code)" } == [
                "6:6 table-not-read"
            ])
        let gapAbove = Self.board(
            "# P\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | — |\n| c | Done |\n\n## Notes\n\n- x\n")
        #expect(gapAbove.diagnostics.map(\.message).first?.hasPrefix("this row has no status") == true)
        #expect(gapAbove.diagnostics.map { $0.location?.line } == [6])
        // (A cell of a non-breaking space or a line break alone shows nothing: no status either.)
        let spaced = Self.board(
            "# B\n\n| Task | Status |\n|---|---|\n| a | Todo |\n| b | &nbsp; |\n| c | Done |\n| d | Done |\n")
        #expect(spaced.board.lanes.map(\.name) == ["B"])
        #expect(spaced.diagnostics.map { $0.location?.line } == [6])
    }

    @Test(
        "a table of tasks not read beside other cards is warned about at the table",
        arguments: [
            // With statuses, above the lanes of a board with other cards.
            (
                "# Project\n\n| Task | Status |\n|---|---|\n| A | To do |\n| B | In progress |\n\n## Notes\n\n- [ ] milk\n",
                "3:1"
            ),
            // Before a lane's checklist: without the list, it would be the lane's cards.
            ("# P\n\n## Todo\n\n| Task | Owner |\n|---|---|\n| A | Ann |\n\n- [ ] B\n\n## Done\n", "5:1"),
            // With statuses, in a lane beside its cards.
            (
                "# S\n\n## Board\n\nIntro.\n\n| Task | Status |\n|---|---|\n| A | To do |\n| B | Done |\n\nNotes.\n- a note\n",
                "7:1"
            ),
        ])
    func aTableOfTasksBesideOtherCardsIsWarnedAbout(text: String, location: String) {
        let result = Self.board(text)
        #expect(result.board.cards.count == 1)
        #expect(
            result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code)" } == [
                "\(location) table-not-read"
            ])
    }

    @Test("a table of statuses with a blank row to fill in and a status legend after it is the board's lanes")
    func aTableOfStatusesWithABlankRowAndALegend() {
        // A template's blank row (`|  |  |`, `| — | — |`) is no card: it neither stops the statuses being the lanes
        // nor is warned about; a legend of the statuses (a bold label named for notes over plain items) is text.
        let tracker = Self.board(
            "# Tracker\n\n| ID | Task | Status |\n|---|---|---|\n| A-1 | Set up the repo | Pending |\n"
                + "| A-2 | Write the guide | In Progress |\n|  |  |  |\n| — | — | — |\n\n**Status legend:**\n\n"
                + "- **Pending:** not started\n- **In Progress:** being worked on\n")
        #expect(tracker.board.title == "Tracker")
        #expect(tracker.board.lanes.map(\.name) == ["Pending", "In Progress"])
        #expect(tracker.board.lanes.map { $0.cards.map(\.title) } == [["Set up the repo"], ["Write the guide"]])
        #expect(tracker.board.lanes[0].descriptionSource.hasSuffix("- **In Progress:** being worked on"))
        #expect(tracker.diagnostics.isEmpty, "\(tracker.diagnostics.map(\.message))")
        // A table of blank rows alone holds no card and no lane of statuses.
        let blank = Self.board("## Tasks\n\n| Task | Status |\n|---|---|\n| — | — |\n\n## Done\n")
        #expect(blank.board.lanes.map(\.name) == ["Tasks", "Done"])
        #expect(blank.board.cards.isEmpty)
        // Such a label before a lane's list cards is the lane's text too; after them, or over task boxes, or named for
        // no notes (`**Backend:**`), it labels cards.
        let lists = Self.board(
            "## Todo\n\n**Legend:**\n\n- 🔴 urgent\n\n**Backend:**\n\n- [ ] a\n\n**Legend:**\n\n- [ ] b\n")
        #expect(lists.board.lanes[0].descriptionSource == "**Legend:**\n\n- 🔴 urgent")
        #expect(lists.board.cards.map(\.title) == ["a", "b"])
        #expect(lists.board.cards.map(\.group) == ["Backend", "Legend"])
    }

    @Test("headings over deeper headings each over a table of cards label them: the tables' rows are the lane's cards")
    func headingsOverSectionsOfTables() {
        // A generated index of tasks: priorities over sections, each section a table of tasks.
        let text = """
            ## Tasks by priority

            ### High

            #### Backend

            | ID | Task | Status |
            |---|---|---|
            | T-1 | Add the login API | ✅ Done |
            | T-2 | Store the sessions | ⬜ Open |

            #### Frontend

            | ID | Task | Status |
            |---|---|---|
            | T-3 | Draw the login form | ⬜ Open |

            ### Low

            #### Docs

            | ID | Task | Status |
            |---|---|---|
            | T-4 | Write the guide | ⬜ Open |
            """
        let result = Self.board(text)
        #expect(
            result.board.cards.map(\.title) == [
                "Add the login API", "Store the sessions", "Draw the login form", "Write the guide",
            ])
        #expect(result.board.cards.map(\.id) == ["T-1", "T-2", "T-3", "T-4"])
        #expect(result.board.cards.map(\.group) == ["Backend", "Backend", "Frontend", "Docs"])
        #expect(result.board.cards.map(\.isChecked) == [true, false, false, false])
        #expect(result.board.lanes[0].groups.map(\.name) == ["High", "Backend", "Frontend", "Low", "Docs"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        // A heading over a deeper heading over text stays a card with sections.
        let card = Self.board("## Todo\n\n### Login\n\n#### Notes\n\nUse the old form.\n").board
        #expect(card.cards.map(\.title) == ["Login"])
    }

    @Test("a phase's lone table of statuses, beside phases of grouped tables of statuses, is its phase's cards")
    func loneTableBesideGroupedTables() {
        // A development board: phases, each over sections of `| # | Task | Status |` tables, or over one such table.
        let text = """
            ## Phase 0 — Foundation

            ### Backend

            | # | Task | Status |
            |---|---|---|
            | B1 | Scaffold the API | In Progress |
            | B2 | Add the login route | Done |

            ### App

            | # | Task | Status |
            |---|---|---|
            | F1 | Draw the login screen | Next |

            ## Phase 1 — Player (queued)

            | # | Task | Status |
            |---|---|---|
            | P1 | Switch channels quickly | Backlog |
            | P2 | Picture in picture | Backlog |
            """
        let result = Self.board(text)
        // The lanes are the phases as written: the lone table's status does not take its phase's name.
        #expect(result.board.lanes.map(\.name) == ["Phase 0 — Foundation", "Phase 1 — Player (queued)"])
        #expect(result.board.lanes.map(\.cards.count) == [3, 2])
        #expect(result.board.cards.map(\.isChecked) == [false, true, false, false, false])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test(
        "a table that is not a lane's cards is its text",
        arguments: [
            // The lane has cards of its own (a table of them named for titles is warned about: see above).
            "## TODO\n\n| Item | Who |\n|---|---|\n| x | Ann |\n\n- [ ] a\n",
            // A lane not named for a state, on a board with cards.
            "## TODO\n\n- [ ] a\n\n## Team\n\n| Name | Role |\n|---|---|\n| Ann | Dev |\n",
            // No column is the title (limits, metrics) in a lane not named wholly for a state.
            "## WIP Limits and Rationale\n\n| Column | WIP limit |\n|---|---|\n| Doing | 3 |\n\n## Done\n\n- [x] a\n",
            // A lane of notes.
            "## TODO\n\n- [ ] a\n\n## Legend\n\n| Task | Meaning |\n|---|---|\n| 🔴 | urgent |\n",
            // Columns named as the board's lanes, of states with cards: the table is about them (WIP limits).
            "## WIP limits\n\n| Backlog | Doing | Done |\n|---|---|---|\n| 5 | 3 | ∞ |\n\n## Backlog\n\n- [ ] a\n",
            "## TODO\n\n- [ ] a\n\n## Stats\n\n| Week | To Do | Doing |\n|---|---|---|\n| 1 | 4 | 2 |\n",
            // Figures under the names of lanes, on a board whose lanes are not named for states: statistics.
            "# P\n\n## Sprint 12\n\n- [ ] a\n\n## Stats\n\n| | To Do | Doing | Done |\n|---|---|---|---|\n| Points | 10 | 5 | 3 |\n",
            // A column of names outside a lane named for a state: a team list, even on a board of tables.
            "## Team\n\n| Name | Role | Status |\n|---|---|---|\n| Ann | Dev | Active |\n\n## To Do\n\n| Task |\n|---|\n| a |\n",
        ])
    func tablesAsText(text: String) {
        let result = Self.board(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.board.cards.map(\.title) == ["a"])
        #expect(result.board.lanes.contains { $0.descriptionSource.contains("|---|") })
    }

    @Test("a table that describes a lane of cards, or a lane not named for a state, is its text")
    func describingTables() {
        let table = "| When | What |\n|---|---|\n| May | a |\n\n"
        for text in ["## TODO\n\n\(table)- [ ] a\n", "## TODO\n\n- [ ] a\n\n## Decisions\n\n\(table)"] {
            let result = Self.board(text)
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
            #expect(result.board.lanes.contains { $0.descriptionSource.hasPrefix("| When") })
        }
    }

    @Test(
        "an item that only says the lane is empty is the lane's text, not a card",
        arguments: [
            "- _(empty)_", "- No items", "- (없음)", "- [ ] 无", "- *Nothing yet.*", "- [none]", "- (kosong)",
            "- (niente)", "- _(şu an yok)_", "- trống", "- _(nothing in flight)_", "- _(vazio — WIP 1)_",
            "- Belum ada.", "- ( [ _(empty)_ ] )", "- No tasks in progress", "- Keine Aufgaben in Arbeit.",
            "- Нет задач в работе",
        ])
    func placeholderItems(item: String) throws {
        let result = Self.board("## Todo\n\n\(item)\n\n## Done\n\n- [x] Nothing to fix in the login\n")
        #expect(result.board.lanes.map(\.cards.count) == [0, 1])
        #expect(result.board.lanes[0].descriptionSource == item)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test(
        "a lane's only card that starts with a word for 'no' and one for tasks, and goes on, is a card",
        arguments: [
            "- [ ] No blockers dialog on save", "- [ ] Sin tarjetas duplicadas al importar", "- No bugs in CSV export",
        ])
    func cardsThatStartLikePlaceholders(item: String) throws {
        let result = Self.board("## Todo\n\n\(item)\n\n## Done\n\n- [x] Setup\n")
        #expect(result.board.lanes.map(\.cards.count) == [1, 1])
    }

    @Test("an empty item, alone in its lane or not, is a card begun without a title (Taskell writes one so): warned")
    func emptyItemsThatAreCards() throws {
        for text in [
            "## Todo\n\n-\n", "## Todo\n\n- [ ]\n", "## Todo\n\n- a\n- \n",
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n-\n",
        ] {
            let result = Self.board(text)
            #expect(result.board.lanes[0].placeholderLine == nil, "\(text)")
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(
                result.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.code)" }
                    == ["\(line):1 empty-card"], "\(text)")
        }
    }

    @Test("a title of hundreds of nested brackets is a card, its text kept (Benchmarks/bench times thousands)")
    func nestedBracketsInATitle() throws {
        // (The innermost `[[x]]` is a wikilink, shown as `x`.)
        for (open, close, wikilink) in [("(", ")", 0), ("[", "]", 2), ("[[", "]]", 1)] {
            let depth = 400 / open.count
            let result = Self.board(
                "## Todo\n\n- [ ] " + String(repeating: open, count: depth) + "x"
                    + String(repeating: close, count: depth))
            let shown =
                String(repeating: open, count: depth - wikilink) + "x"
                + String(repeating: close, count: depth - wikilink)
            #expect(result.board.lanes[0].cards.map(\.title) == [shown])
        }
    }

    @Test(
        "such a word is a card when it is checked, a link, among other items, or on an Obsidian board",
        arguments: [
            "## Todo\n\n- [x] Nothing\n", "## Todo\n\n- [none](tasks/none.md)\n", "## Todo\n\n- a\n- TBD\n- b\n",
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] _(empty)_\n",
            // Unwrapped, a word for "nothing" with more after it is a title.
            "## Todo\n\n- Nothing in the cache survives a restart\n",
        ])
    func placeholderWordsThatAreCards(text: String) throws {
        let board = TestSupport.parse(text).board
        #expect(board.lanes[0].placeholderLine == nil)
        #expect(
            board.lanes[0].cards.contains {
                ["Nothing", "none", "TBD", "(empty)", "Nothing in the cache survives a restart"].contains($0.title)
            })
    }

    @Test(
        "the date and time Obsidian writes on a card it archives leave its title",
        arguments: [
            (
                #""archive-with-date":true,"append-archive-date":true,"date-format":"DD-MM""#,
                "Post IDs #piz 06-09 23:57"
            ),
            (#""archive-with-date":true"#, "2025-07-10 10:34 Post IDs"),
            (
                #""archive-with-date":true,"append-archive-date":true,"archive-date-separator":"|""#,
                "Post IDs | 2026-06-07 14:56"
            ),
            (
                #""archive-with-date":true,"archive-date-format":"MMM D, YYYY h:mm a""#,
                "Jun 7, 2026 2:56 pm Post IDs"
            ),
        ])
    func archiveStamps(settings: String, card: String) throws {
        let text = """
            ---
            kanban-plugin: board
            ---

            ## Todo

            - [ ] 06-09 23:57 is a time, not a stamp

            ***

            ## Archive

            - [x] \(card)

            %% kanban:settings
            ```
            {"kanban-plugin":"board",\(settings)}
            ```
            %%
            """
        let board = TestSupport.parse(text).board
        #expect(board.archive.map(\.title) == ["Post IDs"])
        // Its identity is the one it had before it was archived.
        #expect(board.archive.map(\.id) == ["post-ids"])
        #expect(board.cards.map(\.title) == ["06-09 23:57 is a time, not a stamp"])
    }

    @Test("the plugin's default archive stamp leaves the titles when every archived card has it")
    func defaultArchiveStamps() throws {
        let board = "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] a\n\n***\n\n## Archive\n\n"
        let stamped = TestSupport.parse(board + "- [x] 2023-08-19 19:46 Benchmark\n- [x] 2023-08-20 09:00 [[Pool]]\n")
        #expect(stamped.board.archive.map(\.title) == ["Benchmark", "Pool"])
        #expect(stamped.board.style.stampsArchive)
        let mixed = TestSupport.parse(board + "- [x] 2023-08-19 19:46 Benchmark\n- [x] Pool\n")
        #expect(mixed.board.archive.map(\.title) == ["2023-08-19 19:46 Benchmark", "Pool"])
        #expect(!mixed.board.style.stampsArchive)
        // One card may be a log line; and a board whose settings say `false` means it.
        let one = TestSupport.parse(board + "- [x] 2024-01-05 10:00 Standup\n")
        #expect(one.board.archive.map(\.title) == ["2024-01-05 10:00 Standup"])
        let unstamped = TestSupport.parse(
            board + "- [x] 2023-08-19 19:46 Benchmark\n- [x] 2023-08-20 09:00 Pool\n\n%% kanban:settings\n```\n"
                + "{\"kanban-plugin\":\"basic\",\"archive-with-date\":false}\n```\n%%\n")
        #expect(unstamped.board.archive.map(\.title) == ["2023-08-19 19:46 Benchmark", "2023-08-20 09:00 Pool"])
    }

    @Test("a table that describes a lane of a board with cards is shown, without a warning")
    func describingTable() throws {
        let result = Self.board("## Todo\n\n- [ ] a\n\n## Decisions\n\n| When | What |\n|---|---|\n| May | Swift |\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.board.lanes[1].descriptionSource.hasPrefix("| When | What |"))
    }

    @Test("a heading over a list of properties is a card: bold keys, or a known key first; other keys stay text")
    func boldPropertyLists() throws {
        let result = Self.board(
            """
            ## Todo

            ### X

            - **Priority:** High
            - **Assignee:** bob
            - **Due:** 2026-01-01

            ### Y

            - priority: high
            - owner: ann
            - Spec: foo

            ### Z

            - **Status:** Idea
            - **Why:** users ask

            ### W

            - **Due:** 2026-02-02
            - a note

            ### Sprint 1

            - Login: fix the timeout

            ### Frontend

            - **Login page:** build the form
            - **Settings:** dark mode

            ### V

            - **Issue**: #12
            - **Due**: 2026-03-03

            ### U

            - Backend: the API
            - Start: welcome screen
            """)
        let lane = try #require(result.board.lanes.first)
        #expect(
            lane.cards.map(\.title) == [
                "X", "Y", "Z", "W", "Login: fix the timeout", "Login page: build the form", "Settings: dark mode", "V",
                "Backend: the API", "Start: welcome screen",
            ])
        // Bold keys alone, one of them known, though the first is not; plain keys are cards' titles.
        #expect(lane.cards[7].due?.date == CalendarDate(year: 2026, month: 3, day: 3))
        #expect(lane.cards[7].descriptionSource == "- **Issue**: #12")
        #expect(lane.cards[8].group == "U")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(lane.cards[0].priority == .high)
        #expect(lane.cards[0].assignees == ["bob"])
        #expect(lane.cards[0].due?.date == CalendarDate(year: 2026, month: 1, day: 1))
        #expect(lane.cards[0].descriptionSource.isEmpty)
        #expect(lane.cards[1].assignees == ["ann"])
        #expect(lane.cards[1].descriptionSource == "- Spec: foo")
        // A key pm-render does not show stays in the description, where it is seen.
        #expect(lane.cards[2].descriptionSource == "- **Status:** Idea\n- **Why:** users ask")
        // A bold known key first reads as any known key first.
        #expect(lane.cards[3].due?.date == CalendarDate(year: 2026, month: 2, day: 2))
        #expect(lane.cards[3].descriptionSource == "- a note")
        // A list of other `Key: value` items under a heading is a group of cards, bold keys too.
        #expect(lane.cards[4].group == "Sprint 1")
        #expect(lane.cards[5].group == "Frontend")
    }

    @Test(
        "a list, a heading or a quote after a <br> is one, as the plugin shows the card with its <br>s as line breaks")
    func blocksAfterBreaks() throws {
        let card = try Self.card("- [ ] **(25 mins)**<br>Shopping list.<br>- [x] hair dryer<br>- [ ] fan")
        #expect(card.title == "(25 mins)")
        #expect(card.subtasks.map(\.title) == ["hair dryer", "fan"])
        #expect(card.subtasks.map(\.isDone) == [true, false])
        #expect(card.description.roots.map { card.description.nodes[$0].kind } == [.paragraph, .list])
        // A blank line (`<br><br>`) between the title and the list.
        let spaced = try Self.card("- [x] # Docs<br><br>- [x] spec<br>- [ ] plan")
        #expect(spaced.subtasks.map(\.title) == ["spec", "plan"])
        let heading = try Self.card("- [ ] ==1==<br>#### Weekly review<br>> quoted")
        #expect(heading.description.roots.map { heading.description.nodes[$0].kind } == [.heading, .blockQuote])
        // Text after a <br> that opens no block stays lines of a paragraph.
        let plain = try Self.card("- [ ] Exam<br>Chapter 1-3<br>#2 pencil")
        #expect(plain.description.roots.map { plain.description.nodes[$0].kind } == [.paragraph])
        #expect(plain.descriptionSource == "Chapter 1-3<br>#2 pencil")
        // Metadata on those lines is read as on any line: such a card keeps its lines.
        let dated = try Self.card("- [ ] Shopping<br>- milk<br>- eggs @{2024-05-01} #errand")
        #expect((dated.due?.iso, dated.tags) == ("2024-05-01", ["errand"]))
        #expect(dated.description.roots.map { dated.description.nodes[$0].kind } == [.paragraph])
    }

    @Test("a line of text that ends with a colon, or is bold, over more of a lane's cards labels them")
    func paragraphLabels() throws {
        let result = Self.board(
            """
            ## Done

            - a

            RBAC:

            - b
            - c

            **Large**

            - d

            ✅ **20B.1: Collect the documents**

            - d2

            ⚠️ The parser **is** slow

            - d3

            ***AdminController*** (branch `feat/admin`)

            - d4

            Parallélisables dès maintenant (une session par feature, chacune dans son worktree) :

            - d5

            ### Later

            - e

            **Under a heading:**

            - f

            A sentence that says more than a label does, and is no label at all.

            - g
            """)
        let lane = try #require(result.board.lanes.first)
        // A status symbol before a bold line keeps it a label, and so does a note in brackets after it, bold italics
        // too; a sentence with a bold word is none.
        #expect(
            lane.cards.map(\.group) == [
                nil, "RBAC", "RBAC", "Large", "✅ 20B.1: Collect the documents", "✅ 20B.1: Collect the documents",
                "AdminController (branch feat/admin)",
                // A label is short, but a note in brackets after it may be long.
                "Parallélisables dès maintenant (une session par feature, chacune dans son worktree)", "Later",
                "Later", "Later",
            ])
        #expect(lane.groups.map(\.isHeading) == [false, false, false, false, false, true])
        // Under a `###` label a line of text is stray, as is a sentence.
        #expect(result.diagnostics.map(\.location?.line) == [18, 34, 38])
    }

    @Test("a lane of notes (Legend, Progress Log) whose lists have no task box holds text, not cards")
    func notesLanes() throws {
        let result = Self.board(
            """
            ## Todo

            - [ ] a

            ## Done

            - [x] b

            ## 📋 **Task Status Legend**

            - **Todo**: not started
            - **Done**: finished

            ## Progress Log

            ### 2026-02-01 — first pass

            - read the boards
            - wrote the rule

            ## Notes

            - [ ] ask about the API
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let lanes = result.board.lanes
        #expect(lanes.map(\.cards.count) == [1, 1, 0, 0, 1])
        #expect(lanes[2].descriptionSource == "- **Todo**: not started\n- **Done**: finished")
        #expect(lanes[3].descriptionSource.hasPrefix("### 2026-02-01 — first pass\n\n- read the boards"))
        #expect(lanes[3].groups.isEmpty)
        // `check --verbose` says why those lanes show no cards.
        let report = LaneReport.text(result.board).split(separator: "\n")
        #expect(report.filter { $0.hasSuffix("notes: its items are text (none has a task box)") }.count == 2)
        // So on a board of tables, and a date or a note in brackets after the name qualifies it.
        let tables = Self.board("## To Do\n\n| ID | Task |\n|---|---|\n| 1 | a |\n\n## Decisions (2026-06-23)\n\n- b\n")
        #expect(tables.board.lanes.map(\.cards.count) == [1, 0])
        #expect(tables.board.lanes[1].holdsNotes)
        // A sprint's goals before its tasks (`Objectifs`, `Goals`) are notes too, as a legend is.
        let goals = Self.board(
            "## Objectifs\n\n- Finaliser le tableau\n\n## À faire\n\n- [ ] T1 : Concevoir le tableau\n")
        #expect(goals.board.lanes.map(\.cards.count) == [0, 1])
        #expect(goals.board.lanes.first?.holdsNotes == true)
        // A report on the board's state in Korean, Japanese or Chinese (`테스트 현황`, "test status"; `進捗状況`; `검증 결과`,
        // "verification results"; `项目状态`, "project status") is notes, not a lane of testing.
        for name in ["테스트 현황", "진행 현황", "進捗状況", "승인 현황", "검증 결과", "项目状态"] {
            let report = Self.board("## 할 일\n\n- [ ] a\n\n## 완료\n\n- [x] b\n\n## \(name)\n\n- 전체 테스트: 185개\n")
            #expect(report.board.lanes.map(\.cards.count) == [1, 1, 0], "\(name)")
            #expect(report.board.lanes.last?.holdsNotes == true, "\(name)")
        }
        // So are a board's metrics and its history of decisions (`📊 Metrics`, `Métriques de vélocité`).
        for name in ["📊 Metrics", "PROJECT METRICS (2026-04-09)", "Métriques de vélocité", "Historique des décisions"] {
            let report = Self.board(
                "## Todo\n\n- [ ] a\n\n## Done\n\n- [x] b\n\n## \(name)\n\n- **Build Time:** 12 s\n")
            #expect(report.board.lanes.map(\.cards.count) == [1, 1, 0], "\(name)")
            #expect(report.board.lanes.last?.holdsNotes == true, "\(name)")
        }
        // Two such names joined are notes too (`결정사항 / 주의`, "decisions / cautions"); a name with one is not.
        for (name, notes) in [
            ("결정사항 / 주의", true), ("Decisions / Notes", true), ("References & Links", true),
            ("Notes / Backlog", false),
        ] {
            let report = Self.board("## Todo\n\n- [ ] a\n\n## Done\n\n- [x] b\n\n## \(name)\n\n- keep the data\n")
            #expect(report.board.lanes.last?.holdsNotes == notes, "\(name)")
        }
        // So on a board whose other lanes hold no items (empty, or saying so in a paragraph).
        let empty = Self.board(
            "## In Progress\n\n（暂无进行中的任务）\n\n## Completed\n\n## 任务管理说明\n\n- **Pending**：待开始\n- **Completed**：已完成\n")
        #expect(empty.board.lanes.map(\.cards.count) == [0, 0, 0])
        #expect(empty.board.lanes.last?.holdsNotes == true)
        // On a board of plain items, on an Obsidian board (the plugin shows every item as a card), and in a lane the
        // front matter gives a state, they are cards.
        for board in [
            "## Todo\n\n- a\n\n## Notes\n\n- b\n",
            "---\nlanes: {Log: done}\n---\n## Todo\n\n- [ ] a\n\n## Log\n\n- b\n",
            "---\nkanban-plugin: basic\n---\n\n## Todo\n\n- [ ] a\n\n## Notes\n\n- b\n",
        ] {
            #expect(Self.board(board).board.lanes.map(\.cards.count) == [1, 1], "\(board)")
        }
    }

    @Test(
        "a lane that reports on the board (status, summary, metrics) holds text on a board of task boxes",
        arguments: [
            "📊 Current Status", "🎯 Success Metrics", "Progress Overview", "Resumen de progreso",
            "Legenda de prioridade", "统计", "Zusammenfassung", "Project Context", "関連ドキュメント", "예상 효과",
            "操作紀錄", "Hinweis", "Workflow", "📊 Resumo Final", "Fluxo de Trabalho", "🎯 Cómo Usar Este Kanban",
            "WIP Limits", "Conclusão", "Fazit", "📝 Cara Pakai", "Jak używać", "Cách sử dụng",
            // A legend of a German template, an Obsidian Tasks syntax reference, names of notes joined by "and".
            "Status-Legende", "Task Syntax Reference", "Notes and Decisions", "Notlar ve Önemli Kararlar",
        ])
    func reportLanes(name: String) throws {
        let result = Self.board(
            "## Todo\n\n- [ ] a\n\n## \(name)\n\n- Backend: 100% ✅\n- Frontend: 80%\n\n## Done\n\n- [x] b\n")
        #expect(result.board.lanes.map(\.cards.count) == [1, 0, 1])
        #expect(result.board.lanes[1].holdsNotes)
        // With a WIP limit, in its heading or in the front matter, it is a lane of cards.
        for limited in ["## \(name) (2)", "---\nwip: {\"\(name)\": 2}\n---\n## \(name)"] {
            let text =
                limited.hasPrefix("---")
                ? limited + "\n\n- a\n- b\n\n## Todo\n\n- [ ] c\n" : "## Todo\n\n- [ ] c\n\n\(limited)\n\n- a\n- b\n"
            #expect(Self.board(text).board.cards.count == 3, "\(text)")
        }
    }

    @Test(
        "after the last task item, a lane of notes opens the board's closing notes: plain lanes of unknown names after it"
    )
    func closingNotes() throws {
        let text =
            "## Wave 1\n\n- [x] Write the ADR\n- [ ] Research RAG\n\n## Decisions taken (2026-06-23)\n\n"
            + "1. **Audience:** the keeper.\n\n## Anti-patterns (avoid)\n\n- ❌ A feature without an ADR\n\n"
            + "## Tools in use\n\n- **`delegate_task`** — to call subagents\n\n## Ideas\n\n- Voice input\n"
        let board = Self.board(text).board
        #expect(board.lanes.map(\.holdsNotes) == [false, true, true, true, false])
        #expect(board.lanes.map(\.cards.count) == [2, 0, 0, 0, 1])
        // Before the last task item, or with no lane of notes first, such lanes hold cards.
        let before = Self.board(
            "## Wave 1\n\n- [ ] a\n\n## Notes\n\n- n\n\n## Tools in use\n\n- b\n\n## Wave 2\n\n- [ ] c\n"
        ).board
        #expect(before.lanes.map(\.holdsNotes) == [false, true, false, false])
        let noNotes = Self.board("## Wave 1\n\n- [ ] a\n\n## Tools in use\n\n- b\n").board
        #expect(noNotes.lanes.map(\.holdsNotes) == [false, false])
    }

    @Test("on a board of heading cards, a summary's lists are the lane's text: the cards' own lists are their details")
    func summaryOfHeadingCards() throws {
        let text =
            "# Report\n\n## ✅ Done\n\n### 1. Old containers removed ✅\n\n**Agent**: ops\n\n- 3 removed\n- 2 kept\n\n"
            + "## ⏳ In Progress\n\n### 1. Fix the login\n\n**Status**: booting\n\n- pod not ready\n\n"
            + "## 📋 Summary\n\n### Done: 1/2\n\n- ✅ Old containers removed\n\n### In progress: 1/2\n\n- ⏳ Fix the login\n"
        let board = Self.board(text).board
        #expect(board.lanes.map(\.cards.count) == [1, 1, 0])
        #expect(board.lanes.map(\.holdsNotes) == [false, false, true])
        // Lists under group labels are cards, so there a summary lane holds cards too (a board of plain items).
        let groups = Self.board(
            "## Done\n\n### Phase 1\n\n- a\n\n## Summary\n\n- a is done\n"
        ).board
        #expect(groups.lanes.map(\.cards.count) == [1, 1])
    }

    @Test("a due date's place that says 'as soon as possible' stays as written, with no warning of a bad date")
    func dueAsSoonAsPossible() throws {
        let result = Self.board(
            "## To Do\n\n- [ ] E\n  - Due: ASAP\n  - Priority: high\n- [ ] F\n  Fällig: sofort!\n\n"
                + "## Doing\n\n| Task | Due |\n|---|---|\n| G | as soon as possible |\n| H | 2026-03-15 |\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let cards = result.board.cards
        #expect(cards.map(\.due?.iso) == [nil, nil, nil, "2026-03-15"])
        #expect(cards.map(\.descriptionSource) == ["- Due: ASAP", "Fällig: sofort!", "", ""])
        #expect(cards[0].priority == .high)
        #expect(cards[2].extras.fields.map(\.value) == ["as soon as possible"])
        // A word that is no date and says nothing of the kind is still warned of.
        #expect(Self.board("## To Do\n\n- [ ] E\n  - Due: someday soon\n").diagnostics.count == 1)
    }

    @Test(
        "a due value is 'as soon as possible' in any case, with any ! and . after it, never when it starts with a digit",
        arguments: [
            ("ASAP", true), ("asap!", true), (" Sofort. ", true), ("A.S.A.P.", true), ("Now!!.", true),
            ("즉시", true), ("IMMÉDIATEMENT", true), ("2026-05-01", false), ("1 asap", false), ("", false),
            ("now soon", false), ("!", false),
        ])
    func asSoonAsPossibleWords(value: String, expected: Bool) {
        #expect(CardField.isAsSoonAsPossible(Substring(value)) == expected)
        #expect(CardField.reads(.due, value: Substring(value)) == !expected)
    }

    @Test("a table without a column of titles whose IDs link to each card's file: the IDs title its rows")
    func tableOfLinkedIDs() throws {
        let result = Self.board(
            "# View by priority\n\n## High\n\n| ID | 상태 | Owner | Tags |\n|----|------|-------|------|\n"
                + "| [T-10](T-10-websocket.md) | 완료 | Ana | kis,ws |\n| [T-31](T-31-risk-gates.md) | 보류 | Bo | qa |\n\n"
                + "## Low\n\n| ID | 상태 | Owner |\n|----|------|-------|\n| [T-3](T-3-readme.md) | 진행 중 | Ana |\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let cards = result.board.cards
        #expect(cards.map(\.title) == ["T-10", "T-31", "T-3"])
        #expect(cards.map(\.isChecked) == [true, false, false])
        #expect(cards.first?.assignees == ["Ana"])
        #expect(cards.first?.tags == ["kis", "ws"])
        // IDs that are no links (or links to no ID) title nothing: such a table stays the lane's text.
        for row in ["| T-10 | Ana | 8 ph |", "| [the readme](README.md) | Ana | 8 ph |"] {
            let text = "## High\n\n| ID | Owner | Cost |\n|----|-------|------|\n\(row)\n"
            #expect(Self.board(text).board.cards.isEmpty, "\(row)")
        }
        let linked = Self.board(
            "## High\n\n| ID | Owner | Cost |\n|----|-------|------|\n| [T-1](T-1.md) | Ana | 8 ph |\n")
        #expect(linked.board.cards.map(\.title) == ["T-1"])
    }

    @Test("a German board's open lanes ('Offene Tasks', 'Offene Bugs') are todo, and hold their table's rows")
    func germanOpenLanes() throws {
        let result = Self.board(
            "# Todo\n\n## Offene Tasks\n\n| ID | Task | Priorität | Fällig |\n|----|------|-----------|--------|\n"
                + "| #2 | Upgrade the postbox | Hoch | 2026-03-15 |\n| #3 | Delete the context file | Mittel | |\n\n"
                + "## In Bearbeitung\n\n| ID | Task | Agent | Seit |\n|----|------|-------|------|\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let lanes = result.board.lanes
        #expect(lanes.map(\.state) == [.todo, .doing])
        #expect(lanes.first?.stateSource == .name)
        #expect(lanes.first?.cards.map(\.title) == ["Upgrade the postbox", "Delete the context file"])
        #expect(lanes.first?.cards.first?.priority == .high)
        #expect(lanes.first?.cards.first?.due?.iso == "2026-03-15")
    }

    @Test("a property list that starts with the card's ID (the Kanban & Roadmap extension's format) is read")
    func propertiesAfterAnID() throws {
        let result = Self.board(
            "## Todo\n\n### [T-4] Parser\n\n  - id: T-4\n  - status: backlog\n  - priority: high\n  - dependsOn: [T-1]\n  - due: 2026-02-18\n"
                + "  - completed: null\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let card = try #require(result.board.cards.first)
        #expect((card.id, card.priority, card.due?.iso) == ("T-4", .high, "2026-02-18"))
        #expect(card.descriptionSource == "- status: backlog\n- dependsOn: [T-1]")
    }

    @Test("in a list card, a nested list of plain keys is text, even with a known key among them")
    func nestedPlainKeysAreText() throws {
        let card = try Self.card("- [ ] CTA\n  - Owner: \"Join\"\n  - Non-owner: \"Delegate\"\n")
        #expect(card.assignees.isEmpty)
        #expect(card.descriptionSource == "- Owner: \"Join\"\n- Non-owner: \"Delegate\"")
    }

    @Test("a nested list of three plain keys or more is a property list: its known keys are read wherever they are")
    func nestedPlainKeyList() throws {
        let card = try Self.card(
            "- [ ] Build the report\n  - Deliverable: the report\n  - Owner: Martin\n  - Completed: 2026-09-20\n"
                + "  - Scope: `docs/`\n")
        #expect(card.assignees == ["Martin"])
        #expect(card.dates.completed?.description == "2026-09-20")
        #expect(card.descriptionSource == "- Deliverable: the report\n- Scope: `docs/`")
        // Bold keys count as known ones among plain keys.
        let bold = try Self.card(
            "- [ ] Build the API\n  - Scope: the endpoints\n  - **Due**: 2026-12-01\n  - **Owner**: Ann\n")
        #expect(bold.due?.date.description == "2026-12-01")
        #expect(bold.assignees == ["Ann"])
        // Unless an item is not `Key: value` (a link, a sentence), or one key alone is known: then it is text.
        for text in [
            "- [ ] Notes\n  - Owner: Martin\n  - Due: 2026-12-01\n  - see https://example.com\n",
            "- [ ] Pipeline\n  - Input: a file\n  - Output: a page\n  - Owner: the API team decides\n",
        ] {
            #expect(try Self.card(text).assignees.isEmpty, "\(text)")
        }
    }

    @Test("task items before the first lane, or on a board without lanes, are its text, with one note")
    func tasksOutsideLanes() throws {
        let noLanes = Self.board("```tasks\nnot done\n```\n\n- [x] a 📅 2026-08-28\n- [ ] b\n- note\n")
        #expect(noLanes.board.lanes.isEmpty)
        #expect(noLanes.diagnostics.map(\.code) == ["tasks-outside-lanes"])
        #expect(noLanes.diagnostics.map(\.severity) == [.note])
        #expect(noLanes.diagnostics.first?.message.hasPrefix("2 task items are in no lane") == true)
        #expect(noLanes.diagnostics.map(\.location?.line) == [5])
        #expect(noLanes.board.descriptionSource.contains("- [ ] b"))
        // (Under a lone `# Tasks` they are a lane's cards.) Nested ones count too, and only those before the first lane.
        let before = Self.board("# 待办\n\n- 完整性:\n  - [x] 基本功能\n  - [ ] 测试\n\n## 测试\n\n- [ ] c\n")
        #expect(before.diagnostics.map(\.code) == ["tasks-outside-lanes"])
        #expect(before.diagnostics.map(\.location?.line) == [3])
        #expect(before.board.cards.map(\.title) == ["c"])
        // A task's subtasks are its own: one task item.
        let subtasks = Self.board("- [ ] a\n  - [ ] b\n  - [x] c\n\n## Todo\n\n- [ ] d\n")
        #expect(subtasks.diagnostics.first?.message.hasPrefix("a task item is in no lane") == true)
        // Plain items before the lanes (a list of links, goals) are text without a word.
        #expect(Self.board("- goal one\n- goal two\n\n## Todo\n\n- [ ] c\n").diagnostics.isEmpty)
    }

    @Test("a heading over list items that start like plain keys labels them: list cards may start with a field's name")
    func headingOverPlainKeyItems() throws {
        // Even two headings over the same keys (an edit elsewhere must not turn a group into a card).
        let result = Self.board(
            """
            ## Todo

            ### Search page

            - Search: results empty on mobile
            - Tags: filter chip misaligned
            - Due date: picker shows wrong month

            ### Settings page

            - Search: ignores case
            - Tags: cannot delete the last tag
            - Due date: off by one
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.board.cards.count == 6)
        #expect(result.board.lanes[0].groups.map(\.name) == ["Search page", "Settings page"])
        #expect(result.board.cards.allSatisfy { $0.due == nil && $0.tags.isEmpty })
        // A heading card (text under it) reads such a list as its properties.
        let card = try #require(
            Self.board(
                "## Todo\n\n### Backend\n\nThe API.\n\n- Descrição: validar\n- Responsável: Ana\n- Prioridade: Alta\n"
            )
            .board.cards.first)
        #expect((card.assignees, card.priority) == (["Ana"], .high))
    }

    @Test(
        "a heading over a checklist and then lines of fields is a card: the checklist its subtasks, the fields its own")
    func headingOverChecklistThenFields() throws {
        let result = Self.board(
            """
            ## Now

            ### Billing export
            - [x] CSV writer
            - [ ] PDF writer

            **Why:** finance asks every month.

            **Priority:** High
            **Assignee:** Mina
            **Target:** end of March

            ### 결제 알림
            - [ ] 웹훅 처리

            **우선순위:** 중간  
            **담당:** 백엔드

            ### Frontend
            - [ ] Login page
            - [ ] Settings page

            **Note:** the designer is away in May.
            """)
        // (Only the note under the group label is not shown.)
        #expect(
            result.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.code)" } == [
                "23:1 stray-content"
            ])
        let cards = result.board.cards
        #expect(cards.map(\.title) == ["Billing export", "결제 알림", "Login page", "Settings page"])
        #expect(cards.map(\.priority) == [.high, .medium, nil, nil])
        #expect(cards.map(\.assignees) == [["Mina"], ["백엔드"], [], []])
        #expect(cards[0].subtasks.map(\.isDone) == [true, false])
        #expect(cards[0].descriptionSource.hasSuffix("**Target:** end of March"))
        // Without a field pm-render reads, the heading labels its list.
        #expect(result.board.lanes[0].groups.map(\.name) == ["Frontend"])
    }

    @Test("a heading over a plain list of its details is a card: its ID or number, or most items `Key: value`")
    func headingOverItsDetails() throws {
        // A task's ID before the title (VS Code boards, GitHub Project summaries), its one item a plain key.
        let ids = Self.board(
            """
            ## To Do

            ### P12-13 Update Planner Prompt
            - Source: P12-13_UPDATE_PLANNER_PROMPT.md

            ### W1-RIDER-01 - 骑手端设计与接口契约

            - 冻结骑手最小业务流程、角色权限与订单配送状态机。
            - 定义 API、页面路由、订单字段和迁移方案。

            ## Done

            ### P11-12 Manual End-to-End Testing

            """)
        #expect(ids.diagnostics.isEmpty, "\(ids.diagnostics)")
        #expect(
            ids.board.cards.map(\.title)
                == ["P12-13 Update Planner Prompt", "W1-RIDER-01 - 骑手端设计与接口契约", "P11-12 Manual End-to-End Testing"])
        #expect(ids.board.lanes.allSatisfy { $0.groups.isEmpty })
        #expect(ids.board.cards[0].descriptionSource == "- Source: P12-13_UPDATE_PLANNER_PROMPT.md")
        // A number before the title, over fields in Portuguese (known keys read), or over what the task made.
        let numbered = Self.board(
            """
            ## Dia 1

            ### 1. Finalizar backend e banco MySQL

            - Descrição: validar migration e endpoints `GET`, `POST`.
            - Responsável: Felipe Vidal
            - Prioridade: Alta
            - Aceite: Swagger funciona.

            ### 2. DI 컨테이너 구현체 분리
            - **Jinobald.Ioc.Microsoft**
              - 기본 DI 구현체
            """)
        #expect(numbered.board.cards.map(\.title) == ["1. Finalizar backend e banco MySQL", "2. DI 컨테이너 구현체 분리"])
        let first = try #require(numbered.board.cards.first)
        #expect((first.assignees, first.priority) == (["Felipe Vidal"], .high))
        #expect(first.descriptionSource.hasPrefix("- Descrição: validar migration"))
        // Two plain keys or more, most of the items, make the details of a heading without an ID; and then the board's
        // other headings over plain lists that do not tell (one key of four) are tasks over their details too.
        let keys = Self.board(
            """
            ## ✅ HECHO

            ### [Infra] Estructura inicial del repositorio
            - Rama: `chore/estructura-repositorio` → mergeada a develop
            - Carpetas por servicio: backend, frontend, training
            - .gitignore, .env.example, docker-compose.yml

            ## 📋 POR HACER

            ### [Infra] Docker + SQLAlchemy — PR #24
            - Rama: `9-feature-database-setup`
            - connection.py, init_db.py, database_models.py
            - docker-compose.yml con PostgreSQL 15-alpine
            - psycopg2-binary instalado con uv
            - **Nota:** IsaRodAm lo tiene en su PR
            """)
        #expect(
            keys.board.cards.map(\.title)
                == ["[Infra] Estructura inicial del repositorio", "[Infra] Docker + SQLAlchemy — PR #24"])
        #expect(keys.board.lanes.allSatisfy { $0.groups.isEmpty })
    }

    @Test(
        "a heading over plain items that are tasks labels them: marked items, bold titles, a state's name, no details")
    func headingOverPlainTasks() throws {
        // Items marked as tasks of their own (a status symbol, a badge, struck through), or with bold titles, are
        // cards under a label even under a numbered heading, or on a board whose other headings are tasks over details.
        let result = Self.board(
            """
            ## Todo

            ### P12-13 Update Planner Prompt
            - Source: P12-13_UPDATE_PLANNER_PROMPT.md

            ### Frontend
            - Login page
            - Signup page

            ## Doing

            ### 已完成
            - ✅ 專案骨架 + venv + git init
            - ✅ 測試：**35 passed**

            ### 1. 準備と設計
            - <Badge type="tip" text="DONE" /> **プロジェクトの初期化**
            - ~~Old plan~~

            ### Immediate (This Week)
            1. **Run full test suite**: `cargo test` to verify what passes
            2. **Verify build**: `cargo check` with a longer timeout

            ### Done 2019-11-9
            * [Main] Titlebar Drag Move Window
            * [Editor] Show Grid in background

            ### 2. Setup
            - [ ] Install node
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.board.lanes[0].groups.isEmpty)
        #expect(result.board.lanes[0].cards.map(\.title) == ["P12-13 Update Planner Prompt", "Frontend"])
        #expect(
            result.board.lanes[1].groups.map(\.name)
                == ["已完成", "1. 準備と設計", "Immediate (This Week)", "Done 2019-11-9", "2. Setup"])
        #expect(result.board.lanes[1].cards.count == 9)
        // Without a heading over details on the board, a plain list under a heading is a group's cards.
        let groups = Self.board("## Todo\n\n### Frontend\n- Login page\n- Search: add a box\n\n### Backend\n- API\n")
        #expect(groups.board.lanes[0].groups.map(\.name) == ["Frontend", "Backend"])
        #expect(groups.board.cards.count == 3)
        // Dates' keys over words are cards' titles (`### Search page` above), and so are keys in a sentence.
        let sentences = Self.board(
            "## Todo\n\n### 比賽當天\n- 真資料接入：改 `schema`\n- Bedrock：`provider`\n- 水下報告 PDF 解析器\n"
                + "- TabDDPM 擴增（P2：先看真資料）\n- Docker build\n")
        #expect(sentences.board.lanes[0].groups.map(\.name) == ["比賽當天"])
    }

    @Test(
        "a field that only holds its place says nothing, and is no warning",
        arguments: [
            "—", "-", "TBD", "n/a", "None", "?", "...", "미정", "未定", "null", "~",
            // A date's format where the date is to go, as a template writes it.
            "YYYY-MM-DD", "[YYYY-MM-DD]", "AAAA-MM-DD", "TT.MM.JJJJ",
        ])
    func placeholderFields(value: String) throws {
        let text =
            "## Todo\n\n### Card\n- **Assignee:** \(value)\n- **Due:** \(value)\n- Tags: \(value)\n- Priority: high\n\n## Done\n"
        let parsed = TestSupport.parse(text)
        let card = try #require(parsed.board.cards.first)
        #expect((card.assignees, card.due, card.tags, card.priority) == ([], nil, [], .high))
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        // Short words are values (a region, a name), and so is a list holding a placeholder word.
        let values = try #require(
            TestSupport.parse("## Todo\n\n### Card\nTags: NA, none\nAssignee: Nil\n\n## Done\n").board.cards.first)
        #expect((values.tags, values.assignees) == (["NA", "none"], ["Nil"]))
        // A word is a value: `Due: soon` is a deadline that cannot be read.
        #expect(!TestSupport.parse("## Todo\n\n### Card\n- Due: soon\n\n## Done\n").diagnostics.isEmpty)
    }

    @Test(
        "field keys and priorities in other languages; a date written as a token; a priority not understood stays text",
        arguments: [
            ("**Prioritaet:** HOCH\nVerantwortlich: Jan", Priority?.some(.high), ["Jan"], "", nil as String?),
            ("**目标日期**: 2025-09-30\n优先级: 低", .low, [], "", "2025-09-30"),
            ("- **Öncelik:** Yüksek\n- **Etiket:** `core`, `ui`\n- **Sorumlu:** Ali", .high, ["Ali"], "", nil),
            ("Due: @{2026-05-10}\nResponsable: Ana", nil, ["Ana"], "", "2026-05-10"),
            ("Deadline: 📅 2026-05-10\nPriority: whenever", nil, [], "Priority: whenever", "2026-05-10"),
            ("Due: @{2026-05-10} @@{14:00}", nil, [], "", "2026-05-10"), ("Due: 📅 TBD\nDue: @{}", nil, [], "", nil),
            // `Prio`, and keys that say whom a card is assigned to (`Assigné à`, as a table's column is named too).
            ("Prio: P1\nAssigné à: Léa", .high, ["Léa"], "", nil),
            ("Assigned to: Ann\nAsignado a: Bo", nil, ["Ann", "Bo"], "", nil),
            ("Zugewiesen an: Jan\nAtribuído a: Rui", nil, ["Jan", "Rui"], "", nil),
        ])
    func localizedFields(
        lines: String, priority: Priority?, assignees: [String], description: String, due: String?
    ) throws {
        let indented = lines.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        let result = Self.board("## Todo\n\n- [ ] Card\n\(indented)\n")
        let card = try #require(result.board.cards.first)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(card.priority == priority)
        #expect(card.assignees == assignees)
        #expect(card.descriptionSource == description)
        #expect(card.due.map { "\($0.date)" } == due)
        if lines.contains("Etiket") { #expect(card.tags == ["core", "ui"]) }
    }

    @Test("a full stop after a field's value ends its sentence: the value is read without it")
    func fieldValueFullStop() throws {
        let result = Self.board(
            "## Blocked Work\n\n- Smoke-test the coordinator.\n  - Owner: Priya Shah.\n  - Due: 2026-07-09.\n"
                + "  - Priority: High.\n  - Tags: infra, qa.\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let card = try #require(result.board.cards.first)
        #expect(card.title == "Smoke-test the coordinator.")
        #expect(card.assignees == ["Priya Shah"])
        #expect(card.due?.iso == "2026-07-09")
        #expect(card.priority == .high)
        #expect(card.tags == ["infra", "qa"])
        #expect(card.descriptionSource.isEmpty)
        // An ellipsis stays, and is no date.
        #expect(Self.board("## Todo\n\n- a\n  - Due: 2026-07-09...\n").board.cards.first?.due == nil)
    }

    @Test("fields joined on one line by | are read; the line stays unless every key is known")
    func joinedFields() throws {
        let card = try Self.card(
            """
            ### TASK-001 | Create types

            **Priority**: High | **Category**: Frontend | **Assigned**: @ann
            **Created**: 2025-11-29 | **Due**: 2025-12-01
            Notes | more: text
            """)
        #expect(card.priority == .high)
        #expect(card.assignees == ["ann"])
        #expect(card.due?.date == CalendarDate(year: 2025, month: 12, day: 1))
        #expect(card.dates.created == CalendarDate(year: 2025, month: 11, day: 29))
        #expect(
            card.descriptionSource
                == "**Priority**: High | **Category**: Frontend | **Assigned**: @ann\nNotes | more: text")
        // A middle dot or a bullet joins them too.
        let dotted = try Self.card("- [ ] Voice fix\n  **Priority:** P0 · **Points:** 3 · **Assignee:** DEV")
        #expect((dotted.priority, dotted.assignees) == (.highest, ["DEV"]))
        let bulleted = try Self.card("- [ ] Voice fix\n  **Priority:** high • **Assignee:** Ana")
        #expect((bulleted.priority, bulleted.assignees) == (.high, ["Ana"]))
        #expect(try Self.card("- [ ] Voice fix\n  Ship it · then rest").assignees.isEmpty)
        // Plain keys too: the first is not read as one field holding the others.
        let plain = try Self.card("- [ ] Voice fix\n  Priority: P0 · Sprint: 3 · Assignee: DEV")
        #expect((plain.priority, plain.assignees) == (.highest, ["DEV"]))
        #expect(plain.descriptionSource == "Priority: P0 · Sprint: 3 · Assignee: DEV")
        let known = try Self.card("- [ ] Voice fix\n  Owner: ann • Priority: high")
        #expect((known.priority, known.assignees, known.descriptionSource) == (.high, ["ann"], ""))
    }

    @Test(
        "comments: an HTML comment or anchor after a lane's cards is not stray content (other HTML is); a %% comment ends"
    )
    func comments() {
        let quiet = Self.board(
            "## TODO\n\n- [ ] a\n\n<!-- note -->\n\n<!-- a\nb --> <!-- c -->\n\n<a name=\"done\"></a>\n")
        #expect(quiet.diagnostics.isEmpty)
        #expect(quiet.board.lanes[0].cards.map(\.title) == ["a"])
        let loud = Self.board("## TODO\n\n- [ ] a\n\n<!-- note --> <div>shown</div>\n")
        #expect(loud.diagnostics.map(\.code) == ["stray-content"])
        // A `%%` comment holding a card ends at its closing `%%`, though that line runs on in the card's paragraph.
        let hidden = Self.board("## Todo\n\n- [ ] a\n\n%%\n- [ ] Hidden\n%%\n\n- [ ] b\n\n## Done\n\n- [x] c\n")
        #expect(hidden.board.lanes.map(\.name) == ["Todo", "Done"])
        #expect(hidden.board.cards.map(\.title) == ["a", "b", "c"])
    }

    @Test(
        "tag fields: quotes around a tag are dropped, never one of its letters",
        arguments: [
            ("### a\nTags: \"bug\", 'ios'", ["bug", "ios"]),
            ("### a\nTags: [\"bug\", \"ios\"]", ["bug", "ios"]),
            ("### a\nTags: \"urgent, ios", ["urgent", "ios"]),
            ("### a\nTags: urgent\", ios'", ["urgent", "ios"]),
            ("- [ ] a\n  - tags: [\"x\", y\"]", ["x", "y"]),
        ])
    func quotedTags(text: String, tags: [String]) throws {
        #expect(try Self.card(text).tags == tags)
    }

    @Test("a card that is only tags keeps them as its title, unless a heading under them names it")
    func tagOnly() throws {
        let card = try Self.card("- [ ] #idea #later")
        #expect(card.title == "#idea #later")
        #expect(card.tags == ["idea", "later"])
        let named = try Self.card("- [ ] #bug #mobile\n\t# Mobile *Bug*\n\tDraw pile. @{2026-06-08}")
        #expect(named.title == "Mobile Bug")
        #expect(named.id == "mobile-bug")
        #expect(named.titleMarkup.nodes.contains { $0.kind == .emphasis })
        #expect(named.tags == ["bug", "mobile"])
        #expect(named.due?.iso == "2026-06-08")
        #expect(PlainText.markdown(named.description) == "Draw pile.")
        #expect(named.descriptionSource == "Draw pile. @{2026-06-08}")
        // The heading's own metadata is read as a title's; a heading not on the next line is description.
        let tokens = try Self.card("- [ ] #bug\n  # Fix #ui @{2026-01-05} ^fx\n  Body")
        #expect((tokens.title, tokens.tags, tokens.due?.iso, tokens.id) == ("Fix", ["bug", "ui"], "2026-01-05", "fx"))
        #expect(try Self.card("- [ ] #b\n\n  # After a blank line\n  body").title == "#b")
        #expect(try Self.card("- [ ] #x\n      # indented code").title == "#x")
        #expect(try Self.card("- [ ] ^id\n  # Id heading").title == "Id heading")
    }

    @Test(
        "a description's lines are parted as they were: <br> is a line break, <br><br> a new paragraph",
        arguments: [
            ("- [ ] T<br>one<br>two", [Markdown.Kind.paragraph, .text, .lineBreak, .text]),
            ("- [ ] T<br/>one\n  two", [.paragraph, .text, .softBreak, .text]),
            ("- [ ] T<br>one<br><br>two", [.paragraph, .text, .paragraph, .text]),
            ("- [ ] T<br>one<br> <br>two", [.paragraph, .text, .paragraph, .text]),
            ("- [ ] T<br>one<br>@{2026-01-01}<br>two", [.paragraph, .text, .lineBreak, .text]),
            ("- [ ] T<br><br>one", [.paragraph, .text]),
            ("- [ ] T\n  one  \n  two", [.paragraph, .text, .lineBreak, .text]),
        ])
    func descriptionBreaks(text: String, kinds: [Markdown.Kind]) throws {
        let card = try Self.card(text)
        #expect(card.title == "T")
        #expect(card.description.nodes.map(\.kind) == kinds)
    }

    @Test("a property list is read when it starts with a property; its other items stay in the description")
    func propertyLists() throws {
        for text in [
            "### Card\n\n  - due: 2026-12-01\n  - tags: [UI, Host Discovery]\n  - A note.\n  - priority: high\n",
            "- Card\n  - due: 2026-12-01\n  - tags: [UI, Host Discovery]\n  - A note.\n  - priority: high\n",
        ] {
            let card = try Self.card(text)
            #expect(card.title == "Card")
            #expect(card.due?.iso == "2026-12-01")
            #expect(card.tags == ["UI", "Host Discovery"])
            #expect(card.priority == .high)
            #expect(card.descriptionSource == "- A note.")
        }
        // A list that does not start with a property is a list in the description; so is one that starts with a
        // `Key:` that VS Code does not write, among other items.
        let plain = try Self.card("- Card\n  - A note.\n  - due: 2026-12-01\n")
        #expect(plain.due == nil)
        #expect(PlainText.markdown(plain.description) == "- A note.\n- due: 2026-12-01")
        for prose in ["Status: vendor replied", "Owner: Ann (Bob in May)", "Tags: words about labels"] {
            let card = try Self.card("- Card\n  - \(prose)\n  - [ ] follow up\n")
            #expect(PlainText.markdown(card.description) == "- \(prose)\n- [ ] follow up")
            #expect(card.tags.isEmpty && card.assignees.isEmpty)
        }
        // A line of a key VS Code hides is text where VS Code did not write it.
        let status = try Self.card("- [ ] Card\n  **Status:** pending\n  Workload: high\n")
        #expect(PlainText.markdown(status.description) == "Status: pending\nWorkload: high")
        #expect(try Self.card("### Card\n\n- workload: Hard\n- due: 2026-01-01\n").description.nodes.isEmpty)
        // Outside VS Code's brackets, spaces part tags too.
        #expect(try Self.card("- Card\n  Tags: #a #b").tags == ["a", "b"])
        #expect(try Self.card("- Card\n  Tags: #bug #ios, #android").tags == ["bug", "ios", "android"])
        #expect(
            try Self.card("### Card\n\n  - tags: [Host Discovery]\n  - due: 2026-01-01\n").tags == ["Host Discovery"])
    }

    @Test("the description's source keeps what is not metadata")
    func descriptionSource() throws {
        let card = try Self.card("- [ ] a #x\n  Tags: y\n  Line one.\n  @{2026-01-01}\n\n  Line two.")
        #expect(card.descriptionSource == "Line one.\n\nLine two.")
        #expect(card.tags == ["x", "y"])
    }

    @Test(
        "the description's source, as boards write it",
        arguments: [
            // Obsidian: the description on the title's line, after a `<br>`.
            ("- [ ] Speed up <br>1. Add rules<br>2. Metadata", "1. Add rules<br>2. Metadata"),
            ("- [ ] a<br/>b\n  c", "b\nc"),
            // A line cut by `<br>` into text and metadata keeps its text.
            ("- [ ] a\n  Some text<br>@{2026-01-01}", "Some text<br>@{2026-01-01}"),
            ("- [ ] a<br>@{2026-01-01}", ""),
            ("- [ ] a<br><br/>b<br><br>c", "b<br><br>c"),
            // Indented with tabs as with spaces.
            ("- [ ] Monday\n\n\t\tEnglish\n\t\tMath. Analysis", "English\nMath. Analysis"),
            ("- [ ] a\n\t\tone\n\t\t\ttwo", "one\n\ttwo"),
            ("- [ ] a\n    one\n      two", "one\n  two"),
            // VS Code Markdown Kanban: the ```md block's content, without its fence.
            (
                "- a\n  - due: 2026-07-08\n  - tags: [x]\n    ```md\n    Add **scripts**.\n\n    - dev\n    ```",
                "Add **scripts**.\n\n- dev"
            ),
            // Steps and the ```md block: the steps' list keeps its shape, a blank line where the fence was.
            (
                "### a\n\n  - steps:\n      - [ ] one\n      - [ ] two\n    ```md\n    Text\n    ```",
                "  - [ ] one\n  - [ ] two\n\nText"
            ),
        ])
    func descriptionSources(text: String, source: String) throws {
        #expect(try Self.card(text).descriptionSource == source)
    }

    @Test(
        "TaskPaper dates: due, done, started",
        arguments: [
            ("- [x] a @completed(2026-04-07)", "completed", "2026-04-07"),
            ("- [x] a @done(2026-04-07 14:30)", "completed", "2026-04-07"),
            ("- [ ] a @started(2026-04-01)", "start", "2026-04-01"),
            ("- [ ] a @start(2026-04-01) #x", "start", "2026-04-01"),
        ])
    func taskPaperDates(text: String, kind: String, date: String) throws {
        let card = try Self.card(text)
        #expect(card.title == "a")
        #expect((kind == "completed" ? card.dates.completed : card.dates.start)?.description == date)
    }

    @Test("TaskPaper tags that are not dates stay text")
    func taskPaperOtherTags() throws {
        #expect(try Self.card("- [ ] call @mention(bob) today").title == "call @mention(bob) today")
        #expect(try Self.card("- [ ] a @done").title == "a @done")
        let prose = "- [ ] Ask @start(Anna) about the @created(by Bob) report, see @done(yesterday) @deadline(Friday)"
        #expect(try Self.card(prose).title == String(prose.dropFirst(6)))
        #expect(Self.board("## TODO\n\n" + prose).diagnostics.isEmpty)
    }

    @Test("a card that mentions the settings block's first line keeps its text and the cards after it")
    func settingsLineInACard() throws {
        let mention = Self.board(
            "## Todo\n\n- [ ] Document the board\n  %% kanban:settings starts the block\n- [ ] Second\n")
        #expect(mention.board.cards.map(\.title) == ["Document the board", "Second"])
        #expect(mention.board.cards.first?.descriptionSource == "%% kanban:settings starts the block")
        let fenced = Self.board(
            "## Todo\n\n- [ ] Explain\n  Paste:\n  ```\n  %% kanban:settings\n  {}\n  ```\n  Then reload.\n- [ ] Next\n"
        )
        #expect(fenced.board.cards.map(\.title) == ["Explain", "Next"])
        #expect(fenced.board.cards.first?.descriptionSource == "Paste:\n```\n%% kanban:settings\n{}\n```\nThen reload.")
    }

    @Test(
        "headings each over a table of cards alone label the tables' rows, the lane's cards",
        arguments: [
            // A lane named for a state, and one that is not (a column named for titles either way); a table's
            // status column checks its rows, and a lone row that says the group is empty is no card.
            ("## Icebox", [("Security", "F-1", false), ("Security", "F-2", false), ("Core", "F-3", false)]),
            ("## Current items", [("Security", "F-1", false), ("Security", "F-2", false), ("Core", "F-3", false)]),
        ])
    func headingsOverTables(lane: String, expected: [(String, String, Bool)]) throws {
        let result = Self.board(
            lane + "\n\n### Security\n\n| ID | Task | Notes |\n|---|---|---|\n| F-1 | Add a scanner | prompts |\n"
                + "| F-2 | Harden the build | flags |\n\n### Core\n\n| ID | Task | Status |\n|---|---|---|\n"
                + "| F-3 | Multi-file support | Todo |\n\n### Later\n\n| ID | Task | Status |\n|---|---|---|\n"
                + "| — | Nothing yet | — |\n\n## Done\n\n- [x] Kickoff\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let board = result.board
        let cards = board.lanes[0].cards
        #expect(cards.map { ($0.group ?? "", $0.id, $0.isChecked) }.elementsEqual(expected) { $0 == $1 })
        #expect(cards.map(\.title) == ["Add a scanner", "Harden the build", "Multi-file support"])
        #expect(cards.map(\.style) == [.tableRow, .tableRow, .tableRow])
        #expect(cards.first?.location == SourceLocation(line: 7, column: 3))
        #expect(cards.first?.descriptionSource == "prompts")
        #expect(board.lanes[0].isTable)
        #expect(board.lanes[0].groups.map(\.name) == ["Security", "Core", "Later"])
        // A heading over text among them, or a table without a column of titles, keeps every heading a card.
        for other in ["### Phase 1\n\nAll done.\n", "### Gates\n\n| ID | Domain |\n|---|---|\n| F-10 | Games |\n"] {
            let mixed = Self.board(
                "## Backlog\n\n" + other + "\n### Security\n\n| ID | Task |\n|---|---|\n| F-1 | Add a scanner |\n")
            #expect(mixed.board.cards.map(\.title) == [String(other.dropFirst(4).prefix { $0 != "\n" }), "Security"])
        }
    }

    @Test(
        "a column named for cards titles a table's rows, and its status column checks them",
        arguments: ["Tarjeta", "Tarjetas", "Cartão", "Карточка", "卡片", "カード", "카드"])
    func cardColumns(name: String) throws {
        let result = Self.board(
            "## Backlog\n\n- [ ] a\n\n## Board\n\n| ID | \(name) | Estado |\n|---|---|---|\n| HU-01 | Register | Hecho |\n"
                + "| HU-02 | Compute | En curso |\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let cards = result.board.lanes[1].cards
        #expect(cards.map(\.title) == ["Register", "Compute"])
        #expect(cards.map(\.id) == ["HU-01", "HU-02"])
        #expect(cards.map(\.isChecked) == [true, false])
    }

    @Test(
        "a start, created or completed date without a digit is text, as written, not a date warned of",
        arguments: [
            // A heading card's list of bold keys (`**Completed**: …`). (Under `### Status legend` before the lane's
            // cards, such a list is the lane's text: ParserTests.)
            (
                "### Release states\n- **Pending**: not started yet\n- **Completed**: finished and tested\n",
                "finished and tested"
            ),
            // A field line in a list card, and fields joined on a line.
            ("- [ ] Ship it\n  Completed: when QA signs off\n", "Completed: when QA signs off"),
            ("- [ ] Ship it\n  **Priority**: High | **Started**: last week\n", "**Started**: last week"),
            // A property list under a heading card.
            ("### Ship it\nThe release.\n\n- **Owner:** Ann\n- **Created:** yesterday\n", "**Created:** yesterday"),
        ])
    func undatedDateFields(body: String, kept: String) throws {
        let result = Self.board("## Todo\n\n" + body)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let card = try #require(result.board.cards.first)
        #expect(card.dates.completed == nil && card.dates.start == nil && card.dates.created == nil)
        #expect(card.descriptionSource.contains(kept), "\(card.descriptionSource)")
    }

    @Test("a start, created or completed date with a digit is read, and one that is no date is warned of where written")
    func datedDateFields() throws {
        let dated = Self.board("## Todo\n\n- [ ] Ship it\n  Completed: 2026-13-45\n")
        #expect(dated.diagnostics.map(\.code) == ["invalid-date"])
        #expect(dated.diagnostics.first?.location == SourceLocation(line: 4, column: 3))
        let read = Self.board("## Todo\n\n- [ ] Ship it\n  Completed: 2026-05-01\n")
        #expect(read.board.cards.first?.dates.completed?.description == "2026-05-01")
        #expect(read.board.cards.first?.descriptionSource == "")
    }
}
