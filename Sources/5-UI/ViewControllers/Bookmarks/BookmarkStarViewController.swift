public import CAdwaita
import CGLib
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// The star at the end of the location entry (its secondary icon, as GNOME Web and Chromium
/// place it) and its popover, after Chromium's star and bookmark bubble
/// (chrome/browser/ui/views/bookmarks/bookmark_bubble_view.cc): a filled star for a
/// bookmarked page; a click sends ``BookmarkStarCommands/bookmarkCurrentPage()``, and the
/// popover that follows names the bookmark, moves it to another folder or removes it.
/// Edits apply when the popover closes (Done, Enter, Escape, a click elsewhere), as
/// Chromium's bubble applies them; Remove applies at once, and a toast offers Undo.
@MainActor
public final class BookmarkStarViewController: ViewController, BookmarkStarConsumer {
    /// The popover (parented to the entry).
    public let widget: UnsafeMutablePointer<GtkWidget>

    private let entry: UnsafeMutablePointer<GtkWidget>
    private let commands: CommandSender<any BookmarkStarCommands>
    private weak var toasts: (any ToastPresenter)?
    private let heading: UnsafeMutablePointer<GtkWidget>
    /// The name entry, the folder list and the buttons of the popover.
    let nameEntry: UnsafeMutablePointer<GtkWidget>
    let folderList: UnsafeMutablePointer<GtkWidget>
    let removeButton: UnsafeMutablePointer<GtkWidget>
    let doneButton: UnsafeMutablePointer<GtkWidget>
    private var connections: [SignalConnection] = []
    /// What the star shows.
    private(set) var starState = BookmarkStarState.hidden
    /// The bookmark the popover edits, while it shows.
    private(set) var editing: BookmarkEditorItem?

