import Application
import Base
import Foundation
import History
import ModelTestSupport
import Prerender
import Profiles
import Sessions
import TabModel
import Web
import WebTestSupport

/// An application on the fake engine with one window whose active tab went through
/// ``startPages``, and the window's prerender agent.
@MainActor
final class PrerenderFixture {
    static let saveDelay: Duration = .seconds(1)
    static let startPages = ["https://start.test/1", "https://start.test/2"]
    static let page = URL(string: "https://page.test/")!
    static let typed = PageTransition.typed.adding(.fromAddressBar)

    let clock = ManualTimerClock()
    let mainTaskRunner = ManualMainTaskRunner()
    let engine = FakeWebEngine()
    let app: AppState
    let scene: SceneState
    let service: PrerenderService
    let agent: PrerenderBrowserAgent

    var browser: Browser { scene.browser }
    var list: WebStateList { scene.browser.webStateList }
    var profile: Profile { scene.profile }
    var sessions: SessionRestorationService { app.sessionServices.sessionRestoration(for: profile) }

    init() {
        app = AppState(
            userDataDirectory: UserDataDirectory(path: TestProfile.makeUserDataDirectory()), engine: engine,
            clock: clock, mainTaskRunner: mainTaskRunner, isTesting: true, saveDelay: Self.saveDelay)
        _ = try! app.launch()
        scene = app.openNewScene()
        let tab = WebState(params: .init(context: scene.profile.webEngineContext))
        scene.browser.webStateList.insert(tab, .automatic.activating())
        for page in Self.startPages { tab.load(URL(string: page)!, transition: .typed) }
        service = app.prerenderServices.service(for: scene.profile)!
        agent = PrerenderBrowserAgent.attach(to: scene.browser, service: service)
    }

    /// Prerenders ``page`` (or `url`) at once, as for an inline completion.
    @discardableResult
    func prerender(_ url: URL = PrerenderFixture.page) -> WebState? {
        agent.startPrerender(url: url, transition: Self.typed, immediately: true)
        return service.prerenderWebState
    }

    /// The fake engine's content of `webState`.
    func content(_ webState: WebState) -> FakeWebContent { webState.view.owner as! FakeWebContent }

    /// Every visit in the profile's history, by URL.
    func visits() async -> [String: PageTransition] {
        let history = app.historyServices.service(for: profile)!
        let entries = await history.queryHistory("", options: HistoryQueryOptions())
        return Dictionary(entries.map { ($0.url.absoluteString, $0.transition) }) { first, _ in first }
    }

    /// Runs the delayed saves due and waits for their writes.
    func runDelayedSaves() {
        clock.advance(by: Self.saveDelay)
        sessions.waitForPendingIO()
        _ = mainTaskRunner.runUntilIdle()
    }

    func quit() { app.quit() }
}
