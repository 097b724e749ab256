public import Foundation

/// What a window asks of the application: windows to open, tabs to move between windows,
/// what was closed to reopen (Chromium's SceneCommands,
/// `ios/chrome/browser/shared/public/commands/scene_commands.h`). Every browser's dispatcher
/// routes them to the application's scene mediator, which knows the window that sent them:
/// tabs are named by their global ``TabIdentifier``, windows by their ``WindowIdentifier``.
@MainActor
public protocol SceneCommands: AnyObject {
    /// Opens a new window with the start page (an incognito one when `incognito`).
    func openNewWindow(incognito: Bool)
    /// Opens `url` in a new tab of the incognito window used last, or in a new incognito
    /// window when none is open: "Open Link in Incognito Window".
    func openInIncognitoWindow(_ url: URL)
    /// Moves the tab `id` to a new window of its own, as it is (its page and history); a
    /// window's only tab stays where it is.
    func moveTabToNewWindow(_ id: TabIdentifier)
    /// Moves the tab `id` to the end of `window` (a ``TabMoveTarget``), as it is.
    func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier)
    /// Moves the tab `id` to `index` of `window`, as it is (the tab was dragged onto that
    /// window's tab bar and dropped there).
    func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier, at index: Int)
    /// Reopens the most recently closed entry of the window's profile (a tab or a window).
    func reopenLastClosed()
    /// Reopens the entry `id` of the recently closed list (a ``RecentlyClosedItem``'s).
    func reopenClosedEntry(_ id: Int)
    /// Restores the windows and tabs of the previous session (a run that crashed); they
    /// take the place of the window asking if the user has not used it (one blank tab).
    func restorePreviousSession()
}
