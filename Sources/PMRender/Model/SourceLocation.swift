/// A 1-based position in a board's source file.
///
/// Columns count Unicode scalars (characters as an editor shows them), not bytes,
/// so a diagnostic on a Korean line points at the right character.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
