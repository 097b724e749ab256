public import Foundation
public import Web

// What the UI shows for a tab on the new tab page: a new tab opens the blank page, which the
// window shows as Chromium shows its new tab page: the location entry empty with its
// placeholder, the tab and the window titled "New Tab", never "about:blank"
// (`ios/chrome/browser/ntp/model/new_tab_page_util.h`, `ios/chrome/browser/tabs/model/tab_title_util.h`).

extension WebState {
    /// The title of a tab on the new tab page (Chromium's IDS_DEFAULT_TAB_TITLE).
    public static let newTabPageTitle = "New Tab"

    /// Whether `url` is the new tab page's: the blank page new tabs open, or no page yet.
    public static func isNewTabPageURL(_ url: URL?) -> Bool {
        guard let url else { return true }
        return url.absoluteString == "about:blank"
    }

    /// Whether the tab shows (or is about to show) the new tab page (Chromium's
    /// `IsVisibleURLNewTabPage`).
    public var isVisibleURLNewTabPage: Bool { Self.isNewTabPageURL(visibleURL) }

    /// The page's title; "New Tab" for an untitled new tab page; empty for another
    /// untitled page (whose URL stands for it where a title is needed).
    public var titleOrNewTabPageTitle: String {
        if title.isEmpty, isVisibleURLNewTabPage { return Self.newTabPageTitle }
        return title
    }
}
