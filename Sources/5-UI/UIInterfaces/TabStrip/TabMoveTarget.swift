/// A window a tab can be moved to, as a tab's "Move to Window" menu lists it.
public struct TabMoveTarget: Equatable, Sendable {
    /// The window; sent back with ``SceneCommands/moveTab(_:toWindow:)``.
    public var window: WindowIdentifier
    /// What the menu calls it (its selected tab's title, or "Window 2").
    public var title: String

    public init(window: WindowIdentifier, title: String) {
        self.window = window
        self.title = title
    }
}
