public import Base
public import Foundation
import Logging
public import TabModel
public import Web

/// Recently closed tabs and windows, newest first, at most ``maximumEntries``, each with its
/// navigation history; persisted so that they survive a restart (Chromium's
/// TabRestoreService). Restoring puts a tab back at its old index in its window (or in the
/// given fallback window) and a window back as a window.
@MainActor
public final class TabRestoreService: WebStateListObserver {
    /// A closed tab.
    public struct ClosedTab: Sendable, Equatable {
        /// The entry's identifier.
        public let entryID: Int
        /// When it was closed.
        public var closedTime: Date
        /// The session id of the window it was in.
        public var windowSessionID: String?
        /// Its index in that window.
        public var index: Int
        /// Whether it was pinned.
        public var isPinned: Bool
        /// The group it was in.
        public var groupID: TabGroupID?
        /// Its history and metadata.
        public var storage: WebStateStorage
    }

    /// A closed window.
    public struct ClosedWindow: Sendable, Equatable {
        /// The entry's identifier.
        public let entryID: Int
        /// When it was closed.
        public var closedTime: Date
        /// Its session id.
        public var windowSessionID: String?
        /// Its tabs, in order.
        public var tabs: [ClosedTab]
        /// The active tab's index.
        public var activeIndex: Int?
        /// The number of pinned tabs.
        public var pinnedCount: Int
    }

    /// An entry.
    public enum Entry: Sendable, Equatable {
        /// A tab.
        case tab(ClosedTab)
        /// A window.
        case window(ClosedWindow)

        /// The entry's identifier.
        public var id: Int {
            switch self {
            case .tab(let tab): tab.entryID
            case .window(let window): window.entryID
            }
        }
    }

    /// The most entries kept.
    public static let maximumEntries = 25

