public import Foundation
public import TabModel
public import Web

/// A window's side of its profile's ``PrerenderService`` (Chromium's `PrerenderBrowserAgent`):
/// what the location bar asks for this window, and the end of a prerender made of a tab that
/// is no longer the active one.
@MainActor
public final class PrerenderBrowserAgent: BrowserAgent, WebStateListObserver {
    /// The profile's service.
    public let service: PrerenderService
    private weak var browser: Browser?

    private init(browser: Browser, service: PrerenderService) {
        self.browser = browser
        self.service = service
        browser.webStateList.addObserver(self)
    }

    /// Attaches the agent to `browser` unless it has one; returns the attached one.
    @discardableResult
    public static func attach(to browser: Browser, service: PrerenderService) -> PrerenderBrowserAgent {
        createForBrowser(browser) { PrerenderBrowserAgent(browser: browser, service: service) }
    }

    isolated deinit {
        browser?.webStateList.removeObserver(self)
    }

    /// Prerenders `url` in place of the active tab (``PrerenderService/startPrerender(url:transition:browser:immediately:)``).
    public func startPrerender(url: URL, transition: PageTransition, immediately: Bool) {
        guard let browser else { return }
        service.startPrerender(url: url, transition: transition, browser: browser, immediately: immediately)
    }

    /// Shows the prerendered page of `url` in the active tab's place; false when there is
    /// none for it (the caller loads `url`).
    public func loadPrerenderedURL(_ url: URL, transition: PageTransition) -> Bool {
        guard let browser else { return false }
        return service.maybeLoadPrerenderedURL(url, transition: transition, into: browser)
    }

    /// Ends the prerender (``PrerenderService/cancelPrerender(reason:)``).
    public func cancelPrerender(reason: PrerenderCancelReason) {
        service.cancelPrerender(reason: reason)
    }

    /// Whether `url` is prerendered.
    public func hasPrerender(for url: URL) -> Bool { service.hasPrerender(for: url) }

    /// Another active tab: a prerender made of the one before cannot replace it.
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        guard status.activeWebStateChanged else { return }
        if let browser, service.isPrerendering(for: browser) { service.cancelPrerender(reason: .notUsed) }
    }
}