    /// The star goes into `entry` (a `GtkEntry`, the location bar's); the popover's edits go
    /// through `commands`, the removal toast through `toasts`.
    public init(
        entry: UnsafeMutablePointer<GtkWidget>, commands: CommandSender<any BookmarkStarCommands>,
        toasts: (any ToastPresenter)?
    ) {
        self.entry = entry
        self.commands = commands
        self.toasts = toasts
        widget = gtk_popover_new()
        gtk_widget_set_parent(widget, entry)
        gtk_popover_set_position(cast(widget), GTK_POS_BOTTOM)
        dropShadowWithoutCompositor(of: widget)
        heading = gtk_label_new("Edit Bookmark")
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(opaque(heading), 0)
        nameEntry = gtk_entry_new()
        gtk_widget_set_hexpand(nameEntry, 1)
        setAccessibleLabel(nameEntry, "Bookmark Name")
        folderList = gtk_drop_down_new(nil, nil)
        setAccessibleLabel(folderList, "Bookmark Folder")
        removeButton = gtk_button_new_with_label("Remove")
        doneButton = gtk_button_new_with_label("Done")
        gtk_widget_add_css_class(doneButton, "suggested-action")
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 6)
        gtk_grid_set_column_spacing(cast(grid), 12)
        gtk_widget_set_size_request(grid, 320, -1)
        gtk_grid_attach(cast(grid), heading, 0, 0, 2, 1)
        let nameLabel = gtk_label_new("Name")!
        gtk_label_set_xalign(opaque(nameLabel), 0)
        gtk_grid_attach(cast(grid), nameLabel, 0, 1, 1, 1)
        gtk_grid_attach(cast(grid), nameEntry, 1, 1, 1, 1)
        let folderLabel = gtk_label_new("Folder")!
        gtk_label_set_xalign(opaque(folderLabel), 0)
        gtk_grid_attach(cast(grid), folderLabel, 0, 2, 1, 1)
        gtk_grid_attach(cast(grid), folderList, 1, 2, 1, 1)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 6)
        gtk_box_append(cast(buttons), removeButton)
        gtk_box_append(cast(buttons), doneButton)
        gtk_grid_attach(cast(grid), buttons, 0, 3, 2, 1)
        gtk_popover_set_child(cast(widget), grid)
        gtk_popover_set_default_widget(cast(widget), doneButton)
        gtk_entry_set_activates_default(cast(nameEntry), 1)
        connections.append(
            SignalConnection.connect(rawPointer(entry), signal: "icon-press") { [weak self] args in
                guard let self, args.enumValue(at: 1) == Int32(GTK_ENTRY_ICON_SECONDARY.rawValue) else {
                    return
                }
                self.commands.send { $0.bookmarkCurrentPage() }
            })
        connections.append(
            SignalConnection.connect(rawPointer(doneButton), signal: "clicked") { [weak self] _ in
                self?.close()
            })
        connections.append(
            SignalConnection.connect(rawPointer(removeButton), signal: "clicked") { [weak self] _ in
                guard let self, let item = editing else { return }
                editing = nil
                gtk_popover_popdown(cast(widget))
                commands.send { $0.removeBookmark(item.bookmarkID) }
            })
        connections.append(
            SignalConnection.connect(rawPointer(widget), signal: "closed") { [weak self] _ in
                self?.applyEdits()
            })
    }

    isolated deinit {
        gtk_widget_unparent(widget)
    }

    /// Whether the popover shows.
    var isEditorShown: Bool { gtk_widget_get_visible(widget) != 0 }

    /// Closes the popover, which applies the edits.
    func close() { gtk_popover_popdown(cast(widget)) }

    private func applyEdits() {
        guard let item = editing else { return }
        editing = nil
        let title = String(cString: gtk_editable_get_text(opaque(nameEntry)))
        let selected = Int(gtk_drop_down_get_selected(opaque(folderList)))
        let folderID = item.folders.indices.contains(selected) ? item.folders[selected].id : item.folderID
        guard title != item.title || folderID != item.folderID else { return }
        commands.send { $0.editBookmark(item.bookmarkID, title: title, folderID: folderID) }
    }

    /// The icon and the words of each state (nil: no star).
    static func icon(_ state: BookmarkStarState) -> (name: String, tooltip: String)? {
        switch state {
        case .hidden: nil
        case .unstarred: ("non-starred-symbolic", "Bookmark This Page")
        case .starred: ("starred-symbolic", "Edit Bookmark")
        }
    }

    // MARK: BookmarkStarConsumer

    public func setStarState(_ state: BookmarkStarState) {
        starState = state
        let icon = Self.icon(state)
        let gtkEntry: UnsafeMutablePointer<GtkEntry> = cast(entry)
        gtk_entry_set_icon_from_icon_name(gtkEntry, GTK_ENTRY_ICON_SECONDARY, icon?.name)
        gtk_entry_set_icon_tooltip_text(gtkEntry, GTK_ENTRY_ICON_SECONDARY, icon?.tooltip)
        gtk_entry_set_icon_activatable(gtkEntry, GTK_ENTRY_ICON_SECONDARY, 1)
        setAccessibleLabelOfEntryIcon(of: entry, secondary: true, icon?.tooltip)
        if state == .hidden, isEditorShown { close() }
    }

    public func showBookmarkEditor(_ item: BookmarkEditorItem) {
        if isEditorShown {
            editing = nil
            close()
        }
        gtk_label_set_text(opaque(heading), item.isNew ? "Bookmark Added" : "Edit Bookmark")
        gtk_editable_set_text(opaque(nameEntry), item.title)
        let list = gtk_string_list_new(nil)!
        for folder in item.folders {
            gtk_string_list_append(list, String(repeating: "    ", count: folder.depth) + folder.title)
        }
        gtk_drop_down_set_model(opaque(folderList), list)
        g_object_unref(UnsafeMutableRawPointer(list))
        let selected = item.folders.firstIndex { $0.id == item.folderID } ?? 0
        gtk_drop_down_set_selected(opaque(folderList), guint(selected))
        editing = item
        guard gtk_widget_get_mapped(entry) != 0 else { return }
        var area = GdkRectangle()
        gtk_entry_get_icon_area(cast(entry), GTK_ENTRY_ICON_SECONDARY, &area)
        if area.width > 0 { gtk_popover_set_pointing_to(cast(widget), &area) }
        gtk_popover_popup(cast(widget))
        gtk_widget_grab_focus(nameEntry)
        gtk_editable_select_region(opaque(nameEntry), 0, -1)
    }

    public func showBookmarkRemoved(title: String) {
        let commands = self.commands
        toasts?.showToast(
            "Removed “\(title)”",
            buttons: [
                ToastButton("Undo", accessibleLabel: "Undo Removing the Bookmark") {
                    commands.send { $0.undoBookmarkRemoval() }
                }
            ])
    }
}
