/// The change signal of a ``BroadcastSource``: the source calls ``valuesDidChange()``
/// after any of its broadcastable properties changed, and every ``Broadcaster`` that
/// publishes one of them re-reads it at once.
///
/// The notifier knows nothing of properties or values; broadcasters subscribe to it when
/// they start publishing a property of its owner and unsubscribe when they stop.
@MainActor
public final class BroadcastNotifier {
    private var subscriptions: [(id: Int, handler: () -> Void)] = []
    private var nextID = 0

    /// Creates a notifier with no subscriber.
    public init() {}

    /// Tells the subscribed broadcasters that some properties of the owner may have
    /// changed. Call it after the new values are stored.
    ///
    /// A subscriber added during the call is not called for it; one removed during the
    /// call (before its turn) is not called either.
    public func valuesDidChange() {
        for subscription in subscriptions where isSubscribed(subscription.id) {
            subscription.handler()
        }
    }

    /// The number of subscriptions (one per property being published from the owner).
    public var subscriptionCount: Int { subscriptions.count }

    func subscribe(_ handler: @escaping () -> Void) -> Int {
        nextID += 1
        subscriptions.append((nextID, handler))
        return nextID
    }

    func unsubscribe(_ id: Int) {
        subscriptions.removeAll { $0.id == id }
    }

    private func isSubscribed(_ id: Int) -> Bool {
        subscriptions.contains { $0.id == id }
    }
}
