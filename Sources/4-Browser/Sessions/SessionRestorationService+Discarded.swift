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
    /// goes to `tabRestore` as a closed window, with each tab's history; its data is deleted
    /// once the recently closed list is on disk. Synchronous: the launch waits for it.
    /// Returns the purged session ids.
    @discardableResult
    public func purgeDiscardedSessions(
        keeping openSessionIDs: Set<String>, into tabRestore: TabRestoreService?
    )
        -> [String]
    {
        let discarded = discardedSessionIDs(keeping: openSessionIDs)
        guard !discarded.isEmpty else { return [] }
        for sessionID in discarded {
            let directory = sessionDirectory(sessionID).path
            let window = io.sync { [io] in Self.closedWindow(in: directory, io: io) }
            window.add(to: tabRestore, sessionID: sessionID)
        }
        tabRestore?.flush()
        deleteDataForDiscardedSessions(discarded)
        waitForPendingIO()
        return discarded
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
        let paths = sessionIDs.filter {
            !$0.isEmpty && !$0.contains("/") && $0 != "." && $0 != ".." && !connected.contains($0)
        }.map { sessionDirectory($0).path }
        let io = self.io
        io.async {
            for path in paths { io.remove(path) }
            io.postToMain { completion() }
        }
    }

    /// A window the user just closed (its browser disconnected): each of the sessions
    /// `sessionIDs` that is not connected is read on the IO queue, goes to `tabRestore` as a
    /// closed window with each tab's history, and its data is deleted once the recently
    /// closed list is on disk — a crash in between leaves the session to the next launch's
    /// purge, never lost. `completion` runs on the main actor at the end.
    public func moveSessionsToRecentlyClosed(
        _ sessionIDs: [String], into tabRestore: TabRestoreService,
        completion: @escaping @MainActor @Sendable () -> Void = {}
    ) {
        let ids = sessionIDs.filter { !isConnected(sessionID: $0) }
        let directories = ids.map { sessionDirectory($0).path }
        let io = self.io
        io.async {
            let windows = directories.map { Self.closedWindow(in: $0, io: io) }
            io.postToMain { [self] in
                for (sessionID, window) in zip(ids, windows) {
                    window.add(to: tabRestore, sessionID: sessionID)
                }
                tabRestore.whenPersisted { [self] in
                    deleteDataForDiscardedSessions(ids, completion: completion)
                }
            }
        }
    }

    /// What a closed window's session holds, read from `directory` (on the IO queue): every
    /// tab with its history (its last page when its own files are unreadable).
    nonisolated private static func closedWindow(in directory: String, io: SessionIO) -> ClosedSession {
        let loaded = SessionLoader(io: io, directory: directory).load()
        let tabs = loaded.session.items.map { item -> WebStateStorage in
            let tabDirectory = SessionLayout.tabDirectory(item.storageName, inSession: directory)
            if case .success(let stored) = TabStorageReader.read(tabDirectory: tabDirectory) {
                return stored.model(metadata: item.metadata)
            }
            let items = item.metadata.url.map { [NavigationItem(url: $0, title: item.metadata.title)] } ?? []
            return WebStateStorage(
                metadata: item.metadata,
                navigation: NavigationHistory(items: items, lastCommittedItemIndex: items.isEmpty ? -1 : 0))
        }
        return ClosedSession(
            tabs: tabs, activeIndex: loaded.session.activeIndex, pinnedCount: loaded.session.pinnedCount)
    }
}

/// A closed window's session as read from disk, on its way to the recently closed list.
private struct ClosedSession: Sendable {
    var tabs: [WebStateStorage]
    var activeIndex: Int?
    var pinnedCount: Int

    @MainActor
    func add(to tabRestore: TabRestoreService?, sessionID: String) {
        tabRestore?.addWindow(
            tabs: tabs, activeIndex: activeIndex, pinnedCount: pinnedCount, sessionID: sessionID)
    }
}
