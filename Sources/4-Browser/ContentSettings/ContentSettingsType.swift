public import Web

/// What a content setting is about (Chromium's `ContentSettingsType`,
/// `components/content_settings/core/common/content_settings_types.h`): one per permission
/// that is asked and remembered. The raw value is Chromium's name of the type in
/// `profile.content_settings.exceptions.<name>`.
public enum ContentSettingsType: String, Sendable, CaseIterable, Hashable {
    case geolocation
    case notifications
    case mediastreamCamera = "media_stream_camera"
    case mediastreamMic = "media_stream_mic"
    case clipboardReadWrite = "clipboard"
    case storageAccess = "storage_access"
    case protectedMediaIdentifier = "protected_media_identifier"

    /// The type that keeps the decisions about `kind`, nil for a kind that is never asked
    /// (``PermissionKind/policy`` is not ``PermissionKind/Policy/prompt``).
    public init?(_ kind: PermissionKind) {
        switch kind {
        case .geolocation: self = .geolocation
        case .notifications: self = .notifications
        case .camera: self = .mediastreamCamera
        case .microphone: self = .mediastreamMic
        case .clipboard: self = .clipboardReadWrite
        case .storageAccess: self = .storageAccess
        case .protectedMedia: self = .protectedMediaIdentifier
        case .pointerLock, .deviceInfo, .displayCapture, .installMediaPlugins: return nil
        }
    }

    /// The permission it keeps decisions about.
    public var permissionKind: PermissionKind {
        switch self {
        case .geolocation: .geolocation
        case .notifications: .notifications
        case .mediastreamCamera: .camera
        case .mediastreamMic: .microphone
        case .clipboardReadWrite: .clipboard
        case .storageAccess: .storageAccess
        case .protectedMediaIdentifier: .protectedMedia
        }
    }

    /// Its name in the site settings ("Location", "Camera").
    public var displayName: String {
        switch self {
        case .geolocation: "Location"
        case .notifications: "Notifications"
        case .mediastreamCamera: "Camera"
        case .mediastreamMic: "Microphone"
        case .clipboardReadWrite: "Clipboard"
        case .storageAccess: "Third-party cookies"
        case .protectedMediaIdentifier: "Protected content"
        }
    }

    /// The pref holding the type's exceptions, a dictionary from a pattern pair
    /// (`"https://example.com:443,*"`) to `{"setting": 1, "last_modified": "…"}`, as
    /// Chromium's `content_settings::PrefProvider` writes it.
    public var exceptionsPref: String { "profile.content_settings.exceptions.\(rawValue)" }

    /// Whether a decision of the regular profile applies in its off-the-record profile
    /// (Chromium's `IsInheritedInIncognito`, `host_content_settings_map.cc`): a Block is, an
    /// Allow is not (incognito asks again, so that a site cannot tell the two apart).
    public static func isInheritedInIncognito(_ setting: ContentSetting) -> Bool { setting == .block }
}
