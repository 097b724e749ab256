public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and its toolbar: pushes whether the active tab can
/// go back and forward, its earlier and later pages (the Back and Forward menus, from the
/// tab's own history, so a restored tab has them too), whether it is loading and its zoom
/// level to the ``ToolbarConsumer``, and carries out the ``NavigationCommands`` on the active
/// tab.
///
/// An unrealized tab cannot go back or forward and is not loading (its history is not in
/// memory); the state is pushed again when it is realized.
@MainActor
public final class ToolbarMediator: NavigationCommands, WebStateObserver {
    private let webStateList: WebStateList
    private var state = MediatorState("ToolbarMediator")
    private var observation: ActiveWebStateObservation?
    private var lastNavigationState: (canGoBack: Bool, canGoForward: Bool)?
    private var lastTabHistory: (back: [TabHistoryItem], forward: [TabHistoryItem])?
    private var lastLoading: Bool?
    private var lastZoomLevel: Double?

    /// The toolbar; set it to push the state at once. Held weakly.
    public weak var consumer: (any ToolbarConsumer)? {
        didSet {
            state.check("consumer")
            lastNavigationState = nil
            lastTabHistory = nil
            lastLoading = nil
            lastZoomLevel = nil
            push()
        }
    }

    /// Starts observing `webStateList`'s active tab.
    public init(webStateList: WebStateList) {
        self.webStateList = webStateList
        observation = ActiveWebStateObservation(list: webStateList, observer: self) { [weak self] in
            self?.push()
        }
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        observation = nil
    }

    private var activeWebState: WebState? { webStateList.activeWebStateIfAlive }

    private func push() {
        guard let consumer else { return }
        let manager = activeWebState?.navigationManagerIfRealized
        let navigation = (
            canGoBack: manager?.canGoBack ?? false, canGoForward: manager?.canGoForward ?? false
        )
        if lastNavigationState.map({ $0 != navigation }) ?? true {
            lastNavigationState = navigation
            consumer.setNavigationState(
                canGoBack: navigation.canGoBack, canGoForward: navigation.canGoForward)
        }
        let history = Self.tabHistory(manager?.history ?? .empty)
        if lastTabHistory.map({ $0 != history }) ?? true {
            lastTabHistory = history
            consumer.setTabHistory(back: history.back, forward: history.forward)
        }
        let loading = activeWebState?.isLoading ?? false
        if lastLoading != loading {
            lastLoading = loading
            consumer.setLoading(loading)
        }
        let zoomLevel = activeWebState?.zoomLevel ?? 1
        if lastZoomLevel != zoomLevel {
            lastZoomLevel = zoomLevel
            consumer.setZoomLevel(zoomLevel)
        }
    }

    /// How many pages each menu lists at most, as Chromium's back and forward menus
    /// (`chrome/browser/ui/toolbar/back_forward_menu_model.cc`: `kMaxHistoryItems`).
    public static let maxTabHistoryItems = 12

    /// The entries before and after the committed one of `history`, nearest first.
    static func tabHistory(
        _ history: NavigationHistory
    ) -> (back: [TabHistoryItem], forward: [TabHistoryItem]) {
        let committed = history.lastCommittedItemIndex
        guard committed >= 0 else { return ([], []) }
        func item(_ index: Int) -> TabHistoryItem {
            let entry = history.items[index]
            return TabHistoryItem(
                index: index, title: entry.title.isEmpty ? entry.displayURL.absoluteString : entry.title)
        }
        let back = stride(from: committed - 1, through: 0, by: -1).prefix(maxTabHistoryItems).map(item)
        let forward = (committed + 1..<history.items.count).prefix(maxTabHistoryItems).map(item)
        return (back, forward)
    }

    // MARK: WebStateObserver (the active tab, through the observation)

    /// Pushes the back-forward state.
    public func didChangeBackForwardState(_ webState: WebState) { push() }
    /// Pushes the back-forward state.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// Pushes the loading state.
    public func didStartLoading(_ webState: WebState) { push() }
    /// Pushes the loading state.
    public func didStopLoading(_ webState: WebState) { push() }
    /// Pushes the state of the realized tab.
    public func webStateRealized(_ webState: WebState) { push() }
    /// Pushes the menus' titles.
    public func titleWasSet(_ webState: WebState) { push() }
    /// Pushes the loading state.
    public func renderProcessGone(_ webState: WebState) { push() }
    /// Pushes the zoom level.
    public func didChangeZoomLevel(_ webState: WebState) { push() }

    // MARK: NavigationCommands

    /// Goes back in the active tab.
    public func goBack() {
        state.check(#function)
        activeWebState?.navigationManager.goBack()
    }

    /// Goes forward in the active tab.
    public func goForward() {
        state.check(#function)
        activeWebState?.navigationManager.goForward()
    }

    /// Goes to the entry at `index` of the active tab's history, if it still has one there
    /// other than the committed one.
    public func goToHistoryItem(at index: Int) {
        state.check(#function)
        guard let manager = activeWebState?.navigationManagerIfRealized,
            manager.items.indices.contains(index),
            index != manager.lastCommittedItemIndex
        else { return }
        manager.goToItem(at: index)
    }

    /// Reloads the active tab.
    public func reload() {
        state.check(#function)
        activeWebState?.reload()
    }

    /// Stops the active tab's load; nothing while it is not loading (Escape sends this
    /// whatever the page does).
    public func stopLoading() {
        state.check(#function)
        guard let webState = activeWebState, webState.isLoading else { return }
        webState.stopLoading()
    }
}
