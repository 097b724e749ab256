public import Base
public import Foundation

/// The favicons of one profile's pages by page URL, as PNG bytes (Chromium's iOS
/// `FaviconLoader`): an in-memory cache in front of the engine's favicon database
/// (``WebEngineContext/fetchFavicon(forPageURL:completion:)``).
///
/// It lets a tab strip show the icon of a tab that is not realized — restored, or discarded
/// by the memory saver — without a web content, and without the tab itself keeping an image:
/// ``favicon(forPageURL:)`` answers from the cache and, for a page it has never asked the
/// database about, asks it (once) and tells its observers when the answer is in. Realized
/// tabs put the icon their page shows into the cache (``setFavicon(_:forPageURL:)``), so a
/// tab discarded later keeps it. The cache holds at most ``capacity`` icons, dropping the
/// oldest first. Pages the database has no icon for are remembered apart (up to
/// ``noIconCapacity`` of them, then forgotten all at once), and not announced: there is
/// nothing new to show. That keeps a restored window of more tabs than ``capacity`` from
/// asking the database again for every page without an icon at each push of its strip.
@MainActor
public final class FaviconLoader {
    private enum Entry {
        case pending
        case known(Data)
    }

    private let context: any WebEngineContext
    private var entries: [URL: Entry] = [:]
    /// The pages of ``entries`` whose answer is in, oldest first.
    private var order: [URL] = []
    private var withoutIcon: Set<URL> = []

    /// How many pages without an icon are remembered.
    public static let noIconCapacity = 10_000
    private let observers = ObserverList<any FaviconLoaderObserver>()

    /// How many pages the cache keeps.
    public let capacity: Int

    /// A loader over `context`'s favicon database, caching up to `capacity` pages.
    public init(context: any WebEngineContext, capacity: Int = 500) {
        precondition(capacity > 0, "FaviconLoader.init: capacity must be positive")
        self.context = context
        self.capacity = capacity
    }

    /// The key of the profile's loader in its user data.
    public static let userDataKey = UserDataKey<FaviconLoader>()

    /// Tells `observer` (held weakly) about icons that arrive.
    public func addObserver(_ observer: any FaviconLoaderObserver) { observers.add(observer) }

    /// Stops telling `observer`.
    public func removeObserver(_ observer: any FaviconLoaderObserver) { observers.remove(observer) }

    /// The favicon of the page at `pageURL` if it is known now. Otherwise nil; and when the
    /// database was never asked about that page, it is asked now, and the observers are told
    /// once the answer is in (even when it is "none").
    public func favicon(forPageURL pageURL: URL) -> Data? {
        if withoutIcon.contains(pageURL) { return nil }
        switch entries[pageURL] {
        case .known(let png): return png
        case .pending: return nil
        case nil:
            entries[pageURL] = .pending
            context.fetchFavicon(forPageURL: pageURL) { [weak self] png in
                self?.answer(png, for: pageURL)
            }
            return nil
        }
    }

    /// The favicon of `pageURL` from the cache alone: nil when it is unknown, without asking
    /// the database.
    public func cachedFavicon(forPageURL pageURL: URL) -> Data? {
        if case .known(let png) = entries[pageURL] { return png }
        return nil
    }

    /// Records `png` as the favicon of `pageURL` (a realized tab's page shows it) and, when
    /// `announce` is true and that changed what is known, tells the observers; an answer of
    /// the database still to come does not replace it.
    public func setFavicon(_ png: Data, forPageURL pageURL: URL, announce: Bool = true) {
        if case .known(let known) = entries[pageURL], known == png { return }
        store(png, for: pageURL)
        if announce { observers.forEach { $0.faviconLoader(self, didLoadFaviconForPageURL: pageURL) } }
    }

    /// How many icons the cache holds.
    public var count: Int { order.count }

    private func answer(_ png: Data?, for pageURL: URL) {
        // A page set meanwhile by a realized tab keeps what that tab showed.
        guard case .pending = entries[pageURL] else { return }
        guard let png else {
            entries[pageURL] = nil
            if withoutIcon.count >= Self.noIconCapacity { withoutIcon.removeAll() }
            withoutIcon.insert(pageURL)
            return
        }
        store(png, for: pageURL)
        observers.forEach { $0.faviconLoader(self, didLoadFaviconForPageURL: pageURL) }
    }

    private func store(_ png: Data, for pageURL: URL) {
        withoutIcon.remove(pageURL)
        if case .known = entries[pageURL] { order.removeAll { $0 == pageURL } }
        entries[pageURL] = .known(png)
        order.append(pageURL)
        while order.count > capacity { entries[order.removeFirst()] = nil }
    }
}
