import Application
import Base
import CAdwaita
import CGTK
import Commands
import Foundation
import GTKShims
import GTKSupport
import GTKTestSupport
import Mediators
import ModelTestSupport
import Profiles
import TabModel
import UIInterfaces
import Web
import WebTestSupport
import XCTest

@testable import Coordinators
@testable import ViewControllers

/// A window (scene) of a launched application on the fake engine.
@MainActor
private func makeScene() -> (AppState, SceneState) {
    let app = AppState(
        userDataDirectory: UserDataDirectory(path: TestProfile.makeUserDataDirectory()),
        engine: FakeWebEngine(),
        clock: ManualTimerClock(), isTesting: true,
        attachTabHelpers: { _ = FindTabHelper.attach(to: $0) })
    _ = try? app.launch()
    return (app, app.openNewScene())
}

/// The application's scene mediator over `app`.
@MainActor
private func sceneMediator(_ app: AppState) -> SceneMediator {
    SceneMediator(appState: app, startPageURL: URL(string: "about:blank")!)
}

/// A stand-in for the application coordinator as a window's delegate.
@MainActor
private final class RecordingDelegate: BrowserCoordinatorDelegate {
    var log: [String] = []
    func browserCoordinatorDidRequestClose(_ coordinator: BrowserCoordinator) { log.append("close") }
    func browserCoordinatorDidLoadFirstPage(_ coordinator: BrowserCoordinator) { log.append("first page") }
}

/// A stand-in for the application coordinator.
@MainActor
private final class RecordingApplicationCommands: ApplicationCommands {
    var log: [String] = []
    func showAbout() { log.append("showAbout") }
    func showPreferences() { log.append("showPreferences") }
    func quit() { log.append("quit") }
}

/// The coordinator tree of one window on the fake engine, in a real GTK window (under Xvfb:
/// scripts/run-tests): starting it wires every command a view controller can send, stopping
/// it unwires them all.
final class BrowserCoordinatorTests: GTKTestCase, @unchecked Sendable {
    /// Every command protocol a view controller of the window sends.
    @MainActor
    private func handled(_ dispatcher: CommandDispatcher) -> [String: Bool] {
        [
            "ApplicationCommands": dispatcher.isDispatching(for: (any ApplicationCommands).self),
            "BrowserCommands": dispatcher.isDispatching(for: (any BrowserCommands).self),
            "NavigationCommands": dispatcher.isDispatching(for: (any NavigationCommands).self),
            "TabStripCommands": dispatcher.isDispatching(for: (any TabStripCommands).self),
            "LocationBarCommands": dispatcher.isDispatching(for: (any LocationBarCommands).self),
            "FindInPageCommands": dispatcher.isDispatching(for: (any FindInPageCommands).self),
            "SceneCommands": dispatcher.isDispatching(for: (any SceneCommands).self),
            "DownloadsCommands": dispatcher.isDispatching(for: (any DownloadsCommands).self),
            "InfoBarCommands": dispatcher.isDispatching(for: (any InfoBarCommands).self),
            "ContextMenuCommands": dispatcher.isDispatching(for: (any ContextMenuCommands).self),
            "SiteSettingsCommands": dispatcher.isDispatching(for: (any SiteSettingsCommands).self),
            "ClearBrowsingDataCommands": dispatcher.isDispatching(for: (any ClearBrowsingDataCommands).self),
            "BookmarkStarCommands": dispatcher.isDispatching(for: (any BookmarkStarCommands).self),
            "BookmarksMenuCommands": dispatcher.isDispatching(for: (any BookmarksMenuCommands).self),
            "ImportCommands": dispatcher.isDispatching(for: (any ImportCommands).self),
        ]
    }

    func testShowHistoryStartsOneHistoryWindowAndStopEndsIt() {
        onMainActor {
            let (app, scene) = makeScene()
            let coordinator = BrowserCoordinator(
                scene: scene, appState: app, sceneMediator: sceneMediator(app),
                makeWindow: { WindowHandle(adw_window_new()!) },
                applicationCommands: RecordingApplicationCommands(),
                startPageURL: URL(string: "about:blank")!, tabStripRegistry: TabStripRegistry())
            let dispatcher = scene.browser.commandDispatcher
            coordinator.start()
            XCTAssertFalse(dispatcher.isDispatching(for: (any HistoryCommands).self))
            dispatcher.dispatch((any BrowserCommands).self) { $0.showHistory() }
            dispatcher.dispatch((any BrowserCommands).self) { $0.showHistory() }
            XCTAssertEqual(coordinator.children.filter { $0 is HistoryCoordinator }.count, 1, "one window")
            XCTAssertTrue(dispatcher.isDispatching(for: (any HistoryCommands).self))
            coordinator.stop()
            XCTAssertFalse(dispatcher.isDispatching(for: (any HistoryCommands).self))
            app.quit()
        }
    }

