public import Base
import Foundation
import Logging
public import TabModel
public import Web

/// Discards realized background tabs back to unrealized to free their engine's memory
/// (``WebState/discard(loaders:)``): a tab hidden for ``MemorySaverPolicy/discardAfter``
/// (a profile pref, ``MemorySaverPrefs``), and every tab the policy allows when the system
/// reports memory pressure (``handleMemoryPressure()``). A discarded tab keeps its place,
/// title and favicon in the tab strip and comes back — history and scroll position — when it
/// is selected.
///
/// It follows the tabs of every browser of one ``BrowserList`` (a profile's, incognito
/// windows included): when each was last hidden or, hidden, last finished loading, on its
/// injectable clock, and one timer set
/// for the first tab due. How a tab is discarded is the `discard` closure's business (the
/// factory's writes the tab's state through the session service first).
///
/// `docs/ios/unrealized_web_state.md` stops at one-way realization; this is the way back, as desktop Chromium's tab
/// discarding does it for its memory saver.
@MainActor
public final class MemorySaverService {
    /// Discards tabs of one browser (all at once: a session service writes them in one save).
    public typealias Discard = @MainActor (_ webStates: [WebState], _ browser: Browser) -> Void

    /// How long a due tab that was protected (loading, playing audio…) waits at most before
    /// the policy is asked again (``recheckDelay`` is the policy's delay when shorter).
    public static let maximumRecheckDelay: Duration = .seconds(60)

    /// How long a due tab that was protected waits before the policy is asked again.
    public var recheckDelay: Duration {
        min(Self.maximumRecheckDelay, max(policy.discardAfter ?? Self.maximumRecheckDelay, .seconds(1)))
    }

    /// The rules; changing them reschedules.
    public var policy: MemorySaverPolicy {
        didSet { reschedule() }
    }
    /// The number of tabs discarded so far.
    public private(set) var discardCount = 0

    private let browserList: BrowserList
    private let clock: any TimerClock
    private let discardAction: Discard
    private let timer: OneShotTimer
    private var watchers: [ObjectIdentifier: BrowserWatcher] = [:]
    private var hiddenSince: [WebStateID: Duration] = [:]
    private var listObserver: ListObserver?
    private var isShutDown = false
    /// The observation of the pref the policy comes from, kept while the service lives.
    var prefObservation: AnyObject?

    /// Starts following the browsers of `browserList` (those there now and those added
    /// later) under `policy`; `discard` discards a tab.
    public init(
        browserList: BrowserList, clock: any TimerClock, policy: MemorySaverPolicy,
        discard: @escaping Discard
    ) {
        self.browserList = browserList
        self.clock = clock
        self.policy = policy
        discardAction = discard
        timer = OneShotTimer(clock: clock)
        let listObserver = ListObserver(service: self)
        self.listObserver = listObserver
        browserList.addObserver(listObserver)
        for browser in browserList.browsers() { watch(browser) }
    }

