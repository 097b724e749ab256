import CAdwaita
import CGLib
import CGTK
import Commands
import Foundation
import GLibSupport
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Records what the Bookmarks window sends.
@MainActor
private final class RecordingBookmarksWindowCommands: BookmarksWindowCommands {
    var received: [String] = []
    func selectBookmarkFolder(_ id: Int64) { received.append("select \(id)") }
    func searchBookmarks(_ text: String) { received.append("search \(text)") }
    func openBookmark(_ id: Int64, inBackground: Bool) {
        received.append("open \(id)\(inBackground ? " background" : "")")
    }
    func addBookmarkFolder(titled title: String) { received.append("add \(title)") }
    func editBookmark(_ id: Int64, title: String, url: String?) { received.append("edit \(id) \(title)") }
    func removeBookmarks(_ ids: [Int64]) { received.append("remove \(ids)") }
    func undoBookmarkRemoval() { received.append("undo") }
    func moveBookmarks(_ ids: [Int64], toFolder folderID: Int64, before beforeID: Int64?) {
        received.append("move \(ids) to \(folderID) before \(beforeID.map(String.init) ?? "end")")
    }
}

final class BookmarksWindowViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func makeWindow() -> (BookmarksWindowViewController, RecordingBookmarksWindowCommands) {
        let commands = RecordingBookmarksWindowCommands()
        dispatcher.startDispatching((any BookmarksWindowCommands).self, to: commands)
        let controller = BookmarksWindowViewController(
            commands: dispatcher.sender(for: (any BookmarksWindowCommands).self))
        return (controller, commands)
    }

    private static func folder(_ id: Int64, in parent: Int64?, _ title: String) -> BookmarksWindowFolder {
        BookmarksWindowFolder(id: id, parentID: parent, title: title)
    }

    private static func bookmark(_ id: Int64) -> BookmarksWindowItem {
        BookmarksWindowItem(id: id, title: "Page \(id)", url: "https://a.test/\(id)")
    }

    /// The tree's rows as text, in order: "title" indented two spaces a level.
    @MainActor
    private func treeRows(_ controller: BookmarksWindowViewController) -> [String] {
        let model = controller.tree.model
        return (0..<g_list_model_get_n_items(model)).map { position in
            let row = g_list_model_get_item(model, position)!
            defer { g_object_unref(row) }
            let depth = Int(gtk_tree_list_row_get_depth(OpaquePointer(row)))
            let id = BookmarksWindowViewController.FolderTree.folderID(ofRow: row)!
            return String(repeating: "  ", count: depth) + (controller.tree.titles[id] ?? "?")
        }
    }

    func testTheTreeGrowsAndShrinksByTheFoldersThatChange() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setFolders([Self.folder(1, in: nil, "Menu"), Self.folder(2, in: nil, "Other")])
            XCTAssertEqual(treeRows(controller), ["Menu", "Other"])
            // A first subfolder, then one below it, then a rename.
            controller.setFolders([
                Self.folder(1, in: nil, "Menu"), Self.folder(3, in: 1, "Work"),
                Self.folder(2, in: nil, "Other"),
            ])
            XCTAssertEqual(treeRows(controller), ["Menu", "  Work", "Other"])
            controller.setFolders([
                Self.folder(1, in: nil, "Menu"), Self.folder(3, in: 1, "Work"), Self.folder(4, in: 3, "Old"),
                Self.folder(2, in: nil, "Other"),
            ])
            XCTAssertEqual(treeRows(controller), ["Menu", "  Work", "    Old", "Other"])
            // Work moves to Other with its subfolder; then loses it.
            controller.setFolders([
                Self.folder(1, in: nil, "Menu"), Self.folder(2, in: nil, "Other"),
                Self.folder(3, in: 2, "Work"),
                Self.folder(4, in: 3, "Old"),
            ])
            XCTAssertEqual(treeRows(controller), ["Menu", "Other", "  Work", "    Old"])
            controller.setFolders([
                Self.folder(1, in: nil, "Menu"), Self.folder(2, in: nil, "Other"),
                Self.folder(3, in: 2, "Jobs"),
            ])
            XCTAssertEqual(treeRows(controller), ["Menu", "Other", "  Jobs"])
        }
    }

    func testChoosingAFolderSendsItAndAPushedSelectionIsNotSentBack() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setFolders([
                Self.folder(1, in: nil, "Menu"), Self.folder(3, in: 1, "Work"),
                Self.folder(2, in: nil, "Other"),
            ])
            controller.setSelectedFolder(1)
            XCTAssertEqual(gtk_single_selection_get_selected(controller.folderSelection), 0)
            XCTAssertEqual(commands.received, [])
            gtk_single_selection_set_selected(controller.folderSelection, 1)
            XCTAssertEqual(commands.received, ["select 3"])
            // A push that reorders the tree keeps the row selected.
            controller.setFolders([
                Self.folder(1, in: nil, "Menu"), Self.folder(2, in: nil, "Other"),
                Self.folder(3, in: 2, "Work"),
            ])
            XCTAssertEqual(gtk_single_selection_get_selected(controller.folderSelection), 2)
            XCTAssertEqual(commands.received, ["select 3"])
        }
    }

    func testDeleteSendsEverySelectedRowAtOnceAndTheToastsUndoUndoes() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setItems((1...5).map(Self.bookmark), isSearchResult: false)
            XCTAssertEqual(controller.keys, ["n:1", "n:2", "n:3", "n:4", "n:5"])
            XCTAssertFalse(controller.actions.isEnabled("delete-selected"))
            gtk_selection_model_select_item(controller.selection, 1, 0)
            gtk_selection_model_select_item(controller.selection, 3, 0)
            XCTAssertTrue(controller.actions.isEnabled("delete-selected"))
            XCTAssertFalse(controller.actions.isEnabled("edit-selected"), "one row at a time")
            controller.actions.activate("delete-selected")
            XCTAssertEqual(commands.received, ["remove [2, 4]"])
            controller.setItems([1, 3, 5].map(Self.bookmark), isSearchResult: false)
            controller.showRemoval("2 bookmarks deleted")
            controller.actions.activate("undo")
            XCTAssertEqual(commands.received.last, "undo")
            // The rows that stay keep their selection when the others come back.
            gtk_selection_model_select_item(controller.selection, 2, 1)
            controller.setItems((1...5).map(Self.bookmark), isSearchResult: false)
            XCTAssertEqual(controller.selectedIDs, [5])
        }
    }

    func testAnEmptyFolderAndAnEmptySearchSaySo() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setItems([], isSearchResult: false)
            XCTAssertEqual(
                String(cString: adw_status_page_get_title(opaque(controller.emptyPage))),
                BookmarksWindowViewController.noBookmarksTitle)
            controller.setItems([], isSearchResult: true)
            XCTAssertEqual(
                String(cString: adw_status_page_get_title(opaque(controller.emptyPage))),
                BookmarksWindowViewController.noResultsTitle)
            controller.setItems((1...10_000).map(Self.bookmark), isSearchResult: false)
            XCTAssertEqual(Int(g_list_model_get_n_items(controller.model)), 10_000)
            XCTAssertEqual(gtk_widget_get_child_visible(controller.emptyPage), 0)
        }
    }
}
