/// The receiver of a ``WebContent``'s events and policy questions.
@MainActor
public protocol WebContentDelegate: AnyObject {
    /// The content reports `event`.
    func webContent(_ content: any WebContent, didReport event: WebContentEvent)
    /// Whether `request` may proceed.
    func webContent(_ content: any WebContent, decidePolicyFor request: NavigationRequest) -> PolicyDecision
    /// The page asks for a new window. Returns the content to load it in — made with
    /// ``WebContent/makeRelatedContent()`` from `content` — or nil to refuse (block) it.
    func webContent(
        _ content: any WebContent, createNewContentFor request: NewWebContentRequest
    )
        -> (any WebContent)?
    /// The user asked for `request` to open somewhere else than the content (its
    /// ``NavigationRequest/disposition`` is not ``WindowOpenDisposition/currentTab``); the
    /// engine has cancelled it in place.
    func webContent(_ content: any WebContent, openURLFor request: NavigationRequest)
    /// The page asked to close its window (`window.close()`), and the engine allows it: the
    /// page was opened by a script, or its history has a single entry. The content stays
    /// open until its owner closes it.
    func webContentDidRequestClose(_ content: any WebContent)
    /// The user asked for the page's context menu over what `params` describes. Returns the
    /// menu's sections (the engine puts separators between them), or nil for the engine's
    /// own menu.
    func webContent(
        _ content: any WebContent, contextMenuFor params: ContextMenuParams
    ) -> [[ContextMenuItem]]?
    /// The page asks for what `request` names; `decisionHandler` is called once with the
    /// answer, now or later (after a prompt), on the main actor.
    func webContent(
        _ content: any WebContent, requestPermission request: PermissionRequest,
        decisionHandler: @escaping @MainActor (PermissionDecision) -> Void)
    /// The page shows `notification`. Returns whether the delegate presents it; false lets
    /// the engine show it its own way.
    func webContent(_ content: any WebContent, showNotification notification: WebNotification) -> Bool
    /// The notification `id` the delegate presented was closed by the page (`close()`, or the
    /// page going away).
    func webContent(_ content: any WebContent, notificationClosed id: UInt64)
    /// Whether the main frame's page of `response` may commit; when not, the engine ends the
    /// navigation, cancelled, without downloading it.
    func webContent(
        _ content: any WebContent, decidePolicyForResponse response: NavigationResponse
    )
        -> PolicyDecision
    /// The page opens a JavaScript dialog (`alert`, `confirm`, `prompt`, `beforeunload`).
    /// Returns whether the engine shows it; when not, the dialog is answered as dismissed.
    func webContentShouldShowJavaScriptDialog(_ content: any WebContent) -> Bool
    /// The server asks for credentials (HTTP authentication). Returns whether the engine
    /// prompts for them; when not, the challenge is cancelled.
    func webContentShouldShowAuthenticationPrompt(_ content: any WebContent) -> Bool
}

extension WebContentDelegate {
    /// Refuses every new window.
    public func webContent(
        _ content: any WebContent, createNewContentFor request: NewWebContentRequest
    )
        -> (any WebContent)?
    { nil }

    /// Ignores the request.
    public func webContent(_ content: any WebContent, openURLFor request: NavigationRequest) {}

    /// Ignores the request.
    public func webContentDidRequestClose(_ content: any WebContent) {}

    /// The engine's own menu.
    public func webContent(
        _ content: any WebContent, contextMenuFor params: ContextMenuParams
    )
        -> [[ContextMenuItem]]?
    { nil }

    /// Denies the request.
    public func webContent(
        _ content: any WebContent, requestPermission request: PermissionRequest,
        decisionHandler: @escaping @MainActor (PermissionDecision) -> Void
    ) { decisionHandler(.deny) }

    /// Lets the engine show it.
    public func webContent(_ content: any WebContent, showNotification notification: WebNotification) -> Bool
    {
        false
    }

    /// Does nothing.
    public func webContent(_ content: any WebContent, notificationClosed id: UInt64) {}
    /// Allows it.
    public func webContent(
        _ content: any WebContent, decidePolicyForResponse response: NavigationResponse
    )
        -> PolicyDecision
    { .allow }
    /// Shows it.
    public func webContentShouldShowJavaScriptDialog(_ content: any WebContent) -> Bool { true }
    /// Prompts.
    public func webContentShouldShowAuthenticationPrompt(_ content: any WebContent) -> Bool { true }
}
