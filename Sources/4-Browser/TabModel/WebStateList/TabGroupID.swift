/// The 128-bit identifier of a tab group (Chromium's tab_groups::TabGroupId).
public struct TabGroupID: Hashable, Sendable, CustomStringConvertible {
    /// The high 64 bits.
    public let high: UInt64
    /// The low 64 bits.
    public let low: UInt64

    /// Creates an identifier from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A random identifier.
    public static func random() -> TabGroupID {
        var generator = SystemRandomNumberGenerator()
        return TabGroupID(high: generator.next(), low: generator.next())
    }

    /// 32 hex digits.
    public var description: String {
        let h = String(high, radix: 16)
        let l = String(low, radix: 16)
        return String(repeating: "0", count: 16 - h.count) + h + String(repeating: "0", count: 16 - l.count)
            + l
    }
}
