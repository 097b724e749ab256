public import Foundation
public import Web

/// One visit another browser recorded: the page, its title, when, and how it came about (in
/// Chromium's terms whatever the browser; a single-page chain, so that it counts as a visit).
/// After Chromium's `ImporterURLRow` (chrome/common/importer/importer_url_row.h), one per
/// visit rather than per page.
public struct ImportedVisit: Sendable, Hashable {
    public var url: URL
    public var title: String
    public var time: Date
    public var transition: PageTransition

    public init(url: URL, title: String, time: Date, transition: PageTransition) {
        self.url = url
        self.title = title
        self.time = time
        self.transition = transition
    }
}
