import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

final class WindowActionTests: ViewControllerTestCase, @unchecked Sendable {
    /// The window's shortcuts: each trigger as GTK prints it, and the action it activates
    /// (nil for a callback shortcut).
    @MainActor
    private func shortcuts(of controller: BrowserWindowViewController) -> [(trigger: String, action: String?)]
    {
        let model = controller.shortcutController
        return (0..<g_list_model_get_n_items(model)).map { index in
            let shortcut = OpaquePointer(g_list_model_get_item(model, index)!)
            defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
            let printed = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))!
            defer { g_free(printed) }
            let action = gtk_shortcut_get_action(shortcut)!
            let name =
                gtkshim_is_a(UnsafeMutableRawPointer(action), gtk_named_action_get_type()) != 0
                ? String(cString: gtk_named_action_get_action_name(action)) : nil
            return (String(cString: printed), name)
        }
    }

    /// How GTK prints `trigger` (nil: it does not parse).
    @MainActor
    private func normalized(_ trigger: String) -> String? {
        guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(parsed)) }
        let printed = gtk_shortcut_trigger_to_string(parsed)!
        defer { g_free(printed) }
        return String(cString: printed)
    }

    func testEveryActionHasAUniqueName() {
        onMainActor {
            let names = WindowAction.all.map(\.name)
            XCTAssertEqual(
                Set(names).count, names.count,
                "duplicates: \(names.filter { n in names.count { $0 == n } > 1 })")
            XCTAssertFalse(names.contains(""))
        }
    }

    func testEveryAcceleratorParsesAndMapsToOneAction() {
        onMainActor {
            // By key as GTK reads it: "<Control><Shift>ISO_Left_Tab" is "<Shift><Control>Tab",
            // both previous-tab's (kept as they were).
            var owners: [String: Set<String>] = [:]
            for action in WindowAction.all {
                for trigger in action.accelerators {
                    guard let key = normalized(trigger) else {
                        XCTFail("\(action.name): \(trigger) does not parse")
                        continue
                    }
                    owners[key, default: []].insert(action.name)
                }
            }
            XCTAssertEqual(owners.filter { $0.value.count > 1 }, [:])
            XCTAssertEqual(owners["Escape"], ["stop"])
        }
    }

    func testTheShortcutsAreTheTables() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            // Escape is a callback: the find bar and the location entry come first.
            let expected = WindowAction.all.flatMap { action in
                action.accelerators.map {
                    $0 == "Escape" ? "Escape → callback" : "\(normalized($0) ?? $0) → \(action.detailedName)"
                }
            }
            XCTAssertEqual(
                shortcuts(of: controller).map { "\($0.trigger) → \($0.action ?? "callback")" }.sorted(),
                expected.sorted())
        }
    }

    func testTheMainMenuIsMadeFromTheTable() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let sections = MainMenuSection.allCases
            // The table's items by section (sections in order; within one, the table's order).
            let tableItems = sections.flatMap { section in
                WindowAction.all.compactMap { action -> String? in
                    guard let item = action.menuItem, item.section == section else { return nil }
                    return "\(item.label) → \(action.detailedName)"
                }
            }
            let main = mainMenuEntries(controller)
            let submenu = recentlyClosedEntries(controller)
            var shown: [String] = []
            for entry in main {
                if entry.submenu != nil {
                    shown += submenu.map { "\($0.label ?? "") → \($0.action ?? "")" }
                } else {
                    shown.append("\(entry.label ?? "") → \(entry.action ?? "")")
                }
            }
            XCTAssertEqual(shown, tableItems)
            // What the menu showed before the table, and History, Bookmarks and Import added since.
            XCTAssertEqual(
                main.map(\.label),
                [
                    "New Window", "New Incognito Window", "Recently Closed", "Find…", "View Page Source",
                    "Web Inspector", "Print…", "Zoom In", "Zoom Out", "Reset Zoom", "History",
                    "Bookmarks", "Import Bookmarks and History…",
                    "Clear Browsing Data…", "Preferences",
                    "Keyboard Shortcuts", "About Swiftlet", "Quit",
                ])
            XCTAssertEqual(submenu.map(\.label), ["Reopen Closed Tab", "Restore Previous Session"])
            XCTAssertEqual(
                submenu.map(\.hiddenWhen),
                WindowAction.all.compactMap { $0.menuItem }.filter { $0.section == .recentlyClosed }.map {
                    $0.isHiddenWhenDisabled ? "action-disabled" : nil
                })
            let menu = gtk_menu_button_get_menu_model(OpaquePointer(controller.menuButton))!
            XCTAssertEqual(Int(g_menu_model_get_n_items(menu)), sections.count, "a section each")
        }
    }

    func testTheNewKeysSendTheirCommands() {
        onMainActor {
            let rows = Dictionary(uniqueKeysWithValues: WindowAction.all.map { ($0.name, $0.accelerators) })
            XCTAssertEqual(rows["stop"], ["Escape"])
            XCTAssertEqual(rows["inspector"], ["F12", "<Control><Shift>i"])
            XCTAssertEqual(rows["view-source"], ["<Control>u"])
            XCTAssertEqual(rows["keyboard-shortcuts"], ["<Control>question"])
            XCTAssertEqual(rows["history"], ["<Control>h"])
            XCTAssertEqual(rows["show-bookmarks"], ["<Control><Shift>o"])
            XCTAssertEqual(rows["clear-browsing-data"], ["<Control><Shift>Delete"])
            let (controller, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            for (name, command) in [
                ("stop", "stopLoading"), ("inspector", "showInspector"), ("view-source", "viewSource"),
                ("keyboard-shortcuts", "showKeyboardShortcuts"), ("history", "showHistory"),
                ("show-bookmarks", "showBookmarks"), ("clear-browsing-data", "showClearBrowsingData"),
            ] {
                controller.actions.activate(name)
                XCTAssertEqual(commands.received.last, command, name)
            }
        }
    }

    func testWinShowBookmarksOpensTheBookmarksWindow() {
        onMainActor {
            let (controller, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(cast(controller.window), "win.show-bookmarks", nil), 0)
            XCTAssertEqual(commands.received.last, "showBookmarks")
        }
    }

    func testEscapeOutsideTheFindBarAndTheLocationEntryStopsTheLoad() {
        onMainActor {
            let (controller, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertFalse(controller.escape(), "the page gets Escape too")
            XCTAssertEqual(commands.received.last, "stopLoading")
            XCTAssertFalse(controller.escapeLeftByTheLocationEntry(), "the focus is not in the entry")
        }
    }

    func testEscapeInTheLocationEntryIsTheEntrysFirst() {
        onMainActor {
            let (controller, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let locationBar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            controller.locationBar = locationBar
            gtk_window_present(controller.window)
            locationBar.focus()
            XCTAssertNotNil(gtk_window_get_focus(controller.window))
            XCTAssertFalse(controller.escape(), "the entry gets it")
            XCTAssertNotEqual(commands.received.last, "stopLoading")
            XCTAssertTrue(controller.escapeLeftByTheLocationEntry())
            XCTAssertEqual(commands.received.last, "stopLoading")
        }
    }

    func testTheMainMenuShowsTheZoomLevelBetweenZoomOutAndZoomIn() {
        onMainActor {
            let (controller, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let menu = gtk_menu_button_get_menu_model(OpaquePointer(controller.menuButton))!
            let all = entries(of: menu)
            let zoomIn = all.firstIndex { $0.label == "Zoom In" }
            XCTAssertEqual(
                all.firstIndex { $0.custom == "zoom" }.map { $0 + 1 }, zoomIn, "above the zoom items")
            let zoom = ZoomControlViewController()
            controller.mainMenuZoom = zoom
            let popover = gtk_menu_button_get_popover(OpaquePointer(controller.menuButton))!
            XCTAssertEqual(gtk_widget_is_ancestor(zoom.widget, cast(popover)), 1, "in the menu's popover")
            XCTAssertEqual(zoom.levelText, "100%")
            for (level, text) in [(1.1, "110%"), (0.33, "33%"), (2.5, "250%"), (1, "100%")] {
                zoom.setZoomLevel(level)
                XCTAssertEqual(zoom.levelText, text)
            }
            for (button, command) in [
                (zoom.zoomOutButton, "zoomOut"), (zoom.levelButton, "resetZoom"),
                (zoom.zoomInButton, "zoomIn"),
            ] {
                gtkshim_emit(UnsafeMutableRawPointer(button), "clicked")
                XCTAssertEqual(commands.received.last, command)
            }
            // The toolbar's push reaches the row.
            let toolbar = ToolbarViewController(
                navigation: dispatcher.sender(for: (any NavigationCommands).self))
            toolbar.setZoomLevel(1.25)
            XCTAssertEqual(toolbar.zoomControl.levelText, "125%")
        }
    }

    func testTheMenuShowsTheReadableShortcutOfEachItem() {
        onMainActor {
            for action in WindowAction.all where action.menuItem != nil {
                guard let first = action.accelerators.first else { continue }
                XCTAssertFalse(first.contains("KP_"), action.name)
            }
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let zoom = BrowserWindowViewController.makeMenuSection(.zoom)
            defer { g_object_unref(UnsafeMutableRawPointer(zoom)) }
            var accels: [String] = []
            for index in 0..<g_menu_model_get_n_items(cast(zoom)) {
                let value = g_menu_model_get_item_attribute_value(cast(zoom), index, "accel", nil)
                accels.append(value.map { String(cString: g_variant_get_string($0, nil)) } ?? "")
                if let value { g_variant_unref(value) }
            }
            XCTAssertEqual(accels, ["<Control>plus", "<Control>minus", "<Control>0"])
        }
    }

    func testTheKeyboardShortcutsWindowListsEveryShortcutOfTheTable() {
        onMainActor {
            let listed = BrowserWindowViewController.shortcutGroups.flatMap {
                $0.shortcuts.map(\.accelerator)
            }
            let table = WindowAction.all.filter { !$0.accelerators.isEmpty }.map {
                $0.accelerators.joined(separator: " ")
            }
            XCTAssertEqual(listed.sorted(), table.sorted())
            XCTAssertTrue(WindowAction.all.allSatisfy { $0.accelerators.isEmpty || $0.shortcutTitle != nil })
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let shown = controller.presentKeyboardShortcuts()
            XCTAssertNotEqual(
                gtkshim_is_a(UnsafeMutableRawPointer(shown), gtk_shortcuts_window_get_type()), 0)
            XCTAssertEqual(gtk_window_get_transient_for(shown), controller.window)
            gtk_window_destroy(shown)
        }
    }

    func testEveryActionIsInTheGroupEnabledAsTheTableSaysAndSendsOneCommand() {
        onMainActor {
            let (controller, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            for action in WindowAction.all {
                XCTAssertEqual(
                    controller.actions.isEnabled(action.name), action.isInitiallyEnabled, action.name)
                controller.updateCommandEnabled(action.name, true)
                let before = commands.received.count
                if case .sceneWithParameter = action.command {
                    g_action_group_activate_action(
                        controller.actions.group.opaque, action.name, g_variant_new_int64(3))
                } else {
                    controller.actions.activate(action.name)
                }
                XCTAssertEqual(commands.received.count, before + 1, action.name)
            }
        }
    }

    func testTheHeaderBarButtonsActivateActionsOfTheTable() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let fullscreen = FullscreenViewController(layout: controller)
            let names = Set(WindowAction.all.map(\.detailedName))
            for button in [controller.newTabButton, fullscreen.widget] {
                let name = gtk_actionable_get_action_name(OpaquePointer(button)).map { String(cString: $0) }
                XCTAssertTrue(names.contains(name ?? ""), name ?? "no action")
            }
        }
    }
}
