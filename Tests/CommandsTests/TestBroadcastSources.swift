import Commands

extension BroadcastProperty where Value == Double {
    static var toolbarHeight: Self { Self("toolbarHeight") }
}

extension BroadcastProperty where Value == Bool {
    static var tabStripVisible: Self { Self("tabStripVisible") }
}

/// A source with two broadcastable properties that signals every change.
final class ToolbarSource: BroadcastSource {
    let broadcastNotifier = BroadcastNotifier()
    var height: Double { didSet { broadcastNotifier.valuesDidChange() } }
    var tabStripVisible = true { didSet { broadcastNotifier.valuesDidChange() } }

    init(height: Double = 0) { self.height = height }
}

/// An observer that records every value it gets.
final class Recorder {
    var heights: [Double] = []
    var tabStripVisibility: [Bool] = []
}

/// A source that signals only when told to, so several changes can share one signal.
final class BatchSource: BroadcastSource {
    let broadcastNotifier = BroadcastNotifier()
    var height = 44.0
    var tabStripVisible = true
}
