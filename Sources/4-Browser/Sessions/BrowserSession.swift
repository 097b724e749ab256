import Foundation
import TabModel
import Web

/// The session of one Browser: its identifier and directory, and the dirty tracking of
/// Chromium's SessionRestorationWebStateListObserver / WebStateObserver.
@MainActor
final class BrowserSession: WebStateListObserver, WebStateObserver {
    weak var browser: Browser?
    let sessionID: String
    let directory: String
    private weak var service: SessionRestorationService?

    /// Whether the list itself changed since the last save.
    private(set) var isListDirty = false
    /// Realized tabs whose data.pb / state.pb must be rewritten.
    private(set) var dirtyWebStates: [WebStateID: WebState] = [:]
    /// Unrealized tabs created by `createUnrealizedWebState` that are expected to be inserted.
    var expected: Set<WebStateID> = []
    /// Unrealized tabs that came from another session and must be adopted (their files
    /// linked into this session's directory).
    private(set) var inserted: [WebStateID: WebState] = [:]
    /// Unrealized tabs detached (not closed) from this list; another session may adopt them.
    private(set) var detached: Set<WebStateID> = []
    /// Tabs closed since the last save; their directories are deleted after the next save.
    private(set) var closed: Set<WebStateID> = []
    /// Set while the service restores this session (changes are not dirt then).
    var isRestoring = false
    /// Whether the session was restored (``SessionRestorationService/loadSession(for:)``).
    var wasLoaded = false
    /// Whether some of the session's files could not be read when it was restored: then
    /// nothing is written to or deleted from its directory in this run (saves pass it by).
    var isReadOnly = false
    /// Whether the service was told of the changes since the last save. Tracked on its own:
    /// a close or an adoption records its tab before the list is marked dirty (and inside a
    /// batch only the batch's end marks it), so "was dirty before" cannot be read from the
    /// change sets.
    private var reportedDirty = false
    private var observed: [ObjectIdentifier: WebState] = [:]
    /// Each tab's encoded list metadata from the last save, reused while the tab is unchanged.
    private var metadataCache: [WebStateID: StorageWebStateMetadataStorage] = [:]

    /// The tab's stored metadata, from the cache when the tab has not changed since.
    func storedMetadata(_ webState: WebState) -> StorageWebStateMetadataStorage {
        if let cached = metadataCache[webState.id] { return cached }
        let fresh = StorageWebStateMetadataStorage(webState.serializeMetadata())
        metadataCache[webState.id] = fresh
        return fresh
    }

    init(browser: Browser, sessionID: String, directory: String, service: SessionRestorationService) {
        self.browser = browser
        self.sessionID = sessionID
        self.directory = directory
        self.service = service
        browser.webStateList.addObserver(self)
        for webState in browser.webStateList.webStates { observe(webState) }
    }

    var isDirty: Bool { isListDirty || !dirtyWebStates.isEmpty || !closed.isEmpty || !inserted.isEmpty }

    func tabDirectory(_ id: WebStateID) -> String { SessionLayout.tabDirectory(id, inSession: directory) }

    func stopObserving() {
        browser?.webStateList.removeObserver(self)
        for webState in observed.values where !webState.isBeingDestroyed { webState.removeObserver(self) }
        observed.removeAll()
    }

    /// Forgets every change (after a save, or after restoring).
    func clearDirty() {
        isListDirty = false
        dirtyWebStates.removeAll()
        inserted.removeAll()
        detached.removeAll()
        closed.removeAll()
        reportedDirty = false
    }

    /// Takes the adoption, detach and close sets for a save.
    func takeChanges() -> (
        inserted: [WebStateID: WebState], detached: Set<WebStateID>, closed: Set<WebStateID>,
        dirty: [WebStateID: WebState]
    ) {
        defer { clearDirty() }
        return (inserted, detached, closed, dirtyWebStates)
    }

    /// Marks dirty again what a save could not write (`tabs`' files, the links of `adoptions`,
    /// the deletion of `closed` tabs' files) and the list, so that the next save tries again.
    func saveFailed(tabs: Set<WebStateID>, adoptions: Set<WebStateID>, closed: [WebStateID]) {
        guard let list = browser?.webStateList, !list.isDestroyed else { return }
        for webState in list.webStates {
            if webState.isRealized, tabs.contains(webState.id) {
                dirtyWebStates[webState.id] = webState
            } else if !webState.isRealized, adoptions.contains(webState.id) {
                inserted[webState.id] = webState
            }
        }
        self.closed.formUnion(closed)
        markListDirty()
    }

