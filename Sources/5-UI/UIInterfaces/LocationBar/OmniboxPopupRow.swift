public import Foundation

/// One row of the location bar's dropdown, as the view draws it (Chromium's
/// `OmniboxPopupView` rows: an icon, the title, the URL, the matched text in bold).
public struct OmniboxPopupRow: Equatable, Sendable {
    /// What the row opens, for its icon and its tag.
    public enum Kind: Equatable, Sendable {
        /// A page from history.
        case page
        /// The URL typed.
        case typedURL
        /// A search for what was typed (tagged "Search").
        case search
        /// An open tab (tagged "Switch to Tab").
        case switchToTab
    }

    public var kind: Kind
    public var title: String
    /// The parts of ``title`` in bold, as UTF-8 byte offsets (Pango's).
    public var titleBold: [Range<Int>]
    /// The URL as people read it (empty for a search).
    public var url: String
    /// The parts of ``url`` in bold, as UTF-8 byte offsets.
    public var urlBold: [Range<Int>]
    /// The page's favicon (PNG bytes), shown in place of the kind's icon; nil: not known (yet).
    public var favicon: Data?

    public init(
        kind: Kind, title: String, titleBold: [Range<Int>] = [], url: String, urlBold: [Range<Int>] = [],
        favicon: Data? = nil
    ) {
        self.favicon = favicon
        self.kind = kind
        self.title = title
        self.titleBold = titleBold
        self.url = url
        self.urlBold = urlBold
    }
}
