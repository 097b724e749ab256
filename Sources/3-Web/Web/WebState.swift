public import Base
public import Foundation

/// A tab's web content (Chromium's web::WebState, `docs/ios/objects.md`): either unrealized —
/// metadata only, plus loaders for its saved state — or realized, owning an engine
/// ``WebContent`` (``Lifecycle``).
///
/// Realization happens lazily when an API needs the engine (navigation, showing,
/// JavaScript, the view...) or explicitly with ``forceRealized()``; observers get
/// ``WebStateObserver/webStateRealized(_:)``. The way back is ``discard(loaders:)`` (the
/// memory saver's): the engine content is closed, the saved state kept, and the next
/// realization sends `webStateRealized` again. Observers, policy deciders,
/// script command callbacks, tab helpers (user data) and the const getters all work while
/// unrealized. ``close()`` destroys the WebState (``WebStateObserver/webStateDestroyed(_:)``).
@MainActor
public final class WebState: @MainActor SupportsUserData {
    /// The identifier, stable across restarts.
    public let id: WebStateID
    /// The engine context this WebState belongs to.
    public let context: any WebEngineContext
    public let creationTime: Date
    /// When the WebState was last shown.
    public internal(set) var lastActiveTime: Date
    /// Whether another tab opened this one.
    public internal(set) var hasOpener: Bool

    var lifecycle: Lifecycle
    var observersStorage: ObserverList<any WebStateObserver>?
    var decidersStorage: ObserverList<any WebStatePolicyDecider>?
    var scriptCallbacks: [ScriptCallbackEntry]?
    private var userDataStorage: UserDataStore?
    var nextCallbackID = 0
    var userAgent = UserAgentType.automatic
    var realizedNotificationPending = false

    /// Decides what the tab cannot alone (where windows its page opens go). Held weakly.
    public weak var delegate: (any WebStateDelegate)?

    /// Whether the WebState is shown.
    public internal(set) var isVisible = false
    /// Whether ``close()`` has started.
    public private(set) var isBeingDestroyed = false

    /// Creates a realized WebState with a new identifier and a fresh content.
    public init(params: CreateParams) {
        id = .newUnique()
        context = params.context
        let now = Date()
        creationTime = now
        lastActiveTime = params.lastActiveTime ?? now
        hasOpener = params.createdWithOpener || params.opener != nil
        let content: any WebContent
        if let opener = params.opener {
            precondition(
                opener.context === params.context, "WebState: an opener must share the new WebState's context"
            )
            content = opener.realizedContent.makeRelatedContent()
        } else {
            content = params.context.makeWebContent(for: params.url)
        }
        lifecycle = .realized(content, NavigationManager(content: content))
        content.delegate = self
    }

    /// Creates an unrealized WebState from saved metadata; `loaders` run when it is realized.
    public init(
        context: any WebEngineContext, id: WebStateID, metadata: WebStateMetadata, hasOpener: Bool = false,
        loaders: StorageLoaders
    ) {
        self.id = id
        self.context = context
        creationTime = metadata.creationTime
        lastActiveTime = metadata.lastActiveTime
        self.hasOpener = hasOpener
        lifecycle = .unrealized(metadata, loaders)
    }

    /// Destroys the WebState: notifies `webStateDestroyed`, releases tab helpers (user
    /// data) and the engine content. Nothing is sent afterwards. Closing twice is a
    /// programming error.
    public func close() {
        precondition(!isBeingDestroyed, "WebState \(id.rawValue): closed twice")
        isBeingDestroyed = true
        observers?.forEach { $0.webStateDestroyed(self) }
        userDataStorage?.removeAll()
        userDataStorage = nil
        let content = self.content
        content?.delegate = nil
        content?.close()
        lifecycle = .destroyed(metadata, keptByDiscard)
        delegate = nil
        observersStorage = nil
        decidersStorage = nil
        scriptCallbacks = nil
    }

    /// The data attached to this WebState (tab helpers attach here).
    public var userData: UserDataStore {
        if let userDataStorage { return userDataStorage }
        let store = UserDataStore()
        userDataStorage = store
        return store
    }
}

