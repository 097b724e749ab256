import Foundation
import GRDB
import Web

extension HistoryDatabase {
    /// Adds `visits` (another browser's, oldest first or not) in the open transaction, after
    /// Chromium's `HistoryBackend::AddPagesWithDetails` (components/history/core/browser/
    /// history_backend.cc), one visit per visit rather than per page: each keeps its time and
    /// its core transition and becomes a one-page chain (so that it counts, and a typed one
    /// adds to `typed_count`); a visit of a page at a time the file holds a visit of already
    /// is left out, so that importing twice adds nothing. A page's title is the imported one
    /// when it had none or the import's last visit is newer than its own. Returns the counts and
    /// the rows it added or changed.
    static func addImportedVisits(
        _ db: Database, _ visits: [ImportedVisit]
    ) throws -> (HistoryImportCounts, [URLRow]) {
        var result = HistoryImportCounts()
        // Keyed by the URL's text: hashing a `URL` costs more than the rest of a visit.
        var rows: [String: URLRow] = [:]
        var order: [String] = []
        var newRows: Set<String> = []
        var touched: Set<String> = []
        var seen: [Int64: Set<Int64>] = [:]
        let exists = try db.makeStatement(
            sql: "SELECT 1 FROM visits WHERE url = ? AND visit_time = ? LIMIT 1")
        let insert = try db.makeStatement(
            sql: "INSERT INTO visits (url, visit_time, from_visit, transition) VALUES (?, ?, 0, ?)")
        let insertURL = try db.makeStatement(
            sql: """
                INSERT INTO urls (url, title, visit_count, typed_count, last_visit_time, hidden) \
                VALUES (?, ?, 0, 0, ?, 0)
                """)
        let chainBits =
            PageTransition.chainStart.rawValue | PageTransition.chainEnd.rawValue
            | PageTransition.redirectMask
        for visit in visits {
            guard HistoryService.canAddURL(visit.url) else {
                result.refused += 1
                continue
            }
            let time = HistoryTime.microseconds(visit.time)
            let key = visit.url.absoluteString
            var row: URLRow
            if let known = rows[key] {
                row = known
            } else if let stored = try urlRow(db, for: visit.url) {
                row = stored
                order.append(key)
            } else {
                try insertURL.execute(arguments: [key, visit.title, time])
                row = URLRow(
                    id: db.lastInsertedRowID, url: visit.url, title: visit.title, lastVisit: visit.time)
                order.append(key)
                newRows.insert(key)
                result.pagesAdded += 1
            }
            let isNew = newRows.contains(key)
            let stored = isNew ? false : try Bool.fetchOne(exists, arguments: [row.id, time]) != nil
            if stored || seen[row.id]?.contains(time) == true {
                result.alreadyPresent += 1
                rows[key] = row
                continue
            }
            seen[row.id, default: []].insert(time)
            let transition = PageTransition(
                rawValue: (visit.transition.rawValue & ~chainBits) | PageTransition.chainStart.rawValue
                    | PageTransition.chainEnd.rawValue)
            try insert.execute(arguments: [row.id, time, storedTransition(transition)])
            result.added += 1
            touched.insert(key)
            if counts(transition) { row.visitCount = min(row.visitCount, Int.max - 1) + 1 }
            if isTyped(transition) { row.typedCount = min(row.typedCount, Int.max - 1) + 1 }
            if !visit.title.isEmpty && (row.title.isEmpty || visit.time >= row.lastVisit) {
                row.title = visit.title
            }
            row.lastVisit = max(row.lastVisit, visit.time)
            row.hidden = false
            rows[key] = row
        }
        let update = try db.makeStatement(
            sql: """
                UPDATE urls SET title = ?, visit_count = ?, typed_count = ?, last_visit_time = ?, \
                hidden = ? WHERE id = ?
                """)
        var changed: [URLRow] = []
        for url in order {
            guard touched.contains(url), let row = rows[url] else { continue }
            try update.execute(
                arguments: [
                    row.title, row.visitCount, row.typedCount, HistoryTime.microseconds(row.lastVisit),
                    row.hidden ? 1 : 0, row.id,
                ])
            changed.append(row)
        }
        return (result, changed)
    }
}
