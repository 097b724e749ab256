public import Base
public import Commands
public import Profiles

/// Observes a ``Browser``.
@MainActor
public protocol BrowserObserver: AnyObject {
    /// The browser is being destroyed.
    func browserDestroyed(_ browser: Browser)
}

/// The model of a window's tab collection (Chromium's Browser): owns its
/// ``WebStateList`` (and so its tabs), its ``CommandDispatcher`` and its ``Broadcaster``.
/// Browser agents attach as user data (``BrowserAgent``).
@MainActor
public final class Browser: @MainActor SupportsUserData {
    /// What a browser is for.
    public enum Kind: Sendable, Equatable {
        /// A normal window.
        case regular
        /// An incognito window (its profile is off the record).
        case incognito
        /// The inactive tabs of a window.
        case inactive
        /// A short-lived browser that is never listed (e.g. for a preview).
        case temporary
    }

    /// What this browser is for.
    public let kind: Kind
    /// The profile it belongs to.
    public let profile: Profile
    /// Its tabs.
    public let webStateList: WebStateList
    /// Routes UI commands for this window.
    public let commandDispatcher = CommandDispatcher()
    /// Publishes UI properties for this window.
    public let broadcaster = Broadcaster()
    /// The data and agents attached to this browser.
    public let userData = UserDataStore()
    private let observers = ObserverList<any BrowserObserver>()
    /// Whether ``destroy()`` was called.
    public private(set) var isDestroyed = false

    /// Creates a browser of `kind` for `profile`; its tab list uses `delegate` (usually the
    /// BrowserList's). An incognito browser needs an off-the-record profile and the other
    /// kinds a regular one.
    public init(kind: Kind, profile: Profile, delegate: (any WebStateListDelegate)?) {
        precondition(
            (kind == .incognito) == profile.isOffTheRecord || kind == .temporary,
            "Browser: a \(kind) browser cannot use an \(profile.isOffTheRecord ? "off-the-record" : "regular") profile"
        )
        self.kind = kind
        self.profile = profile
        webStateList = WebStateList(delegate: delegate)
    }

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any BrowserObserver) { observers.add(observer) }
    public func removeObserver(_ observer: any BrowserObserver) { observers.remove(observer) }

    /// Destroys the browser: observers get browserDestroyed, the dispatcher prepares for
    /// shutdown, agents are released, then the tab list and its tabs are destroyed.
    public func destroy() {
        precondition(!isDestroyed, "Browser: destroyed twice")
        isDestroyed = true
        observers.forEach { $0.browserDestroyed(self) }
        commandDispatcher.prepareForShutdown()
        userData.removeAll()
        webStateList.destroy()
    }
}
