import Foundation
public import History
import Web

/// What a history reader found: every visit it keeps, oldest first; one `URLRow` per page
/// visited (its id 0: not yet stored), in the order of first visit; and what it left out.
public struct ImportedHistory: Sendable, Equatable {
    public var visits: [ImportedVisit]
    public var urls: [URLRow]
    public var skipped: [SkipReason: Int]

    public init(visits: [ImportedVisit] = [], urls: [URLRow] = [], skipped: [SkipReason: Int] = [:]) {
        self.visits = visits
        self.urls = urls
        self.skipped = skipped
    }

    /// Adds a visit, and counts it in its page's row: a visit, a typed one if typed, the last
    /// visit if the newest. `title` replaces the row's when not empty.
    mutating func add(_ visit: ImportedVisit, hidden: Bool = false) {
        visits.append(visit)
        let typed = visit.transition.coreTypeIs(.typed) ? 1 : 0
        if let index = rowIndex[visit.url] {
            urls[index].visitCount += 1
            urls[index].typedCount += typed
            urls[index].lastVisit = max(urls[index].lastVisit, visit.time)
            if !visit.title.isEmpty { urls[index].title = visit.title }
        } else {
            rowIndex[visit.url] = urls.count
            urls.append(
                URLRow(
                    url: visit.url, title: visit.title, visitCount: 1, typedCount: typed,
                    lastVisit: visit.time, hidden: hidden))
        }
    }

    mutating func skip(_ reason: SkipReason) { skipped[reason, default: 0] += 1 }

    private var rowIndex: [URL: Int] = [:]

    public static func == (lhs: ImportedHistory, rhs: ImportedHistory) -> Bool {
        lhs.visits == rhs.visits && lhs.urls == rhs.urls && lhs.skipped == rhs.skipped
    }
}

extension PageTransition {
    /// `core` as one navigation that was not redirected (`chainStart` and `chainEnd`, as our
    /// history records one), so that the history counts it.
    static func imported(_ core: PageTransition) -> PageTransition {
        core.adding(.chainStart).adding(.chainEnd)
    }
}

/// Whether a visit or a bookmark of `url` is imported: Chromium's `CanImportURL`
/// (chrome/common/importer/firefox_importer_utils.cc) refuses invalid URLs and the schemes
/// `wyciwyg`, `place` (Firefox's saved queries), `about` and `chrome`.
func canImport(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased() else { return false }
    return !["wyciwyg", "place", "about", "chrome"].contains(scheme)
}
