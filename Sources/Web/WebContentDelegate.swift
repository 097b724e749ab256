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
}

extension WebContentDelegate {
    /// Refuses every new window.
    public func webContent(
        _ content: any WebContent, createNewContentFor request: NewWebContentRequest
    )
        -> (any WebContent)?
    { nil }
}
