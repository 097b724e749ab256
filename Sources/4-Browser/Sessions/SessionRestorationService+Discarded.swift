import Base
import Foundation
import Web

#if canImport(Glibc)
import Glibc
#endif

extension SessionRestorationService {
    /// The window sessions on disk that are neither in `openSessionIDs` (the open-scene
    /// registry) nor connected: windows the user closed. Only real directories are sessions:
    /// a link in the storage, or a storage that is reached through a link, holds none.
    public func discardedSessionIDs(keeping openSessionIDs: Set<String>) -> [String] {
        waitForPendingIO()
        return sessionDirectoryEntries().directories.filter { name in
            !name.hasPrefix(".") && !SessionLayout.isSetAside(name) && !openSessionIDs.contains(name)
                && !isConnected(sessionID: name)
        }.sorted()
    }

    /// The names in the storage directory that are directories, and those that are links (to
    /// report, never to follow). Nothing when the storage itself is reached through a link.
    private func sessionDirectoryEntries() -> (directories: [String], links: [String]) {
        let storage = storageDirectory.path
        let profile = SessionLayout.profileDirectory(ofStorage: storageDirectory)
        guard LinkFreePath.firstLink(onPathTo: storage, below: profile, includingItself: true) == nil,
            case .success(let names) = ProfileFileReader.contentsOfDirectory(storage)
        else { return ([], []) }
        var directories: [String] = []
        var links: [String] = []
        var info = stat()
        for name in names where lstat(storage + "/" + name, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: directories.append(name)
            case S_IFLNK: links.append(name)
            default: continue
            }
        }
        return (directories, links)
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
        // A link in the storage is no session: reported, left as it is, never followed.
        for name in sessionDirectoryEntries().links where !SessionLayout.isSetAside(name) {
            record(.storage(.linkInPlace(path: storageDirectory.appendingPathComponent(name).path)))
        }
        let discarded = discardedSessionIDs(keeping: openSessionIDs)
        guard !discarded.isEmpty else { return [] }
        var purged: [String] = []
        for sessionID in discarded {
            let directory = sessionDirectory(sessionID).path
            let window = io.sync { [io] in Self.closedWindow(in: directory, io: io) }
            // What could not be read stays where it is, for a later launch that can read it.
            if let problem = window.notReadable {
                record(.inSession(sessionID, problem))
                continue
            }
            window.add(to: tabRestore, sessionID: sessionID)
            purged.append(sessionID)
        }
        tabRestore?.flush()
        // Entries that cannot be written are not safe: the sessions stay until they are.
        deleteDataForDiscardedSessions(tabRestore?.isReadOnly == true ? [] : purged)
        waitForPendingIO()
        return purged
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
            var kept: [(String, ProfileFileReadError)] = []
            for path in paths {
                // What cannot be read is not deleted: a later run that can read it decides.
                if let unread = SessionLoader.firstFileNotReadable(inSession: path) {
                    kept.append(unread)
                } else {
                    io.remove(path, kind: .session)
                }
            }
            io.postToMain { [weak self] in
                for (path, error) in kept { self?.record(.sessionNotReadable(path: path, error: error)) }
                completion()
            }
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
                var readable: [String] = []
                for (sessionID, window) in zip(ids, windows) {
                    if let problem = window.notReadable {
                        // Left for the next launch's purge, once it can be read.
                        record(.inSession(sessionID, problem))
                        continue
                    }
                    window.add(to: tabRestore, sessionID: sessionID)
                    readable.append(sessionID)
                }
                // Entries that cannot be written are not safe: the sessions stay until they are.
                let deletable = tabRestore.isReadOnly ? [] : readable
                tabRestore.whenPersisted { [self] in
                    deleteDataForDiscardedSessions(deletable, completion: completion)
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
            tabs: tabs, activeIndex: loaded.session.activeIndex, pinnedCount: loaded.session.pinnedCount,
            notReadable: loaded.couldNotRead ? loaded.problems.first : nil)
    }
}

/// A closed window's session as read from disk, on its way to the recently closed list.
private struct ClosedSession: Sendable {
    var tabs: [WebStateStorage]
    var activeIndex: Int?
    var pinnedCount: Int
    /// Why some of its files could not be read, if they could not: it is then neither added
    /// to recently closed nor deleted.
    var notReadable: SessionProblem?

    @MainActor
    func add(to tabRestore: TabRestoreService?, sessionID: String) {
        tabRestore?.addWindow(
            tabs: tabs, activeIndex: activeIndex, pinnedCount: pinnedCount, sessionID: sessionID)
    }
}
