public import TabModel
public import UIInterfaces
import Web

/// Between a window's ``WebStateList`` and its content area: pushes the active tab's engine
/// view to the ``ContentConsumer`` and marks tabs shown and hidden.
///
/// Asking a WebState for its view realizes it, which is what showing a restored tab
/// must do; the mediator only ever asks the active tab, so a restored tab that is never
/// selected is never realized. Nothing is realized while no consumer is set.
@MainActor
public final class ContentMediator: WebStateListObserver {
    private let webStateList: WebStateList
    private var state = MediatorState("ContentMediator")
    private var isObserving = true
    private weak var shownWebState: WebState?

    /// The content area; set it to show the active tab at once. Held weakly.
    public weak var consumer: (any ContentConsumer)? {
        didSet {
            state.check("consumer")
            show(webStateList.isDestroyed ? nil : webStateList.activeWebState)
        }
    }

    /// Starts observing `webStateList`.
    public init(webStateList: WebStateList) {
        self.webStateList = webStateList
        webStateList.addObserver(self)
    }

    /// Stops observing (the shown tab is marked hidden); the mediator cannot be used
    /// afterwards.
    public func disconnect() {
        state.disconnect()
        stopObserving()
        hideShown()
    }

    private func stopObserving() {
        guard isObserving else { return }
        isObserving = false
        if !webStateList.isDestroyed { webStateList.removeObserver(self) }
    }

    private func hideShown() {
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
        consumer.setContent(.engineView(webState.view, identity: TabIdentifier(webState)))
        webState.wasShown()
        shownWebState = webState
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
}
