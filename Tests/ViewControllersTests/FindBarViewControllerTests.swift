import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

final class FindBarViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testPushesShowHideAndCount() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            let bar = FindBarViewController(findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            XCTAssertFalse(bar.isShown)
            XCTAssertEqual(bar.matchText, "")
            bar.setVisible(true)
            XCTAssertTrue(bar.isShown)
            bar.setMatches(current: 3, total: 7)
            XCTAssertEqual(bar.matchText, "3 of 7")
            XCTAssertEqual(gtk_widget_get_sensitive(bar.nextButton), 1)
            bar.setMatches(current: 0, total: 0)
            XCTAssertEqual(bar.matchText, "No matches")
            XCTAssertEqual(gtk_widget_get_sensitive(bar.nextButton), 0)
            bar.setVisible(false)
            XCTAssertFalse(bar.isShown)
            settle()
            XCTAssertEqual(commands.received, [], "pushes send no command")
        }
    }

    /// GTK gives no key to a focus widget that is not mapped: the entry must be mapped as
    /// soon as the bar is shown, not at the first frame of a slide, or the key typed right
    /// after Ctrl+F is lost.
    func testTheEntryTakesKeysAsSoonAsTheBarIsShown() {
        onMainActor {
            let bar = FindBarViewController(findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_child(window, bar.widget)
            gtk_window_present(window)
            defer { gtk_window_destroy(window) }
            pump("the window mapped") { gtk_widget_get_mapped(bar.widget) != 0 }
            // With animations on, as on a desktop (the search bar would slide in).
            let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
            var animations = GValue()
            g_value_init(&animations, GType(5 << 2))  // G_TYPE_BOOLEAN
            g_value_set_boolean(&animations, 1)
            g_object_set_property(
                settings.assumingMemoryBound(to: GObject.self), "gtk-enable-animations", &animations)
            g_value_unset(&animations)
            XCTAssertNotNil(FindBarViewController.revealer(in: bar.widget))
            for _ in 0..<3 {
                bar.setVisible(true)
                XCTAssertTrue(bar.isEntryMapped, "mapped at once")
                let focus = gtk_window_get_focus(window)
                XCTAssertTrue(
                    focus.map { $0 == bar.entry || gtk_widget_is_ancestor($0, bar.entry) != 0 } ?? false)
                bar.setVisible(false)
            }
        }
    }

    func testTheCloseButtonHasAnAccessibleName() {
        onMainActor {
            let bar = FindBarViewController(findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            let close = iconButtons(in: bar.widget, "window-close-symbolic")
            XCTAssertEqual(close.count, 1)
            for button in close {
                XCTAssertNotEqual(gtkshim_accessible_label_is(button, "Close Find Bar"), 0)
            }
        }
    }

    func testUserActionsSendFindCommands() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            let bar = FindBarViewController(findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            bar.setVisible(true)
            gtk_editable_set_text(OpaquePointer(bar.entry), "needle")
            pump("the search") { commands.received.contains("find needle") }
            for signal in ["activate", "next-match", "previous-match"] {
                gtkshim_emit(UnsafeMutableRawPointer(bar.entry), signal)
            }
            bar.setMatches(current: 1, total: 2)
            gtkshim_emit(UnsafeMutableRawPointer(bar.nextButton), "clicked")
            gtkshim_emit(UnsafeMutableRawPointer(bar.previousButton), "clicked")
            gtkshim_emit(UnsafeMutableRawPointer(bar.entry), "stop-search")
            XCTAssertEqual(
                Array(commands.received.drop { $0 != "find needle" }),
                [
                    "find needle", "findNext", "findNext", "findPrevious", "findNext", "findPrevious",
                    "hideFindBar",
                ])
            XCTAssertTrue(bar.isShown, "the bar waits for the push to hide")
            // The close button hides the search bar itself: the command follows.
            gtk_search_bar_set_search_mode(OpaquePointer(bar.widget), 0)
            XCTAssertEqual(commands.received.last, "hideFindBar")
        }
    }
}
