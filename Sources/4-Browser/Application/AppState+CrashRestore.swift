import Sessions

extension AppState {
    /// Whether windows of a crashed run wait to be restored.
    public var hasCrashedScenes: Bool { !openScenes.crashedScenes.isEmpty }

    /// Restores the windows open when the last run crashed (the user chose Restore), each
    /// from its set-aside copy; tabs that were loading then come back without loading. The
    /// windows opened since stay as they are. Each restored window is announced as it
    /// connects, and then the end of the offer.
    public func restoreCrashedScenes() {
        precondition(initStage == .final, "AppState.restoreCrashedScenes: not launched")
        var restored: [SceneState] = []
        for record in openScenes.crashedScenes {
            openScenes.removeCrashed(record)
            guard let base = context.profileManager.profile(named: record.profileName) else { continue }
            let owner = record.isIncognito ? base.offTheRecordProfile : base
            let service = sessionServices.sessionRestoration(for: owner)
            guard !service.isConnected(sessionID: record.sessionID) else { continue }
            SessionCrashRecovery(storageDirectory: service.storageDirectory).restoreSession(record.sessionID)
            let scene = restoreScene(record.sessionID, profile: owner, afterCrash: true)
            restored.append(scene)
            connect(scene)
        }
        observers.forEach { $0.appState(self, restoredCrashedScenes: restored) }
    }
}
