public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and the page shown over a new tab: pushes to the
/// ``NewTabPageConsumer`` whether the active tab is on the new tab page
/// (``WebState/isVisibleURLNewTabPage``), at once and whenever that changes — another tab
/// becomes active, the tab starts a navigation (its visible URL is then the one loading),
/// the last tab goes.
@MainActor
public final class NewTabPageMediator: WebStateObserver {
    private let webStateList: WebStateList
    private var state = MediatorState("NewTabPageMediator")
    private var observation: ActiveWebStateObservation?
    private var lastShown: Bool?

    /// The page; set it to push the state at once. Held weakly.
    public weak var consumer: (any NewTabPageConsumer)? {
        didSet {
            state.check("consumer")
            lastShown = nil
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

    private func push() {
        guard let consumer else { return }
        let shown = webStateList.activeWebStateIfAlive?.isVisibleURLNewTabPage ?? false
        guard shown != lastShown else { return }
        lastShown = shown
        consumer.setShown(shown)
    }

    // MARK: WebStateObserver (the active tab, through the observation)

    /// The visible URL is now the one loading.
    public func didStartNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// The visible URL is now the redirect's.
    public func didRedirectNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// A failed or cancelled navigation leaves the previous page.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// The realized tab's visible URL.
    public func webStateRealized(_ webState: WebState) { push() }
}
