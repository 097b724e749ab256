/// Hears about a ``SceneState``'s changes.
@MainActor
public protocol SceneStateObserver: AnyObject {
    /// The scene's activation level changed to `level` (from `previous`).
    func sceneState(
        _ scene: SceneState, transitionedTo level: SceneActivationLevel, from previous: SceneActivationLevel)
}
