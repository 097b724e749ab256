import CAdwaita
import CGTK
public import Commands
import Foundation
import GLibSupport
public import UIInterfaces

/// The location bar's dropdown: a popover under the location entry with a row per
/// suggestion (an icon, the title and the URL with the matched text in bold, a tag for
/// "Switch to Tab" and "Search"), after Chromium's `OmniboxPopupViewViews`. It reports the
/// user's edits of the entry (as the states before and after, from which the mediator tells
/// typing from deleting) and the keys of the dropdown: Down and Up choose a row, Escape puts
/// back what was typed and then closes, Enter opens (Alt+Enter in a new tab), Shift+Delete
/// removes a history row. Leaving the entry closes it. The popover never takes the focus:
/// the user keeps typing in the entry.
@MainActor
public final class OmniboxPopupViewController: OmniboxPopupConsumer {
    /// The GtkPopover.
    let popover: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let locationBar: LocationBarViewController
    private let commands: CommandSender<any OmniboxCommands>
    private var connections: [SignalConnection] = []
    /// The entry's state as last seen: the "before" of the next edit.
    private var lastState = OmniboxTextState(text: "", selection: 0..<0)
    private var applying = false
    /// The inline completion last put in the entry, selected, until the next edit.
    private var shownCompletion: OmniboxTextState?
    /// Whether an edit is waiting to be reported.
    private var editPending = false
    /// Whether the text of a tab that came back is being shown.
    private var showingTabText = false
    /// The rows shown.
    private(set) var rows: [OmniboxPopupRow] = []
    /// The widgets of the rows, in order, one for each row shown.
    private var rowWidgets: [RowWidgets] = []
    /// The favicons decoded, by their PNG bytes (at most ``textureCacheLimit``).
    var textures: [Data: GObjectRef] = [:]
    static let textureCacheLimit = 64

