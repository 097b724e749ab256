import Application
import Foundation
import Sessions
import Testing

/// `swiftlet sessions` says of each window what the next launch does with it: "open" for a
/// window the launch restores (or, after a crash, offers to restore), "closed" for one it
/// sends to recently closed, whatever state `Local State` is in.
@MainActor
struct InspectorAgreementTests {
    /// What is done to `Local State` after a run with windows A (open) and B (closed).
    enum Damage: String, CaseIterable, Sendable {
        case none, missing, garbage, aPipe, openScenesOfTheWrongKind, crashWithBOnlyCrashed
    }

    @Test(arguments: Damage.allCases)
    func theInspectorSaysWhatTheLaunchDoes(_ damage: Damage) throws {
        let fixture = AppFixture()
        fixture.launch()
        let a = fixture.openWindow(["https://a.test/"]).sessionID
        let b = fixture.openWindow(["https://b.test/"]).sessionID
        fixture.quit()
        fixture.editLocalState { $0["open_scenes"] = [AppFixture.sceneRecord(a)] }
        let localState = fixture.directory.appendingPathComponent("Local State").path
        switch damage {
        case .none: break
        case .missing: try FileManager.default.removeItem(atPath: localState)
        case .garbage: try Data("{".utf8).write(to: URL(fileURLWithPath: localState))
        case .aPipe:
            try FileManager.default.removeItem(atPath: localState)
            mkfifo(localState, 0o600)
        case .openScenesOfTheWrongKind: fixture.editLocalState { $0["open_scenes"] = 7 }
        case .crashWithBOnlyCrashed:
            fixture.editLocalState {
                $0["exited_cleanly"] = false
                $0["crashed_scenes"] = [AppFixture.sceneRecord(b)]
            }
        }

        let report = try SessionInspector(userDataDirectory: fixture.directory).inspect()
        let shownOpen = Set(report.windows.filter { $0.state == .open }.map(\.sessionID))
        let shownClosed = Set(report.windows.filter { $0.state == .closed }.map(\.sessionID))

        let outcome = fixture.launch()
        let kept = Set(outcome.restoredScenes.map(\.sessionID) + outcome.crashedScenes.map(\.sessionID))
        #expect(shownOpen == kept, "\(damage)")
        #expect(shownClosed == Set(outcome.purgedSessionIDs), "\(damage)")
        #expect(shownOpen.union(shownClosed) == [a, b], "\(damage)")
    }
}
