public import Prefs

/// The memory saver's profile pref.
public enum MemorySaverPrefs {
    /// Seconds a realized tab stays hidden before it is discarded; 0 turns inactivity
    /// discards off (memory pressure still discards). Seconds rather than minutes, so that a
    /// benchmark or a test can make it short.
    public static let discardAfterSeconds = "memory_saver.discard_after_seconds"
    /// The default: 30 minutes.
    public static let defaultDiscardAfterSeconds = 30 * 60

    /// Registers the pref in a profile's registry.
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(discardAfterSeconds, default: .int(defaultDiscardAfterSeconds))
    }

    /// The inactivity delay `prefs` set (nil: off). A negative value reads as the default.
    @MainActor
    public static func discardAfter(in prefs: PrefService) -> Duration? {
        let seconds = prefs.int(discardAfterSeconds)
        if seconds == 0 { return nil }
        return .seconds(seconds < 0 ? defaultDiscardAfterSeconds : seconds)
    }
}
