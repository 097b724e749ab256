public import Prefs
public import Web

/// The fonts pages are drawn with: Chromium's `webkit.webprefs.fonts.*` for the common
/// script (`Zyyy`) and `webkit.webprefs.minimum_font_size` (`chrome/common/pref_names.h`),
/// syncable profile prefs; an empty family is the engine's default.
public enum FontPrefs {
    public static let sansSerifFamily = "webkit.webprefs.fonts.sansserif.Zyyy"
    public static let serifFamily = "webkit.webprefs.fonts.serif.Zyyy"
    public static let monospaceFamily = "webkit.webprefs.fonts.fixed.Zyyy"
    public static let minimumSize = "webkit.webprefs.minimum_font_size"

    static let all = [sansSerifFamily, serifFamily, monospaceFamily, minimumSize]

    /// Registers the prefs in a profile's registry.
    @MainActor
    public static func register(in registry: PrefRegistry) {
        for name in [sansSerifFamily, serifFamily, monospaceFamily] {
            registry.register(name, default: .string(""), scope: .syncable)
        }
        registry.register(minimumSize, default: .int(0), scope: .syncable)
    }

    /// The settings `prefs` give the engine.
    @MainActor
    public static func settings(in prefs: PrefService) -> WebEngineFontSettings {
        WebEngineFontSettings(
            sansSerifFamily: prefs.string(sansSerifFamily), serifFamily: prefs.string(serifFamily),
            monospaceFamily: prefs.string(monospaceFamily), minimumSize: max(0, prefs.int(minimumSize)))
    }
}
