import Foundation
public import TabModel
public import Web

extension SessionRestorationService {
    /// Reads a tab's data.pb; an unreadable file is set aside. A tab being written is served
    /// from what is being written; a read waits only for the tab's own writes and links, not
    /// for other tabs' (another window's slow save does not delay realizing this tab).
    func readStorage(_ id: WebStateID, metadata: WebStateMetadata) -> WebStateStorage? {
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
            var storage = stored.model(metadata: metadata)
            let (history, dropped) = storage.navigation.withoutUnrestorableItems()
            guard dropped.isEmpty else {
                // Dropped here, reported once. state.pb holds the same entries: the engine
                // does not use a blob with entries a restore must not load.
                record(.unrestorableEntries(tab: id.rawValue, schemes: Self.schemes(of: dropped)))
                storage.navigation = history
                return history.items.isEmpty ? nil : storage
            }
            expectedStateDigest[id] = stored.nativeStateDigest
            return storage
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
    func readNativeState(_ id: WebStateID) -> Data? {
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

    /// The schemes of `urls`, each once, in order.
    nonisolated static func schemes(of urls: [URL]) -> [String] {
        var schemes: [String] = []
        for url in urls {
            let scheme = url.scheme?.lowercased() ?? "?"
            if !schemes.contains(scheme) { schemes.append(scheme) }
        }
        return schemes
    }
}
