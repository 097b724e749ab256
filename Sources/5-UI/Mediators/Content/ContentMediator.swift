import Base
public import Foundation
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and its content area: pushes the active tab's engine
/// view to the ``ContentConsumer`` and marks tabs shown and hidden. While the active tab's
/// web process is gone it pushes ``ContentView/crashed(title:)`` instead, and the engine view
/// again once the tab loads (a reload recovers it). The link under the pointer in the active
/// tab goes to the consumer too, hidden when another tab is shown.
///
/// Asking a WebState for its view realizes it, which is what showing a restored tab
/// must do; the mediator only ever asks the active tab, so a restored tab that is never
/// selected is never realized. Nothing is realized while no consumer is set.
@MainActor
public final class ContentMediator: WebStateListObserver, WebStateObserver {
    private let webStateList: WebStateList
    private var state = MediatorState("ContentMediator")
    private weak var shownWebState: WebState?
    /// Whether the crash page is what was last pushed for ``shownWebState``.
    private var shownCrashed = false
    /// Whether a hovered link is what was last pushed.
    private var showsHoveredLink = false
    private var listObservation: ScopedObservation<WebStateList>?
    private var forwarder: ActiveWebStateObservationForwarder?

    /// The content area; set it to show the active tab at once. Held weakly.
    public weak var consumer: (any ContentConsumer)? {
        didSet {
            state.check("consumer")
            show(webStateList.activeWebStateIfAlive)
        }
    }

    /// Starts observing `webStateList`.
    public init(webStateList: WebStateList) {
        self.webStateList = webStateList
        listObservation = ScopedObservation(webStateList, observer: self)
        forwarder = ActiveWebStateObservationForwarder(list: webStateList, observer: self)
    }

    /// Stops observing (the shown tab is marked hidden); the mediator cannot be used
    /// afterwards.
    public func disconnect() {
        state.disconnect()
        stopObserving()
        hideShown()
    }

    private func stopObserving() {
        guard forwarder != nil else { return }
        forwarder = nil
        listObservation = nil
    }

    private func hideShown() {
        setHoveredLink(nil)
        if let shownWebState, !shownWebState.isBeingDestroyed { shownWebState.wasHidden() }
        shownWebState = nil
    }

    private func show(_ webState: WebState?) {
        guard let consumer else { return }
        if shownWebState !== webState { hideShown() }
        guard let webState else {
            consumer.setContent(.empty)
            return
        }
        let crashed = webState.isRealized && webState.isCrashed
        if crashed {
            consumer.setContent(.crashed(title: webState.title))
        } else {
            consumer.setContent(.engineView(webState.view, identity: TabIdentifier(webState)))
        }
        webState.wasShown()
        shownWebState = webState
        shownCrashed = crashed
    }

    private func setHoveredLink(_ url: URL?) {
        guard url != nil || showsHoveredLink, let consumer else { return }
        consumer.setHoveredLink(url?.absoluteString)
        showsHoveredLink = url != nil
    }

    /// Pushes again when the shown tab crashed or recovered.
    private func crashStateMayHaveChanged(_ webState: WebState) {
        guard webState === shownWebState, webState.isCrashed != shownCrashed else { return }
        show(webState)
    }

    // MARK: WebStateListObserver

    /// Shows the new active tab when it changed (or was replaced).
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        if status.activeWebStateChanged || list.activeWebState !== shownWebState {
            show(list.activeWebState)
        }
    }

    /// Shows nothing and stops observing.
    public func webStateListDestroyed(_ list: WebStateList) {
        stopObserving()
        hideShown()
        consumer?.setContent(.empty)
    }

    // MARK: WebStateObserver (the active tab, through the forwarder)

    /// Shows the crash page.
    public func renderProcessGone(_ webState: WebState) {
        if webState === shownWebState { setHoveredLink(nil) }
        crashStateMayHaveChanged(webState)
    }
    /// Shows or hides the link under the pointer.
    public func hoveredLinkChanged(_ webState: WebState, url: URL?) {
        guard webState === shownWebState else { return }
        setHoveredLink(url)
    }
    /// Shows the engine view again once a crashed tab loads.
    public func didStartLoading(_ webState: WebState) { crashStateMayHaveChanged(webState) }
    /// Shows the engine view again once a crashed tab navigates.
    public func didStartNavigation(_ webState: WebState, context: NavigationContext) {
        crashStateMayHaveChanged(webState)
    }
    /// Shows whichever the tab's state calls for once loading stops.
    public func didStopLoading(_ webState: WebState) { crashStateMayHaveChanged(webState) }
}
