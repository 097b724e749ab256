public import CAdwaita
import CGLib
import CGTK
public import Commands
public import Foundation
import GLibSupport
import GTKShims
public import UIInterfaces

/// The Bookmarks window (Chromium's bookmark manager, `chrome/browser/resources/bookmarks/`;
/// GNOME Web has none, only a popover, its bug #815 asking for a delete of many at once):
/// the folder tree on the left, the selected folder's children in the user's order on the
/// right, a search over every folder in the header bar, New Folder, Edit and Delete.
///
/// Both lists are `GtkListView`s over string lists of keys, changed by the few splices that
/// turn the old keys into the new ones (never a reset), so a folder of 10,000 bookmarks costs
/// a string a row and widgets only for the rows on screen, and a change keeps the selection
/// and the scroll position. The tree is a `GtkTreeListModel` over a string list a folder.
///
/// Enter or a double-click opens a bookmark in a new tab of the browser window (a folder is
/// opened in the tree), a middle click in a background tab; the Delete key or the Delete
/// button deletes every selected row at once, and a toast offers to undo it (Ctrl+Z too).
/// Rows are dragged onto a folder (in the list or the tree) to move them in, or onto a
/// bookmark to put them before it.
@MainActor
public final class BookmarksWindowViewController: LibraryWindow, BookmarksWindowConsumer {
    static let windowTitle = "Bookmarks"
    static let noBookmarksTitle = "No Bookmarks"
    static let noResultsTitle = "No Results"

    /// The window (an `AdwWindow`).
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef
    let commands: CommandSender<any BookmarksWindowCommands>
    var connections: [SignalConnection] = []

    let searchEntry: UnsafeMutablePointer<GtkWidget>
    let folderView: UnsafeMutablePointer<GtkWidget>
    let listView: UnsafeMutablePointer<GtkWidget>
    let newFolderButton: UnsafeMutablePointer<GtkWidget>
    let editButton: UnsafeMutablePointer<GtkWidget>
    let deleteButton: UnsafeMutablePointer<GtkWidget>
    let emptyPage: UnsafeMutablePointer<GtkWidget>
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let toastOverlay: UnsafeMutablePointer<GtkWidget>
    let actions = ActionGroup()

    /// The keys of the list, `n:<id>` a row (what ``model`` holds, in order).
    private(set) var keys: [String] = []
    private(set) var items: [String: BookmarksWindowItem] = [:]
    private(set) var isSearchResult = false
    /// The list's keys (a `GtkStringList *`) and its selection (a `GtkMultiSelection *`).
    let model: OpaquePointer
    let selection: OpaquePointer
    private let modelOwnership: GObjectRef
    private let selectionOwnership: GObjectRef
    /// The tree's string lists, by folder (see ``FolderTree``), and its selection.
    let tree: FolderTree
    let folderSelection: OpaquePointer
    private let folderSelectionOwnership: GObjectRef
    /// The folder the tree shows selected.
    var selectedFolderID: Int64?
    /// While a push changes a control (which reports the change as the user's at once).
    var isPushing = false
    /// The words of the last search pushed or sent.
    private var searchText = ""
    /// The icons drawn so far, by page address.
    var textures: [String: GObjectRef] = [:]
    static let textureCacheLimit = 2_000
    /// The rows on screen, by their `GtkListItem`.
    var cells: [UnsafeMutableRawPointer: Cell] = [:]
    /// The tree's rows on screen, by their `GtkListItem`.
    var folderCells: [UnsafeMutableRawPointer: FolderCell] = [:]
    /// The toast of the last removal, while shown (a new removal replaces it).
    private var removalToast: OpaquePointer?
    private var removalToastDismissal: SignalConnection?
    /// The Edit or New Folder dialog, while shown.
    var dialog: Dialog?

