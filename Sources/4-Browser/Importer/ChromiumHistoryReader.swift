public import Foundation
import GRDB
import History
import Web

/// Chromium's (and Chrome's) `History` file (components/history/core/browser/url_database.cc,
/// visit_database.cc): pages in `urls`, visits in `visits`, times in microseconds since 1601
/// and transitions in `ui/base/page_transition_types.h` values — the same numbers our own
/// `History` file holds, so they come in unchanged (``ChromiumTime`` turns a time into the
/// same `Date` ours does). Chromium keeps the file open in exclusive locking mode while it
/// runs, so it is copied (with its `-journal` or `-wal`) and the copy read.
public final class ChromiumHistoryReader {
    public let file: URL
    private let snapshot: SQLiteSnapshot

    public init(historyFile: URL) throws(ImportFileError) {
        file = historyFile
        snapshot = try SQLiteSnapshot(
            copying: historyFile, expected: "a Chromium history database", tables: ["urls", "visits"])
    }

    /// Every visit, oldest first, with its transition as Chromium recorded it, and one row per
    /// page with Chromium's own counts (which count what ours do). Left out: pages Chromium
    /// hides (`urls.hidden`: subframes and redirect sources), the hops of a redirect chain
    /// (every visit of a chain but its last, the page that committed), and visits without a
    /// time.
    public func history() throws(ImportFileError) -> ImportedHistory {
        do {
            return try snapshot.database.read { db in
                var history = ImportedHistory()
                var rows: [Int64: URLRow] = [:]
                var order: [Int64] = []
                let cursor = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT u.id, u.url, u.title, u.visit_count, u.typed_count, u.last_visit_time,
                               u.hidden, v.visit_time, v.transition
                        FROM visits v JOIN urls u ON u.id = v.url
                        ORDER BY v.visit_time, v.id
                        """)
                while let row = try cursor.next() {
                    if (row["hidden"] ?? 0) != 0 {
                        history.skip(.hidden)
                        continue
                    }
                    let transition = PageTransition(
                        rawValue: UInt32(truncatingIfNeeded: row["transition"] ?? 0))
                    if Self.isRedirectHop(transition) {
                        history.skip(.redirect)
                        continue
                    }
                    guard let spec: String = row["url"], let url = URL(string: spec), url.scheme != nil else {
                        history.skip(.notAPage)
                        continue
                    }
                    guard let time = ChromiumTime.date(microsecondsSince1601: row["visit_time"] ?? 0) else {
                        history.skip(.noTime)
                        continue
                    }
                    let title: String = row["title"] ?? ""
                    history.visits.append(
                        ImportedVisit(url: url, title: title, time: time, transition: transition))
                    let id: Int64 = row["id"]
                    if rows[id] == nil {
                        order.append(id)
                        rows[id] = URLRow(
                            url: url, title: title, visitCount: row["visit_count"] ?? 0,
                            typedCount: row["typed_count"] ?? 0,
                            lastVisit: ChromiumTime.date(microsecondsSince1601: row["last_visit_time"] ?? 0)
                                ?? time)
                    }
                }
                history.urls = order.compactMap { rows[$0] }
                return history
            }
        } catch {
            throw .unreadable(path: file.path, reason: (error as? DatabaseError)?.message ?? "\(error)")
        }
    }

    /// Whether `transition` is a hop of a redirect chain rather than the page that committed:
    /// a visit that starts a chain or is reached by a redirect, but does not end it
    /// (components/history/core/browser/history_backend.cc records a chain as one visit per hop,
    /// `CHAIN_START` on the first and `CHAIN_END` on the last).
    static func isRedirectHop(_ transition: PageTransition) -> Bool {
        !transition.has(.chainEnd) && (transition.isRedirect || transition.has(.chainStart))
    }
}