extension WebState {
    /// Parameters for a fresh (realized) WebState.
    public struct CreateParams {
        /// The profile's engine context the content is bound to.
        public var context: any WebEngineContext
        /// Whether another tab opened this one.
        public var createdWithOpener: Bool
        /// The last active time (defaults to now).
        public var lastActiveTime: Date?
        /// The WebState whose page opened this one: the content is then the engine's
        /// related one (``WebContent/makeRelatedContent()``), and ``createdWithOpener`` is
        /// implied. It must share ``context``.
        public var opener: WebState?
        /// The page the caller is about to load in the new WebState, when known. Nothing
        /// loads it: the engine may put the content with the other pages of its site
        /// (``WebEngineContext/makeWebContent(for:)``). Ignored with an ``opener``, whose
        /// content the new one always shares.
        public var url: URL?

        public init(
            context: any WebEngineContext, createdWithOpener: Bool = false, lastActiveTime: Date? = nil,
            opener: WebState? = nil, url: URL? = nil
        ) {
            self.context = context
            self.createdWithOpener = createdWithOpener
            self.lastActiveTime = lastActiveTime
            self.opener = opener
            self.url = url
        }
    }
}

extension WebState {
    /// Loaders for an unrealized WebState's saved state; they run at realization.
    public struct StorageLoaders {
        /// Loads the full storage (history, user agent...). Nil if it cannot be read.
        public var storage: @MainActor () -> WebStateStorage?
        /// Loads the engine's native session blob. Nil if there is none.
        public var nativeSessionState: @MainActor () -> Data?
        /// Whether realization loads the committed entry (false for a tab that was loading
        /// when the browser crashed: it comes back with its history, waiting for a reload).
        public var loadsCommittedEntry: Bool

        public init(
            storage: @escaping @MainActor () -> WebStateStorage?,
            nativeSessionState: @escaping @MainActor () -> Data?,
            loadsCommittedEntry: Bool = true
        ) {
            self.storage = storage
            self.nativeSessionState = nativeSessionState
            self.loadsCommittedEntry = loadsCommittedEntry
        }
    }
}

extension WebState {
    /// Where a WebState is in its life, with what it holds there (Chromium's
    /// `docs/ios/unrealized_web_state.md`): only one of these at a time.
    enum Lifecycle {
        /// Made from saved metadata, not realized since: `loaders` bring the saved state
        /// back at realization.
        case unrealized(WebStateMetadata, StorageLoaders)
        /// The engine content, and the navigation manager over it.
        case realized(any WebContent, NavigationManager)
        /// Unrealized again by ``WebState/discard(loaders:)``, until the next realization:
        /// also what the discard kept of the content.
        case discarded(WebStateMetadata, StorageLoaders, KeptByDiscard)
        /// Closed (``WebState/close()``): the content and the loaders are gone; the getters
        /// go on answering from the metadata and what a discard kept, if it was unrealized.
        case destroyed(WebStateMetadata?, KeptByDiscard?)
    }

    /// What a discard keeps of the content. A reference, so that the discarded case, the
    /// largest, is only a pointer bigger than the unrealized one.
    final class KeptByDiscard {
        let faviconURL: URL?
        let zoomLevel: Double

        init(faviconURL: URL?, zoomLevel: Double) {
            self.faviconURL = faviconURL
            self.zoomLevel = zoomLevel
        }
    }

    /// The engine content, while realized.
    var content: (any WebContent)? {
        guard case .realized(let content, _) = lifecycle else { return nil }
        return content
    }

    /// The saved metadata, while unrealized (and after a close that found it so).
    var metadata: WebStateMetadata? {
        switch lifecycle {
        case .unrealized(let metadata, _), .discarded(let metadata, _, _): metadata
        case .destroyed(let metadata, _): metadata
        case .realized: nil
        }
    }

    /// The loaders of the saved state, while unrealized.
    var loaders: StorageLoaders? {
        switch lifecycle {
        case .unrealized(_, let loaders), .discarded(_, let loaders, _): loaders
        case .realized, .destroyed: nil
        }
    }

