/// What the toolbar mediator pushes to the toolbar (back, forward, reload/stop) and to the
/// main menu's zoom control.
@MainActor
public protocol ToolbarConsumer: AnyObject {
    /// Whether the active tab can go back and forward.
    func setNavigationState(canGoBack: Bool, canGoForward: Bool)
    /// The active tab's earlier pages (`back`) and later ones (`forward`), nearest first, which
    /// Back and Forward list on a right-click or a long press.
    func setTabHistory(back: [TabHistoryItem], forward: [TabHistoryItem])
    /// Whether the active tab is loading (reload turns into stop).
    func setLoading(_ isLoading: Bool)
    /// The active tab's zoom factor (1 is 100%).
    func setZoomLevel(_ level: Double)
}
