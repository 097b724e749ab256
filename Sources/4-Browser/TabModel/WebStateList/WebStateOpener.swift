public import Web

/// The tab that opened another one, with the opener's committed navigation index at that
/// time (a later navigation of the opener ends the relationship for insertion order).
@MainActor
public struct WebStateOpener {
    /// The opener.
    public let webState: WebState
    /// The opener's last committed item index when the relationship was made (-1 if none).
    public let navigationIndex: Int

    /// An opener relationship to `webState` at its current committed index (-1 when it is
    /// unrealized or has no committed entry).
    public init(_ webState: WebState) {
        self.webState = webState
        navigationIndex = webState.navigationManagerIfRealized?.lastCommittedItemIndex ?? -1
    }

    /// An opener relationship with an explicit navigation index.
    public init(_ webState: WebState, navigationIndex: Int) {
        self.webState = webState
        self.navigationIndex = navigationIndex
    }
}
