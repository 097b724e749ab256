public import Foundation
public import Web

/// Makes itself the ``WebStateDelegate`` of every tab of its ``Browser`` (Chromium's
/// WebStateDelegateBrowserAgent): a window a page opens becomes a tab of the same window,
/// placed by the opener rules of ``WebStateListInsertionParams`` (after its opener and the
/// opener's other children) with the opener recorded, and activated when the user asked
/// for it. Requests without a user gesture never reach it: the ``WebState`` blocks them.
/// A link the user opens in another tab goes to the same place, in the background or the
/// foreground; one opened in a new window goes to ``windowOpener``.
@MainActor
public final class WebStateDelegateBrowserAgent: BrowserAgent {
    // Weak: a browser that goes away without destroy() may release its list first.
    private weak var webStateList: WebStateList?
    private weak var browser: Browser?

    /// Opens the windows the user asks for from a tab (held weakly); with none, such a
    /// request opens nothing.
    public weak var windowOpener: (any BrowserWindowOpener)?

    /// Builds the context menu of this browser's pages (held weakly); with none, a page shows
    /// the engine's own menu.
    public weak var contextMenuProvider: (any ContextMenuConfigurationProvider)?

    /// Attaches to `browser`'s tab list and becomes the delegate of its tabs.
    public init(_ browser: Browser) {
        self.browser = browser
        let list = browser.webStateList
        webStateList = list
        list.addObserver(self)
        for webState in list.webStates { webState.delegate = self }
    }

    /// Attaches the agent to `browser` unless it has one.
    @discardableResult
    public static func attach(to browser: Browser) -> WebStateDelegateBrowserAgent {
        createForBrowser(browser) { WebStateDelegateBrowserAgent(browser) }
    }

    isolated deinit {
        guard let webStateList else { return }
        webStateList.removeObserver(self)
        for webState in webStateList.webStates where webState.delegate === self { webState.delegate = nil }
    }
}

extension WebStateDelegateBrowserAgent: WebStateDelegate {
    /// Inserts a new WebState related to `source` after it (and its other children), with
    /// `source` as opener; activates it when the user asked for it. Refuses a source that
    /// is not in this browser.
    public func createNewWebState(
        for source: WebState, url: URL?, openerURL: URL?, initiatedByUser: Bool
    ) -> WebState? {
        guard let webStateList, webStateList.contains(source) else { return nil }
        let child = WebState(params: .init(context: source.context, opener: source))
        webStateList.insert(child, .automatic.withOpener(WebStateOpener(source)).activating(initiatedByUser))
        return child
    }

    /// Opens a link the user sent out of `source` (Chromium's OpenURLFromWebState): a tab
    /// goes after `source` and its other children, with `source` as opener, activated for
    /// ``WindowOpenDisposition/newForegroundTab``; a window is the ``windowOpener``'s. The
    /// new tab's page is not related to `source`'s (it has no `window.opener`). Refuses a
    /// source that is not in this browser.
    public func openURL(from source: WebState, params: WebState.OpenURLParams) -> WebState? {
        guard let webStateList, webStateList.contains(source) else { return nil }
        switch params.disposition {
        case .currentTab:
            source.load(params.url)
            return source
        case .newForegroundTab, .newBackgroundTab:
            let child = WebState(
                params: .init(context: source.context, createdWithOpener: true, url: params.url))
            webStateList.insert(
                child,
                .automatic.withOpener(WebStateOpener(source)).activating(
                    params.disposition == .newForegroundTab))
            child.load(params.url)
            return child
        case .newWindow:
            guard let browser else { return nil }
            windowOpener?.openNewWindow(loading: params.url, from: browser)
            return nil
        }
    }

    /// Closes `webState`, whose page called `window.close()`, as Chromium's agent does
    /// (``WebStateListCloseFlags/userAction``; like any tab closed, it goes to recently
    /// closed, and the list picks the next active tab by its rules). Does nothing for a
    /// WebState not in this browser. Whether a page may close its window at all is the
    /// engine's rule (opened by a script, or a single history entry).
    public func closeWebState(_ webState: WebState) {
        guard let webStateList, !webStateList.isDestroyed, let index = webStateList.index(of: webState) else {
            return
        }
        webStateList.close(at: index, flags: .userAction)
    }
}

extension WebStateDelegateBrowserAgent {
    /// The ``contextMenuProvider``'s menu for a tab of this browser; nil (the engine's own
    /// menu) without a provider or for a source that is not in this browser.
    public func contextMenuItems(for source: WebState, params: ContextMenuParams) -> [[ContextMenuItem]]? {
        guard let webStateList, webStateList.contains(source) else { return nil }
        return contextMenuProvider?.contextMenuItems(for: source, params: params)
    }
}

extension WebStateDelegateBrowserAgent: WebStateListObserver {
    /// Becomes the delegate of inserted tabs and stops being the one of detached tabs.
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        switch change {
        case .insert(let insert): insert.insertedWebState.delegate = self
        case .replace(let replace):
            if replace.replacedWebState.delegate === self { replace.replacedWebState.delegate = nil }
            replace.insertedWebState.delegate = self
        case .detach(let detach):
            if detach.detachedWebState.delegate === self { detach.detachedWebState.delegate = nil }
        default: break
        }
    }
}
