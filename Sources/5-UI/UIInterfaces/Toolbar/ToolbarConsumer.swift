/// What the toolbar mediator pushes to the toolbar (back, forward, reload/stop).
@MainActor
public protocol ToolbarConsumer: AnyObject {
    /// Whether the active tab can go back and forward.
    func setNavigationState(canGoBack: Bool, canGoForward: Bool)
    /// Whether the active tab is loading (reload turns into stop).
    func setLoading(_ isLoading: Bool)
}
