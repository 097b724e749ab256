/// What the toolbar mediator pushes to the toolbar (back, forward, reload/stop) and to the
/// main menu's zoom control.
@MainActor
public protocol ToolbarConsumer: AnyObject {
    /// Whether the active tab can go back and forward.
    func setNavigationState(canGoBack: Bool, canGoForward: Bool)
    /// Whether the active tab is loading (reload turns into stop).
    func setLoading(_ isLoading: Bool)
    /// The active tab's zoom factor (1 is 100%).
    func setZoomLevel(_ level: Double)
}
