import Application
import Foundation
import MemorySaver
import Sessions
import Testing
import Web

/// The memory saver in the application: started at launch for the profile, discarding
/// through the session service, through a quit and a relaunch.
@MainActor
@Suite struct AppStateMemorySaverTests {
    @Test func hiddenTabsAreDiscardedAfterThePrefsDelayAndComeBackWithTheirHistory() throws {
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/1", "https://b.test/1", "https://c.test/1"])
        let list = scene.browser.webStateList
        list.webState(at: 0).load(URL(string: "https://a.test/2")!)
        list.activeWebState?.wasShown()
        let profile = try #require(fixture.app.profile)
        profile.prefs.set(MemorySaverPrefs.discardAfterSeconds, .int(10 * 60))

        fixture.clock.advance(by: .seconds(10 * 60))
        fixture.settle()
        #expect(list.webStates.map(\.isRealized) == [false, false, true])
        #expect(fixture.app.memorySavers.memorySaver(for: profile).discardCount == 2)

        let a = list.webState(at: 0)
        list.activeWebState?.wasHidden()
        list.activate(at: 0)
        a.wasShown()
        #expect(
            a.navigationManager.items.map(\.url.absoluteString) == ["https://a.test/1", "https://a.test/2"])
        #expect(a.lastCommittedURL == URL(string: "https://a.test/2"))
        fixture.quit()
    }

    @Test func memoryPressureDiscardsBackgroundTabsOfEveryWindowIncognitoToo() {
        let fixture = AppFixture()
        fixture.launch()
        let regular = fixture.openWindow(["https://a.test/", "https://b.test/"])
        let incognito = fixture.openWindow(["https://secret.test/", "https://other.test/"], incognito: true)
        regular.browser.webStateList.activeWebState?.wasShown()
        incognito.browser.webStateList.activeWebState?.wasShown()

        #expect(fixture.app.handleMemoryPressure() == 2)
        #expect(regular.browser.webStateList.webStates.map(\.isRealized) == [false, true])
        #expect(incognito.browser.webStateList.webStates.map(\.isRealized) == [false, true])
        fixture.settle()

        let secret = incognito.browser.webStateList.webState(at: 0)
        secret.forceRealized()
        #expect(secret.lastCommittedURL == URL(string: "https://secret.test/"))
        fixture.quit()
    }

    @Test func aDiscardedTabComesBackAfterARelaunch() {
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/1", "https://b.test/"])
        scene.browser.webStateList.webState(at: 0).load(URL(string: "https://a.test/2")!)
        scene.browser.webStateList.activeWebState?.wasShown()
        fixture.app.handleMemoryPressure()
        fixture.quit()
        fixture.settle()

        let outcome = fixture.launch()
        let restored = try! #require(outcome.restoredScenes.first)
        let a = restored.browser.webStateList.webState(at: 0)
        a.forceRealized()
        #expect(a.navigationManager.itemCount == 2)
        #expect(a.lastCommittedURL == URL(string: "https://a.test/2"))
        fixture.quit()
    }
}
