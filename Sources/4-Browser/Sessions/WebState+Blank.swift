public import Web

extension WebState {
    /// Whether the tab is blank, as ``WebStateStorage/isBlank(isPinned:)`` says of a saved
    /// one that is not pinned: at most one entry, a new tab page, and nothing else loading (a typed address
    /// still loading is what the tab shows, so it is not blank).
    public var isBlank: Bool {
        guard navigationItemCount <= 1 else { return false }
        guard let url = visibleURL else { return true }
        return WebStateStorage.isNewTabPage(url)
    }
}
