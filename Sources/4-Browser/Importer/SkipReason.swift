/// Why a reader left an entry out; readers count them (`[SkipReason: Int]`) so that an import
/// can say how many came in and how many did not, and why.
public enum SkipReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A Firefox tag or a bookmark filed under one: our bookmarks have no tags (nor do
    /// Chromium's, whose Firefox importer drops them too).
    case tag
    /// A separator between bookmarks: a `BookmarkEntry` has no separators.
    case separator
    /// An address that is not a page: invalid, or of a scheme an import leaves out (Firefox's
    /// `place:` queries, `about:`, `chrome:`, `wyciwyg:`).
    case notAPage
    /// A visit through a redirect (an intermediate hop, or Firefox's permanent and temporary
    /// redirect visits).
    case redirect
    /// A page loaded inside another (Firefox's embed and framed-link visits).
    case embedded
    /// A download (Firefox's download visits).
    case download
    /// A reload of the page.
    case reload
    /// A visit type the reader does not know.
    case unknownVisitType
    /// A page the browser hides from its history (Chromium's `urls.hidden`).
    case hidden
    /// A visit or an entry without a time, or with one out of range.
    case noTime

    public var description: String {
        switch self {
        case .tag: "tags (Swiftlet's bookmarks have no tags)"
        case .separator: "separators"
        case .notAPage: "addresses that are not pages"
        case .redirect: "redirects"
        case .embedded: "embedded pages"
        case .download: "downloads"
        case .reload: "reloads"
        case .unknownVisitType: "visits of an unknown kind"
        case .hidden: "hidden pages"
        case .noTime: "entries without a time"
        }
    }
}
