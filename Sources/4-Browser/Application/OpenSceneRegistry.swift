import Logging
public import Prefs
import Sessions

/// The windows of the application, kept in local state (`Local State`) so that the next
/// launch knows what to do with the sessions on disk:
///
/// - ``scenes``: the windows open now — at a clean quit, the ones to restore.
/// - ``crashedScenes``: the windows that were open when the last run crashed, waiting for
///   the user to restore them (or not) until the next clean quit.
///
/// A session on disk listed in neither belongs to a window the user closed.
@MainActor
public final class OpenSceneRegistry {
    /// The names of the local state prefs the registry uses.
    public enum Prefs {
        /// The windows open now, in order (a list of dictionaries).
        public static let openScenes = "application.open_scenes"
        /// The windows open when the last run crashed, not restored yet (same format).
        public static let crashedScenes = "application.crashed_scenes"
    }

    private let localState: PrefService
    /// The records of `Local State` that could not be taken as they were, each once, in the
    /// order they were met (also logged).
    public private(set) var problems: [Problem] = []
    private var reported: Set<Problem> = []

    /// Registers the registry's prefs; pass it as the application context's
    /// `registerLocalStatePrefs`.
    public static func registerPrefs(_ registry: PrefRegistry) {
        registry.register(Prefs.openScenes, default: .list([]))
        registry.register(Prefs.crashedScenes, default: .list([]))
    }

    /// The registry kept in `localState` (whose registry ran ``registerPrefs(_:)``).
    public init(localState: PrefService) { self.localState = localState }

    /// Whether ``scenes`` is the truth about the windows: `Local State` was read at start.
    /// When it was missing or unreadable the registry is empty, and every window session on
    /// disk must be taken as open — not as closed by the user (which would send each to
    /// recently closed and delete its session).
    ///
    /// A list of open windows of the wrong kind in the file (reset to empty when read) is as
    /// unknown. (A list of crashed windows of the wrong kind is only empty: after a clean quit
    /// it is empty anyway, and after a crash its windows go to recently closed, not lost.)
    public var isKnown: Bool {
        localState.valuesWereReadFromFile && !localState.wasResetAtLoad(Prefs.openScenes)
    }

    /// The windows recorded as open, in order.
    public var scenes: [OpenScene] { read(Prefs.openScenes) }

    /// The windows open at the last crash that were not restored yet.
    public var crashedScenes: [OpenScene] { read(Prefs.crashedScenes) }

    /// Records a window as open (replacing a record with the same session id and profile).
    public func add(_ scene: OpenScene) {
        write(Prefs.openScenes, scenes.filter { !$0.isSame(as: scene) } + [scene])
    }

    /// Forgets an open window (it closed).
    public func remove(_ scene: OpenScene) {
        write(Prefs.openScenes, scenes.filter { !$0.isSame(as: scene) })
    }

    /// After a crash: the windows recorded as open become crashed ones (added to any left
    /// from an earlier crash), and none is open. Returns the crashed windows.
    @discardableResult
    public func moveOpenScenesToCrashed() -> [OpenScene] {
        var crashed = crashedScenes
        for scene in scenes where !crashed.contains(where: { $0.isSame(as: scene) }) { crashed.append(scene) }
        write(Prefs.crashedScenes, crashed)
        write(Prefs.openScenes, [])
        return crashed
    }

    /// Forgets a crashed window (it was restored, or will not be).
    public func removeCrashed(_ scene: OpenScene) {
        write(Prefs.crashedScenes, crashedScenes.filter { !$0.isSame(as: scene) })
    }

    /// Forgets every crashed window (at a clean quit).
    public func clearCrashed() { write(Prefs.crashedScenes, []) }

    /// The records of the list `name`. `Local State` is a file anyone can edit: a record
    /// without a session id and a profile, or whose session id cannot name a session
    /// directory (it would become a path outside the session storage, or no path at all), is
    /// skipped, and a window recorded twice is kept once (one session cannot show in two
    /// windows). Each is reported once.
    private func read(_ name: String) -> [OpenScene] {
        var scenes: [OpenScene] = []
        for (index, value) in localState.list(name).enumerated() {
            guard case .dictionary(let record) = value, let id = record["session_id"]?.stringValue,
                let profile = record["profile"]?.stringValue
            else {
                report(.malformedRecord(index: index, list: name))
                continue
            }
            let scene = OpenScene(
                sessionID: id, profileName: profile, isIncognito: record["incognito"]?.boolValue ?? false)
            if !SessionLayout.isUsableSessionID(id) {
                report(.unusableSessionID(id, list: name))
            } else if scenes.contains(where: { $0.isSame(as: scene) }) {
                report(.repeated(sessionID: id, list: name))
            } else {
                scenes.append(scene)
            }
        }
        return scenes
    }

    private func report(_ problem: Problem) {
        guard reported.insert(problem).inserted else { return }
        Logger.application.error("\(problem)")
        problems.append(problem)
    }

    /// Records `scenes` and starts writing `Local State` at once rather than after the prefs'
    /// write delay: a window opened just before a crash must be offered for restore, not
    /// taken for one the user closed (its session would go to recently closed). Windows open
    /// and close rarely; the write runs on the prefs' IO queue.
    private func write(_ name: String, _ scenes: [OpenScene]) {
        defer { localState.commitPendingWrite() }
        localState.set(
            name,
            .list(
                scenes.map {
                    .dictionary([
                        "session_id": .string($0.sessionID), "profile": .string($0.profileName),
                        "incognito": .bool($0.isIncognito),
                    ])
                }))
    }
}

extension OpenScene {
    /// Whether `other` records the same window (session id, profile and kind).
    fileprivate func isSame(as other: OpenScene) -> Bool {
        sessionID == other.sessionID && profileName == other.profileName && isIncognito == other.isIncognito
    }
}