    /// What the last discard kept, until the next realization.
    var keptByDiscard: KeptByDiscard? {
        switch lifecycle {
        case .discarded(_, _, let kept): kept
        case .destroyed(_, let kept): kept
        case .unrealized, .realized: nil
        }
    }
}

extension WebState {
    /// Whether the WebState has its engine content.
    public var isRealized: Bool {
        guard case .realized = lifecycle else { return false }
        return true
    }

    /// Realizes the WebState if it is not yet: creates the content, restores the saved
    /// history into it (which loads the committed entry) and notifies `webStateRealized`.
    /// Idempotent.
    ///
    /// `webStateRealized` is the first event observers get from the realized WebState: it
    /// is sent before the content reports anything of the restore (with a synchronous
    /// engine, when the content reports its first event, by which time the history is in
    /// place), so that code starting on it sees the restored page load.
    public func forceRealized() { _ = realized() }

    /// The content and its navigation manager, realizing the WebState first if needed.
    func realized() -> (content: any WebContent, navigation: NavigationManager) {
        let metadata: WebStateMetadata
        let loaders: StorageLoaders
        let kept: KeptByDiscard?
        switch lifecycle {
        case .realized(let content, let navigation): return (content, navigation)
        case .unrealized(let savedMetadata, let savedLoaders):
            (metadata, loaders, kept) = (savedMetadata, savedLoaders, nil)
        case .discarded(let savedMetadata, let savedLoaders, let savedKept):
            (metadata, loaders, kept) = (savedMetadata, savedLoaders, savedKept)
        case .destroyed: preconditionFailure("WebState \(id.rawValue): realized while being destroyed")
        }
        precondition(!isBeingDestroyed, "WebState \(id.rawValue): realized while being destroyed")
        // The committed page of the saved state is the one the content shows first.
        let newContent = context.makeWebContent(for: metadata.url)
        let navigation = NavigationManager(content: newContent)
        lifecycle = .realized(newContent, navigation)
        newContent.delegate = self
        realizedNotificationPending = true
        if let kept, kept.zoomLevel != 1 { newContent.zoomLevel = kept.zoomLevel }
        let storage = loaders.storage()
        if let storage {
            hasOpener = hasOpener || storage.hasOpener
            userAgent = storage.userAgent
            // Before the restore, so that the page loads at its zoom.
            if storage.zoomLevel != newContent.zoomLevel { newContent.zoomLevel = storage.zoomLevel }
        }
        let history = storage?.navigation ?? Self.fallbackHistory(metadata)
        let blob = loaders.nativeSessionState()
        if !history.items.isEmpty || blob != nil {
            newContent.restore(
                sessionState: blob, history: history, loadCommittedEntry: loaders.loadsCommittedEntry)
        }
        notifyRealizedIfPending()
        return (newContent, navigation)
    }

    var realizedContent: any WebContent { realized().content }

    func notifyRealizedIfPending() {
        guard realizedNotificationPending else { return }
        realizedNotificationPending = false
        observers?.forEach { $0.webStateRealized(self) }
    }

    private static func fallbackHistory(_ metadata: WebStateMetadata) -> NavigationHistory {
        // Data lost or unreadable: bring back at least the page the tab showed.
        guard let url = metadata.url else { return .empty }
        return NavigationHistory(
            items: [NavigationItem(url: url, title: metadata.title, timestamp: metadata.lastActiveTime)],
            lastCommittedItemIndex: 0)
    }
}

extension WebState {
    /// Whether the WebState is unrealized because it was discarded (``discard(loaders:)``),
    /// until it is realized again.
    public var isDiscarded: Bool { keptByDiscard != nil }

