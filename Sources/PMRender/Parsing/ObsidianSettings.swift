import Foundation

/// Obsidian Kanban's settings block at the end of a board (`%% kanban:settings` + a JSON code block + `%%`): the
/// settings that change how the board reads (date and time formats) or looks (tag colours).
struct ObsidianSettings: Equatable {
    var dateFormat: String?
    var timeFormat: String?
    var dateTrigger: String?
    var timeTrigger: String?
    var tagColors: [String: String] = [:]
    /// Whether the settings say whether archived cards are stamped (`archive-with-date`, true or false).
    var saysArchiveWithDate = false
    /// The date and time the plugin writes on a card it archives (`archive-with-date`), if it does.
    var archiveStamp: ArchiveStamp?

    /// The settings block among a board's pieces, if it has one.
    static func find(in segments: [MarkdownSegment]) -> ObsidianSettings? {
        for (index, segment) in segments.enumerated() where [.item, .paragraph].contains(segment.root.kind) {
            // The block's first line right under the last card (or a paragraph: `**Complete**`) continues its
            // paragraph; its JSON follows.
            guard index + 1 < segments.count, segments[index + 1].root.kind == .codeBlock,
                settingsLine(in: segment) != nil
            else { continue }
            return ObsidianSettings(json: segments[index + 1].root.text)
        }
        for (index, segment) in segments.enumerated() where segment.root.kind == .paragraph {
            let markdown = segment.markdown
            guard markdown.nodes.count > 1, markdown.nodes[1].kind == .text, markdown.nodes[1].text.hasPrefix("%%")
            else {
                continue
            }
            let text = markdown.plainText(of: 0).trimmingWhitespace
            guard text.hasPrefix("%%"), text.dropFirst(2).trimmingSpaces.hasPrefix("kanban:settings") else { continue }
            // The JSON is the code block that follows (or, when the block is not fenced, the paragraph's own text).
            let json: String
            if index + 1 < segments.count, segments[index + 1].root.kind == .codeBlock {
                json = segments[index + 1].root.text
            } else if let open = text.firstIndex(of: "{"), let close = text.lastIndex(of: "}") {
                json = String(text[open...close])
            } else {
                return ObsidianSettings()
            }
            return ObsidianSettings(json: json)
        }
        return nil
    }

    /// The line of the file where a list item's or a paragraph's last line is the block's first line,
    /// `%% kanban:settings` (with no blank line after the last card, or after the `**Complete**` marker of an empty
    /// lane, that line continues the paragraph: the card's own, or that of its last subtask or quote), or nil. Only
    /// the line as the plugin writes it counts, and only as the last line of the item's last paragraph (not in a code
    /// block), outside any inline markup.
    static func settingsLine(in segment: MarkdownSegment) -> Int? {
        let markdown = segment.markdown
        let nodes = markdown.nodes
        guard [.item, .paragraph].contains(segment.root.kind), let last = nodes.last, last.kind == .text,
            last.text.hasSuffix("settings"),
            let lastBreak = nodes.lastIndex(where: { $0.kind == .softBreak }),
            let paragraph = nodes[..<lastBreak].lastIndex(where: { $0.kind == .paragraph }),
            nodes[paragraph].end == nodes.count, markdown.children(of: paragraph).contains(lastBreak)
        else { return nil }
        // The text after the last soft break (cut into runs at the `%%`), to the item's end.
        let tail = nodes[(lastBreak + 1)...]
        guard tail.allSatisfy({ $0.kind == .text }), let first = tail.first,
            Substring(tail.map(\.text).joined()).trimmingSpaces == "%% kanban:settings"
        else { return nil }
        // Runs cut at `%%` may carry no position: then the paragraph's line and the line breaks before.
        let line =
            first.line > 0
            ? first.line
            : nodes[paragraph].line
                + nodes[paragraph..<lastBreak + 1].count {
                    $0.kind == .softBreak || $0.kind == .lineBreak && $0.line == 0
                }
        return segment.line - 1 + line
    }

