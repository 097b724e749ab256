import CAdwaita
import CGLib
import CGTK
import Commands
import UIInterfaces
import XCTest

@testable import ViewControllers

final class RecentlyClosedViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    /// A window hosting a recently closed view controller, as the coordinator makes them.
    @MainActor
    private func makeWindowWithMenu() -> (
        BrowserWindowViewController, RecentlyClosedViewController, RecordingCommands
    ) {
        let (window, commands) = makeBrowserWindow()
        let controller = RecentlyClosedViewController(commandUpdater: window)
        window.recentlyClosed = controller
        return (window, controller, commands)
    }

    func testTheSubmenuFollowsThePushes() {
        onMainActor {
            let (window, controller, commands) = makeWindowWithMenu()
            defer { gtk_window_destroy(window.window) }
            var entries = recentlyClosedEntries(window)
            XCTAssertEqual(entries.map(\.label), ["Reopen Closed Tab", "Restore Previous Session"])
            XCTAssertEqual(
                entries.map(\.action), ["browser.reopen-closed-tab", "browser.restore-previous-session"])
            XCTAssertEqual(entries[1].hiddenWhen, "action-disabled", "shown only when it can be done")
            XCTAssertFalse(window.actions.isEnabled("reopen-closed-tab"), "nothing to reopen")
            XCTAssertFalse(window.actions.isEnabled("restore-previous-session"))

            controller.setRecentlyClosedItems([
                RecentlyClosedItem(id: 7, title: "Example Domain"),
                RecentlyClosedItem(id: 6, title: "  "),
                RecentlyClosedItem(id: 5, title: "", isWindow: true, tabCount: 3),
                RecentlyClosedItem(id: 4, title: "News\nToday", isWindow: true, tabCount: 3),
                RecentlyClosedItem(id: 3, title: "Solo", isWindow: true, tabCount: 1),
                RecentlyClosedItem(id: 2, title: "snake_case"),
                RecentlyClosedItem(id: 1, title: String(repeating: "a", count: 100)),
            ])
            entries = recentlyClosedEntries(window)
            XCTAssertEqual(
                entries.dropFirst(2).map(\.label),
                [
                    "Example Domain", "Untitled", "Window (3 tabs)", "News Today and 2 more", "Solo",
                    "snake__case",
                    String(repeating: "a", count: 59) + "…",
                ])
            XCTAssertEqual(entries.dropFirst(2).map(\.target), [7, 6, 5, 4, 3, 2, 1])
            XCTAssertEqual(Set(entries.dropFirst(2).map(\.action)), ["browser.reopen-closed"])
            XCTAssertTrue(window.actions.isEnabled("reopen-closed-tab"))

            controller.setCanRestorePreviousSession(true)
            XCTAssertTrue(window.actions.isEnabled("restore-previous-session"))
            controller.setCanRestorePreviousSession(false)
            XCTAssertFalse(window.actions.isEnabled("restore-previous-session"))

            controller.setRecentlyClosedItems([RecentlyClosedItem(id: 8, title: "Last")])
            XCTAssertEqual(recentlyClosedEntries(window).dropFirst(2).map(\.label), ["Last"])
            controller.setRecentlyClosedItems([])
            XCTAssertEqual(recentlyClosedEntries(window).count, 2)
            XCTAssertFalse(window.actions.isEnabled("reopen-closed-tab"))
            XCTAssertEqual(commands.received, [], "pushes send no command")
        }
    }

    func testAReplacedViewControllersEntriesLeaveTheSubmenu() {
        onMainActor {
            let (window, controller, _) = makeWindowWithMenu()
            defer { gtk_window_destroy(window.window) }
            controller.setRecentlyClosedItems([RecentlyClosedItem(id: 1, title: "Old")])
            let other = RecentlyClosedViewController(commandUpdater: window)
            other.setRecentlyClosedItems([RecentlyClosedItem(id: 2, title: "New")])
            window.recentlyClosed = other
            XCTAssertEqual(recentlyClosedEntries(window).dropFirst(2).map(\.label), ["New"])
            window.recentlyClosed = nil
            XCTAssertEqual(
                recentlyClosedEntries(window).map(\.label), ["Reopen Closed Tab", "Restore Previous Session"])
        }
    }

    func testTheActionsAndTheShortcutSendCommandsOnlyWhenEnabled() {
        onMainActor {
            let (window, controller, commands) = makeWindowWithMenu()
            defer { gtk_window_destroy(window.window) }
            let widget = UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: GtkWidget.self)
            XCTAssertEqual(press("<Shift><Control>t", in: window), false, "disabled: the key goes on")
            window.actions.activate("restore-previous-session")
            XCTAssertEqual(commands.received, [], "disabled actions send nothing")

            controller.setRecentlyClosedItems([
                RecentlyClosedItem(id: 42, title: "Closed"), RecentlyClosedItem(id: 41, title: "Older"),
            ])
            XCTAssertEqual(press("<Shift><Control>t", in: window), true)
            XCTAssertEqual(commands.received, ["reopenLastClosed"])
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(widget, "browser.reopen-closed", g_variant_new_int64(41)),
                0)
            XCTAssertEqual(commands.received.last, "reopenClosedEntry 41")
            XCTAssertNotEqual(gtk_widget_activate_action_variant(widget, "browser.reopen-closed-tab", nil), 0)
            XCTAssertEqual(commands.received.last, "reopenLastClosed")

            controller.setCanRestorePreviousSession(true)
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(widget, "browser.restore-previous-session", nil), 0)
            XCTAssertEqual(
                commands.received,
                ["reopenLastClosed", "reopenClosedEntry 41", "reopenLastClosed", "restorePreviousSession"])
        }
    }

    func testAWindowWithoutTheViewControllerCannotReopen() {
        onMainActor {
            let (window, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(window.window) }
            XCTAssertEqual(press("<Shift><Control>t", in: window), false)
            XCTAssertEqual(
                recentlyClosedEntries(window).map(\.label), ["Reopen Closed Tab", "Restore Previous Session"])
            XCTAssertEqual(commands.received, [])
        }
    }
}