    func testStartWiresEveryCommandAndStopUnwiresThem() {
        onMainActor {
            let (app, scene) = makeScene()
            let browser = scene.browser
            let application = RecordingApplicationCommands()
            let coordinator = BrowserCoordinator(
                scene: scene, appState: app, sceneMediator: sceneMediator(app),
                makeWindow: { WindowHandle(adw_window_new()!) },
                applicationCommands: application,
                startPageURL: URL(string: "about:blank")!, tabStripRegistry: TabStripRegistry())
            let dispatcher = browser.commandDispatcher
            XCTAssertEqual(handled(dispatcher).values.filter { $0 }.count, 0)

            coordinator.start()
            XCTAssertEqual(
                handled(dispatcher).filter { !$0.value }.map(\.key), [], "commands without a handler")
            XCTAssertEqual(
                coordinator.children.map { String(describing: type(of: $0)) },
                [
                    "TabStripCoordinator", "ToolbarCoordinator", "LocationBarCoordinator",
                    "ContentCoordinator",
                    "FindBarCoordinator", "InfoBarCoordinator", "FullscreenCoordinator",
                    "DownloadsCoordinator", "ContextMenuCoordinator", "RecentlyClosedCoordinator",
                    "WindowTitleCoordinator", "DesktopNotificationCoordinator", "PageInfoCoordinator",
                    "BookmarksMenuCoordinator", "ClearBrowsingDataCoordinator", "ImportCoordinator",
                    "BookmarkStarCoordinator",
                ])

            // Commands reach the model and the application through the dispatcher.
            dispatcher.dispatch((any BrowserCommands).self) { $0.openNewTab() }
            XCTAssertEqual(browser.webStateList.count, 1)
            dispatcher.dispatch((any ApplicationCommands).self) { $0.showAbout() }
            XCTAssertEqual(application.log, ["showAbout"])
            dispatcher.dispatch((any SceneCommands).self) { $0.openNewWindow(incognito: true) }
            XCTAssertEqual(app.scenes.map(\.isIncognito), [false, true], "the application opened a window")
            dispatcher.dispatch((any SceneCommands).self) {
                $0.openInIncognitoWindow(URL(string: "https://c.test/")!)
            }
            XCTAssertEqual(
                app.scenes.map(\.isIncognito), [false, true], "the incognito window open takes it")
            XCTAssertEqual(
                app.scenes.last?.browser.webStateList.activeWebState?.visibleURL,
                URL(string: "https://c.test/")!)
            let agent = WebStateDelegateBrowserAgent.fromBrowser(browser)
            XCTAssertNotNil(agent?.contextMenuProvider, "the window builds its pages' context menu")
            coordinator.openTabs([URL(string: "https://a.test/")!, URL(string: "https://b.test/")!])
            XCTAssertEqual(browser.webStateList.count, 3)
            XCTAssertEqual(browser.webStateList.activeIndex, 2)
            dispatcher.dispatch((any TabStripCommands).self) { $0.selectTab(atIndex: 0) }
            XCTAssertEqual(browser.webStateList.activeIndex, 0)

            coordinator.stop()
            XCTAssertEqual(handled(dispatcher).filter { $0.value }.map(\.key), [], "commands still handled")
            XCTAssertNil(agent?.contextMenuProvider)
            XCTAssertTrue(coordinator.children.isEmpty)
            XCTAssertFalse(coordinator.isStarted)
            app.quit()
        }
    }

    func testClosingTheLastTabAsksForTheWindowToClose() {
        onMainActor {
            let (app, scene) = makeScene()
            let browser = scene.browser
            let coordinator = BrowserCoordinator(
                scene: scene, appState: app, sceneMediator: sceneMediator(app),
                makeWindow: { WindowHandle(adw_window_new()!) },
                applicationCommands: RecordingApplicationCommands(),
                startPageURL: URL(string: "about:blank")!, tabStripRegistry: TabStripRegistry()
            )
            let delegate = RecordingDelegate()
            coordinator.delegate = delegate
            coordinator.start()
            coordinator.openTabs([URL(string: "https://a.test/")!])
            browser.commandDispatcher.dispatch((any BrowserCommands).self) { $0.closeCurrentTab() }
            let deadline = ContinuousClock.now + .seconds(5)
            while !delegate.log.contains("close") && ContinuousClock.now < deadline {
                g_main_context_iteration(nil, 1)
            }
            XCTAssertEqual(delegate.log, ["first page", "close"], "the window closes with its last tab")
            coordinator.closeWindow()
            XCTAssertEqual(delegate.log, ["first page", "close"], "once")
            coordinator.stop()
            app.quit()
        }
    }

