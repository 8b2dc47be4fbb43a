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
