public import Base
public import Profiles
public import TabModel
import Web

/// Ends incognito state when the last incognito tab of a profile closes: the incognito
/// browsers are disconnected from their session service and destroyed (their windows go),
/// then the off-the-record profile is destroyed, which shuts its services down and deletes
/// `<profile>/OTR` — the incognito sessions included (`docs/ios/objects.md`: "the state is deleted when
/// the last off-the-record tab is closed").
///
/// The teardown runs just after the closing change (on `clock`), never from inside the
/// list's notification.
@MainActor
public final class IncognitoSessionLifetime: BrowserListObserver, WebStateListObserver {
    private let profile: Profile
    private let browserList: BrowserList
    private let services: SessionServices
    private let clock: any TimerClock
    private let willDestroyBrowsers: @MainActor ([Browser]) -> Void
    private var pending: (any ScheduledAction)?
    private var observedLists: [ObjectIdentifier: WebStateList] = [:]
    /// How many times the off-the-record profile was torn down.
    public private(set) var teardownCount = 0

    /// Watches `profile`'s incognito browsers in `browserList`; `willDestroyBrowsers` lets
    /// the UI close their windows first.
    public init(
        profile: Profile, browserList: BrowserList, services: SessionServices, clock: any TimerClock,
        willDestroyBrowsers: @escaping @MainActor ([Browser]) -> Void = { _ in }
    ) {
        self.profile = profile.originalProfile
        self.browserList = browserList
        self.services = services
        self.clock = clock
        self.willDestroyBrowsers = willDestroyBrowsers
        browserList.addObserver(self)
        for browser in browserList.browsers(.incognito) { watch(browser) }
    }

    private func watch(_ browser: Browser) {
        guard browser.kind == .incognito, browser.profile.originalProfile === profile else { return }
        observedLists[ObjectIdentifier(browser.webStateList)] = browser.webStateList
        browser.webStateList.addObserver(self)
    }

    private var incognitoTabCount: Int {
        browserList.browsers(.incognito).filter { $0.profile.originalProfile === profile }.reduce(0) {
            $0 + $1.webStateList.count
        }
    }

    /// Watches new incognito browsers.
    public func browserAdded(_ list: BrowserList, browser: Browser) { watch(browser) }

    /// Stops watching removed browsers.
    public func browserRemoved(_ list: BrowserList, browser: Browser) {
        if observedLists.removeValue(forKey: ObjectIdentifier(browser.webStateList)) != nil,
            !browser.webStateList.isDestroyed
        {
            browser.webStateList.removeObserver(self)
        }
    }

    /// Schedules the teardown when the last incognito tab closed.
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        guard case .detach(let detach) = change, detach.isClosing, incognitoTabCount == 0, pending == nil
        else {
            return
        }
        pending = clock.schedule(after: .zero) { [weak self] in
            self?.pending = nil
            self?.tearDownIfStillEmpty()
        }
    }

    /// Forgets a destroyed list.
    public func webStateListDestroyed(_ list: WebStateList) {
        observedLists.removeValue(forKey: ObjectIdentifier(list))
        list.removeObserver(self)
    }

    private func tearDownIfStillEmpty() {
        guard incognitoTabCount == 0, profile.hasOffTheRecordProfile else { return }
        let otr = profile.offTheRecordProfile
        let browsers = browserList.browsers(.incognito).filter { $0.profile === otr }
        let sessionService = services.sessionRestoration(for: otr)
        for browser in browsers { sessionService.disconnect(browser) }
        willDestroyBrowsers(browsers)
        for browser in browsers where !browser.isDestroyed { browser.destroy() }
        profile.destroyOffTheRecordProfile()
        teardownCount += 1
    }
}
