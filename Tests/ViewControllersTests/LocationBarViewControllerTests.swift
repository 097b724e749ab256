import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

final class LocationBarViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func entryIcon(_ bar: LocationBarViewController) -> String? {
        let entry = UnsafeMutableRawPointer(bar.widget).assumingMemoryBound(to: GtkEntry.self)
        return gtk_entry_get_icon_name(entry, GTK_ENTRY_ICON_PRIMARY).map { String(cString: $0) }
    }

    func testPushesSetTextProgressAndSecurity() {
        onMainActor {
            let bar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            bar.setURLText("https://example.test/")
            XCTAssertEqual(bar.text, "https://example.test/")
            XCTAssertFalse(bar.userModified)
            let entry = UnsafeMutableRawPointer(bar.widget).assumingMemoryBound(to: GtkEntry.self)
            bar.setLoadProgress(0.4)
            XCTAssertEqual(gtk_entry_get_progress_fraction(entry), 0.4, accuracy: 0.001)
            bar.setLoadProgress(nil)
            XCTAssertEqual(gtk_entry_get_progress_fraction(entry), 0)
            let cases: [(LocationBarSecurity, String?, String?)] = [
                (.secure, "channel-secure-symbolic", "Secure connection"),
                (
                    .certificateError, "dialog-warning-symbolic",
                    "Not secure: the site's certificate is not trusted"
                ),
                (.notSecure, "channel-insecure-symbolic", "Not secure: the connection is not encrypted"),
                (.none, nil, nil),
            ]
            for (security, icon, words) in cases {
                bar.setSecurity(security)
                XCTAssertEqual(entryIcon(bar), icon, "\(security)")
                let tooltip = gtk_entry_get_icon_tooltip_text(entry, GTK_ENTRY_ICON_PRIMARY)
                XCTAssertEqual(tooltip.map { String(cString: $0) }, words, "\(security)")
                g_free(tooltip)
                if let words {
                    XCTAssertTrue(gtkshim_accessible_description_is(bar.widget, words) != 0, "\(security)")
                    // The padlock itself says it too.
                    let icons = descendants(of: bar.widget, ofType: gtk_image_get_type())
                    XCTAssertTrue(
                        icons.contains { gtkshim_accessible_label_is($0, words) != 0 }, "\(security)")
                }
            }
        }
    }

    func testEnterSendsWhatWasTyped() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            let bar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            bar.setURLText("https://example.test/")
            gtk_editable_set_text(OpaquePointer(bar.widget), "swift lang")
            XCTAssertTrue(bar.userModified)
            gtkshim_emit(UnsafeMutableRawPointer(bar.widget), "activate")
            XCTAssertEqual(commands.received, ["loadUserInput swift lang"])
            XCTAssertFalse(bar.userModified)
        }
    }

    func testAPushDoesNotOverwriteWhatTheUserIsTyping() {
        onMainActor {
            let bar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_child(window, bar.widget)
            gtk_window_present(window)
            defer { gtk_window_destroy(window) }
            bar.setURLText("https://a.test/")
            bar.focus()
            pump("the focus in the entry") { hasFocus(bar) }
            var start: Int32 = 0
            var end: Int32 = 0
            XCTAssertNotEqual(gtk_editable_get_selection_bounds(OpaquePointer(bar.widget), &start, &end), 0)
            XCTAssertEqual([start, end], [0, Int32(bar.text.count)], "focus() selects the whole URL")
            gtk_editable_set_text(OpaquePointer(bar.widget), "typed")
            XCTAssertTrue(bar.isEditing)
            bar.setURLText("https://b.test/")
            XCTAssertEqual(bar.text, "typed", "the user's text stays while editing")
            XCTAssertEqual(bar.pushedURL, "https://b.test/")
            gtk_window_set_focus(window, nil)
            settle()
            bar.setURLText("https://c.test/")
            XCTAssertEqual(bar.text, "https://c.test/", "after the edit, pushes show again")
        }
    }

    func testANewTabsFocusDropsWhatWasTypedForTheTabBefore() {
        onMainActor {
            let bar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_child(window, bar.widget)
            gtk_window_present(window)
            defer { gtk_window_destroy(window) }
            bar.setURLText("")
            bar.focusForNewTab()
            pump("the focus in the entry") { hasFocus(bar) }
            gtk_editable_set_text(OpaquePointer(bar.widget), "typed for the first new tab")
            // The second new tab's URL is the same (none): no push changes the text.
            bar.setURLText("")
            bar.focusForNewTab()
            XCTAssertEqual(bar.text, "", "the new tab's entry is empty, with its placeholder")
            XCTAssertFalse(bar.isEditing)
            XCTAssertTrue(hasFocus(bar))
        }
    }

    func testEscapePutsThePushedURLBack() {
        onMainActor {
            let bar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            bar.setURLText("https://a.test/")
            XCTAssertFalse(pressEscape(bar), "nothing to revert: Escape goes on")
            gtk_editable_set_text(OpaquePointer(bar.widget), "typed")
            XCTAssertTrue(pressEscape(bar))
            XCTAssertEqual(bar.text, "https://a.test/")
            XCTAssertFalse(bar.userModified)
        }
    }

    /// Runs the entry's Escape shortcut as GTK would on the key; returns whether it was handled.
    @MainActor
    private func pressEscape(_ bar: LocationBarViewController) -> Bool {
        guard let controller = bar.escapeController,
            let item = g_list_model_get_item(controller, 0)
        else { return false }
        defer { g_object_unref(item) }
        let shortcut = OpaquePointer(item)
        return gtk_shortcut_action_activate(
            gtk_shortcut_get_action(shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE, bar.widget, nil) != 0
    }

    @MainActor
    private func hasFocus(_ bar: LocationBarViewController) -> Bool {
        guard let root = gtk_widget_get_root(bar.widget), let focus = gtk_root_get_focus(root) else {
            return false
        }
        return gtk_widget_is_ancestor(focus, bar.widget) != 0
    }
}
