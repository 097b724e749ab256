/// The check button of an info bar (e.g. "Remember this decision").
public struct InfoBarCheck: Equatable, Sendable {
    /// The check button's text, also its accessible name.
    public var label: String
    /// Whether it is checked when the bar shows.
    public var isActive: Bool

    public init(label: String, isActive: Bool) {
        self.label = label
        self.isActive = isActive
    }
}
