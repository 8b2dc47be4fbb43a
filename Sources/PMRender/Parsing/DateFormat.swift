/// Reads dates and times as boards write them: ISO (`2026-05-10`, `2026-05-10 14:00`, `2026-05-10T14:00`), compact
/// (`20260510`), and the moment.js patterns Obsidian Kanban lets a board choose (`DD.MM.YYYY`, `MM/DD/YY`,
/// `D MMM YYYY`, `HH:mm`, `h:mm a` …).
struct DateFormat: Sendable, Hashable {
    enum Token: Hashable {
        case year4, year2, month2, month1, monthName, day2, day1, dayOrdinal, hour24, hour12, minute, meridiem
        case weekdayName
        case literal(Unicode.Scalar)
    }

    let tokens: [Token]

    /// A moment.js pattern; nil when it uses something this reader does not know.
    init?(moment pattern: String) {
        var tokens: [Token] = []
        let s = Array(pattern.unicodeScalars)
        var i = 0
        func run(of scalar: Unicode.Scalar) -> Int {
            var n = 0
            while i + n < s.count, s[i + n] == scalar { n += 1 }
            return n
        }
        while i < s.count {
            let c = s[i]
            if c == "D", i + 1 < s.count, s[i + 1] == "o" {
                tokens.append(.dayOrdinal)
                i += 2
                continue
            }
            let n = run(of: c)
            let token: Token?
            switch (c, n) {
            case ("Y", 4): token = .year4
            case ("Y", 2): token = .year2
            case ("M", 1): token = .month1
            case ("M", 2): token = .month2
            case ("M", 3), ("M", 4): token = .monthName
            case ("D", 1): token = .day1
            case ("D", 2): token = .day2
            case ("d", 3), ("d", 4): token = .weekdayName
            case ("H", 1), ("H", 2): token = .hour24
            case ("h", 1), ("h", 2): token = .hour12
            case ("m", 1), ("m", 2): token = .minute
            case ("a", 1), ("A", 1): token = .meridiem
            default:
                if c.properties.isAlphabetic { return nil }
                token = nil
            }
            if let token {
                tokens.append(token)
                i += n
            } else {
                tokens.append(.literal(c))
                i += 1
            }
        }
        guard !tokens.isEmpty else { return nil }
        self.tokens = tokens
    }

    static let iso = DateFormat(moment: "YYYY-MM-DD")!

    /// Whether `text` has this pattern's shape (digits where numbers go, words where names go), whatever the values
    /// (`06-09 23:57` fits `DD-MM HH:mm`, a pattern without a year).
    func fits(_ text: Substring) -> Bool {
        let s = Array(text.unicodeScalars)
        var i = 0
        func digits(min: Int, max: Int) -> Bool {
            var n = 0
            while i < s.count, n < max, s[i].properties.numericType == .decimal {
                n += 1
                i += 1
            }
            return n >= min
        }
        func word() -> Bool {
            let start = i
            while i < s.count, s[i].properties.isAlphabetic || s[i] == "." { i += 1 }
            return i > start
        }
        for token in tokens {
            let fits: Bool
            switch token {
            case .year4: fits = digits(min: 4, max: 4)
            case .year2, .month2, .day2, .minute: fits = digits(min: 2, max: 2)
            case .month1, .day1, .hour24, .hour12: fits = digits(min: 1, max: 2)
            case .dayOrdinal: fits = digits(min: 1, max: 2) && word()
            case .monthName, .weekdayName, .meridiem: fits = word()
            case .literal(let scalar):
                fits = i < s.count && s[i] == scalar
                if fits { i += 1 }
            }
            guard fits else { return false }
        }
        return i == s.count
    }

