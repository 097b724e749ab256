import Prefs
import Web

extension Profile {
    /// Applies ``ZoomPrefs`` to `context`'s default page zoom now and at each change, when the
    /// pref is registered. An off-the-record profile's prefs read through to its regular
    /// profile's, so incognito pages open at the same zoom.
    func followZoomPrefs(of context: any WebEngineContext) {
        guard prefs.registry.isRegistered(ZoomPrefs.defaultZoomLevel) else { return }
        context.defaultPageZoom.factor = ZoomPrefs.defaultFactor(in: prefs)
        zoomPrefsObservation = prefs.observe(ZoomPrefs.defaultZoomLevel) { [weak self, weak context] _ in
            guard let self, let context else { return }
            context.defaultPageZoom.factor = ZoomPrefs.defaultFactor(in: prefs)
        }
    }
}
