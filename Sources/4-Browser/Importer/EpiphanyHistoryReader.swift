public import Foundation
import GRDB
import History
import Web

/// GNOME Web's `ephy-history.db` (lib/history/ephy-history-service*.c): `hosts`, `urls`
/// (with `typed_count`, `last_visit_time` and `hidden_from_overview`) and `visits`
/// (`visit_time` from `g_get_real_time()`: microseconds since 1970; `visit_type` an
/// `EphyHistoryPageVisitType`, lib/history/ephy-history-types.h). Copied before it is read,
/// as GNOME Web may be writing it.
public final class EpiphanyHistoryReader {
    public let file: URL
    private let snapshot: SQLiteSnapshot

    public init(historyFile: URL) throws(ImportFileError) {
        file = historyFile
        snapshot = try SQLiteSnapshot(
            copying: historyFile, expected: "a GNOME Web history database",
            tables: ["hosts", "urls", "visits"])
    }

    /// What an `EphyHistoryPageVisitType` becomes: link, typed and bookmark as Chromium's, the
    /// home page as a bookmark with the home page qualifier (as Chromium records its home
    /// page); `EPHY_PAGE_VISIT_NONE` (0) and unknown types are left out.
    static func transition(ofVisitType type: Int64) -> PageTransition? {
        switch type {
        case 1: .imported(.link)  // EPHY_PAGE_VISIT_LINK
        case 2: .imported(.typed)  // EPHY_PAGE_VISIT_TYPED
        case 8: .imported(.autoBookmark)  // EPHY_PAGE_VISIT_BOOKMARK
        case 9: .imported(.autoBookmark.adding(.homePage))  // EPHY_PAGE_VISIT_HOMEPAGE
        default: nil
        }
    }

    /// Every visit, oldest first, and one row per page counting them. `hidden_from_overview`
    /// is not Chromium's `hidden`: it only takes a page off GNOME Web's start page, so those
    /// pages come in as any other.
    public func history() throws(ImportFileError) -> ImportedHistory {
        do {
            return try snapshot.database.read { db in
                var history = ImportedHistory()
                let cursor = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT u.url, u.title, v.visit_time, v.visit_type
                        FROM visits v JOIN urls u ON u.id = v.url
                        ORDER BY v.visit_time, v.id
                        """)
                while let row = try cursor.next() {
                    guard let transition = Self.transition(ofVisitType: row["visit_type"] ?? 0) else {
                        history.skip(.unknownVisitType)
                        continue
                    }
                    guard let spec: String = row["url"], let url = URL(string: spec), canImport(url) else {
                        history.skip(.notAPage)
                        continue
                    }
                    guard let time = UnixTime.date(microseconds: row["visit_time"]) else {
                        history.skip(.noTime)
                        continue
                    }
                    history.add(
                        ImportedVisit(url: url, title: row["title"] ?? "", time: time, transition: transition)
                    )
                }
                return history
            }
        } catch {
            throw .unreadable(path: file.path, reason: (error as? DatabaseError)?.message ?? "\(error)")
        }
    }
}
