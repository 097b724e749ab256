import Base
public import Foundation
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and its tab strip: pushes every tab as a
/// ``TabStripItem`` to the ``TabStripConsumer`` and carries out the ``TabStripCommands``.
///
/// It sees the list and nothing else (no profile, no browser). List events become steps
/// (insert, move, remove, select, update); a batch becomes one ``TabStripConsumer/setTabs(_:selectedIndex:)``
/// at its end. Tab events (title, loading, favicon, crash, realization) become
/// ``TabStripConsumer/updateTab(_:at:)`` when what the strip shows changes: an unrealized
/// tab shows its saved title and URL, and realizing it pushes nothing unless the page
/// differs.
///
/// Favicons: a realized tab shows the icon its page has (``WebState/favicon``), which also
/// goes into the profile's ``FaviconLoader``; an unrealized tab (restored, or discarded) keeps
/// no image, and shows the loader's icon for its URL, which the loader looks up in the
/// engine's favicon database the first time: the strip's item is pushed again when it
/// arrives. A tab is never realized for its icon.
@MainActor
public final class TabStripMediator: TabStripCommands, WebStateListObserver, WebStateObserver,
    FaviconLoaderObserver
{
    private let webStateList: WebStateList
    private let faviconLoader: FaviconLoader?
    private var state = MediatorState("TabStripMediator")
    private var faviconObservation: ScopedObservation<FaviconLoader>?
    private var listObservation: ScopedObservation<WebStateList>?
    private var forwarder: AllWebStateObservationForwarder?
    private var inBatch = false
    /// What the consumer was last told, in order (to push only real changes).
    private var shown: [TabStripItem] = []

    /// The tab strip; set it to push every tab at once. Held weakly.
    public weak var consumer: (any TabStripConsumer)? {
        didSet {
            state.check("consumer")
            pushAll()
        }
    }

    /// Starts observing `webStateList` and its tabs; favicons come from `faviconLoader` (the
    /// profile's; without one, tabs show the icons of realized pages only).
    public init(webStateList: WebStateList, faviconLoader: FaviconLoader? = nil) {
        self.webStateList = webStateList
        self.faviconLoader = faviconLoader
        faviconObservation = faviconLoader.map { ScopedObservation($0, observer: self) }
        listObservation = ScopedObservation(webStateList, observer: self)
        forwarder = AllWebStateObservationForwarder(list: webStateList, observer: self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        stopObserving()
    }

    private func stopObserving() {
        faviconObservation = nil
        listObservation = nil
        forwarder = nil
    }

    // MARK: Items

    /// What the strip shows of `webState` at `index`, with `favicon`.
    static func item(
        for webState: WebState, at index: Int, in list: WebStateList, favicon: Data?
    )
        -> TabStripItem
    {
        let url = webState.isVisibleURLNewTabPage ? "" : webState.visibleURL?.absoluteString ?? ""
        let title = webState.titleOrNewTabPageTitle
        let group = list.group(at: index).map {
            TabStripGroup(title: $0.visualData.title, colorName: colorName($0.visualData.color))
        }
        return TabStripItem(
            id: TabIdentifier(webState), title: title.isEmpty ? url : title, url: url,
            isLoading: webState.isLoading, isPinned: list.isPinned(at: index), favicon: favicon, group: group,
            isCrashed: webState.isCrashed)
    }

    /// The icon `webState` shows: its page's when realized and the engine has one (kept in
    /// the loader under the committed page's URL, whose icon it is — not the URL a navigation
    /// goes to —, quietly: this runs while items are made), else the loader's for its URL —
    /// looked up in the database for an unrealized tab, from the cache alone for a realized
    /// one (whose page reports its own).
    private func favicon(for webState: WebState) -> Data? {
        let url = webState.visibleURL
        if let png = webState.favicon {
            if let page = webState.lastCommittedURL {
                faviconLoader?.setFavicon(png, forPageURL: page, announce: false)
            }
            return png
        }
        guard let faviconLoader, let url else { return nil }
        return webState.isRealized
            ? faviconLoader.cachedFavicon(forPageURL: url) : faviconLoader.favicon(forPageURL: url)
    }

    /// The palette name of a group colour.
    static func colorName(_ color: TabGroupColor) -> String {
        switch color {
        case .grey: "grey"
        case .blue: "blue"
        case .red: "red"
        case .yellow: "yellow"
        case .green: "green"
        case .pink: "pink"
        case .purple: "purple"
        case .cyan: "cyan"
        case .orange: "orange"
        }
    }

    private func item(at index: Int) -> TabStripItem {
        let webState = webStateList.webState(at: index)
        return Self.item(for: webState, at: index, in: webStateList, favicon: favicon(for: webState))
    }

    private func pushAll() {
        shown = webStateList.isDestroyed ? [] : (0..<webStateList.count).map { item(at: $0) }
        consumer?.setTabs(shown, selectedIndex: webStateList.isDestroyed ? nil : webStateList.activeIndex)
    }

    /// Pushes the item at `index` if it changed. A tab event can come in the middle of a list
    /// change, before this mediator heard of it (another observer realized the tab, say):
    /// then the strip's tab at `index` is another one, and the list event, when it comes,
    /// pushes the tab as it is.
    private func pushUpdate(at index: Int) {
        let newItem = item(at: index)
        guard shown.indices.contains(index), shown[index].id == newItem.id, shown[index] != newItem else {
            return
        }
        shown[index] = newItem
        consumer?.updateTab(newItem, at: index)
    }

    private func pushUpdates(in range: Range<Int>) {
        for index in range { pushUpdate(at: index) }
    }

    // MARK: WebStateListObserver

    /// Pushes the change as steps (nothing during a batch).
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        guard !inBatch else { return }
        switch change {
        case .insert(let insert):
            let newItem = item(at: insert.index)
            shown.insert(newItem, at: insert.index)
            consumer?.insertTab(newItem, at: insert.index)
        case .detach(let detach):
            shown.remove(at: detach.detachedFromIndex)
            consumer?.removeTab(at: detach.detachedFromIndex)
        case .move(let move):
            shown.insert(shown.remove(at: move.oldIndex), at: move.newIndex)
            consumer?.moveTab(from: move.oldIndex, to: move.newIndex)
            pushUpdate(at: move.newIndex)
        case .replace(let replace):
            // A new tab (a new identity) in the same place.
            shown.remove(at: replace.index)
            consumer?.removeTab(at: replace.index)
            let newItem = item(at: replace.index)
            shown.insert(newItem, at: replace.index)
            consumer?.insertTab(newItem, at: replace.index)  // Selected below if it is active.
        case .statusOnly(let statusOnly):
            if let index = statusOnly.index { pushUpdate(at: index) }
        case .groupVisualDataUpdate(let group, _):
            pushUpdates(in: group.range.indices)
        case .groupMove:
            pushAll()
            return
        case .groupCreate, .groupDelete:
            break  // Tabs joining or leaving a group are reported one by one.
        }
        if status.activeWebStateChanged { consumer?.selectTab(at: list.activeIndex) }
    }

    /// Starts collecting a batch.
    public func webStateListWillBeginBatchOperation(_ list: WebStateList) { inBatch = true }

    /// Pushes the list as the batch left it.
    public func webStateListBatchOperationEnded(_ list: WebStateList) {
        inBatch = false
        pushAll()
    }

    /// Empties the strip and stops observing.
    public func webStateListDestroyed(_ list: WebStateList) {
        stopObserving()
        shown = []
        consumer?.setTabs([], selectedIndex: nil)
    }

    // MARK: WebStateObserver (every tab, through the forwarder)

    private func tabChanged(_ webState: WebState) {
        guard !inBatch, let index = webStateList.index(of: webState) else { return }
        pushUpdate(at: index)
    }

    /// Pushes a new title.
    public func titleWasSet(_ webState: WebState) { tabChanged(webState) }
    /// Pushes the loading state.
    public func didStartLoading(_ webState: WebState) { tabChanged(webState) }
    /// Pushes the loading state.
    public func didStopLoading(_ webState: WebState) { tabChanged(webState) }
    /// Pushes a new URL.
    public func didStartNavigation(_ webState: WebState, context: NavigationContext) { tabChanged(webState) }
    /// Pushes a new URL.
    public func didRedirectNavigation(_ webState: WebState, context: NavigationContext) {
        tabChanged(webState)
    }
    /// Pushes the committed page.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) { tabChanged(webState) }
    /// Pushes the loaded page.
    public func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) { tabChanged(webState) }
    /// Pushes the page's new icon and gives it to the favicon loader, for the tabs of that
    /// page that are not realized and for this one once it is discarded.
    public func faviconURLUpdated(_ webState: WebState, url: URL?) {
        if let png = webState.favicon, let page = webState.lastCommittedURL {
            faviconLoader?.setFavicon(png, forPageURL: page)
        }
        tabChanged(webState)
    }
    /// Pushes the crashed state.
    public func renderProcessGone(_ webState: WebState) { tabChanged(webState) }
    /// Pushes what realization changed (nothing while the page is the saved one).
    public func webStateRealized(_ webState: WebState) { tabChanged(webState) }
    /// Pushes what a discard changed (a crashed tab is no longer shown crashed; the title,
    /// URL and favicon stay).
    public func webStateDiscarded(_ webState: WebState) { tabChanged(webState) }

    // MARK: FaviconLoaderObserver

    /// Pushes the tabs showing the page whose icon arrived. The strip's items are searched by
    /// their URL text: a restored window of many tabs gets an answer per tab, and comparing
    /// strings keeps that cheap.
    public func faviconLoader(_ loader: FaviconLoader, didLoadFaviconForPageURL pageURL: URL) {
        guard !inBatch, !webStateList.isDestroyed else { return }
        let text = pageURL.absoluteString
        for index in shown.indices where shown[index].url == text { pushUpdate(at: index) }
    }

    // MARK: TabStripCommands

    /// Activates the tab `id`.
    public func selectTab(_ id: TabIdentifier) {
        state.check(#function)
        if let index = webStateList.index(of: id) { webStateList.activate(at: index) }
    }

    /// Activates the tab at `index`, if there is one.
    public func selectTab(atIndex index: Int) {
        state.check(#function)
        if webStateList.containsIndex(index) { webStateList.activate(at: index) }
    }

    /// Activates the last tab.
    public func selectLastTab() {
        state.check(#function)
        if !webStateList.isEmpty { webStateList.activate(at: webStateList.count - 1) }
    }

    /// Activates the tab `offset` places from the active one, wrapping around.
    public func selectTab(byOffset offset: Int) {
        state.check(#function)
        guard let active = webStateList.activeIndex else { return }
        let count = webStateList.count
        webStateList.activate(at: ((active + offset) % count + count) % count)
    }

    /// Closes the tab `id` (a user action).
    public func closeTab(_ id: TabIdentifier) {
        state.check(#function)
        if let index = webStateList.index(of: id) { webStateList.close(at: index, flags: .userAction) }
    }

    /// Moves the tab `id` to `index` (kept in its section, pinned or not, by the list).
    public func moveTab(_ id: TabIdentifier, to index: Int) {
        state.check(#function)
        guard let from = webStateList.index(of: id) else { return }
        webStateList.move(from: from, to: max(0, min(index, webStateList.count - 1)))
    }

    /// Moves the active tab one place (or more) left or right, if there is room.
    public func moveSelectedTab(byOffset offset: Int) {
        state.check(#function)
        guard let active = webStateList.activeIndex, webStateList.containsIndex(active + offset) else {
            return
        }
        webStateList.move(from: active, to: active + offset)
    }

    public func setTabPinned(_ id: TabIdentifier, pinned: Bool) {
        state.check(#function)
        if let index = webStateList.index(of: id) { webStateList.setPinned(at: index, pinned) }
    }

    /// Inserts a copy of the tab `id` right after it, opened by it, and activates it. The
    /// copy is unrealized until shown.
    public func duplicateTab(_ id: TabIdentifier) {
        state.check(#function)
        guard let index = webStateList.index(of: id) else { return }
        let source = webStateList.webState(at: index)
        webStateList.insert(
            source.makeDuplicate(),
            .atIndex(index + 1).withOpener(WebStateOpener(source)).inGroup(webStateList.group(at: index))
                .activating())
    }

    /// Reloads the tab `id`. An unrealized tab is left alone: it loads its page when it is
    /// shown, and reloading must not realize a tab nobody looks at.
    public func reloadTab(_ id: TabIdentifier) {
        state.check(#function)
        guard let index = webStateList.index(of: id) else { return }
        let webState = webStateList.webState(at: index)
        if webState.isRealized { webState.reload() }
    }

    /// Closes every tab but `id` and the pinned ones, in one batch.
    public func closeOtherTabs(_ id: TabIdentifier) {
        state.check(#function)
        guard let index = webStateList.index(of: id) else { return }
        closeOtherWebStates(webStateList, keeping: index, flags: .userAction)
    }

    /// Closes the tabs right of `id`, in one batch.
    public func closeTabsToTheRight(of id: TabIdentifier) {
        state.check(#function)
        guard let index = webStateList.index(of: id), index + 1 < webStateList.count else { return }
        webStateList.performBatchOperation {
            webStateList.closeWebStates(atIndices: (index + 1)..<webStateList.count, flags: .userAction)
        }
    }
}
