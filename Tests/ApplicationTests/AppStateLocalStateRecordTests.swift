import Application
import Foundation
import Sessions
import Testing

/// `Local State` edited by hand: window records whose session id cannot name a session
/// directory, and windows recorded twice. The launch and the user's Restore after a crash
/// skip the one and keep the other once, and every good window opens. Each case runs in a
/// child process (`processExitsWith: .success`), so that a regression fails one test, not
/// the run.
struct AppStateLocalStateRecordTests {
    /// Session ids that cannot name a directory of the session storage.
    static let unusableIDs = [
        "", ".", "..", "a/b", "/", "../Default", "..\u{0}", "x\u{0}y", String(repeating: "x", count: 256),
    ]

    @Test(arguments: unusableIDs)
    func anUnusableSessionIDIsSkippedAtLaunchAndTheGoodWindowsOpen(_ id: String) async {
        await #expect(processExitsWith: .success, "\(id.debugDescription)") { [id] in
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let good = fixture.openWindow(["https://a.test/"]).sessionID
                fixture.quit()
                fixture.editLocalState {
                    $0["open_scenes"] = [AppFixture.sceneRecord(id), AppFixture.sceneRecord(good)]
                }

                let outcome = fixture.launch()
                precondition(outcome.restoredScenes.map(\.sessionID) == [good], "the good window opens")
                precondition(
                    outcome.localStateProblems == [
                        .unusableSessionID(id, list: OpenSceneRegistry.Prefs.openScenes)
                    ], "reported: \(outcome.localStateProblems)")
                precondition(fixture.app.openScenes.problems.count == 1, "reported once")
                precondition(
                    FileManager.default.fileExists(atPath: fixture.storage().path), "nothing is deleted")
                fixture.quit()
                precondition(fixture.launch().restoredScenes.map(\.sessionID) == [good])
            }
        }
    }

    @Test(arguments: unusableIDs)
    func anUnusableSessionIDIsSkippedByTheRestoreAfterACrash(_ id: String) async {
        await #expect(processExitsWith: .success, "\(id.debugDescription)") { [id] in
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let good = fixture.openWindow(["https://a.test/"]).sessionID
                let crashed = fixture.openWindow(["https://b.test/"]).sessionID
                fixture.crash()
                fixture.editLocalState {
                    $0["open_scenes"] = [AppFixture.sceneRecord(id), AppFixture.sceneRecord(good)]
                    $0["crashed_scenes"] = [AppFixture.sceneRecord(crashed), AppFixture.sceneRecord(id)]
                }

                let outcome = fixture.launch()
                precondition(outcome.lastRunCrashed)
                precondition(Set(outcome.crashedScenes.map(\.sessionID)) == [good, crashed])
                let restored = fixture.app.restoreCrashedScenes()
                precondition(Set(restored.map(\.sessionID)) == [good, crashed], "the good windows open")
                precondition(Set(restored.map(fixture.pages)) == [["a.test/"], ["b.test/"]])
                precondition(
                    fixture.app.openScenes.problems == [
                        .unusableSessionID(id, list: OpenSceneRegistry.Prefs.openScenes),
                        .unusableSessionID(id, list: OpenSceneRegistry.Prefs.crashedScenes),
                    ], "reported once per list: \(fixture.app.openScenes.problems)")
            }
        }
    }

    @Test func aWindowRecordedTwiceOpensOnce() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let good = fixture.openWindow(["https://a.test/"]).sessionID
                fixture.quit()
                fixture.editLocalState {
                    $0["open_scenes"] = [
                        AppFixture.sceneRecord(good), AppFixture.sceneRecord(good),
                        AppFixture.sceneRecord(good),
                    ]
                }

                let outcome = fixture.launch()
                precondition(outcome.restoredScenes.map(fixture.pages) == [["a.test/"]], "opens once")
                precondition(
                    outcome.localStateProblems == [
                        .repeated(sessionID: good, list: OpenSceneRegistry.Prefs.openScenes)
                    ], "reported once: \(outcome.localStateProblems)")
                fixture.crash()
                fixture.editLocalState {
                    $0["crashed_scenes"] = [AppFixture.sceneRecord(good), AppFixture.sceneRecord(good)]
                }
                fixture.launch()
                precondition(fixture.app.restoreCrashedScenes().map(fixture.pages) == [["a.test/"]])
            }
        }
    }
}
