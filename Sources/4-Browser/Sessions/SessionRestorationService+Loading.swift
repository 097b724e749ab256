public import TabModel
public import Web

extension SessionRestorationService {
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
        session.isReadOnly = loaded.couldNotRead
        if loaded.reidentifiedTabs {
            // The list on disk still names the tabs' old directories, which are gone: saved
            // at once, before closing the window unchanged or the next launch's tidying can
            // take the moved files for obsolete ones.
            session.markListChangedByRestore()
            saveSessions()
        }
        observers.forEach { $0.sessionRestorationFinished(browser, restoredWebStates: restored) }
        return restored
    }

    func makeUnrealizedWebState(
        id: WebStateID, metadata: WebStateMetadata, loads: Bool = true
    ) -> WebState {
        WebState(
            context: engineContext, id: id, metadata: metadata,
            loaders: storageLoaders(id, metadata: metadata, loads: loads))
    }

    /// Loaders reading a tab's saved state from this service: from what is being written, or
    /// from its files.
    func storageLoaders(
        _ id: WebStateID, metadata: WebStateMetadata, loads: Bool = true
    ) -> WebState.StorageLoaders {
        WebState.StorageLoaders(
            storage: { [weak self] in self?.readStorage(id, metadata: metadata) },
            nativeSessionState: { [weak self] in self?.readNativeState(id) }, loadsCommittedEntry: loads)
    }

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
}
