import Application
import Base
import Foundation
import Sessions
import TabModel
import TestSupport
import Testing
import Web

/// Closing and reopening windows and tabs, incognito windows, and tabs moving between
/// windows — each checked across a relaunch where it matters.
@MainActor
struct AppStateWindowTests {
    @Test func aClosedWindowGoesToRecentlyClosedWithItsHistoryAndComesBackFromThere() throws {
        let fixture = AppFixture()
        fixture.launch()
        let kept = fixture.openWindow(["https://a.test/"])
        let closed = fixture.openWindow(["https://b.test/1", "https://c.test/"])
        closed.browser.webStateList.webState(at: 0).load(URL(string: "https://b.test/2")!)
        fixture.app.closeScene(closed)
        #expect(fixture.app.scenes.map(\.sessionID) == [kept.sessionID])
        // Read back in the background; deleted only once the entry is there (the main-actor
        // steps have not run yet).
        fixture.app.sessionServices.sessionRestoration(for: kept.profile).waitForPendingIO()
        #expect(fixture.app.recentlyClosedEntries(for: kept).isEmpty)
        #expect(fixture.sessionsOnDisk().contains(closed.sessionID))
        fixture.settle()
        #expect(fixture.app.recentlyClosedEntries(for: kept).count == 1)
        #expect(!fixture.sessionsOnDisk().contains(closed.sessionID), "its session data is deleted")
        fixture.quit()

        let outcome = fixture.launch()
        let scene = try #require(outcome.restoredScenes.first)
        #expect(outcome.restoredScenes.count == 1)
        let entries = fixture.app.recentlyClosedEntries(for: scene)
        guard case .window(let window)? = entries.first else {
            Issue.record("no closed window in \(entries)")
            return
        }
        #expect(window.tabs.count == 2)
        fixture.app.reopenClosedEntry(window.entryID, from: scene)
        let reopened = try #require(fixture.announced.connected.last)
        #expect(reopened !== scene)
        #expect(fixture.pages(reopened) == ["b.test/2", "c.test/"])
        #expect(reopened.browser.webStateList.webState(at: 0).navigationItemCount == 2)
        #expect(fixture.app.recentlyClosedEntries(for: scene).isEmpty)
    }

    @Test func reopeningTheLastClosedTabPutsItBackAtItsIndexWithItsHistory() throws {
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/", "https://b.test/1", "https://c.test/"])
        let list = scene.browser.webStateList
        list.webState(at: 1).load(URL(string: "https://b.test/2")!)
        list.close(at: 1, flags: .userAction)
        #expect(fixture.pages(scene) == ["a.test/", "c.test/"])
        fixture.quit()

        // The list of closed tabs survives the restart.
        let outcome = fixture.launch()
        let restored = try #require(outcome.restoredScenes.first)
        let windows = fixture.announced.connected.count
        fixture.app.reopenLastClosed(from: restored)
        #expect(fixture.announced.connected.count == windows, "a tab opens no window")
        #expect(fixture.pages(restored) == ["a.test/", "b.test/2", "c.test/"])
        let list2 = restored.browser.webStateList
        #expect(list2.activeIndex == 1)
        #expect(list2.webState(at: 1).navigationItemCount == 2)
    }

    @Test func closingTheLastWindowsTabsLeavesNoRecentlyClosedWindow() {
        let fixture = AppFixture()
        fixture.launch()
        let kept = fixture.openWindow(["https://a.test/"])
        let emptied = fixture.openWindow(["https://b.test/"])
        emptied.browser.webStateList.close(at: 0, flags: .userAction)
        fixture.app.closeScene(emptied)
        let entries = fixture.app.recentlyClosedEntries(for: kept)
        #expect(entries.count == 1)
        if case .window? = entries.first { Issue.record("an empty window was recorded") }
    }

    // MARK: Incognito

