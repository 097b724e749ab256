public import Foundation
public import UIInterfaces
import Web

/// The handler of one window's ``SceneCommands``, made by the ``SceneMediator`` for the
/// window's browser dispatcher: it passes each command on with the window that sent it, which
/// the commands do not name (the recently closed menu, say, does not know its window).
@MainActor
public final class SceneCommandHandler: SceneCommands {
    /// The window whose commands these are.
    public let window: WindowIdentifier
    private weak var mediator: SceneMediator?

    init(window: WindowIdentifier, mediator: SceneMediator) {
        self.window = window
        self.mediator = mediator
    }

    public func openNewWindow(incognito: Bool) { mediator?.openNewWindow(incognito: incognito) }

    public func openInIncognitoWindow(_ url: URL) { mediator?.openInIncognitoWindow(url) }

    public func moveTabToNewWindow(_ id: TabIdentifier) { mediator?.moveTabToNewWindow(id) }

    public func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier) {
        mediator?.moveTab(id, toWindow: window, at: nil)
    }

    public func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier, at index: Int) {
        mediator?.moveTab(id, toWindow: window, at: index)
    }

    public func reopenLastClosed() { mediator?.reopenLastClosed(in: window) }

    public func reopenClosedEntry(_ id: Int) { mediator?.reopenClosedEntry(id, in: window) }

    public func restorePreviousSession() { mediator?.restorePreviousSession(in: window) }
}
