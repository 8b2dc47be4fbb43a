/// A language pm-render speaks: one of the catalogues in `Locales/` (`en`, `ko`, …).
public struct BoardLocale: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// A supported locale, or nil.
    public init?(rawValue: String) {
        let code = rawValue.lowercased()
        guard Localization.isSupported(code) else { return nil }
        self.rawValue = code
    }

    private init(unchecked: String) {
        rawValue = unchecked
    }

    public static let en = BoardLocale(unchecked: "en")

    public var description: String { rawValue }

    /// `en, ko`, for messages listing what is supported.
    public static var supportedList: String {
        Localization.supported.joined(separator: ", ")
    }
}