    @Test func anIncognitoWindowLeavesNothingOnDiskOnceItCloses() throws {
        let fixture = AppFixture()
        fixture.launch()
        let regular = fixture.openWindow(["https://a.test/"])
        let incognito = fixture.openWindow(
            ["https://secret.test/1", "https://secret.test/2"], incognito: true)
        #expect(incognito.isIncognito)
        fixture.crash()  // makes its saves reach the disk
        #expect(fixture.sessionsOnDisk(incognito: true) == [incognito.sessionID])
        fixture.app.closeScene(incognito)
        #expect(!fixture.filesOnDisk().contains { $0.hasPrefix("Default/OTR") }, "\(fixture.filesOnDisk())")
        #expect(fixture.app.recentlyClosedEntries(for: regular).isEmpty)
        fixture.quit()
        let outcome = fixture.launch()
        #expect(outcome.restoredScenes.map(\.isIncognito) == [false])
        for scene in outcome.restoredScenes {
            #expect(
                fixture.app.recentlyClosedEntries(for: scene).isEmpty, "never in the regular profile's list")
        }
    }

    @Test func incognitoWindowsDoNotComeBackAfterACleanQuit() {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        fixture.openWindow(["https://secret.test/"], incognito: true)
        fixture.crash()
        fixture.quit()
        #expect(!fixture.filesOnDisk().contains { $0.hasPrefix("Default/OTR") })
        let outcome = fixture.launch()
        #expect(outcome.restoredScenes.map(fixture.pages) == [["a.test/"]])
    }

    @Test func incognitoWindowsComeBackAfterACrashWhenTheUserRestores() throws {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        let incognito = fixture.openWindow(["https://secret.test/"], incognito: true)
        fixture.crash()

        let outcome = fixture.launch()
        #expect(outcome.crashedScenes.filter(\.isIncognito).map(\.sessionID) == [incognito.sessionID])
        let restored = fixture.restoreCrashedScenes()
        let back = try #require(restored.first { $0.isIncognito })
        #expect(fixture.pages(back) == ["secret.test/"])
        #expect(back.profile.isOffTheRecord)
        fixture.quit()
        #expect(!fixture.filesOnDisk().contains { $0.hasPrefix("Default/OTR") })
    }

    /// Closing the last incognito window ends all incognito state, a crashed incognito
    /// window waiting for the user's choice included: nothing of it may come back after that.
    @Test func closingTheLastIncognitoWindowAfterACrashForgetsTheCrashedIncognitoWindows() throws {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        fixture.openWindow(["https://secret.test/"], incognito: true)
        fixture.crash()

        fixture.launch()
        let fresh = fixture.openWindow(["https://other-secret.test/"], incognito: true)
        fresh.browser.webStateList.close(at: 0, flags: .userAction)
        fixture.clock.advance(by: .zero)
        fixture.settle()
        #expect(!fixture.filesOnDisk().contains { $0.hasPrefix("Default/OTR") })
        #expect(fixture.app.openScenes.crashedScenes.map(\.isIncognito) == [false])

        let restored = fixture.restoreCrashedScenes()
        #expect(restored.map(fixture.pages) == [["a.test/"]])
        fixture.quit()
    }

    @Test func aLaunchAfterACleanQuitDeletesIncognitoStateLeftBehind() throws {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        fixture.quit()
        let leftover = fixture.storage(incognito: true).appendingPathComponent("stray")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        fixture.launch()
        #expect(!fixture.filesOnDisk().contains { $0.hasPrefix("Default/OTR") })
    }

    // MARK: Moving tabs

    @Test func aTabMovedToAnotherWindowIsThereAfterARelaunch() throws {
        let fixture = AppFixture()
        fixture.launch()
        let first = fixture.openWindow(["https://a.test/", "https://b.test/1"])
        let second = fixture.openWindow(["https://c.test/"])
        let moving = first.browser.webStateList.webState(at: 1)
        moving.load(URL(string: "https://b.test/2")!)
        fixture.app.moveTab(at: 1, from: first, to: second)
        #expect(fixture.pages(first) == ["a.test/"])
        #expect(fixture.pages(second) == ["c.test/", "b.test/2"])
        #expect(second.browser.webStateList.webState(at: 1) === moving, "the same tab, as it was")
        #expect(moving.isRealized)
        fixture.quit()

        let outcome = fixture.launch()
        #expect(outcome.restoredScenes.map(fixture.pages) == [["a.test/"], ["c.test/", "b.test/2"]])
        #expect(outcome.restoredScenes[1].browser.webStateList.webState(at: 1).navigationItemCount == 2)
    }

    @Test func anUnrealizedTabMovedToANewWindowStaysUnrealizedAndKeepsItsHistory() throws {
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/1", "https://b.test/"])
        scene.browser.webStateList.webState(at: 0).load(URL(string: "https://a.test/2")!)
        fixture.quit()
        let outcome = fixture.launch()
        let restored = try #require(outcome.restoredScenes.first)
        let tab = restored.browser.webStateList.webState(at: 0)
        #expect(!tab.isRealized)
        fixture.app.moveTab(at: 0, from: restored, to: nil)
        let window = try #require(fixture.announced.connected.last)
        #expect(window !== restored && fixture.app.scenes.count == 2)
        #expect(window.browser.webStateList.webState(at: 0) === tab)
        #expect(fixture.pages(restored) == ["b.test/"])
        fixture.quit()

        let next = fixture.launch()
        let moved = try #require(next.restoredScenes.first { fixture.pages($0) == ["a.test/2"] })
        #expect(moved.browser.webStateList.webState(at: 0).navigationItemCount == 2)
    }

    @Test func aTabDroppedOnAnotherWindowGoesWhereItWasDroppedSelected() throws {
        let fixture = AppFixture()
        fixture.launch()
        let first = fixture.openWindow(["https://a.test/", "https://b.test/", "https://e.test/"])
        let second = fixture.openWindow(["https://c.test/", "https://d.test/"])
        let moving = first.browser.webStateList.webState(at: 0)
        fixture.app.moveTab(at: 0, from: first, to: second, insertingAt: 1)
        #expect(fixture.pages(first) == ["b.test/", "e.test/"])
        #expect(fixture.pages(second) == ["c.test/", "a.test/", "d.test/"])
        #expect(second.browser.webStateList.webState(at: 1) === moving)
        #expect(second.browser.webStateList.activeIndex == 1)
        #expect(moving.isRealized, "the tab moves as it is")

        // At the end; at the end too for an index among the target's pinned tabs (the
        // list's order controller places an unpinned tab there; no tab bar drops there).
        fixture.app.moveTab(at: 0, from: first, to: second, insertingAt: 3)
        #expect(fixture.pages(second) == ["c.test/", "a.test/", "d.test/", "b.test/"])
        second.browser.webStateList.setPinned(at: 0, true)
        fixture.app.moveTab(at: 3, from: second, to: first)
        #expect(fixture.pages(first) == ["e.test/", "b.test/"])
        fixture.app.moveTab(at: 1, from: first, to: second, insertingAt: 0)
        #expect(fixture.pages(second) == ["c.test/", "a.test/", "d.test/", "b.test/"])
        #expect(!second.browser.webStateList.isPinned(at: 3))
        fixture.quit()

        let outcome = fixture.launch()
        #expect(
            outcome.restoredScenes.map(fixture.pages) == [
                ["e.test/"], ["c.test/", "a.test/", "d.test/", "b.test/"],
            ])
    }

    @Test func droppingATabPastTheEndOfTheTargetFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let first = fixture.openWindow(["https://a.test/", "https://b.test/"])
                let second = fixture.openWindow(["https://c.test/"])
                fixture.app.moveTab(at: 0, from: first, to: second, insertingAt: 2)
            }
        }.expectPreconditionMessage("AppState.moveTab: insertion index 2 out of range")
    }

    @Test func movingATabOutOfRangeFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let scene = fixture.openWindow(["https://a.test/"])
                fixture.app.moveTab(at: 3, from: scene, to: nil)
            }
        }.expectPreconditionMessage("AppState.moveTab")
    }

    @Test func movingATabBetweenProfilesFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let regular = fixture.openWindow(["https://a.test/"])
                let incognito = fixture.openWindow(["https://b.test/"], incognito: true)
                fixture.app.moveTab(at: 0, from: regular, to: incognito)
            }
        }.expectPreconditionMessage("AppState.moveTab")
    }
}

extension AppStateWindowTests {
    @Test(arguments: [false, true])
    func aLinkShiftClickedOpensANewWindowOfTheSameKind(incognito: Bool) throws {
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/"], incognito: incognito)
        let tab = scene.browser.webStateList.webState(at: 0)
        let link = URL(string: "https://x.test/")!
        _ = try #require(tab.delegate).openURL(from: tab, params: .init(url: link, disposition: .newWindow))
        let opened = try #require(fixture.app.scenes.last)
        #expect(opened !== scene)
        #expect(opened.isIncognito == incognito)
        #expect(opened.browser.webStateList.webStates.map(\.visibleURL) == [link])
        #expect(scene.browser.webStateList.count == 1, "the window the link was in keeps its tabs")
        fixture.quit()
    }
}
