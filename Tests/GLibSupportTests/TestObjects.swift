import CGLib
import GLibShims

/// Counts deinits of objects captured by signal handlers.
@MainActor
final class Tracker {
    static var deinits = 0
    let name: String
    init(_ name: String) { self.name = name }
    isolated deinit { Tracker.deinits += 1 }
}

/// Counts finalizations of GObjects through a weak-reference notify.
final class FinalizationCounter {
    private let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    init() { counter.initialize(to: 0) }
    deinit { counter.deallocate() }

    var count: Int { counter.pointee }

    /// Counts `object`'s finalization (weak-ref notify runs once, when it is finalized).
    func watch(_ object: UnsafeMutableRawPointer) {
        g_object_weak_ref(
            object.assumingMemoryBound(to: GObject.self),
            { data, _ in
                data?.assumingMemoryBound(to: Int.self).pointee += 1
            }, counter)
    }
}

/// A mutable flag main-actor tasks can set.
@MainActor
final class Flag {
    var value = false
    var onMainThread = false
}

/// A new GSimpleAction named `name` (a GIO object whose "activate" signal tests can emit
/// without a display), full reference.
func makeAction(_ name: String = "test") -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(g_simple_action_new(name, nil)!)
}

/// Emits "activate" on a GSimpleAction.
func activate(_ action: UnsafeMutableRawPointer) {
    g_action_activate(OpaquePointer(action), nil)
}

/// The reference count of a GObject.
func refCount(_ object: UnsafeMutableRawPointer) -> UInt32 { gshim_object_ref_count(object) }
