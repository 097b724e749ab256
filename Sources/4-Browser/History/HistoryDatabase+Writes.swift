import Foundation
import GRDB
import Web

extension HistoryDatabase {
    /// Makes `write` in the open transaction of `db`.
    static func apply(_ write: HistoryWrite, _ db: Database) throws -> HistoryWriteEffect {
        switch write {
        case .addPage(let args): return .visited(try addPage(db, args))
        case .addImportedVisits(let visits):
            let (counts, rows) = try addImportedVisits(db, visits)
            return .imported(counts, rows)
        case .setTitle(let title, let url): return .modified(try setTitle(db, title, for: url))
        case .deleteVisits(let ids): return .deleted(try deleteVisits(db, where: "id IN \(list(ids))"))
        case .deleteURLs(let urls):
            let ids = try urls.compactMap { try urlRow(db, for: $0)?.id }
            return .deleted(try deleteURLRows(db, ids: ids))
        case .deleteHost(let host):
            let wanted = host.lowercased()
            let ids = try Row.fetchAll(db, sql: "SELECT id, url FROM urls").compactMap { row -> Int64? in
                let url: String = row[1] ?? ""
                return URL(string: url)?.host?.lowercased() == wanted ? row[0] as Int64? : nil
            }
            return .deleted(try deleteURLRows(db, ids: ids))
        case .deleteBetween(nil, nil, let isExpiry):
            try db.execute(sql: "DELETE FROM visits")
            try db.execute(sql: "DELETE FROM urls")
            var info = HistoryDeletionInfo.allHistory
            info.isExpired = isExpiry
            return .deleted(info)
        case .expireBefore(let date, let limit):
            let cutoff = HistoryTime.microseconds(date)
            var info = try deleteVisits(
                db,
                where:
                    "id IN (SELECT id FROM visits WHERE visit_time < \(cutoff) ORDER BY visit_time LIMIT \(limit))"
            )
            info.isExpired = true
            return .deleted(info)
        case .deleteBetween(let begin, let end, let isExpiry):
            var conditions: [String] = []
            if let begin { conditions.append("visit_time >= \(HistoryTime.microseconds(begin))") }
            if let end { conditions.append("visit_time < \(HistoryTime.microseconds(end))") }
            var info = try deleteVisits(db, where: conditions.joined(separator: " AND "))
            info.isExpired = isExpiry
            return .deleted(info)
        }
    }

    /// Records the visit of `args` and of its redirect hops, after Chromium's
    /// `HistoryBackend::AddPage` (components/history/core/browser/history_backend.cc): one
    /// visit per hop, each coming from the one before; the first marked as the chain's start,
    /// the later ones as server redirects, the last as the chain's end. The hops' pages are
    /// hidden and do not count; a reload or back/forward does not count either; a typed
    /// visit adds to the page's `typed_count`.
    static func addPage(_ db: Database, _ args: HistoryAddPageArgs) throws -> [(URLRow, VisitRow)] {
        var chain = args.redirects
        if chain.last != args.url { chain.append(args.url) }
        let redirectBits =
            PageTransition.chainStart.rawValue | PageTransition.chainEnd.rawValue
            | PageTransition.redirectMask
        let stripped = args.transition.rawValue & ~redirectBits
        var fromVisit: Int64 = 0
        if let referrer = args.referrer, let row = try urlRow(db, for: referrer) {
            fromVisit =
                try Int64.fetchOne(
                    db, sql: "SELECT id FROM visits WHERE url = ? ORDER BY visit_time DESC, id DESC LIMIT 1",
                    arguments: [row.id]) ?? 0
        }
        var results: [(URLRow, VisitRow)] = []
        for (index, url) in chain.enumerated() {
            let isLast = index == chain.count - 1
            var bits = stripped
            if chain.count == 1 {
                bits |= redirectBits & args.transition.rawValue & PageTransition.redirectMask
                bits |= PageTransition.chainStart.rawValue
            } else if index == 0 {
                bits |=
                    PageTransition.chainStart.rawValue
                    | (args.transition.rawValue & PageTransition.clientRedirect.rawValue)
            } else {
                bits |= PageTransition.serverRedirect.rawValue
            }
            if isLast { bits |= PageTransition.chainEnd.rawValue }
            let transition = PageTransition(rawValue: bits)
            let result = try addVisit(
                db, url: url, time: args.time, fromVisit: fromVisit, transition: transition,
                hidden: args.hidden || !isLast, title: isLast ? args.title : nil)
            fromVisit = result.1.id
            results.append(result)
        }
        return results
    }

