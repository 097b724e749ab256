import Base

/// Observes a ``BrowserList``. Every method has an empty default.
@MainActor
public protocol BrowserListObserver: AnyObject {
    /// A browser was added.
    func browserAdded(_ list: BrowserList, browser: Browser)
    /// A browser was removed (explicitly or because it was destroyed).
    func browserRemoved(_ list: BrowserList, browser: Browser)
    /// The list is shutting down.
    func browserListShutdown(_ list: BrowserList)
}

extension BrowserListObserver {
    /// Does nothing.
    public func browserAdded(_ list: BrowserList, browser: Browser) {}
    /// Does nothing.
    public func browserRemoved(_ list: BrowserList, browser: Browser) {}
    /// Does nothing.
    public func browserListShutdown(_ list: BrowserList) {}
}

/// The browsers (windows) of a profile and its off-the-record profile. Holds them weakly;
/// a destroyed browser leaves the list by itself. Owns the ``WebStateListDelegate`` handed
/// to every browser's tab list.
@MainActor
public final class BrowserList {
    /// Which browsers a query returns. Temporary browsers are never listed.
    public enum Filter: Sendable {
        /// Regular browsers.
        case regular
        /// Inactive-tab browsers.
        case inactive
        /// Incognito browsers.
        case incognito
        /// Regular and inactive browsers.
        case regularAndInactive
        /// Every browser but temporary ones.
        case all

        func matches(_ type: Browser.Kind) -> Bool {
            switch (self, type) {
            case (_, .temporary): false
            case (.all, _): true
            case (.regular, .regular), (.inactive, .inactive), (.incognito, .incognito): true
            case (.regularAndInactive, .regular), (.regularAndInactive, .inactive): true
            default: false
            }
        }
    }

    private final class WeakBrowser {
        weak var browser: Browser?
        init(_ browser: Browser) { self.browser = browser }
    }

    private var entries: [WeakBrowser] = []
    private let observers = ObserverList<any BrowserListObserver>()
    /// The delegate every browser's WebStateList uses.
    public let webStateListDelegate: any WebStateListDelegate
    /// Whether ``shutdown()`` was called.
    public private(set) var isShutDown = false

    /// Creates an empty list owning `webStateListDelegate`.
    public init(webStateListDelegate: any WebStateListDelegate = BrowserWebStateListDelegate()) {
        self.webStateListDelegate = webStateListDelegate
    }

    /// Adds `browser`. Adding it twice is a programming error.
    public func add(_ browser: Browser) {
        precondition(!isShutDown, "BrowserList.add: the list was shut down")
        precondition(!contains(browser), "BrowserList.add: the browser is already in the list")
        entries.append(WeakBrowser(browser))
        browser.addObserver(self)
        observers.forEach { $0.browserAdded(self, browser: browser) }
    }

    /// Removes `browser`; a no-op (and no notification) if it is not in the list.
    public func remove(_ browser: Browser) {
        guard let index = entries.firstIndex(where: { $0.browser === browser }) else { return }
        entries.remove(at: index)
        browser.removeObserver(self)
        observers.forEach { $0.browserRemoved(self, browser: browser) }
    }

    /// Whether `browser` is in the list.
    public func contains(_ browser: Browser) -> Bool { entries.contains { $0.browser === browser } }

    /// The browsers matching `filter`, in the order they were added.
    public func browsers(_ filter: Filter = .all) -> [Browser] {
        entries.compactMap(\.browser).filter { filter.matches($0.kind) }
    }

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any BrowserListObserver) { observers.add(observer) }
    public func removeObserver(_ observer: any BrowserListObserver) { observers.remove(observer) }

    /// Tells observers the list is going away. Called when the owning profile shuts down.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        observers.forEach { $0.browserListShutdown(self) }
    }
}

extension BrowserList: BrowserObserver {
    /// Removes the destroyed browser.
    public func browserDestroyed(_ browser: Browser) { remove(browser) }
}
