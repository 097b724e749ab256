/// The receiver of a ``WebContent``'s events and policy questions.
@MainActor
public protocol WebContentDelegate: AnyObject {
    /// The content reports `event`.
    func webContent(_ content: any WebContent, didReport event: WebContentEvent)
    /// Whether `request` may proceed.
    func webContent(_ content: any WebContent, decidePolicyFor request: NavigationRequest) -> PolicyDecision
}
