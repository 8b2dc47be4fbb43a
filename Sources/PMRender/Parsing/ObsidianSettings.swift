import Foundation

/// Obsidian Kanban's settings block at the end of a board (`%% kanban:settings` + a JSON code block + `%%`): the
/// settings that change how the board reads (date and time formats) or looks (tag colours).
struct ObsidianSettings: Equatable {
    var dateFormat: String?
    var timeFormat: String?
    var dateTrigger: String?
    var timeTrigger: String?
    var tagColors: [String: String] = [:]

    /// The settings block among a board's pieces, if it has one.
    static func find(in segments: [MarkdownSegment]) -> ObsidianSettings? {
        for (index, segment) in segments.enumerated() where segment.root.kind == .item {
            // The block's first line right under the last card continues the card's paragraph.
            guard opensInItem(segment) else { continue }
            if index + 1 < segments.count, segments[index + 1].root.kind == .codeBlock {
                return ObsidianSettings(json: segments[index + 1].root.text)
            }
            return ObsidianSettings()
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

    /// Whether a list item ends with the block's first line (`%% kanban:settings` with no blank line after the last
    /// card, which makes it part of the card's paragraph).
    static func opensInItem(_ segment: MarkdownSegment) -> Bool {
        let nodes = segment.markdown.nodes
        guard segment.root.kind == .item,
            nodes.contains(where: { $0.kind == .text && $0.text.contains("kanban:settings") })
        else { return false }
        // A line of the card's paragraph (after a soft break) that reads `%% kanban:settings` (cut into text runs
        // at the `%%`).
        for index in nodes.indices where nodes[index].kind == .softBreak {
            var line = ""
            var next = index + 1
            while next < nodes.count, nodes[next].kind == .text, line.count < 40 {
                line += nodes[next].text
                next += 1
            }
            let text = Substring(line).trimmingSpaces
            if text.hasPrefix("%%"), text.dropFirst(2).trimmingSpaces.hasPrefix("kanban:settings") { return true }
        }
        return false
    }

    /// Whether line `line` of `source` is the block's first line, `%% kanban:settings` (checked on bytes: it runs for
    /// every line of the last card of a lane).
    static func opens(line: Int, in source: SourceText) -> Bool {
        let range = source.byteRange(ofLine: line)
        var index = range.lowerBound
        let bytes = source.bytes
        func skipSpaces() {
            while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        skipSpaces()
        guard index + 1 < range.upperBound, bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "%")
        else { return false }
        index += 2
        skipSpaces()
        return bytes[index..<range.upperBound].starts(with: "kanban:settings".utf8)
    }

    init() {}

    init(json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return }
        dateFormat = object["date-format"] as? String
        timeFormat = object["time-format"] as? String
        dateTrigger = object["date-trigger"] as? String
        timeTrigger = object["time-trigger"] as? String
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
