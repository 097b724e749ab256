import CAdwaita
import CGTK
import Commands
import GLibSupport
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Records what the preferences window sends.
@MainActor
private final class RecordingPreferencesCommands: PreferencesCommands {
    var received: [String] = []
    func selectSearchEngine(_ id: String) { received.append("engine \(id)") }
    func setCustomSearchTemplate(_ template: String) { received.append("template \(template)") }
    func setNewTabsOpenHomePage(_ opens: Bool) { received.append("home \(opens)") }
    func setNewTabsShowMostVisited(_ shows: Bool) { received.append("mostVisited \(shows)") }
    func setHomePage(_ address: String) { received.append("homePage \(address)") }
    func setDownloadDirectory(_ path: String) { received.append("folder \(path)") }
    func setAskWhereToSave(_ asks: Bool) { received.append("ask \(asks)") }
    func setColorScheme(_ scheme: ColorScheme) { received.append("style \(scheme)") }
    func setFont(_ family: String, for kind: FontKind) { received.append("font \(kind) \(family)") }
    func setMinimumFontSize(_ size: Int) { received.append("minimum \(size)") }
    func setDefaultZoom(_ factor: Double) { received.append("zoom \(factor)") }
    func setBlocksThirdPartyCookies(_ blocks: Bool) { received.append("cookies \(blocks)") }
    func setPreventsTracking(_ prevents: Bool) { received.append("tracking \(prevents)") }
    func setMemorySaverEnabled(_ enabled: Bool) { received.append("memorySaver \(enabled)") }
    func setMemorySaverDelay(minutes: Int) { received.append("delay \(minutes)") }
}

