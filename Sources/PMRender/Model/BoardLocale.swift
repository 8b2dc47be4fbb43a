/// The languages pm-render speaks.
public enum BoardLocale: String, CaseIterable, Hashable, Sendable {
    case en
    case ko

    /// `en, ko`, for messages listing what is supported.
    public static var supportedList: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
