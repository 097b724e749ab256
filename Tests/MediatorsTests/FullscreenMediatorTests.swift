import Commands
import Mediators
import TestSupport
import Testing
import UIInterfaces

/// What a window view controller publishes: its fullscreen state, the pointer, the focus.
@MainActor
private final class FakeWindow: BroadcastSource {
    let broadcastNotifier = BroadcastNotifier()
    var isFullscreen = false { didSet { broadcastNotifier.valuesDidChange() } }
    var pointer = FullscreenPointerPosition.elsewhere { didSet { broadcastNotifier.valuesDidChange() } }
    var isFocusInToolbar = false { didSet { broadcastNotifier.valuesDidChange() } }

    func publish(on broadcaster: Broadcaster) {
        broadcaster.broadcast(.isFullscreen, from: self, at: \.isFullscreen)
        broadcaster.broadcast(.fullscreenPointerPosition, from: self, at: \.pointer)
        broadcaster.broadcast(.isFocusInToolbar, from: self, at: \.isFocusInToolbar)
    }
}

/// Follows what the mediator publishes, as the window and the tab strip do: "toolbar" and
/// "strip" followed by each new value.
@MainActor
private final class Follower {
    var log: [String] = []

    func follow(_ broadcaster: Broadcaster) {
        broadcaster.addObserver(self, for: .isToolbarRevealedInFullscreen) { $0.log.append("toolbar \($1)") }
        broadcaster.addObserver(self, for: .isTabStripVisible) { $0.log.append("strip \($1)") }
    }
}

@MainActor
struct FullscreenMediatorTests {
    let broadcaster = Broadcaster()
    private let window = FakeWindow()
    private let follower = Follower()

    @Test(arguments: [
        // (was revealed, fullscreen, pointer, focus in toolbar, revealed)
        (false, false, FullscreenPointerPosition.atTopEdge, true, false),
        (true, false, .overToolbar, false, false),
        (false, true, .elsewhere, false, false),
        (false, true, .atTopEdge, false, true),
        (false, true, .overToolbar, false, false),
        (true, true, .overToolbar, false, true),
        (true, true, .elsewhere, false, false),
        (false, true, .elsewhere, true, true),
        (true, true, .elsewhere, true, true),
    ])
    func theToolbarIsRevealedByTheTopEdgeAndKeptByThePointerOrTheFocus(
        wasRevealed: Bool, isFullscreen: Bool, pointer: FullscreenPointerPosition, focus: Bool, expected: Bool
    ) {
        #expect(
            FullscreenMediator.toolbarRevealed(
                wasRevealed: wasRevealed, isFullscreen: isFullscreen, pointer: pointer,
                isFocusInToolbar: focus)
                == expected)
    }

    @Test func itPublishesWhatTheWindowsStateCallsFor() {
        window.publish(on: broadcaster)
        follower.follow(broadcaster)
        let mediator = FullscreenMediator(broadcaster: broadcaster)
        #expect(follower.log == ["toolbar false", "strip true"])
        follower.log.removeAll()
        // Outside fullscreen the pointer and the focus change nothing.
        window.pointer = .atTopEdge
        window.isFocusInToolbar = true
        window.isFocusInToolbar = false
        window.pointer = .elsewhere
        #expect(follower.log.isEmpty)
        // F11: the toolbar and the tab strip go.
        window.isFullscreen = true
        #expect(follower.log == ["strip false"])
        follower.log.removeAll()
        // The pointer over where the toolbar would be does not reveal it; the top edge does,
        // and it stays while the pointer is over it, until the pointer goes lower.
        window.pointer = .overToolbar
        window.pointer = .atTopEdge
        window.pointer = .overToolbar
        #expect(follower.log == ["toolbar true", "strip true"])
        window.pointer = .elsewhere
        #expect(follower.log == ["toolbar true", "strip true", "toolbar false", "strip false"])
        follower.log.removeAll()
        // Ctrl+L: the focus in the location entry reveals it wherever the pointer is, until
        // the focus goes back to the page.
        window.isFocusInToolbar = true
        window.isFocusInToolbar = false
        #expect(follower.log == ["toolbar true", "strip true", "toolbar false", "strip false"])
        follower.log.removeAll()
        // Revealed when fullscreen ends: back to normal.
        window.pointer = .atTopEdge
        window.isFullscreen = false
        #expect(follower.log == ["toolbar true", "strip true", "toolbar false"])
        #expect(broadcaster.currentValue(of: .isTabStripVisible) == true)
        mediator.disconnect()
    }

    @Test func aWindowAlreadyFullscreenGetsItsToolbarHiddenAtOnce() {
        window.isFullscreen = true
        window.publish(on: broadcaster)
        let mediator = FullscreenMediator(broadcaster: broadcaster)
        #expect(broadcaster.currentValue(of: .isToolbarRevealedInFullscreen) == false)
        #expect(broadcaster.currentValue(of: .isTabStripVisible) == false)
        mediator.disconnect()
    }

    @Test func disconnectStopsPublishingAndFollowing() {
        window.publish(on: broadcaster)
        follower.follow(broadcaster)
        let mediator = FullscreenMediator(broadcaster: broadcaster)
        mediator.disconnect()
        #expect(!broadcaster.isBroadcasting(.isToolbarRevealedInFullscreen))
        #expect(!broadcaster.isBroadcasting(.isTabStripVisible))
        #expect(!broadcaster.hasObserver(mediator, for: .isFullscreen))
        follower.log.removeAll()
        window.isFullscreen = true
        window.pointer = .atTopEdge
        #expect(follower.log.isEmpty)
        #expect(mediator.isToolbarRevealedInFullscreen == false)
    }

    @Test func disconnectingTwiceFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = FullscreenMediator(broadcaster: Broadcaster())
                mediator.disconnect()
                mediator.disconnect()
            }
        }.expectPreconditionMessage("FullscreenMediator.disconnect() used after disconnect()")
    }

    @Test(arguments: [
        // (y, toolbar height, position)
        (0.0, 90.0, FullscreenPointerPosition.atTopEdge),
        (5, 90, .atTopEdge),
        (6, 90, .overToolbar),
        (90, 90, .overToolbar),
        (91, 90, .elsewhere),
        (3, 0, .atTopEdge),
        (40, 0, .elsewhere),
    ])
    func thePointersPositionComesFromItsHeight(
        y: Double, toolbarHeight: Double, expected: FullscreenPointerPosition
    ) {
        #expect(FullscreenPointerPosition.at(y: y, toolbarHeight: toolbarHeight) == expected)
    }
}
