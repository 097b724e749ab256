public import Sessions

/// What ``AppState/launch(profileName:)`` did: the windows it restored and what the UI must
/// tell the user.
@MainActor
public struct LaunchOutcome {
    /// The windows restored from the last run, in order (none after a crash: the user
    /// chooses). Each needs a window; when there is none, the UI opens a fresh one.
    public var restoredScenes: [SceneState]
    /// Whether the last run ended without a clean quit.
    public var lastRunCrashed: Bool
    /// The windows open at the last crash that wait for the user's choice
    /// (``AppState/restoreCrashedScenes()``).
    public var crashedScenes: [OpenScene]
    /// The sessions of windows closed in an earlier run that went to recently closed.
    public var purgedSessionIDs: [String]
    /// The window records of `Local State` that were skipped or kept once.
    public var localStateProblems: [OpenSceneRegistry.Problem]
    /// The files that could not be read, though they may be fine (permission denied, an I/O
    /// error): each was left as it is and is not written in this run. The first window
    /// reports them (``SceneState/restoreProblems``).
    public var notReadable: [SessionProblem]
}
