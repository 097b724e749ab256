public import Foundation
public import Web

/// A tab of the profile as the "Switch to Tab" rows see it.
public struct OpenTab: Sendable, Hashable {
    public var id: WebStateID
    public var title: String
    public var url: URL

    public init(id: WebStateID, title: String, url: URL) {
        self.id = id
        self.title = title
        self.url = url
    }
}

/// The open tabs of a profile, in all its windows (the application gives them; the Omnibox
/// library knows no windows). After Chromium's `OpenTabProvider`'s tab source.
@MainActor
public protocol OpenTabSource: AnyObject {
    /// The tabs open now, the active tab of the window asking excluded (switching to it would
    /// do nothing).
    var openTabs: [OpenTab] { get }
}
