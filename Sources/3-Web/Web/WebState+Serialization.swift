public import Foundation

// What a session service saves of the WebState (`ios/chrome/browser/sessions/model/README.md`).
extension WebState {
    /// The metadata to save; works in both states.
    public func serializeMetadata() -> WebStateMetadata {
        if let metadata { return metadata }
        return WebStateMetadata(
            creationTime: creationTime, lastActiveTime: lastActiveTime, title: title, url: visibleURL,
            navigationItemCount: navigationItemCount)
    }

    /// The full storage to save. Calling it on an unrealized WebState is a programming
    /// error (its storage is on disk already).
    public func serializeToStorage() -> WebStateStorage {
        guard let content else {
            preconditionFailure("WebState \(id.rawValue): serializeToStorage() on an unrealized WebState")
        }
        return WebStateStorage(
            hasOpener: hasOpener, metadata: serializeMetadata(), userAgent: userAgent,
            navigation: content.history, zoomLevel: ownZoomLevel)
    }

    /// The engine's native session blob: from the content when realized, else from the
    /// saved state (without realizing).
    public var sessionStateData: Data? {
        switch lifecycle {
        case .realized(let content, _): content.sessionStateData()
        case .unrealized(_, let loaders), .discarded(_, let loaders, _): loaders.nativeSessionState()
        case .destroyed: nil
        }
    }
}
