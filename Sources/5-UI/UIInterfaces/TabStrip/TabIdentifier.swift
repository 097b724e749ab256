/// A tab's identity as the UI sees it: a number the mediators hand out and get back in
/// commands. The UI compares and stores it, nothing more.
public struct TabIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The number.
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// The number, as text.
    public var description: String { "tab \(rawValue)" }
}
