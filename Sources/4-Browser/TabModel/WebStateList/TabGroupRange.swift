/// A contiguous range of tab indices, `start ..< start + count` (Chromium's TabGroupRange).
/// The invalid range is `(-1, 0)`; a range is valid iff its count is positive.
public struct TabGroupRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The first index.
    public var start: Int
    /// The number of indices.
    public var count: Int

    public init(start: Int, count: Int) {
        self.start = start
        self.count = count
    }

    /// The invalid range.
    public static let invalid = TabGroupRange(start: -1, count: 0)

    /// One past the last index.
    public var end: Int { start + count }
    /// Whether the range holds at least one index.
    public var isValid: Bool { count > 0 }
    /// Whether `index` is in the range.
    public func contains(_ index: Int) -> Bool { index >= start && index < end }
    /// The range as a Swift range.
    public var indices: Range<Int> { start..<max(start, end) }

    /// "[start, end)".
    public var description: String { "[\(start), \(end))" }
}
