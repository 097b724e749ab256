import CGLib
import CGTK
import GLibSupport
import UIInterfaces

extension BookmarksWindowViewController {
    /// The folder tree's model: a `GtkTreeListModel` (every row expanded) whose rows are
    /// string lists of folder ids, one list a folder that holds folders. A push changes each
    /// list by splices, so the rows that stay keep their expansion and selection.
    @MainActor
    final class FolderTree {
        /// The tree (a `GtkTreeListModel *`, a `GListModel` of `GtkTreeListRow`s).
        let model: OpaquePointer
        private let modelOwnership: GObjectRef
        /// The lists the tree reads, by folder id (0: the top level); shared with the C
        /// function that gives the tree a row's children.
        private let lists: Lists
        /// The child folder ids, by folder id (0: the top level), as the lists hold them.
        private(set) var children: [Int64: [Int64]] = [:]
        private(set) var titles: [Int64: String] = [:]

        /// The string lists, reached from C: the tree asks for a row's children through
        /// ``childModel``, on the main thread.
        final class Lists: @unchecked Sendable {
            var byFolder: [Int64: GObjectRef] = [:]
        }

        init() {
            lists = Lists()
            let top = GObjectRef(adopting: UnsafeMutableRawPointer(gtk_string_list_new(nil)!))
            lists.byFolder[0] = top
            let data = Unmanaged.passRetained(lists).toOpaque()
            // The tree takes a reference to the top list of its own (transfer full).
            g_object_ref(top.pointer)
            model = gtk_tree_list_model_new(
                OpaquePointer(top.pointer), 0, 1,
                { item, data in
                    guard let item, let data else { return nil }
                    let lists = Unmanaged<Lists>.fromOpaque(data).takeUnretainedValue()
                    guard let string = gtk_string_object_get_string(OpaquePointer(item)),
                        let id = Int64(String(cString: string)), let list = lists.byFolder[id]
                    else { return nil }
                    return OpaquePointer(g_object_ref(list.pointer))
                },
                data,
                { data in
                    guard let data else { return }
                    Unmanaged<Lists>.fromOpaque(data).release()
                })
            // A reference of its own: the tree's selection takes the one the tree came with.
            modelOwnership = GObjectRef(retaining: UnsafeMutableRawPointer(model))
        }

        /// Shows `folders` (parents before children, siblings in order).
        func apply(_ folders: [BookmarksWindowFolder]) {
            var newChildren: [Int64: [Int64]] = [:]
            var newTitles: [Int64: String] = [:]
            for folder in folders {
                newChildren[folder.parentID ?? 0, default: []].append(folder.id)
                newTitles[folder.id] = folder.title
            }
            titles = newTitles
            let old = children
            // A folder that gains or loses its first child folder: the tree asked for its
            // children when it showed it, so it is put in its place again to be asked anew.
            let shown = Set(old.values.joined())
            let flipped = folders.map(\.id).filter { id in
                shown.contains(id) && (old[id]?.isEmpty ?? true) != (newChildren[id]?.isEmpty ?? true)
            }
            // Deepest first, so that a folder's list is ready when the folder is put in its
            // parent's.
            for folder in folders.reversed() where newChildren[folder.id] != nil {
                update(folder.id, from: old[folder.id] ?? [], to: newChildren[folder.id] ?? [])
            }
            update(0, from: old[0] ?? [], to: newChildren[0] ?? [])
            for id in old.keys where id != 0 && newChildren[id] == nil {
                lists.byFolder[id] = nil
            }
            children = newChildren
            for id in flipped {
                guard let parent = folders.first(where: { $0.id == id }).map({ $0.parentID ?? 0 }),
                    let list = lists.byFolder[parent], let index = newChildren[parent]?.firstIndex(of: id)
                else { continue }
                BookmarksWindowViewController.Splices.splice(
                    OpaquePointer(list.pointer), at: index, removing: 1, inserting: [String(id)])
            }
        }

        private func update(_ folder: Int64, from oldIDs: [Int64], to newIDs: [Int64]) {
            var before = oldIDs
            if lists.byFolder[folder] == nil {
                lists.byFolder[folder] = GObjectRef(
                    adopting: UnsafeMutableRawPointer(gtk_string_list_new(nil)!))
                before = []
            }
            BookmarksWindowViewController.Splices.apply(
                newIDs.map(String.init), over: before.map(String.init),
                to: OpaquePointer(lists.byFolder[folder]!.pointer))
        }

        /// The row of the folder `id` in the tree, if shown.
        func position(of id: Int64) -> Int? {
            let count = g_list_model_get_n_items(model)
            for position in 0..<count {
                if folderID(at: Int(position)) == id { return Int(position) }
            }
            return nil
        }

        /// The folder of the tree's row at `position`.
        func folderID(at position: Int) -> Int64? {
            guard let row = g_list_model_get_item(model, guint(position)) else { return nil }
            defer { g_object_unref(row) }
            return Self.folderID(ofRow: row)
        }

        /// The folder of a `GtkTreeListRow *`.
        static func folderID(ofRow row: UnsafeMutableRawPointer) -> Int64? {
            guard let item = gtk_tree_list_row_get_item(OpaquePointer(row)) else { return nil }
            defer { g_object_unref(item) }
            return gtk_string_object_get_string(OpaquePointer(item)).flatMap { Int64(String(cString: $0)) }
        }
    }
}
