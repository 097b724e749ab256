import Foundation
public import TabModel
public import Web

extension TabRestoreService {
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

    /// Records the whole window `browser` as one entry, without its blank tabs
    /// (``WebStateStorage/isBlank(isPinned:)``), and nothing when they all are; call before
    /// closing its tabs. Its tabs closed afterwards are not recorded one by one.
    public func recordWindow(_ browser: Browser, sessionID: String?) {
        let list = browser.webStateList
        guard !list.isEmpty else { return }
        closingWindows.insert(ObjectIdentifier(list))
        let entryID = makeEntryID()
        var tabs: [ClosedTab] = []
        var kept: [(webState: WebState, index: Int)] = []
        for index in 0..<list.count {
            let webState = list.webState(at: index)
            var tab = makeClosedTab(webState, in: list, at: index, sessionID: sessionID)
            guard !tab.storage.isBlank(isPinned: tab.isPinned) else { continue }
            kept.append((webState, index))
            tab.index = tabs.count
            tabs.append(tab)
        }
        guard !tabs.isEmpty else { return }
        add(
            .window(
                ClosedWindow(
                    entryID: entryID, closedTime: Date(), windowSessionID: sessionID, tabs: tabs,
                    activeIndex: list.activeIndex.map { Self.keptIndex($0, kept: kept.map(\.index)) },
                    pinnedCount: list.pinnedCount)))
        for (position, tab) in kept.enumerated() {
            requestFullStorage(tab.webState, browser: browser, window: entryID, index: position)
        }
    }

    /// Adds a window entry made elsewhere (e.g. from a discarded session on disk), without
    /// its blank tabs, and nothing when they all are (as ``recordWindow(_:sessionID:)``).
    public func addWindow(tabs: [WebStateStorage], activeIndex: Int?, pinnedCount: Int, sessionID: String?) {
        let kept = tabs.indices.filter { !tabs[$0].isBlank(isPinned: $0 < pinnedCount) }
        guard !kept.isEmpty else { return }
        let entryID = makeEntryID()
        let closed = kept.enumerated().map { position, index in
            ClosedTab(
                entryID: makeEntryID(), closedTime: Date(), windowSessionID: sessionID, index: position,
                isPinned: index < pinnedCount, groupID: nil, storage: tabs[index])
        }
        add(
            .window(
                ClosedWindow(
                    entryID: entryID, closedTime: Date(), windowSessionID: sessionID, tabs: closed,
                    activeIndex: activeIndex.map { Self.keptIndex($0, kept: kept) },
                    pinnedCount: kept.count(where: { $0 < pinnedCount }))))
    }

    /// Where the tab at `index` of a window is among the tabs `kept` (their old indexes,
    /// in order): its own place, or the nearest kept tab before it (else the first) when it
    /// was left out.
    static func keptIndex(_ index: Int, kept: [Int]) -> Int {
        kept.lastIndex { $0 <= index } ?? 0
    }

    /// Records a tab of `list` being closed, unless it is blank
    /// (``WebStateStorage/isBlank(isPinned:)``).
    public func webStateListWillChange(
        _ list: WebStateList, detach: WebStateListChange.Detach, status: WebStateListStatus
    ) {
        guard detach.isClosing, !detach.isTabsCleanup, !closingWindows.contains(ObjectIdentifier(list)),
            let (browser, sessionID) = observed[ObjectIdentifier(list)]
        else { return }
        let webState = detach.detachedWebState
        let tab = makeClosedTab(webState, in: list, at: detach.detachedFromIndex, sessionID: sessionID)
        guard !tab.storage.isBlank(isPinned: tab.isPinned) else { return }
        add(.tab(tab))
        requestFullStorage(webState, browser: browser, window: nil, index: tab.entryID)
    }

    /// Stops recording a destroyed list.
    public func webStateListDestroyed(_ list: WebStateList) {
        observed.removeValue(forKey: ObjectIdentifier(list))
        closingWindows.remove(ObjectIdentifier(list))
        list.removeObserver(self)
    }

    func makeClosedTab(
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
    func requestFullStorage(_ webState: WebState, browser: Browser, window: Int?, index: Int) {
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

    func makeEntryID(avoiding reserved: Set<Int> = []) -> Int {
        let used = reserved.union(entries.flatMap(Self.entryIDs))
        while nextEntryID < 1 || nextEntryID > Self.maximumEntryID || used.contains(nextEntryID) {
            nextEntryID = nextEntryID < 1 || nextEntryID > Self.maximumEntryID ? 1 : nextEntryID + 1
        }
        defer { nextEntryID += 1 }
        return nextEntryID
    }

    static func entryIDs(_ entry: Entry) -> [Int] {
        switch entry {
        case .tab(let tab): [tab.entryID]
        case .window(let window): [window.entryID] + window.tabs.map(\.entryID)
        }
    }

    func add(_ entry: Entry) {
        entries.insert(entry, at: 0)
        if entries.count > Self.maximumEntries { entries.removeLast(entries.count - Self.maximumEntries) }
        persist()
    }
}
