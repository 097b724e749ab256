import Foundation
import GRDB
import History
import Web

extension FirefoxPlacesReader {
    enum VisitOutcome: Equatable {
        case kept(PageTransition)
        case skipped(SkipReason)
    }

    /// What a `moz_historyvisits.visit_type` (nsINavHistoryService.idl, `TRANSITION_*`) becomes:
    /// a transition, or why the visit is left out.
    static func outcome(ofVisitType type: Int64) -> VisitOutcome {
        switch type {
        case 1: .kept(.imported(.link))  // TRANSITION_LINK
        case 2: .kept(.imported(.typed))  // TRANSITION_TYPED
        case 3: .kept(.imported(.autoBookmark))  // TRANSITION_BOOKMARK
        case 4: .skipped(.embedded)  // TRANSITION_EMBED
        case 5, 6: .skipped(.redirect)  // TRANSITION_REDIRECT_PERMANENT, _TEMPORARY
        case 7: .skipped(.download)  // TRANSITION_DOWNLOAD
        case 8: .skipped(.embedded)  // TRANSITION_FRAMED_LINK
        case 9: .skipped(.reload)  // TRANSITION_RELOAD
        default: .skipped(.unknownVisitType)
        }
    }

    /// Every visit of type link, typed or bookmark, oldest first, with its page's address and
    /// title, and one row per page counting those visits. Redirects, embeds, downloads,
    /// framed links and reloads are left out, as Chromium's Firefox importer does (it reads
    /// `visit_type <= 3`: chrome/utility/importer/firefox_importer.cc), and so are pages
    /// Chromium would not import (``canImport(_:)``).
    public func history() throws(ImportFileError) -> ImportedHistory {
        try read { db in
            var history = ImportedHistory()
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT p.url, p.title, p.hidden, v.visit_date, v.visit_type
                    FROM moz_historyvisits v JOIN moz_places p ON p.id = v.place_id
                    ORDER BY v.visit_date, v.id
                    """)
            while let row = try rows.next() {
                let transition: PageTransition
                switch Self.outcome(ofVisitType: row["visit_type"] ?? 0) {
                case .kept(let value): transition = value
                case .skipped(let reason):
                    history.skip(reason)
                    continue
                }
                guard let spec: String = row["url"], let url = URL(string: spec), canImport(url) else {
                    history.skip(.notAPage)
                    continue
                }
                guard let time = UnixTime.date(microseconds: row["visit_date"]) else {
                    history.skip(.noTime)
                    continue
                }
                let visit = ImportedVisit(
                    url: url, title: row["title"] ?? "", time: time, transition: transition)
                history.add(visit, hidden: (row["hidden"] ?? 0) != 0)
            }
            return history
        }
    }
}
