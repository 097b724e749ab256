/// A stored decision (Chromium's `ContentSetting`,
/// `components/content_settings/core/common/content_settings.h`); the raw values are
/// Chromium's, as they are written in the profile's `Preferences`.
public enum ContentSetting: Int, Sendable, CaseIterable, Equatable {
    case allow = 1
    case block = 2
    /// Ask the user: what a site without a decision gets.
    case ask = 3
}
