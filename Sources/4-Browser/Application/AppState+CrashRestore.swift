import Sessions

extension AppState {
    /// Whether windows of a crashed run wait to be restored.
    public var hasCrashedScenes: Bool { !openScenes.crashedScenes.isEmpty }

    /// Restores the windows open when the last run crashed (the user chose Restore), each
    /// from its set-aside copy; tabs that were loading then come back without loading. Each
    /// restored window is announced as it connects, and then the end of the offer.
    ///
    /// `scene` is the window the user chose Restore in. When it is still blank (a regular
    /// window with one new tab page, or none: the user has not used it since the launch
    /// opened it) and a window came back, it closes: the restored windows take its place
    /// (Chromium's `SessionRestore::RestoreSessionAfterCrash`,
    /// chrome/browser/sessions/session_restore.cc, restores into a browser holding a single
    /// new tab page with `CLOBBER_CURRENT_TAB`). A window the user used stays, as do the
    /// other windows opened since.
    public func restoreCrashedScenes(replacing scene: SceneState? = nil) {
        precondition(initStage == .final, "AppState.restoreCrashedScenes: not launched")
        let replaced = scene.flatMap { isReplaceableByRestore($0) ? $0 : nil }
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
        if let replaced, !restored.isEmpty { closeScene(replaced) }
        observers.forEach { $0.appState(self, restoredCrashedScenes: restored) }
    }

    /// Whether `scene` is an open regular window with nothing but a blank tab (Chromium's
    /// `HasSingleNewTabPage` in session_restore.cc).
    private func isReplaceableByRestore(_ scene: SceneState) -> Bool {
        let list = scene.browser.webStateList
        return scenes.contains { $0 === scene } && !scene.isIncognito && list.count <= 1
            && list.webStates.allSatisfy(\.isBlank)
    }
}
