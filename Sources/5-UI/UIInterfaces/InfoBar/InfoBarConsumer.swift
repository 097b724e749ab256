/// What a mediator pushes to a window's info bars.
@MainActor
public protocol InfoBarConsumer: AnyObject {
    /// Shows `item`. An info bar of the same kind is replaced in place; otherwise the new one
    /// goes under those already shown (newest last).
    func showInfoBar(_ item: InfoBarItem)
    /// Hides the info bar of `kind`; does nothing if none is shown.
    func hideInfoBar(_ kind: InfoBarKind)
}
