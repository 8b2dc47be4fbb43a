import Foundation
import Synchronization

/// The words of one language: a `Locales/<code>.json` file compiled into the binary.
///
/// A catalogue has `strings` (with `{name}` placeholders; plural forms as `key.one` / `key.other`),
/// `lists` (month and weekday names) and a `plural` rule. Adding a language is adding one file.
public struct Catalogue: Sendable {
    /// How a count picks a plural form.
    enum PluralRule: String, Sendable {
        /// `one` for 1, `other` otherwise (English, German, …).
        case oneOther = "one-other"
        /// `one` for 0 and 1 (French, …).
        case oneUpToOne = "one-0-1"
        /// Always `other` (Korean, Japanese, Chinese, …).
        case other
    }

    public let locale: String
    public let name: String
    let plural: PluralRule
    let strings: [String: String]
    let lists: [String: [String]]

    /// A catalogue file that is not one: its JSON, or a value in it, is not of the catalogue's form.
    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads a catalogue file. (JSONSerialization: JSONDecoder's generic decoding cost a page's start a millisecond.)
    init(locale: String, json: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        guard let file = object as? [String: Any], let name = file["name"] as? String,
            let rule = file["plural"] as? String, let strings = file["strings"] as? [String: String],
            let lists = file["lists"] as? [String: [String]]
        else {
            throw FormatError(description: "expected name, plural, strings and lists of text")
        }
        guard let plural = PluralRule(rawValue: rule) else {
            throw FormatError(description: "unknown plural rule '\(rule)'")
        }
        self.locale = locale
        self.name = name
        self.plural = plural
        self.strings = strings
        self.lists = lists
    }

    /// The text for `key` with `{name}` placeholders filled in. A key missing from the catalogue
    /// shows as `⟦key⟧` (the catalogue tests make sure none is).
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        text(key) { values[String($0)] }
    }

    /// The text for `key` with each `{name}` placeholder filled in by `value(name)` (nil: it stays as it is).
    func text(_ key: String, value: (Substring) -> String?) -> String {
        guard let template = strings[key] else { return "⟦\(key)⟧" }
        return Catalogue.fill(template, value: value)
    }

    /// The plural form of `key` for `count` (`{count}` is filled in too).
    func plural(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        let form: String
        switch plural {
        case .oneOther: form = count == 1 ? "one" : "other"
        case .oneUpToOne: form = count <= 1 ? "one" : "other"
        case .other: form = "other"
        }
        var filled = values
        filled["count"] = String(count)
        let specific = "\(key).\(form)"
        return text(strings[specific] != nil ? specific : "\(key).other", filled)
    }

    func list(_ key: String, _ index: Int) -> String {
        guard let list = lists[key], list.indices.contains(index) else { return "⟦\(key)[\(index)]⟧" }
        return list[index]
    }

    /// "Dec 1, 2026" / "2026년 12월 1일 (화)", with the time for timed deadlines. Written from the
    /// catalogue's patterns, never from the machine's locale data. The year has its four digits, as written
    /// (`0026-01-05` shows as "Jan 5, 0026", a typo one can see, not "Jan 5, 26").
    func date(_ date: CalendarDate, time: TimeOfDay? = nil) -> String {
        // Only the values the pattern names are made, and no dictionary of them: a page makes a date view for each
        // deadline of the board before any of its files is written.
        let text = self.text("date.format") { name in
            switch name {
            case "year": date.year < 1000 ? String(date.description.prefix(4)) : String(date.year)
            case "month": String(date.month)
            case "day": String(date.day)
            case "monthShort": list("months.short", date.month - 1)
            case "weekdayShort": list("weekdays.short", date.weekday)
            default: nil
            }
        }
        guard let time else { return text }
        return self.text("date.withTime", ["date": text, "time": time.description])
    }

    /// `template` with each `{name}` replaced by its value (an unknown name stays as it is). Scanned as UTF-8:
    /// the braces are ASCII, so the positions found are character boundaries; the history page fills thousands.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        fill(template) { values[String($0)] }
    }

    /// `template` with each `{name}` replaced by `value(name)` (an unknown name, nil, stays as it is).
    static func fill(_ template: String, value: (Substring) -> String?) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var out = ""
        out.reserveCapacity(template.utf8.count + 32)
        var rest = Substring(template)
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            out += rest[..<open]
            guard let close = rest.utf8[open...].firstIndex(of: UInt8(ascii: "}")) else {
                rest = rest[open...]
                break
            }
            let name = rest[rest.utf8.index(after: open)..<close]
            if let filled = value(name) {
                out += filled
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.utf8.index(after: close)...]
        }
        return out + rest
    }
}

/// All catalogues compiled into the binary.
public enum Localization {
    /// Catalogues decoded so far, by locale code: each is decoded when first used (most runs need one).
    private static let loaded = Mutex<[String: Catalogue]>([:])

    /// Supported locale codes, sorted: one per `Locales/*.json` file (the catalogue tests make sure
    /// each one loads).
    public static let supported: [String] = EmbeddedLocales.sources.keys.sorted()

    static func isSupported(_ code: String) -> Bool { EmbeddedLocales.sources[code] != nil }

    /// The names of the `label.*` strings (without the prefix), from the English catalogue: the keys templates have
    /// under `labels`.
    static let labelNames: [String] = {
        guard let english = load("en") else { return [] }
        return english.strings.keys.filter { $0.hasPrefix("label.") }.map { String($0.dropFirst(6)) }.sorted()
    }()

    /// The catalogue of `locale`; English when it fails to load.
    static func catalogue(_ locale: BoardLocale) -> Catalogue {
        if let catalogue = load(locale.rawValue) { return catalogue }
        return load("en")!
    }

    /// The catalogue of `code`, decoded once; nil when it is not embedded or does not decode.
    static func load(_ code: String) -> Catalogue? {
        if let catalogue = loaded.withLock({ $0[code] }) { return catalogue }
        guard let json = EmbeddedLocales.sources[code], let catalogue = try? Catalogue(locale: code, json: json) else {
            return nil
        }
        loaded.withLock { $0[code] = catalogue }
        return catalogue
    }
}
