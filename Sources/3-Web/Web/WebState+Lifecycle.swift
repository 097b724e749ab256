import Foundation

extension WebState {
    /// Where a WebState is in its life, with what it holds there (Chromium's
    /// `docs/ios/unrealized_web_state.md`): only one of these at a time.
    enum Lifecycle {
        /// Made from saved metadata, not realized since: `loaders` bring the saved state
        /// back at realization.
        case unrealized(WebStateMetadata, StorageLoaders)
        /// The engine content, and the navigation manager over it.
        case realized(any WebContent, NavigationManager)
        /// Unrealized again by ``WebState/discard(loaders:)``, until the next realization:
        /// also what the discard kept of the content.
        case discarded(WebStateMetadata, StorageLoaders, KeptByDiscard)
        /// Closed (``WebState/close()``): the content and the loaders are gone; the getters
        /// go on answering from the metadata and what a discard kept, if it was unrealized.
        case destroyed(WebStateMetadata?, KeptByDiscard?)
    }

    /// What a discard keeps of the content. A reference, so that the discarded case, the
    /// largest, is only a pointer bigger than the unrealized one.
    final class KeptByDiscard {
        let faviconURL: URL?

        init(faviconURL: URL?) {
            self.faviconURL = faviconURL
        }
    }

    /// The engine content, while realized.
    var content: (any WebContent)? {
        guard case .realized(let content, _) = lifecycle else { return nil }
        return content
    }

    /// The saved metadata, while unrealized (and after a close that found it so).
    var metadata: WebStateMetadata? {
        switch lifecycle {
        case .unrealized(let metadata, _), .discarded(let metadata, _, _): metadata
        case .destroyed(let metadata, _): metadata
        case .realized: nil
        }
    }

    /// The loaders of the saved state, while unrealized.
    var loaders: StorageLoaders? {
        switch lifecycle {
        case .unrealized(_, let loaders), .discarded(_, let loaders, _): loaders
        case .realized, .destroyed: nil
        }
    }

    /// What the last discard kept, until the next realization.
    var keptByDiscard: KeptByDiscard? {
        switch lifecycle {
        case .discarded(_, _, let kept): kept
        case .destroyed(_, let kept): kept
        case .unrealized, .realized: nil
        }
    }
}
