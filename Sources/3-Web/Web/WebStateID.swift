public import Base

/// The identifier of a ``WebState``: stable across restarts and undo, valid iff positive.
public struct WebStateID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw value, as stored on disk.
    public let rawValue: Int32

    /// The process-wide generator behind ``newUnique()``. Session loading advances it past
    /// every identifier it reads (``advanceGenerator(past:)``).
    public static let generator = SequentialIDGenerator()

    private init(uncheckedRawValue: Int32) { rawValue = uncheckedRawValue }

    /// A fresh identifier, never handed out before in this process.
    public static func newUnique() -> WebStateID { WebStateID(uncheckedRawValue: generator.next()) }

    /// The identifier for a value read from storage, or nil if it is not valid: not
    /// positive, or in the top of the range that the generator keeps for fresh identifiers
    /// (``SequentialIDGenerator/largestAcceptedIdentifier``; a file must not be able to
    /// exhaust the generator). Valid values also advance the generator, so fresh ids never
    /// collide with them.
    public static func fromSerializedValue(_ value: Int32) -> WebStateID? {
        guard generator.accepts(value), generator.advance(past: value) else { return nil }
        return WebStateID(uncheckedRawValue: value)
    }

    /// Makes every later ``newUnique()`` greater than `id`.
    public static func advanceGenerator(past id: WebStateID) { generator.advance(past: id.rawValue) }

    /// Orders by raw value.
    public static func < (lhs: WebStateID, rhs: WebStateID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The raw value in decimal.
    public var description: String { "WebStateID(\(rawValue))" }

    /// The directory name used by session storage: eight lowercase hex digits.
    public var storageName: String {
        let hex = String(UInt32(bitPattern: rawValue), radix: 16)
        return String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }
}
