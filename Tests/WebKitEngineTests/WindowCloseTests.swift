import Base
import Foundation
import GLibSupport
import Profiles
import TabModel
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// A page closing the window it opened (`window.close()`): WebKit's "close" reaches the tab
/// model, which closes the tab through its list (Chromium's WebStateDelegate::CloseWebState).
final class WindowCloseTests: WebKitTestCase, @unchecked Sendable {
    /// A browser of a real profile on the WebKit engine, with the agent that turns a page's
    /// windows into tabs, and one tab showing `/a`.
    @MainActor
    private func makeBrowser() -> (ApplicationContext, Browser, WebState) {
        let application = ApplicationContext(
            userDataDirectory: UserDataDirectory(path: profileDirectory.appendingPathComponent("user-data")),
            engine: engine, clock: ManualTimerClock(), isTesting: true)
        application.start()
        let profile = try! application.profileManager.createProfile(named: "Default")
        let browser = Browser(kind: .regular, profile: profile, delegate: nil)
        WebStateDelegateBrowserAgent.attach(to: browser)
        let opener = WebState(params: .init(context: profile.webEngineContext))
        browser.webStateList.insert(opener, .automatic.activating())
        opener.load(server.url("/a"))
        wait("the opener's load") { opener.lastCommittedURL == server.url("/a") && !opener.isLoading }
        return (application, browser, opener)
    }

    /// Opens `/c` from `opener`'s page with `window.open` (as a click would: script run by the
    /// engine counts as a user gesture) and waits for its tab to load. The page keeps the new
    /// window in `window.popup`.
    @MainActor
    private func openPopup(from opener: WebState, in list: WebStateList) -> WebState? {
        let count = list.count
        _ = evaluate("window.popup = window.open('/c'); true", in: opener.view.owner as! WebKitWebContent)
        guard wait("the new tab", until: { list.count == count + 1 }) else { return nil }
        let child = list.webState(at: list.index(of: opener)! + 1)
        wait("the new tab's load") { child.lastCommittedURL == server.url("/c") && !child.isLoading }
        return child
    }

    @MainActor
    private func close(_ application: ApplicationContext, _ browser: Browser) {
        browser.destroy()
        application.shutdown()
    }

    func testAPopupClosingItselfClosesItsTab() {
        onMainActor {
            let (application, browser, opener) = makeBrowser()
            defer { close(application, browser) }
            let list = browser.webStateList
            let webViews = engine.liveWebViews
            guard let child = openPopup(from: opener, in: list) else { return }
            XCTAssertEqual(list.activeWebState.map(ObjectIdentifier.init), ObjectIdentifier(child))
            XCTAssertEqual(engine.liveWebViews, webViews + 1)
            _ = evaluate("window.close(); true", in: child.view.owner as! WebKitWebContent)
            wait("the popup's tab to close") { list.count == 1 }
            XCTAssertTrue(child.isBeingDestroyed)
            XCTAssertFalse(child.isRealized)
            XCTAssertEqual(engine.liveWebViews, webViews, "the popup's view is released")
            // The list's rules pick the next active tab: the opener.
            XCTAssertEqual(list.activeWebState.map(ObjectIdentifier.init), ObjectIdentifier(opener))
        }
    }

    func testAnOpenerClosingThePopupClosesItsTab() {
        onMainActor {
            let (application, browser, opener) = makeBrowser()
            defer { close(application, browser) }
            let list = browser.webStateList
            guard let child = openPopup(from: opener, in: list) else { return }
            _ = evaluate("window.popup.close(); true", in: opener.view.owner as! WebKitWebContent)
            wait("the popup's tab to close") { list.count == 1 }
            XCTAssertTrue(child.isBeingDestroyed)
            XCTAssertEqual(list.webStates.map(ObjectIdentifier.init), [ObjectIdentifier(opener)])
        }
    }

    func testANewWindowIsATabBeforeWebKitSaysItIsReadyToShow() {
        onMainActor {
            let (application, browser, opener) = makeBrowser()
            defer { close(application, browser) }
            let list = browser.webStateList
            // "ready-to-show" is emitted on the new view after "create" returned it: by then the
            // tab is in the list, active, and its page loading.
            var readyToShow: [(inList: Bool, active: Bool)] = []
            var connection: SignalConnection?
            let observer = InsertionObserver { child in
                connection = SignalConnection.connect(child.view.pointer!, signal: "ready-to-show") { _ in
                    readyToShow.append((list.contains(child), list.activeWebState === child))
                }
            }
            list.addObserver(observer)
            defer { list.removeObserver(observer) }
            guard openPopup(from: opener, in: list) != nil else { return }
            wait("ready-to-show") { !readyToShow.isEmpty }
            XCTAssertEqual(readyToShow.map(\.inList), [true])
            XCTAssertEqual(readyToShow.map(\.active), [true])
            connection?.cancel()
        }
    }
}

/// Calls back with each WebState inserted into a list.
@MainActor
private final class InsertionObserver: WebStateListObserver {
    let onInsert: @MainActor (WebState) -> Void
    init(onInsert: @escaping @MainActor (WebState) -> Void) { self.onInsert = onInsert }
    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        if case .insert(let insert) = change { onInsert(insert.insertedWebState) }
    }
}
