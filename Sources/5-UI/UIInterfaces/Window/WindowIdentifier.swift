/// A window's identity as the UI sees it: its scene's session identifier, stable for the
/// window's life (a tab moved in or out does not change it). The mediators hand it out and
/// get it back in ``SceneCommands``; the UI compares and stores it, nothing more.
public struct WindowIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The scene's session identifier.
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { "window \(rawValue)" }
}
