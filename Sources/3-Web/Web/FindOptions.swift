/// Options for a find-in-page search.
public struct FindOptions: Sendable, Equatable, OptionSet {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Match case exactly.
    public static let caseSensitive = FindOptions(rawValue: 1)
    /// Continue from the other end when the last match is passed.
    public static let wrapAround = FindOptions(rawValue: 2)
}
