import Base
import Foundation
import GRDB
import History
import ModelTestSupport
import Web

/// A history service on a file in a fresh directory, committing on a manual clock, dated by
/// a wall clock the test moves.
@MainActor
final class HistoryFixture {
    let directory = TestProfile.makeUserDataDirectory()
    let clock = ManualTimerClock()
    var now = Date(timeIntervalSince1970: 1_700_000_000)
    var expireDays = HistoryPrefs.defaultExpireDays
    var path: String { directory.appendingPathComponent(HistoryService.fileName).path }

    /// A service on ``path`` (or in memory).
    func makeService(inMemory: Bool = false) -> HistoryService {
        HistoryService(
            path: inMemory ? nil : path, clock: clock, now: { [unowned self] in now },
            expireDays: { [unowned self] in expireDays })
    }

    /// Records a visit to `url` at ``now`` and moves ``now`` one second on.
    func visit(
        _ service: HistoryService, _ url: String, _ transition: PageTransition = .link, title: String? = nil,
        redirects: [String] = [], referrer: String? = nil
    ) {
        service.addPage(
            HistoryAddPageArgs(
                url: URL(string: url)!, time: now, redirects: redirects.map { URL(string: $0)! },
                transition: transition, title: title, referrer: referrer.map { URL(string: $0)! }))
        now += 1
    }

    /// The file as another process sees it: only what was committed.
    func committed<T>(_ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? database.close() }
        return try database.read(body)
    }

    /// The `urls` rows committed, by URL: (visit_count, typed_count, hidden).
    func committedCounts() throws -> [String: [Int]] {
        try committed { db in
            var counts: [String: [Int]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT url, visit_count, typed_count, hidden FROM urls") {
                counts[row[0]] = [row[1], row[2], row[3]]
            }
            return counts
        }
    }
}

/// Keeps what a history service told it.
@MainActor
final class HistoryObserverLog: HistoryServiceObserver {
    var visited: [(URLRow, VisitRow)] = []
    var modified: [[URLRow]] = []
    var deleted: [HistoryDeletionInfo] = []
    var problemChanges = 0

    func historyService(_ service: HistoryService, didVisit url: URLRow, visit: VisitRow) {
        visited.append((url, visit))
    }
    func historyService(_ service: HistoryService, didModify urls: [URLRow]) { modified.append(urls) }
    func historyService(_ service: HistoryService, didDelete info: HistoryDeletionInfo) {
        deleted.append(info)
    }
    func historyServiceProblemChanged(_ service: HistoryService) { problemChanges += 1 }
}
