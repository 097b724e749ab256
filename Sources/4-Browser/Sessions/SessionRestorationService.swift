public import Base
public import Foundation
import Logging
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
    private let timer: OneShotTimer
    let io: SessionIO
    private var sessions: [ObjectIdentifier: BrowserSession] = [:]
    private let observers = ObserverList<any SessionRestorationObserver>()
    /// Where each known tab's files live (its directory), for loaders and adoption.
    private var dataLocation: [WebStateID: String] = [:]
    /// Storage of tabs made by createUnrealizedWebState, served from memory until written.
    private var pendingStorage: [WebStateID: WebStateStorage] = [:]
    /// The state.pb digest recorded in each tab's data.pb, from its last read.
    private var expectedStateDigest: [WebStateID: Data] = [:]
    /// Problems met while loading or saving, newest last (also logged).
    public private(set) var problems: [SessionProblem] = []
    /// The number of completed ``saveSessions()`` calls that had something to write.
    public private(set) var saveCount = 0
    /// Saves that could not write everything, reported by the IO queue.
    private let failedSaves = FailedSaveLog()
    /// Tab writes on the IO queue: reads of those tabs are served from memory or wait for
    /// them alone.
    let writesInFlight = TabWritesInFlight()

    /// Creates a service storing under `storageDirectory` (`<profile>/SessionStorage`).
    /// Completions of background IO reach the main actor through `mainTaskRunner`.
    public init(
        storageDirectory: URL, engineContext: any WebEngineContext, clock: any TimerClock,
        mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(),
        saveDelay: Duration = .milliseconds(2500)
    ) {
        io = SessionIO(mainTaskRunner: mainTaskRunner)
        self.storageDirectory = storageDirectory.standardizedFileURL
        self.engineContext = engineContext
        self.clock = clock
        self.saveDelay = saveDelay
        timer = OneShotTimer(clock: clock)
    }

    // MARK: Observers

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any SessionRestorationObserver) { observers.add(observer) }
    /// Removes an observer.
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

    /// The directory of the session `sessionID`.
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

    // MARK: Saving

    /// Saves every dirty session now (the IO itself runs in the background; see
    /// ``waitForPendingIO()``). Cancels a pending delayed save. Callable at any time.
    public func saveSessions() {
        timer.stop()
        save(sessions: Array(sessions.values))
    }

    /// Blocks until every queued write has reached the disk, then records IO failures (what a
    /// failed save did not write is marked dirty again, for the next save).
    public func waitForPendingIO() {
        io.waitUntilIdle()
        collectIOFailures()
    }

    /// Bytes written by this service so far.
    public var bytesWritten: Int { io.totalBytesWritten }

    func sessionBecameDirty(_ session: BrowserSession) {
        if !timer.isRunning { timer.start(after: delayedSaveDelay) { [weak self] in self?.saveSessions() } }
    }

    /// The longest a delayed save waits while saves keep failing.
    public static let maximumRetryDelay: Duration = .seconds(60)

    /// How long the next delayed save waits: ``saveDelay``, doubled for each save in a row
    /// that failed (a full or failing disk is not rewritten every few seconds), at most
    /// ``maximumRetryDelay``. Explicit saves (``saveSessions()``) still happen at once.
    public var delayedSaveDelay: Duration {
        let failures = failedSaves.failuresInARow
        guard failures > 0 else { return saveDelay }
        return min(saveDelay * (1 << min(failures, 16)), max(saveDelay, Self.maximumRetryDelay))
    }

    private func collectIOFailures() {
        for failure in io.takeFailures() { problems.append(.storage(failure)) }
        for failed in failedSaves.take() { retry(failed) }
    }

    private func realizedTabWrite(_ webState: WebState) -> SessionSavePlanner.TabWrite {
        let model = webState.serializeToStorage()
        let state = webState.sessionStateData
        writesInFlight.begin(webState.id, storage: model, state: state)
        return SessionSavePlanner.TabWrite(
            tab: webState.id, storage: StorageWebStateStorage(model), state: state)
    }

    /// Takes the dirty sessions' state (on the main actor), plans the save
    /// (``SessionSavePlanner``) and hands the plan to the IO queue (``SessionSaveWriter``).
    private func save(sessions toSave: [BrowserSession]) {
        collectIOFailures()
        var snapshots: [SessionSavePlanner.Session] = []
        // Sessions adopting tabs first (the planner orders them so too): their tabs' locations
        // are taken first.
        let ordered = toSave.filter { !$0.inserted.isEmpty } + toSave.filter { $0.inserted.isEmpty }
        for session in ordered where session.isDirty {
            guard let browser = session.browser, !browser.webStateList.isDestroyed else { continue }
            let adoptsTabs = !session.inserted.isEmpty
            let changes = session.takeChanges()
            let (listStorage, webStates) = WebStateListSerialization.serialize(
                browser.webStateList, metadata: session.storedMetadata)
            var snapshot = SessionSavePlanner.Session(
                sessionID: session.sessionID, directory: session.directory, adoptsTabs: adoptsTabs,
                list: listStorage)
            // Only tabs with something to write pay for their directory path.
            for webState in webStates {
                let id = webState.id
                if let dirty = changes.dirty[id], dirty.isRealized {
                    // A tab made by createUnrealizedWebState and changed since: its live state
                    // supersedes the storage it was made from.
                    pendingStorage.removeValue(forKey: id)
                    snapshot.tabWrites.append(realizedTabWrite(dirty))
                    dataLocation[id] = session.tabDirectory(id)
                } else if let pending = pendingStorage.removeValue(forKey: id) {
                    writesInFlight.begin(id, storage: pending, state: nil)
                    snapshot.tabWrites.append(
                        SessionSavePlanner.TabWrite(
                            tab: id, storage: StorageWebStateStorage(pending), state: nil, pending: pending))
                    dataLocation[id] = session.tabDirectory(id)
                } else if changes.inserted[id] != nil {
                    let tabDirectory = session.tabDirectory(id)
                    if let source = dataLocation[id], source != tabDirectory {
                        writesInFlight.begin(id, storage: nil, state: nil)
                        snapshot.adoptions.append((id, source))
                    }
                    dataLocation[id] = tabDirectory
                } else if webState.isRealized {
                    // A realized tab whose files are not here (moved in, never dirtied): write it.
                    let tabDirectory = session.tabDirectory(id)
                    if dataLocation[id] != tabDirectory {
                        snapshot.tabWrites.append(realizedTabWrite(webState))
                        dataLocation[id] = tabDirectory
                    }
                }
            }
            // A closed tab's files may still be in the session it was moved from (closed
            // before this session adopted it): delete them there too.
            for id in changes.closed {
                snapshot.closed.append((id, dataLocation.removeValue(forKey: id)))
                pendingStorage.removeValue(forKey: id)
            }
            snapshots.append(snapshot)
        }
        guard !snapshots.isEmpty else { return }
        saveCount += 1
        let plan = SessionSavePlanner.plan(snapshots)
        let writer = SessionSaveWriter(io: io, writesInFlight: writesInFlight)
        let io = self.io
        let failedSaves = self.failedSaves
        io.async { [weak self] in
            // What was not written is marked dirty again on the main actor: the next save
            // tries again rather than leaving the disk behind until some other change.
            let failed = writer.execute(plan)
            guard !failed.isEmpty else { return failedSaves.recordSuccess() }
            failedSaves.add(failed)
            io.postToMain { self?.collectIOFailures() }
        }
    }

    /// Marks dirty again what a save could not write.
    private func retry(_ failed: FailedSave) {
        for (id, storage) in failed.pending where pendingStorage[id] == nil { pendingStorage[id] = storage }
        for (id, adoption) in failed.adoptions where dataLocation[id] == adoption.to {
            dataLocation[id] = adoption.from
        }
        guard let session = sessions.values.first(where: { $0.sessionID == failed.sessionID }) else { return }
        session.saveFailed(tabs: failed.tabs, adoptions: Set(failed.adoptions.keys), closed: failed.closed)
    }

    private func record(_ problem: SessionProblem) {
        Logger.sessions.error("\(problem)")
        problems.append(problem)
    }

    // MARK: Loading

    /// Restores the saved session of `browser` (which must have a session id and an empty
    /// list) synchronously: every tab comes back unrealized, in order, with its pinned state,
    /// opener and group; the active tab is activated (the list's delegate realizes it).
    /// Unreadable parts are set aside and reported in ``problems``; files the session no
    /// longer refers to are deleted. Returns the restored tabs.
    ///
    /// `afterCrash`: the last run crashed (and the user chose to restore); tabs that were
    /// loading then come back without loading, so that a page that crashed the browser does
    /// not load again by itself.
    @discardableResult
    public func loadSession(for browser: Browser, afterCrash: Bool = false) -> [WebState] {
        guard let session = sessions[ObjectIdentifier(browser)] else {
            preconditionFailure("SessionRestorationService.loadSession: the browser has no session id")
        }
        precondition(!session.wasLoaded, "SessionRestorationService.loadSession: loaded twice")
        precondition(
            browser.webStateList.isEmpty, "SessionRestorationService.loadSession: the list is not empty")
        session.wasLoaded = true
        observers.forEach { $0.willStartSessionRestoration(browser) }
        // Identifiers this process already uses (other windows' tabs, created tabs): a stored
        // tab carrying one gets a fresh identifier. Two windows can list one tab if the process
        // died between their lists while it moved, and a new tab can take an identifier an
        // unloaded session stores.
        var idsInUse = Set(dataLocation.keys).union(pendingStorage.keys)
        for other in sessions.values {
            guard let list = other.browser?.webStateList, !list.isDestroyed else { continue }
            idsInUse.formUnion(list.webStates.map(\.id))
        }
        let loader = SessionLoader(io: io, directory: session.directory, idsInUse: idsInUse)
        let loaded = io.sync { loader.load() }
        for problem in loaded.problems { record(.inSession(session.sessionID, problem)) }
        let list = browser.webStateList
        var restored: [WebState] = []
        session.isRestoring = true
        list.performBatchOperation {
            for (index, item) in loaded.session.items.enumerated() {
                let tabDirectory = SessionLayout.tabDirectory(item.storageName, inSession: session.directory)
                dataLocation[item.id] = tabDirectory
                let webState = makeUnrealizedWebState(
                    id: item.id, metadata: item.metadata, loads: !(afterCrash && item.wasLoading))
                list.insert(webState, .atIndex(index).pinning(index < loaded.session.pinnedCount))
                restored.append(webState)
            }
            for (index, item) in loaded.session.items.enumerated() {
                guard let openerIndex = item.openerIndex, openerIndex < restored.count else { continue }
                list.setOpener(
                    at: index,
                    WebStateOpener(restored[openerIndex], navigationIndex: item.openerNavigationIndex))
            }
            for group in loaded.session.groups where group.range.end <= list.count {
                let tabGroup = list.createGroup(
                    indices: group.range.indices, visualData: group.visualData, id: group.id)
                _ = tabGroup
            }
            if let active = loaded.session.activeIndex, active < list.count { list.activate(at: active) }
        }
        session.isRestoring = false
        session.clearDirty()
        observers.forEach { $0.sessionRestorationFinished(browser, restoredWebStates: restored) }
        return restored
    }

    private func makeUnrealizedWebState(
        id: WebStateID, metadata: WebStateMetadata, loads: Bool = true
    ) -> WebState {
        WebState(
            context: engineContext, id: id, metadata: metadata,
            loaders: storageLoaders(id, metadata: metadata, loads: loads))
    }

    /// Loaders reading a tab's saved state from this service: from what is being written, or
    /// from its files.
    private func storageLoaders(
        _ id: WebStateID, metadata: WebStateMetadata, loads: Bool = true
    ) -> WebState.StorageLoaders {
        WebState.StorageLoaders(
            storage: { [weak self] in self?.readStorage(id, metadata: metadata) },
            nativeSessionState: { [weak self] in self?.readNativeState(id) }, loadsCommittedEntry: loads)
    }

    // MARK: Discarding

    /// Discards `webStates`, realized tabs of `browser` that are not shown, to free their
    /// engine's memory (the memory saver's ``WebState/discard(loaders:)``): each tab's current
    /// state — history, and the engine's blob with the scroll position — is written first, in
    /// one save (every dirty session is saved, these tabs in any case), and each tab reads it
    /// back from this service when it is realized again, like a restored tab: from memory
    /// while the write is in flight, from its files after.
    ///
    /// `browser` must be tracked and hold every tab; ``WebState/discard(loaders:)``'s own
    /// preconditions apply.
    public func discard(_ webStates: [WebState], in browser: Browser) {
        guard let session = sessions[ObjectIdentifier(browser)] else {
            preconditionFailure("SessionRestorationService: discard(_:in:) for a browser it does not track")
        }
        for webState in webStates {
            precondition(
                browser.webStateList.index(of: webState) != nil,
                "SessionRestorationService: discard(_:in:) for a tab not in the browser")
            precondition(
                webState.isRealized, "SessionRestorationService: discard(_:in:) on an unrealized tab")
            // Written even if unchanged since the last save: the scroll position is not
            // tracked as a change, and the blob on disk may be older.
            session.markDirtyForDiscard(webState)
        }
        let metadata = webStates.map { $0.serializeMetadata() }
        saveSessions()
        for (webState, metadata) in zip(webStates, metadata) {
            webState.discard(loaders: storageLoaders(webState.id, metadata: metadata))
        }
    }

    /// Reads a tab's data.pb; an unreadable file is set aside. A tab being written is served
    /// from what is being written; a read waits only for the tab's own writes and links, not
    /// for other tabs' (another window's slow save does not delay realizing this tab).
    private func readStorage(_ id: WebStateID, metadata: WebStateMetadata) -> WebStateStorage? {
        if let pending = pendingStorage[id] { return pending }
        if let writing = writesInFlight.contents(id) {
            expectedStateDigest.removeValue(forKey: id)
            return writing.storage.navigation.items.isEmpty ? nil : writing.storage
        }
        guard let directory = dataLocation[id] else { return nil }
        writesInFlight.wait(for: id)
        let path = SessionLayout.dataFile(inTab: directory)
        switch TabStorageReader.read(file: path) {
        case .success(let stored):
            expectedStateDigest[id] = stored.nativeStateDigest
            return stored.model(metadata: metadata)
        case .failure(.noPage(let digest)):
            // Saved before its first page committed: the list's page, the one it was loading,
            // is worth more than a blank tab.
            expectedStateDigest[id] = digest
            return nil
        case .failure(let failure):
            record(.tabData(tab: id.rawValue, path: path, failure: failure))
            // Set aside on the IO queue, after whatever it is doing (a background read of this
            // tab, say); no write of the tab is queued or running.
            if failure.isDamaged {
                io.async { [io] in _ = io.rename(path, to: SessionLayout.setAside(path)) }
            }
            return nil
        }
    }

    /// Reads a tab's state.pb. When its data.pb was read, the blob must match the digest
    /// recorded there (a mismatch means a crash came between the two writes: the history in
    /// data.pb is then the one to trust).
    private func readNativeState(_ id: WebStateID) -> Data? {
        guard pendingStorage[id] == nil else { return nil }
        if let writing = writesInFlight.contents(id) {
            guard let state = writing.state, state.count <= SessionFormat.maximumStateSize else { return nil }
            return state
        }
        guard let directory = dataLocation[id] else { return nil }
        writesInFlight.wait(for: id)
        let path = SessionLayout.stateFile(inTab: directory)
        let blob: Data
        switch io.read(path, limit: SessionFormat.maximumStateSize) {
        case .success(let data): blob = data
        case .failure(.missing): return nil
        case .failure(let error):
            record(.stateFile(tab: id.rawValue, path: path, error: error))
            if error.isUnusable { io.async { [io] in _ = io.rename(path, to: SessionLayout.setAside(path)) } }
            return nil
        }
        if let expected = expectedStateDigest.removeValue(forKey: id), expected != StateDigest.of(blob) {
            record(.stateMismatch(tab: id.rawValue))
            return nil
        }
        return blob
    }

    /// Loads the storage of the unrealized `webState` of `browser` in the background and
    /// calls `completion` on the main actor, always after this returns, and not at all if
    /// the browser is not tracked or was disconnected meanwhile. The storage may be nil
    /// (missing, unreadable or damaged files, or a file without a page).
    public func loadWebStateStorage(
        of webState: WebState, in browser: Browser,
        completion: @escaping @MainActor (WebStateStorage?) -> Void
    ) {
        let key = ObjectIdentifier(browser)
        guard let session = sessions[key] else { return }
        let id = webState.id
        let pending = pendingStorage[id]
        let metadata = webState.serializeMetadata()
        let directory = dataLocation[id]
        // Through the IO queue even when the answer is known here, so that callers see one
        // behaviour whatever the tab's history.
        io.async { [io, weak self, weak session] in
            var storage = pending
            if storage == nil, let directory,
                case .success(let stored) = TabStorageReader.read(tabDirectory: directory)
            {
                storage = stored.model(metadata: metadata)
            }
            let loaded = storage
            io.postToMain {
                // The same session, not merely a browser at the same address.
                guard let self, let session, self.sessions[key] === session else { return }
                completion(loaded)
            }
        }
    }

    /// Reads the data.pb of every tab of `browser` in the background without realizing
    /// anything, runs `parse` on each (in the background) and hands the results to
    /// `completion` on the main actor. Tabs whose file cannot give a page are left out.
    public func loadDataFromStorage<T: Sendable>(
        for browser: Browser, parse: @escaping @Sendable (WebStateID, WebStateStorage) -> T?,
        completion: @escaping @MainActor ([WebStateID: T]) -> Void
    ) {
        let requests: [(WebStateID, String, WebStateMetadata)] = browser.webStateList.webStates.compactMap {
            tab in
            guard let directory = dataLocation[tab.id] else { return nil }
            return (tab.id, directory, tab.serializeMetadata())
        }
        let pending = browser.webStateList.webStates.compactMap { tab in
            pendingStorage[tab.id].map { (tab.id, $0) }
        }
        let io = self.io
        io.async {
            var results: [WebStateID: T] = [:]
            for (id, storage) in pending { results[id] = parse(id, storage) }
            for (id, directory, metadata) in requests where results[id] == nil {
                guard case .success(let stored) = TabStorageReader.read(tabDirectory: directory) else {
                    continue
                }
                results[id] = parse(id, stored.model(metadata: metadata))
            }
            let final = results
            io.postToMain { completion(final) }
        }
    }

    // MARK: Creating tabs from storage, discarding sessions

    /// Creates an unrealized tab for `browser` from `storage` (e.g. a recently closed tab
    /// being reopened). Its data is written with the next save and served from memory until
    /// then. Insert it into `browser`'s list.
    public func createUnrealizedWebState(for browser: Browser, storage: WebStateStorage) -> WebState {
        guard let session = sessions[ObjectIdentifier(browser)] else {
            preconditionFailure(
                "SessionRestorationService.createUnrealizedWebState: the browser has no session id")
        }
        let id = WebStateID.newUnique()
        var metadata = storage.metadata
        metadata.navigationItemCount = storage.navigation.items.count
        if let item = storage.navigation.lastCommittedItem {
            metadata.url = item.displayURL
            metadata.title = item.title
        }
        pendingStorage[id] = storage
        session.expected.insert(id)
        dataLocation[id] = session.tabDirectory(id)
        return makeUnrealizedWebState(id: id, metadata: metadata)
    }

    /// Deletes the stored data of the sessions `sessionIDs` (windows the user closed), then
    /// calls `completion` on the main actor.
    public func deleteDataForDiscardedSessions(
        _ sessionIDs: [String], completion: @escaping @MainActor () -> Void = {}
    ) {
        // A window still tracked is not discarded (Chromium asserts it): deleting its files
        // would lose every tab it has not rewritten since.
        let connected = Set(sessions.values.map(\.sessionID))
        for sessionID in sessionIDs where connected.contains(sessionID) {
            record(.stillConnected(sessionID: sessionID))
        }
        let paths = sessionIDs.filter { SessionLayout.isUsableSessionID($0) && !connected.contains($0) }
            .map { sessionDirectory($0).path }
        let io = self.io
        io.async {
            for path in paths { io.remove(path) }
            io.postToMain { completion() }
        }
    }

    /// Saves everything and waits for the disk (at quit and when the profile shuts down).
    public func shutdown() {
        saveSessions()
        waitForPendingIO()
        for session in sessions.values { session.stopObserving() }
        sessions.removeAll()
    }
}
