/// A button of a toast (``ToastPresenter/showToast(_:buttons:)``): what it says, what a
/// screen reader calls it, and what it does (the toast goes once it is clicked).
public struct ToastButton {
    public var label: String
    public var accessibleLabel: String
    public var action: @MainActor () -> Void

    public init(_ label: String, accessibleLabel: String? = nil, action: @escaping @MainActor () -> Void) {
        self.label = label
        self.accessibleLabel = accessibleLabel ?? label
        self.action = action
    }
}
