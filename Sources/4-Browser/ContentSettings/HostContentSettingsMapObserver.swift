public import Web

/// Hears the changes of a ``HostContentSettingsMap`` (Chromium's `content_settings::Observer`).
@MainActor
public protocol HostContentSettingsMapObserver: AnyObject {
    /// The setting for `type` on `origin` changed (for an off-the-record map, its own or the
    /// one it inherits).
    func contentSettingChanged(_ map: HostContentSettingsMap, origin: Origin, type: ContentSettingsType)
}

/// Passes a regular map's changes on to its off-the-record map.
@MainActor
final class HostContentSettingsMapObserverBridge: HostContentSettingsMapObserver {
    private let changed: @MainActor (Origin, ContentSettingsType) -> Void

    init(_ changed: @escaping @MainActor (Origin, ContentSettingsType) -> Void) { self.changed = changed }

    func contentSettingChanged(_ map: HostContentSettingsMap, origin: Origin, type: ContentSettingsType) {
        changed(origin, type)
    }
}
