public import Application
import Foundation
import Mediators
import UIInterfaces

extension AppCoordinator {
    /// Makes and starts the window of `scene` (not shown yet).
    @discardableResult
    private func makeWindow(for scene: SceneState) -> BrowserCoordinator {
        guard let appState, let sceneMediator else {
            preconditionFailure("AppCoordinator.makeWindow: not started")
        }
        let window = BrowserCoordinator(
            scene: scene, appState: appState, sceneMediator: sceneMediator,
            makeWindow: environment.makeWindow, applicationCommands: self,
            startPageURL: startPageURL, tabStripRegistry: tabStripRegistry)
        window.delegate = self
        windows.append(window)
        startChild(window)
        let problems = Array(Set(scene.restoreProblems.map(\.userMessage))).sorted()
        if !problems.isEmpty {
            window.showInfoBar(
                InfoBarItem(
                    .sessionProblems, message: "This window could not be restored exactly as it was",
                    detail: problems.joined(separator: " ")))
        }
        return window
    }

    private func window(of scene: SceneState) -> BrowserCoordinator? { windows.first { $0.scene === scene } }
}

extension AppCoordinator: BrowserCoordinatorDelegate {
    /// The user closed `window` (or its last tab): the last window quits — it comes back at
    /// the next launch — any other goes to recently closed (its scene disconnects, and the
    /// window goes then).
    func browserCoordinatorDidRequestClose(_ window: BrowserCoordinator) {
        guard let appState, !appState.isTerminating else { return }
        if windows.count == 1 {
            quit()
            return
        }
        sceneMediator?.closeWindow(WindowIdentifier(window.scene))
    }

    /// With `--window-screenshot`: a picture of the window, and the application quits.
    func browserCoordinatorDidLoadFirstPage(_ window: BrowserCoordinator) {
        guard let path = screenshotPath else { return }
        screenshotPath = nil
        window.saveScreenshot(to: path) { [weak self] saved in
            print(saved ? "swiftlet: wrote \(path)" : "swiftlet: could not write \(path)")
            self?.environment.quit()
        }
    }
}

extension AppCoordinator: AppStateObserver {
    /// Makes the scene's window; after the launch it shows at once (the windows of the last
    /// run wait for the first command line).
    public func appState(_ appState: AppState, sceneConnected scene: SceneState) {
        let window = makeWindow(for: scene)
        if launched { window.present() }
    }

    /// Tears the scene's window down; without windows left the application quits (the last
    /// incognito tab closed, and only incognito windows were open).
    public func appState(_ appState: AppState, sceneDisconnected scene: SceneState) {
        guard let window = window(of: scene) else { return }
        windows.removeAll { $0 === window }
        stopChild(window)
        // No window is left to ask in: downloads under way are interrupted, keeping their files.
        if windows.isEmpty { environment.quit() }
    }

    /// Brings the window the tab moved to to the front.
    public func appState(_ appState: AppState, movedTabFrom source: SceneState, to target: SceneState) {
        window(of: target)?.present()
    }

    /// Brings the window a link was sent to to the front.
    public func appState(_ appState: AppState, openedTabIn scene: SceneState) {
        window(of: scene)?.present()
    }

    /// The offer to restore ends in every window.
    public func appState(_ appState: AppState, restoredCrashedScenes scenes: [SceneState]) {
        crashOfferPending = false
        for window in windows {
            window.hideInfoBar(.crashedSession)
            window.setCanRestorePreviousSession(false)
        }
        EventLog.record("session-restored", "\(scenes.count)")
    }
}
