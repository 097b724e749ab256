import Application
import Base
import Foundation
import Sessions
import TestSupport
import Testing

/// As Chromium's `SessionSavingSceneAgent` (`ios/chrome/browser/sessions/model/
/// session_saving_scene_agent.mm`): a window saves immediately when it leaves the foreground or
/// closes, only if it was foreground-active since its last save; tab changes keep their
/// delayed save.
@MainActor
struct SessionSavingSceneAgentTests {
    /// `steps | immediate saves written, saves the agent asked for`. Steps: `fa` foreground
    /// active, `fi` foreground inactive, `bg` background, `un` closed, `tab` a new tab.
    nonisolated static let table = [
        "tab fa bg | 1 1",
        "tab fi bg | 0 0",
        "fa bg | 0 1",
        "tab fa fi bg | 1 1",
        "fa tab fi | 0 0",
        "tab fa bg tab bg | 1 1",
        "tab fa bg tab fa bg | 2 2",
        "tab fa un | 1 1",
        "tab fa fi un | 1 1",
        "tab fi un | 0 0",
    ]

    @Test(arguments: table)
    func activationTransitionsSave(_ row: String) throws {
        let parts = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let steps = parts[0].split(separator: " ")
        let expected = parts[1].split(separator: " ").map { Int($0)! }
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/"])
        scene.setActivationLevel(.background)
        let service = fixture.app.sessionServices.sessionRestoration(for: scene.profile)
        service.saveSessions()
        service.waitForPendingIO()
        let agent = try #require(scene.allAgents.first as? SessionSavingSceneAgent)
        let savesBefore = service.saveCount
        let requestsBefore = agent.saveRequestCount
        for step in steps {
            switch step {
            case "fa": scene.setActivationLevel(.foregroundActive)
            case "fi": scene.setActivationLevel(.foregroundInactive)
            case "bg": scene.setActivationLevel(.background)
            case "un": scene.setActivationLevel(.unattached)
            case "tab": fixture.addTabs(scene, ["https://b.test/"])
            default: Issue.record("unknown step \(step)")
            }
        }
        #expect(service.saveCount - savesBefore == expected[0], "immediate saves")
        #expect(agent.saveRequestCount - requestsBefore == expected[1], "saves asked for")
    }

    @Test func anImmediateSaveCancelsThePendingDelayedOne() {
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/"])
        let service = fixture.app.sessionServices.sessionRestoration(for: scene.profile)
        scene.setActivationLevel(.foregroundActive)
        let before = service.saveCount
        fixture.addTabs(scene, ["https://b.test/"])
        scene.setActivationLevel(.background)
        #expect(service.saveCount == before + 1, "saved at once, without waiting for the delay")
        fixture.clock.advance(by: AppFixture.saveDelay * 2)
        #expect(service.saveCount == before + 1, "the delayed save was cancelled")
        // A later tab change is saved after the delay, as before.
        fixture.addTabs(scene, ["https://c.test/"])
        fixture.clock.advance(by: AppFixture.saveDelay)
        #expect(service.saveCount == before + 2)
    }

    @Test func levelsAreOrderedFromGoneToFocused() {
        let levels: [SceneActivationLevel] = [
            .foregroundActive, .unattached, .background, .foregroundInactive, .disconnected,
        ]
        #expect(
            levels.sorted() == [
                .unattached, .disconnected, .background, .foregroundInactive, .foregroundActive,
            ])
        #expect(levels.filter(\.isForeground).sorted() == [.foregroundInactive, .foregroundActive])
    }

    @Test func observersHearEveryChangeOnce() {
        final class Recorder: SceneStateObserver {
            var log: [String] = []
            func sceneState(
                _ scene: SceneState, transitionedTo level: SceneActivationLevel,
                from previous: SceneActivationLevel
            ) { log.append("\(previous)>\(level)") }
        }
        let fixture = AppFixture()
        fixture.launch()
        let scene = fixture.app.openNewScene()
        let recorder = Recorder()
        scene.addObserver(recorder)
        for level in [SceneActivationLevel.background, .background, .foregroundActive, .unattached] {
            scene.setActivationLevel(level)
        }
        #expect(
            recorder.log == [
                "unattached>background", "background>foreground-active", "foreground-active>unattached",
            ])
        #expect(scene.isClosed)
    }

    @Test func changingAClosedSceneFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let fixture = AppFixture()
                fixture.launch()
                let scene = fixture.app.openNewScene()
                scene.setActivationLevel(.foregroundActive)
                scene.setActivationLevel(.unattached)
                scene.setActivationLevel(.foregroundActive)
            }
        }.expectPreconditionMessage("SceneState.setActivationLevel")
    }
}