    /// Discards the WebState back to unrealized, to free its engine content's memory: the
    /// content is closed and `loaders` will bring the page back at the next realization
    /// (with its history, and the engine's blob restoring the scroll position). The title,
    /// URL, favicon URL and zoom stay; observers get ``WebStateObserver/webStateDiscarded(_:)``.
    ///
    /// The caller makes sure `loaders` can read what the content holds now (a session
    /// service saves it first; ``discard()`` keeps it in memory). Discarding an unrealized,
    /// a visible or a closing WebState is a programming error. Which tabs to discard (not a
    /// loading one, not one playing audio or with an edited form) is the caller's policy.
    public func discard(loaders: StorageLoaders) {
        guard let content else {
            preconditionFailure("WebState \(id.rawValue): discard(loaders:) on an unrealized WebState")
        }
        precondition(!isVisible, "WebState \(id.rawValue): discard(loaders:) on a visible WebState")
        precondition(!isBeingDestroyed, "WebState \(id.rawValue): discard(loaders:) while being destroyed")
        let kept = KeptByDiscard(faviconURL: content.faviconURL, zoomLevel: content.zoomLevel)
        lifecycle = .discarded(serializeMetadata(), loaders, kept)
        content.delegate = nil
        realizedNotificationPending = false
        content.close()
        observers?.forEach { $0.webStateDiscarded(self) }
    }

    /// Discards the WebState (``discard(loaders:)``) keeping its saved state — the history
    /// and the engine's blob — in memory: for WebStates no session service saves.
    public func discard() {
        guard isRealized else {
            preconditionFailure("WebState \(id.rawValue): discard() on an unrealized WebState")
        }
        let storage = serializeToStorage()
        let blob = sessionStateData
        discard(loaders: StorageLoaders(storage: { storage }, nativeSessionState: { blob }))
    }
}

// What the page shows, answered while unrealized too: from the saved metadata, or what a
// discard kept.
extension WebState {
    /// The page title (unrealized: the saved title).
    public var title: String { content?.title ?? metadata?.title ?? "" }
    /// The URL shown to the user (unrealized: the saved URL).
    public var visibleURL: URL? { content.map { $0.visibleURL } ?? metadata?.url }
    /// The committed URL (unrealized: the saved URL).
    public var lastCommittedURL: URL? { content.map { $0.lastCommittedURL } ?? metadata?.url }
    /// The number of back-forward entries (unrealized: the saved count).
    public var navigationItemCount: Int { content?.history.items.count ?? metadata?.navigationItemCount ?? 0 }
    /// Whether loading (false while unrealized).
    public var isLoading: Bool { content?.isLoading ?? false }
    /// The estimated progress (0 while unrealized).
    public var loadingProgress: Double { content?.estimatedProgress ?? 0 }
    /// The security of the committed page's connection (unknown while unrealized).
    public var sslStatus: SSLStatus { content?.sslStatus ?? .unknown }
    /// Whether the web process went away and the tab was not reloaded since.
    public var isCrashed: Bool { content?.isCrashed ?? false }
    /// The favicon URL, if known (kept while discarded).
    public var faviconURL: URL? { content?.faviconURL ?? keptByDiscard?.faviconURL }
    /// The page's favicon as PNG bytes, while realized and the engine has it. An unrealized
    /// tab keeps no image (it would make every restored tab bigger): its icon is looked up by
    /// page URL in the engine's database (``FaviconLoader``).
    public var favicon: Data? { content?.favicon }
    /// Whether the page is playing sound (false while unrealized).
    public var isPlayingAudio: Bool { content?.isPlayingAudio ?? false }
    /// Whether the user typed into a form of the page and did not submit it (false while
    /// unrealized).
    public var hadFormInteraction: Bool { content?.hadFormInteraction ?? false }
    /// The page zoom factor (1 while unrealized, the kept one while discarded; a restored tab
    /// gets its saved one when it is realized); setting it realizes, and observers get
    /// ``WebStateObserver/didChangeZoomLevel(_:)`` when it changed.
    public var zoomLevel: Double {
        get { content?.zoomLevel ?? keptByDiscard?.zoomLevel ?? 1 }
        set {
            let content = realizedContent
            guard content.zoomLevel != newValue else { return }
            content.zoomLevel = newValue
            observers?.forEach { $0.didChangeZoomLevel(self) }
        }
    }
}

// What a session service saves of the WebState (`ios/chrome/browser/sessions/model/README.md`).
extension WebState {
    /// The metadata to save; works in both states.
    public func serializeMetadata() -> WebStateMetadata {
        if let metadata { return metadata }
        return WebStateMetadata(
            creationTime: creationTime, lastActiveTime: lastActiveTime, title: title, url: visibleURL,
            navigationItemCount: navigationItemCount)
    }

