import Application
import Foundation
import Testing

/// What ``AppState`` announces to its observers: windows that connect (with their tabs in),
/// windows that disconnect (before their browser goes), tabs moving between open windows, and
/// the end of the crash-restore offer. The UI learns of new windows only this way.
@MainActor
struct AppStateObserverTests {
    @Test func theLaunchAnnouncesEveryRestoredWindowInOrder() {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        fixture.openWindow(["https://b.test/", "https://c.test/"])
        fixture.quit()

        let outcome = fixture.launch()
        #expect(fixture.announced.events == ["connected", "connected"])
        #expect(fixture.announced.connected.map(fixture.pages) == [["a.test/"], ["b.test/", "c.test/"]])
        #expect(fixture.announced.connected.map(\.sessionID) == outcome.restoredScenes.map(\.sessionID))
    }

    @Test func aNewWindowIsAnnouncedWithItsTabsInTheLastOneActive() throws {
        let fixture = AppFixture()
        fixture.launch()
        var seen: [String] = []
        fixture.announced.onEvent = { event, scene in
            guard let scene else { return }
            seen.append("\(event) \(fixture.pages(scene)) \(scene.browser.webStateList.activeIndex ?? -1)")
        }
        let scene = fixture.app.openNewScene(urls: [
            URL(string: "https://a.test/")!, URL(string: "https://b.test/")!,
        ])
        #expect(seen == [#"connected ["a.test/", "b.test/"] 1"#])
        #expect(fixture.announced.connected.last === scene)
        #expect(scene.browser.webStateList.webStates.allSatisfy { $0.isRealized }, "their pages load at once")
    }

    @Test func aClosedWindowIsAnnouncedGoneWhileItsBrowserIsStillThere() {
        let fixture = AppFixture()
        fixture.launch()
        let kept = fixture.openWindow(["https://a.test/"])
        let closed = fixture.openWindow(["https://b.test/"])
        var seen: [String] = []
        fixture.announced.onEvent = { event, scene in
            guard let scene else { return }
            let open = fixture.app.scenes.contains { $0 === scene }
            seen.append("\(event) open \(open) destroyed \(scene.browser.isDestroyed)")
        }
        fixture.app.closeScene(closed)
        #expect(seen == ["disconnected open false destroyed false"])
        #expect(closed.browser.isDestroyed)
        fixture.app.closeScene(closed)
        #expect(fixture.announced.disconnected.count == 1, "a window that already closed is ignored")
        _ = kept
    }

    @Test func theLastIncognitoTabClosingAnnouncesEveryIncognitoWindowGone() {
        let fixture = AppFixture()
        fixture.launch()
        let regular = fixture.openWindow(["https://a.test/"])
        let first = fixture.openWindow(["https://x.test/"], incognito: true)
        let second = fixture.app.openNewScene(incognito: true)
        first.browser.webStateList.close(at: 0, flags: .userAction)
        fixture.clock.advance(by: .zero)
        fixture.settle()
        #expect(fixture.announced.disconnected.map(\.sessionID) == [first.sessionID, second.sessionID])
        #expect(fixture.app.scenes.map(\.sessionID) == [regular.sessionID])
    }

    @Test func aMoveToAnOpenWindowIsAnnouncedAsAMoveAndOneToANewWindowAsAConnection() throws {
        let fixture = AppFixture()
        fixture.launch()
        let first = fixture.openWindow(["https://a.test/", "https://b.test/", "https://c.test/"])
        let second = fixture.openWindow(["https://d.test/"])
        let before = fixture.announced.events.count
        fixture.app.moveTab(at: 0, from: first, to: second)
        fixture.app.moveTab(at: 0, from: first, to: nil)
        #expect(fixture.announced.events.dropFirst(before) == ["moved", "connected"])
        let move = try #require(fixture.announced.moves.first)
        #expect(move.source === first && move.target === second)
        let window = try #require(fixture.announced.connected.last)
        #expect(fixture.pages(window) == ["b.test/"], "announced with the tab in")
    }

    @Test func aLinkSentToIncognitoOpensInTheIncognitoWindowUsedLastOrInANewOne() throws {
        let fixture = AppFixture()
        fixture.launch()
        let regular = fixture.openWindow(["https://a.test/"])
        regular.setActivationLevel(.foregroundActive)
        let url = URL(string: "https://secret.test/")!

        let opened = fixture.app.openInIncognitoWindow(url)
        #expect(fixture.announced.events.last == "connected", "none open: a new window")
        #expect(opened.profile.isOffTheRecord && fixture.pages(opened) == ["secret.test/"])

        let other = fixture.openWindow(["https://x.test/"], incognito: true)
        other.setActivationLevel(.foregroundActive)
        opened.setActivationLevel(.foregroundActive)
        regular.setActivationLevel(.foregroundActive)
        let again = fixture.app.openInIncognitoWindow(URL(string: "https://again.test/")!)

        #expect(again === opened, "the incognito window focused last")
        #expect(fixture.pages(opened) == ["secret.test/", "again.test/"])
        #expect(opened.browser.webStateList.activeIndex == 1)
        #expect(fixture.announced.events.last == "openedTab")
        #expect(fixture.announced.openedTabIn.last === opened)
    }

    @Test func restoringACrashedRunAnnouncesEachWindowThenTheEndOfTheOffer() {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        fixture.openWindow(["https://b.test/"])
        fixture.crash()

        fixture.launch()
        #expect(fixture.announced.events.isEmpty, "nothing is restored before the user chooses")
        let restored = fixture.restoreCrashedScenes()
        #expect(fixture.announced.events == ["connected", "connected", "restored"])
        #expect(restored.map(\.sessionID) == fixture.announced.connected.map(\.sessionID))
        #expect(!fixture.app.hasCrashedScenes)
    }

    @Test func reopeningAWindowAnnouncesItAndReopeningATabAnnouncesNothing() throws {
        let fixture = AppFixture()
        fixture.launch()
        let kept = fixture.openWindow(["https://a.test/", "https://b.test/"])
        let closed = fixture.openWindow(["https://c.test/"])
        kept.browser.webStateList.close(at: 1, flags: .userAction)
        fixture.app.closeScene(closed)
        fixture.settle()
        let before = fixture.announced.events.count

        fixture.app.reopenLastClosed(from: kept)
        #expect(fixture.announced.events.dropFirst(before) == ["connected"])
        #expect(fixture.pages(try #require(fixture.announced.connected.last)) == ["c.test/"])
        fixture.app.reopenLastClosed(from: kept)
        #expect(
            fixture.announced.events.dropFirst(before) == ["connected"], "the tab went back to its window")
        #expect(fixture.pages(kept) == ["a.test/", "b.test/"])
    }

    @Test func quittingAnnouncesNothingAndAnObserverRemovedHearsNothing() {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        let removed = RecordingAppStateObserver()
        fixture.app.addObserver(removed)
        fixture.app.removeObserver(removed)
        fixture.openWindow(["https://b.test/"])
        let before = fixture.announced.events.count
        fixture.quit()
        #expect(fixture.announced.events.count == before)
        #expect(removed.events.isEmpty)
    }
}
