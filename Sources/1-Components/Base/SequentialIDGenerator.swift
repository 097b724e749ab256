import Synchronization

/// Hands out unique, strictly positive `Int32` identifiers in increasing order; thread-safe.
///
/// When identifiers are read back from disk, ``advance(past:)`` makes sure later ones
/// never collide with them. The top ``reserve`` values of the range are kept for
/// ``next()``: an identifier read back from there is refused (callers treat it as invalid
/// and assign a fresh one), so that no identifier a file hands in can exhaust the range.
public final class SequentialIDGenerator: Sendable {
    private let last: Mutex<Int32>

    /// How many identifiers at the top of the range ``advance(past:)`` never reaches.
    public let reserve: Int32

    /// The largest identifier ``advance(past:)`` accepts (`Int32.max - reserve`).
    public var largestAcceptedIdentifier: Int32 { Int32.max - reserve }

    /// Creates a generator whose first identifier is `last + 1` (1 by default), keeping the
    /// top `reserve` values of the range for ``next()`` (2^20 by default).
    public init(startingAfter last: Int32 = 0, reserve: Int32 = 1 << 20) {
        precondition(last >= 0, "SequentialIDGenerator: start must not be negative")
        precondition(reserve >= 0, "SequentialIDGenerator: reserve must not be negative")
        self.last = Mutex(last)
        self.reserve = reserve
    }

    /// The next identifier. Running out of positive `Int32` values is a fatal error; it
    /// takes ``reserve`` calls after the largest accepted identifier was read back.
    public func next() -> Int32 {
        last.withLock { value in
            precondition(value < Int32.max, "SequentialIDGenerator.next: identifiers exhausted")
            value += 1
            return value
        }
    }

    /// Whether ``advance(past:)`` accepts `id`: it is positive and at most
    /// ``largestAcceptedIdentifier``.
    public func accepts(_ id: Int32) -> Bool { id > 0 && id <= largestAcceptedIdentifier }

    /// Ensures every later identifier is greater than `id`, if the generator ``accepts(_:)``
    /// it or `id` is not positive (nothing to do); returns false, changing nothing, for an
    /// identifier in the reserved top of the range (treat it as invalid).
    @discardableResult
    public func advance(past id: Int32) -> Bool {
        guard id <= largestAcceptedIdentifier else { return false }
        last.withLock { value in value = max(value, id) }
        return true
    }

    /// The last identifier handed out (or advanced past).
    public var lastIssued: Int32 { last.withLock { $0 } }
}
