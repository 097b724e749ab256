import GLibSupport

/// The four signals of a `GtkSignalListItemFactory` (setup, bind, unbind, teardown), each
/// handler given the `GtkListItem *` it is about: what a recycling list view (the History
/// window's, the Bookmarks window's list and folder tree) connects to make, fill, empty and
/// free its rows.
@MainActor
func connectListItemFactory(
    _ factory: UnsafeMutableRawPointer,
    setUp: @escaping @MainActor (UnsafeMutableRawPointer) -> Void,
    bind: @escaping @MainActor (UnsafeMutableRawPointer) -> Void,
    unbind: @escaping @MainActor (UnsafeMutableRawPointer) -> Void,
    tearDown: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
) -> [SignalConnection] {
    [("setup", setUp), ("bind", bind), ("unbind", unbind), ("teardown", tearDown)].map { signal, handler in
        SignalConnection.connect(factory, signal: signal) { arguments in
            guard let item = arguments.object(at: 1) else { return }
            handler(item)
        }
    }
}
