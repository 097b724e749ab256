/// What one info bar shows: a message across the top of the window's content (e.g. the offer
/// to restore the tabs of a session that ended badly), with buttons.
public struct InfoBarItem: Equatable, Sendable {
    /// Which bar it is: showing another item of the same kind replaces it, and commands name it.
    public var kind: InfoBarKind
    public var message: String
    /// A second, dimmer line under the message, if any.
    public var detail: String?
    /// The buttons, in order; clicking one sends its kind and hides the bar.
    public var buttons: [InfoBarButton]
    /// Whether the bar has a close button ("Dismiss").
    public var isDismissible: Bool
    /// A check button before the buttons ("Remember this decision"), if any; its state goes
    /// with a button's click (``InfoBarCommands/infoBarButtonActivated(_:button:isChecked:)``).
    public var check: InfoBarCheck?

    public init(
        _ kind: InfoBarKind, message: String, detail: String? = nil, buttons: [InfoBarButton] = [],
        isDismissible: Bool = true, check: InfoBarCheck? = nil
    ) {
        self.kind = kind
        self.message = message
        self.detail = detail
        self.buttons = buttons
        self.isDismissible = isDismissible
        self.check = check
    }
}
