public import CAdwaita
import CGLib
import CGTK
public import Commands
public import Foundation
import GLibSupport
import GTKShims
public import UIInterfaces

/// The History window (GNOME Web's history dialog, `src/ephy-history-dialog.c`): a search
/// field, the visits by day, newest first — each row the site's icon, the page's title, its
/// address and the time —, and a Delete button for the selected rows.
///
/// The list is a `GtkListView` over a `GtkMultiSelection` over a `GtkStringList` of keys (a
/// day's heading or a visit), which grows by pages as the list is scrolled near its end: GTK
/// makes widgets only for the rows on screen and recycles them, so a history of 100,000
/// visits costs a string per loaded row, not a widget. A push is applied to the key list as
/// the few splices that turn the old keys into the new ones, never as a reset: the rows that
/// stay keep their selection, and the list keeps the row it shows at its top (GNOME Web
/// rebuilt its list on every change, losing both: its bugs #633 and #2501).
///
/// Enter or a double-click opens the row in the selected tab, a middle click in a new tab;
/// the Delete key or the Delete button deletes the selected rows; a row's menu (its button or
/// a right click) opens it in a new tab or deletes everything from its site.
@MainActor
public final class HistoryViewController: LibraryWindow, HistoryConsumer {
    /// The window (an `AdwWindow`).
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef
    private let commands: CommandSender<any HistoryCommands>
    private var connections: [SignalConnection] = []

    let searchEntry: UnsafeMutablePointer<GtkWidget>
    let listView: UnsafeMutablePointer<GtkWidget>
    let deleteButton: UnsafeMutablePointer<GtkWidget>
    let emptyPage: UnsafeMutablePointer<GtkWidget>
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    /// The keys of the list, in order: `d:<day id>` for a heading, `v:<visit id>` for a row.
    private let model: OpaquePointer
    /// The list's selection (a `GtkMultiSelection *`, a `GtkSelectionModel`).
    let selection: OpaquePointer
    private let modelOwnership: GObjectRef
    private let selectionOwnership: GObjectRef
    let actions = ActionGroup()

    /// The keys the list holds, in order (what ``model`` holds).
    private(set) var keys: [String] = []
    private var headings: [String: String] = [:]
    private var items: [String: HistoryItem] = [:]
    private var hasMore = false
    /// Whether a ``HistoryCommands/loadMoreHistory()`` was sent that no push answered yet.
    private var isLoadingMore = false
    /// The words of the last search pushed or sent: the search field's "search-changed"
    /// comes a moment after its text changes, so a push is told from typing by its text.
    private var searchText = ""
    /// While a push sets the search field (which reports an emptied field at once).
    private var isPushing = false
    private var isSearching: Bool { !searchText.isEmpty }
    /// The icons drawn so far, by page address.
    private var textures: [String: GObjectRef] = [:]
    /// How many icons ``textures`` keeps before it starts again.
    static let textureCacheLimit = 2_000

    /// The rows on screen, by their `GtkListItem`.
    private(set) var cells: [UnsafeMutableRawPointer: Cell] = [:]

    static let noHistoryTitle = "No History"
    static let noResultsTitle = "No Results"

