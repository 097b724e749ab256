import Foundation
public import Prefs

/// The zoom pages open at: Chromium's `partition.default_zoom_level`
/// (`chrome/common/pref_names.h`), a local profile pref holding a zoom *level* — 0 is 100%,
/// each step of 1 a factor of 1.2 (`blink::ZoomLevelToZoomFactor`,
/// third_party/blink/common/page/page_zoom.cc) — so that the value reads the same as
/// Chromium's. Chromium keeps one per storage partition in a dictionary; a profile here has
/// one partition, so it is a plain number.
public enum ZoomPrefs {
    public static let defaultZoomLevel = "partition.default_zoom_level"

    /// `kTextSizeMultiplierRatio`: the factor of one zoom level.
    static let factorPerLevel = 1.2

    /// Registers the pref in a profile's registry.
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(defaultZoomLevel, default: .double(0), scope: .local)
    }

    /// The zoom factor of a Chromium zoom level.
    public static func factor(ofLevel level: Double) -> Double { pow(factorPerLevel, level) }

    /// The Chromium zoom level of a zoom factor.
    public static func level(ofFactor factor: Double) -> Double { log(factor) / log(factorPerLevel) }

    /// The default zoom factor `prefs` hold: 100% for a value that is no zoom level, and
    /// within the zoom commands' range (25% to 500%) otherwise. It is rounded to 1/10,000 so
    /// that the factor a preset was stored as (1.25 → level 1.2239…) reads back as that preset,
    /// as Chromium compares zoom values with a tolerance (`blink::ZoomValuesEqual`).
    @MainActor
    public static func defaultFactor(in prefs: PrefService) -> Double {
        let level = prefs.double(defaultZoomLevel)
        guard level.isFinite else { return 1 }
        let factor = min(max(factor(ofLevel: level), 0.25), 5)
        return (factor * 10_000).rounded() / 10_000
    }
}
