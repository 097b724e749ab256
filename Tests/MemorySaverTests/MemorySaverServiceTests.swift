import Base
import Foundation
import MemorySaver
import ModelTestSupport
import Prefs
import Profiles
import TabModel
import Testing
import Web
import WebTestSupport

/// A browser list with one window of realized tabs on the fake engine, a manual clock, and a
/// memory saver discarding into memory (``WebState/discard()``) and recording what it did.
@MainActor
final class MemorySaverFixture {
    let engine = FakeWebEngine()
    let clock = ManualTimerClock()
    let browserList = BrowserList()
    let profile: Profile
    private(set) var discarded: [String] = []
    /// How many times the discard closure ran (once per browser and round).
    private(set) var discardCalls = 0
    private(set) var service: MemorySaverService!

    init(discardAfter: Duration? = .seconds(30 * 60)) {
        profile = TestProfile.make(engine: engine)
        service = MemorySaverService(
            browserList: browserList, clock: clock, policy: MemorySaverPolicy(discardAfter: discardAfter)
        ) { [unowned self] webStates, _ in
            discardCalls += 1
            for webState in webStates {
                discarded.append(webState.visibleURL?.host ?? "?")
                webState.discard()
            }
        }
    }

    /// A window with one realized tab per host, loaded; the last one active and shown.
    @discardableResult
    func makeWindow(_ hosts: [String]) -> Browser {
        let browser = Browser(kind: .regular, profile: profile, delegate: nil)
        browserList.add(browser)
        for host in hosts {
            let webState = WebState(params: .init(context: engine.defaultContext))
            webState.load(URL(string: "https://\(host).test/")!)
            browser.webStateList.insert(webState, .automatic.activating())
        }
        show(browser.webStateList.activeWebState!, in: browser)
        return browser
    }

    /// Shows `webState` as the window's content does: the previous one is hidden.
    func show(_ webState: WebState, in browser: Browser) {
        for other in browser.webStateList.webStates where other !== webState { other.wasHidden() }
        browser.webStateList.activate(at: browser.webStateList.index(of: webState)!)
        webState.wasShown()
    }

    func tab(_ host: String, in browser: Browser) -> WebState {
        browser.webStateList.webStates.first { $0.visibleURL?.host == "\(host).test" }!
    }

    func realized(_ browser: Browser) -> [String] {
        browser.webStateList.webStates.filter(\.isRealized).map {
            $0.visibleURL!.host!.replacingOccurrences(of: ".test", with: "")
        }
    }

    func minutes(_ count: Int) { clock.advance(by: .seconds(60 * count)) }
}

