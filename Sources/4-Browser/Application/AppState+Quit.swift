import Sessions

extension AppState {
    /// Runs the quit sequence (see the type's documentation). Calling it again does nothing.
    public func quit() {
        guard !isTerminating else { return }
        isTerminating = true
        let closing = scenes
        for scene in closing where scene.isIncognito || scene.browser.webStateList.isEmpty {
            openScenes.remove(scene.record)
        }
        // Disconnecting saves every dirty window of the service at once, the first time.
        for scene in closing {
            sessionServices.tabRestore(for: scene.profile).stopObserving(scene.browser)
            sessionServices.sessionRestoration(for: scene.profile).disconnect(scene.browser)
            if !scene.isClosed { scene.setActivationLevel(.unattached) }
        }
        scenes.removeAll()
        for scene in closing where !scene.browser.isDestroyed { scene.browser.destroy() }
        let profiles = context.profileManager.loadedProfiles
        for profile in profiles {
            for storage in storageDirectories(of: profile) {
                SessionCrashRecovery(storageDirectory: storage).discard()
            }
            deleteIncognitoState(of: profile)
        }
        openScenes.clearCrashed()
        incognitoLifetimes.removeAll()
        context.shutdown()
    }
}
