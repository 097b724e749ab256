public import Foundation

/// One visit as the History window lists it.
public struct HistoryItem: Equatable, Sendable, Identifiable {
    /// Names the visit in ``HistoryCommands`` (opaque to the window).
    public var id: Int64
    /// The page's title, else its address.
    public var title: String
    /// The page's address as shown under the title; rows of one address share its favicon
    /// (``HistoryConsumer/setFavicon(_:forURL:)``).
    public var url: String
    /// The time of the visit, as shown at the row's end ("14:05").
    public var time: String
    /// The site's icon as PNG bytes, when known.
    public var favicon: Data?

    public init(id: Int64, title: String, url: String, time: String, favicon: Data? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.time = time
        self.favicon = favicon
    }
}
