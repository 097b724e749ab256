public import Base
public import Foundation
import History
import Logging
public import Prefs
public import TabModel
public import Web

/// Loads the location bar's default match in a hidden tab before the user presses Enter, and
/// puts that tab in the window when they do (Chromium's `PrerenderService` and its
/// `PreloadController`, `ios/chrome/browser/prerender/model/`). One per profile, none for an
/// incognito one (``PrerenderServiceFactory``).
///
/// Its own library in 4-Browser because it joins TabModel (the tab to replace, the swap with
/// ``WebStateList/replace(at:with:)``) and History (the visit is recorded at the swap): TabModel
/// may not depend on History, and History knows nothing of windows.
///
/// The hidden WebState is a copy of the active tab (its back/forward list, so that Back works
/// after the swap) made for the page's site, which then loads the URL with the location
/// bar's transition. It is in no ``WebStateList``, so no session service sees it; its
/// ``HistoryTabHelper`` keeps its visits until the swap; its cookies are the profile's (it
/// is the user's own navigation, a moment early). It is destroyed, unseen, when the page asks
/// the user anything (a JavaScript dialog, credentials), opens a window, is a download or not
/// a web page, when the system is short of memory, when ``PrerenderPrefs/enabled`` is turned
/// off, and when the location bar says so (another match, the focus gone). Cancels that
/// come from inside the engine's callbacks run later (``MainTaskRunner``), never inside them.
@MainActor
public final class PrerenderService {
    /// How long typing pauses before a match that was not completed inline is loaded: 0.5 s,
    /// Chromium's `kPrerenderDelay` (`ios/chrome/browser/prerender/model/preload_controller.mm`).
    public static let prerenderDelay: Duration = .milliseconds(500)

    /// A page to load in place of a tab.
    struct Request {
        let url: URL
        let transition: PageTransition
        weak var browser: Browser?
        /// The tab the copy is made of, which the swap replaces.
        let sourceID: WebStateID
    }

    private let prefs: PrefService
    private let clock: any TimerClock
    private let mainTaskRunner: any MainTaskRunner
    private let attachTabHelpers: @MainActor (WebState) -> Void
    private var prefObservation: PrefObservation?
    private var scheduled: (request: Request, action: any ScheduledAction)?
    /// The hidden WebState and what it loads.
    private var prerender: (webState: WebState, request: Request)?
    private var isShutDown = false
    private let observers = ObserverList<any PrerenderServiceObserver>()
    let logger = Logger(label: "swiftlet.prerender")

    /// The hidden WebState, while there is one.
    public var prerenderWebState: WebState? { prerender?.webState }
    /// Why the last prerender ended unseen.
    public private(set) var lastCancelReason: PrerenderCancelReason?
    /// How many prerendered tabs were put in a window.
    public private(set) var swapCount = 0

    /// A service reading ``PrerenderPrefs/enabled`` in `prefs` (and following it), delaying
    /// starts on `clock`, running deferred cancels on `mainTaskRunner`; `attachTabHelpers`
    /// attaches what every tab of a window gets (the swap does not attach them again).
    public init(
        prefs: PrefService, clock: any TimerClock, mainTaskRunner: any MainTaskRunner,
        attachTabHelpers: @escaping @MainActor (WebState) -> Void
    ) {
        self.prefs = prefs
        self.clock = clock
        self.mainTaskRunner = mainTaskRunner
        self.attachTabHelpers = attachTabHelpers
        prefObservation = prefs.observe(PrerenderPrefs.enabled) { [weak self] value in
            if value.boolValue != true { self?.cancelPrerender(reason: .disabled) }
        }
    }

    public func addObserver(_ observer: any PrerenderServiceObserver) { observers.add(observer) }
    public func removeObserver(_ observer: any PrerenderServiceObserver) { observers.remove(observer) }

    /// Whether prerendering is on (``PrerenderPrefs/enabled``).
    public var isEnabled: Bool { !isShutDown && prefs.bool(PrerenderPrefs.enabled) }

    /// Whether the hidden WebState is still loading its page.
    public var isLoadingPrerender: Bool { prerender?.webState.isLoading ?? false }

    /// Whether `url` is being prerendered (loaded or loading, not only scheduled).
    public func hasPrerender(for url: URL) -> Bool { prerender?.request.url == url }

    /// Whether a prerender is scheduled or under way for `browser`.
    public func isPrerendering(for browser: Browser) -> Bool {
        scheduled?.request.browser === browser || prerender?.request.browser === browser
    }

