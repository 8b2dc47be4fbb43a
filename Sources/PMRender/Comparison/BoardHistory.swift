/// What happened to a board's cards, commit by commit, built from the board's versions (oldest first) as values:
/// where they come from (git) is not this type's concern.
public struct BoardHistory: Sendable {
    /// One change to one card in one commit.
    public struct Event: Sendable {
        public let commit: CommitInfo
        public let change: CardChange
    }

    /// When a card entered a lane.
    public struct LaneEntry: Sendable, Hashable {
        public let lane: String
        public let state: CardState
        /// Seconds since 1970 (the commit's date).
        public let date: Int
    }

    /// A card's life, derived from the events.
    public struct Timeline: Sendable, Equatable {
        public let id: String
        public var title: String
        /// When the card was added (its first commit in the history).
        public let created: Int
        /// Every lane the card entered, in order (the first is where it was added).
        public var entries: [LaneEntry]
        /// When the card left the board (removed or archived), if it did.
        public var ended: Int?
        /// Whether it left by being archived.
        public var wasArchived = false

        /// When it became done for the last time (it entered a done lane from a lane that is not done), if it is
        /// done at its end or now. Moving between done lanes does not change it.
        public var done: Int? {
            guard let last = entries.indices.last, entries[last].state == .done else { return nil }
            var first = last
            while first > 0, entries[first - 1].state == .done { first -= 1 }
            return entries[first].date
        }

        /// When it first entered a doing lane (a card that went straight to done started when it got there).
        public var started: Int? {
            entries.first { $0.state == .doing }?.date ?? done
        }

        /// Created → done ("lead time" as kanban teams use it), in seconds.
        public var leadTime: Int? { done.map { $0 - created } }

        /// Started → done ("cycle time"), in seconds.
        public var cycleTime: Int? {
            guard let done, let started else { return nil }
            return done - started
        }

        /// Seconds spent in each state, up to `until` for the last one.
        public func timeInStates(until: Int) -> [CardState: Int] {
            var time: [CardState: Int] = [:]
            for (index, entry) in entries.enumerated() {
                let end = index + 1 < entries.count ? entries[index + 1].date : (ended ?? until)
                time[entry.state, default: 0] += max(0, end - entry.date)
            }
            return time
        }
    }

    /// Newest first.
    public let events: [Event]
    /// By card identity, for the cards on the board in its latest version.
    public let timelines: [String: Timeline]
    /// Every card the history saw, in the order they were added (cards that left the board included).
    public let allTimelines: [Timeline]
    /// Notes about versions that could not be read (skipped, never fatal).
    public let notes: [Diagnostic]
    /// The history is cut short (a shallow clone).
    public let isShallow: Bool
    /// Number of commits read.
    public let commitCount: Int
    /// The latest commit, if any.
    public let latestCommit: CommitInfo?
    /// The date of the last commit (seconds since 1970), or 0.
    public var lastDate: Int { latestCommit?.date ?? 0 }

    /// Builds the history from versions, oldest first.
    public init(versions: [FileVersion], file: String, isShallow: Bool) {
        var builder = Builder(file: file, isShallow: isShallow)
        for version in versions { builder.add(version) }
        self = builder.finish()
    }

    fileprivate init(
        events: [Event], timelines: [String: Timeline], allTimelines: [Timeline], notes: [Diagnostic],
        isShallow: Bool, commitCount: Int, latestCommit: CommitInfo?
    ) {
        self.events = events
        self.timelines = timelines
        self.allTimelines = allTimelines
        self.notes = notes
        self.isShallow = isShallow
        self.commitCount = commitCount
        self.latestCommit = latestCommit
    }

    /// Events whose commit date is at or after `since` (seconds), at most `limit` of them (newest first).
    public func filtered(since: Int?, limit: Int?) -> [Event] {
        var result = events
        if let since { result = result.filter { $0.commit.date >= since } }
        if let limit { result = Array(result.prefix(limit)) }
        return result
    }

    /// Turns versions, oldest first, into events and timelines, one version at a time.
    public struct Builder: Sendable {
        let file: String
        let isShallow: Bool
        private var commitsEvents: [[Event]] = []
        private var notes: [Diagnostic] = []
        private var previous: Board?
        /// Open timelines by card identity; indices into `all`.
        private var open: [String: Int] = [:]
        private var all: [Timeline] = []
        private var count = 0
        private var latest: CommitInfo?
        private var reader = VersionReader()
        /// Whether `add(_:)` may read pieces itself: not once `pieceReader()` handed the reading out.
        private var readsPieces = true

