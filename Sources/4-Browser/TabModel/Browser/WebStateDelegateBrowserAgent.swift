public import Foundation
public import Web

/// Makes itself the ``WebStateDelegate`` of every tab of its ``Browser`` (Chromium's
/// WebStateDelegateBrowserAgent): a window a page opens becomes a tab of the same window,
/// placed by the opener rules of ``WebStateListInsertionParams`` (after its opener and the
/// opener's other children) with the opener recorded, and activated when the user asked
/// for it. Requests without a user gesture never reach it: the ``WebState`` blocks them.
@MainActor
public final class WebStateDelegateBrowserAgent: BrowserAgent {
    // Weak: a browser that goes away without destroy() may release its list first.
    private weak var webStateList: WebStateList?

    /// Attaches to `browser`'s tab list and becomes the delegate of its tabs.
    public init(_ browser: Browser) {
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
