import Dispatch
import Synchronization

/// What the backend's queue has for the main actor, in the order it happened: the
/// ``HistoryService`` takes it all when the main queue gets to it, and also before any of
/// its `async` calls returns, so that a caller that awaited a call has heard of everything
/// done before it (a main-queue block and the resumption of an `await` may run in either
/// order).
final class HistoryOutbox: Sendable {
    enum Item: Sendable {
        case effect(HistoryWriteEffect)
        case problem(HistoryProblem?)
        /// An expiry round ended, having done this (nil: nothing could be done).
        case expiryRoundEnded(HistoryWriteEffect?)
    }

    private let items = Mutex<[Item]>([])

    /// Adds `item` (on the backend's queue) and has `drain` run on the main actor.
    func post(_ item: Item, drain: @escaping @MainActor @Sendable () -> Void) {
        items.withLock { $0.append(item) }
        DispatchQueue.main.async { MainActor.assumeIsolated { drain() } }
    }

    /// Every item posted and not yet taken, oldest first.
    func takeAll() -> [Item] {
        items.withLock { items in
            defer { items = [] }; return items
        }
    }
}
