/// What the new tab page mediator pushes to the page shown over a new tab.
@MainActor
public protocol NewTabPageConsumer: AnyObject {
    /// Whether the active tab is on the new tab page: the page shows over the content while
    /// it is, and goes as soon as the tab navigates elsewhere.
    func setShown(_ shown: Bool)
}