    /// A 2×2 PNG made by GDK.
    @MainActor
    private static func png() -> Data {
        let pixels: [UInt8] = Array(repeating: 0xff, count: 16)
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let texture = gdk_memory_texture_new(2, 2, GDK_MEMORY_R8G8B8A8, bytes, 8)!
        g_bytes_unref(bytes)
        let png = gdk_texture_save_to_png_bytes(texture)!
        g_object_unref(UnsafeMutableRawPointer(texture))
        var size: gsize = 0
        let data = Data(bytes: g_bytes_get_data(png, &size)!, count: Int(size))
        g_bytes_unref(png)
        return data
    }

    func testTheTabStripDrawsThePagesIconAndARestoredTabsIconFromTheDatabase() throws {
        try onMainActor {
            let (app, scene) = makeScene()
            let browser = scene.browser
            let context = try XCTUnwrap(browser.profile.webEngineContext as? FakeWebEngineContext)
            let icon = Self.png()
            context.engine.setPage(URL(string: "https://icon.test/")!, .init(title: "Icon", favicon: icon))
            context.engine.faviconDatabase["https://restored.test/"] = icon
            let coordinator = BrowserCoordinator(
                scene: scene, appState: app, sceneMediator: sceneMediator(app),
                makeWindow: { WindowHandle(adw_window_new()!) },
                applicationCommands: RecordingApplicationCommands(),
                startPageURL: URL(string: "about:blank")!, tabStripRegistry: TabStripRegistry()
            )
            coordinator.start()
            defer {
                coordinator.stop()
                app.quit()
            }
            let strip = try XCTUnwrap(
                coordinator.children.compactMap { ($0 as? TabStripCoordinator)?.viewController }.first)

            coordinator.openTabs([URL(string: "https://icon.test/")!])
            let loaded = try XCTUnwrap(browser.webStateList.activeWebState)
            XCTAssertNotNil(adw_tab_page_get_icon(strip.page(of: TabIdentifier(loaded))), "the page's icon")

            // A tab restored unrealized: its icon comes from the database, and it stays unrealized.
            let restored = WebState(
                context: context, id: .newUnique(),
                metadata: WebStateMetadata(
                    creationTime: Date(), lastActiveTime: Date(), title: "Restored",
                    url: URL(string: "https://restored.test/"), navigationItemCount: 1),
                loaders: .init(storage: { nil }, nativeSessionState: { nil }))
            browser.webStateList.insert(restored)
            XCTAssertNil(adw_tab_page_get_icon(strip.page(of: TabIdentifier(restored))), "not known yet")
            context.answerFaviconRequests()
            XCTAssertNotNil(adw_tab_page_get_icon(strip.page(of: TabIdentifier(restored))))
            XCTAssertFalse(restored.isRealized)
        }
    }

    /// A started coordinator of `scene`, and the window it made.
    @MainActor
    private func startCoordinator(
        _ app: AppState, _ scene: SceneState
    ) -> (
        BrowserCoordinator, UnsafeMutablePointer<GtkWindow>
    ) {
        var window: UnsafeMutablePointer<GtkWindow>?
        let coordinator = BrowserCoordinator(
            scene: scene, appState: app, sceneMediator: sceneMediator(app),
            makeWindow: {
                let made = WindowHandle(adw_window_new()!)
                window = made.gtkWindow
                return made
            },
            applicationCommands: RecordingApplicationCommands(), startPageURL: URL(string: "about:blank")!,
            tabStripRegistry: TabStripRegistry()
        )
        coordinator.start()
        return (coordinator, window!)
    }

    func testTheWindowIsTitledAfterItsActiveTab() {
        onMainActor {
            let (app, scene) = makeScene()
            let (coordinator, window) = startCoordinator(app, scene)
            func title() -> String? { gtk_window_get_title(window).map { String(cString: $0) } }
            XCTAssertEqual(title(), "Swiftlet")
            // The fake engine titles a page after its host.
            coordinator.openTabs([URL(string: "https://a.test/")!, URL(string: "https://b.test/")!])
            XCTAssertEqual(title(), "b.test — Swiftlet")
            scene.browser.commandDispatcher.dispatch((any TabStripCommands).self) { $0.selectTab(atIndex: 0) }
            XCTAssertEqual(title(), "a.test — Swiftlet")
            coordinator.stop()
            app.quit()
        }
    }

