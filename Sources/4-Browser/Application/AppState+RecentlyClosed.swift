public import Sessions

extension AppState {
    /// The recently closed tabs and windows of `scene`'s profile (in memory only for an
    /// incognito window), newest first.
    public func recentlyClosedEntries(for scene: SceneState) -> [TabRestoreService.Entry] {
        sessionServices.tabRestore(for: scene.profile).entries
    }

    /// Reopens the most recently closed tab or window of `scene`'s profile (Ctrl+Shift+T).
    public func reopenLastClosed(from scene: SceneState) {
        guard let entry = recentlyClosedEntries(for: scene).first else { return }
        reopenClosedEntry(entry.id, from: scene)
    }

    /// Reopens the recently closed entry `entryID` of `scene`'s profile: a tab at its old
    /// index in its old window when that window is open (else in `scene`'s), with its
    /// history, selected; a window as a new window with all its tabs, announced as it
    /// connects.
    public func reopenClosedEntry(_ entryID: Int, from scene: SceneState) {
        let tabRestore = sessionServices.tabRestore(for: scene.profile)
        let service = sessionServices.sessionRestoration(for: scene.profile)
        guard let entry = tabRestore.entries.first(where: { $0.id == entryID }) else { return }
        switch entry {
        case .tab:
            let browsers = scenes.filter { $0.profile === scene.profile }.map(\.browser)
            tabRestore.restoreTab(
                entryID, browsers: browsers, sessionID: { service.sessionID(of: $0) },
                fallback: scene.browser,
                makeWebState: { service.createUnrealizedWebState(for: $0, storage: $1) })
        case .window:
            let window = makeScene(profile: scene.profile, sessionID: Self.newSessionID())
            tabRestore.restoreWindow(
                entryID, into: window.browser,
                makeWebState: { service.createUnrealizedWebState(for: $0, storage: $1) })
            connect(window)
        }
    }
}
