import Foundation
import Web

/// The tab writes handed to the IO queue and not finished yet, per tab, with what the last
/// one writes: a tab with a write in flight is served from memory, and a read of a tab's
/// files waits only for that tab's own writes (and links), never for the whole queue.
///
/// The main actor calls ``begin(_:storage:state:)`` when it queues a write and ``wait(for:)``
/// before reading; the IO queue calls ``end(_:)`` once the write is done (or failed).
final class TabWritesInFlight: @unchecked Sendable {
    /// What a write in flight writes (nil for a link, which copies files as they are).
    struct Contents {
        var storage: WebStateStorage
        var state: Data?
    }

    private struct Entry {
        var count = 0
        var contents: Contents?
    }

    // Guarded by `condition` (a condition variable is what a per-tab wait needs).
    private let condition = NSCondition()
    private var entries: [WebStateID: Entry] = [:]

    /// Records a write of `id` queued now; `storage` (and `state`) are what it writes, or nil
    /// when it copies files (an adoption).
    func begin(_ id: WebStateID, storage: WebStateStorage?, state: Data?) {
        condition.withLock {
            entries[id, default: Entry()].count += 1
            if let storage { entries[id]?.contents = Contents(storage: storage, state: state) }
        }
    }

    /// Records the end of one write of `id` (whether it succeeded or not).
    func end(_ id: WebStateID) {
        condition.withLock {
            guard var entry = entries[id] else { return }
            entry.count -= 1
            entries[id] = entry.count > 0 ? entry : nil
            condition.broadcast()
        }
    }

    /// What the last write in flight for `id` writes, if it has one with contents.
    func contents(_ id: WebStateID) -> Contents? { condition.withLock { entries[id]?.contents } }

    /// Blocks until `id` has no write in flight.
    func wait(for id: WebStateID) {
        condition.lock()
        defer { condition.unlock() }
        while entries[id] != nil { condition.wait() }
    }
}
