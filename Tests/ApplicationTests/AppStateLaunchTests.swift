import Application
import Base
import Foundation
import KeyedServices
import Profiles
import Sessions
import TabModel
import TestSupport
import Testing
import Web

/// The launch and quit sequences across runs: what comes back after a clean quit, a crash,
/// a first run, damaged or missing files.
/// A keyed service that depends on the session service and notes, as it shuts down, what
/// the quit sequence has done by then.
@MainActor
private final class QuitOrderProbe: KeyedService {
    let check: @MainActor () -> String
    var seen: [String] = []
    init(check: @escaping @MainActor () -> String) { self.check = check }
    func shutdown() { seen.append(check()) }
}

@MainActor
struct AppStateLaunchTests {
    @Test func aFirstRunRestoresNothing() {
        let fixture = AppFixture()
        let outcome = fixture.launch()
        #expect(outcome.restoredScenes.isEmpty)
        #expect(!outcome.lastRunCrashed)
        #expect(outcome.crashedScenes.isEmpty)
        #expect(fixture.app.initStage == .final)
        #expect(fixture.app.scenes.isEmpty, "the UI opens the first window")
    }

    @Test func aCleanQuitBringsBackTheSameWindowsTabsOrderPinsGroupsActiveTabsAndHistory() throws {
        let fixture = AppFixture()
        fixture.launch()
        let first = fixture.openWindow([
            "https://a.test/1", "https://a.test/2", "https://a.test/3", "https://a.test/4",
        ])
        let list = first.browser.webStateList
        list.setPinned(at: 0, true)
        list.createGroup(indices: [2, 3], visualData: TabGroupVisualData(title: "Work", color: .blue))
        list.webState(at: 1).load(URL(string: "https://a.test/2b")!)
        list.activate(at: 1)
        let second = fixture.openWindow(["https://b.test/1", "https://b.test/2"])
        second.browser.webStateList.activate(at: 0)
        fixture.quit()
        #expect(!fixture.app.context.isRunning)

        let outcome = fixture.launch()
        #expect(!outcome.lastRunCrashed)
        try #require(outcome.restoredScenes.count == 2)
        let (a, b) = (outcome.restoredScenes[0], outcome.restoredScenes[1])
        #expect(a.sessionID == first.sessionID && b.sessionID == second.sessionID)
        #expect(fixture.pages(a) == ["a.test/1", "a.test/2b", "a.test/3", "a.test/4"])
        #expect(fixture.pages(b) == ["b.test/1", "b.test/2"])
        #expect(a.browser.webStateList.pinnedCount == 1)
        #expect(a.browser.webStateList.groups.map(\.visualData.title) == ["Work"])
        #expect(a.browser.webStateList.activeIndex == 1)
        #expect(b.browser.webStateList.activeIndex == 0)
        #expect(a.browser.webStateList.webState(at: 1).navigationItemCount == 2)
        #expect(a.wasRestored && a.restoreProblems.isEmpty)
        // Only the active tab of each window is realized (and so loads).
        let realized = (a.browser.webStateList.webStates + b.browser.webStateList.webStates).filter(
            \.isRealized)
        #expect(realized.count == 2)
        #expect(fixture.engine.contentsCreated == 2)
    }

    @Test func windowsWithoutTabsAreNotRestored() {
        let fixture = AppFixture()
        fixture.launch()
        fixture.app.openNewScene()
        fixture.openWindow(["https://a.test/"])
        fixture.quit()
        let outcome = fixture.launch()
        #expect(outcome.restoredScenes.map(fixture.pages) == [["a.test/"]])
    }

    @Test func quitSavesAChangeStillWaitingForItsDelayedSave() {
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/"])
        fixture.clock.advance(by: AppFixture.saveDelay)
        fixture.addTabs(scene, ["https://late.test/"])
        fixture.quit()
        let outcome = fixture.launch()
        #expect(outcome.restoredScenes.map(fixture.pages) == [["a.test/", "late.test/"]])
    }

