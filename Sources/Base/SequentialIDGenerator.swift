import Synchronization

/// Hands out unique, strictly positive `Int32` identifiers in increasing order; thread-safe.
///
/// When identifiers are read back from disk, ``advance(past:)`` makes sure later ones
/// never collide with them.
public final class SequentialIDGenerator: Sendable {
    private let last: Mutex<Int32>

    /// Creates a generator whose first identifier is `last + 1` (1 by default).
    public init(startingAfter last: Int32 = 0) {
        precondition(last >= 0, "SequentialIDGenerator: start must not be negative")
        self.last = Mutex(last)
    }

    /// The next identifier. Running out of positive `Int32` values is a fatal error.
    public func next() -> Int32 {
        last.withLock { value in
            precondition(value < Int32.max, "SequentialIDGenerator: identifiers exhausted")
            value += 1
            return value
        }
    }

    /// Ensures every later identifier is greater than `id`.
    public func advance(past id: Int32) {
        last.withLock { value in value = max(value, id) }
    }

    /// The last identifier handed out (or advanced past).
    public var lastIssued: Int32 { last.withLock { $0 } }
}
