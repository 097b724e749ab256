/// One button of an info bar (e.g. "Restore").
public struct InfoBarButton: Equatable, Sendable {
    /// What the button does; sent back when it is clicked.
    public var kind: InfoBarButtonKind
    /// The button's text, also its accessible name.
    public var label: String

    public init(_ kind: InfoBarButtonKind, label: String) {
        self.kind = kind
        self.label = label
    }
}
