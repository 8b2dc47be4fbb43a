extension BoardReader {
    /// Card readings by the Markdown piece each card starts with, kept across the versions of a board (see
    /// `VersionReader`): a card whose pieces did not change is not read again, only moved to its new lines.
    ///
    /// Entries live in an array and are addressed by slot, so a board's hundreds of cards are looked up once each
    /// per version and changed in place, never copied. Entries that no version uses any more (cards removed or
    /// edited) are dropped once they outnumber the ones in use, which bounds the cache by the board's size rather
    /// than by the length of its history.
    struct CardCache {
        struct Entry {
            var reading: CardReader.Reading
            /// The first piece's line when it was read (locations shift with it).
            var line: Int
            /// The identity of the card's first piece.
            var segment: Int
            /// A heading card's other pieces (it is the same card only when they are the same too).
            var body: [Int]
            /// The last version that used the entry.
            var lastUsed: Int
            /// A list-item card's source lines (blank lines after it included), when it may be reused by them.
            var text: [UInt8]?
        }

        /// The entries; `slots` says where each one is.
        var entries: [Entry] = []
        /// Each entry's index in `entries`, by the identity of the card's first piece.
        private var slots: [Int: Int] = [:]
        /// Entries with a `text`, by its hash (the latest entry for each text).
        private var texts: [UInt64: Int] = [:]
        /// Counts the versions read with this cache.
        private var version = 0
        /// How many entries the last version used.
        private var used = 0
        /// How many readings were stored (cards read), for tests.
        private(set) var stored = 0
        /// The date formats and triggers the entries were read with.
        var formats: (DateFormat?, DateFormat?, CardTokens.Triggers)?
        /// What lane names mean (`LaneStates`), as found.
        var meanings: [String: LaneStates.Meaning?] = [:]

        /// Makes room for `count` entries and their slots at once (a large board's first version: the slots would
        /// otherwise be rehashed as they grow).
        mutating func reserveCapacity(_ count: Int) {
            entries.reserveCapacity(count)
            slots.reserveCapacity(count)
        }

        /// The slot of the reading of the card that starts with piece `segment`, if cached.
        func slot(of segment: Int) -> Int? { slots[segment] }

        /// Stores a reading; `text`, a list-item card's source lines, lets a card written the same way elsewhere
        /// (moved to another lane, parsed again with its neighbours) reuse it.
        mutating func store(
            _ reading: CardReader.Reading, line: Int, segment: Int, body: [Int], text: ArraySlice<UInt8>? = nil
        ) {
            let entry = Entry(
                reading: reading, line: line, segment: segment, body: body, lastUsed: version - 1,
                text: text.map(Array.init))
            stored += 1
            let slot: Int
            if let known = slots[segment] {
                slot = known
                entries[slot] = entry
            } else {
                slot = entries.count
                entries.append(entry)
                slots[segment] = slot
            }
            if let text { texts[FNV1a.hash(text)] = slot }
        }

        /// Gives the list-item card that starts with piece `segment`, whose source lines are `text`, the reading
        /// of a card with the same lines, if one is cached; false when none is.
        ///
        /// A list item's reading depends only on its lines: cmark reads an item that starts a top-level piece from
        /// its own lines, except for link reference definitions elsewhere in the document, and the caller reuses
        /// readings only between versions that have none.
        mutating func reuse(_ text: ArraySlice<UInt8>, for segment: Int) -> Bool {
            guard let slot = texts[FNV1a.hash(text)], let known = entries[slot].text, known.elementsEqual(text) else {
                return false
            }
            var entry = entries[slot]
            entry.segment = segment
            entry.lastUsed = version - 1
            entries.append(entry)
            slots[segment] = entries.count - 1
            return true
        }

        /// Marks an entry as used by the version being read.
        mutating func use(_ slot: Int) {
            if entries[slot].lastUsed != version {
                entries[slot].lastUsed = version
                used += 1
            }
        }

        /// Starts a new version: first drops the entries the last one did not use, when they are most of them.
        mutating func startVersion() {
            if entries.count > 64, entries.count > 2 * used {
                entries.removeAll { $0.lastUsed != version }
                slots.removeAll(keepingCapacity: true)
                texts.removeAll(keepingCapacity: true)
                for (slot, entry) in entries.enumerated() {
                    slots[entry.segment] = slot
                    if let text = entry.text { texts[FNV1a.hash(text)] = slot }
                }
            }
            version += 1
            used = 0
        }

        /// Forgets every reading (they were read with other date formats or triggers).
        mutating func removeAll() {
            entries.removeAll()
            slots.removeAll()
            texts.removeAll()
        }

        /// What a lane's name means, looked up once per name.
        mutating func meaning(of name: String) -> LaneStates.Meaning? {
            if let known = meanings[name] { return known }
            let meaning = LaneStates.meaning(of: name)
            meanings[name] = meaning
            return meaning
        }
    }
}
