import Foundation
import Web

extension SessionRestorationService {
    /// The window sessions on disk that are neither in `openSessionIDs` (the open-scene
    /// registry) nor connected: windows the user closed.
    public func discardedSessionIDs(keeping openSessionIDs: Set<String>) -> [String] {
        waitForPendingIO()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: storageDirectory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            let path = storageDirectory.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory.boolValue
                && !name.hasPrefix(".") && !SessionLayout.isSetAside(name) && !openSessionIDs.contains(name)
                && !isConnected(sessionID: name)
        }.sorted()
    }

    /// At start-up: every discarded window session (see ``discardedSessionIDs(keeping:)``)
    /// goes to `tabRestore` as a closed window, with each tab's history, and its data is
    /// then deleted. Returns the purged session ids.
    @discardableResult
    public func purgeDiscardedSessions(
        keeping openSessionIDs: Set<String>, into tabRestore: TabRestoreService?
    )
        -> [String]
    {
        let discarded = discardedSessionIDs(keeping: openSessionIDs)
        moveSessionsToRecentlyClosed(discarded, into: tabRestore)
        return discarded
    }

    /// Each of the sessions `sessionIDs` (on disk, not connected: a window just closed and
    /// disconnected, or one found discarded at start-up) goes to `tabRestore` as a closed
    /// window, with each tab's history, and its data is then deleted. Waits for the disk.
    public func moveSessionsToRecentlyClosed(_ sessionIDs: [String], into tabRestore: TabRestoreService?) {
        waitForPendingIO()
        let ids = sessionIDs.filter { !isConnected(sessionID: $0) }
        for sessionID in ids {
            let directory = sessionDirectory(sessionID).path
            let loaded = io.sync { [io] in SessionLoader(io: io, directory: directory).load() }
            let tabs = loaded.session.items.map { item -> WebStateStorage in
                let tabDirectory = SessionLayout.tabDirectory(item.storageName, inSession: directory)
                if case .success(let stored) = TabStorageReader.read(tabDirectory: tabDirectory) {
                    return stored.model(metadata: item.metadata)
                }
                let items =
                    item.metadata.url.map { [NavigationItem(url: $0, title: item.metadata.title)] } ?? []
                return WebStateStorage(
                    metadata: item.metadata,
                    navigation: NavigationHistory(
                        items: items, lastCommittedItemIndex: items.isEmpty ? -1 : 0))
            }
            tabRestore?.addWindow(
                tabs: tabs, activeIndex: loaded.session.activeIndex, pinnedCount: loaded.session.pinnedCount,
                sessionID: sessionID)
        }
        if !ids.isEmpty {
            deleteDataForDiscardedSessions(ids)
            waitForPendingIO()
        }
    }
}
