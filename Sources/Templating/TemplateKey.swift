/// One segment of a tag's name (`due` and `iso` of `{{due.iso}}`), split and hashed once, when the
/// template is parsed: a lookup at render time hashes nothing and allocates nothing.
public struct TemplateKey: Hashable, Sendable, CustomStringConvertible {
    /// The key as written in the template.
    public let name: String
    /// FNV-1a of the name's UTF-8: the same on every run and machine, so tables built from it are too.
    @usableFromInline let hash: UInt32

    /// The key `name`.
    public init(_ name: String) {
        self.name = name
        hash = Self.hash(name)
    }

    public var description: String { name }

    public static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool {
        lhs.hash == rhs.hash && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    @usableFromInline
    static func hash(_ name: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
