/// What the user does with an info bar. The bar is already hidden when these arrive.
@MainActor
public protocol InfoBarCommands: AnyObject {
    /// The button `button` of the info bar of `kind` was clicked.
    func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind)
    /// The info bar of `kind` was closed with its close button.
    func infoBarDismissed(_ kind: InfoBarKind)
}
