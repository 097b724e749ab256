import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

@MainActor
private final class RecordingBookmarkStarCommands: BookmarkStarCommands {
    var received: [String] = []
    func bookmarkCurrentPage() { received.append("bookmark") }
    func editBookmark(_ id: Int64, title: String, folderID: Int64) {
        received.append("edit \(id) \(title) \(folderID)")
    }
    func removeBookmark(_ id: Int64) { received.append("remove \(id)") }
    func undoBookmarkRemoval() { received.append("undo") }
}

@MainActor
private final class RecordingToasts: ToastPresenter {
    var titles: [String] = []
    var buttons: [ToastButton] = []
    func showToast(_ title: String) { titles.append(title) }
    func showToast(_ title: String, buttons: [ToastButton]) {
        titles.append(title)
        self.buttons = buttons
    }
}

final class BookmarkStarViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    private let item = BookmarkEditorItem(
        bookmarkID: 7, title: "Page", url: "https://a.test/",
        folders: [
            BookmarkFolderChoice(id: 1, title: "Bookmarks Menu", depth: 0),
            BookmarkFolderChoice(id: 2, title: "Other Bookmarks", depth: 0),
            BookmarkFolderChoice(id: 9, title: "Reading", depth: 1),
        ], folderID: 1, isNew: true)

    func testTheStarIsTheEntrysSecondaryIconAndAClickSendsTheCommand() {
        onMainActor {
            let commands = RecordingBookmarkStarCommands()
            dispatcher.startDispatching((any BookmarkStarCommands).self, to: commands)
            let entry = gtk_entry_new()!
            let star = BookmarkStarViewController(
                entry: entry, commands: dispatcher.sender(for: (any BookmarkStarCommands).self), toasts: nil)
            func iconName() -> String? {
                gtk_entry_get_icon_name(
                    UnsafeMutableRawPointer(entry).assumingMemoryBound(to: GtkEntry.self),
                    GTK_ENTRY_ICON_SECONDARY
                ).map { String(cString: $0) }
            }
            XCTAssertNil(iconName())
            star.setStarState(.unstarred)
            XCTAssertEqual(iconName(), "non-starred-symbolic")
            star.setStarState(.starred)
            XCTAssertEqual(iconName(), "starred-symbolic")
            gtkshim_emit_entry_icon_press(UnsafeMutableRawPointer(entry), GTK_ENTRY_ICON_SECONDARY)
            XCTAssertEqual(commands.received, ["bookmark"])
            gtkshim_emit_entry_icon_press(UnsafeMutableRawPointer(entry), GTK_ENTRY_ICON_PRIMARY)
            XCTAssertEqual(commands.received, ["bookmark"], "the security icon is not the star")
            star.setStarState(.hidden)
            XCTAssertNil(iconName())
        }
    }

    func testThePopoverAppliesItsEditsWhenItClosesAndRemoveOffersUndo() {
        onMainActor {
            let commands = RecordingBookmarkStarCommands()
            dispatcher.startDispatching((any BookmarkStarCommands).self, to: commands)
            let toasts = RecordingToasts()
            let entry = gtk_entry_new()!
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_child(window, entry)
            gtk_window_present(window)
            defer { gtk_window_destroy(window) }
            let star = BookmarkStarViewController(
                entry: entry, commands: dispatcher.sender(for: (any BookmarkStarCommands).self),
                toasts: toasts)
            star.setStarState(.starred)
            pump("the window mapped") { gtk_widget_get_mapped(entry) != 0 }
            star.showBookmarkEditor(item)
            XCTAssertTrue(star.isEditorShown)
            XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(star.nameEntry))), "Page")
            XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(star.folderList)), 0)
            gtk_editable_set_text(OpaquePointer(star.nameEntry), "Renamed")
            gtk_drop_down_set_selected(OpaquePointer(star.folderList), 2)
            gtkshim_emit(UnsafeMutableRawPointer(star.doneButton), "clicked")
            pump("the popover closed") { !star.isEditorShown }
            XCTAssertEqual(commands.received, ["edit 7 Renamed 9"])

            star.showBookmarkEditor(item)
            gtkshim_emit(UnsafeMutableRawPointer(star.doneButton), "clicked")
            pump("the popover closed") { !star.isEditorShown }
            XCTAssertEqual(commands.received, ["edit 7 Renamed 9"], "nothing changed, nothing sent")

            star.showBookmarkEditor(item)
            gtk_editable_set_text(OpaquePointer(star.nameEntry), "Not kept")
            gtkshim_emit(UnsafeMutableRawPointer(star.removeButton), "clicked")
            pump("the popover closed") { !star.isEditorShown }
            XCTAssertEqual(commands.received, ["edit 7 Renamed 9", "remove 7"])
            star.showBookmarkRemoved(title: "Page")
            XCTAssertEqual(toasts.titles, ["Removed “Page”"])
            toasts.buttons.first?.action()
            XCTAssertEqual(commands.received.last, "undo")
        }
    }
}
