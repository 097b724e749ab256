/// A window a tab can be moved to, as a tab's "Move to Window" menu lists it.
public struct TabMoveTarget: Equatable, Sendable {
    /// Identifies the window; sent back with ``TabStripCommands/moveTab(_:toWindow:)`` (and
    /// ``TabStripCommands/moveTab(_:toWindow:at:)`` for a drop).
    public var windowID: Int
    /// What the menu calls it (e.g. its selected tab's title).
    public var title: String

    /// Creates a target.
    public init(windowID: Int, title: String) {
        self.windowID = windowID
        self.title = title
    }
}
