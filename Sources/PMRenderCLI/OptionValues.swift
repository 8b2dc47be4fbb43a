import ArgumentParser
import PMRender

/// Options that name a day (`--since`, `--by`): `YYYY-MM-DD`, checked before the command runs.
enum DayOption {
    /// The day `value` names; nil when it is not given.
    static func day(_ value: String?) -> CalendarDate? {
        value.flatMap { CalendarDate(iso: Substring($0)) }
    }

    /// Refuses a given value that is not a day: a usage error naming the option.
    static func validate(_ name: String, _ value: String?) throws {
        if let value, day(value) == nil { throw ValidationError("invalid \(name) '\(value)': expected YYYY-MM-DD") }
    }
}

/// Options that name a web address (`--base-url`, `--wikilink-base`), checked before the command runs.
enum AddressOption {
    /// Refuses a given value `WebAddress` does not allow: a usage error naming the option.
    static func validate(_ name: String, _ value: String?, rootRelative: Bool = false) throws {
        if let value, !WebAddress.isAllowed(value, rootRelative: rootRelative) {
            let expected = rootRelative ? "https://HOST, http://HOST or /PATH" : "https://HOST or http://HOST"
            throw ValidationError(
                "invalid \(name) '\(value)': expected a URL starting with \(expected), without spaces, '?', '#', '\\', "
                    + "quotes or angle brackets, with '%' only before two hex digits and the host in ASCII"
            )
        }
    }
}
