public import Foundation

/// How a page was asked for by the user agent (desktop or mobile); stored per item.
public enum UserAgentType: Int, Sendable, Codable, Equatable {
    /// No preference recorded.
    case none = 0
    /// The automatic choice.
    case automatic = 1
    /// A mobile user agent.
    case mobile = 2
    /// A desktop user agent.
    case desktop = 3
}

/// A referrer and its policy.
public struct Referrer: Sendable, Codable, Equatable {
    /// The referring URL.
    public var url: URL
    /// The referrer policy, as its numeric value.
    public var policy: Int

    public init(url: URL, policy: Int = 0) {
        self.url = url
        self.policy = policy
    }
}

/// One entry of a tab's back-forward history.
public struct NavigationItem: Sendable, Codable, Equatable {
    /// The URL that was loaded.
    public var url: URL
    /// The URL shown to the user, when it differs from ``url``.
    public var virtualURL: URL?
    /// The page title.
    public var title: String
    /// When the entry was last committed.
    public var timestamp: Date
    /// The user agent used.
    public var userAgent: UserAgentType
    /// The referrer, if any.
    public var referrer: Referrer?
    /// Extra request headers sent with the navigation.
    public var httpRequestHeaders: [String: String]

    public init(
        url: URL, virtualURL: URL? = nil, title: String = "", timestamp: Date = Date(),
        userAgent: UserAgentType = .automatic, referrer: Referrer? = nil,
        httpRequestHeaders: [String: String] = [:]
    ) {
        self.url = url
        self.virtualURL = virtualURL
        self.title = title
        self.timestamp = timestamp
        self.userAgent = userAgent
        self.referrer = referrer
        self.httpRequestHeaders = httpRequestHeaders
    }

    /// The URL to display: ``virtualURL`` if set, else ``url``.
    public var displayURL: URL { virtualURL ?? url }
}

/// A tab's whole back-forward history: the items and which one is committed.
public struct NavigationHistory: Sendable, Codable, Equatable {
    /// The entries, oldest first.
    public var items: [NavigationItem]
    /// The index of the committed entry, or -1 when there is none.
    public var lastCommittedItemIndex: Int

    /// Creates a history; `lastCommittedItemIndex` must be -1 or a valid index.
    public init(items: [NavigationItem] = [], lastCommittedItemIndex: Int = -1) {
        precondition(
            lastCommittedItemIndex >= -1 && lastCommittedItemIndex < max(items.count, 0)
                || items.isEmpty
                    && lastCommittedItemIndex == -1,
            "NavigationHistory: index \(lastCommittedItemIndex) out of range for \(items.count) items")
        self.items = items
        self.lastCommittedItemIndex = lastCommittedItemIndex
    }

    /// An empty history.
    public static let empty = NavigationHistory()

    /// The committed entry, if any.
    public var lastCommittedItem: NavigationItem? {
        items.indices.contains(lastCommittedItemIndex) ? items[lastCommittedItemIndex] : nil
    }

    /// Whether there is an entry before the committed one.
    public var canGoBack: Bool { lastCommittedItemIndex > 0 }

    /// Whether there is an entry after the committed one.
    public var canGoForward: Bool { lastCommittedItemIndex >= 0 && lastCommittedItemIndex < items.count - 1 }
}
