public import Profiles

extension AppState {
    /// Clears the browsing data of `profile`'s regular profile (an incognito window clears
    /// the profile it was opened from, as Chromium's settings do: its own data goes when it
    /// closes).
    public func browsingDataRemover(for profile: Profile) -> BrowsingDataRemover {
        let profile = profile.originalProfile
        return BrowsingDataRemover(
            history: historyServices.service(for: profile), engineContext: profile.webEngineContext,
            tabRestore: sessionServices.tabRestore(for: profile))
    }
}
