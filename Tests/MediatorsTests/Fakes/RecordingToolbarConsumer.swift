import UIInterfaces

/// Records every push: `nav back forward` (a `-` for what cannot be done), `loading`,
/// `idle`; the zoom levels apart.
@MainActor
final class RecordingToolbarConsumer: ToolbarConsumer {
    var pushes: [String] = []
    var zoomLevels: [Double] = []

    func setNavigationState(canGoBack: Bool, canGoForward: Bool) {
        pushes.append("nav \(canGoBack ? "back" : "-") \(canGoForward ? "forward" : "-")")
    }

    func setLoading(_ isLoading: Bool) { pushes.append(isLoading ? "loading" : "idle") }

    func setZoomLevel(_ level: Double) { zoomLevels.append(level) }
}
