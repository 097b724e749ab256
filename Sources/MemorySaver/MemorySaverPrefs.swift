public import Prefs

/// The memory saver's profile pref.
public enum MemorySaverPrefs {
    /// Minutes a realized tab stays hidden before it is discarded; 0 turns inactivity
    /// discards off (memory pressure still discards).
    public static let discardAfterMinutes = "memory_saver.discard_after_minutes"
    /// The default: 30 minutes.
    public static let defaultDiscardAfterMinutes = 30

    /// Registers the pref in a profile's registry.
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(discardAfterMinutes, default: .int(defaultDiscardAfterMinutes))
    }

    /// The inactivity delay `prefs` set (nil: off). A negative value reads as the default.
    @MainActor
    public static func discardAfter(in prefs: PrefService) -> Duration? {
        let minutes = prefs.int(discardAfterMinutes)
        if minutes == 0 { return nil }
        return .seconds(60 * (minutes < 0 ? defaultDiscardAfterMinutes : minutes))
    }
}
