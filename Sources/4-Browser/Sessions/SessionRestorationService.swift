public import Base
public import Foundation
public import TabModel
public import Web

/// Saves and restores the window sessions of one profile, losslessly and lazily (Chromium's
/// SessionRestorationServiceImpl).
///
/// Each Browser gets a stable session identifier (``setSessionID(_:for:)``), which names its
/// directory under ``storageDirectory``. Changes to the list and to realized tabs mark the
/// session dirty; a save follows after ``saveDelay`` (coalesced: later changes do not push
/// it back; longer while saves fail, see ``delayedSaveDelay``), or at once with
/// ``saveSessions()``. A save rewrites only dirty tabs' files and
/// writes the list last; all IO runs on one background serial queue, with durable atomic
/// writes. Restored tabs come back unrealized; realizing one reads its files.
@MainActor
public final class SessionRestorationService {
    /// The directory holding one subdirectory per window session.
    public let storageDirectory: URL
    /// The engine context restored tabs are bound to.
    public let engineContext: any WebEngineContext
    /// The delay between the first change and the save.
    public let saveDelay: Duration

    private let clock: any TimerClock
    let timer: OneShotTimer
    let io: SessionIO
    var sessions: [ObjectIdentifier: BrowserSession] = [:]
    let observers = ObserverList<any SessionRestorationObserver>()
    /// Where each known tab's files live (its directory), for loaders and adoption.
    var dataLocation: [WebStateID: String] = [:]
    /// Storage of tabs made by createUnrealizedWebState, served from memory until written.
    var pendingStorage: [WebStateID: WebStateStorage] = [:]
    /// The state.pb digest recorded in each tab's data.pb, from its last read.
    var expectedStateDigest: [WebStateID: Data] = [:]
    /// Problems met while loading or saving, newest last (also logged).
    public internal(set) var problems: [SessionProblem] = []
    /// The number of completed ``saveSessions()`` calls that had something to write.
    public internal(set) var saveCount = 0
    /// Saves that could not write everything, reported by the IO queue.
    let failedSaves = FailedSaveLog()
    /// Tab writes on the IO queue: reads of those tabs are served from memory or wait for
    /// them alone.
    let writesInFlight = TabWritesInFlight()

    /// Creates a service storing under `storageDirectory` (`<profile>/SessionStorage`) with
    /// `fileWriter`. Completions of background IO reach the main actor through
    /// `mainTaskRunner`.
    public init(
        storageDirectory: URL, engineContext: any WebEngineContext, clock: any TimerClock,
        mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(),
        saveDelay: Duration = .milliseconds(2500), fileWriter: AtomicFileWriter = AtomicFileWriter()
    ) {
        io = SessionIO(
            mainTaskRunner: mainTaskRunner, fileWriter: fileWriter,
            confinedTo: SessionLayout.profileDirectory(ofStorage: storageDirectory.standardizedFileURL))
        self.storageDirectory = storageDirectory.standardizedFileURL
        self.engineContext = engineContext
        self.clock = clock
        self.saveDelay = saveDelay
        timer = OneShotTimer(clock: clock)
    }

    // MARK: Observers

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any SessionRestorationObserver) { observers.add(observer) }
    public func removeObserver(_ observer: any SessionRestorationObserver) { observers.remove(observer) }

    // MARK: Browsers

    /// Gives `browser` its stable session identifier and starts tracking its changes. The
    /// identifier must be unique among this service's browsers and usable as a file name.
    public func setSessionID(_ sessionID: String, for browser: Browser) {
        precondition(
            SessionLayout.isUsableSessionID(sessionID),
            "SessionRestorationService.setSessionID: bad session id \(sessionID.debugDescription)")
        precondition(
            sessions[ObjectIdentifier(browser)] == nil,
            "SessionRestorationService: browser already has a session id")
        precondition(
            !sessions.values.contains { $0.sessionID == sessionID },
            "SessionRestorationService: session id '\(sessionID)' is already used")
        let directory = SessionLayout.sessionDirectory(sessionID, in: storageDirectory).path
        sessions[ObjectIdentifier(browser)] = BrowserSession(
            browser: browser, sessionID: sessionID, directory: directory, service: self)
    }

    /// Whether a connected browser uses the session `sessionID`.
    public func isConnected(sessionID: String) -> Bool {
        sessions.values.contains { $0.sessionID == sessionID }
    }

    /// The session identifier of `browser`, if it has one.
    public func sessionID(of browser: Browser) -> String? { sessions[ObjectIdentifier(browser)]?.sessionID }

    public func sessionDirectory(_ sessionID: String) -> URL {
        SessionLayout.sessionDirectory(sessionID, in: storageDirectory)
    }

    /// Saves pending changes and stops tracking `browser`. Required before a tracked browser
    /// goes away.
    ///
    /// Every dirty session is saved, not only `browser`'s, as Chromium does: a tab just moved
    /// out of this window is adopted (its files linked) by the other window's save, and this
    /// window's files may be deleted right after (``deleteDataForDiscardedSessions(_:completion:)``).
    public func disconnect(_ browser: Browser) {
        guard let session = sessions[ObjectIdentifier(browser)] else { return }
        saveSessions()
        session.stopObserving()
        sessions.removeValue(forKey: ObjectIdentifier(browser))
    }

    /// Saves everything and waits for the disk (at quit and when the profile shuts down).
    public func shutdown() {
        saveSessions()
        waitForPendingIO()
        for session in sessions.values { session.stopObserving() }
        sessions.removeAll()
    }
}
