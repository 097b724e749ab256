public import Profiles
public import Web

extension HistoryServiceFactory {
    /// Attaches a ``HistoryTabHelper`` to `webState`, recording into the history of the
    /// profile of `profileManager` whose engine context the tab was made in (an incognito
    /// tab: its profile's in-memory history); nothing when no loaded profile has that context.
    public func attachHistoryTabHelper(to webState: WebState, profileManager: ProfileManager) {
        // Only contexts already made are compared: asking a profile for one makes it.
        for regular in profileManager.loadedProfiles {
            let profiles = [regular] + (regular.hasOffTheRecordProfile ? [regular.offTheRecordProfile] : [])
            for profile in profiles
            where profile.hasWebEngineContext && profile.webEngineContext === webState.context {
                guard let service = service(for: profile) else { return }
                HistoryTabHelper.attach(to: webState, service: service)
                return
            }
        }
    }
}
