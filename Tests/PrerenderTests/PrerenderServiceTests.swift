import Application
import Base
import Foundation
import History
import Prerender
import Sessions
import TabModel
import Testing
import Web
import WebTestSupport

/// Starting a prerender and showing it: the hidden copy of the active tab, the swap, the
/// session save and the visit recorded at the swap only.
@MainActor
struct PrerenderServiceTests {
    let fixture = PrerenderFixture()

    @Test func anInlineCompletionLoadsThePageAtOnceInAHiddenCopyOfTheActiveTab() throws {
        let hidden = try #require(fixture.prerender())
        #expect(fixture.list.count == 1)
        #expect(fixture.list.webStates.allSatisfy { $0 !== hidden })
        #expect(hidden.lastCommittedURL == PrerenderFixture.page)
        #expect(
            hidden.navigationManager.items.map(\.url.absoluteString)
                == PrerenderFixture.startPages + [PrerenderFixture.page.absoluteString])
        #expect(fixture.service.hasPrerender(for: PrerenderFixture.page))
        #expect(!fixture.service.isLoadingPrerender)
        #expect(hidden.delegate === fixture.service)
        fixture.quit()
    }

    @Test func anotherMatchStartsAfterThePauseOnly() {
        fixture.agent.startPrerender(
            url: PrerenderFixture.page, transition: PrerenderFixture.typed, immediately: false)
        #expect(fixture.service.prerenderWebState == nil)
        fixture.clock.advance(by: PrerenderService.prerenderDelay - .milliseconds(1))
        #expect(fixture.service.prerenderWebState == nil)
        fixture.clock.advance(by: .milliseconds(1))
        #expect(fixture.service.prerenderWebState?.lastCommittedURL == PrerenderFixture.page)
        fixture.quit()
    }

    @Test func aScheduledPageRequestedAtOnceStartsAtOnce() {
        fixture.agent.startPrerender(
            url: PrerenderFixture.page, transition: PrerenderFixture.typed, immediately: false)
        fixture.agent.startPrerender(
            url: PrerenderFixture.page, transition: PrerenderFixture.typed, immediately: true)
        #expect(fixture.service.prerenderWebState?.lastCommittedURL == PrerenderFixture.page)
        fixture.clock.advance(by: PrerenderService.prerenderDelay)
        #expect(fixture.engine.liveContents == 2)
        fixture.quit()
    }

    @Test func aScheduledPrerenderIsReplacedByTheNextRequest() {
        let other = URL(string: "https://other.test/")!
        fixture.agent.startPrerender(
            url: PrerenderFixture.page, transition: PrerenderFixture.typed, immediately: false)
        fixture.clock.advance(by: .milliseconds(300))
        fixture.agent.startPrerender(url: other, transition: PrerenderFixture.typed, immediately: false)
        fixture.clock.advance(by: .milliseconds(300))
        #expect(fixture.service.prerenderWebState == nil)
        fixture.clock.advance(by: .milliseconds(200))
        #expect(fixture.service.prerenderWebState?.lastCommittedURL == other)
        #expect(fixture.engine.liveContents == 2)
        fixture.quit()
    }

    @Test func neitherOtherSchemesNorThePageShownArePrerendered() {
        fixture.agent.startPrerender(
            url: URL(string: "file:///etc/passwd")!, transition: PrerenderFixture.typed, immediately: true)
        #expect(fixture.service.prerenderWebState == nil)
        fixture.agent.startPrerender(
            url: URL(string: PrerenderFixture.startPages[1])!, transition: PrerenderFixture.typed,
            immediately: true)
        #expect(fixture.service.prerenderWebState == nil)
        fixture.quit()
    }

    @Test func enterReplacesTheActiveTabWithThePrerenderedOneAndBackWorks() throws {
        let old = try #require(fixture.list.activeWebState)
        let hidden = try #require(fixture.prerender())
        let loadsBefore = fixture.content(hidden).loadedURLs.count

        #expect(fixture.agent.loadPrerenderedURL(PrerenderFixture.page, transition: PrerenderFixture.typed))
        #expect(fixture.list.activeWebState === hidden)
        #expect(fixture.list.count == 1)
        #expect(old.isBeingDestroyed)
        #expect(fixture.service.prerenderWebState == nil)
        #expect(fixture.service.swapCount == 1)
        // Shown at once: the page is not loaded again.
        #expect(fixture.content(hidden).loadedURLs.count == loadsBefore)
        #expect(hidden.delegate !== fixture.service)

        hidden.navigationManager.goBack()
        #expect(hidden.lastCommittedURL?.absoluteString == PrerenderFixture.startPages[1])
        fixture.quit()
    }

    @Test func enterOnAnotherURLCancelsThePrerender() throws {
        let hidden = try #require(fixture.prerender())
        #expect(
            !fixture.agent.loadPrerenderedURL(
                URL(string: "https://else.test/")!, transition: PrerenderFixture.typed))
        #expect(hidden.isBeingDestroyed)
        #expect(fixture.service.lastCancelReason == .notUsed)
        fixture.quit()
    }

    @Test func thePrerenderedPageIsAVisitOnlyOnceShownWithTheTypedTransition() async throws {
        _ = try #require(fixture.prerender())
        #expect(await fixture.visits()[PrerenderFixture.page.absoluteString] == nil)

        #expect(fixture.agent.loadPrerenderedURL(PrerenderFixture.page, transition: PrerenderFixture.typed))
        let transition = try #require(await fixture.visits()[PrerenderFixture.page.absoluteString])
        #expect(transition.coreTypeIs(.typed))
        #expect(transition.has(.fromAddressBar))
        fixture.quit()
    }

    @Test func aCancelledPrerenderLeavesNoVisit() async throws {
        _ = try #require(fixture.prerender())
        fixture.agent.cancelPrerender(reason: .locationBarClosed)
        #expect(await fixture.visits()[PrerenderFixture.page.absoluteString] == nil)
        fixture.quit()
    }

    @Test func thePrerenderLeavesNoSessionTraceAndTheSwapIsSavedAfterTheDelay() throws {
        fixture.runDelayedSaves()
        let saves = fixture.sessions.saveCount
        let hidden = try #require(fixture.prerender())
        fixture.runDelayedSaves()
        #expect(fixture.sessions.saveCount == saves)
        #expect(!sessionFiles().contains(where: { $0.contains(hidden.id.storageName) }))

        #expect(fixture.agent.loadPrerenderedURL(PrerenderFixture.page, transition: PrerenderFixture.typed))
        #expect(fixture.sessions.saveCount == saves)
        fixture.runDelayedSaves()
        #expect(fixture.sessions.saveCount == saves + 1)
        #expect(sessionFiles().contains(where: { $0.contains(hidden.id.storageName) }))
        fixture.quit()
    }

    @Test func theSwapIsSavedAlsoWhenTheWindowIsInTheBackground() throws {
        fixture.scene.setActivationLevel(.foregroundActive)
        fixture.scene.setActivationLevel(.background)
        fixture.runDelayedSaves()
        let saves = fixture.sessions.saveCount
        _ = try #require(fixture.prerender())
        #expect(fixture.agent.loadPrerenderedURL(PrerenderFixture.page, transition: PrerenderFixture.typed))
        fixture.runDelayedSaves()
        #expect(fixture.sessions.saveCount == saves + 1)
        fixture.quit()
    }

    @Test func observersHearOfTheStartTheShowAndTheCancel() throws {
        let observer = RecordingObserver()
        fixture.service.addObserver(observer)
        _ = try #require(fixture.prerender())
        #expect(fixture.agent.loadPrerenderedURL(PrerenderFixture.page, transition: PrerenderFixture.typed))
        let other = URL(string: "https://other.test/")!
        _ = try #require(fixture.prerender(other))
        fixture.agent.cancelPrerender(reason: .locationBarClosed)
        #expect(
            observer.events == [
                "started https://page.test/", "shown https://page.test/ true", "started https://other.test/",
                "cancelled https://other.test/ locationBarClosed",
            ])
        fixture.quit()
    }

    @MainActor
    final class RecordingObserver: PrerenderServiceObserver {
        var events: [String] = []
        func prerenderStarted(_ service: PrerenderService, url: URL) { events.append("started \(url)") }
        func prerenderShown(_ service: PrerenderService, url: URL, loaded: Bool) {
            events.append("shown \(url) \(loaded)")
        }
        func prerenderCancelled(_ service: PrerenderService, url: URL, reason: PrerenderCancelReason) {
            events.append("cancelled \(url) \(reason)")
        }
    }

    @Test func anIncognitoProfileHasNoPrerenderService() {
        #expect(fixture.app.prerenderServices.service(for: fixture.profile.offTheRecordProfile) == nil)
        fixture.quit()
    }

    /// The paths of the files under the profile's session storage.
    private func sessionFiles() -> [String] {
        let root = fixture.sessions.storageDirectory
        let paths = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]
        return paths ?? []
    }
}
