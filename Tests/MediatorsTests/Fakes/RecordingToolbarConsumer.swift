import UIInterfaces

/// Records every push: `nav back forward` (a `-` for what cannot be done), `loading`,
/// `idle`.
@MainActor
final class RecordingToolbarConsumer: ToolbarConsumer {
    var pushes: [String] = []

    func setNavigationState(canGoBack: Bool, canGoForward: Bool) {
        pushes.append("nav \(canGoBack ? "back" : "-") \(canGoForward ? "forward" : "-")")
    }

    func setLoading(_ isLoading: Bool) { pushes.append(isLoading ? "loading" : "idle") }
}
