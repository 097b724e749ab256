extension WebState {
    /// Whether the WebState is unrealized because it was discarded (``discard(loaders:)``),
    /// until it is realized again.
    public var isDiscarded: Bool { keptByDiscard != nil }

    /// Discards the WebState back to unrealized, to free its engine content's memory: the
    /// content is closed and `loaders` will bring the page back at the next realization
    /// (with its history, and the engine's blob restoring the scroll position). The title,
    /// URL, favicon URL and zoom stay; observers get ``WebStateObserver/webStateDiscarded(_:)``.
    ///
    /// The caller makes sure `loaders` can read what the content holds now (a session
    /// service saves it first; ``discard()`` keeps it in memory). Discarding an unrealized,
    /// a visible or a closing WebState is a programming error. Which tabs to discard (not a
    /// loading one, not one playing audio or with an edited form) is the caller's policy.
    public func discard(loaders: StorageLoaders) {
        guard let content else {
            preconditionFailure("WebState \(id.rawValue): discard(loaders:) on an unrealized WebState")
        }
        precondition(!isVisible, "WebState \(id.rawValue): discard(loaders:) on a visible WebState")
        precondition(!isBeingDestroyed, "WebState \(id.rawValue): discard(loaders:) while being destroyed")
        let kept = KeptByDiscard(faviconURL: content.faviconURL)
        lifecycle = .discarded(serializeMetadata(), loaders, kept)
        context.defaultPageZoom.removeFollower(self)
        content.delegate = nil
        realizedNotificationPending = false
        content.close()
        observers?.forEach { $0.webStateDiscarded(self) }
    }

    /// Discards the WebState (``discard(loaders:)``) keeping its saved state — the history
    /// and the engine's blob — in memory: for WebStates no session service saves.
    public func discard() {
        guard isRealized else {
            preconditionFailure("WebState \(id.rawValue): discard() on an unrealized WebState")
        }
        let storage = serializeToStorage()
        let blob = sessionStateData
        discard(loaders: StorageLoaders(storage: { storage }, nativeSessionState: { blob }))
    }
}