    public init(locationBar: LocationBarViewController, commands: CommandSender<any OmniboxCommands>) {
        self.locationBar = locationBar
        self.commands = commands
        popover = gtk_popover_new()
        list = gtk_list_box_new()
        let entry = locationBar.widget
        gtk_widget_set_parent(popover, entry)
        gtk_popover_set_autohide(cast(popover), 0)
        gtk_popover_set_has_arrow(cast(popover), 0)
        gtk_popover_set_position(cast(popover), GTK_POS_BOTTOM)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        gtk_widget_set_can_focus(popover, 0)
        gtk_widget_set_focusable(list, 0)
        gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_SINGLE)
        gtk_list_box_set_activate_on_single_click(opaque(list), 1)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        gtk_popover_set_child(cast(popover), list)
        if let display = gtk_widget_get_display(entry), gdk_display_is_composited(display) == 0 {
            // Without a compositor the shadow's transparent margin would be drawn black over the
            // entry.
            gtk_widget_add_css_class(popover, "omnibox-popup")
            let provider = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(
                provider, "popover.omnibox-popup > contents { box-shadow: none; margin: 0; }", -1)
            gtk_style_context_add_provider_for_display(
                display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            g_object_unref(UnsafeMutableRawPointer(provider))
        }
        setAccessibleLabel(list, "Suggestions")
        connections.append(
            SignalConnection.connect(rawPointer(list), signal: "row-activated") { args in
                guard let row = args.object(at: 1) else { return }
                let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
                // What opens replaces what was typed in the entry.
                locationBar.endEdit()
                commands.send { $0.omniboxOpenRow(index) }
            })
        connections.append(
            SignalConnection.connect(rawPointer(entry), signal: "changed") { [weak self] _ in
                self?.entryChanged()
            })
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(keys), signal: "key-pressed") {
                [weak self] args in
                guard let self else { return }
                let handled = keyPressed(keyval: args.uint(at: 1), modifiers: args.flags(at: 3))
                args.setReturnValue(handled)
            })
        gtk_widget_add_controller(entry, keys)
        let focus = gtk_event_controller_focus_new()!
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(focus), signal: "leave") { [weak self] _ in
                guard let self, !rows.isEmpty else { return }
                commands.send { $0.omniboxClose() }
            })
        gtk_widget_add_controller(entry, focus)
        // A click in the entry places the cursor on purpose.
        let click = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(click), signal: "pressed") { [weak self] _ in
                self?.shownCompletion = nil
            })
        gtk_widget_add_controller(entry, click)
    }

    isolated deinit {
        gtk_widget_unparent(popover)
    }

    private var editable: OpaquePointer { opaque(locationBar.widget) }

    private var entryState: OmniboxTextState {
        let text = String(cString: gtk_editable_get_text(editable))
        var start: Int32 = 0
        var end: Int32 = 0
        if gtk_editable_get_selection_bounds(editable, &start, &end) == 0 {
            start = gtk_editable_get_position(editable)
            end = start
        }
        return OmniboxTextState(text: text, selection: Int(min(start, end))..<Int(max(start, end)))
    }

    private func entryChanged() {
        // Text set by the page's URL (a load, a tab switch) or by the dropdown itself is no edit.
        guard !applying, !locationBar.isApplyingPush, locationBar.hasFocus else {
            if !editPending { lastState = entryState }
            if locationBar.isApplyingPush && !showingTabText {
                commands.send { $0.omniboxTypedTextReplaced() }
            }
            return
        }
        // The entry moves its cursor after it says its text changed, and typing over a
        // selection changes it twice (the selection goes, then the character comes): the edit
        // is read once the key has been handled, as one change.
        guard !editPending else { return }
        editPending = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.reportEdit() }
        }
    }

    private func reportEdit() {
        guard editPending else { return }
        editPending = false
        let before = lastState
        let after = entryState
        lastState = after
        guard after != before else { return }
        shownCompletion = nil
        commands.send { $0.omniboxTextChanged(from: before, to: after) }
    }

    private func keyPressed(keyval: UInt32, modifiers: UInt32) -> Bool {
        // A key pressed before the last edit was read acts on the rows of that edit.
        reportEdit()
        keepCompletionSelected()
        // A key that types nothing (an arrow, Home, End) moves the cursor on purpose: the
        // completion is then the user's to keep or not.
        if gdk_keyval_to_unicode(keyval) == 0 && !Self.isModifier(keyval) { shownCompletion = nil }
        let shift = modifiers & GDK_SHIFT_MASK.rawValue != 0
        let alt = modifiers & GDK_ALT_MASK.rawValue != 0
        switch Int32(keyval) {
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            return commands.send { $0.omniboxMoveSelection(by: 1) } ?? false
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            return commands.send { $0.omniboxMoveSelection(by: -1) } ?? false
        case GDK_KEY_Escape:
            return commands.send { $0.omniboxEscape() } ?? false
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            guard !rows.isEmpty else { return false }
            locationBar.endEdit()
            return commands.send { $0.omniboxOpenSelection(inNewTab: alt) } ?? false
        case GDK_KEY_Delete, GDK_KEY_KP_Delete:
            guard shift, !rows.isEmpty else { return false }
            return commands.send { $0.omniboxDeleteSelection() } ?? false
        default:
            return false
        }
    }

    // MARK: OmniboxPopupConsumer

    public func setRows(_ rows: [OmniboxPopupRow], selected: Int?) {
        let previous = self.rows
        self.rows = rows
        // The rows' widgets are kept and given the new values: making them again on every
        // keystroke cost about a third of a keystroke's main-thread time.
        while rowWidgets.count > rows.count {
            gtk_list_box_remove(opaque(list), rowWidgets.removeLast().listRow)
        }
        while rowWidgets.count < rows.count {
            let widgets = RowWidgets()
            gtk_list_box_append(opaque(list), widgets.listRow)
            rowWidgets.append(widgets)
        }
        gtk_list_box_unselect_all(opaque(list))
        for (widgets, row) in zip(rowWidgets, rows) { widgets.show(row, favicon: texture(row.favicon)) }
        if let selected, let row = gtk_list_box_get_row_at_index(opaque(list), Int32(selected)) {
            gtk_list_box_select_row(opaque(list), row)
        }
        if rows.isEmpty {
            gtk_popover_popdown(cast(popover))
        } else if gtk_widget_get_visible(popover) != 0 {
            // GTK 4.8 grows a shown popover to fit its rows but does not shrink it by itself;
            // presenting it again lays it out anew, which costs a third of a keystroke's time,
            // so only when the rows take less room than before (fewer, or fewer with a URL).
            if Self.lines(rows) < Self.lines(previous) { gtk_popover_present(cast(popover)) }
        } else if gtk_widget_get_mapped(locationBar.widget) != 0 {
            // (A popover needs its entry in a window on screen.) As wide as the entry.
            gtk_widget_set_size_request(list, max(gtk_widget_get_width(locationBar.widget) - 24, 320), -1)
            gtk_popover_popup(cast(popover))
        }
    }

    public func setEntryState(_ state: OmniboxTextState) {
        applying = true
        defer { applying = false }
        if String(cString: gtk_editable_get_text(editable)) != state.text {
            gtk_editable_set_text(editable, state.text)
        }
        gtk_editable_select_region(
            editable, Int32(state.selection.lowerBound), Int32(state.selection.upperBound))
        lastState = entryState
        shownCompletion = state.selection.isEmpty ? nil : state
    }

    private static func isModifier(_ keyval: UInt32) -> Bool {
        let modifiers = [
            GDK_KEY_Shift_L, GDK_KEY_Shift_R, GDK_KEY_Control_L, GDK_KEY_Control_R, GDK_KEY_Alt_L,
            GDK_KEY_Alt_R,
            GDK_KEY_Super_L, GDK_KEY_Super_R, GDK_KEY_ISO_Level3_Shift, GDK_KEY_Caps_Lock,
        ]
        return modifiers.contains(Int32(keyval))
    }

    /// Selects the inline completion again if something took its selection away: a typed key
    /// must replace it, not go in before it. GTK's X11 backend hands the PRIMARY selection
    /// around asynchronously, and a late notice that another selection took PRIMARY makes the
    /// entry drop its own (seen with the accessibility bus on, which slows the loop).
    private func keepCompletionSelected() {
        guard let completion = shownCompletion else { return }
        let now = entryState
        guard now.text == completion.text, now.selection != completion.selection, now.selection.isEmpty,
            now.selection.lowerBound == completion.selection.lowerBound
        else { return }
        applying = true
        defer { applying = false }
        gtk_editable_select_region(
            editable, Int32(completion.selection.lowerBound), Int32(completion.selection.upperBound))
        lastState = entryState
    }

    public func showTabText(typedText: String?) {
        showingTabText = true
        defer { showingTabText = false }
        locationBar.showTypedText(typedText)
        lastState = entryState
    }

    // MARK: Rows

    /// The lines of text `rows` show: what their height goes by.
    static func lines(_ rows: [OmniboxPopupRow]) -> Int {
        rows.reduce(0) { $0 + ($1.url.isEmpty ? 1 : 2) }
    }

    static func iconName(_ kind: OmniboxPopupRow.Kind) -> String {
        switch kind {
        case .page: "document-open-recent-symbolic"
        case .typedURL: "web-browser-symbolic"
        case .search: "system-search-symbolic"
        case .switchToTab: "view-dual-symbolic"
        }
    }

    static func tag(_ kind: OmniboxPopupRow.Kind) -> String? {
        switch kind {
        case .search: "Search"
        case .switchToTab: "Switch to Tab"
        case .page, .typedURL: nil
        }
    }

    /// `text` as Pango markup, the UTF-8 byte ranges `bold` in bold.
    static func markup(_ text: String, bold: [Range<Int>]) -> String {
        let bytes = Array(text.utf8)
        var result = ""
        var position = 0
        func escaped(_ range: Range<Int>) -> String {
            let part = String(decoding: bytes[range], as: UTF8.self)
            guard let escaped = g_markup_escape_text(part, -1) else { return "" }
            defer { g_free(escaped) }
            return String(cString: escaped)
        }
        for range in bold where range.lowerBound >= position && range.upperBound <= bytes.count {
            result += escaped(position..<range.lowerBound) + "<b>" + escaped(range) + "</b>"
            position = range.upperBound
        }
        return result + escaped(position..<bytes.count)
    }
}