    /// Stops following tabs and cancels the timer; nothing is discarded afterwards.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        timer.stop()
        prefObservation = nil
        if let listObserver { browserList.removeObserver(listObserver) }
        listObserver = nil
        for watcher in watchers.values { watcher.stop() }
        watchers.removeAll()
        hiddenSince.removeAll()
    }

    // MARK: Discarding

    /// Why `webState` is kept for `reason` now, or nil when it would be discarded.
    public func protection(
        of webState: WebState, reason: MemorySaverPolicy.Reason
    ) -> MemorySaverPolicy.Protection? {
        policy.protection(of: facts(webState), reason: reason, now: clock.now)
    }

    /// Discards every tab the policy allows under memory pressure (every realized tab that
    /// is hidden, idle, silent and without a typed-in form), oldest hidden first. Returns how
    /// many were discarded.
    @discardableResult
    public func handleMemoryPressure() -> Int {
        let discarded = discardTabs(reason: .memoryPressure)
        if discarded > 0 {
            Logger.memorySaver.info("memory pressure: discarded \(discarded) background tabs")
        }
        reschedule()
        return discarded
    }

    /// Discards the tabs hidden for the policy's delay (the timer calls it).
    @discardableResult
    public func discardInactiveTabs() -> Int {
        let discarded = discardTabs(reason: .inactivity)
        if discarded > 0 { Logger.memorySaver.info("discarded \(discarded) tabs not shown for a while") }
        reschedule()
        return discarded
    }

    private func discardTabs(reason: MemorySaverPolicy.Reason) -> Int {
        guard !isShutDown else { return 0 }
        var candidates: [(webState: WebState, browser: Browser, hidden: Duration)] = []
        let now = clock.now
        for browser in browserList.browsers() where !browser.isDestroyed {
            for webState in browser.webStateList.webStates
            where policy.protection(of: facts(webState), reason: reason, now: now) == nil {
                candidates.append((webState, browser, hiddenSince[webState.id] ?? now))
            }
        }
        // One discard per browser, its tabs oldest hidden first.
        var groups: [(browser: Browser, webStates: [WebState])] = []
        for candidate in candidates.sorted(by: { $0.hidden < $1.hidden }) {
            if let index = groups.firstIndex(where: { $0.browser === candidate.browser }) {
                groups[index].webStates.append(candidate.webState)
            } else {
                groups.append((candidate.browser, [candidate.webState]))
            }
        }
        var discarded = 0
        for group in groups {
            // An earlier discard's observers may have changed things: ask again.
            guard !group.browser.isDestroyed else { continue }
            let webStates = group.webStates.filter {
                group.browser.webStateList.index(of: $0) != nil
                    && policy.protection(of: facts($0), reason: reason, now: now) == nil
            }
            guard !webStates.isEmpty else { continue }
            discardAction(webStates, group.browser)
            for webState in webStates where !webState.isRealized {
                discarded += 1
                discardCount += 1
                hiddenSince.removeValue(forKey: webState.id)
            }
        }
        return discarded
    }

    private func facts(_ webState: WebState) -> MemorySaverPolicy.TabFacts {
        MemorySaverPolicy.TabFacts(
            isRealized: webState.isRealized, isVisible: webState.isVisible, isLoading: webState.isLoading,
            isPlayingAudio: webState.isPlayingAudio, hadFormInteraction: webState.hadFormInteraction,
            hiddenSince: webState.isVisible ? nil : hiddenSince[webState.id])
    }

    // MARK: Scheduling

    /// Sets the timer for the first tab due (or a recheck of due tabs that were protected).
    private func reschedule() {
        timer.stop()
        guard !isShutDown else { return }
        let now = clock.now
        var next: Duration?
        for (_, hidden) in hiddenSince {
            guard let due = policy.dueTime(hiddenSince: hidden) else { return }
            let at = due > now ? due : now + recheckDelay
            next = next.map { min($0, at) } ?? at
        }
        guard let next else { return }
        timer.start(after: next - now) { [weak self] in self?.discardInactiveTabs() }
    }

    // MARK: Following tabs

    private func watch(_ browser: Browser) {
        let key = ObjectIdentifier(browser)
        guard watchers[key] == nil, !browser.isDestroyed else { return }
        let watcher = BrowserWatcher(browser: browser, service: self)
        watchers[key] = watcher
        for webState in browser.webStateList.webStates { tabArrived(webState) }
    }

    fileprivate func browserRemoved(_ browser: Browser) {
        guard let watcher = watchers.removeValue(forKey: ObjectIdentifier(browser)) else { return }
        watcher.stop()
        if !browser.webStateList.isDestroyed {
            for webState in browser.webStateList.webStates { hiddenSince.removeValue(forKey: webState.id) }
        }
    }

    fileprivate func browserAdded(_ browser: Browser) { watch(browser) }

    fileprivate func tabArrived(_ webState: WebState) {
        if webState.isRealized && !webState.isVisible { markHidden(webState) }
    }

    fileprivate func tabLeft(_ webState: WebState) { hiddenSince.removeValue(forKey: webState.id) }

    fileprivate func markHidden(_ webState: WebState) {
        guard !isShutDown, hiddenSince[webState.id] == nil else { return }
        hiddenSince[webState.id] = clock.now
        if !timer.isRunning { reschedule() }
    }

    fileprivate func markShown(_ webState: WebState) { hiddenSince.removeValue(forKey: webState.id) }

    /// A hidden tab finished loading: its page was just at work, so its wait starts again.
    fileprivate func loadStopped(_ webState: WebState) {
        guard !isShutDown, webState.isRealized, !webState.isVisible else { return }
        hiddenSince[webState.id] = clock.now
        if !timer.isRunning { reschedule() }
    }

    /// Observes the browser list for the service (kept weakly by the list).
    private final class ListObserver: BrowserListObserver {
        weak var service: MemorySaverService?
        init(service: MemorySaverService) { self.service = service }
        func browserAdded(_ list: BrowserList, browser: Browser) { service?.browserAdded(browser) }
        func browserRemoved(_ list: BrowserList, browser: Browser) { service?.browserRemoved(browser) }
        func browserListShutdown(_ list: BrowserList) { service?.shutdown() }
    }
}

/// Follows one browser's tabs for the ``MemorySaverService``: list changes and each tab's
/// shown, hidden, realized and discarded events.
@MainActor
private final class BrowserWatcher: WebStateListObserver, WebStateObserver {
    private weak var service: MemorySaverService?
    private var listObservation: ScopedObservation<WebStateList>?
    private var forwarder: AllWebStateObservationForwarder?

    init(browser: Browser, service: MemorySaverService) {
        self.service = service
        listObservation = ScopedObservation(browser.webStateList, observer: self)
        forwarder = AllWebStateObservationForwarder(list: browser.webStateList, observer: self)
    }

    func stop() {
        forwarder = nil
        listObservation = nil
    }

    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        switch change {
        case .insert(let insert): service?.tabArrived(insert.insertedWebState)
        case .replace(let replace):
            service?.tabLeft(replace.replacedWebState)
            service?.tabArrived(replace.insertedWebState)
        case .detach(let detach): service?.tabLeft(detach.detachedWebState)
        default: break
        }
    }

    func webStateListDestroyed(_ list: WebStateList) { stop() }

    func wasShown(_ webState: WebState) { service?.markShown(webState) }
    func wasHidden(_ webState: WebState) { service?.markHidden(webState) }
    func webStateRealized(_ webState: WebState) { if !webState.isVisible { service?.markHidden(webState) } }
    func didStopLoading(_ webState: WebState) { service?.loadStopped(webState) }
    func webStateDiscarded(_ webState: WebState) { service?.tabLeft(webState) }
    func webStateDestroyed(_ webState: WebState) { service?.tabLeft(webState) }
}

extension Logger {
    static var memorySaver: Logger { Logger(label: "swiftlet.memory-saver") }
}
