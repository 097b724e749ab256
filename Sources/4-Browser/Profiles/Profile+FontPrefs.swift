import Prefs
import Web

extension Profile {
    /// Applies ``FontPrefs`` to `engine` now and at each change, when the prefs are
    /// registered. The engine's fonts are shared by every profile: the regular profile's
    /// prefs set them (an incognito window reads the same).
    func followFontPrefs(of engine: any WebEngine) {
        guard prefs.registry.isRegistered(FontPrefs.minimumSize) else { return }
        engine.fontSettings = FontPrefs.settings(in: prefs)
        fontPrefsObservations = FontPrefs.all.map {
            prefs.observe($0) { [weak self, weak engine] _ in
                guard let self, let engine else { return }
                engine.fontSettings = FontPrefs.settings(in: prefs)
            }
        }
    }
}
