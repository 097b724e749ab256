import Prefs
import Web

extension Profile {
    /// Applies ``PrivacyPrefs`` to `context` now and at each change, when the prefs are
    /// registered (the browser's are; a test's profile may have none). An off-the-record
    /// profile's prefs read through to its regular profile's, so incognito follows them.
    func followPrivacyPrefs(of context: any WebEngineContext) {
        guard prefs.registry.isRegistered(PrivacyPrefs.cookieControlsMode) else { return }
        context.privacySettings = PrivacyPrefs.settings(in: prefs, isOffTheRecord: isOffTheRecord)
        privacyPrefsObservations = [PrivacyPrefs.cookieControlsMode, PrivacyPrefs.trackingPreventionEnabled]
            .map {
                prefs.observe($0) { [weak self, weak context] _ in
                    guard let self, let context else { return }
                    context.privacySettings = PrivacyPrefs.settings(in: prefs, isOffTheRecord: isOffTheRecord)
                }
            }
    }
}