    /// A piece whose last line is the block's first line (`settingsLine(in:)`), without that line: the lines before
    /// it are the piece's (`**Complete**`, a lane's text, a card and its last subtask).
    static func leavingOutSettingsLine(_ segment: MarkdownSegment) -> MarkdownSegment {
        guard settingsLine(in: segment) != nil,
            let lastBreak = segment.markdown.nodes.lastIndex(where: { $0.kind == .softBreak })
        else { return segment }
        var piece = segment
        piece.markdown.nodes.removeSubrange(lastBreak...)
        // (The line was the last of the piece: what ended after the break, the paragraph and those around it, ends
        // before it.)
        for index in piece.markdown.nodes.indices where piece.markdown.nodes[index].end > lastBreak {
            piece.markdown.nodes[index].end = lastBreak
        }
        return piece
    }

    init() {}

    init(json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return }
        dateFormat = object["date-format"] as? String
        timeFormat = object["time-format"] as? String
        dateTrigger = object["date-trigger"] as? String
        timeTrigger = object["time-trigger"] as? String
        saysArchiveWithDate = object["archive-with-date"] is Bool
        if object["archive-with-date"] as? Bool == true {
            // The plugin's defaults: the board's date and time formats, no separator, the stamp before the text.
            let pattern =
                object["archive-date-format"] as? String
                ?? (dateFormat ?? "YYYY-MM-DD") + " " + (timeFormat ?? "HH:mm")
            archiveStamp = DateFormat(moment: pattern).map {
                ArchiveStamp(
                    format: $0, separator: (object["archive-date-separator"] as? String ?? "").trimmingWhitespace,
                    isAppended: object["append-archive-date"] as? Bool ?? false)
            }
        }
        for entry in object["tag-colors"] as? [[String: Any]] ?? [] {
            guard var tag = entry["tagKey"] as? String else { continue }
            if tag.hasPrefix("#") { tag.removeFirst() }
            if let color = entry["backgroundColor"] as? String ?? entry["color"] as? String, CSSColor.isSafe(color) {
                tagColors[tag] = color
            }
        }
    }

    /// Settings the front matter did not set come from here.
    func apply(to settings: inout BoardSettings) {
        if settings.dateFormat == nil { settings.dateFormat = dateFormat }
        if settings.timeFormat == nil { settings.timeFormat = timeFormat }
        if settings.dateTrigger == nil { settings.dateTrigger = dateTrigger }
        if settings.timeTrigger == nil { settings.timeTrigger = timeTrigger }
        for (tag, color) in tagColors where settings.tagColors[tag] == nil { settings.tagColors[tag] = color }
    }
}

/// The date and time Obsidian's Kanban plugin writes on a card it archives (`archive-with-date`): after its text
/// (`append-archive-date`) or before it, apart from it by `archive-date-separator` (`Title | 2026-06-07 14:56`).
struct ArchiveStamp: Hashable {
    var format: DateFormat
    var separator: String
    var isAppended: Bool

    /// The plugin's own: `2026-06-07 14:56` before the text. The setting is often global, not in the board's file;
    /// then this stamp is left out of archived cards' titles when every one of two or more starts with it.
    static let pluginDefault = DateFormat(moment: "YYYY-MM-DD HH:mm").map {
        ArchiveStamp(format: $0, separator: "", isAppended: false)
    }

    /// `title` without the stamp, when it has one (and the separator with it); nil when it has none.
    func strip(_ title: String) -> String? {
        let words = title.split(separator: " ", omittingEmptySubsequences: false)
        // A stamp is a few words (`2026-06-07 14:56`, `Jun 7, 2026 2:56 pm`).
        for count in 1...min(6, words.count) {
            let stamp = (isAppended ? words.suffix(count) : words.prefix(count)).joined(separator: " ")
            guard format.fits(Substring(stamp)) else { continue }
            var rest = Substring((isAppended ? words.dropLast(count) : words.dropFirst(count)).joined(separator: " "))
                .trimmingSpaces
            if !separator.isEmpty {
                if isAppended, rest.hasSuffix(separator) {
                    rest = rest.dropLast(separator.count).trimmingSpaces
                } else if !isAppended, rest.hasPrefix(separator) {
                    rest = rest.dropFirst(separator.count).trimmingSpaces
                }
            }
            return rest.isEmpty ? nil : String(rest)
        }
        return nil
    }
}