    /// The entries, newest first. Observers hear of every change.
    public private(set) var entries: [Entry] = [] {
        didSet { observers.forEach { $0.tabRestoreServiceChanged(self) } }
    }
    private let observers = ObserverList<any TabRestoreServiceObserver>()

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any TabRestoreServiceObserver) { observers.add(observer) }

    /// Removes an observer.
    public func removeObserver(_ observer: any TabRestoreServiceObserver) { observers.remove(observer) }
    /// Where the entries are persisted (nil: kept in memory only, as for incognito).
    public let fileURL: URL?
    /// A problem met reading the file (also logged), if any.
    public private(set) var loadProblem: SessionProblem?

    private var nextEntryID = 1
    private var observed: [ObjectIdentifier: (browser: Browser, sessionID: String)] = [:]
    private var closingWindows: Set<ObjectIdentifier> = []
    private let storageLoader:
        @MainActor (WebState, Browser, @escaping @MainActor (WebStateStorage?) -> Void) -> Void
    private let io: SessionIO

    /// Creates the service, reading `fileURL` if it exists. `storageLoader` fetches the full
    /// storage of an unrealized tab being closed (its history is on disk); completions of
    /// background IO (``whenPersisted(_:)``) reach the main actor through `mainTaskRunner`.
    public init(
        fileURL: URL?, mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(),
        storageLoader:
            @escaping @MainActor (WebState, Browser, @escaping @MainActor (WebStateStorage?) -> Void) ->
            Void = { _, _, completion in completion(nil) }
    ) {
        self.fileURL = fileURL
        io = SessionIO(mainTaskRunner: mainTaskRunner)
        self.storageLoader = storageLoader
        if let fileURL { load(fileURL) }
    }

    // MARK: Recording

    /// Records tabs that `browser` closes (except automatic cleanups) under `sessionID`.
    public func observe(_ browser: Browser, sessionID: String) {
        observed[ObjectIdentifier(browser.webStateList)] = (browser, sessionID)
        browser.webStateList.addObserver(self)
    }

    /// Stops recording `browser`'s closed tabs.
    public func stopObserving(_ browser: Browser) {
        observed.removeValue(forKey: ObjectIdentifier(browser.webStateList))
        browser.webStateList.removeObserver(self)
    }

    /// Records the whole window `browser` as one entry; call before closing its tabs. Its
    /// tabs closed afterwards are not recorded one by one.
    public func recordWindow(_ browser: Browser, sessionID: String?) {
        let list = browser.webStateList
        guard !list.isEmpty else { return }
        closingWindows.insert(ObjectIdentifier(list))
        let entryID = makeEntryID()
        var tabs: [ClosedTab] = []
        for index in 0..<list.count {
            let webState = list.webState(at: index)
            tabs.append(makeClosedTab(webState, in: list, at: index, sessionID: sessionID))
            requestFullStorage(webState, browser: browser, window: entryID, index: index)
        }
        add(
            .window(
                ClosedWindow(
                    entryID: entryID, closedTime: Date(), windowSessionID: sessionID, tabs: tabs,
                    activeIndex: list.activeIndex, pinnedCount: list.pinnedCount)))
    }

    /// Adds a window entry made elsewhere (e.g. from a discarded session on disk).
    public func addWindow(tabs: [WebStateStorage], activeIndex: Int?, pinnedCount: Int, sessionID: String?) {
        guard !tabs.isEmpty else { return }
        let entryID = makeEntryID()
        let closed = tabs.enumerated().map { index, storage in
            ClosedTab(
                entryID: makeEntryID(), closedTime: Date(), windowSessionID: sessionID, index: index,
                isPinned: index < pinnedCount, groupID: nil, storage: storage)
        }
        add(
            .window(
                ClosedWindow(
                    entryID: entryID, closedTime: Date(), windowSessionID: sessionID, tabs: closed,
                    activeIndex: activeIndex, pinnedCount: pinnedCount)))
    }

    /// Records a tab of `list` being closed.
    public func webStateListWillChange(
        _ list: WebStateList, detach: WebStateListChange.Detach, status: WebStateListStatus
    ) {
        guard detach.isClosing, !detach.isTabsCleanup, !closingWindows.contains(ObjectIdentifier(list)),
            let (browser, sessionID) = observed[ObjectIdentifier(list)]
        else { return }
        let webState = detach.detachedWebState
        guard webState.navigationItemCount > 0 || webState.visibleURL != nil else { return }
        let tab = makeClosedTab(webState, in: list, at: detach.detachedFromIndex, sessionID: sessionID)
        add(.tab(tab))
        requestFullStorage(webState, browser: browser, window: nil, index: tab.entryID)
    }

    /// Stops recording a destroyed list.
    public func webStateListDestroyed(_ list: WebStateList) {
        observed.removeValue(forKey: ObjectIdentifier(list))
        closingWindows.remove(ObjectIdentifier(list))
        list.removeObserver(self)
    }

    private func makeClosedTab(
        _ webState: WebState, in list: WebStateList, at index: Int, sessionID: String?
    )
        -> ClosedTab
    {
        let storage: WebStateStorage
        if webState.isRealized {
            storage = webState.serializeToStorage()
        } else {
            // Unrealized: the list's metadata now; the full history arrives from disk.
            let metadata = webState.serializeMetadata()
            let items = metadata.url.map {
                [NavigationItem(url: $0, title: metadata.title, timestamp: metadata.lastActiveTime)]
            }
            storage = WebStateStorage(
                metadata: metadata,
                navigation: NavigationHistory(
                    items: items ?? [], lastCommittedItemIndex: items == nil ? -1 : 0))
        }
        return ClosedTab(
            entryID: makeEntryID(), closedTime: Date(), windowSessionID: sessionID, index: index,
            isPinned: list.isPinned(at: index), groupID: list.group(at: index)?.id, storage: storage)
    }

    /// For an unrealized tab, replaces the placeholder history with the stored one when it
    /// arrives. `window` is the window entry's id (and `index` the tab's index in it), or nil
    /// for a tab entry (and `index` its entry id).
    private func requestFullStorage(_ webState: WebState, browser: Browser, window: Int?, index: Int) {
        guard !webState.isRealized else { return }
        storageLoader(webState, browser) { [weak self] storage in
            guard let self, let storage, !storage.navigation.items.isEmpty else { return }
            for (position, entry) in entries.enumerated() {
                switch entry {
                case .tab(var tab) where window == nil && tab.entryID == index:
                    tab.storage = storage
                    entries[position] = .tab(tab)
                case .window(var closed)
                where closed.entryID == window && closed.tabs.indices.contains(index):
                    closed.tabs[index].storage = storage
                    entries[position] = .window(closed)
                default: continue
                }
                persist()
                return
            }
        }
    }

    /// The largest entry identifier handed out or accepted from the file (it is stored as an
    /// `Int32`); past it, identifiers start again from the smallest one not in use.
    static let maximumEntryID = Int(Int32.max) - 1

    private func makeEntryID(avoiding reserved: Set<Int> = []) -> Int {
        let used = reserved.union(entries.flatMap(Self.entryIDs))
        while nextEntryID < 1 || nextEntryID > Self.maximumEntryID || used.contains(nextEntryID) {
            nextEntryID = nextEntryID < 1 || nextEntryID > Self.maximumEntryID ? 1 : nextEntryID + 1
        }
        defer { nextEntryID += 1 }
        return nextEntryID
    }

    private static func entryIDs(_ entry: Entry) -> [Int] {
        switch entry {
        case .tab(let tab): [tab.entryID]
        case .window(let window): [window.entryID] + window.tabs.map(\.entryID)
        }
    }

    private func add(_ entry: Entry) {
        entries.insert(entry, at: 0)
        if entries.count > Self.maximumEntries { entries.removeLast(entries.count - Self.maximumEntries) }
        persist()
    }

    // MARK: Restoring

    /// Removes the entry `entryID` and returns it.
    @discardableResult
    public func removeEntry(_ entryID: Int) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.id == entryID }) else { return nil }
        let entry = entries.remove(at: index)
        persist()
        return entry
    }

    /// Forgets every entry.
    public func clear() {
        entries.removeAll()
        persist()
    }

    /// Restores the closed tab `entryID`: into the window in `browsers` whose session id
    /// (given by `sessionID`) matches the tab's, else into `fallback`; at its old index
    /// (clamped), pinned if it was, activated. `makeWebState` creates the (unrealized) tab
    /// from its storage — usually ``SessionRestorationService/createUnrealizedWebState(for:storage:)``.
    @discardableResult
    public func restoreTab(
        _ entryID: Int, browsers: [Browser], sessionID: (Browser) -> String?, fallback: Browser,
        makeWebState: (Browser, WebStateStorage) -> WebState
    ) -> WebState? {
        guard let entry = entries.first(where: { $0.id == entryID }), case .tab(let tab) = entry else {
            return nil
        }
        removeEntry(entryID)
        let target =
            browsers.first { tab.windowSessionID != nil && sessionID($0) == tab.windowSessionID } ?? fallback
        let list = target.webStateList
        let webState = makeWebState(target, tab.storage)
        let index =
            tab.isPinned
            ? min(tab.index, list.pinnedCount) : min(max(tab.index, list.pinnedCount), list.count)
        var params = WebStateListInsertionParams.atIndex(index).activating().pinning(tab.isPinned)
        if let groupID = tab.groupID, !tab.isPinned, let group = list.group(withID: groupID) {
            params = params.inGroup(group)
        }
        list.insert(webState, params)
        return webState
    }

    /// Restores the closed window `entryID` into the (new, empty) `browser`.
    @discardableResult
    public func restoreWindow(
        _ entryID: Int, into browser: Browser, makeWebState: (Browser, WebStateStorage) -> WebState
    ) -> [WebState] {
        guard let entry = entries.first(where: { $0.id == entryID }), case .window(let window) = entry else {
            return []
        }
        removeEntry(entryID)
        let list = browser.webStateList
        var restored: [WebState] = []
        list.performBatchOperation {
            for (index, tab) in window.tabs.enumerated() {
                let webState = makeWebState(browser, tab.storage)
                list.insert(webState, .atIndex(list.count).pinning(index < window.pinnedCount))
                restored.append(webState)
            }
            if let active = window.activeIndex, active < list.count { list.activate(at: active) }
        }
        return restored
    }

    // MARK: Persistence

    /// Waits until the entries are on disk.
    public func flush() { io.waitUntilIdle() }

    /// Runs `body` on the main actor once the entries as they are now are on disk (at once,
    /// after this returns, when they are kept in memory only).
    public func whenPersisted(_ body: @escaping @MainActor @Sendable () -> Void) {
        let io = self.io
        io.async { io.postToMain(body) }
    }

    private func persist() {
        guard let fileURL else { return }
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

    private static func encode(_ tab: ClosedTab) -> StorageClosedTabStorage {
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

    private static func decode(_ t: StorageClosedTabStorage, id: (Int32) -> Int) -> ClosedTab {
        let metadata = t.metadata.model
        return ClosedTab(
            entryID: id(t.entryID), closedTime: t.closedTime.date,
            windowSessionID: t.windowSessionID.isEmpty ? nil : t.windowSessionID, index: max(0, Int(t.index)),
            isPinned: t.pinned,
            groupID: t.hasGroup_p ? TabGroupID(high: t.groupID.high, low: t.groupID.low) : nil,
            storage: t.storage.model(metadata: metadata))
    }

    private func load(_ fileURL: URL) {
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
        } catch {
            let aside = SessionLayout.setAside(fileURL.path)
            io.sync { [io] in _ = io.rename(fileURL.path, to: aside) }
            let problem = SessionProblem.recentlyClosedUnreadable(
                path: fileURL.path, reason: "\(error)", setAsideAs: (aside as NSString).lastPathComponent)
            loadProblem = problem
            Logger.sessions.error("\(problem)")
        }
    }
}
