import UIInterfaces

/// Records every push: `nav back forward` (a `-` for what cannot be done), `loading`,
/// `idle`; the zoom levels and the tab history menus apart.
@MainActor
final class RecordingToolbarConsumer: ToolbarConsumer {
    var pushes: [String] = []
    var zoomLevels: [Double] = []
    /// The menus pushed, as `"back: 1 One, 0 Zero | forward: 3 Three"`.
    var tabHistories: [String] = []

    func setTabHistory(back: [TabHistoryItem], forward: [TabHistoryItem]) {
        func list(_ items: [TabHistoryItem]) -> String {
            items.map { "\($0.index) \($0.title)" }.joined(separator: ", ")
        }
        tabHistories.append("back: \(list(back)) | forward: \(list(forward))")
    }

    func setNavigationState(canGoBack: Bool, canGoForward: Bool) {
        pushes.append("nav \(canGoBack ? "back" : "-") \(canGoForward ? "forward" : "-")")
    }

    func setLoading(_ isLoading: Bool) { pushes.append(isLoading ? "loading" : "idle") }

    func setZoomLevel(_ level: Double) { zoomLevels.append(level) }
}
