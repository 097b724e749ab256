import CGLib
import CGTK
import GLibSupport

// Dragging rows: a row (or the selection it is part of) is dragged as the text
// "bookmarks:<id>,<id>…" and dropped on a folder (in the list or the tree) to move in, on a
// bookmark to go before it, or on the list's empty part to go to the folder's end.
extension BookmarksWindowViewController {
    static let dragPrefix = "bookmarks:"

    /// GLib's string type (`G_TYPE_STRING`, a macro Swift does not import).
    static var stringType: GType { g_type_from_name("gchararray") }

    func addDragSource(to cell: Cell) {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
        gtk_widget_add_controller(cell.root, source)
        cell.connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(source), signal: "prepare") {
                [weak self, unowned cell] arguments in
                guard let self, let id = cell.id else { return }
                let selected = selectedIDs
                let ids = selected.contains(id) ? selected : [id]
                let text = Self.dragPrefix + ids.map(String.init).joined(separator: ",")
                var value = GValue()
                g_value_init(&value, Self.stringType)
                g_value_set_string(&value, text)
                let provider = gdk_content_provider_new_for_value(&value)
                g_value_unset(&value)
                arguments.setReturnValue(object: provider.map { UnsafeMutableRawPointer($0) })
                if let provider { g_object_unref(provider) }
            })
    }

    /// The ids a drop carries, if it is a drag of rows.
    static func draggedIDs(_ arguments: SignalArguments) -> [Int64]? {
        guard let value = arguments.boxed(at: 1)?.assumingMemoryBound(to: GValue.self),
            let string = g_value_get_string(value).map({ String(cString: $0) }), string.hasPrefix(dragPrefix)
        else { return nil }
        let ids = string.dropFirst(dragPrefix.count).split(separator: ",").compactMap { Int64($0) }
        return ids.isEmpty ? nil : ids
    }

    private func dropTarget(
        on widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor ([Int64]) -> Bool
    ) -> SignalConnection {
        let target = gtk_drop_target_new(Self.stringType, GDK_ACTION_MOVE)!
        gtk_widget_add_controller(widget, target)
        return SignalConnection.connect(UnsafeMutableRawPointer(target), signal: "drop") { arguments in
            guard let ids = Self.draggedIDs(arguments) else { return arguments.setReturnValue(false) }
            arguments.setReturnValue(handler(ids))
        }
    }

    /// A list row takes a drop: into it when it is a folder, before it when it is a
    /// bookmark of the listed folder.
    func addDropTarget(to cell: Cell) {
        cell.connections.append(
            dropTarget(on: cell.root) { [weak self, unowned cell] ids in
                guard let self, let id = cell.id, let item = cell.key.flatMap({ items[$0] }) else {
                    return false
                }
                if item.isFolder {
                    guard !ids.contains(id) else { return false }
                    commands.send { $0.moveBookmarks(ids, toFolder: id, before: nil) }
                    return true
                }
                guard !isSearchResult, let folder = selectedFolderID else { return false }
                commands.send { $0.moveBookmarks(ids, toFolder: folder, before: id) }
                return true
            })
    }

    /// A folder of the tree takes a drop into it.
    func addDropTarget(to cell: FolderCell) {
        cell.connections.append(
            dropTarget(on: cell.expander) { [weak self, unowned cell] ids in
                guard let self, let folder = cell.folderID else { return false }
                commands.send { $0.moveBookmarks(ids, toFolder: folder, before: nil) }
                return true
            })
    }

    /// The list's empty part takes a drop to the end of the listed folder.
    func addListDropTarget() {
        connections.append(
            dropTarget(on: listView) { [weak self] ids in
                guard let self, !isSearchResult, let folder = selectedFolderID else { return false }
                commands.send { $0.moveBookmarks(ids, toFolder: folder, before: nil) }
                return true
            })
    }
}
