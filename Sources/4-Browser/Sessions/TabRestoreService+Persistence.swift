import Foundation
import Logging
import TabModel
import Web

extension TabRestoreService {
    /// Waits until the entries are on disk.
    public func flush() { io.waitUntilIdle() }

    /// Runs `body` on the main actor once the entries as they are now are on disk (at once,
    /// after this returns, when they are kept in memory only).
    public func whenPersisted(_ body: @escaping @MainActor @Sendable () -> Void) {
        let io = self.io
        io.async { io.postToMain(body) }
    }

    /// Whether the entries are never written: the file was there but could not be read
    /// (``SessionProblem/recentlyClosedNotReadable(path:error:)``), and writing would
    /// replace what could not be read. They are kept in memory for this run.
    public var isReadOnly: Bool {
        if case .recentlyClosedNotReadable? = loadProblem { true } else { false }
    }

    func persist() {
        guard let fileURL, !isReadOnly else { return }
        var storage = StorageRecentlyClosedStorage()
        storage.formatVersion = SessionFormat.currentVersion
        storage.entries = entries.map { entry in
            var stored = StorageRecentlyClosedEntryStorage()
            switch entry {
            case .tab(let tab): stored.tab = Self.encode(tab)
            case .window(let window):
                var w = StorageClosedWindowStorage()
                w.entryID = Int32(window.entryID)
                w.closedTime = StorageTimestamp(window.closedTime)
                w.windowSessionID = window.windowSessionID ?? ""
                w.tabs = window.tabs.map(Self.encode)
                w.activeIndex = Int32(window.activeIndex ?? -1)
                w.pinnedCount = Int32(window.pinnedCount)
                stored.window = w
            }
            return stored
        }
        guard let data = try? storage.serializedData() else { return }
        let io = self.io
        let path = fileURL.path
        io.async { io.write(data, to: path) }
    }

    static func encode(_ tab: ClosedTab) -> StorageClosedTabStorage {
        var t = StorageClosedTabStorage()
        t.entryID = Int32(tab.entryID)
        t.closedTime = StorageTimestamp(tab.closedTime)
        t.windowSessionID = tab.windowSessionID ?? ""
        t.index = Int32(tab.index)
        t.pinned = tab.isPinned
        t.storage = StorageWebStateStorage(tab.storage)
        t.metadata = StorageWebStateMetadataStorage(tab.storage.metadata)
        if let group = tab.groupID {
            t.hasGroup_p = true
            t.groupID.high = group.high
            t.groupID.low = group.low
        }
        return t
    }

    static func decode(_ t: StorageClosedTabStorage, id: (Int32) -> Int) -> ClosedTab {
        let metadata = t.metadata.model
        return ClosedTab(
            entryID: id(t.entryID), closedTime: t.closedTime.date,
            windowSessionID: t.windowSessionID.isEmpty ? nil : t.windowSessionID, index: max(0, Int(t.index)),
            isPinned: t.pinned,
            groupID: t.hasGroup_p ? TabGroupID(high: t.groupID.high, low: t.groupID.low) : nil,
            storage: t.storage.model(metadata: metadata))
    }

    func load(_ fileURL: URL) {
        let read = io.read(fileURL.path)
        if case .failure(.missing) = read { return }
        if case .failure(let error) = read, !error.isUnusable {
            let problem = SessionProblem.recentlyClosedNotReadable(path: fileURL.path, error: error)
            loadProblem = problem
            Logger.sessions.error("\(problem)")
            return
        }
        do {
            // What can never be read (a link, a pipe, a file too large) is set aside below.
            let data = try read.get()
            guard !data.isEmpty else { throw SessionLoadError.empty }
            let storage = try StorageRecentlyClosedStorage(serializedBytes: data)
            let kept = storage.entries.prefix(Self.maximumEntries)
            // Identifiers come from the file: one out of range or already taken gets a fresh
            // one, so that the next entry never overflows or collides.
            var valid: Set<Int> = []
            for stored in kept {
                switch stored.entry {
                case .tab(let t): valid.insert(Int(t.entryID))
                case .window(let w): valid.formUnion([Int(w.entryID)] + w.tabs.map { Int($0.entryID) })
                case nil: continue
                }
            }
            valid = valid.filter { (1...Self.maximumEntryID).contains($0) }
            nextEntryID = (valid.max() ?? 0) + 1
            var taken: Set<Int> = []
            let id = { (raw: Int32) -> Int in
                let value = Int(raw)
                if valid.contains(value), taken.insert(value).inserted { return value }
                let fresh = self.makeEntryID(avoiding: valid.union(taken))
                taken.insert(fresh)
                return fresh
            }
            for stored in kept {
                switch stored.entry {
                case .tab(let t): entries.append(.tab(Self.decode(t, id: id)))
                case .window(let w):
                    let windowID = id(w.entryID)
                    entries.append(
                        .window(
                            ClosedWindow(
                                entryID: windowID, closedTime: w.closedTime.date,
                                windowSessionID: w.windowSessionID.isEmpty ? nil : w.windowSessionID,
                                tabs: w.tabs.map { Self.decode($0, id: id) },
                                activeIndex: w.activeIndex >= 0 ? Int(w.activeIndex) : nil,
                                pinnedCount: max(0, Int(w.pinnedCount)))))
                case nil: continue
                }
            }
            // Entries a restore must not load are dropped here, once (NavigationItem.isRestorable).
            var dropped: [URL] = []
            entries = entries.map { Self.withoutUnrestorableItems($0, dropped: &dropped) }
            if !dropped.isEmpty {
                let problem = SessionProblem.unrestorableEntries(
                    tab: nil, schemes: SessionRestorationService.schemes(of: dropped))
                loadProblem = problem
                Logger.sessions.error("\(problem)")
            }
        } catch {
            let aside = SessionLayout.setAside(fileURL.path)
            io.sync { [io] in _ = io.rename(fileURL.path, to: aside) }
            let problem = SessionProblem.recentlyClosedUnreadable(
                path: fileURL.path, reason: "\(error)", setAsideAs: (aside as NSString).lastPathComponent)
            loadProblem = problem
            Logger.sessions.error("\(problem)")
        }
    }

    /// `entry` without the history entries a restore must not load, whose URLs go to `dropped`.
    static func withoutUnrestorableItems(_ entry: Entry, dropped: inout [URL]) -> Entry {
        func clean(_ tab: ClosedTab) -> ClosedTab {
            var tab = tab
            let (history, removed) = tab.storage.navigation.withoutUnrestorableItems()
            tab.storage.navigation = history
            if let url = tab.storage.metadata.url, !NavigationItem.isRestorable(url) {
                tab.storage.metadata.url = history.lastCommittedItem?.url
                if removed.isEmpty { dropped.append(url) }
            }
            dropped += removed
            return tab
        }
        switch entry {
        case .tab(let tab): return .tab(clean(tab))
        case .window(var window):
            window.tabs = window.tabs.map(clean)
            return .window(window)
        }
    }
}