    /// The full storage to save. Calling it on an unrealized WebState is a programming
    /// error (its storage is on disk already).
    public func serializeToStorage() -> WebStateStorage {
        guard let content else {
            preconditionFailure("WebState \(id.rawValue): serializeToStorage() on an unrealized WebState")
        }
        return WebStateStorage(
            hasOpener: hasOpener, metadata: serializeMetadata(), userAgent: userAgent,
            navigation: content.history, zoomLevel: content.zoomLevel)
    }

    /// The engine's native session blob: from the content when realized, else from the
    /// saved state (without realizing).
    public var sessionStateData: Data? {
        switch lifecycle {
        case .realized(let content, _): content.sessionStateData()
        case .unrealized(_, let loaders), .discarded(_, let loaders, _): loaders.nativeSessionState()
        case .destroyed: nil
        }
    }
}

extension WebState {
    /// Loads `url` in a new entry; realizes.
    public func load(_ url: URL) { realizedContent.load(url) }
    /// Reloads; realizes. Recovers a crashed tab.
    public func reload() { realizedContent.reload() }
    /// Stops loading (nothing to do while unrealized).
    public func stopLoading() { content?.stopLoading() }

    /// The navigation manager, or nil while unrealized (does not realize).
    public var navigationManagerIfRealized: NavigationManager? {
        guard case .realized(_, let navigation) = lifecycle else { return nil }
        return navigation
    }
    /// The navigation manager; realizes the WebState.
    public var navigationManager: NavigationManager { realized().navigation }
}

extension WebState {
    /// Evaluates JavaScript in the page; realizes.
    public func evaluateJavaScript(
        _ script: String, completion: @escaping @MainActor (Result<JavaScriptValue, JavaScriptError>) -> Void
    ) {
        realizedContent.evaluateJavaScript(script, completion: completion)
    }
    /// The native view; realizes.
    public var view: ViewHandle { realizedContent.view }
    /// Shows the engine's print dialog for the page over the window the view is in; realizes.
    public func printPage() { realizedContent.printPage() }
    /// The engine's find-in-page controller; realizes.
    public func makeFindInPageController() -> any FindInPageController {
        realizedContent.makeFindInPageController()
    }
}

extension WebState {
    /// Marks the WebState shown: realizes, updates the last active time, notifies. Does
    /// nothing more if it is already shown.
    public func wasShown() {
        let content = realizedContent
        guard !isVisible else { return }
        content.wasShown()
        isVisible = true
        lastActiveTime = Date()
        observers?.forEach { $0.wasShown(self) }
    }

    /// Marks the WebState hidden and notifies; does nothing if it is not shown (an
    /// unrealized WebState never is).
    public func wasHidden() {
        guard isVisible else { return }
        content?.wasHidden()
        isVisible = false
        observers?.forEach { $0.wasHidden(self) }
    }
}

extension WebState {
    var observers: ObserverList<any WebStateObserver>? { observersStorage }

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any WebStateObserver) {
        if observersStorage == nil { observersStorage = ObserverList() }
        observersStorage!.add(observer)
    }

    public func removeObserver(_ observer: any WebStateObserver) { observersStorage?.remove(observer) }

    /// Whether `observer` is registered.
    public func hasObserver(_ observer: any WebStateObserver) -> Bool {
        observersStorage?.contains(observer) ?? false
    }

    /// Adds a policy decider (held weakly).
    public func addPolicyDecider(_ decider: any WebStatePolicyDecider) {
        if decidersStorage == nil { decidersStorage = ObserverList() }
        decidersStorage!.add(decider)
    }

    public func removePolicyDecider(_ decider: any WebStatePolicyDecider) { decidersStorage?.remove(decider) }

    /// Asks every policy decider about `request`; the first `.cancel` wins.
    public func decidePolicy(for request: NavigationRequest) -> PolicyDecision {
        var decision = PolicyDecision.allow
        decidersStorage?.forEach { decider in
            if decision == .allow, decider.shouldAllowRequest(request, in: self) == .cancel {
                decision = .cancel
            }
        }
        return decision
    }
}