    /// A window sending through `commands`, not shown yet.
    public init(commands: CommandSender<any BookmarksWindowCommands>) {
        self.commands = commands
        widget = adw_window_new()
        ownership = ownWidget(widget)
        gtk_window_set_title(cast(widget), Self.windowTitle)
        gtk_window_set_default_size(cast(widget), 960, 640)

        searchEntry = gtk_search_entry_new()
        gtk_widget_set_hexpand(searchEntry, 1)
        setAccessibleLabel(searchEntry, "Search Bookmarks")
        let header = adw_header_bar_new()!
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(opaque(clamp), 400)
        adw_clamp_set_child(opaque(clamp), searchEntry)
        adw_header_bar_set_title_widget(opaque(header), clamp)
        newFolderButton = iconButton("folder-new-symbolic", label: "New Folder")
        gtk_actionable_set_action_name(opaque(newFolderButton), "bookmarks.new-folder")
        adw_header_bar_pack_start(opaque(header), newFolderButton)

        // The tree.
        tree = FolderTree()
        folderSelection = gtk_single_selection_new(tree.model)
        folderSelectionOwnership = GObjectRef(retaining: UnsafeMutableRawPointer(folderSelection))
        gtk_single_selection_set_autoselect(folderSelection, 0)
        gtk_single_selection_set_can_unselect(folderSelection, 0)
        let folderFactory = gtk_signal_list_item_factory_new()!
        folderView = gtk_list_view_new(folderSelection, folderFactory)
        gtk_widget_add_css_class(folderView, "navigation-sidebar")
        setAccessibleLabel(folderView, "Folders")
        let folderScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(opaque(folderScroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(folderScroller), folderView)
        gtk_widget_set_size_request(folderScroller, 220, -1)

        // The list.
        model = gtk_string_list_new(nil)
        modelOwnership = GObjectRef(retaining: UnsafeMutableRawPointer(model))
        selection = gtk_multi_selection_new(model)
        selectionOwnership = GObjectRef(retaining: UnsafeMutableRawPointer(selection))
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection, factory)
        gtk_widget_add_css_class(listView, "rich-list")
        setAccessibleLabel(listView, "Bookmarks")
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(scroller), listView)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_widget_set_hexpand(scroller, 1)
        emptyPage = adw_status_page_new()
        adw_status_page_set_icon_name(opaque(emptyPage), "starred-symbolic")
        adw_status_page_set_title(opaque(emptyPage), Self.noBookmarksTitle)
        stack = gtk_stack_new()
        gtk_stack_add_named(opaque(stack), scroller, "list")
        gtk_stack_add_named(opaque(stack), emptyPage, "empty")
        gtk_stack_set_visible_child_name(opaque(stack), "empty")

        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_paned_set_start_child(opaque(paned), folderScroller)
        gtk_paned_set_end_child(opaque(paned), stack)
        gtk_paned_set_shrink_start_child(opaque(paned), 0)
        gtk_paned_set_resize_start_child(opaque(paned), 0)
        gtk_widget_set_vexpand(paned, 1)
        toastOverlay = adw_toast_overlay_new()
        adw_toast_overlay_set_child(opaque(toastOverlay), paned)

