import UIInterfaces

/// Records every title pushed.
@MainActor
final class RecordingWindowTitleConsumer: WindowTitleConsumer {
    var titles: [String] = []

    func setWindowTitle(_ title: String) { titles.append(title) }
}
