public import Sessions

/// Saves a window's session before the window enters a state where the process might be
/// ended without warning (Chromium's SessionSavingSceneAgent, `ios/chrome/browser/sessions/model/README.md`): when it leaves the
/// foreground (minimized, hidden) and when it closes — immediately, cancelling a pending
/// delayed save — and only if it was foreground-active since its last such save. Delayed
/// saves after tab changes are the session service's business and go on as before.
///
/// An immediate save writes every dirty window of the profile (the service's
/// ``SessionRestorationService/saveSessions()``), as Chromium does.
@MainActor
public final class SessionSavingSceneAgent: SceneAgent {
    private let sessionService: SessionRestorationService
    /// Whether the window was foreground-active since its last save here.
    public private(set) var sessionsNeedSaving = false
    /// How many immediate saves this agent asked for.
    public private(set) var saveRequestCount = 0

    /// An agent saving through `sessionService` (the window's profile's).
    public init(sessionService: SessionRestorationService) { self.sessionService = sessionService }

    /// Marks the session for saving when the window comes to the front; saves it when the
    /// window goes to the background or closes.
    public func sceneState(
        _ scene: SceneState, transitionedTo level: SceneActivationLevel, from previous: SceneActivationLevel
    ) {
        if level == .foregroundActive { sessionsNeedSaving = true }
        if level <= .background { saveSessionsIfNeeded() }
    }

    /// Saves now if the window was foreground-active since the last save here (also what the
    /// UI calls as the window's UI is torn down).
    public func saveSessionsIfNeeded() {
        guard sessionsNeedSaving else { return }
        sessionsNeedSaving = false
        saveRequestCount += 1
        sessionService.saveSessions()
    }
}