        editButton = gtk_button_new_with_label("Edit…")
        gtk_actionable_set_action_name(opaque(editButton), "bookmarks.edit-selected")
        deleteButton = gtk_button_new_with_label("Delete")
        gtk_widget_add_css_class(deleteButton, "destructive-action")
        gtk_widget_set_tooltip_text(deleteButton, "Delete the Selected Bookmarks")
        gtk_actionable_set_action_name(opaque(deleteButton), "bookmarks.delete-selected")
        let actionBar = gtk_action_bar_new()!
        gtk_action_bar_pack_end(opaque(actionBar), deleteButton)
        gtk_action_bar_pack_end(opaque(actionBar), editButton)

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), header)
        gtk_box_append(cast(content), toastOverlay)
        gtk_box_append(cast(content), actionBar)
        adw_window_set_content(cast(widget), content)

        actions.add("delete-selected") { [weak self] in self?.deleteSelected() }
        actions.add("edit-selected") { [weak self] in self?.editSelected() }
        actions.add("new-folder") { [weak self] in self?.askForNewFolder() }
        actions.add("undo") { [weak self] in self?.undo() }
        actions.setEnabled("delete-selected", false)
        actions.setEnabled("edit-selected", false)
        gtk_widget_insert_action_group(widget, "bookmarks", actions.group.opaque)
        addShortcuts()
        connectListSignals(factory: UnsafeMutableRawPointer(factory))
        connectFolderSignals(factory: UnsafeMutableRawPointer(folderFactory))
        addListDropTarget()
    }

    public func onClose(_ handler: @escaping @MainActor () -> Void) {
        connections.append(closeRequest(handler))
    }

    /// Destroys the window without asking (its browser window went).
    public func destroy() {
        dialog?.destroy()
        dialog = nil
        gtk_window_destroy(window)
    }

    // MARK: BookmarksWindowConsumer

    public func setFolders(_ folders: [BookmarksWindowFolder]) {
        tree.apply(folders)
        for cell in folderCells.values { bind(cell) }
        if let selectedFolderID { selectFolderRow(selectedFolderID) }
    }

    public func setSelectedFolder(_ id: Int64) {
        selectedFolderID = id
        selectFolderRow(id)
    }

    public func setItems(_ items: [BookmarksWindowItem], isSearchResult: Bool) {
        var newKeys: [String] = []
        var newItems: [String: BookmarksWindowItem] = [:]
        newKeys.reserveCapacity(items.count)
        for item in items {
            let key = Self.key(item.id)
            guard newItems[key] == nil else { continue }
            newKeys.append(key)
            newItems[key] = item
        }
        self.items = newItems
        self.isSearchResult = isSearchResult
        Splices.apply(newKeys, over: keys, to: model)
        keys = newKeys
        for cell in cells.values { bind(cell) }
        adw_status_page_set_title(
            opaque(emptyPage), isSearchResult ? Self.noResultsTitle : Self.noBookmarksTitle)
        gtk_stack_set_visible_child_name(opaque(stack), newKeys.isEmpty ? "empty" : "list")
        updateSelectionActions()
    }

    public func setSearchText(_ text: String) {
        searchText = text
        guard String(cString: gtk_editable_get_text(opaque(searchEntry))) != text else { return }
        isPushing = true
        gtk_editable_set_text(opaque(searchEntry), text)
        isPushing = false
    }

    public func showRemoval(_ message: String) {
        if let removalToast { adw_toast_dismiss(removalToast) }
        let escaped = g_markup_escape_text(message, -1)!
        defer { g_free(escaped) }
        let toast = adw_toast_new(escaped)!
        adw_toast_set_button_label(toast, "Undo")
        adw_toast_set_action_name(toast, "bookmarks.undo")
        adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH)
        removalToastDismissal = SignalConnection.connect(UnsafeMutableRawPointer(toast), signal: "dismissed")
        {
            [weak self] _ in
            if self?.removalToast == toast { self?.removalToast = nil }
        }
        removalToast = toast
        adw_toast_overlay_add_toast(opaque(toastOverlay), toast)
    }

    public func setFavicon(_ png: Data, forURL url: String) {
        guard let texture = Self.texture(png) else { return }
        if textures.count >= Self.textureCacheLimit { textures.removeAll() }
        textures[url] = texture
        for cell in cells.values where cell.key.flatMap({ items[$0] })?.url == url { bind(cell) }
    }

    // MARK: The list

    static func key(_ id: Int64) -> String { "n:\(id)" }

    nonisolated static func id(ofKey key: String) -> Int64? {
        key.hasPrefix("n:") ? Int64(key.dropFirst(2)) : nil
    }

    /// The ids of the selected rows, in the list's order.
    var selectedIDs: [Int64] {
        guard let set = gtk_selection_model_get_selection(selection) else { return [] }
        defer { gtk_bitset_unref(set) }
        var ids: [Int64] = []
        var iterator = GtkBitsetIter()
        var position: guint = 0
        var more = gtk_bitset_iter_init_first(&iterator, set, &position)
        while more != 0 {
            if Int(position) < keys.count, let id = Self.id(ofKey: keys[Int(position)]) { ids.append(id) }
            more = gtk_bitset_iter_next(&iterator, &position)
        }
        return ids
    }

    private func deleteSelected() {
        let ids = selectedIDs
        guard !ids.isEmpty else { return }
        commands.send { $0.removeBookmarks(ids) }
    }

    private func undo() {
        if let removalToast { adw_toast_dismiss(removalToast) }
        commands.send { $0.undoBookmarkRemoval() }
    }

    func updateSelectionActions() {
        let count = selectedIDs.count
        actions.setEnabled("delete-selected", count > 0)
        actions.setEnabled("edit-selected", count == 1)
    }

    /// Opens the row at `position`.
    func open(position: Int, inBackground: Bool) {
        guard position >= 0, position < keys.count, let id = Self.id(ofKey: keys[position]) else { return }
        commands.send { $0.openBookmark(id, inBackground: inBackground) }
    }

    static func texture(_ png: Data) -> GObjectRef? {
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
                    gtk_shortcut_trigger_parse_string(key), gtk_named_action_new("bookmarks.delete-selected"))
            )
        }
        gtk_shortcut_controller_add_shortcut(
            list,
            gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("F2"), gtk_named_action_new("bookmarks.edit-selected")))
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
                gtk_shortcut_trigger_parse_string("<Control>z"), gtk_named_action_new("bookmarks.undo")))
        gtk_shortcut_controller_add_shortcut(
            window,
            gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("<Control><Shift>n"),
                gtk_named_action_new("bookmarks.new-folder")))
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

    private func connectListSignals(factory: UnsafeMutableRawPointer) {
        connections += connectListItemFactory(
            factory, setUp: { [weak self] in self?.setUp($0) }, bind: { [weak self] in self?.bind($0) },
            unbind: { [weak self] in self?.cells[$0]?.key = nil },
            tearDown: { [weak self] in self?.cells[$0] = nil })
        connections.append(
            SignalConnection.connect(rawPointer(listView), signal: "activate") { [weak self] arguments in
                self?.open(position: Int(arguments.uint(at: 1)), inBackground: false)
            })
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(selection), signal: "selection-changed") {
                [weak self] _ in
                self?.updateSelectionActions()
            })
        connections.append(
            SignalConnection.connect(rawPointer(searchEntry), signal: "search-changed") { [weak self] _ in
                guard let self, !isPushing else { return }
                let text = String(cString: gtk_editable_get_text(opaque(searchEntry)))
                guard text != searchText else { return }
                searchText = text
                commands.send { $0.searchBookmarks(text) }
            })
    }
}
