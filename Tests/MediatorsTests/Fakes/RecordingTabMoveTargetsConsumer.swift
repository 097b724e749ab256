import UIInterfaces

/// Records what a tab strip is told of the other windows: its window, and each push of move
/// targets as `title, title …`.
@MainActor
final class RecordingTabMoveTargetsConsumer: TabMoveTargetsConsumer {
    private(set) var window: WindowIdentifier?
    private(set) var targets: [TabMoveTarget] = []
    private(set) var pushes: [String] = []

    func setMoveTargets(_ targets: [TabMoveTarget]) {
        self.targets = targets
        pushes.append(targets.map(\.title).joined(separator: ", "))
    }

    func setWindow(_ window: WindowIdentifier) { self.window = window }
}
