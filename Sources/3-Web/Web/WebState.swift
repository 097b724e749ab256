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
    /// The tab's own zoom factor; nil while it follows its context's default.
    var ownZoomLevel: Double?
    /// The saved title of a restored tab's committed entry, shown while its page has no
    /// title yet (``title``).
    var restoredTitle: RestoredTitle?

    /// Decides what the tab cannot alone (where windows its page opens go). Held weakly.
    public weak var delegate: (any WebStateDelegate)?

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
        let zoom = params.context.defaultPageZoom
        if content.zoomLevel != zoom.factor { content.zoomLevel = zoom.factor }
        zoom.addFollower(self)
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
        if content != nil { context.defaultPageZoom.removeFollower(self) }
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
