/// A registration of a callback with a ``PrefService``.
///
/// The callback is called while the token is alive and until ``cancel()`` is called:
/// keep the token for as long as the callback should be called, and release it (or cancel
/// it) to stop.
@MainActor
public final class PrefObservation {
    private var handler: (@MainActor (_ name: String, _ value: PrefValue) -> Void)?
    private var onCancel: (@MainActor (PrefObservation) -> Void)?

    init(
        handler: @escaping @MainActor (_ name: String, _ value: PrefValue) -> Void,
        onCancel: @escaping @MainActor (PrefObservation) -> Void
    ) {
        self.handler = handler
        self.onCancel = onCancel
    }

    /// Whether the callback is still called (``cancel()`` has not been called).
    public var isActive: Bool { handler != nil }

    /// Stops the callback; it is not called again, even by a notification in progress.
    /// Cancelling twice does nothing.
    public func cancel() {
        handler = nil
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?(self)
    }

    /// Calls the callback, unless cancelled.
    func notify(_ name: String, _ value: PrefValue) { handler?(name, value) }
}