    private func observe(_ webState: WebState) {
        guard observed.updateValue(webState, forKey: ObjectIdentifier(webState)) == nil else { return }
        webState.addObserver(self)
    }

    private func unobserve(_ webState: WebState) {
        guard observed.removeValue(forKey: ObjectIdentifier(webState)) != nil else { return }
        if !webState.isBeingDestroyed { webState.removeObserver(self) }
    }

    /// Marks the list dirty after a restore that changed it on disk's behalf (tabs given
    /// fresh identifiers).
    func markListChangedByRestore() { markListDirty() }

    private func markListDirty() {
        guard !isRestoring else { return }
        isListDirty = true
        reportDirty()
    }

    private func markWebStateDirty(_ webState: WebState) {
        if webState.isRealized { metadataCache.removeValue(forKey: webState.id) }
        guard !isRestoring, webState.isRealized else { return }
        dirtyWebStates[webState.id] = webState
        reportDirty()
    }

    /// Marks a realized tab about to be discarded dirty, even while restoring: its state
    /// must be written before its content goes.
    func markDirtyForDiscard(_ webState: WebState) {
        metadataCache.removeValue(forKey: webState.id)
        dirtyWebStates[webState.id] = webState
        reportDirty()
    }

    /// Tells the service on the clean -> dirty transition only.
    private func reportDirty() {
        guard !reportedDirty else { return }
        reportedDirty = true
        service?.sessionBecameDirty(self)
    }

    // MARK: WebStateListObserver

    func webStateListWillChange(
        _ list: WebStateList, detach: WebStateListChange.Detach, status: WebStateListStatus
    ) {}

    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        switch change {
        case .insert(let insert): didInsert(insert.insertedWebState)
        case .replace(let replace):
            didDetach(replace.replacedWebState, isClosing: true)
            didInsert(replace.insertedWebState)
        case .detach(let detach): didDetach(detach.detachedWebState, isClosing: detach.isClosing)
        default: break
        }
        if !list.isBatchInProgress { markListDirty() }
    }

    func webStateListBatchOperationEnded(_ list: WebStateList) { markListDirty() }

    func webStateListDestroyed(_ list: WebStateList) { stopObserving() }

    private func didInsert(_ webState: WebState) {
        observe(webState)
        guard !isRestoring else { return }
        if webState.isRealized {
            markWebStateDirty(webState)
        } else if expected.remove(webState.id) != nil {
            // Made by createUnrealizedWebState for this session: its data is pending here.
        } else if detached.remove(webState.id) != nil {
            // Moved back before a save: its files never left this directory.
        } else {
            inserted[webState.id] = webState
        }
    }

    private func didDetach(_ webState: WebState, isClosing: Bool) {
        unobserve(webState)
        metadataCache.removeValue(forKey: webState.id)
        guard !isRestoring else { return }
        dirtyWebStates.removeValue(forKey: webState.id)
        let wasAdopted = inserted.removeValue(forKey: webState.id) == nil
        if isClosing {
            // Even if never adopted here: its files, wherever they are, must go.
            closed.insert(webState.id)
        } else if wasAdopted && !webState.isRealized {
            detached.insert(webState.id)
        }
    }

    // MARK: WebStateObserver

    func wasShown(_ webState: WebState) { markWebStateDirty(webState) }

    func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        if !context.isDownload { markWebStateDirty(webState) }
    }

    func didChangeBackForwardState(_ webState: WebState) { markWebStateDirty(webState) }

    func titleWasSet(_ webState: WebState) { markWebStateDirty(webState) }

    func didChangeZoomLevel(_ webState: WebState) { markWebStateDirty(webState) }

    /// Whether a tab is loading is saved with the list (a tab loading at a crash comes back
    /// without loading): a dirty tab makes the next save rewrite the list too.
    func didStartLoading(_ webState: WebState) { markWebStateDirty(webState) }

    /// See ``didStartLoading(_:)``.
    func didStopLoading(_ webState: WebState) { markWebStateDirty(webState) }

    func webStateDestroyed(_ webState: WebState) { unobserve(webState) }

    func webStateRealized(_ webState: WebState) { metadataCache.removeValue(forKey: webState.id) }
}
