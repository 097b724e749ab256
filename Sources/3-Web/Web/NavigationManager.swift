public import Foundation

/// The navigation API of a realized ``WebState``: the back-forward list mirrored from the
/// engine, and the calls that move through it.
@MainActor
public final class NavigationManager {
    private unowned let content: any WebContent

    init(content: any WebContent) { self.content = content }

    /// The whole history.
    public var history: NavigationHistory { content.history }
    /// The entries, oldest first.
    public var items: [NavigationItem] { content.history.items }
    /// The number of entries.
    public var itemCount: Int { content.history.items.count }
    /// The committed entry's index, or -1.
    public var lastCommittedItemIndex: Int { content.history.lastCommittedItemIndex }
    /// The committed entry.
    public var lastCommittedItem: NavigationItem? { content.history.lastCommittedItem }
    /// Whether going back is possible.
    public var canGoBack: Bool { content.history.canGoBack }
    /// Whether going forward is possible.
    public var canGoForward: Bool { content.history.canGoForward }

    /// Loads `url` as a new entry, its navigation marked `transition`.
    public func load(_ url: URL, transition: PageTransition = .link) {
        content.load(url, transition: transition)
    }
    /// Goes one entry back, if possible.
    public func goBack() { if canGoBack { content.goToItem(at: lastCommittedItemIndex - 1) } }
    /// Goes one entry forward, if possible.
    public func goForward() { if canGoForward { content.goToItem(at: lastCommittedItemIndex + 1) } }
    /// Goes to the entry at `index`; an invalid index is a programming error.
    public func goToItem(at index: Int) {
        precondition(items.indices.contains(index), "NavigationManager: no item at index \(index)")
        content.goToItem(at: index)
    }
    /// Reloads the committed entry.
    public func reload() { content.reload() }
    public func stopLoading() { content.stopLoading() }
}
