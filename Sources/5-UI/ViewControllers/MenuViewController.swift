/// A view controller shown as part of its container's menu rather than as a widget (the
/// "Recently Closed" entries of the window's main menu): the container places its items.
/// Containers take it through this protocol, as they take a ``ViewController``.
@MainActor
public protocol MenuViewController: AnyObject {
    /// Its items (a `GMenuModel *`, owned by the view controller), which the container shows
    /// as a section of its menu.
    var menuModel: OpaquePointer { get }
}
