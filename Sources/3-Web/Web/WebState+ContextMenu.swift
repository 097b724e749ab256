public import Foundation

extension WebState {
    /// Asks the delegate for the page's context menu
    /// (``WebStateDelegate/contextMenuItems(for:params:)``); with no delegate, the engine's own.
    public func webContent(
        _ content: any WebContent, contextMenuFor params: ContextMenuParams
    )
        -> [[ContextMenuItem]]?
    {
        guard content === self.content, !isBeingDestroyed else { return nil }
        notifyRealizedIfPending()
        return delegate?.contextMenuItems(for: self, params: params)
    }

    /// Downloads `url` from the page to `destination` (``WebContent/download(_:to:)``);
    /// nothing for an unrealized tab, which has no page to download from.
    public func download(_ url: URL, to destination: URL) {
        content?.download(url, to: destination)
    }

    /// Saves the committed page to `destination` as MHTML (``WebContent/savePage(to:completion:)``);
    /// false at once for an unrealized tab.
    public func savePage(to destination: URL, completion: @escaping @MainActor (Bool) -> Void) {
        guard let content else { return completion(false) }
        content.savePage(to: destination, completion: completion)
    }
}