final class PreferencesViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    static let values = PreferencesValues(
        searchEngines: [
            SearchEngineOption(id: "a", name: "Engine A"), SearchEngineOption(id: "b", name: "Engine B"),
            SearchEngineOption(id: "custom", name: "Custom"),
        ],
        selectedSearchEngine: "b", newTabsOpenHomePage: true, homePage: "https://home.test/",
        downloadDirectory: "/d", askWhereToSave: true, colorScheme: .dark, zoomFactors: [0.9, 1, 1.25, 1.5],
        defaultZoom: 1.25, memorySaverEnabled: true, memorySaverDelayMinutes: 12)

    @MainActor
    private func makeWindow() -> (PreferencesViewController, RecordingPreferencesCommands) {
        let commands = RecordingPreferencesCommands()
        dispatcher.startDispatching((any PreferencesCommands).self, to: commands)
        let controller = PreferencesViewController(
            commands: dispatcher.sender(for: (any PreferencesCommands).self))
        controller.setPreferences(Self.values)
        return (controller, commands)
    }

    func testItsPagesAreSwitchedFromTheHeaderBar() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.addPage(StubPage(title: "Site Settings"))
            gtk_window_present(controller.window)
            let switcherTitle = descendants(of: controller.widget, ofType: adw_view_switcher_title_get_type())
                .first
            guard let switcherTitle else { return XCTFail("no view switcher title") }
            pump("the window laid out") {
                gtk_widget_get_mapped(switcherTitle) != 0 && gtk_widget_get_width(switcherTitle) > 0
            }
            settle()
            // A narrower window shows the window's title there and moves the five pages'
            // switcher to a bar at the bottom.
            XCTAssertEqual(adw_view_switcher_title_get_title_visible(OpaquePointer(switcherTitle)), 0)
        }
    }

    func testPushesShowWithoutSendingAnything() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertEqual(adw_combo_row_get_selected(typed(controller.searchEngineRow)), 1)
            XCTAssertEqual(gtk_widget_get_visible(controller.customSearchRow), 0)
            XCTAssertEqual(adw_combo_row_get_selected(typed(controller.newTabRow)), 2)
            XCTAssertNotEqual(gtk_widget_get_visible(controller.homePageRow), 0)
            XCTAssertEqual(
                String(cString: gtk_editable_get_text(OpaquePointer(controller.homePageRow))),
                "https://home.test/")
            XCTAssertEqual(
                String(cString: adw_action_row_get_subtitle(typed(controller.downloadFolderRow))),
                "/d")
            XCTAssertNotEqual(gtk_switch_get_active(OpaquePointer(controller.askWhereToSaveSwitch)), 0)
            XCTAssertEqual(adw_combo_row_get_selected(typed(controller.styleRow)), 2)
            XCTAssertEqual(
                gtk_spin_button_get_value_as_int(OpaquePointer(controller.memorySaverDelaySpin)), 12)
            XCTAssertEqual(adw_combo_row_get_selected(typed(controller.defaultZoomRow)), 2)
            let zoomLabels = adw_combo_row_get_model(typed(controller.defaultZoomRow)).map { model in
                (0..<g_list_model_get_n_items(model)).map {
                    gtk_string_list_get_string(model, $0).map { String(cString: $0) } ?? ""
                }
            }
            XCTAssertEqual(zoomLabels, ["90%", "100%", "125%", "150%"])

            var custom = Self.values
            custom.selectedSearchEngine = "custom"
            custom.customSearchTemplate = "https://x.test/"
            custom.customSearchTemplateError = "Put %s where the search words go"
            controller.setPreferences(custom)
            XCTAssertNotEqual(gtk_widget_get_visible(controller.customSearchRow), 0)
            XCTAssertNotEqual(gtk_widget_has_css_class(controller.customSearchRow, "error"), 0)
            XCTAssertEqual(
                String(cString: adw_preferences_row_get_title(typed(controller.customSearchRow))),
                "Put %s where the search words go")
            XCTAssertEqual(commands.received, [])
        }
    }

    func testMostVisitedIsTheMiddleChoiceOfNewTabs() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            var values = Self.values
            values.newTabsOpenHomePage = false
            values.newTabsShowMostVisited = true
            controller.setPreferences(values)
            XCTAssertEqual(adw_combo_row_get_selected(typed(controller.newTabRow)), 1)
            XCTAssertEqual(gtk_widget_get_visible(controller.homePageRow), 0)
            XCTAssertEqual(commands.received, [])
            adw_combo_row_set_selected(typed(controller.newTabRow), 0)
            adw_combo_row_set_selected(typed(controller.newTabRow), 1)
            adw_combo_row_set_selected(typed(controller.newTabRow), 2)
            XCTAssertEqual(
                commands.received,
                ["home false", "mostVisited false", "home false", "mostVisited true", "home true"])
        }
    }

    func testWhatTheUserChangesIsSent() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            adw_combo_row_set_selected(typed(controller.searchEngineRow), 0)
            adw_combo_row_set_selected(typed(controller.newTabRow), 0)
            gtk_switch_set_active(OpaquePointer(controller.askWhereToSaveSwitch), 0)
            adw_combo_row_set_selected(typed(controller.styleRow), 1)
            gtk_switch_set_active(OpaquePointer(controller.memorySaverSwitch), 0)
            gtk_spin_button_set_value(OpaquePointer(controller.memorySaverDelaySpin), 45)
            gtk_spin_button_set_value(OpaquePointer(controller.minimumFontSizeSpin), 9)
            adw_combo_row_set_selected(typed(controller.defaultZoomRow), 3)
            gtk_editable_set_text(OpaquePointer(controller.customSearchRow), "https://s.test/?q=%s")
            gtkshim_emit(UnsafeMutableRawPointer(controller.customSearchRow), "apply")
            XCTAssertEqual(
                commands.received,
                [
                    "engine a", "home false", "mostVisited false", "ask false", "style light",
                    "memorySaver false", "delay 45",
                    "minimum 9", "zoom 1.5",
                    "template https://s.test/?q=%s",
                ])
        }
    }

    func testTheStyleAppliesToTheWholeApplication() {
        onMainActor {
            let style = ApplicationStyle()
            style.setColorScheme(.dark)
            XCTAssertTrue(style.isDark)
            style.setColorScheme(.light)
            XCTAssertFalse(style.isDark)
            style.setColorScheme(.system)
            XCTAssertEqual(
                adw_style_manager_get_color_scheme(adw_style_manager_get_default()), ADW_COLOR_SCHEME_DEFAULT)
        }
    }
}

/// `widget` as a pointer to the libadwaita type a function takes (a C cast macro).
private func typed<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}

/// A preferences page of another view controller, with only its title.
@MainActor
private final class StubPage: ViewController {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef

    init(title: String) {
        widget = adw_preferences_page_new()
        ownership = ownWidget(widget)
        adw_preferences_page_set_title(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwPreferencesPage.self), title)
        adw_preferences_page_set_icon_name(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwPreferencesPage.self),
            "dialog-question-symbolic")
    }
}
