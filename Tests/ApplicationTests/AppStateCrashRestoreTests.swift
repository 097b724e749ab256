import Application
import Foundation
import Testing
import Web

/// Restoring a crashed run in place of the window the user chose Restore in, while that
/// window is still blank (Chromium's `SessionRestore::RestoreSessionAfterCrash`, which
/// clobbers a browser holding a single new tab page).
@MainActor
struct AppStateCrashRestoreTests {
    /// The window the user asks in, as the tabs it holds, each as the pages it went through
    /// (`blank` is the new tab page); and whether the restore replaces it.
    nonisolated static let askingWindows: [(tabs: [[String]], incognito: Bool, isReplaced: Bool)] = [
        ([["blank"]], false, true),
        ([], false, true),
        ([["blank", "https://typed.test/"]], false, false),
        ([["https://typed.test/"]], false, false),
        ([["blank"], ["blank"]], false, false),
        ([["blank"]], true, false),
    ]

    @Test(arguments: askingWindows)
    func theRestoredWindowsReplaceTheWindowAskingOnlyWhileItIsBlank(
        tabs: [[String]], incognito: Bool, isReplaced: Bool
    ) throws {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/", "https://b.test/"])
        fixture.crash()
        fixture.launch()
        let asking = fixture.app.openNewScene(incognito: incognito)
        for pages in tabs {
            let tab = WebState(params: .init(context: asking.profile.webEngineContext))
            asking.browser.webStateList.insert(tab, .automatic.activating())
            for page in pages { tab.load(URL(string: page == "blank" ? "about:blank" : page)!) }
        }

        fixture.app.restoreCrashedScenes(replacing: asking)
        let restored = try #require(fixture.announced.restoredCrashed.last)
        #expect(restored.map(fixture.pages) == [["a.test/", "b.test/"]])
        let open = fixture.app.scenes
        #expect(open.contains { $0 === asking } == !isReplaced, "\(tabs)")
        #expect(open.count == (isReplaced ? 1 : 2))
        #expect(fixture.announced.disconnected.contains { $0 === asking } == isReplaced)
        fixture.quit()
    }

    @Test func theWindowAskingStaysWhenNothingCameBack() throws {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        fixture.crash()
        fixture.launch()
        let first = fixture.app.openNewScene(urls: [URL(string: "about:blank")!])
        fixture.app.restoreCrashedScenes(replacing: first)
        let second = fixture.app.openNewScene(urls: [URL(string: "about:blank")!])
        fixture.app.restoreCrashedScenes(replacing: second)
        #expect(fixture.app.scenes.contains { $0 === second }, "no crashed window was left to restore")
        fixture.quit()
    }
}
