import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// What the fullscreen mediator publishes, set by hand.
@MainActor
private final class RevealSource: BroadcastSource {
    let broadcastNotifier = BroadcastNotifier()
    var isRevealed = false { didSet { broadcastNotifier.valuesDidChange() } }
}

/// Records the window's published properties: "fullscreen", "pointer" and "focus" with each
/// new value.
@MainActor
private final class WindowPropertiesRecorder {
    var log: [String] = []
    func follow(_ broadcaster: Broadcaster) {
        broadcaster.addObserver(self, for: .isFullscreen) { $0.log.append("fullscreen \($1)") }
        broadcaster.addObserver(self, for: .fullscreenPointerPosition) { $0.log.append("pointer \($1)") }
        broadcaster.addObserver(self, for: .isFocusInToolbar) { $0.log.append("focus \($1)") }
    }
}

/// A stand-in embedded view controller.
@MainActor
private final class LabelViewController: ViewController {
    let widget: UnsafeMutablePointer<GtkWidget>
    init(_ text: String) {
        widget = gtk_label_new(text)
        _ = g_object_ref_sink(UnsafeMutableRawPointer(widget))
    }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(widget)) }
}

final class BrowserWindowViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func makeWindow() -> (BrowserWindowViewController, RecordingCommands) {
        let commands = RecordingCommands()
        commands.register(on: dispatcher)
        let window = UnsafeMutableRawPointer(adw_window_new()!).assumingMemoryBound(to: GtkWindow.self)
        let controller = BrowserWindowViewController(
            window: window,
            browser: dispatcher.sender(for: (any BrowserCommands).self),
            application: dispatcher.sender(for: (any ApplicationCommands).self),
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
            navigation: dispatcher.sender(for: (any NavigationCommands).self),
            findInPage: dispatcher.sender(for: (any FindInPageCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self),
            downloads: dispatcher.sender(for: (any DownloadsCommands).self))
        return (controller, commands)
    }

