/// What a mediator pushes to a window's info bars.
@MainActor
public protocol InfoBarConsumer: AnyObject {
    /// Shows `item`. An info bar with the same id is replaced in place; otherwise the new one
    /// goes under those already shown (newest last).
    func showInfoBar(_ item: InfoBarItem)
    /// Hides the info bar `id`; does nothing if none is shown.
    func hideInfoBar(id: String)
}