    func testTheBlockedPopupBarsOpenButtonOpensThePopupAsATab() {
        onMainActor {
            let (app, scene) = makeScene()
            let coordinator = BrowserCoordinator(
                scene: scene, appState: app, sceneMediator: sceneMediator(app),
                makeWindow: { WindowHandle(adw_window_new()!) },
                applicationCommands: RecordingApplicationCommands(),
                startPageURL: URL(string: "about:blank")!, tabStripRegistry: TabStripRegistry()
            )
            coordinator.start()
            let list = scene.browser.webStateList
            coordinator.openTabs([URL(string: "https://a.test/")!])
            let opener = list.webState(at: 0)
            let content = opener.view.owner as! FakeWebContent
            XCTAssertNil(
                content.simulateNewWindowRequest(url: URL(string: "https://x.test/")!, isUserGesture: false))
            // The bar's Open button, as the info bar view controller sends it.
            scene.browser.commandDispatcher.dispatch((any InfoBarCommands).self) {
                $0.infoBarButtonActivated(.blockedPopup, button: .open)
            }
            XCTAssertEqual(list.count, 2)
            XCTAssertEqual(list.webState(at: 1).lastCommittedURL, URL(string: "https://x.test/"))
            XCTAssertTrue(list.opener(at: 1)?.webState === opener)
            XCTAssertEqual(list.activeIndex, 1)
            coordinator.stop()
            app.quit()
        }
    }

    /// The window's capture-phase motion controller: the one following the pointer for the
    /// fullscreen toolbar.
    @MainActor
    private func pointerController(of window: UnsafeMutablePointer<GtkWindow>) -> UnsafeMutableRawPointer? {
        let controllers = gtk_widget_observe_controllers(
            UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self))!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            let controller = g_list_model_get_item(controllers, index)!
            g_object_unref(controller)  // the window keeps it
            if gtkshim_is_a(controller, gtk_event_controller_motion_get_type()) != 0,
                gtk_event_controller_get_propagation_phase(OpaquePointer(controller)) == GTK_PHASE_CAPTURE
            {
                return controller
            }
        }
        return nil
    }

    func testFullscreenHidesTheToolbarAndTheTopEdgeOrTheLocationBarRevealIt() throws {
        try onMainActor {
            let (app, scene) = makeScene()
            let (coordinator, window) = startCoordinator(app, scene)
            coordinator.openTabs([URL(string: "https://a.test/")!])
            let gtkWindow = window
            let flap = OpaquePointer(
                try XCTUnwrap(
                    adw_window_get_content(
                        UnsafeMutableRawPointer(gtkWindow).assumingMemoryBound(to: AdwWindow.self))))
            let broadcaster = scene.browser.broadcaster
            @MainActor func toolbar() -> String {
                let shown = adw_flap_get_reveal_flap(flap) != 0
                let strip = broadcaster.currentValue(of: .isTabStripVisible) == true
                return "\(shown ? "shown" : "hidden"), strip \(strip ? "shown" : "hidden")"
            }
            @MainActor func browserCommand(_ command: @MainActor (any BrowserCommands) -> Void) {
                scene.browser.commandDispatcher.dispatch((any BrowserCommands).self, command)
            }
            XCTAssertEqual(toolbar(), "shown, strip shown")
            // F11 (the window is not shown yet, so GTK makes it fullscreen at once).
            browserCommand { $0.toggleFullscreen() }
            XCTAssertNotEqual(gtk_window_is_fullscreen(gtkWindow), 0)
            XCTAssertEqual(toolbar(), "hidden, strip hidden")
            let pointer = try XCTUnwrap(pointerController(of: gtkWindow))
            gtkshim_emit_point(pointer, "motion", 600, 1)
            XCTAssertEqual(toolbar(), "shown, strip shown", "the pointer at the top edge reveals it")
            gtkshim_emit_point(pointer, "motion", 600, 30)
            XCTAssertEqual(toolbar(), "shown, strip shown", "and it stays while the pointer is over it")
            gtkshim_emit_point(pointer, "motion", 600, 500)
            XCTAssertEqual(toolbar(), "hidden, strip hidden", "until the pointer goes down to the page")
            // Ctrl+L: the location entry takes the focus, and the toolbar shows with it.
            browserCommand { $0.focusLocationBar() }
            XCTAssertEqual(toolbar(), "shown, strip shown")
            gtk_window_set_focus(gtkWindow, nil)
            XCTAssertEqual(toolbar(), "hidden, strip hidden")
            browserCommand { $0.toggleFullscreen() }
            XCTAssertEqual(gtk_window_is_fullscreen(gtkWindow), 0)
            XCTAssertEqual(toolbar(), "shown, strip shown")
            coordinator.stop()
            XCTAssertFalse(broadcaster.isBroadcasting(.isFullscreen))
            XCTAssertFalse(broadcaster.isBroadcasting(.isTabStripVisible))
            app.quit()
        }
    }
}
