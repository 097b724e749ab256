/// Reopening what was closed.
@MainActor
public protocol RecentlyClosedCommands: AnyObject {
    /// Reopens the most recently closed entry (a tab or a window).
    func reopenLastClosed()
    /// Reopens the entry `id` of the recently closed list.
    func reopenClosedEntry(_ id: Int)
    /// Restores the windows and tabs of the previous session.
    func restorePreviousSession()
}
