/// What one info bar shows: a message across the top of the window's content (e.g. the offer
/// to restore the tabs of a session that ended badly), with buttons.
public struct InfoBarItem: Equatable, Sendable {
    /// Identifies the info bar: showing another item with the same id replaces it, and
    /// commands name it.
    public var id: String
    /// The message.
    public var message: String
    /// A second, dimmer line under the message, if any.
    public var detail: String?
    /// The buttons, in order; clicking one sends its id and hides the bar.
    public var buttons: [InfoBarButton]
    /// Whether the bar has a close button ("Dismiss").
    public var isDismissible: Bool

    /// Creates an item.
    public init(
        id: String, message: String, detail: String? = nil, buttons: [InfoBarButton] = [],
        isDismissible: Bool = true
    ) {
        self.id = id
        self.message = message
        self.detail = detail
        self.buttons = buttons
        self.isDismissible = isDismissible
    }
}