    /// Adds one visit, and the page's row or its counts (Chromium's
    /// `HistoryBackend::AddPageVisit`): a page already visible is never hidden again.
    private static func addVisit(
        _ db: Database, url: URL, time: Date, fromVisit: Int64, transition: PageTransition, hidden: Bool,
        title: String?
    ) throws -> (URLRow, VisitRow) {
        let counted = counts(transition) ? 1 : 0
        let typed = isTyped(transition) ? 1 : 0
        var row: URLRow
        if var existing = try urlRow(db, for: url) {
            // Saturating: a file not made by us may hold any count.
            existing.visitCount = min(existing.visitCount, Int.max - 1) + counted
            existing.typedCount = min(existing.typedCount, Int.max - 1) + typed
            existing.lastVisit = max(existing.lastVisit, time)
            existing.hidden = existing.hidden && hidden
            if let title, !title.isEmpty { existing.title = title }
            try db.execute(
                sql: """
                    UPDATE urls SET title = ?, visit_count = ?, typed_count = ?, last_visit_time = ?, \
                    hidden = ? WHERE id = ?
                    """,
                arguments: [
                    existing.title, existing.visitCount, existing.typedCount,
                    HistoryTime.microseconds(existing.lastVisit), existing.hidden ? 1 : 0, existing.id,
                ])
            row = existing
        } else {
            row = URLRow(
                url: url, title: title ?? "", visitCount: counted, typedCount: typed, lastVisit: time,
                hidden: hidden)
            try db.execute(
                sql: """
                    INSERT INTO urls (url, title, visit_count, typed_count, last_visit_time, hidden) \
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    url.absoluteString, row.title, counted, typed, HistoryTime.microseconds(time),
                    hidden ? 1 : 0,
                ])
            row.id = db.lastInsertedRowID
        }
        try db.execute(
            sql: "INSERT INTO visits (url, visit_time, from_visit, transition) VALUES (?, ?, ?, ?)",
            arguments: [row.id, HistoryTime.microseconds(time), fromVisit, storedTransition(transition)])
        let visit = VisitRow(
            id: db.lastInsertedRowID, urlID: row.id, visitTime: time, referringVisit: fromVisit,
            transition: transition)
        return (row, visit)
    }

    /// Sets the title of `url`'s row; the rows that changed.
    static func setTitle(_ db: Database, _ title: String, for url: URL) throws -> [URLRow] {
        guard var row = try urlRow(db, for: url), row.title != title else { return [] }
        row.title = title
        try db.execute(sql: "UPDATE urls SET title = ? WHERE id = ?", arguments: [title, row.id])
        return [row]
    }

    /// Deletes the visits matching `condition` (over `visits`; empty: every visit); a page
    /// left without visits goes too, the others get their counts and last visit again
    /// (Chromium's `ExpireHistoryBackend`, components/history/core/browser/expire_history_backend.cc).
    static func deleteVisits(_ db: Database, where condition: String) throws -> HistoryDeletionInfo {
        let filter = condition.isEmpty ? "" : " WHERE \(condition)"
        let visits = try Row.fetchAll(db, sql: "SELECT id, url FROM visits\(filter)")
        guard !visits.isEmpty else { return HistoryDeletionInfo(isAllHistory: false) }
        // Read as optionals: a file not made by us may hold NULL or text anywhere.
        let visitIDs: [Int64] = visits.map { $0[0] ?? 0 }
        try db.execute(sql: "DELETE FROM visits\(filter)")
        var urlIDs: [Int64] = []
        var seen = Set<Int64>()
        for visit in visits {
            let urlID: Int64 = visit[1] ?? 0
            if seen.insert(urlID).inserted { urlIDs.append(urlID) }
        }
        var deletedRows: [URLRow] = []
        for id in urlIDs {
            let left = try Row.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*), SUM(CASE WHEN \(countedVisit) THEN 1 ELSE 0 END), \
                    SUM(CASE WHEN \(typedVisit) THEN 1 ELSE 0 END), MAX(visit_time) FROM visits WHERE url = ?
                    """, arguments: [id])
            if let left, (left[0] as Int64? ?? 0) > 0 {
                try db.execute(
                    sql: "UPDATE urls SET visit_count = ?, typed_count = ?, last_visit_time = ? WHERE id = ?",
                    arguments: [left[1] as Int64? ?? 0, left[2] as Int64? ?? 0, left[3] as Int64? ?? 0, id])
            } else {
                if let row = try urlRow(db, id: id) { deletedRows.append(row) }
                try db.execute(sql: "DELETE FROM urls WHERE id = ?", arguments: [id])
            }
        }
        return HistoryDeletionInfo(isAllHistory: false, deletedRows: deletedRows, deletedVisitIDs: visitIDs)
    }

    /// Deletes the rows `ids` and every visit of theirs.
    static func deleteURLRows(_ db: Database, ids: [Int64]) throws -> HistoryDeletionInfo {
        guard !ids.isEmpty else { return HistoryDeletionInfo(isAllHistory: false) }
        let rows = try fetchURLRows(db, where: "id IN \(list(ids))")
        let visitIDs = try Int64.fetchAll(db, sql: "SELECT id FROM visits WHERE url IN \(list(ids))")
        try db.execute(sql: "DELETE FROM visits WHERE url IN \(list(ids))")
        try db.execute(sql: "DELETE FROM urls WHERE id IN \(list(ids))")
        return HistoryDeletionInfo(isAllHistory: false, deletedRows: rows, deletedVisitIDs: visitIDs)
    }

    /// `(1,2,3)`: ids are integers, so they go in the statement as they are.
    private static func list(_ ids: [Int64]) -> String {
        "(" + ids.map(String.init).joined(separator: ",") + ")"
    }
}