@MainActor
@Suite struct MemorySaverServiceTests {
    @Test func tabsHiddenForTheDelayAreDiscardedTheVisibleOneStays() {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["a", "b", "c"])
        fixture.minutes(29)
        #expect(fixture.realized(window) == ["a", "b", "c"])
        fixture.minutes(1)
        #expect(fixture.realized(window) == ["c"])
        #expect(Set(fixture.discarded) == ["a.test", "b.test"])
        #expect(fixture.service.discardCount == 2)
        #expect(fixture.clock.pendingCount == 0, "nothing left to wait for")
    }

    @Test func theDelayCountsFromWhenATabWasLastHidden() {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["a", "b"])
        fixture.minutes(20)
        fixture.show(fixture.tab("a", in: window), in: window)  // b hidden now, a shown
        fixture.minutes(20)
        #expect(fixture.realized(window) == ["a", "b"])
        fixture.minutes(10)
        #expect(fixture.realized(window) == ["a"])
    }

    @Test func aDiscardedTabComesBackWhenSelectedAndCanBeDiscardedAgain() {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["a", "b"])
        let a = fixture.tab("a", in: window)
        fixture.minutes(30)
        #expect(a.isDiscarded)

        fixture.show(a, in: window)
        #expect(a.isRealized && a.navigationManager.itemCount == 1)
        fixture.show(fixture.tab("b", in: window), in: window)
        fixture.minutes(30)
        #expect(a.isDiscarded)
        #expect(fixture.discarded == ["a.test", "a.test"])
    }

    @Test func protectedTabsAreKeptAndAskedAgainLater() throws {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["audio", "form", "plain", "shown"])
        let audio = fixture.tab("audio", in: window)
        try #require(audio.view.owner as? FakeWebContent).isPlayingAudio = true
        try #require(fixture.tab("form", in: window).view.owner as? FakeWebContent).hadFormInteraction = true
        fixture.minutes(30)
        #expect(fixture.realized(window) == ["audio", "form", "shown"])
        #expect(fixture.service.protection(of: audio, reason: .inactivity) == .playingAudio)

        try #require(audio.view.owner as? FakeWebContent).isPlayingAudio = false
        fixture.clock.advance(by: MemorySaverService.maximumRecheckDelay)
        #expect(fixture.realized(window) == ["form", "shown"])
    }

    @Test func aLoadingTabIsKept() {
        let fixture = MemorySaverFixture()
        fixture.engine.setPage(URL(string: "https://slow.test/")!, .init(title: "Slow", stalls: true))
        let window = fixture.makeWindow(["slow", "shown"])
        #expect(fixture.tab("slow", in: window).isLoading)
        fixture.minutes(60)
        #expect(fixture.realized(window) == ["slow", "shown"])
        #expect(
            fixture.service.protection(of: fixture.tab("slow", in: window), reason: .memoryPressure)
                == .loading)
    }

    @Test func aShortDelayAsksAgainAsOftenAsItsDelay() {
        let fixture = MemorySaverFixture(discardAfter: .seconds(5))
        fixture.engine.setPage(URL(string: "https://slow.test/")!, .init(title: "Slow", stalls: true))
        let window = fixture.makeWindow(["slow", "shown"])
        fixture.clock.advance(by: .seconds(5))
        #expect(fixture.realized(window) == ["slow", "shown"])
        fixture.tab("slow", in: window).stopLoading()
        fixture.clock.advance(by: .seconds(5))
        #expect(fixture.realized(window) == ["shown"])
    }

    @Test func aHiddenTabThatLoadsWaitsFromTheEndOfItsLoad() {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["a", "b"])
        fixture.minutes(20)
        fixture.tab("a", in: window).load(URL(string: "https://a.test/next")!)  // A script's reload, say.
        fixture.minutes(20)
        #expect(fixture.realized(window) == ["a", "b"])
        fixture.minutes(10)
        #expect(fixture.realized(window) == ["b"])
    }

    @Test func memoryPressureDiscardsEveryHiddenTabAtOnceInEveryWindow() {
        let fixture = MemorySaverFixture()
        let first = fixture.makeWindow(["a", "b", "x"])
        let second = fixture.makeWindow(["c", "d", "y"])
        fixture.minutes(1)
        #expect(fixture.service.handleMemoryPressure() == 4)
        #expect(fixture.discardCalls == 2, "one discard per window")
        #expect(fixture.realized(first) == ["x"])
        #expect(fixture.realized(second) == ["y"])
        #expect(fixture.service.handleMemoryPressure() == 0)
    }

    @Test func unrealizedTabsAndTabsRealizedInTheBackgroundAreFollowed() {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["shown"])
        let now = Date()
        let restored = WebState(
            context: fixture.engine.defaultContext, id: .newUnique(),
            metadata: WebStateMetadata(
                creationTime: now, lastActiveTime: now, title: "R",
                url: URL(string: "https://restored.test/"),
                navigationItemCount: 1),
            loaders: .init(storage: { nil }, nativeSessionState: { nil }))
        window.webStateList.insert(restored, .atIndex(0))
        fixture.minutes(40)
        #expect(!restored.isRealized && !restored.isDiscarded, "never realized: nothing to discard")
        restored.forceRealized()  // In the background (find in page, say).
        fixture.minutes(29)
        #expect(restored.isRealized)
        fixture.minutes(1)
        #expect(restored.isDiscarded)
    }

    @Test func aTabLeavingTheListIsForgotten() {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["a", "b"])
        let a = fixture.tab("a", in: window)
        let detached = window.webStateList.detach(at: window.webStateList.index(of: a)!)
        fixture.minutes(31)
        #expect(detached.isRealized)
        #expect(fixture.discarded.isEmpty)
        detached.close()
    }

    @Test func changingThePolicyReschedulesAndNilTurnsInactivityOff() {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["a", "b"])
        fixture.service.policy.discardAfter = nil
        fixture.minutes(120)
        #expect(fixture.realized(window) == ["a", "b"])
        #expect(fixture.clock.pendingCount == 0)
        fixture.service.policy.discardAfter = .seconds(60)
        fixture.minutes(1)
        #expect(fixture.realized(window) == ["b"])
    }

    @Test func afterShutdownNothingIsDiscarded() {
        let fixture = MemorySaverFixture()
        let window = fixture.makeWindow(["a", "b"])
        fixture.service.shutdown()
        fixture.minutes(60)
        #expect(fixture.service.handleMemoryPressure() == 0)
        #expect(fixture.realized(window) == ["a", "b"])
    }

    @Test func theTabStripKeepsTitleURLAndFaviconOfADiscardedTab() {
        let fixture = MemorySaverFixture()
        fixture.engine.setPage(URL(string: "https://a.test/")!, .init(title: "a", favicon: Data("icon".utf8)))
        let window = fixture.makeWindow(["a", "b"])
        let a = fixture.tab("a", in: window)
        let before = (a.title, a.visibleURL, a.faviconURL)
        fixture.service.handleMemoryPressure()
        #expect(a.isDiscarded)
        #expect(a.title == before.0 && a.visibleURL == before.1 && a.faviconURL == before.2)
        #expect(a.faviconURL != nil)
    }
}
