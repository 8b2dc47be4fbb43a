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
