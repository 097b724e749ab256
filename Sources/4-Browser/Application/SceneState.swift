import Base
public import Profiles
public import Sessions
public import TabModel

/// The state of one browser window (Chromium's SceneState), without GTK: its ``Browser``,
/// its session identifier, its activation level and its agents.
///
/// Chromium's scene holds a main, an inactive and an incognito browser; a Swiftlet window
/// shows one browser, regular or incognito, so a scene has exactly one (incognito windows
/// are scenes of their own, as on desktop browsers).
///
/// The UI sets ``activationLevel`` from the window (focused, shown, minimized, closed);
/// agents and observers follow. A scene that went back to ``SceneActivationLevel/unattached``
/// after being attached is closed for good.
@MainActor
public final class SceneState {
    /// The window's tabs.
    public let browser: Browser
    /// The window's session identifier.
    public let sessionID: String
    /// What the session restore met while restoring this window, if it was restored (a
    /// damaged file set aside, tabs dropped …), for the window to tell the user.
    public internal(set) var restoreProblems: [SessionProblem] = []
    /// Whether the window was restored from a saved session (not opened fresh).
    public internal(set) var wasRestored = false
    /// The window's activation level.
    public private(set) var activationLevel: SceneActivationLevel = .unattached
    /// Whether the scene was set back to unattached (attached in between or not): its window
    /// is gone.
    public private(set) var isClosed = false
    /// When the window was last the focused one, as a count of activations across all
    /// scenes (0: never): the larger, the more recent.
    public private(set) var lastActivation = 0

    private static var activations = 0

    private var agents: [any SceneAgent] = []
    private let observers = ObserverList<any SceneStateObserver>()

    /// The state of a window showing `browser`, whose session is `sessionID`.
    public init(browser: Browser, sessionID: String) {
        self.browser = browser
        self.sessionID = sessionID
    }

    /// The window's profile (the off-the-record one for an incognito window).
    public var profile: Profile { browser.profile }

    /// Whether it is an incognito window.
    public var isIncognito: Bool { browser.kind == .incognito }

    /// The registry record of this window.
    public var record: OpenScene {
        OpenScene(sessionID: sessionID, profileName: profile.name.rawValue, isIncognito: isIncognito)
    }

    /// Adds an agent, owned by the scene from now on and told about every change.
    public func addAgent(_ agent: any SceneAgent) { agents.append(agent) }

    /// The agents, in the order they were added.
    public var allAgents: [any SceneAgent] { agents }

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any SceneStateObserver) { observers.add(observer) }

    public func removeObserver(_ observer: any SceneStateObserver) { observers.remove(observer) }

    /// Sets the activation level; agents, then observers, hear of a change. Setting it back to
    /// ``SceneActivationLevel/unattached`` closes the scene; a closed scene takes no more
    /// changes.
    public func setActivationLevel(_ level: SceneActivationLevel) {
        precondition(!isClosed, "SceneState.setActivationLevel: the scene \(sessionID) is closed")
        let previous = activationLevel
        // A scene closed before it was ever attached is closed too (nothing to tell).
        if level == .unattached { isClosed = true }
        guard level != previous else { return }
        activationLevel = level
        if level == .foregroundActive {
            Self.activations += 1
            lastActivation = Self.activations
        }
        for agent in agents { agent.sceneState(self, transitionedTo: level, from: previous) }
        observers.forEach { $0.sceneState(self, transitionedTo: level, from: previous) }
    }
}