extension WebState {
    struct ScriptCallbackEntry {
        let id: Int
        let prefix: String
        let callback: @MainActor (ScriptCommand) -> Void
    }

    /// Registers `callback` for script commands whose name starts with `prefix` and a dot.
    /// It stays registered while the returned subscription lives.
    public func addScriptCommandCallback(
        prefix: String, _ callback: @escaping @MainActor (ScriptCommand) -> Void
    ) -> ScriptCommandSubscription {
        precondition(
            !prefix.isEmpty && !prefix.contains("."), "WebState: bad script command prefix '\(prefix)'")
        nextCallbackID += 1
        let entryID = nextCallbackID
        scriptCallbacks =
            (scriptCallbacks ?? []) + [ScriptCallbackEntry(id: entryID, prefix: prefix, callback: callback)]
        return ScriptCommandSubscription { [weak self] in
            self?.scriptCallbacks?.removeAll { $0.id == entryID }
        }
    }

    /// Runs the callbacks registered for `command`'s prefix.
    func dispatchScriptCommand(_ command: ScriptCommand) {
        let prefix = command.prefix
        for entry in scriptCallbacks ?? [] where entry.prefix == prefix { entry.callback(command) }
    }
}

extension WebState: WebContentDelegate {
    /// Forwards an engine event to the observers.
    public func webContent(_ content: any WebContent, didReport event: WebContentEvent) {
        guard content === self.content, !isBeingDestroyed else { return }
        notifyRealizedIfPending()
        switch event {
        case .didStartNavigation(let context):
            observers?.forEach { $0.didStartNavigation(self, context: context) }
        case .didRedirectNavigation(let context):
            observers?.forEach { $0.didRedirectNavigation(self, context: context) }
        case .didFinishNavigation(let context):
            observers?.forEach { $0.didFinishNavigation(self, context: context) }
        case .didStartLoading: observers?.forEach { $0.didStartLoading(self) }
        case .didStopLoading: observers?.forEach { $0.didStopLoading(self) }
        case .pageLoaded(let status): observers?.forEach { $0.pageLoaded(self, status: status) }
        case .loadProgressChanged(let progress):
            observers?.forEach { $0.loadProgressChanged(self, progress: progress) }
        case .backForwardStateChanged: observers?.forEach { $0.didChangeBackForwardState(self) }
        case .titleChanged: observers?.forEach { $0.titleWasSet(self) }
        case .visibleSecurityStateChanged: observers?.forEach { $0.didChangeVisibleSecurityState(self) }
        case .faviconURLChanged(let url): observers?.forEach { $0.faviconURLUpdated(self, url: url) }
        case .renderProcessGone: observers?.forEach { $0.renderProcessGone(self) }
        case .scriptCommand(let command): dispatchScriptCommand(command)
        }
    }

    /// Asks the policy deciders.
    public func webContent(
        _ content: any WebContent, decidePolicyFor request: NavigationRequest
    ) -> PolicyDecision {
        notifyRealizedIfPending()
        return decidePolicy(for: request)
    }

    /// Asks the delegate for a new WebState and hands its content to the engine. A request
    /// without a user gesture is blocked (observers get ``WebStateObserver/popupBlocked(_:url:)``);
    /// with no delegate, or when it refuses, no window opens.
    public func webContent(
        _ content: any WebContent, createNewContentFor request: NewWebContentRequest
    ) -> (any WebContent)? {
        guard content === self.content, !isBeingDestroyed else { return nil }
        notifyRealizedIfPending()
        guard request.isUserGesture else {
            observers?.forEach { $0.popupBlocked(self, url: request.url) }
            return nil
        }
        guard
            let child = delegate?.createNewWebState(
                for: self, url: request.url, openerURL: request.openerURL, initiatedByUser: true),
            let childContent = child.content
        else { return nil }
        return childContent
    }

    /// Asks the delegate to close this WebState (``WebStateDelegate/closeWebState(_:)``); with
    /// no delegate the tab stays.
    public func webContentDidRequestClose(_ content: any WebContent) {
        guard content === self.content, !isBeingDestroyed else { return }
        notifyRealizedIfPending()
        delegate?.closeWebState(self)
    }
}
