import Base
import Foundation
import History
import LocalHTTPServer
import Prefs
import Prerender
import Profiles
import TabModel
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// A prerender on WebKit: the hidden tab loads the page with a copy of the active tab's
/// back/forward list; the swap shows it in the tab's place with Back working, and the visit is
/// recorded then; what the page may not do unseen ends it.
final class PrerenderWebKitTests: WebKitTestCase, @unchecked Sendable {
    static let typed = PageTransition.typed.adding(.fromAddressBar)

    /// A browser of a real profile on WebKit whose one tab went to `/a`, its profile's
    /// prerender service (its hidden tabs recording into `history`), and what to close.
    @MainActor
    private func makeBrowser(history: HistoryService) -> (ApplicationContext, Browser, PrerenderService) {
        let application = ApplicationContext(
            userDataDirectory: UserDataDirectory(path: profileDirectory.appendingPathComponent("user-data")),
            engine: engine, clock: ManualTimerClock(), isTesting: true,
            registerProfilePrefs: PrerenderPrefs.register(in:))
        application.start()
        let profile = try! application.profileManager.createProfile(named: "Default")
        let browser = Browser(kind: .regular, profile: profile, delegate: nil)
        let tab = WebState(params: .init(context: profile.webEngineContext))
        browser.webStateList.insert(tab, .automatic.activating())
        tab.load(server.url("/a"), transition: Self.typed)
        wait("/a") { tab.lastCommittedURL == server.url("/a") && !tab.isLoading }
        let service = PrerenderService(
            prefs: profile.prefs, clock: SystemTimerClock(), mainTaskRunner: DispatchMainTaskRunner(),
            attachTabHelpers: { HistoryTabHelper.attach(to: $0, service: history) })
        return (application, browser, service)
    }

    @MainActor
    private func visits(_ history: HistoryService) -> [String] {
        var paths: [String]?
        Task { @MainActor in
            paths = await history.queryHistory("", options: HistoryQueryOptions()).map(\.url.path)
        }
        wait("the history") { paths != nil }
        return paths ?? []
    }

    func testTheSwappedTabShowsThePrerenderedPageAndBackWorks() {
        onMainActor {
            let history = HistoryService(path: nil, clock: ManualTimerClock())
            defer { history.shutdown() }
            let (application, browser, service) = makeBrowser(history: history)
            defer {
                service.shutdown()
                browser.destroy()
                application.shutdown()
            }
            let list = browser.webStateList
            service.startPrerender(
                url: server.url("/b"), transition: Self.typed, browser: browser, immediately: true)
            guard let hidden = service.prerenderWebState else { return XCTFail("no prerender") }
            wait("the prerender's load") {
                hidden.lastCommittedURL == server.url("/b") && !hidden.isLoading && hidden.title == "Page B"
            }
            XCTAssertEqual(server.requestCount("/b"), 1)
            XCTAssertEqual(visits(history), [])

            XCTAssertTrue(
                service.maybeLoadPrerenderedURL(server.url("/b"), transition: Self.typed, into: browser))
            XCTAssertTrue(list.activeWebState === hidden)
            XCTAssertEqual(list.count, 1)
            XCTAssertEqual(hidden.title, "Page B")
            XCTAssertEqual(hidden.navigationManager.items.map(\.url.path), ["/a", "/b"])
            XCTAssertEqual(
                evaluate("document.body.textContent", in: hidden.view.owner as! WebKitWebContent).flatMap {
                    try? $0.get()
                }, .string("bravo"))
            // Shown as it was: not loaded again.
            XCTAssertEqual(server.requestCount("/b"), 1)
            XCTAssertEqual(visits(history), ["/b"])

            XCTAssertTrue(hidden.navigationManager.canGoBack)
            hidden.navigationManager.goBack()
            wait("Back to /a") { hidden.lastCommittedURL == server.url("/a") && hidden.title == "Page A" }
        }
    }

    /// Prerenders `path` and waits for the service to end it; returns why it ended.
    @MainActor
    private func cancelReason(prerendering path: String) -> PrerenderCancelReason? {
        let history = HistoryService(path: nil, clock: ManualTimerClock())
        defer { history.shutdown() }
        let (application, browser, service) = makeBrowser(history: history)
        defer {
            service.shutdown()
            browser.destroy()
            application.shutdown()
        }
        service.startPrerender(
            url: server.url(path), transition: Self.typed, browser: browser, immediately: true)
        guard let hidden = service.prerenderWebState else {
            XCTFail("no prerender")
            return nil
        }
        wait("the prerender's end") { service.prerenderWebState == nil }
        XCTAssertTrue(hidden.isBeingDestroyed)
        XCTAssertEqual(browser.webStateList.count, 1)
        XCTAssertEqual(visits(history), [])
        return service.lastCancelReason
    }

    func testAJavaScriptDialogEndsThePrerenderUnseen() {
        onMainActor {
            server.route("/alert", .page(title: "Alert", body: "<script>alert('hello')</script>"))
            XCTAssertEqual(cancelReason(prerendering: "/alert"), .javaScriptDialog)
        }
    }

    func testAnAuthenticationChallengeEndsThePrerenderUnseen() {
        onMainActor {
            server.route(
                "/private",
                HTTPResponse(
                    status: 401,
                    headers: ["WWW-Authenticate": "Basic realm=\"test\"", "Content-Type": "text/html"],
                    body: Data("<p>no</p>".utf8)))
            XCTAssertEqual(cancelReason(prerendering: "/private"), .authentication)
        }
    }

    func testAPopUpEndsThePrerender() {
        onMainActor {
            server.route("/popup", .page(title: "Pop", body: "<script>window.open('/c')</script>"))
            XCTAssertEqual(cancelReason(prerendering: "/popup"), .popup)
        }
    }

    func testADownloadIsNeverStarted() {
        onMainActor {
            server.route("/file", .attachment(Data("bytes".utf8), filename: "file.bin"))
            XCTAssertEqual(cancelReason(prerendering: "/file"), .notAWebPage)
        }
    }
}
