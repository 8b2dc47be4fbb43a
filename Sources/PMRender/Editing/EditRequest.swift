/// What an editing command asks for.
public struct EditRequest: Sendable {
    public enum Action: Sendable {
        /// A new card, in `lane` (nil: the first lane new cards may start in).
        case add(NewCard, lane: String?)
        /// Moves the card `card` names to `lane` (a lane's name, a state, or the start of a lane's name).
        case move(card: String, lane: String)
        /// Moves the card to the first done lane.
        case done(card: String)
        case edit(card: String, CardChanges)
        case remove(card: String)
        /// Moves the card into the archive (Obsidian's `***` + `## Archive`), making one when the board has none.
        case archive(card: String)
    }

    public var action: Action
    /// Do what the board's rules (transitions, WIP limits, new-cards) or its errors forbid, with a warning.
    public var force = false
    /// Put a new or moved card at the top of its lane rather than the bottom.
    public var top = false
    /// "Now" for completion stamps (`✅ 2026-11-23`) and Obsidian's archive dates; nil: the current time in the
    /// board's time zone.
    public var clock: DeadlineClock?
}

extension CardChanges {
    /// A new title (nil: leave it) and nothing else, until set.
    public init(title: String?) {
        self.init(title: title, due: nil)
    }
}

extension EditRequest {
    /// A request for `action`, the board's rules obeyed, a card put at the bottom of its lane, stamped now.
    public init(_ action: Action) {
        self.init(action: action)
    }
}

/// A card `add` writes.
public struct NewCard: Sendable {
    public var title: String
    public var due: Deadline?
    public var tags: [String] = []
    public var assignees: [String] = []
    /// Markdown, lines separated by `\n`.
    public var description: String?
}

extension NewCard {
    /// A card with this title and nothing else, until set.
    public init(title: String) {
        self.init(title: title, due: nil)
    }
}

/// What `edit` changes on a card; nil and empty mean "leave it".
public struct CardChanges: Sendable {
    public var title: String?
    /// `.some(nil)` removes the deadline.
    public var due: Deadline?? = nil
    public var addTags: [String] = []
    public var removeTags: [String] = []
    public var addAssignees: [String] = []
    public var removeAssignees: [String] = []

    public var isEmpty: Bool {
        title == nil && due == nil && addTags.isEmpty && removeTags.isEmpty && addAssignees.isEmpty
            && removeAssignees.isEmpty
    }
}

/// The outcome of an edit, before anything is written: the new file's bytes, the card as it reads afterwards, and
/// what to tell the user.
public struct EditPlan: Sendable {
    /// The bytes the board file had.
    public var original: [UInt8]
    /// The bytes it gets (equal to `original` when nothing changes).
    public var result: [UInt8]
    /// The card as it reads in the result (for `rm`, as it read before).
    public var card: Card
    /// One line saying what was done (`Moved 'Fix login' from TODO to DOING`), in the board's language.
    public var summary: String
    /// Warnings (rules overridden with `--force`) and notes (cards renumbered).
    public var diagnostics: [Diagnostic]

    public var changesFile: Bool { original != result }

    /// The change as a unified diff (empty when nothing changes).
    public func diff(path: String) -> String {
        UnifiedDiff.text(old: EditableText(original), new: EditableText(result), path: path)
    }
}
