public import Foundation

/// The embedder's side of a ``WebState`` (Chromium's web::WebStateDelegate): what the tab
/// cannot decide alone, such as where a window the page opens goes.
@MainActor
public protocol WebStateDelegate: AnyObject {
    /// The page of `source` opens a window for `url`. Returns a new realized WebState
    /// (made with ``WebState/CreateParams/opener`` set to `source`, so that its content is
    /// the engine's related one) placed where the user sees it, or nil to refuse.
    func createNewWebState(
        for source: WebState, url: URL?, openerURL: URL?, initiatedByUser: Bool
    ) -> WebState?

    /// The user asked for `params.url` to open from `source` in another tab or window
    /// (Chromium's OpenURLFromWebState): a link clicked with the middle button or a modifier.
    /// Returns the WebState that loads it, or nil when it opened none. A user's request is
    /// never blocked as a pop-up.
    func openURL(from source: WebState, params: WebState.OpenURLParams) -> WebState?

    /// The page of `webState` asked to close its window (`window.close()`) and the engine
    /// allowed it (Chromium's CloseWebState): the delegate closes the tab, or does nothing to
    /// keep it.
    func closeWebState(_ webState: WebState)

    /// The user asked for the context menu of `source`'s page over what `params` describes
    /// (iOS's `WebStateDelegate::ContextMenuConfiguration`): the menu's sections, or nil for
    /// the engine's own menu.
    func contextMenuItems(for source: WebState, params: ContextMenuParams) -> [[ContextMenuItem]]?

    /// The page of `webState` opens a JavaScript dialog: whether it is shown (Chromium's
    /// `WebStateDelegate::GetJavaScriptDialogPresenter`); when not, it is dismissed.
    func shouldShowJavaScriptDialog(for webState: WebState) -> Bool

    /// The server of `webState`'s page asks for credentials: whether the user is prompted
    /// (Chromium's `WebStateDelegate::OnAuthRequired`); when not, the challenge is cancelled.
    func shouldShowAuthenticationPrompt(for webState: WebState) -> Bool
}

extension WebStateDelegate {
    /// Opens nothing.
    public func openURL(from source: WebState, params: WebState.OpenURLParams) -> WebState? { nil }

    /// Keeps the tab.
    public func closeWebState(_ webState: WebState) {}

    /// The engine's own menu.
    public func contextMenuItems(for source: WebState, params: ContextMenuParams) -> [[ContextMenuItem]]? {
        nil
    }

    /// Shows it.
    public func shouldShowJavaScriptDialog(for webState: WebState) -> Bool { true }

    /// Prompts.
    public func shouldShowAuthenticationPrompt(for webState: WebState) -> Bool { true }
}
