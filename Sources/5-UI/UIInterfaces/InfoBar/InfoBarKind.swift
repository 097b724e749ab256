/// Which info bar it is: a window shows at most one of each kind, and what the user does
/// with a bar is routed by its kind. The raw value names it in logs.
public enum InfoBarKind: String, Sendable, CaseIterable {
    /// The offer to restore the windows of a run that crashed.
    case crashedSession = "crashed-session"
    /// What restoring the window met (damaged files, lost tabs).
    case sessionProblems = "session-problems"
    /// The pop-ups the active tab's page was refused.
    case blockedPopup = "blocked-popup"
    /// The active tab's page asks for a permission (its location, notifications …).
    case permissionRequest = "permission-request"
    /// The profile's history file could not be used as it is (set aside, newer, not writable).
    case historyProblem = "history-problem"
    /// The profile's bookmarks file could not be used as it is (set aside, newer, not openable).
    case bookmarksProblem = "bookmarks-problem"
}