    /// A window sending through `commands`, not shown yet.
    public init(commands: CommandSender<any HistoryCommands>) {
        self.commands = commands
        widget = adw_window_new()
        ownership = ownWidget(widget)
        gtk_window_set_title(cast(widget), "History")
        gtk_window_set_default_size(cast(widget), 640, 720)

        searchEntry = gtk_search_entry_new()
        gtk_widget_set_hexpand(searchEntry, 1)
        setAccessibleLabel(searchEntry, "Search History")
        let header = adw_header_bar_new()!
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(opaque(clamp), 400)
        adw_clamp_set_child(opaque(clamp), searchEntry)
        adw_header_bar_set_title_widget(opaque(header), clamp)

        // The selection and the list view take the reference they are given; the view
        // controller keeps one of its own to each (a closed window drops the list's).
        model = gtk_string_list_new(nil)
        modelOwnership = GObjectRef(retaining: UnsafeMutableRawPointer(model))
        selection = gtk_multi_selection_new(model)
        selectionOwnership = GObjectRef(retaining: UnsafeMutableRawPointer(selection))
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection, factory)
        gtk_widget_add_css_class(listView, "navigation-sidebar")
        setAccessibleLabel(listView, "History")
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(scroller), listView)
        gtk_widget_set_vexpand(scroller, 1)

        emptyPage = adw_status_page_new()
        adw_status_page_set_icon_name(opaque(emptyPage), "document-open-recent-symbolic")
        adw_status_page_set_title(opaque(emptyPage), Self.noHistoryTitle)
        stack = gtk_stack_new()
        gtk_stack_add_named(opaque(stack), scroller, "list")
        gtk_stack_add_named(opaque(stack), emptyPage, "empty")
        gtk_stack_set_visible_child_name(opaque(stack), "empty")

        deleteButton = gtk_button_new_with_label("Delete")
        gtk_widget_add_css_class(deleteButton, "destructive-action")
        gtk_widget_set_tooltip_text(deleteButton, "Delete the Selected Visits")
        gtk_actionable_set_action_name(opaque(deleteButton), "history.delete-selected")
        let actionBar = gtk_action_bar_new()!
        gtk_action_bar_pack_end(opaque(actionBar), deleteButton)

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), header)
        gtk_box_append(cast(content), stack)
        gtk_box_append(cast(content), actionBar)
        adw_window_set_content(cast(widget), content)

        actions.add("delete-selected") { [weak self] in self?.deleteSelected() }
        actions.setEnabled("delete-selected", false)
        gtk_widget_insert_action_group(widget, "history", actions.group.opaque)
        addShortcuts()
        connectSignals(factory: UnsafeMutableRawPointer(factory))
    }

    public func onClose(_ handler: @escaping @MainActor () -> Void) {
        connections.append(closeRequest(handler))
    }

    /// Destroys the window without asking (its browser window went).
    public func destroy() { gtk_window_destroy(window) }

    // MARK: HistoryConsumer

    public func setHistory(_ sections: [HistorySection], hasMore: Bool) {
        var newKeys: [String] = []
        var newHeadings: [String: String] = [:]
        var newItems: [String: HistoryItem] = [:]
        for section in sections {
            let key = "d:" + section.id
            guard newHeadings[key] == nil else { continue }
            newKeys.append(key)
            newHeadings[key] = section.title
            for item in section.items {
                let itemKey = "v:\(item.id)"
                guard newItems[itemKey] == nil else { continue }
                newKeys.append(itemKey)
                newItems[itemKey] = item
            }
        }
        headings = newHeadings
        items = newItems
        apply(newKeys)
        self.hasMore = hasMore
        isLoadingMore = false
        for cell in cells.values { bind(cell) }
        adw_status_page_set_title(opaque(emptyPage), isSearching ? Self.noResultsTitle : Self.noHistoryTitle)
        gtk_stack_set_visible_child_name(opaque(stack), newKeys.isEmpty ? "empty" : "list")
        updateDeleteAction()
        GLibMainLoop.addIdle { [weak self] in self?.loadMoreIfNearEnd() }
    }

    public func setSearchText(_ text: String) {
        searchText = text
        guard String(cString: gtk_editable_get_text(opaque(searchEntry))) != text else { return }
        isPushing = true
        gtk_editable_set_text(opaque(searchEntry), text)
        isPushing = false
    }

    public func setFavicon(_ png: Data, forURL url: String) {
        guard let texture = Self.texture(png) else { return }
        if textures.count >= Self.textureCacheLimit { textures.removeAll() }
        textures[url] = texture
        for cell in cells.values where cell.key.flatMap({ items[$0] })?.url == url { bind(cell) }
    }

    // MARK: The list

    /// Turns the list's keys into `newKeys` by splices, each run of removed or inserted keys
    /// one splice, so that GTK moves the selection and the scroll anchor with the rows that
    /// stay.
    private func apply(_ newKeys: [String]) {
        let difference = newKeys.difference(from: keys)
        var removals: [Int] = []
        var insertions: [(offset: Int, key: String)] = []
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removals.append(offset)
            case .insert(let offset, let key, _): insertions.append((offset, key))
            }
        }
        // Removals last first, so that earlier offsets stay right; runs of neighbours at once.
        var index = removals.count - 1
        let descending = removals.sorted()
        while index >= 0 {
            var start = descending[index]
            var count = 1
            while index - count >= 0, descending[index - count] == start - 1 {
                start -= 1
                count += 1
            }
            splice(at: start, removing: count, inserting: [])
            index -= count
        }
        // Insertions first first, at their offsets in the new list.
        let ascending = insertions.sorted { $0.offset < $1.offset }
        var position = 0
        while position < ascending.count {
            var run = [ascending[position].key]
            while position + run.count < ascending.count,
                ascending[position + run.count].offset == ascending[position].offset + run.count
            {
                run.append(ascending[position + run.count].key)
            }
            splice(at: ascending[position].offset, removing: 0, inserting: run)
            position += run.count
        }
        keys = newKeys
    }

    private func splice(at position: Int, removing count: Int, inserting strings: [String]) {
        var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
        pointers.append(nil)
        defer { for pointer in pointers { free(UnsafeMutableRawPointer(mutating: pointer)) } }
        pointers.withUnsafeBufferPointer { buffer in
            gtk_string_list_splice(model, guint(position), guint(count), buffer.baseAddress)
        }
    }

    /// The visit id in a row's key (nil for a heading's).
    nonisolated static func visitID(ofKey key: String) -> Int64? {
        key.hasPrefix("v:") ? Int64(key.dropFirst(2)) : nil
    }

    /// The visits of the selected rows, in the list's order.
    var selectedIDs: [Int64] {
        guard let set = gtk_selection_model_get_selection(selection) else { return [] }
        defer { gtk_bitset_unref(set) }
        var ids: [Int64] = []
        var iterator = GtkBitsetIter()
        var position: guint = 0
        var more = gtk_bitset_iter_init_first(&iterator, set, &position)
        while more != 0 {
            if Int(position) < keys.count, let id = Self.visitID(ofKey: keys[Int(position)]) {
                ids.append(id)
            }
            more = gtk_bitset_iter_next(&iterator, &position)
        }
        return ids
    }

    private func deleteSelected() {
        let ids = selectedIDs
        guard !ids.isEmpty else { return }
        commands.send { $0.deleteHistoryItems(ids) }
    }

    private func updateDeleteAction() { actions.setEnabled("delete-selected", !selectedIDs.isEmpty) }

    /// Opens the row at `position` (a visit's; a heading opens nothing).
    func open(position: Int, inNewTab: Bool) {
        guard position >= 0, position < keys.count, let id = Self.visitID(ofKey: keys[position]) else {
            return
        }
        commands.send { $0.openHistoryItem(id, inNewTab: inNewTab) }
    }

    /// Asks for the next page once the list shows its last screenful (and is on screen).
    private func loadMoreIfNearEnd() {
        guard hasMore, !isLoadingMore else { return }
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))
        let pageSize = gtk_adjustment_get_page_size(adjustment)
        guard pageSize > 0 else { return }
        let left = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_value(adjustment) - pageSize
        guard left <= pageSize else { return }
        isLoadingMore = true
        commands.send { $0.loadMoreHistory() }
    }

    // MARK: Rows

    private func setUp(_ listItem: UnsafeMutableRawPointer) {
        let cell = Cell()
        gtk_list_item_set_child(OpaquePointer(listItem), cell.root)
        cell.actions.add("open-in-new-tab") { [weak self, unowned cell] in
            guard let id = cell.visitID else { return }
            self?.commands.send { $0.openHistoryItem(id, inNewTab: true) }
        }
        cell.actions.add("delete-site") { [weak self, unowned cell] in
            guard let id = cell.visitID else { return }
            self?.commands.send { $0.deleteHistoryOfSite(ofItem: id) }
        }
        // A middle click opens in a new tab; a right click shows the row's menu.
        let middle = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(middle, 2)
        gtk_widget_add_controller(cell.row, middle)
        cell.connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(middle), signal: "pressed") {
                [weak self, unowned cell] _ in
                guard let id = cell.visitID else { return }
                self?.commands.send { $0.openHistoryItem(id, inNewTab: true) }
            })
        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(secondary, 3)
        gtk_widget_add_controller(cell.row, secondary)
        cell.connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(secondary), signal: "pressed") {
                [unowned cell] _ in
                gtk_menu_button_popup(opaque(cell.menuButton))
            })
        cells[listItem] = cell
    }

    private func bind(_ listItem: UnsafeMutableRawPointer) {
        guard let cell = cells[listItem] else { return }
        let object = gtk_list_item_get_item(OpaquePointer(listItem))
        cell.key = object.flatMap { gtk_string_object_get_string(OpaquePointer($0)) }.map {
            String(cString: $0)
        }
        let isVisit = cell.visitID != nil
        gtk_list_item_set_selectable(OpaquePointer(listItem), isVisit ? 1 : 0)
        gtk_list_item_set_activatable(OpaquePointer(listItem), isVisit ? 1 : 0)
        bind(cell)
    }

    /// Shows in `cell` the values its key has now.
    private func bind(_ cell: Cell) {
        guard let key = cell.key else { return }
        if let heading = headings[key] {
            gtk_label_set_text(opaque(cell.heading), heading)
            gtk_widget_set_visible(cell.heading, 1)
            gtk_widget_set_visible(cell.row, 0)
        } else if let item = items[key] {
            gtk_widget_set_visible(cell.heading, 0)
            gtk_widget_set_visible(cell.row, 1)
            gtk_label_set_text(opaque(cell.title), item.title.isEmpty ? item.url : item.title)
            gtk_label_set_text(opaque(cell.url), item.url)
            gtk_label_set_text(opaque(cell.time), item.time)
            gtk_widget_set_tooltip_text(cell.row, item.url)
            if textures[item.url] == nil, let png = item.favicon, let texture = Self.texture(png) {
                if textures.count >= Self.textureCacheLimit { textures.removeAll() }
                textures[item.url] = texture
            }
            if let texture = textures[item.url] {
                gtk_image_set_from_paintable(opaque(cell.icon), OpaquePointer(texture.pointer))
            } else {
                gtk_image_set_from_icon_name(opaque(cell.icon), "web-browser-symbolic")
            }
        }
    }

    private static func texture(_ png: Data) -> GObjectRef? {
        let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            if error != nil { g_error_free(error) }
            return nil
        }
        return GObjectRef(adopting: UnsafeMutableRawPointer(texture))
    }

    // MARK: Signals

    private func addShortcuts() {
        let list = gtk_shortcut_controller_new()!
        for key in ["Delete", "KP_Delete"] {
            gtk_shortcut_controller_add_shortcut(
                list,
                gtk_shortcut_new(
                    gtk_shortcut_trigger_parse_string(key), gtk_named_action_new("history.delete-selected")))
        }
        gtk_widget_add_controller(listView, list)
        let window = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            window,
            gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("<Control>f"),
                callbackShortcutAction { [searchEntry] in gtk_widget_grab_focus(searchEntry) != 0 }))
        gtk_shortcut_controller_add_shortcut(
            window,
            gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("Escape|<Control>w"),
                callbackShortcutAction { [weak self] in
                    self?.close()
                    return true
                }))
        gtk_widget_add_controller(widget, window)
    }

    private func connectSignals(factory: UnsafeMutableRawPointer) {
        connections += connectListItemFactory(
            factory, setUp: { [weak self] in self?.setUp($0) }, bind: { [weak self] in self?.bind($0) },
            unbind: { [weak self] in self?.cells[$0]?.key = nil },
            tearDown: { [weak self] in self?.cells[$0] = nil })
        connections.append(
            SignalConnection.connect(rawPointer(listView), signal: "activate") { [weak self] arguments in
                self?.open(position: Int(arguments.uint(at: 1)), inNewTab: false)
            })
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(selection), signal: "selection-changed") {
                [weak self] _ in
                self?.updateDeleteAction()
            })
        connections.append(
            SignalConnection.connect(rawPointer(searchEntry), signal: "search-changed") { [weak self] _ in
                guard let self, !isPushing else { return }
                let text = String(cString: gtk_editable_get_text(opaque(searchEntry)))
                guard text != searchText else { return }
                searchText = text
                commands.send { $0.searchHistory(text) }
            })
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))!
        for signal in ["value-changed", "changed"] {
            connections.append(
                SignalConnection.connect(UnsafeMutableRawPointer(adjustment), signal: signal) {
                    [weak self] _ in
                    self?.loadMoreIfNearEnd()
                })
        }
    }
}
