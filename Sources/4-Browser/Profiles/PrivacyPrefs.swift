public import Prefs
public import Web

/// The profile's cookie and tracking prefs, which its engine context follows
/// (``WebEnginePrivacySettings``).
public enum PrivacyPrefs {
    /// Chromium's `profile.cookie_controls_mode` (`components/content_settings/core/common/
    /// pref_names.h`), a ``CookieControlsMode`` raw value.
    public static let cookieControlsMode = "profile.cookie_controls_mode"
    /// Whether WebKit's Intelligent Tracking Prevention is on (no Chromium counterpart; GNOME
    /// Web turns it on by default).
    public static let trackingPreventionEnabled = "tracking_prevention.enabled"

    /// Chromium's `content_settings::CookieControlsMode`.
    public enum CookieControlsMode: Int, Sendable {
        /// Every cookie is accepted.
        case off = 0
        /// Third-party cookies are refused.
        case blockThirdParty = 1
        /// Third-party cookies are refused in incognito only.
        case incognitoOnly = 2
    }

    /// Registers the prefs in a profile's registry. Third-party cookies are refused by
    /// default, as WebKit and GNOME Web do (Chromium's default is incognito only).
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(
            cookieControlsMode, default: .int(CookieControlsMode.blockThirdParty.rawValue), scope: .syncable)
        registry.register(trackingPreventionEnabled, default: .bool(true), scope: .syncable)
    }

    /// The settings `prefs` give a context of an off-the-record profile or not.
    @MainActor
    public static func settings(in prefs: PrefService, isOffTheRecord: Bool) -> WebEnginePrivacySettings {
        let mode = CookieControlsMode(rawValue: prefs.int(cookieControlsMode)) ?? .blockThirdParty
        return WebEnginePrivacySettings(
            blocksThirdPartyCookies: mode == .blockThirdParty || (mode == .incognitoOnly && isOffTheRecord),
            preventsTracking: prefs.bool(trackingPreventionEnabled))
    }
}
