/// Where the pointer is in a browser window, as far as revealing the toolbar in fullscreen
/// goes.
public enum FullscreenPointerPosition: Sendable, Equatable {
    /// At the window's top edge (within ``topEdgeHeight`` of it): reaching it reveals the
    /// toolbar.
    case atTopEdge
    /// Below the edge but over the area the toolbar and tab strip take when shown: it keeps a
    /// revealed toolbar shown.
    case overToolbar
    /// Lower, or outside the window.
    case elsewhere

    /// How close to the window's top the pointer must come to reveal the toolbar, in pixels
    /// (GNOME Web's distance).
    public static let topEdgeHeight = 5.0

    /// The position of a pointer `y` pixels below the window's top, the toolbar and tab strip
    /// taking `toolbarHeight` pixels when shown.
    public static func at(y: Double, toolbarHeight: Double) -> FullscreenPointerPosition {
        if y <= topEdgeHeight { return .atTopEdge }
        return y <= toolbarHeight ? .overToolbar : .elsewhere
    }
}
