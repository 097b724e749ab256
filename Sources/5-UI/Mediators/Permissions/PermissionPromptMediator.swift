import Base
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and its info bars: the permission prompt of the
/// active tab (Chromium's permission prompt, `components/permissions/permission_prompt.h`, as
/// an info bar): "127.0.0.1:8000 wants to know your location", Block and Allow, and
/// "Remember this decision", checked.
///
/// A prompt belongs to its tab (its ``PermissionRequestManager``): while another tab is active
/// it waits, and it shows again when its tab is selected. The tab's manager denies what is
/// still waiting when the page navigates away or the tab goes. Closing the bar denies the
/// request this time, without remembering (Chromium's dismissal).
@MainActor
public final class PermissionPromptMediator: WebStateListObserver, WebStateObserver {
    private let webStateList: WebStateList
    private var state = MediatorState("PermissionPromptMediator")
    private var listObservation: ScopedObservation<WebStateList>?
    private var forwarder: AllWebStateObservationForwarder?
    /// What the consumer was last told (nil: hidden).
    private var shown: InfoBarItem?

    /// The window's info bars; set it to push the active tab's prompt at once. Held weakly.
    public weak var consumer: (any InfoBarConsumer)? {
        didSet {
            state.check("consumer")
            shown = nil
            push(force: true)
        }
    }

    /// Starts observing `webStateList` and every tab in it.
    public init(webStateList: WebStateList) {
        self.webStateList = webStateList
        listObservation = ScopedObservation(webStateList, observer: self)
        forwarder = AllWebStateObservationForwarder(list: webStateList, observer: self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        listObservation = nil
        forwarder = nil
    }

    /// The prompt for `request`.
    public static func infoBar(for request: PermissionRequest) -> InfoBarItem {
        InfoBarItem(
            .permissionRequest, message: request.message,
            buttons: [InfoBarButton(.block, label: "Block"), InfoBarButton(.allow, label: "Allow")],
            check: InfoBarCheck(label: "Remember this decision", isActive: true))
    }

    private var activeManager: PermissionRequestManager? {
        webStateList.activeWebStateIfAlive.flatMap { PermissionRequestManager.fromWebState($0) }
    }

    private func push(force: Bool = false) {
        guard let consumer else { return }
        let item = activeManager?.currentRequest.map(Self.infoBar(for:))
        guard force || item != shown else { return }
        shown = item
        if let item {
            consumer.showInfoBar(item)
        } else {
            consumer.hideInfoBar(.permissionRequest)
        }
    }

    // MARK: What the user does with the prompt (the window's info bar commands)

    /// Answers the active tab's current request: `allow` or not, remembered or not.
    public func answer(allow: Bool, remember: Bool) {
        state.check(#function)
        if let manager = activeManager {
            if allow { manager.accept(remember: remember) } else { manager.deny(remember: remember) }
        }
        // The bar hid itself: the next request, if any, shows again even if it reads the same.
        push(force: true)
    }

    /// Denies the active tab's current request without remembering (the bar was closed).
    public func dismiss() { answer(allow: false, remember: false) }

    // MARK: WebStateObserver (every tab, through the forwarder)

    /// Shows the change if it is the active tab's.
    public func permissionRequestsChanged(_ webState: WebState) {
        if webState === webStateList.activeWebStateIfAlive { push() }
    }

    // MARK: WebStateListObserver

    /// Shows the new active tab's prompt (or none).
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) { push() }

    /// Hides the prompt and stops observing.
    public func webStateListDestroyed(_ list: WebStateList) {
        listObservation = nil
        forwarder = nil
        push()
    }
}
