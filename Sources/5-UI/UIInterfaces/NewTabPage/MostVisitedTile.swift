public import Foundation

/// One site of the new tab page's Most Visited grid.
public struct MostVisitedTile: Equatable, Sendable {
    /// The page, which opening the tile loads and removing it names.
    public var url: URL
    /// The page's title, or its host when it has none.
    public var title: String
    /// The page's favicon as PNG bytes, when the profile has it.
    public var favicon: Data?

    public init(url: URL, title: String, favicon: Data? = nil) {
        self.url = url
        self.title = title
        self.favicon = favicon
    }
}
