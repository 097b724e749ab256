import Foundation
import Web

extension WebState {
    /// A copy of this tab, unrealized: the same history (the engine's session when it has
    /// one), realized when it is shown. The copy has this tab as its opener.
    func makeDuplicate() -> WebState {
        let storage = isRealized ? serializeToStorage() : nil
        let sessionState = sessionStateData
        var metadata = serializeMetadata()
        let now = Date()
        metadata.creationTime = now
        metadata.lastActiveTime = now
        return WebState(
            context: context, id: .newUnique(), metadata: metadata, hasOpener: true,
            loaders: WebState.StorageLoaders(storage: { storage }, nativeSessionState: { sessionState }))
    }
}
