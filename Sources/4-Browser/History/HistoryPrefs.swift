public import Prefs

/// The history service's prefs.
public enum HistoryPrefs {
    /// How many days visits are kept; older ones are deleted on idle (0 or less: kept for
    /// ever). Chromium keeps this as a constant, `kExpireDaysThreshold`
    /// (components/history/core/browser/history_backend.h).
    public static let expireDays = "history.expire_days"
    /// Chromium's `kExpireDaysThreshold`.
    public static let defaultExpireDays = 90

    /// Registers the prefs in a profile's registry.
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(expireDays, default: .int(defaultExpireDays))
    }
}
