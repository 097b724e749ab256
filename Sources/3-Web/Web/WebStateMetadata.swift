public import Foundation

/// What an unrealized ``WebState`` knows without its engine: enough to show a tab in a
/// tab strip and to save it again (Chromium's WebStateMetadataStorage).
public struct WebStateMetadata: Sendable, Equatable {
    /// When the tab was created.
    public var creationTime: Date
    /// When the tab was last shown.
    public var lastActiveTime: Date
    /// The active page's title.
    public var title: String
    /// The active page's URL.
    public var url: URL?
    /// The number of back-forward entries.
    public var navigationItemCount: Int

    /// Creates metadata.
    public init(
        creationTime: Date, lastActiveTime: Date, title: String = "", url: URL? = nil,
        navigationItemCount: Int = 0
    ) {
        self.creationTime = creationTime
        self.lastActiveTime = lastActiveTime
        self.title = title
        self.url = url
        self.navigationItemCount = navigationItemCount
    }
}

/// Everything a ``WebState`` saves apart from the engine's native blob (Chromium's
/// WebStateStorage, with its metadata).
public struct WebStateStorage: Sendable, Equatable {
    /// Whether the tab was opened by another tab.
    public var hasOpener: Bool
    /// The tab's metadata.
    public var metadata: WebStateMetadata
    /// The user agent used by the tab.
    public var userAgent: UserAgentType
    /// The back-forward history.
    public var navigation: NavigationHistory
    /// The tab's own page zoom factor (1 is 100%), restored when the tab is realized; nil
    /// while it follows its context's default.
    public var zoomLevel: Double?

    /// Creates storage.
    public init(
        hasOpener: Bool = false, metadata: WebStateMetadata, userAgent: UserAgentType = .automatic,
        navigation: NavigationHistory, zoomLevel: Double? = nil
    ) {
        self.hasOpener = hasOpener
        self.metadata = metadata
        self.userAgent = userAgent
        self.navigation = navigation
        self.zoomLevel = zoomLevel
    }
}
