public import Foundation
public import Prefs

/// What new tabs and new windows open: Chromium's `homepage_is_newtabpage` and `homepage`
/// (`components/pref_registry` names from `chrome/common/pref_names.h`), syncable profile
/// prefs. While the first is true, or the home page is empty, they open the blank page, which
/// the window shows as its new tab page.
public enum HomePagePrefs {
    /// Whether new tabs and windows open the new tab page rather than the home page.
    public static let homePageIsNewTabPage = "homepage_is_newtabpage"
    /// The home page's URL.
    public static let homePage = "homepage"
    /// Whether the new tab page shows the most visited sites (Chromium's
    /// `prefs::kNtpShortcutsVisible`, whose name has that spelling); on by default, as the new
    /// tab pages of Chromium, Firefox and GNOME Web (docs/design.md, "Most Visited").
    public static let showsMostVisited = "ntp.shortcust_visible"
    /// The sites removed from Most Visited, as URL strings (Chromium's TopSites blocklist,
    /// `components/history/core/browser/top_sites_impl.cc`, kept under its old name).
    public static let mostVisitedBlocklist = "ntp.most_visited_blacklist"

    /// Registers the prefs in a profile's registry (the composition root calls this).
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(homePageIsNewTabPage, default: .bool(true), scope: .syncable)
        registry.register(homePage, default: .string(""), scope: .syncable)
        registry.register(showsMostVisited, default: .bool(true), scope: .syncable)
        registry.register(mostVisitedBlocklist, default: .list([]))
    }

    /// The page a new tab or window opens with `prefs`: the home page, or `blank`.
    @MainActor
    public static func newTabURL(in prefs: PrefService, blank: URL) -> URL {
        guard !prefs.bool(homePageIsNewTabPage), let url = URL(string: prefs.string(homePage)),
            url.scheme != nil
        else { return blank }
        return url
    }
}