    @Test func quitSavesAndClosesTheWindowsThenShutsTheServicesDownThenRecordsTheCleanExit() throws {
        let fixture = AppFixture()
        var probes: [QuitOrderProbe] = []
        // Registered before the launch, as every keyed service is.
        let appState = AppState(
            userDataDirectory: UserDataDirectory(path: fixture.directory), engine: fixture.engine,
            clock: fixture.clock, mainTaskRunner: fixture.mainTaskRunner, isTesting: true,
            saveDelay: AppFixture.saveDelay)
        let sessions = appState.sessionServices.sessionRestorationFactory
        var sceneID = ""
        let factory = KeyedServiceFactory<QuitOrderProbe>(name: "QuitOrderProbe", dependsOn: [sessions]) {
            context in
            let service = sessions.requiredService(for: context as! Profile)
            let probe = QuitOrderProbe {
                service.waitForPendingIO()
                let list = service.sessionDirectory(sceneID).appendingPathComponent(
                    SessionFormat.metadataFileName)
                let saved = FileManager.default.fileExists(atPath: list.path)
                let connected = service.isConnected(sessionID: sceneID)
                let clean = appState.context.localState.bool(ApplicationContext.Prefs.exitedCleanly)
                return "saved \(saved) connected \(connected) clean \(clean)"
            }
            probes.append(probe)
            return probe
        }
        appState.context.dependencyManager.register(factory)
        try appState.launch()
        let scene = appState.openNewScene()
        sceneID = scene.sessionID
        _ = factory.requiredService(for: try #require(appState.profile))
        let tab = WebState(params: .init(context: scene.profile.webEngineContext))
        scene.browser.webStateList.insert(tab, .automatic.activating())
        tab.load(URL(string: "https://a.test/")!)
        appState.quit()
        #expect(probes.map(\.seen) == [["saved true connected false clean false"]])
        #expect(appState.context.localState.bool(ApplicationContext.Prefs.exitedCleanly))
        #expect(scene.isClosed && scene.browser.isDestroyed)
    }

    // MARK: Crashes

    @Test func afterACrashTheWindowsWaitForTheUserThenComeBackOnRestore() throws {
        let fixture = AppFixture()
        fixture.launch()
        let crashedWindow = fixture.openWindow(["https://a.test/", "https://b.test/"])
        fixture.crash()

        let outcome = fixture.launch()
        #expect(outcome.lastRunCrashed)
        #expect(outcome.restoredScenes.isEmpty, "nothing loads before the user chooses")
        #expect(outcome.crashedScenes.map(\.sessionID) == [crashedWindow.sessionID])
        #expect(fixture.app.hasCrashedScenes)
        // The UI opens a fresh window; the user browses in it, then chooses Restore.
        let fresh = fixture.openWindow(["https://new.test/"])
        let restored = fixture.restoreCrashedScenes()
        try #require(restored.count == 1)
        #expect(restored[0].sessionID == crashedWindow.sessionID)
        #expect(fixture.pages(restored[0]) == ["a.test/", "b.test/"])
        #expect(fixture.pages(fresh) == ["new.test/"])
        #expect(!fixture.app.hasCrashedScenes)
        fixture.quit()
        #expect(!FileManager.default.fileExists(atPath: fixture.storage().path + ".crash-backup"))

        let next = fixture.launch()
        #expect(!next.lastRunCrashed)
        #expect(next.restoredScenes.map(fixture.pages) == [["new.test/"], ["a.test/", "b.test/"]])
    }

    @Test func aWindowOpenedJustBeforeACrashIsOfferedForRestoreNotTakenAsClosed() throws {
        let fixture = AppFixture()
        fixture.launch()
        let window = fixture.openWindow(["https://a.test/"])
        fixture.crashBeforeDelayedPrefWrites()

        let outcome = fixture.launch()
        #expect(outcome.lastRunCrashed)
        #expect(outcome.crashedScenes.map(\.sessionID) == [window.sessionID])
        #expect(outcome.purgedSessionIDs.isEmpty)
        let restored = fixture.restoreCrashedScenes()
        #expect(restored.map(fixture.pages) == [["a.test/"]])
        fixture.quit()
    }

    @Test func crashedWindowsNotRestoredGoToRecentlyClosedAtTheNextLaunchAfterACleanQuit() throws {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/", "https://b.test/"])
        fixture.crash()
        fixture.launch()
        fixture.openWindow(["https://new.test/"])
        // Dismissed: the choice stays open until the clean quit.
        #expect(fixture.app.hasCrashedScenes)
        fixture.quit()

        let outcome = fixture.launch()
        #expect(outcome.restoredScenes.map(fixture.pages) == [["new.test/"]])
        #expect(!fixture.app.hasCrashedScenes)
        let scene = outcome.restoredScenes[0]
        guard case .window(let window)? = fixture.app.recentlyClosedEntries(for: scene).first else {
            Issue.record("the crashed window is not in recently closed")
            return
        }
        #expect(window.tabs.map { $0.storage.metadata.url?.host } == ["a.test", "b.test"])
    }

    @Test func aSecondCrashBeforeTheChoiceKeepsEveryCrashedWindow() throws {
        let fixture = AppFixture()
        fixture.launch()
        let first = fixture.openWindow(["https://a.test/"])
        fixture.crash()
        fixture.launch()
        let second = fixture.openWindow(["https://b.test/"])
        fixture.crash()

        let outcome = fixture.launch()
        #expect(Set(outcome.crashedScenes.map(\.sessionID)) == [first.sessionID, second.sessionID])
        let restored = fixture.restoreCrashedScenes()
        #expect(Set(restored.map(fixture.pages)) == [["a.test/"], ["b.test/"]])
    }

    // MARK: Damaged and missing files

    @Test func aDamagedWindowIsReportedInWordsWithWhatWasRecovered() throws {
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/", "https://b.test/"])
        fixture.quit()
        let list = fixture.storage().appendingPathComponent(scene.sessionID)
            .appendingPathComponent(SessionFormat.metadataFileName)
        try Data("not a session".utf8).write(to: list)

        let outcome = fixture.launch()
        let restored = try #require(outcome.restoredScenes.first)
        #expect(
            Set(fixture.pages(restored)) == ["a.test/", "b.test/"],
            "the tabs are recovered from their own files")
        let messages = restored.restoreProblems.map(\.userMessage)
        #expect(messages.contains("A damaged window was set aside; 2 tabs were recovered."), "\(messages)")
    }

    @Test(arguments: ["missing", "empty", "garbage"])
    func withoutAReadableLocalStateEveryWindowOnDiskComesBack(_ damage: String) throws {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        fixture.openWindow(["https://b.test/"])
        fixture.quit()
        let localState = fixture.directory.appendingPathComponent("Local State")
        try FileManager.default.removeItem(at: localState)
        if damage != "missing" {
            try Data(damage == "empty" ? [] : Array("{not json".utf8)).write(to: localState)
        }
        let outcome = fixture.launch()
        #expect(outcome.purgedSessionIDs.isEmpty)
        #expect(Set(outcome.restoredScenes.map(fixture.pages)) == [["a.test/"], ["b.test/"]])
    }

    @Test func launchingTwiceFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                _ = try? fixture.app.launch()
            }
        }.expectPreconditionMessage("AppState.launch")
    }

    @Test func openingAWindowBeforeTheLaunchFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let fixture = AppFixture()
                let app = AppState(
                    userDataDirectory: .init(path: fixture.directory), engine: fixture.engine,
                    clock: fixture.clock,
                    isTesting: true)
                app.openNewScene()
            }
        }.expectPreconditionMessage("AppState.openNewScene")
    }
}
