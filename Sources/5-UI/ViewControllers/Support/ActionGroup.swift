import CGLib
import GLibSupport

/// A `GSimpleActionGroup` whose actions run Swift closures; the closures live as long as the group
/// object. Widgets reach its actions as "<prefix>.<name>" once it is inserted on an ancestor.
@MainActor
final class ActionGroup {
    /// The group (a `GSimpleActionGroup *`).
    let group: GObjectRef
    private var actions: [String: OpaquePointer] = [:]
    private var connections: [SignalConnection] = []

    init() {
        group = GObjectRef(adopting: UnsafeMutableRawPointer(g_simple_action_group_new()!))
    }

    /// Adds an action without parameter.
    func add(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(action), signal: "activate") { _ in handler() })
        g_action_map_add_action(group.opaque, action)
        g_object_unref(UnsafeMutableRawPointer(action))
        actions[name] = action
    }

    /// Adds an action whose parameter is a 64-bit integer (GVariant type "x"); a menu item
    /// names it with its target, e.g. `g_menu_item_set_action_and_target_value`.
    func add(_ name: String, int64 handler: @escaping @MainActor (Int) -> Void) {
        let type = g_variant_type_new("x")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new(name, type)!
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(action), signal: "activate") { arguments in
                guard let parameter = arguments.variant(at: 1) else { return }
                handler(Int(g_variant_get_int64(parameter)))
            })
        g_action_map_add_action(group.opaque, action)
        g_object_unref(UnsafeMutableRawPointer(action))
        actions[name] = action
    }

    /// Adds an action whose parameter is a string (GVariant type "s").
    func add(_ name: String, string handler: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new(name, type)!
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(action), signal: "activate") { arguments in
                guard let parameter = arguments.variant(at: 1) else { return }
                handler(String(cString: g_variant_get_string(parameter, nil)))
            })
        g_action_map_add_action(group.opaque, action)
        g_object_unref(UnsafeMutableRawPointer(action))
        actions[name] = action
    }

    /// Enables or disables the action `name`.
    func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = actions[name] else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// Whether the action `name` is enabled.
    func isEnabled(_ name: String) -> Bool {
        g_action_group_get_action_enabled(group.opaque, name) != 0
    }

    /// Activates the action `name` (as a menu item or a shortcut would).
    func activate(_ name: String) {
        g_action_group_activate_action(group.opaque, name, nil)
    }
}
