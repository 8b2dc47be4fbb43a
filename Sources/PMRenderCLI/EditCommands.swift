import ArgumentParser
import Foundation
import PMRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Options every editing command shares.
struct EditOptions: ParsableArguments {
    @Flag(help: "Print the change as a unified diff and write nothing.")
    var dryRun = false

    @Flag(help: "Do it even when the board's rules (transitions, WIP limits, new-cards) or its errors forbid it.")
    var force = false

    @Option(help: "Output: text (a summary line) or json (the resulting card, as in 'export --format json').")
    var format: TextOrJSON = .text

    @OptionGroup var clock: ClockOptions

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    /// `--today`/`--now` when given (nil: the library takes the current time in the board's time zone).
    func givenClock() throws -> DeadlineClock? {
        guard clock.today != nil || clock.now != nil else { return nil }
        return try clock.resolve(timezone: "UTC")
    }
}

/// The board and the card an editing command works on.
struct CardTarget: ParsableArguments {
    @OptionGroup var file: BoardFileArgument

    @Argument(help: "The card: its ID, its title, or the start of either.")
    var card: String

    var board: String { file.path }
}

/// The card and the options of an editing command that needs nothing else (`done`, `rm`, `archive`).
struct CardEditArguments: ParsableArguments {
    @OptionGroup var target: CardTarget

    @OptionGroup var options: EditOptions
}

/// An editing command that does one thing to one card: its `action` says what.
protocol CardCommand: ParsableCommand {
    var arguments: CardEditArguments { get }

    /// What the command does to the card `card` names.
    static func action(card: String) -> EditRequest.Action
}

extension CardCommand {
    func run() throws {
        let target = arguments.target
        try EditRunner.run(board: target.board, Self.action(card: target.card), options: arguments.options)
    }
}

/// Runs an edit: plan it, print the diff (`--dry-run`) or write the board, and report.
enum EditRunner {
    static func run(board path: String, _ action: EditRequest.Action, options: EditOptions, top: Bool = false) throws {
        var request = EditRequest(action)
        request.force = options.force
        request.top = top
        request.clock = try options.givenClock()
        let format = options.diagnosticOptions.diagnostics
        let bytes: [UInt8]
        do {
            try BoardFileWriter.checkEditable(path, writing: !options.dryRun)
        } catch {
            Output.diagnostics(error.diagnostics, format: format)
            throw ExitCode(error.exitStatus)
        }
        do {
            bytes = try BoardLoader.readBytes(path: path)
        } catch {
            throw Output.usageFailure(error.description)
        }
        do {
            let plan = try BoardEditor.plan(request, bytes: bytes, file: path)
            var summary = plan.summary
            if options.dryRun {
                Output.diagnostics(plan.diagnostics, format: format)
                let diff = plan.diff(path: path)
                if options.format == .json {
                    Output.out(BoardJSON.encode(card: plan.card))
                    if !diff.isEmpty { Output.error(diff) }
                } else {
                    Output.out(diff)
                }
                Output.error("\(DiagnosticPrinter.sanitized(summary)) (dry run: nothing written)")
                return
            }
            if plan.changesFile {
                try BoardFileWriter.replace(
                    path, original: plan.original, with: plan.result, beforeReplacing: testGate())
                if plan.card.location.line > 0, !isRemoval(action) {
                    summary += " (\(path):\(plan.card.location.line))"
                }
            }
            // Said once the edit is written (what it did: a line it took the place of, a style later edits write).
            Output.diagnostics(plan.diagnostics, format: format)
            if options.format == .json {
                Output.out(BoardJSON.encode(card: plan.card))
            } else {
                Output.out(DiagnosticPrinter.sanitized(summary) + "\n")
            }
        } catch {
            Output.diagnostics(error.diagnostics, format: format)
            throw ExitCode(error.exitStatus)
        }
    }

    private static func isRemoval(_ action: EditRequest.Action) -> Bool {
        if case .remove = action { return true }
        return false
    }

    /// A test hook: with `PM_RENDER_TEST_EDIT_GATE` naming a FIFO, the write stops half-way until the test has opened
    /// the FIFO, done what it wants to the board, and closed it.
    private static func testGate() -> (() -> Void)? {
        guard let gate = ProcessInfo.processInfo.environment["PM_RENDER_TEST_EDIT_GATE"], !gate.isEmpty else {
            return nil
        }
        return {
            let descriptor = open(gate, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(descriptor, &buffer, buffer.count) > 0 {}
            close(descriptor)
        }
    }
}

/// `pm-render add BOARD TITLE`
struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a card, in the board's own style (to the first lane new cards may start in, or --lane).")

    @OptionGroup var board: BoardFileArgument

    @Argument(help: "The card's title.")
    var title: String

    @Option(help: "The lane (its name, a state such as TODO, or the start of its name).")
    var lane: String?

    @OptionGroup var fields: CardFieldOptions

    @Option(help: ArgumentHelp("The description (Markdown); '-' reads it from standard input.", valueName: "text"))
    var description: String?

