public import Foundation

/// The response of a navigation, as shown to policy deciders before the page commits
/// (Chromium's `WebStatePolicyDecider::ShouldAllowResponse`).
public struct NavigationResponse: Sendable, Equatable {
    /// The URL the response came from (after redirects).
    public var url: URL
    /// Whether it is the main frame's document.
    public var isMainFrame: Bool
    /// Its MIME type, lowercased, without parameters ("" when the server sent none).
    public var mimeType: String
    /// Whether the engine can show it as a page; a response it cannot show becomes a download.
    public var canShowMIMEType: Bool

    public init(url: URL, isMainFrame: Bool = true, mimeType: String, canShowMIMEType: Bool) {
        self.url = url
        self.isMainFrame = isMainFrame
        self.mimeType = mimeType
        self.canShowMIMEType = canShowMIMEType
    }
}
