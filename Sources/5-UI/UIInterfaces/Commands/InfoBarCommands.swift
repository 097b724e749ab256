/// What the user does with an info bar. The bar is already hidden when these arrive.
@MainActor
public protocol InfoBarCommands: AnyObject {
    /// The button `button` of the info bar of `kind` was clicked.
    func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind)
    /// The button `button` of the info bar of `kind`, which has a check button in the state
    /// `isChecked`, was clicked.
    func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind, isChecked: Bool)
    /// The info bar of `kind` was closed with its close button.
    func infoBarDismissed(_ kind: InfoBarKind)
}

extension InfoBarCommands {
    /// The click without the check's state (``infoBarButtonActivated(_:button:)``).
    public func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind, isChecked: Bool) {
        infoBarButtonActivated(kind, button: button)
    }
}