    /// Loads `url` with `transition` in a hidden copy of `browser`'s active tab: at once when
    /// `immediately`, else after ``prerenderDelay`` unless another request comes first. A
    /// request for the page already prerendered does nothing, one for the page scheduled
    /// starts it if `immediately`; one for another page cancels the current one. Only http(s) pages are loaded, never the page the active
    /// tab shows, and nothing when the service is off.
    public func startPrerender(url: URL, transition: PageTransition, browser: Browser, immediately: Bool) {
        guard isEnabled, Self.canPrerender(url), !browser.webStateList.isDestroyed,
            let source = browser.webStateList.activeWebState,
            source.visibleURL != url
        else {
            cancelPrerender(reason: .otherMatch)
            return
        }
        if let scheduled, scheduled.request.url == url, scheduled.request.browser === browser {
            // Completed inline now: no more waiting.
            if immediately {
                cancelScheduled()
                start(scheduled.request)
            }
            return
        }
        if scheduled == nil, let prerender, prerender.request.url == url,
            prerender.request.browser === browser,
            prerender.request.sourceID == source.id
        {
            return
        }
        cancelPrerender(reason: .otherMatch)
        let request = Request(url: url, transition: transition, browser: browser, sourceID: source.id)
        if immediately {
            start(request)
        } else {
            let action = clock.schedule(after: Self.prerenderDelay) { [weak self] in
                self?.scheduled = nil
                self?.start(request)
            }
            scheduled = (request, action)
        }
    }

    /// Puts the prerendered page of `url` in place of the active tab of `browser` if it is
    /// the one prerendered for that tab (Chromium's `MaybeLoadPrerenderedURL`): the tab is
    /// replaced (``WebStateList/replace(at:with:)``, which the session service saves after, as
    /// any change of the list), the old tab closed, and the visit recorded now. Returns false
    /// otherwise, after cancelling whatever was prerendered: the caller loads `url` itself.
    @discardableResult
    public func maybeLoadPrerenderedURL(_ url: URL, transition: PageTransition, into browser: Browser) -> Bool
    {
        guard let prerender, prerender.request.url == url, prerender.request.browser === browser,
            let index = browser.webStateList.activeIndex,
            browser.webStateList.webState(at: index).id == prerender.request.sourceID
        else {
            cancelPrerender(reason: .notUsed)
            return false
        }
        cancelScheduled()
        let webState = prerender.webState
        release(webState)
        self.prerender = nil
        swapCount += 1
        let loaded = !webState.isLoading
        logger.info("prerendered page shown", metadata: ["loaded": "\(loaded)"])
        HistoryTabHelper.fromWebState(webState)?.delaysHistoryServiceNotification = false
        let old = browser.webStateList.replace(at: index, with: webState)
        old.close()
        observers.forEach { $0.prerenderShown(self, url: url, loaded: loaded) }
        return true
    }

    /// Destroys the hidden WebState and forgets a scheduled start.
    public func cancelPrerender(reason: PrerenderCancelReason) {
        cancelScheduled()
        guard let prerender else { return }
        self.prerender = nil
        lastCancelReason = reason
        logger.debug("prerender cancelled", metadata: ["reason": "\(reason)"])
        release(prerender.webState)
        prerender.webState.close()
        observers.forEach { $0.prerenderCancelled(self, url: prerender.request.url, reason: reason) }
    }

    /// Cancels from inside a callback of the hidden WebState's engine: later, on the main
    /// actor, and only if that WebState is still the prerender (Chromium's
    /// `schedulePrerenderCancel`).
    func scheduleCancel(of webState: WebState, reason: PrerenderCancelReason) {
        cancelScheduled()
        mainTaskRunner.postTask { [weak self, weak webState] in
            guard let self, let webState, self.prerender?.webState === webState else { return }
            self.cancelPrerender(reason: reason)
        }
    }

    /// Cancels the prerender and starts no other.
    public func shutdown() {
        cancelPrerender(reason: .shutdown)
        isShutDown = true
        prefObservation = nil
    }

    /// Whether a page of `url` may be prerendered: http and https only.
    public static func canPrerender(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    // MARK: Private

    private func cancelScheduled() {
        scheduled?.action.cancel()
        scheduled = nil
    }

    private func start(_ request: Request) {
        guard isEnabled, let browser = request.browser, !browser.webStateList.isDestroyed,
            let source = browser.webStateList.activeWebState, source.id == request.sourceID
        else { return }
        let webState = WebState.prerenderClone(of: source, for: request.url)
        attachTabHelpers(webState)
        HistoryTabHelper.fromWebState(webState)?.delaysHistoryServiceNotification = true
        webState.addPolicyDecider(self)
        webState.addObserver(self)
        webState.delegate = self
        prerender = (webState, request)
        logger.debug("prerender started", metadata: ["url": "\(request.url.absoluteString)"])
        webState.load(request.url, transition: request.transition)
        observers.forEach { $0.prerenderStarted(self, url: request.url) }
    }

    private func release(_ webState: WebState) {
        webState.removePolicyDecider(self)
        webState.removeObserver(self)
        if webState.delegate === self { webState.delegate = nil }
    }
}
