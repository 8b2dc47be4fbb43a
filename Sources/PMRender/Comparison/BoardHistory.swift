/// What happened to a board's cards, commit by commit.
public struct BoardHistory: Sendable {
    /// One change to one card in one commit.
    public struct Event: Sendable {
        public let commit: CommitInfo
        public let change: CardChange
    }

    /// When a card entered a state.
    public struct StateEntry: Sendable, Hashable {
        public let state: CardState
        public let date: Int
    }

    /// A card's life, derived from the events.
    public struct Timeline: Sendable {
        public let id: String
        public let title: String
        /// When the card was added (its first commit in history).
        public let created: Int
        /// Every state the card entered, in order (the first is where it was created).
        public let entries: [StateEntry]
        /// When it last entered DONE, if it is done now.
        public let done: Int?
        /// Seconds spent in each state, up to `until` for the current one.
        public let timeInState: [CardState: Int]
        /// Created → done ("lead time" as kanban teams use it).
        public var leadTime: Int? { done.map { $0 - created } }
        /// First entered DOING → done ("cycle time").
        public var cycleTime: Int? {
            guard let done, let started = entries.first(where: { $0.state == .doing })?.date else { return nil }
            return done - started
        }
    }

    /// Newest first.
    public let events: [Event]
    /// By card identity, for the cards on the board in its latest committed version.
    public let timelines: [String: Timeline]
    /// Notes about versions that could not be read (a version with errors is skipped, never fatal).
    public let notes: [Diagnostic]
    /// The history is cut short (a shallow clone).
    public let isShallow: Bool
    /// Number of commits read.
    public let commitCount: Int

    /// Builds the history from versions, oldest first.
    public init(versions: [FileVersion], file: String, isShallow: Bool) {
        var builder = Builder(file: file, isShallow: isShallow)
        for version in versions { builder.add(version) }
        self = builder.finish()
    }

    private init(events: [Event], timelines: [String: Timeline], notes: [Diagnostic], isShallow: Bool, commitCount: Int) {
        self.events = events
        self.timelines = timelines
        self.notes = notes
        self.isShallow = isShallow
        self.commitCount = commitCount
    }

    /// Reads the history of the board at `path` from its git repository: one `git log` for the
    /// commits, one `git cat-file --batch` for every version, each version read as it arrives.
    public static func read(path: String, git: GitEnvironment? = nil) async throws(GitError) -> BoardHistory {
        let repository = try await GitRepository(containing: path, git: git)
        let commits = try await repository.commits(touching: path)
        var builder = Builder(file: path, isShallow: repository.isShallow)
        try await repository.forEachVersion(of: commits) { builder.add($0) }
        return builder.finish()
    }

    /// Turns versions, oldest first, into events and timelines, one version at a time.
    private struct Builder {
        let file: String
        let isShallow: Bool
        var commitsEvents: [[Event]] = []
        var notes: [Diagnostic] = []
        var previous: Board?
        var entries: [String: [StateEntry]] = [:]
        var created: [String: Int] = [:]
        var count = 0
        var lastDate = 0
        // Consecutive versions share most of their cards: parse each card's source once, and compare
        // only the cards whose source or state changed.
        var parser = VersionParser()
        var differ = VersionDiffer()
        var previousSources: [Int]? = []

        init(file: String, isShallow: Bool) {
            self.file = file
            self.isShallow = isShallow
        }

        mutating func add(_ version: FileVersion) {
            let commit = version.commit
            let index = count
            count += 1
            lastDate = commit.date
            let board: Board
            var sources: [Int]? = []
            if let bytes = version.bytes {
                switch parser.parse(bytes, file: "\(commit.path)@\(commit.shortID)") {
                case .board(let parsed, let cardSources):
                    board = parsed
                    sources = cardSources
                case .unreadable(let result):
                    notes.append(Diagnostic(.historyVersionSkipped(commit: commit.shortID, subject: commit.subject,
                                                                  errors: result.diagnostics.errorCount),
                                            file: file, at: nil))
                    return
                }
            } else {
                board = Board(title: "", sourceFile: file)  // deleted in this commit
            }
            // In a shallow clone the oldest available version is only a starting point: when its
            // cards were added is unknown.
            if isShallow, index == 0 {
                previous = board
                previousSources = sources
                return
            }
            let changes = differ.changes(old: previous ?? Board(title: "", sourceFile: file), oldSources: previousSources,
                                         new: board, newSources: sources, identityNumbers: parser.identityNumbers)
            var events: [Event] = []
            for change in changes where change.kind != .unchanged {
                events.append(Event(commit: commit, change: change))
                switch change.kind {
                case .added:
                    created[change.id] = created[change.id] ?? commit.date
                    entries[change.id, default: []].append(StateEntry(state: change.card.state, date: commit.date))
                case .moved:
                    entries[change.id, default: []].append(StateEntry(state: change.new!.state, date: commit.date))
                case .removed, .archived:
                    entries[change.id] = nil
                    created[change.id] = nil
                case .edited, .unchanged:
                    break
                }
            }
            commitsEvents.append(events)
            previous = board
            previousSources = sources
        }

        func finish() -> BoardHistory {
            var timelines: [String: Timeline] = [:]
            for card in previous?.cards ?? [] {
                guard let cardEntries = entries[card.id], let start = created[card.id] else { continue }
                var time: [CardState: Int] = [:]
                for (index, entry) in cardEntries.enumerated() {
                    let end = index + 1 < cardEntries.count ? cardEntries[index + 1].date : lastDate
                    time[entry.state, default: 0] += max(0, end - entry.date)
                }
                let done = cardEntries.last?.state == .done ? cardEntries.last?.date : nil
                timelines[card.id] = Timeline(id: card.id, title: card.title, created: start,
                                              entries: cardEntries, done: done, timeInState: time)
            }
            // Newest commit first; within a commit, the board's order.
            return BoardHistory(events: commitsEvents.reversed().flatMap { $0 }, timelines: timelines, notes: notes,
                                isShallow: isShallow, commitCount: count)
        }
    }

    /// Events whose commit date is at or after `since` (seconds), at most `limit` of them (newest first).
    public func filtered(since: Int?, limit: Int?) -> [Event] {
        var result = events
        if let since { result = result.filter { $0.commit.date >= since } }
        if let limit { result = Array(result.prefix(limit)) }
        return result
    }
}
