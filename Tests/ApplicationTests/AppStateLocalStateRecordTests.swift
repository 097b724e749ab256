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
                let restored = fixture.restoreCrashedScenes()
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
                precondition(fixture.restoreCrashedScenes().map(fixture.pages) == [["a.test/"]])
            }
        }
    }

    /// A pref of the wrong kind in `Local State` resets that pref alone: the window recorded
    /// open comes back, and the one closed before is not taken for an open one (it goes to
    /// recently closed, as after any launch).
    @MainActor
    @Test(
        arguments: [
            ("profile", "info_cache", 5), ("application", "exited_cleanly", "yes"),
            ("application", "crashed_scenes", "none"),
        ] as [(String, String, any Sendable)])
    func aPrefOfTheWrongKindInLocalStateResetsItAlone(_ group: String, _ name: String, _ value: any Sendable)
    {
        let fixture = AppFixture()
        fixture.launch()
        let open = fixture.openWindow(["https://a.test/"]).sessionID
        let closed = fixture.openWindow(["https://b.test/"]).sessionID
        fixture.quit()
        fixture.editLocalState { $0["open_scenes"] = [AppFixture.sceneRecord(open)] }
        fixture.editRoot { root in
            var members = (root[group] as? [String: Any]) ?? [:]
            members[name] = value
            root[group] = members
        }

        let outcome = fixture.launch()
        let pref = group + "." + name
        #expect(fixture.app.context.localState.valueProblems.map(\.reason) != [], "\(pref) is reported")
        #expect(fixture.app.context.localState.wasResetAtLoad(pref))
        #expect(outcome.restoredScenes.map(\.sessionID) == [open], "\(pref)")
        #expect(outcome.purgedSessionIDs == [closed], "\(pref): the closed window stays closed")
        #expect(!outcome.lastRunCrashed)
    }

    @MainActor @Test func aListOfWindowsOfTheWrongKindTakesEveryWindowOnDiskAsOpen() {
        let fixture = AppFixture()
        fixture.launch()
        fixture.openWindow(["https://a.test/"])
        fixture.openWindow(["https://b.test/"])
        fixture.quit()
        fixture.editLocalState { $0["open_scenes"] = "every window" }
        let outcome = fixture.launch()
        #expect(fixture.app.context.localState.wasResetAtLoad(OpenSceneRegistry.Prefs.openScenes))
        #expect(Set(outcome.restoredScenes.map(fixture.pages)) == [["a.test/"], ["b.test/"]])
        #expect(outcome.purgedSessionIDs.isEmpty)
    }

    @MainActor @Test func aMalformedWindowRecordIsSkippedAndReported() {
        let fixture = AppFixture()
        fixture.launch()
        let open = fixture.openWindow(["https://a.test/"]).sessionID
        fixture.quit()
        fixture.editLocalState {
            $0["open_scenes"] = [5, AppFixture.sceneRecord(open), ["session_id": 3, "profile": "Default"]]
        }
        let outcome = fixture.launch()
        #expect(outcome.restoredScenes.map(\.sessionID) == [open])
        #expect(
            outcome.localStateProblems == [
                .malformedRecord(index: 0, list: OpenSceneRegistry.Prefs.openScenes),
                .malformedRecord(index: 2, list: OpenSceneRegistry.Prefs.openScenes),
            ])
    }
}
