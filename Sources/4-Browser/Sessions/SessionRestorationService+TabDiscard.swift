public import TabModel
public import Web

extension SessionRestorationService {
    /// Discards `webStates`, realized tabs of `browser` that are not shown, to free their
    /// engine's memory (the memory saver's ``WebState/discard(loaders:)``): each tab's current
    /// state — history, and the engine's blob with the scroll position — is written first, in
    /// one save (every dirty session is saved, these tabs in any case), and each tab reads it
    /// back from this service when it is realized again, like a restored tab: from memory
    /// while the write is in flight, from its files after.
    ///
    /// `browser` must be tracked and hold every tab; ``WebState/discard(loaders:)``'s own
    /// preconditions apply.
    public func discard(_ webStates: [WebState], in browser: Browser) {
        guard let session = sessions[ObjectIdentifier(browser)] else {
            preconditionFailure("SessionRestorationService: discard(_:in:) for a browser it does not track")
        }
        for webState in webStates {
            precondition(
                browser.webStateList.index(of: webState) != nil,
                "SessionRestorationService: discard(_:in:) for a tab not in the browser")
            precondition(
                webState.isRealized, "SessionRestorationService: discard(_:in:) on an unrealized tab")
            // Written even if unchanged since the last save: the scroll position is not
            // tracked as a change, and the blob on disk may be older.
            session.markDirtyForDiscard(webState)
        }
        let metadata = webStates.map { $0.serializeMetadata() }
        saveSessions()
        for (webState, metadata) in zip(webStates, metadata) {
            webState.discard(loaders: storageLoaders(webState.id, metadata: metadata))
        }
    }
}
