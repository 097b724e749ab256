import CAdwaita
import CGTK
import GLibSupport
import GTKShims

// The Bookmarks window's recycled rows: the list's and the tree's.
extension BookmarksWindowViewController {
    /// The widgets of one recycled list row, and the key it shows.
    @MainActor
    final class Cell {
        let root: UnsafeMutablePointer<GtkWidget>
        let icon: UnsafeMutablePointer<GtkWidget>
        let title: UnsafeMutablePointer<GtkWidget>
        let detail: UnsafeMutablePointer<GtkWidget>
        var key: String?
        var connections: [SignalConnection] = []

        init() {
            root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
            gtk_widget_set_margin_top(root, 4)
            gtk_widget_set_margin_bottom(root, 4)
            gtk_widget_set_margin_start(root, 6)
            icon = gtk_image_new()
            gtk_image_set_pixel_size(opaque(icon), 16)
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
            gtk_widget_set_hexpand(column, 1)
            gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
            title = gtk_label_new(nil)
            gtk_label_set_xalign(opaque(title), 0)
            gtk_label_set_ellipsize(opaque(title), PANGO_ELLIPSIZE_END)
            detail = gtk_label_new(nil)
            gtk_label_set_xalign(opaque(detail), 0)
            gtk_label_set_ellipsize(opaque(detail), PANGO_ELLIPSIZE_MIDDLE)
            gtk_widget_add_css_class(detail, "dim-label")
            gtk_widget_add_css_class(detail, "caption")
            gtk_box_append(cast(column), title)
            gtk_box_append(cast(column), detail)
            gtk_box_append(cast(root), icon)
            gtk_box_append(cast(root), column)
        }

        /// The node the row shows, if any.
        var id: Int64? { key.flatMap(BookmarksWindowViewController.id(ofKey:)) }
    }

    /// The widgets of one recycled row of the folder tree.
    @MainActor
    final class FolderCell {
        let expander: UnsafeMutablePointer<GtkWidget>
        let label: UnsafeMutablePointer<GtkWidget>
        var folderID: Int64?
        var connections: [SignalConnection] = []

        init() {
            expander = gtk_tree_expander_new()
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
            let icon = gtk_image_new_from_icon_name("folder-symbolic")!
            label = gtk_label_new(nil)
            gtk_label_set_xalign(opaque(label), 0)
            gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
            gtk_box_append(cast(box), icon)
            gtk_box_append(cast(box), label)
            gtk_tree_expander_set_child(opaque(expander), box)
        }
    }

    // MARK: The list's rows

    func setUp(_ listItem: UnsafeMutableRawPointer) {
        let cell = Cell()
        gtk_list_item_set_child(OpaquePointer(listItem), cell.root)
        // A middle click opens in a background tab.
        let middle = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(middle, 2)
        gtk_widget_add_controller(cell.root, middle)
        cell.connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(middle), signal: "pressed") {
                [weak self, unowned cell] _ in
                guard let id = cell.id else { return }
                self?.commands.send { $0.openBookmark(id, inBackground: true) }
            })
        addDragSource(to: cell)
        addDropTarget(to: cell)
        cells[listItem] = cell
    }

    func bind(_ listItem: UnsafeMutableRawPointer) {
        guard let cell = cells[listItem] else { return }
        let object = gtk_list_item_get_item(OpaquePointer(listItem))
        cell.key = object.flatMap { gtk_string_object_get_string(OpaquePointer($0)) }.map {
            String(cString: $0)
        }
        bind(cell)
    }

    /// Shows in `cell` the values its key has now.
    func bind(_ cell: Cell) {
        guard let key = cell.key, let item = items[key] else { return }
        if let url = item.url {
            gtk_label_set_text(opaque(cell.title), item.title.isEmpty ? url : item.title)
            gtk_label_set_text(opaque(cell.detail), item.location.map { "\($0) — \(url)" } ?? url)
            gtk_widget_set_tooltip_text(cell.root, url)
            if textures[url] == nil, let png = item.favicon, let texture = Self.texture(png) {
                if textures.count >= Self.textureCacheLimit { textures.removeAll() }
                textures[url] = texture
            }
            if let texture = textures[url] {
                gtk_image_set_from_paintable(opaque(cell.icon), OpaquePointer(texture.pointer))
            } else {
                gtk_image_set_from_icon_name(opaque(cell.icon), "web-browser-symbolic")
            }
        } else {
            gtk_label_set_text(opaque(cell.title), item.title)
            gtk_label_set_text(opaque(cell.detail), item.location ?? "Folder")
            gtk_widget_set_tooltip_text(cell.root, nil)
            gtk_image_set_from_icon_name(opaque(cell.icon), "folder-symbolic")
        }
    }

    // MARK: The tree's rows

    func connectFolderSignals(factory: UnsafeMutableRawPointer) {
        connections += connectListItemFactory(
            factory,
            setUp: { [weak self] item in
                guard let self else { return }
                let cell = FolderCell()
                gtk_list_item_set_child(OpaquePointer(item), cell.expander)
                addDropTarget(to: cell)
                folderCells[item] = cell
            },
            bind: { [weak self] item in
                guard let self, let cell = folderCells[item] else { return }
                let row = gtk_list_item_get_item(OpaquePointer(item))
                gtk_tree_expander_set_list_row(opaque(cell.expander), row.map(OpaquePointer.init))
                cell.folderID = row.flatMap { FolderTree.folderID(ofRow: $0) }
                bind(cell)
            },
            unbind: { [weak self] item in
                guard let cell = self?.folderCells[item] else { return }
                gtk_tree_expander_set_list_row(opaque(cell.expander), nil)
                cell.folderID = nil
            },
            tearDown: { [weak self] item in self?.folderCells[item] = nil })
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(folderSelection), signal: "selection-changed") {
                [weak self] _ in
                guard let self, !isPushing else { return }
                let position = gtk_single_selection_get_selected(folderSelection)
                guard position != GTK_INVALID_LIST_POSITION, let id = tree.folderID(at: Int(position)),
                    id != selectedFolderID
                else { return }
                selectedFolderID = id
                commands.send { $0.selectBookmarkFolder(id) }
            })
    }

    func bind(_ cell: FolderCell) {
        guard let id = cell.folderID else { return }
        gtk_label_set_text(opaque(cell.label), tree.titles[id] ?? "")
    }

    /// Selects the folder `id`'s row in the tree, without sending it as the user's choice.
    func selectFolderRow(_ id: Int64) {
        guard let position = tree.position(of: id) else { return }
        isPushing = true
        gtk_single_selection_set_selected(folderSelection, guint(position))
        isPushing = false
    }
}
