import Foundation

extension WebState {
    /// Puts a copy of `source`'s back/forward list in this WebState's content without loading
    /// its committed entry, so that the next load adds its page after it: a WebState made to
    /// take `source`'s place (a prerendered tab; Chromium's `PreloadController` makes its
    /// WebState from `BuildSessionStorage()` of the one it will replace). Entries a restore may
    /// not load are left out (``NavigationItem/isRestorable``). Both share one context.
    public func copyHistory(of source: WebState) {
        precondition(
            source.context === context,
            "WebState.copyHistory(of:): the source must share the WebState's context")
        let history: NavigationHistory
        let blob: Data?
        if let content = source.content {
            (history, blob) = (content.history, content.sessionStateData())
        } else if let metadata = source.metadata, let loaders = source.loaders {
            history = loaders.storage()?.navigation ?? Self.fallbackHistory(metadata)
            blob = loaders.nativeSessionState()
        } else {
            return
        }
        let (kept, dropped) = history.withoutUnrestorableItems()
        guard !kept.items.isEmpty else { return }
        _ = realizedContent.restore(
            sessionState: dropped.isEmpty ? blob : nil, history: kept, loadCommittedEntry: false)
    }
}
