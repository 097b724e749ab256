/// What a page asks to be allowed (Chromium's `blink::PermissionType` and the content
/// settings types that keep the answers, `components/content_settings/core/common/content_settings_types.h`).
///
/// What each kind gets here (``policy``):
/// - geolocation, notifications, camera, microphone, clipboard (reading it without a user
///   gesture), storage access (a frame's cookies under another site) and protected media
///   (a media key system): a prompt in the tab, and the answer may be remembered per origin.
/// - pointer lock: allowed without a prompt, as on Chromium's desktop (it needs a user
///   gesture, and Escape ends it).
/// - device info (the labels of the cameras and microphones): allowed when the origin is
///   allowed the camera or the microphone, denied otherwise, without a prompt (WebKit asks
///   it of every `enumerateDevices()`; the labels follow a media grant, as in Chromium).
/// - display capture (sharing the screen): denied; there is no screen picker here.
/// - installing missing media plug-ins: denied; installing codecs is the system's business,
///   not a page's.
public enum PermissionKind: String, Sendable, CaseIterable, Hashable {
    case geolocation
    case notifications
    case camera
    case microphone
    case clipboard
    case storageAccess = "storage-access"
    case protectedMedia = "protected-media"
    case pointerLock = "pointer-lock"
    case deviceInfo = "device-info"
    case displayCapture = "display-capture"
    case installMediaPlugins = "install-media-plugins"

    /// How a request of a kind is answered.
    public enum Policy: Sendable, Equatable {
        /// From the stored decision, or by the user in a prompt.
        case prompt
        /// Allowed at once.
        case allow
        /// Denied at once.
        case deny
        /// Allowed when the origin has the camera or the microphone allowed.
        case followsMediaDecisions
    }

    /// How requests of this kind are answered (see the type's comment for why).
    public var policy: Policy {
        switch self {
        case .geolocation, .notifications, .camera, .microphone, .clipboard, .storageAccess, .protectedMedia:
            .prompt
        case .pointerLock: .allow
        case .deviceInfo: .followsMediaDecisions
        case .displayCapture, .installMediaPlugins: .deny
        }
    }

    /// What the prompt says the site wants, after "127.0.0.1:8000 wants to …" (Chromium's
    /// permission prompt strings).
    public var promptPhrase: String {
        switch self {
        case .geolocation: "know your location"
        case .notifications: "show notifications"
        case .camera: "use your camera"
        case .microphone: "use your microphone"
        case .clipboard: "see text and images copied to the clipboard"
        case .storageAccess: "use cookies and site data"
        case .protectedMedia: "play protected content"
        case .pointerLock: "use your mouse"
        case .deviceInfo: "see your cameras and microphones"
        case .displayCapture: "share your screen"
        case .installMediaPlugins: "install media plug-ins"
        }
    }
}
