import Synchronization

/// Failed saves, from the IO queue to the main actor, and how many saves in a row failed.
final class FailedSaveLog: Sendable {
    private let entries = Mutex<[FailedSave]>([])
    private let failures = Mutex(0)

    func add(_ failed: [FailedSave]) {
        entries.withLock { $0 += failed }
        failures.withLock { $0 += 1 }
    }

    /// A save wrote everything.
    func recordSuccess() { failures.withLock { $0 = 0 } }

    /// Saves that failed since the last one that wrote everything.
    var failuresInARow: Int { failures.withLock { $0 } }

    func take() -> [FailedSave] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }
}
