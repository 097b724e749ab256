public import Commands
public import UIInterfaces

/// Decides, from what a window's view controller publishes on the window's ``Broadcaster``,
/// whether the toolbar is revealed in fullscreen and whether the tab strip shows, and publishes
/// that for the parts that follow it (Chromium's fullscreen controller, on desktop terms).
///
/// It observes ``BroadcastProperty/isFullscreen``, ``BroadcastProperty/fullscreenPointerPosition``
/// and ``BroadcastProperty/isFocusInToolbar``, and is the source of
/// ``BroadcastProperty/isToolbarRevealedInFullscreen`` and ``BroadcastProperty/isTabStripVisible``
/// (``toolbarRevealed(wasRevealed:isFullscreen:pointer:isFocusInToolbar:)`` is the rule). It
/// knows nothing of GTK or of the model: the broadcaster is all it sees.
@MainActor
public final class FullscreenMediator: BroadcastSource {
    /// Fired after the published values changed (both at once).
    public let broadcastNotifier = BroadcastNotifier()
    /// Whether the toolbar is revealed over the page while the window is fullscreen.
    public private(set) var isToolbarRevealedInFullscreen = false
    /// Whether the tab strip shows: always outside fullscreen, with the toolbar in it.
    public private(set) var isTabStripVisible = true

    private let broadcaster: Broadcaster
    private var state = MediatorState("FullscreenMediator")
    private var isFullscreen = false
    private var pointer = FullscreenPointerPosition.elsewhere
    private var isFocusInToolbar = false

    /// Starts observing the window's properties on `broadcaster` and publishing its own there.
    public init(broadcaster: Broadcaster) {
        self.broadcaster = broadcaster
        broadcaster.broadcast(.isToolbarRevealedInFullscreen, from: self, at: \.isToolbarRevealedInFullscreen)
        broadcaster.broadcast(.isTabStripVisible, from: self, at: \.isTabStripVisible)
        broadcaster.addObserver(self, for: .isFullscreen) { mediator, value in
            mediator.isFullscreen = value
            mediator.update()
        }
        broadcaster.addObserver(self, for: .fullscreenPointerPosition) { mediator, value in
            mediator.pointer = value
            mediator.update()
        }
        broadcaster.addObserver(self, for: .isFocusInToolbar) { mediator, value in
            mediator.isFocusInToolbar = value
            mediator.update()
        }
    }

    /// Stops publishing and observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        broadcaster.removeObserver(self)
        broadcaster.stopBroadcasting(.isToolbarRevealedInFullscreen)
        broadcaster.stopBroadcasting(.isTabStripVisible)
    }

    /// Whether the toolbar is revealed in fullscreen: never outside fullscreen; while the
    /// keyboard focus is in it (the location entry after Ctrl+L, an open menu); when the
    /// pointer reaches the top edge; and, once revealed, while the pointer stays over it.
    /// GNOME Web's rule.
    public static func toolbarRevealed(
        wasRevealed: Bool, isFullscreen: Bool, pointer: FullscreenPointerPosition, isFocusInToolbar: Bool
    ) -> Bool {
        guard isFullscreen else { return false }
        if isFocusInToolbar { return true }
        switch pointer {
        case .atTopEdge: return true
        case .overToolbar: return wasRevealed
        case .elsewhere: return false
        }
    }

    private func update() {
        let revealed = Self.toolbarRevealed(
            wasRevealed: isToolbarRevealedInFullscreen, isFullscreen: isFullscreen, pointer: pointer,
            isFocusInToolbar: isFocusInToolbar)
        // The tab strip shows whenever the toolbar does: outside fullscreen always.
        let tabStripVisible = !isFullscreen || revealed
        guard revealed != isToolbarRevealedInFullscreen || tabStripVisible != isTabStripVisible else {
            return
        }
        isToolbarRevealedInFullscreen = revealed
        isTabStripVisible = tabStripVisible
        broadcastNotifier.valuesDidChange()
    }
}
