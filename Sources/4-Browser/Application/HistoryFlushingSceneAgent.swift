public import History

/// Commits the history's open batch when a window leaves the foreground (minimized, hidden)
/// or closes, as the session is saved then (``SessionSavingSceneAgent``): a process ended
/// without warning afterwards loses no visit made before. At quit the service commits as it
/// shuts down with its profile.
@MainActor
public final class HistoryFlushingSceneAgent: SceneAgent {
    private weak var service: HistoryService?
    /// How many commits this agent asked for.
    public private(set) var flushRequestCount = 0
    /// The last commit asked for, until it is done (for tests to wait for).
    public private(set) var lastFlush: Task<Void, Never>?

    /// An agent committing `service` (the window's profile's history).
    public init(service: HistoryService) { self.service = service }

    public func sceneState(
        _ scene: SceneState, transitionedTo level: SceneActivationLevel, from previous: SceneActivationLevel
    ) {
        guard level <= .background, previous > .background, let service else { return }
        flushRequestCount += 1
        lastFlush = Task { await service.flush() }
    }
}
