/// An object a ``SceneState`` owns for its whole life and tells about its changes (Chromium's
/// scene agents): the place for per-window behaviour that follows the window's state, such
/// as ``SessionSavingSceneAgent``.
@MainActor
public protocol SceneAgent: SceneStateObserver {}
