public import Web

/// The delegate of a ``WebStateList`` (shared by the lists of a BrowserList, not owned by
/// them): attaches tab helpers when a tab is added and realizes a tab when it is activated.
@MainActor
public protocol WebStateListDelegate: AnyObject {
    /// A tab is about to be inserted (or to replace another).
    func willAddWebState(_ webState: WebState)
    /// A tab is about to become active.
    func willActivateWebState(_ webState: WebState)
    /// A tab is about to be removed (detached or closed).
    func willRemoveWebState(_ webState: WebState)
}

extension WebStateListDelegate {
    /// Does nothing.
    public func willRemoveWebState(_ webState: WebState) {}
}
