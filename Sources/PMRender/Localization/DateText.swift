/// Human-readable dates, written by hand so the output never depends on the machine's locale data.
enum DateText {
    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Dec 1, 2026", with " 18:00" for a timed deadline.
    static func english(_ date: CalendarDate, time: TimeOfDay? = nil) -> String {
        let text = "\(englishMonths[date.month - 1]) \(date.day), \(date.year)"
        return time.map { text + " " + $0.description } ?? text
    }
}