    /// The date (and time, when the pattern has one) in `text`, which must match the whole pattern.
    func parse(_ text: Substring) -> (CalendarDate, TimeOfDay?)? {
        let s = Array(text.unicodeScalars)
        var i = 0
        var year: Int?
        var month: Int?
        var day: Int?
        var hour: Int?
        var minute = 0
        var pm: Bool?
        func number(min: Int, max: Int) -> Int? {
            var value = 0
            var count = 0
            while i < s.count, count < max,
                let digit = s[i].properties.numericType == .decimal ? s[i].decimalValue : nil
            {
                value = value * 10 + digit
                count += 1
                i += 1
            }
            return count >= min ? value : nil
        }
        func word() -> String {
            var out = String.UnicodeScalarView()
            while i < s.count, s[i].properties.isAlphabetic || s[i] == "." {
                out.append(s[i])
                i += 1
            }
            return String(out)
        }
        for token in tokens {
            switch token {
            case .year4: year = number(min: 4, max: 4)
            case .year2: year = number(min: 2, max: 2).map { 2000 + $0 }
            case .month2: month = number(min: 2, max: 2)
            case .month1: month = number(min: 1, max: 2)
            case .monthName: month = MonthNames.month(word())
            case .day2: day = number(min: 2, max: 2)
            case .day1: day = number(min: 1, max: 2)
            case .dayOrdinal:
                day = number(min: 1, max: 2)
                _ = word()
            case .weekdayName: _ = word()
            case .hour24: hour = number(min: 1, max: 2)
            case .hour12: hour = number(min: 1, max: 2)
            case .minute: minute = number(min: 2, max: 2) ?? -1
            case .meridiem:
                let marker = word().lowercased()
                guard marker == "am" || marker == "pm" else { return nil }
                pm = marker == "pm"
            case .literal(let scalar):
                guard i < s.count, s[i] == scalar else { return nil }
                i += 1
            }
            if case .literal = token { continue }
            if token == .year4 || token == .year2, year == nil { return nil }
        }
        guard i == s.count, let year, let month, let day, let date = CalendarDate(year: year, month: month, day: day)
        else { return nil }
        guard let hour else { return (date, nil) }
        var hour24 = hour
        if let pm {
            guard (1...12).contains(hour) else { return nil }
            hour24 = hour % 12 + (pm ? 12 : 0)
        }
        guard let time = TimeOfDay(hour: hour24, minute: minute) else { return nil }
        return (date, time)
    }

    /// A time of day alone (`14:00`, `2:00 pm`) in this pattern.
    func parseTime(_ text: Substring) -> TimeOfDay? {
        guard
            let (_, time) = DateFormat(
                tokens: [.year4, .literal("-"), .month2, .literal("-"), .day2, .literal(" ")] + tokens
            )
            .parse(Substring("2000-01-01 " + text))
        else { return nil }
        return time
    }

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// A date written in any of the usual ways: ISO, compact `YYYYMMDD`, optionally with ` HH:MM` or `THH:MM`,
    /// or in `preferred` (a board's own format) first.
    static func date(_ text: Substring, preferred: DateFormat? = nil) -> (CalendarDate, TimeOfDay?)? {
        let trimmed = text.trimmingSpaces
        if let preferred, let value = preferred.parse(trimmed) { return value }
        if let deadline = Deadline(text: trimmed) { return (deadline.date, deadline.time) }
        let bytes = Array(trimmed.utf8)
        if bytes.count == 8, bytes.allSatisfy({ (0x30...0x39).contains($0) }),
            let y = CalendarDate.number(bytes[0..<4]), let m = CalendarDate.number(bytes[4..<6]),
            let d = CalendarDate.number(bytes[6..<8]), let date = CalendarDate(year: y, month: m, day: d)
        {
            return (date, nil)
        }
        // `2024-1-5`: the month and day without their leading zeros (moment.js reads them so).
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].utf8.count == 4, (1...2).contains(parts[1].utf8.count),
            (1...2).contains(parts[2].utf8.count),
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            let date = CalendarDate(year: y, month: m, day: d)
        {
            return (date, nil)
        }
        // Dates with a month name cannot be misread (`Feb 9th, 2023`, `9 February 2023`): daily-note links use them.
        if trimmed.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
            for format in namedMonthFormats {
                if let value = format.parse(trimmed) { return value }
            }
        }
        return nil
    }

    private static let namedMonthFormats = [
        "MMM D, YYYY", "MMM Do, YYYY", "MMM D YYYY", "D MMM YYYY", "Do MMM YYYY", "D. MMM YYYY", "ddd, MMM D, YYYY",
        "dddd, MMMM Do, YYYY", "YYYY-MM-DD ddd", "YYYY-MM-DD dddd",
    ].compactMap(DateFormat.init(moment:))
}

