public import Foundation

/// Told when a ``FaviconLoader`` learns the favicon of a page.
@MainActor
public protocol FaviconLoaderObserver: AnyObject {
    /// The favicon of the page at `pageURL` is known now (``FaviconLoader/favicon(forPageURL:)``).
    func faviconLoader(_ loader: FaviconLoader, didLoadFaviconForPageURL pageURL: URL)
}
