extension AppState {
    /// Adds an observer (held weakly); add it before ``launch(profileName:)`` to hear of the
    /// restored windows.
    public func addObserver(_ observer: any AppStateObserver) { observers.add(observer) }

    public func removeObserver(_ observer: any AppStateObserver) { observers.remove(observer) }

    /// Announces `scene`, complete with its tabs.
    func connect(_ scene: SceneState) {
        observers.forEach { $0.appState(self, sceneConnected: scene) }
    }
}
