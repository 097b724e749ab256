public import Foundation

/// A page's request for a new window (a `target=_blank` link, `window.open`, the engine's
/// "Open Link in New Window"), as a ``WebContent`` asks its delegate.
public struct NewWebContentRequest: Sendable, Equatable {
    /// The URL the new content loads.
    public var url: URL?
    /// The URL of the page that asked (the opener's committed URL).
    public var openerURL: URL?
    /// Whether a user gesture (a click, a key press) led to the request.
    public var isUserGesture: Bool

    public init(url: URL?, openerURL: URL?, isUserGesture: Bool) {
        self.url = url
        self.openerURL = openerURL
        self.isUserGesture = isUserGesture
    }
}
