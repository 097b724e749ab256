import CWebKitGTK
import Foundation
import GLibSupport
import Web

// WebKit's "permission-request": each WebKitPermissionRequest becomes a plain
// ``PermissionRequest`` for the delegate, by its type (``PermissionKind`` says what each
// kind gets). The request object is kept until the delegate answers (a prompt may take a
// while), then allowed or denied; the signal is always handled, so WebKit's default (deny)
// never runs behind the delegate's back. The origin is the committed page's: WebKit asks
// for the page shown (a frame's request is the page's, as Chromium's prompt names the top
// frame's origin).
extension WebKitWebContent {
    func connectPermissionRequests(_ view: GObjectRef) {
        connections.append(
            SignalConnection.connect(view.pointer, signal: "permission-request") { [weak self] args in
                guard let self, !self.isClosed, let object = args.object(at: 1) else { return }
                args.setReturnValue(true)
                self.permissionRequested(GObjectRef(retaining: object))
            })
    }

    /// The kinds WebKit's request of type `typeName` asks for; the user-media request asks for
    /// the camera, the microphone or both (or the screen).
    static func permissionKinds(typeName: String, request: GObjectRef) -> [PermissionKind] {
        switch typeName {
        case "WebKitGeolocationPermissionRequest": return [.geolocation]
        case "WebKitNotificationPermissionRequest": return [.notifications]
        case "WebKitUserMediaPermissionRequest":
            let media = request.opaque
            if webkit_user_media_permission_is_for_display_device(media) != 0 { return [.displayCapture] }
            var kinds: [PermissionKind] = []
            if webkit_user_media_permission_is_for_video_device(media) != 0 { kinds.append(.camera) }
            if webkit_user_media_permission_is_for_audio_device(media) != 0 { kinds.append(.microphone) }
            return kinds
        case "WebKitClipboardPermissionRequest": return [.clipboard]
        case "WebKitWebsiteDataAccessPermissionRequest": return [.storageAccess]
        case "WebKitMediaKeySystemPermissionRequest": return [.protectedMedia]
        case "WebKitPointerLockPermissionRequest": return [.pointerLock]
        case "WebKitDeviceInfoPermissionRequest": return [.deviceInfo]
        case "WebKitInstallMissingMediaPluginsPermissionRequest": return [.installMediaPlugins]
        // A kind this build does not know is denied: nothing can say what it would allow.
        default: return []
        }
    }

    private func permissionRequested(_ object: GObjectRef) {
        let kinds = Self.permissionKinds(typeName: object.typeName, request: object)
        let request = PermissionRequest(kinds, origin: lastCommittedURL.flatMap(Origin.init(url:)))
        // The delegate answers once (``WebContentDelegate``'s contract).
        let answer: @MainActor (PermissionDecision) -> Void = { decision in
            switch decision {
            case .allow: webkit_permission_request_allow(object.opaque)
            case .deny: webkit_permission_request_deny(object.opaque)
            }
        }
        guard !kinds.isEmpty, let delegate else { return answer(.deny) }
        delegate.webContent(self, requestPermission: request, decisionHandler: answer)
    }
}
