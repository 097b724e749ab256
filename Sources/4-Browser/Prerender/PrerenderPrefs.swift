public import Prefs

/// The prerender's profile pref: `{"prerender": {"enabled": false}}` in the profile's
/// `Preferences` file turns it off.
public enum PrerenderPrefs {
    /// Whether the location bar's default match is loaded before Enter (on by default, as
    /// Chromium's `prefs::kNetworkPredictionEnabled` is).
    public static let enabled = "prerender.enabled"

    /// Registers the pref in a profile's registry.
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(enabled, default: .bool(true))
    }
}