    @Flag(help: "Put the card at the top of its lane.")
    var top = false

    @OptionGroup var options: EditOptions

    func run() throws {
        var card = NewCard(title: title)
        card.due = try fields.deadline(board: board.path)
        card.tags = fields.tag
        card.assignees = fields.assignee
        card.description = description
        if description == "-" {
            // (Bytes that are not UTF-8 would be written as U+FFFD, the text changed unseen.)
            guard
                let text = String(validating: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            else { throw Output.usageFailure("invalid description: standard input is not UTF-8 text") }
            card.description = text
        }
        try EditRunner.run(board: board.path, .add(card, lane: lane), options: options, top: top)
    }
}

/// `pm-render move BOARD CARD LANE`
struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a card to another lane, as the board's transitions and WIP limits allow.")

    @OptionGroup var target: CardTarget

    @Argument(help: "The lane: its name, a state (TODO, DOING, DONE), or the start of its name.")
    var lane: String

    @Flag(help: "Put the card at the top of the lane.")
    var top = false

    @OptionGroup var options: EditOptions

    func run() throws {
        try EditRunner.run(board: target.board, .move(card: target.card, lane: lane), options: options, top: top)
    }
}

/// `pm-render done BOARD CARD`
struct Done: CardCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract:
            "Move a card to the first done lane, checking its task box (and stamping ✅ DATE where the board does).")

    @OptionGroup var arguments: CardEditArguments

    static func action(card: String) -> EditRequest.Action { .done(card: card) }
}

/// `pm-render edit BOARD CARD`
struct EditCard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a card's title, deadline, tags or assignees in place.")

    @OptionGroup var target: CardTarget

    @Option(help: "The new title.")
    var title: String?

    @OptionGroup var fields: CardFieldOptions

    @Flag(help: "Remove the deadline.")
    var noDue = false

    @Option(help: ArgumentHelp("Remove a tag (repeatable).", valueName: "tag"), transform: CardFieldOptions.tagName)
    var untag: [String] = []

    @Option(
        help: ArgumentHelp("Remove an assignee (repeatable).", valueName: "name"), transform: CardFieldOptions.trimmed)
    var unassign: [String] = []

    @OptionGroup var options: EditOptions

    func validate() throws {
        if fields.due != nil, noDue { throw ValidationError("--due and --no-due cannot be used together") }
        if title == nil, fields.due == nil, !noDue, fields.tag.isEmpty, untag.isEmpty, fields.assignee.isEmpty,
            unassign.isEmpty
        {
            throw ValidationError(
                "nothing to change: give --title, --due, --no-due, --tag, --untag, --assignee or --unassign")
        }
    }

    func run() throws {
        var changes = CardChanges(title: title)
        changes.addTags = fields.tag
        changes.removeTags = untag
        changes.addAssignees = fields.assignee
        changes.removeAssignees = unassign
        if let due = try fields.deadline(board: target.board) { changes.due = .some(due) }
        if noDue { changes.due = .some(nil) }
        try EditRunner.run(board: target.board, .edit(card: target.card, changes), options: options)
    }
}

/// `pm-render rm BOARD CARD`
struct Remove: CardCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a card (its lines, description and subtasks) from the board.")

    @OptionGroup var arguments: CardEditArguments

    static func action(card: String) -> EditRequest.Action { .remove(card: card) }
}

/// `pm-render archive BOARD CARD`
struct Archive: CardCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Move a card into the board's archive (Obsidian's '***' + '## Archive', made when missing).")

    @OptionGroup var arguments: CardEditArguments

    static func action(card: String) -> EditRequest.Action { .archive(card: card) }
}

/// The fields `add` gives a new card and `edit` adds to a card: its deadline, tags and assignees.
struct CardFieldOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The deadline.", valueName: "YYYY-MM-DD[ HH:MM]"))
    var due: String?

    @Option(help: ArgumentHelp("Add a tag (repeatable).", valueName: "tag"), transform: tagName)
    var tag: [String] = []

    @Option(help: ArgumentHelp("Add an assignee (repeatable).", valueName: "name"), transform: trimmed)
    var assignee: [String] = []

    /// A tag or a name as given, without the spaces around it (as a title is taken).
    static func trimmed(_ value: String) -> String {
        value.trimmingCharacters(in: .whitespaces)
    }

    /// A tag as given, trimmed, without one `#` before it (`--tag '#ui'`, as Obsidian users write a tag).
    static func tagName(_ value: String) -> String {
        let tag = trimmed(value)
        return tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
    }

    /// `--due` read: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM` (or `T` between them); anything else is reported against
    /// `board` (exit 2).
    func deadline(board: String) throws -> Deadline? {
        guard let due else { return nil }
        guard let deadline = Deadline(text: Substring(due)) else {
            Output.diagnostics([
                Diagnostic(
                    .invalidEditValue(option: "--due", value: due, expected: "YYYY-MM-DD or 'YYYY-MM-DD HH:MM'"),
                    file: board, at: nil)
            ])
            throw ExitCode(2)
        }
        return deadline
    }
}
