public import CAdwaita
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// The location entry ("Address"): the active page's URL, its load progress and security.
///
/// The URL comes from ``LocationBarConsumer`` pushes and is shown unless the user is editing
/// (the entry has the focus and its text was changed by the user); Enter sends
/// ``LocationBarCommands/loadUserInput(_:)`` with what was typed, Escape puts the URL back.
@MainActor
public final class LocationBarViewController: ViewController, LocationBarConsumer {
    /// The GtkEntry.
    public let widget: UnsafeMutablePointer<GtkWidget>

    private let locationBar: CommandSender<any LocationBarCommands>
    private let ownership: GObjectRef
    private var connections: [SignalConnection] = []
    /// The URL last pushed.
    private(set) var pushedURL = ""
    /// Whether the text differs from the pushed URL because the user changed it.
    private(set) var userModified = false
    private var applyingPush = false

    /// Creates the entry; Enter is sent through `locationBar`.
    public init(locationBar: CommandSender<any LocationBarCommands>) {
        self.locationBar = locationBar
        widget = gtk_entry_new()
        ownership = ownWidget(widget)
        gtk_widget_set_hexpand(widget, 1)
        gtk_entry_set_placeholder_text(entry, "Search or enter address")
        gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_URL)
        setAccessibleLabel(widget, "Address")
        connections.append(
            SignalConnection.connect(rawPointer(widget), signal: "changed") { [weak self] _ in
                guard let self, !applyingPush else { return }
                userModified = true
            })
        connections.append(
            SignalConnection.connect(rawPointer(widget), signal: "activate") { [weak self] _ in
                guard let self else { return }
                let text = String(cString: gtk_editable_get_text(opaque(widget)))
                userModified = false
                locationBar.send { $0.loadUserInput(text) }
            })
        let focus = gtk_event_controller_focus_new()!
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(focus), signal: "leave") { [weak self] _ in
                // Leaving the entry ends the edit: the next push shows the URL again.
                self?.userModified = false
            })
        gtk_widget_add_controller(widget, focus)
        // Escape while editing puts the page's URL back (and keeps the focus).
        let keys = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            keys,
            gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("Escape"),
                callbackShortcutAction { [weak self] in self?.revert() ?? false }))
        gtk_widget_add_controller(widget, keys)
        self.escapeController = keys
    }

    /// The Escape shortcut's controller (a `GtkShortcutController *`).
    private(set) var escapeController: OpaquePointer?

    /// Puts the pushed URL back if the user changed the text; returns whether it did.
    func revert() -> Bool {
        guard userModified else { return false }
        applyingPush = true
        defer { applyingPush = false }
        gtk_editable_set_text(opaque(widget), pushedURL)
        gtk_editable_select_region(opaque(widget), 0, -1)
        userModified = false
        return true
    }

    private var entry: UnsafeMutablePointer<GtkEntry> { cast(widget) }

    /// Whether the user is editing the text: it has the focus and the user changed it.
    var isEditing: Bool { userModified && hasFocus }

    /// Whether the text is being set from a push (not by the user), for the dropdown.
    var isApplyingPush: Bool { applyingPush }

    /// Ends the user's edit (the dropdown opened what was typed): the next push shows the URL.
    func endEdit() { userModified = false }

    /// Shows `text` as typed by the user (what they had typed for a tab that came back), or
    /// the page's URL when nil.
    func showTypedText(_ text: String?) {
        guard let text else {
            if userModified {
                applyingPush = true
                gtk_editable_set_text(opaque(widget), pushedURL)
                applyingPush = false
                userModified = false
            }
            return
        }
        applyingPush = true
        gtk_editable_set_text(opaque(widget), text)
        gtk_editable_set_position(opaque(widget), -1)
        applyingPush = false
        userModified = true
    }

    var hasFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else {
            return false
        }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// The text the entry shows.
    var text: String { String(cString: gtk_editable_get_text(opaque(widget))) }

    /// Gives the entry the keyboard focus with its whole text selected.
    public func focus() {
        gtk_widget_grab_focus(widget)
        gtk_editable_select_region(opaque(widget), 0, -1)
    }

    /// Gives the entry the keyboard focus for a tab that was just opened: what the user was
    /// typing for the previous tab goes, the new tab's URL (none: the placeholder) shows.
    public func focusForNewTab() {
        if userModified {
            applyingPush = true
            gtk_editable_set_text(opaque(widget), pushedURL)
            applyingPush = false
            userModified = false
        }
        focus()
    }

    // MARK: LocationBarConsumer

    /// Shows `text` unless the user is editing.
    public func setURLText(_ text: String) {
        pushedURL = text
        guard !isEditing else { return }
        applyingPush = true
        defer { applyingPush = false }
        gtk_editable_set_text(opaque(widget), text)
        userModified = false
    }

    /// Draws the load progress in the entry (nothing when not loading).
    public func setLoadProgress(_ progress: Double?) {
        gtk_entry_set_progress_fraction(entry, min(max(progress ?? 0, 0), 1))
    }

    /// Shows a padlock, an insecure or a warning icon at the start of the entry, with a
    /// tooltip; the same words are the entry's accessible description, so that a screen
    /// reader says them with the address, and the icon's accessible name.
    public func setSecurity(_ security: LocationBarSecurity) {
        let icon = Self.securityIcon(security)
        gtk_entry_set_icon_from_icon_name(entry, GTK_ENTRY_ICON_PRIMARY, icon?.name)
        gtk_entry_set_icon_tooltip_text(entry, GTK_ENTRY_ICON_PRIMARY, icon?.tooltip)
        gtkshim_set_accessible_description(widget, icon?.tooltip)
        // The icon itself is named too, for a screen reader that reaches it on its own.
        setAccessibleLabelOfPrimaryIcon(of: widget, icon?.tooltip)
    }

    /// The icon and the words of each security state (nil: none shown).
    static func securityIcon(_ security: LocationBarSecurity) -> (name: String, tooltip: String)? {
        switch security {
        case .none: nil
        case .notSecure: ("channel-insecure-symbolic", "Not secure: the connection is not encrypted")
        case .secure: ("channel-secure-symbolic", "Secure connection")
        case .certificateError:
            ("dialog-warning-symbolic", "Not secure: the site's certificate is not trusted")
        }
    }
}