    /// Activates the shortcut whose trigger prints as `trigger`, as the controller would on the
    /// key; returns whether it was handled.
    @MainActor
    private func press(_ trigger: String, in controller: BrowserWindowViewController) -> Bool? {
        let model = controller.shortcutController
        for index in 0..<g_list_model_get_n_items(model) {
            let shortcut = OpaquePointer(g_list_model_get_item(model, index)!)
            defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
            let printed = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))!
            defer { g_free(printed) }
            guard String(cString: printed) == trigger else { continue }
            return gtk_shortcut_action_activate(
                gtk_shortcut_get_action(shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                UnsafeMutableRawPointer(controller.window).assumingMemoryBound(to: GtkWidget.self), nil) != 0
        }
        return nil
    }

    /// One item of a menu model, its sections flattened: its attributes, and its submenu.
    private struct MenuEntry {
        var label: String?
        var action: String?
        var target: Int?
        var hiddenWhen: String?
        var submenu: UnsafeMutablePointer<GMenuModel>?
    }

    /// The items of `model`, with those of its sections in their place.
    @MainActor
    private func entries(of model: UnsafeMutablePointer<GMenuModel>) -> [MenuEntry] {
        func string(_ index: Int32, _ name: String) -> String? {
            guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else {
                return nil
            }
            defer { g_variant_unref(value) }
            guard String(cString: g_variant_get_type_string(value)) == "s" else { return nil }
            return String(cString: g_variant_get_string(value, nil))
        }
        var result: [MenuEntry] = []
        for index in 0..<g_menu_model_get_n_items(model) {
            if let section = g_menu_model_get_item_link(model, index, "section") {
                defer { g_object_unref(UnsafeMutableRawPointer(section)) }
                result += entries(of: section)
                continue
            }
            var target: Int?
            if let value = g_menu_model_get_item_attribute_value(model, index, "target", nil) {
                if String(cString: g_variant_get_type_string(value)) == "x" {
                    target = Int(g_variant_get_int64(value))
                }
                g_variant_unref(value)
            }
            let submenu = g_menu_model_get_item_link(model, index, "submenu")
            // The main menu holds the submenu: the reference taken here need not outlive the call.
            if let submenu { g_object_unref(UnsafeMutableRawPointer(submenu)) }
            result.append(
                MenuEntry(
                    label: string(index, "label"), action: string(index, "action"), target: target,
                    hiddenWhen: string(index, "hidden-when"), submenu: submenu)
            )
        }
        return result
    }

    /// The items of the main menu's "Recently Closed" submenu.
    @MainActor
    private func recentlyClosedEntries(_ controller: BrowserWindowViewController) -> [MenuEntry] {
        let menu = gtk_menu_button_get_menu_model(OpaquePointer(controller.menuButton))!
        guard let submenu = entries(of: menu).first(where: { $0.label == "Recently Closed" })?.submenu else {
            XCTFail("no Recently Closed submenu")
            return []
        }
        return entries(of: submenu)
    }

    func testAnIncognitoWindowLooksApartWithANamedMark() {
        onMainActor {
            let (controller, _) = makeWindow()
            XCTAssertFalse(controller.hasIncognitoStyle, "a regular window looks regular")
            XCTAssertEqual(gtk_widget_get_visible(controller.incognitoIcon), 0)
            controller.showIncognitoStyle()
            XCTAssertTrue(controller.hasIncognitoStyle)
            XCTAssertNotEqual(gtkshim_accessible_label_is(controller.incognitoIcon, "Incognito"), 0)
            gtk_window_destroy(controller.window)
        }
    }

    func testTheWindowTitleFollowsThePushes() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            for title in ["Page — Swiftlet", "Swiftlet", "Private — Swiftlet (Incognito)"] {
                controller.setWindowTitle(title)
                XCTAssertEqual(controller.windowTitle, title)
                XCTAssertEqual(gtk_window_get_title(controller.window).map { String(cString: $0) }, title)
            }
        }
    }

    func testFinishedDownloadsShowAToastOverTheContent() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let content = LabelViewController("content")
            controller.content = content
            XCTAssertNotEqual(gtk_widget_is_ancestor(content.widget, controller.toastOverlay), 0)
            controller.showDownloadFinished(fileName: "a&b.zip")
            controller.showDownloadFailed(fileName: "c.zip")
            XCTAssertEqual(
                controller.toastTitles, ["“a&b.zip” downloaded", "“c.zip” could not be downloaded"])
        }
    }

    func testDownloadsUnderWayAreListedWithProgressAndCanBeCancelled() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertEqual(gtk_widget_get_visible(controller.downloadsButton), 0, "no downloads: no button")
            XCTAssertNotEqual(gtkshim_accessible_label_is(controller.downloadsButton, "Downloads"), 0)

            controller.setDownloads([
                DownloadItem(id: 7, fileName: "a.zip", progress: 0.25, receivedBytes: 25, expectedBytes: 100),
                DownloadItem(id: 9, fileName: "stream.bin", receivedBytes: 4096),
            ])
            XCTAssertEqual(gtk_widget_get_visible(controller.downloadsButton), 1)
            XCTAssertEqual(controller.downloadRows.map(\.id), [7, 9])
            let first = controller.downloadRows[0].row
            let fraction = { gtk_progress_bar_get_fraction(OpaquePointer(first.progressBar)) }
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(first.label))), "a.zip")
            XCTAssertEqual(fraction(), 0.25, accuracy: 0.001)
            XCTAssertNotEqual(
                gtkshim_accessible_label_is(first.cancelButton, "Cancel the download of “a.zip”"), 0)

            // Progress updates the row in place.
            controller.setDownloads([
                DownloadItem(id: 7, fileName: "a.zip", progress: 0.5, receivedBytes: 50, expectedBytes: 100),
                DownloadItem(id: 9, fileName: "stream.bin", receivedBytes: 8192),
            ])
            XCTAssertEqual(controller.downloadRows[0].row.widget, first.widget)
            XCTAssertEqual(fraction(), 0.5, accuracy: 0.001)

            gtkshim_emit(UnsafeMutableRawPointer(controller.downloadRows[1].row.cancelButton), "clicked")
            XCTAssertEqual(commands.received.last, "cancelDownload 9")

            controller.setDownloads([
                DownloadItem(id: 7, fileName: "a.zip", progress: 0.5, receivedBytes: 50, expectedBytes: 100)
            ])
            XCTAssertEqual(controller.downloadRows.map(\.id), [7])
            controller.setDownloads([])
            XCTAssertEqual(gtk_widget_get_visible(controller.downloadsButton), 0)
            XCTAssertTrue(controller.downloadRows.isEmpty)
        }
    }

    func testTheWindowPublishesItsFullscreenStateAndTheToolbarFollowsTheBroadcaster() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let broadcaster = Broadcaster()
            let recorder = WindowPropertiesRecorder()
            recorder.follow(broadcaster)
            let reveal = RevealSource()
            broadcaster.broadcast(.isToolbarRevealedInFullscreen, from: reveal, at: \.isRevealed)
            controller.connect(to: broadcaster)
            XCTAssertEqual(recorder.log, ["fullscreen false", "pointer elsewhere", "focus false"])
            XCTAssertTrue(controller.isToolbarShown)
            XCTAssertEqual(adw_flap_get_fold_policy(controller.flap), ADW_FLAP_FOLD_POLICY_NEVER)
            XCTAssertEqual(gtk_widget_get_visible(controller.leaveFullscreenButton), 0)
            recorder.log.removeAll()

            // A window not shown yet is fullscreen as soon as asked (a shown one, once the
            // desktop says so: a bare Xvfb has no window manager to).
            gtk_window_fullscreen(controller.window)
            XCTAssertEqual(recorder.log, ["fullscreen true"])
            XCTAssertFalse(controller.isToolbarShown, "the header bar and the tab strip hide")
            XCTAssertEqual(adw_flap_get_fold_policy(controller.flap), ADW_FLAP_FOLD_POLICY_ALWAYS)
            XCTAssertNotEqual(gtk_widget_get_visible(controller.leaveFullscreenButton), 0)
            XCTAssertNotEqual(
                gtkshim_accessible_label_is(controller.leaveFullscreenButton, "Leave Fullscreen"), 0)
            reveal.isRevealed = true
            XCTAssertTrue(controller.isToolbarShown, "revealed over the page")
            XCTAssertEqual(adw_flap_get_fold_policy(controller.flap), ADW_FLAP_FOLD_POLICY_ALWAYS)
            reveal.isRevealed = false
            XCTAssertFalse(controller.isToolbarShown)

            gtk_window_unfullscreen(controller.window)
            XCTAssertEqual(recorder.log, ["fullscreen true", "fullscreen false"])
            XCTAssertTrue(controller.isToolbarShown)
            XCTAssertEqual(adw_flap_get_fold_policy(controller.flap), ADW_FLAP_FOLD_POLICY_NEVER)
            XCTAssertEqual(gtk_widget_get_visible(controller.leaveFullscreenButton), 0)

            controller.disconnect(from: broadcaster)
            XCTAssertFalse(broadcaster.isBroadcasting(.isFullscreen))
            XCTAssertFalse(broadcaster.hasObserver(controller, for: .isToolbarRevealedInFullscreen))
        }
    }

    func testThePointerAndTheFocusArePublished() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.toolbar = LabelViewController("toolbar")
            let broadcaster = Broadcaster()
            let recorder = WindowPropertiesRecorder()
            recorder.follow(broadcaster)
            controller.connect(to: broadcaster)
            recorder.log.removeAll()
            var toolbarHeight: Int32 = 0
            gtk_widget_measure(
                controller.toolbarArea, GTK_ORIENTATION_VERTICAL, -1, nil, &toolbarHeight, nil, nil)
            XCTAssertGreaterThan(toolbarHeight, 20)
            // What the window's motion controller reports, as GTK would on pointer events.
            let pointer = try! XCTUnwrap(controller.pointerController)
            // Outside fullscreen nothing uses the position: it stays "elsewhere".
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "enter", 300, 2)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, 1)
            XCTAssertEqual(recorder.log, [])
            gtk_window_fullscreen(controller.window)  // at once: the window is not shown yet
            XCTAssertEqual(recorder.log, ["fullscreen true"])
            recorder.log.removeAll()
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "enter", 300, 400)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, 2)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 310, 3)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, Double(toolbarHeight) - 1)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, Double(toolbarHeight) + 1)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, 1)
            gtkshim_emit(UnsafeMutableRawPointer(pointer), "leave")
            XCTAssertEqual(
                recorder.log,
                [
                    "pointer atTopEdge", "pointer overToolbar", "pointer elsewhere", "pointer atTopEdge",
                    "pointer elsewhere",
                ])
            gtk_window_unfullscreen(controller.window)
            recorder.log.removeAll()
            // The keyboard focus in the header bar (Ctrl+L's location entry, a button), then
            // back in the page.
            gtk_window_present(controller.window)
            pump("the window shown") { gtk_widget_get_mapped(cast(controller.window)) != 0 }
            let content = LabelViewController("page")
            gtk_label_set_selectable(OpaquePointer(content.widget), 1)  // takes the focus
            controller.content = content
            gtk_window_set_focus(controller.window, controller.newTabButton)
            gtk_window_set_focus(controller.window, content.widget)
            XCTAssertEqual(recorder.log, ["focus true", "focus false"])
            controller.disconnect(from: broadcaster)
        }
    }

    func testEmbeddedViewControllersArePlacedInTheirSlots() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let toolbar = LabelViewController("toolbar")
            let location = LabelViewController("location")
            let content = LabelViewController("content")
            controller.toolbar = toolbar
            controller.locationBar = location
            controller.content = content
            for child in [toolbar.widget, location.widget, content.widget] {
                XCTAssertNotEqual(gtk_widget_is_ancestor(child, controller.widget), 0)
            }
            let other = LabelViewController("other content")
            controller.content = other
            XCTAssertNil(gtk_widget_get_parent(content.widget), "the replaced view controller is taken out")
            XCTAssertNotEqual(gtk_widget_is_ancestor(other.widget, controller.widget), 0)
            XCTAssertNotNil(gtk_widget_get_parent(controller.widget), "the window holds the content")
        }
    }

    func testShortcutsSendTheirCommands() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertEqual(
                gtk_event_controller_get_propagation_phase(controller.shortcutController), GTK_PHASE_CAPTURE)
            let expected: [(String, String)] = [
                ("<Control>t", "openNewTab"), ("<Control>w", "closeCurrentTab"),
                ("<Control>n", "openNewWindow"),
                ("<Shift><Control>n", "openNewIncognitoWindow"), ("<Control>l", "focusLocationBar"),
                ("F6", "focusLocationBar"), ("<Control>f", "showFindBar"),
                ("<Control>Tab", "selectTabByOffset 1"), ("<Shift><Control>Tab", "selectTabByOffset -1"),
                ("<Control>Page_Down", "selectTabByOffset 1"), ("<Control>Page_Up", "selectTabByOffset -1"),
                ("<Shift><Control>Page_Up", "moveSelectedTab -1"),
                ("<Shift><Control>Page_Down", "moveSelectedTab 1"),
                ("<Control>1", "selectTabAtIndex 0"), ("<Control>8", "selectTabAtIndex 7"),
                ("<Control>9", "selectLastTab"), ("<Alt>Left", "goBack"), ("<Alt>Right", "goForward"),
                ("F5", "reload"), ("<Control>r", "reload"), ("<Control>q", "quit"),
                ("<Control>plus", "zoomIn"), ("<Control>equal", "zoomIn"), ("<Control>minus", "zoomOut"),
                ("<Control>0", "resetZoom"), ("F11", "toggleFullscreen"), ("<Control>p", "printPage"),
            ]
            for (trigger, command) in expected {
                XCTAssertEqual(press(trigger, in: controller), true, trigger)
                XCTAssertEqual(commands.received.last, command, trigger)
            }
            XCTAssertEqual(commands.received.count, expected.count)
        }
    }

    func testEscapeHidesTheFindBarOnlyWhenItHasTheFocus() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let findBar = FindBarViewController(
                findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            controller.findBar = findBar
            gtk_window_present(controller.window)
            XCTAssertEqual(press("Escape", in: controller), false, "not handled: the key goes on")
            XCTAssertEqual(commands.received, [])
            findBar.setVisible(true)
            pump("the focus in the find bar") {
                gtk_window_get_focus(controller.window).map {
                    gtk_widget_is_ancestor($0, findBar.widget) != 0
                }
                    ?? false
            }
            XCTAssertEqual(press("Escape", in: controller), true)
            XCTAssertEqual(commands.received, ["hideFindBar"])
        }
    }

    func testMenuAndNewTabButtonSendCommands() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertNotNil(gtk_menu_button_get_menu_model(OpaquePointer(controller.menuButton)))
            XCTAssertEqual(
                gtk_actionable_get_action_name(OpaquePointer(controller.newTabButton)).map {
                    String(cString: $0)
                },
                "browser.new-tab")
            for action in [
                "new-window", "new-incognito-window", "find", "zoom-in", "zoom-out", "zoom-reset", "print",
                "about",
                "quit", "new-tab",
            ] {
                XCTAssertNotEqual(
                    gtk_widget_activate_action_variant(
                        UnsafeMutableRawPointer(controller.window).assumingMemoryBound(to: GtkWidget.self),
                        "browser.\(action)", nil), 0, action)
            }
            XCTAssertEqual(
                commands.received,
                [
                    "openNewWindow", "openNewIncognitoWindow", "showFindBar", "zoomIn", "zoomOut",
                    "resetZoom",
                    "printPage", "showAbout", "quit", "openNewTab",
                ])
        }
    }

    func testRecentlyClosedSubmenuFollowsThePushes() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            var entries = recentlyClosedEntries(controller)
            XCTAssertEqual(entries.map(\.label), ["Reopen Closed Tab", "Restore Previous Session"])
            XCTAssertEqual(
                entries.map(\.action), ["browser.reopen-closed-tab", "browser.restore-previous-session"])
            XCTAssertEqual(entries[1].hiddenWhen, "action-disabled", "shown only when it can be done")
            XCTAssertFalse(controller.actions.isEnabled("reopen-closed-tab"), "nothing to reopen")
            XCTAssertFalse(controller.actions.isEnabled("restore-previous-session"))

            controller.setRecentlyClosedItems([
                RecentlyClosedItem(id: 7, title: "Example Domain"),
                RecentlyClosedItem(id: 6, title: "  "),
                RecentlyClosedItem(id: 5, title: "", isWindow: true, tabCount: 3),
                RecentlyClosedItem(id: 4, title: "News\nToday", isWindow: true, tabCount: 3),
                RecentlyClosedItem(id: 3, title: "Solo", isWindow: true, tabCount: 1),
                RecentlyClosedItem(id: 2, title: "snake_case"),
                RecentlyClosedItem(id: 1, title: String(repeating: "a", count: 100)),
            ])
            entries = recentlyClosedEntries(controller)
            XCTAssertEqual(
                entries.dropFirst(2).map(\.label),
                [
                    "Example Domain", "Untitled", "Window (3 tabs)", "News Today and 2 more", "Solo",
                    "snake__case",
                    String(repeating: "a", count: 59) + "…",
                ])
            XCTAssertEqual(entries.dropFirst(2).map(\.target), [7, 6, 5, 4, 3, 2, 1])
            XCTAssertEqual(Set(entries.dropFirst(2).map(\.action)), ["browser.reopen-closed"])
            XCTAssertTrue(controller.actions.isEnabled("reopen-closed-tab"))

            controller.setCanRestorePreviousSession(true)
            XCTAssertTrue(controller.actions.isEnabled("restore-previous-session"))
            controller.setCanRestorePreviousSession(false)
            XCTAssertFalse(controller.actions.isEnabled("restore-previous-session"))

            controller.setRecentlyClosedItems([RecentlyClosedItem(id: 8, title: "Last")])
            XCTAssertEqual(recentlyClosedEntries(controller).dropFirst(2).map(\.label), ["Last"])
            controller.setRecentlyClosedItems([])
            XCTAssertEqual(recentlyClosedEntries(controller).count, 2)
            XCTAssertFalse(controller.actions.isEnabled("reopen-closed-tab"))
            XCTAssertEqual(commands.received, [], "pushes send no command")
        }
    }

    func testRecentlyClosedActionsAndShortcutSendCommands() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let window = UnsafeMutableRawPointer(controller.window).assumingMemoryBound(to: GtkWidget.self)
            XCTAssertEqual(press("<Shift><Control>t", in: controller), false, "disabled: the key goes on")
            controller.actions.activate("restore-previous-session")
            XCTAssertEqual(commands.received, [], "disabled actions send nothing")

            controller.setRecentlyClosedItems([
                RecentlyClosedItem(id: 42, title: "Closed"), RecentlyClosedItem(id: 41, title: "Older"),
            ])
            XCTAssertEqual(press("<Shift><Control>t", in: controller), true)
            XCTAssertEqual(commands.received, ["reopenLastClosed"])
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(window, "browser.reopen-closed", g_variant_new_int64(41)),
                0)
            XCTAssertEqual(commands.received.last, "reopenClosedEntry 41")
            XCTAssertNotEqual(gtk_widget_activate_action_variant(window, "browser.reopen-closed-tab", nil), 0)
            XCTAssertEqual(commands.received.last, "reopenLastClosed")

            controller.setCanRestorePreviousSession(true)
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(window, "browser.restore-previous-session", nil), 0)
            XCTAssertEqual(
                commands.received,
                ["reopenLastClosed", "reopenClosedEntry 41", "reopenLastClosed", "restorePreviousSession"])
        }
    }
}
