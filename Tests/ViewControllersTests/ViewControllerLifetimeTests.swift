import CAdwaita
import CGTK
import Commands
import UIInterfaces
import XCTest

@testable import ViewControllers

final class ViewControllerLifetimeTests: ViewControllerTestCase, @unchecked Sendable {
    func testViewControllersGoWithTheirLastReference() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            weak var toolbar: ToolbarViewController?
            weak var location: LocationBarViewController?
            weak var strip: TabStripViewController?
            weak var find: FindBarViewController?
            weak var info: InfoBarViewController?
            weak var content: ContentViewController?
            weak var browserWindow: BrowserWindowViewController?
            weak var downloads: DownloadsViewController?
            weak var recentlyClosed: RecentlyClosedViewController?
            weak var fullscreen: FullscreenViewController?
            weak var registry: TabStripRegistry?
            let window = UnsafeMutableRawPointer(adw_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            do {
                let newToolbar = ToolbarViewController(
                    navigation: dispatcher.sender(for: (any NavigationCommands).self))
                let newLocation = LocationBarViewController(
                    locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
                let newRegistry = TabStripRegistry()
                let newStrip = TabStripViewController(
                    tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
                    scene: dispatcher.sender(for: (any SceneCommands).self), registry: newRegistry)
                let newFind = FindBarViewController(
                    findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
                let newInfo = InfoBarViewController(
                    infoBar: dispatcher.sender(for: (any InfoBarCommands).self))
                newInfo.showInfoBar(
                    InfoBarItem(
                        .blockedPopup, message: "Message", buttons: [InfoBarButton(.open, label: "OK")]))
                let newContent = ContentViewController(
                    navigation: dispatcher.sender(for: (any NavigationCommands).self))
                let newWindow = BrowserWindowViewController(
                    window: window, browser: dispatcher.sender(for: (any BrowserCommands).self),
                    application: dispatcher.sender(for: (any ApplicationCommands).self),
                    tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
                    navigation: dispatcher.sender(for: (any NavigationCommands).self),
                    findInPage: dispatcher.sender(for: (any FindInPageCommands).self),
                    scene: dispatcher.sender(for: (any SceneCommands).self))
                let newDownloads = DownloadsViewController(
                    downloads: dispatcher.sender(for: (any DownloadsCommands).self), toasts: newWindow)
                newDownloads.setDownloads([
                    DownloadItem(id: 1, fileName: "a.zip", state: .inProgress, progress: 0.5),
                    DownloadItem(id: 2, fileName: "b.zip", state: .complete),
                ])
                newDownloads.setOverallProgress(0.5)
                newDownloads.showDownloadFinished(id: 2, fileName: "b.zip")
                let newRecentlyClosed = RecentlyClosedViewController(commandUpdater: newWindow)
                newRecentlyClosed.setRecentlyClosedItems([RecentlyClosedItem(id: 1, title: "Closed")])
                let newFullscreen = FullscreenViewController(layout: newWindow)
                newWindow.downloads = newDownloads
                newWindow.recentlyClosed = newRecentlyClosed
                newWindow.fullscreen = newFullscreen
                newWindow.toolbar = newToolbar
                newWindow.locationBar = newLocation
                newWindow.tabStrip = newStrip
                newWindow.findBar = newFind
                newWindow.infoBar = newInfo
                newWindow.content = newContent
                newStrip.setTabs([TabStripItem(id: TabIdentifier(1), title: "One")], selectedIndex: 0)
                adw_tab_view_close_page(newStrip.tabView, newStrip.page(of: TabIdentifier(1)))
                gtk_window_present(window)
                settle()
                (toolbar, location, strip, find, info, content, browserWindow) =
                    (newToolbar, newLocation, newStrip, newFind, newInfo, newContent, newWindow)
                (downloads, recentlyClosed, fullscreen, registry) =
                    (newDownloads, newRecentlyClosed, newFullscreen, newRegistry)
            }
            settle()
            XCTAssertNil(toolbar)
            XCTAssertNil(location)
            XCTAssertNil(strip)
            XCTAssertNil(find)
            XCTAssertNil(info)
            XCTAssertNil(content)
            XCTAssertNil(browserWindow)
            XCTAssertNil(downloads)
            XCTAssertNil(recentlyClosed)
            XCTAssertNil(fullscreen)
            XCTAssertNil(registry)
            XCTAssertEqual(commands.received, ["closeTab 1"])
            gtk_window_destroy(window)
            settle()
        }
    }
}
