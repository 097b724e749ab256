import CWebKitGTK
import GLibSupport
public import Web

// Whether the page uses the camera or the microphone: WebKit's "camera-capture-state" and
// "microphone-capture-state" (active or muted: the page holds the device; none: it does not).
extension WebKitWebContent {
    func connectMediaCapture(_ view: GObjectRef) {
        for property in ["camera-capture-state", "microphone-capture-state"] {
            connections.append(
                SignalConnection.connect(view.pointer, signal: "notify::\(property)") { [weak self] _ in
                    if let self, !self.isClosed { self.report(.mediaCaptureStateChanged) }
                })
        }
    }

    public var mediaCaptureState: MediaCaptureState {
        guard let view = webViewPointer else { return .none }
        return MediaCaptureState(
            camera: webkit_web_view_get_camera_capture_state(view) != WEBKIT_MEDIA_CAPTURE_STATE_NONE,
            microphone: webkit_web_view_get_microphone_capture_state(view) != WEBKIT_MEDIA_CAPTURE_STATE_NONE)
    }
}
