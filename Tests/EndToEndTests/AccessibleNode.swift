import CAtspi
import Foundation

/// A node of an application's accessibility tree, read through AT-SPI (libatspi): what a
/// screen reader sees. Every call is a D-Bus round trip to the application, so searches stay
/// within a subtree where they can.
final class AccessibleNode: @unchecked Sendable {
    nonisolated(unsafe) let pointer: UnsafeMutablePointer<AtspiAccessible>

    init(_ pointer: UnsafeMutablePointer<AtspiAccessible>) { self.pointer = pointer }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The accessible name ("Back", "Address" …).
    var name: String {
        guard let value = atspi_accessible_get_name(pointer, nil) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The role's name ("push button", "text", "label" …).
    var role: String {
        guard let value = atspi_accessible_get_role_name(pointer, nil) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The process id of the application the node belongs to.
    var processID: Int32 { Int32(bitPattern: atspi_accessible_get_process_id(pointer, nil)) }

    /// The children, in order.
    var children: [AccessibleNode] {
        let count = atspi_accessible_get_child_count(pointer, nil)
        return (0..<max(count, 0)).compactMap { atspi_accessible_get_child_at_index(pointer, $0, nil) }
            .map(AccessibleNode.init)
    }

    /// The first node below this one (depth first) that `matches`.
    func first(where matches: (AccessibleNode) -> Bool) -> AccessibleNode? {
        for child in children {
            if matches(child) { return child }
            if let hit = child.first(where: matches) { return hit }
        }
        return nil
    }

    /// Every node below this one that `matches`.
    func all(where matches: (AccessibleNode) -> Bool) -> [AccessibleNode] {
        children.flatMap { (matches($0) ? [$0] : []) + $0.all(where: matches) }
    }

    /// The first node below with `role` and `name`.
    func first(role: String, name: String) -> AccessibleNode? {
        first { $0.role == role && $0.name == name }
    }

    /// The node's text (an entry's or a label's).
    var text: String {
        guard let text = atspi_accessible_get_text_iface(pointer) else { return name }
        defer { g_object_unref(UnsafeMutableRawPointer(text)) }
        // GTK 4.8 answers "" for the end offset -1: ask for the character count.
        let count = atspi_text_get_character_count(text, nil)
        guard let value = atspi_text_get_text(text, 0, count, nil) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Whether the node is sensitive (an enabled button).
    var isSensitive: Bool {
        guard let states = atspi_accessible_get_state_set(pointer) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(states)) }
        return atspi_state_set_contains(states, ATSPI_STATE_SENSITIVE) != 0
    }

    /// Whether the node has the keyboard focus.
    var isFocused: Bool {
        guard let states = atspi_accessible_get_state_set(pointer) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(states)) }
        return atspi_state_set_contains(states, ATSPI_STATE_FOCUSED) != 0
    }

    /// Runs the node's first action (a button's "click").
    @discardableResult
    func click() -> Bool {
        guard let action = atspi_accessible_get_action_iface(pointer) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        return atspi_action_do_action(action, 0, nil) != 0
    }

    /// The node's centre in its window (GTK 4 gives a widget's bounds in its window, not on
    /// the screen), if it has bounds.
    var centerInWindow: (x: Int, y: Int)? {
        guard let component = atspi_accessible_get_component_iface(pointer) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(component)) }
        guard let rect = atspi_component_get_extents(component, ATSPI_COORD_TYPE_WINDOW, nil) else {
            return nil
        }
        defer { g_free(rect) }
        guard rect.pointee.width > 0, rect.pointee.height > 0 else { return nil }
        return (Int(rect.pointee.x + rect.pointee.width / 2), Int(rect.pointee.y + rect.pointee.height / 2))
    }

    /// The application `processID` on the desktop, if it is there.
    static func application(processID: Int32) -> AccessibleNode? {
        guard let desktop = atspi_get_desktop(0) else { return nil }
        let root = AccessibleNode(desktop)
        return root.children.first { $0.processID == processID }
    }

    /// Starts AT-SPI in this process (once).
    static let initialize: Bool = { atspi_init() >= 0 }()
}
