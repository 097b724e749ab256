/// Hears about the application's windows (Chromium's AppStateObserver,
/// `ios/chrome/app/application_delegate/app_state_observer.h`): the UI makes a window for a
/// connected scene and tears it down when the scene disconnects; it never gets scenes back
/// from ``AppState``'s methods. Every method has an empty default.
@MainActor
public protocol AppStateObserver: AnyObject {
    /// `scene` opened with its tabs in: restored at launch or after a crash, opened, reopened
    /// from recently closed, or made for a tab moved to a new window. It needs a window.
    func appState(_ appState: AppState, sceneConnected scene: SceneState)
    /// `scene` closed (the user closed its window, or the last incognito tab of its profile
    /// closed) and is no longer among ``AppState/scenes``; its browser still exists, and is
    /// destroyed right after. Its window goes. Quitting announces nothing.
    func appState(_ appState: AppState, sceneDisconnected scene: SceneState)
    /// A tab moved from `source` into `target`, an open window, where it is the active tab
    /// (a move to a new window announces that window as connected instead).
    func appState(_ appState: AppState, movedTabFrom source: SceneState, to target: SceneState)
    /// The windows of the run that crashed were restored (each connected already); the offer
    /// to restore them is over.
    func appState(_ appState: AppState, restoredCrashedScenes scenes: [SceneState])
    /// A tab was opened in `scene`, an open window, for a link sent there from another
    /// window; the window comes to the front.
    func appState(_ appState: AppState, openedTabIn scene: SceneState)
}

extension AppStateObserver {
    public func appState(_ appState: AppState, sceneConnected scene: SceneState) {}
    public func appState(_ appState: AppState, sceneDisconnected scene: SceneState) {}
    public func appState(_ appState: AppState, movedTabFrom source: SceneState, to target: SceneState) {}
    public func appState(_ appState: AppState, restoredCrashedScenes scenes: [SceneState]) {}
    public func appState(_ appState: AppState, openedTabIn scene: SceneState) {}
}
