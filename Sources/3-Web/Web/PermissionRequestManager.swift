/// The permission requests of one tab (Chromium's `permissions::PermissionRequestManager`,
/// `components/permissions/permission_request_manager.h`, a tab helper there too).
///
/// A request is answered at once when it can be: by its kinds' ``PermissionKind/policy``, or
/// from the decisions kept in the ``PermissionDecisionStore`` (read at each request: any kind
/// blocked denies it, every kind allowed allows it). Otherwise it waits in a queue, first
/// come first asked: ``currentRequest`` is the one the tab's prompt shows, whether or not the
/// tab is the active one (the window shows the active tab's), and the user answers it with
/// ``accept(remember:)`` or ``deny(remember:)``. Every request still waiting is denied when
/// another page commits in the tab (as Chromium's `DidFinishNavigation` cleans up), when the
/// tab is discarded, its page's process goes or the tab is destroyed: an answer never
/// reaches a page that did not ask. Observers of the tab hear every change of the queue
/// (``WebStateObserver/permissionRequestsChanged(_:)``).
@MainActor
public final class PermissionRequestManager: TabHelper, WebStateObserver {
    private struct Pending {
        let request: PermissionRequest
        let decisionHandler: @MainActor (PermissionDecision) -> Void
    }

    private weak var webState: WebState?
    private let store: (any PermissionDecisionStore)?
    private var queue: [Pending] = []

    /// Attaches a manager reading and keeping decisions in `store` to `webState` (or returns
    /// the attached one). Without a store, nothing is remembered and every prompt is asked.
    @discardableResult
    public static func attach(
        to webState: WebState, store: (any PermissionDecisionStore)?
    )
        -> PermissionRequestManager
    {
        createForWebState(webState) { PermissionRequestManager(webState: webState, store: store) }
    }

    private init(webState: WebState, store: (any PermissionDecisionStore)?) {
        self.webState = webState
        self.store = store
        webState.addObserver(self)
    }

    /// The request the tab's prompt shows, the oldest waiting.
    public var currentRequest: PermissionRequest? { queue.first?.request }
    /// How many requests wait, the current one included.
    public var pendingRequestCount: Int { queue.count }

    /// Answers `request` at once when its kinds' policies or the stored decisions do;
    /// otherwise queues it for the user.
    public func add(
        _ request: PermissionRequest, decisionHandler: @escaping @MainActor (PermissionDecision) -> Void
    ) {
        if let decision = immediateDecision(for: request) { return decisionHandler(decision) }
        queue.append(Pending(request: request, decisionHandler: decisionHandler))
        if queue.count == 1 { webState?.notifyPermissionRequestsChanged() }
    }

    /// Allows the current request; with `remember`, keeps Allow for each of its kinds on its
    /// origin. Queued requests the kept decisions now answer are answered too.
    public func accept(remember: Bool) { answerCurrent(.allow, remember: remember) }

    /// Denies the current request; with `remember`, keeps Block for each of its kinds on its
    /// origin. Queued requests the kept decisions now answer are answered too.
    public func deny(remember: Bool) { answerCurrent(.deny, remember: remember) }

    private func answerCurrent(_ decision: PermissionDecision, remember: Bool) {
        guard !queue.isEmpty else { return }
        let current = queue.removeFirst()
        if remember, let store, let origin = current.request.origin {
            for kind in current.request.kinds where kind.policy == .prompt {
                store.storeDecision(decision, for: kind, origin: origin)
            }
        }
        current.decisionHandler(decision)
        var waiting: [Pending] = []
        for pending in queue {
            if let decision = immediateDecision(for: pending.request) {
                pending.decisionHandler(decision)
            } else {
                waiting.append(pending)
            }
        }
        queue = waiting
        webState?.notifyPermissionRequestsChanged()
    }

    /// The answer without asking, or nil when the user must be asked.
    private func immediateDecision(for request: PermissionRequest) -> PermissionDecision? {
        guard let origin = request.origin, !request.kinds.isEmpty else { return .deny }
        var allAllowed = true
        for kind in request.kinds {
            switch kind.policy {
            case .allow: continue
            case .deny: return .deny
            case .followsMediaDecisions:
                let media = [PermissionKind.camera, .microphone].map {
                    store?.storedDecision(for: $0, origin: origin)
                }
                if !media.contains(.allow) { return .deny }
            case .prompt:
                switch store?.storedDecision(for: kind, origin: origin) {
                case .deny: return .deny
                case .allow: continue
                case nil: allAllowed = false
                }
            }
        }
        return allAllowed ? .allow : nil
    }

    /// Denies every waiting request.
    private func denyAll() {
        guard !queue.isEmpty else { return }
        let pending = queue
        queue.removeAll()
        for request in pending { request.decisionHandler(.deny) }
        if let webState, !webState.isBeingDestroyed { webState.notifyPermissionRequestsChanged() }
    }

    // MARK: WebStateObserver

    /// Denies what the page asked once another page replaced it.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        guard context.hasCommitted, !context.isSameDocument else { return }
        denyAll()
    }

    /// Denies what the page asked: its content is gone.
    public func webStateDiscarded(_ webState: WebState) { denyAll() }

    /// Denies what the page asked: its process is gone.
    public func renderProcessGone(_ webState: WebState) { denyAll() }

    /// Denies what the page asked.
    public func webStateDestroyed(_ webState: WebState) {
        denyAll()
        webState.removeObserver(self)
    }
}
