/// Whether a page uses the camera and the microphone (a capture, live or muted, that the page
/// holds), which the location bar shows.
public struct MediaCaptureState: Equatable, Sendable {
    public var camera: Bool
    public var microphone: Bool

    public init(camera: Bool = false, microphone: Bool = false) {
        self.camera = camera
        self.microphone = microphone
    }

    /// Neither in use.
    public static let none = MediaCaptureState()

    /// Whether either is in use.
    public var isCapturing: Bool { camera || microphone }
}
