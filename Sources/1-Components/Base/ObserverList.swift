/// A list of weakly held observers that is safe to mutate while it is being iterated.
///
/// Iteration works on a snapshot taken when it starts: an observer added during a
/// notification is not called for that notification, and an observer removed during a
/// notification (before its turn) is not called either. Observers that have been
/// deallocated are skipped and pruned. Adding the same observer twice is a programming
/// error and fails loudly; removing one that is not in the list does nothing.
public final class ObserverList<Observer> {
    private final class Entry {
        weak var object: AnyObject?
        var isRemoved = false
        init(_ object: AnyObject) { self.object = object }
    }

    private var entries: [Entry] = []
    private var iterationDepth = 0
    private var needsCompaction = false

    public init() {}

    /// The number of live observers.
    public var count: Int { entries.lazy.filter { !$0.isRemoved && $0.object != nil }.count }

    /// Whether no live observer is registered.
    public var isEmpty: Bool { !entries.contains { !$0.isRemoved && $0.object != nil } }

    /// Registers `observer`. It is held weakly.
    public func add(_ observer: Observer) {
        let object = observer as AnyObject
        precondition(
            !contains(observer),
            "ObserverList: observer \(type(of: object)) is already registered")
        entries.append(Entry(object))
    }

    /// Unregisters `observer`; a no-op if it is not registered.
    public func remove(_ observer: Observer) {
        let object = observer as AnyObject
        guard let index = entries.firstIndex(where: { !$0.isRemoved && $0.object === object }) else {
            return
        }
        entries[index].isRemoved = true
        if iterationDepth == 0 {
            entries.remove(at: index)
        } else {
            needsCompaction = true
        }
    }

    /// Whether `observer` is registered.
    public func contains(_ observer: Observer) -> Bool {
        let object = observer as AnyObject
        return entries.contains { !$0.isRemoved && $0.object === object }
    }

    /// Calls `body` for each observer registered when the iteration starts and still
    /// registered when its turn comes.
    public func forEach(_ body: (Observer) throws -> Void) rethrows {
        if entries.isEmpty { return }
        let snapshot = entries
        iterationDepth += 1
        defer {
            iterationDepth -= 1
            if iterationDepth == 0 { compact() }
        }
        for entry in snapshot where !entry.isRemoved {
            guard let object = entry.object else {
                needsCompaction = true
                continue
            }
            // Every object was stored from an `Observer`, so this cast cannot fail.
            try body(object as! Observer)
        }
    }

    private func compact() {
        guard needsCompaction else { return }
        entries.removeAll { $0.isRemoved || $0.object == nil }
        needsCompaction = false
    }
}
