/// How present a browser window is to the user, e.g. to lower the priority of the work done
/// for windows nobody sees.
public enum WindowActivation: Sendable, Equatable {
    /// Shown and holding the keyboard focus (the active window).
    case focused
    /// Shown (mapped, not minimized) but another window has the focus.
    case visible
    /// Not shown: minimized, hidden or not mapped yet.
    case hidden
    /// Destroyed; no other value follows.
    case closed

    /// The activation of a window that still exists, from its state: whether it is shown
    /// (visible and mapped), whether it is the active window, and whether it is minimized.
    /// A minimized or unshown window is hidden even if it still counts as active.
    public static func from(isVisible: Bool, isActive: Bool, isMinimized: Bool) -> WindowActivation {
        guard isVisible, !isMinimized else { return .hidden }
        return isActive ? .focused : .visible
    }
}
