import Application

/// Records what an ``AppState`` announces: the scenes, and every announcement's name in order
/// (`connected`, `disconnected`, `moved`, `restored`, `openedTab`).
@MainActor
final class RecordingAppStateObserver: AppStateObserver {
    private(set) var connected: [SceneState] = []
    private(set) var disconnected: [SceneState] = []
    private(set) var moves: [(source: SceneState, target: SceneState)] = []
    private(set) var restoredCrashed: [[SceneState]] = []
    private(set) var openedTabIn: [SceneState] = []
    private(set) var events: [String] = []
    /// Runs at each announcement, with its name (to look at the scene as it is then).
    var onEvent: ((String, SceneState?) -> Void)?

    func appState(_ appState: AppState, sceneConnected scene: SceneState) {
        connected.append(scene)
        record("connected", scene)
    }

    func appState(_ appState: AppState, sceneDisconnected scene: SceneState) {
        disconnected.append(scene)
        record("disconnected", scene)
    }

    func appState(_ appState: AppState, movedTabFrom source: SceneState, to target: SceneState) {
        moves.append((source, target))
        record("moved", target)
    }

    func appState(_ appState: AppState, restoredCrashedScenes scenes: [SceneState]) {
        restoredCrashed.append(scenes)
        record("restored", nil)
    }

    func appState(_ appState: AppState, openedTabIn scene: SceneState) {
        openedTabIn.append(scene)
        record("openedTab", scene)
    }

    private func record(_ event: String, _ scene: SceneState?) {
        events.append(event)
        onEvent?(event, scene)
    }
}
