import UIInterfaces

/// Records every visibility pushed.
@MainActor
final class RecordingNewTabPageConsumer: NewTabPageConsumer {
    var shown: [Bool] = []

    func setShown(_ shown: Bool) { self.shown.append(shown) }
}
