extension WebState {
    /// Whether the WebState has its engine content.
    public var isRealized: Bool {
        guard case .realized = lifecycle else { return false }
        return true
    }

    /// Realizes the WebState if it is not yet: creates the content, restores the saved
    /// history into it (which loads the committed entry) and notifies `webStateRealized`.
    /// Idempotent.
    ///
    /// `webStateRealized` is the first event observers get from the realized WebState: it
    /// is sent before the content reports anything of the restore (with a synchronous
    /// engine, when the content reports its first event, by which time the history is in
    /// place), so that code starting on it sees the restored page load.
    public func forceRealized() { _ = realized() }

    /// The content and its navigation manager, realizing the WebState first if needed.
    func realized() -> (content: any WebContent, navigation: NavigationManager) {
        let metadata: WebStateMetadata
        let loaders: StorageLoaders
        let kept: KeptByDiscard?
        switch lifecycle {
        case .realized(let content, let navigation): return (content, navigation)
        case .unrealized(let savedMetadata, let savedLoaders):
            (metadata, loaders, kept) = (savedMetadata, savedLoaders, nil)
        case .discarded(let savedMetadata, let savedLoaders, let savedKept):
            (metadata, loaders, kept) = (savedMetadata, savedLoaders, savedKept)
        case .destroyed: preconditionFailure("WebState \(id.rawValue): realized while being destroyed")
        }
        precondition(!isBeingDestroyed, "WebState \(id.rawValue): realized while being destroyed")
        // The committed page of the saved state is the one the content shows first.
        let newContent = context.makeWebContent(for: metadata.url)
        let navigation = NavigationManager(content: newContent)
        lifecycle = .realized(newContent, navigation)
        newContent.delegate = self
        realizedNotificationPending = true
        let storage = loaders.storage()
        if let storage {
            hasOpener = hasOpener || storage.hasOpener
            userAgent = storage.userAgent
            if kept == nil { ownZoomLevel = storage.zoomLevel }
        }
        // Before the restore, so that the page loads at its zoom.
        let zoom = ownZoomLevel ?? context.defaultPageZoom.factor
        if newContent.zoomLevel != zoom { newContent.zoomLevel = zoom }
        context.defaultPageZoom.addFollower(self)
        // Whatever gave the history (a file anyone can write), it never loads what a page
        // could not reach by itself; the engine's blob holds the same entries, so it goes too.
        let (history, dropped) = (storage?.navigation ?? Self.fallbackHistory(metadata))
            .withoutUnrestorableItems()
        let blob = dropped.isEmpty ? loaders.nativeSessionState() : nil
        if !history.items.isEmpty || blob != nil {
            if let item = history.lastCommittedItem, !item.title.isEmpty {
                restoredTitle = RestoredTitle(title: item.title, url: item.url)
            }
            newContent.restore(
                sessionState: blob, history: history, loadCommittedEntry: loaders.loadsCommittedEntry)
        }
        notifyRealizedIfPending()
        return (newContent, navigation)
    }

    var realizedContent: any WebContent { realized().content }

    func notifyRealizedIfPending() {
        guard realizedNotificationPending else { return }
        realizedNotificationPending = false
        observers?.forEach { $0.webStateRealized(self) }
    }

    static func fallbackHistory(_ metadata: WebStateMetadata) -> NavigationHistory {
        // Data lost or unreadable: bring back at least the page the tab showed.
        guard let url = metadata.url, NavigationItem.isRestorable(url) else { return .empty }
        return NavigationHistory(
            items: [NavigationItem(url: url, title: metadata.title, timestamp: metadata.lastActiveTime)],
            lastCommittedItemIndex: 0)
    }
}
