public import Prefs
public import UIInterfaces

/// The windows' style: Chromium's `browser.theme.color_scheme2` (`chrome/common/pref_names.h`,
/// ThemeService's `BrowserColorScheme`: 0 the system's, 1 light, 2 dark), a syncable profile
/// pref.
public enum AppearancePrefs {
    /// The style, a ``ColorScheme`` raw value.
    public static let colorScheme = "browser.theme.color_scheme2"

    /// Registers the pref in a profile's registry (the composition root calls this).
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(colorScheme, default: .int(ColorScheme.system.rawValue), scope: .syncable)
    }

    /// The style `prefs` hold; a value no scheme has reads as the system's.
    @MainActor
    public static func colorScheme(in prefs: PrefService) -> ColorScheme {
        ColorScheme(rawValue: prefs.int(colorScheme)) ?? .system
    }
}
