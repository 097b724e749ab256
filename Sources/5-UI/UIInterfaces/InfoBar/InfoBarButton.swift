/// One button of an info bar (e.g. "Restore").
public struct InfoBarButton: Equatable, Sendable {
    /// Identifies the button within its info bar; sent back when it is clicked.
    public var id: String
    /// The button's text, also its accessible name.
    public var label: String

    /// Creates a button.
    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}
