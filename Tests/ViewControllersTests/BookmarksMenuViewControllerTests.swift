import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

@MainActor
private final class RecordingBookmarksMenuCommands: BookmarksMenuCommands {
    var received: [String] = []
    func openBookmark(_ id: Int64, inNewTab: Bool) {
        received.append("open \(id)\(inNewTab ? " new tab" : "")")
    }
    func openAllBookmarks(inFolder id: Int64) { received.append("open all \(id)") }
}

final class BookmarksMenuViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    private let entries = [
        BookmarksMenuEntry(
            id: 10, title: "Folder",
            children: [
                BookmarksMenuEntry(id: 11, title: "Inner", url: "https://i.test/"),
                BookmarksMenuEntry(id: 12, title: "Empty folder"),
            ]),
        BookmarksMenuEntry(id: 20, title: "Top", url: "https://t.test/"),
        BookmarksMenuEntry(id: 2, title: "Other Bookmarks"),
    ]

    func testFoldersAreSubmenusAndRowsSendTheirCommands() {
        onMainActor {
            let commands = RecordingBookmarksMenuCommands()
            dispatcher.startDispatching((any BookmarksMenuCommands).self, to: commands)
            let menu = BookmarksMenuViewController(
                commands: dispatcher.sender(for: (any BookmarksMenuCommands).self))
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_child(window, menu.widget)
            gtk_window_present(window)
            defer { gtk_window_destroy(window) }
            menu.setBookmarksMenu(entries, rootID: 1)
            gtk_menu_button_popup(OpaquePointer(menu.widget))
            XCTAssertEqual(menu.shownRowTitles, ["Folder", "Top", "Other Bookmarks", "Open All in Tabs"])
            menu.activateRow(at: 1, middle: true)
            XCTAssertEqual(commands.received, ["open 20 new tab"])
            menu.activateRow(at: 0)
            XCTAssertEqual(menu.shownRowTitles, ["Folder", "Inner", "Empty folder", "Open All in Tabs"])
            menu.activateRow(at: 2)
            XCTAssertEqual(menu.shownRowTitles, ["Empty folder", "(Empty)"])
            menu.activateRow(at: 0)
            XCTAssertEqual(menu.shownRowTitles.first, "Folder", "the first row goes back")
            menu.activateRow(at: 3)
            XCTAssertEqual(commands.received, ["open 20 new tab", "open all 10"])
            menu.activateRow(at: 1)
            XCTAssertEqual(commands.received.last, "open 11")
        }
    }

    func testAChangeWhileClosedShowsAtTheNextOpeningFromTheTop() {
        onMainActor {
            let menu = BookmarksMenuViewController(
                commands: dispatcher.sender(for: (any BookmarksMenuCommands).self))
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_child(window, menu.widget)
            gtk_window_present(window)
            defer { gtk_window_destroy(window) }
            menu.setBookmarksMenu(entries, rootID: 1)
            gtk_menu_button_popup(OpaquePointer(menu.widget))
            menu.activateRow(at: 0)
            gtk_menu_button_popdown(OpaquePointer(menu.widget))
            menu.setBookmarksMenu(
                [BookmarksMenuEntry(id: 30, title: "New", url: "https://n.test/")] + entries, rootID: 1)
            gtk_menu_button_popup(OpaquePointer(menu.widget))
            XCTAssertEqual(
                menu.shownRowTitles, ["New", "Folder", "Top", "Other Bookmarks", "Open All in Tabs"])
        }
    }
}
