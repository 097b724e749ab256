import Foundation
import Logging
import Web

extension SessionRestorationService {
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

    func collectIOFailures() {
        for failure in io.takeFailures() { problems.append(.storage(failure)) }
        for failed in failedSaves.take() { retry(failed) }
    }

    func realizedTabWrite(_ webState: WebState) -> SessionSavePlanner.TabWrite {
        let model = webState.serializeToStorage()
        let state = webState.sessionStateData
        writesInFlight.begin(webState.id, storage: model, state: state)
        return SessionSavePlanner.TabWrite(
            tab: webState.id, storage: StorageWebStateStorage(model), state: state)
    }

    /// Takes the dirty sessions' state (on the main actor), plans the save
    /// (``SessionSavePlanner``) and hands the plan to the IO queue (``SessionSaveWriter``).
    func save(sessions toSave: [BrowserSession]) {
        collectIOFailures()
        var snapshots: [SessionSavePlanner.Session] = []
        // Sessions adopting tabs first (the planner orders them so too): their tabs' locations
        // are taken first.
        let ordered = toSave.filter { !$0.inserted.isEmpty } + toSave.filter { $0.inserted.isEmpty }
        // A session whose files could not be read is never written: a save would replace or
        // delete what could not be read.
        for session in ordered where session.isDirty && !session.isReadOnly {
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
    func retry(_ failed: FailedSave) {
        for (id, storage) in failed.pending where pendingStorage[id] == nil { pendingStorage[id] = storage }
        for (id, adoption) in failed.adoptions where dataLocation[id] == adoption.to {
            dataLocation[id] = adoption.from
        }
        guard let session = sessions.values.first(where: { $0.sessionID == failed.sessionID }) else { return }
        session.saveFailed(tabs: failed.tabs, adoptions: Set(failed.adoptions.keys), closed: failed.closed)
    }

    func record(_ problem: SessionProblem) {
        Logger.sessions.error("\(problem)")
        problems.append(problem)
    }
}
