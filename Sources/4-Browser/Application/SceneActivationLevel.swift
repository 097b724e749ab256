/// How present a window (scene) is, from gone to focused — Chromium's scene activation
/// levels. The GTK layer maps a window's state onto them: foreground-active when it has the
/// focus, foreground-inactive when it is shown but another window has the focus, background
/// when it is minimized or hidden, unattached when it is closed.
public enum SceneActivationLevel: Int, Comparable, Sendable, CustomStringConvertible {
    /// No window (not shown yet, or closed).
    case unattached
    /// The window exists but its UI is gone (kept for Chromium's order; unused on GTK).
    case disconnected
    /// Minimized or hidden.
    case background
    /// Visible, without the focus.
    case foregroundInactive
    /// Visible, with the focus.
    case foregroundActive

    /// Orders the levels from gone to focused.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a window at this level is on screen.
    public var isForeground: Bool { self >= .foregroundInactive }

    /// The level's name, as in logs.
    public var description: String {
        switch self {
        case .unattached: "unattached"
        case .disconnected: "disconnected"
        case .background: "background"
        case .foregroundInactive: "foreground-inactive"
        case .foregroundActive: "foreground-active"
        }
    }
}