        public init(file: String, isShallow: Bool) {
            self.file = file
            self.isShallow = isShallow
            reader.forHistory = true
        }

        /// Adds the next version.
        public mutating func add(_ version: FileVersion) {
            precondition(readsPieces, "the versions' pieces are read by the reader pieceReader() handed out")
            add(version.commit, pieces: version.bytes.map { reader.pieces.read($0) })
        }

        /// Hands out the reading of the versions' Markdown pieces, to be run on another task: every version then
        /// comes through `add(_:pieces:)`, read by the reader returned here (piece identities must not repeat).
        mutating func pieceReader() -> VersionReader.PieceReader {
            precondition(readsPieces && count == 0, "hand out the piece reader before the first version")
            readsPieces = false
            return reader.pieces
        }

        /// Adds the next version, read as far as its pieces (nil when the file was deleted in `commit`).
        mutating func add(_ commit: CommitInfo, pieces: VersionPieces?) {
            let index = count
            count += 1
            latest = commit
            let board: Board
            if let pieces {
                let result = reader.board(from: pieces, file: "\(commit.path)@\(commit.shortID)")
                guard result.isReadable else {
                    notes.append(
                        Diagnostic(
                            .historyVersionSkipped(commit: commit.shortID, subject: commit.subject), file: file,
                            at: nil))
                    return
                }
                board = result.board
            } else {
                board = Board(title: "", sourceFile: file)  // deleted in this commit
            }
            defer { previous = board }
            // In a shallow clone the oldest available version is only a starting point: when its cards were added
            // is unknown.
            if isShallow, index == 0 { return }
            let (old, new) = Self.withoutUnchangedRuns(previous ?? Board(title: "", sourceFile: file), board)
            let changes = BoardComparison.compare(old: old, new: new)
            var events: [Event] = []
            for change in changes where change.kind != .unchanged {
                events.append(Event(commit: commit, change: change))
                switch change.kind {
                case .added:
                    let card = change.card
                    all.append(
                        Timeline(
                            id: card.id, title: card.title, created: commit.date,
                            entries: [LaneEntry(lane: card.lane, state: card.state, date: commit.date)]))
                    open[card.id] = all.count - 1
                case .moved:
                    guard let position = open[change.id], let card = change.new else { continue }
                    all[position].entries.append(LaneEntry(lane: card.lane, state: card.state, date: commit.date))
                    all[position].title = card.title
                case .edited:
                    if let position = open[change.id], let card = change.new { all[position].title = card.title }
                case .removed, .archived:
                    guard let position = open.removeValue(forKey: change.id) else { continue }
                    all[position].ended = commit.date
                    all[position].wasArchived = change.kind == .archived
                case .unchanged:
                    break
                }
            }
            commitsEvents.append(events)
        }

        /// Two versions without the cards that kept their box (`Card.storageIdentity`: read again from an unchanged
        /// piece, in the same lane) at the start and at the end of each lane both versions have. Most cards of a long
        /// history stay as they were from one commit to the next, and a change is a run of cards in a lane or two:
        /// only the cards around it are compared, without hashing the others.
        static func withoutUnchangedRuns(_ old: Board, _ new: Board) -> (old: Board, new: Board) {
            var old = old
            var new = new
            for lane in new.lanes.indices {
                let name = new.lanes[lane].name
                guard
                    let match = lane < old.lanes.count && old.lanes[lane].name == name
                        ? lane : old.lanes.firstIndex(where: { $0.name == name })
                else { continue }
                let before = old.lanes[match].cards
                let after = new.lanes[lane].cards
                var start = 0
                while start < before.count, start < after.count,
                    before[start].storageIdentity == after[start].storageIdentity
                {
                    start += 1
                }
                var end = 0
                while end < before.count - start, end < after.count - start,
                    before[before.count - 1 - end].storageIdentity == after[after.count - 1 - end].storageIdentity
                {
                    end += 1
                }
                guard start + end > 0 else { continue }
                old.lanes[match].cards = Array(before[start..<(before.count - end)])
                new.lanes[lane].cards = Array(after[start..<(after.count - end)])
            }
            return (old, new)
        }

        public func finish() -> BoardHistory {
            var timelines: [String: Timeline] = [:]
            for card in previous?.cards ?? [] {
                if let position = open[card.id] { timelines[card.id] = all[position] }
            }
            // Newest commit first; within a commit, the board's order.
            return BoardHistory(
                events: commitsEvents.reversed().flatMap { $0 }, timelines: timelines, allTimelines: all,
                notes: notes, isShallow: isShallow, commitCount: count, latestCommit: latest)
        }
    }
}