extension Unicode.Scalar {
    /// The value of a decimal digit of any script.
    fileprivate var decimalValue: Int? {
        properties.numericValue.map { Int($0) }
    }
}

/// Month names in the languages boards are written in, for `MMM` / `MMMM` patterns.
enum MonthNames {
    static func month(_ word: String) -> Int? {
        let key = word.lowercased().trimmingCharacters(in: ["."])
        guard key.count >= 3 else { return nil }
        for (index, name) in english.enumerated() where name.hasPrefix(key) || key.hasPrefix(String(name.prefix(3))) {
            if name.hasPrefix(key) { return index + 1 }
        }
        return nil
    }

    static let english = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]
}

extension DateFormat {
    /// The pattern of a board's numeric dates whose day and month come first, in either order (`30-04-2024`,
    /// `04/30/2024`, `30.04.2024`), as the board's own dates show it: day first when one of them has a first number
    /// over 12 and none a second one, month first the other way round; dotted dates are day first unless a second
    /// number is over 12 (no one writes `04.30.2024`). Nil when the board has no such dates, mixes separators, or
    /// could mean either.
    static func inferredPattern(in bytes: ArraySlice<UInt8>) -> String? {
        var separators: Set<UInt8> = []
        var firstOver12 = false
        var secondOver12 = false
        var padded = true
        var found = false
        bytes.withUnsafeBufferPointer { text in
            func isDigit(_ index: Int) -> Bool { index < text.count && (0x30...0x39).contains(text[index]) }
            /// The number of one or two digits at `index`, and where it ends.
            func number(at index: Int) -> (Int, Int)? {
                guard isDigit(index) else { return nil }
                var end = index + 1
                if isDigit(end) { end += 1 }
                guard !isDigit(end) else { return nil }
                return (text[index..<end].reduce(0) { $0 * 10 + Int($1 - 0x30) }, end)
            }
            var index = 0
            while index < text.count {
                defer { index += 1 }
                guard isDigit(index), index == 0 || !isDigit(index - 1), let (first, afterFirst) = number(at: index),
                    afterFirst < text.count, [0x2D, 0x2E, 0x2F].contains(text[afterFirst]),
                    let (second, afterSecond) = number(at: afterFirst + 1), afterSecond < text.count,
                    text[afterSecond] == text[afterFirst], (1...4).allSatisfy({ isDigit(afterSecond + $0) }),
                    !isDigit(afterSecond + 5), (1...31).contains(first), (1...31).contains(second)
                else { continue }
                found = true
                separators.insert(text[afterFirst])
                firstOver12 = firstOver12 || first > 12
                secondOver12 = secondOver12 || second > 12
                padded = padded && afterFirst - index == 2 && afterSecond - afterFirst == 3
                index = afterSecond + 4
            }
        }
        guard found, separators.count == 1, let separator = separators.first, !(firstOver12 && secondOver12) else {
            return nil
        }
        let mark = String(UnicodeScalar(separator))
        let (day, month) = padded ? ("DD", "MM") : ("D", "M")
        if firstOver12 || (separator == 0x2E && !secondOver12) { return [day, month, "YYYY"].joined(separator: mark) }
        if secondOver12 { return [month, day, "YYYY"].joined(separator: mark) }
        return nil
    }
}
