import Base
import Foundation
import GRDB
import History
import Web

// The history service's figures (docs/benchmarks.md): the main actor's time to record a
// visit, how many transactions 10,000 visits take, and, over a generated history of
// 100,000 pages and 1,000,000 visits, the first page of the History window and a search.

/// The size of the file at `path` and of its WAL.
private func fileBytes(_ path: String) -> Int {
    ["", "-wal"].reduce(0) { total, suffix in
        total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
    }
}

private func milliseconds(_ ns: Double) -> String { String(format: "%.2f ms", ns / 1_000_000) }

/// A plausible page: 40–90 characters of URL, a title of a few words.
private func page(_ index: Int, _ rng: inout SplitMix64) -> (url: String, title: String) {
    let words = [
        "news", "swift", "linux", "recipes", "weather", "music", "garden", "travel", "review", "guide",
        "football", "history", "science", "photos", "video", "forum", "shop", "docs", "blog", "maps",
    ]
    let site = "site\(index % 5_000).example"
    let a = words[Int(rng.next() % UInt64(words.count))]
    let b = words[Int(rng.next() % UInt64(words.count))]
    return (
        "https://www.\(site)/\(a)/\(b)/article-\(index)?ref=\(rng.next() % 1000)",
        "\(a.capitalized) and \(b): page \(index)"
    )
}

/// Fills the `History` file at `path` (made by a ``HistoryService``, so with its schema) with
/// `pages` pages and `visits` visits over the last 90 days: a few pages take most visits
/// (Zipf-like), each visit a link or a typed one.
private func generateHistory(at path: String, pages: Int, visits: Int) throws {
    var rng = SplitMix64(state: 7)
    let database = try DatabaseQueue(path: path)
    let now = Date().timeIntervalSince1970
    let span: Double = 90 * 86_400
    func microseconds(_ unix: Double) -> Int64 { Int64((unix + 11_644_473_600) * 1_000_000) }
    try database.write { db in
        var counts = [Int](repeating: 0, count: pages)
        var last = [Int64](repeating: 0, count: pages)
        let insertVisit = try db.makeStatement(
            sql: "INSERT INTO visits (url, visit_time, from_visit, transition) VALUES (?, ?, 0, ?)")
        let chainEnds = PageTransition.chainStart.rawValue | PageTransition.chainEnd.rawValue
        for index in 0..<visits {
            // Inverse of a power law: page 0 most often.
            let u = Double(rng.next() % 1_000_000 + 1) / 1_000_001
            let target = min(pages - 1, Int(Double(pages) * pow(u, 3)))
            let page = index < pages ? index : target
            let time = microseconds(now - span + span * Double(index) / Double(visits))
            let typed = rng.next() % 10 == 0
            counts[page] += 1
            last[page] = time
            try insertVisit.execute(arguments: [
                page + 1, time, Int64((typed ? PageTransition.typed : .link).rawValue | chainEnds),
            ])
        }
        let insertURL = try db.makeStatement(
            sql: """
                INSERT INTO urls (id, url, title, visit_count, typed_count, last_visit_time, hidden) \
                VALUES (?, ?, ?, ?, ?, ?, 0)
                """)
        for index in 0..<pages {
            let (url, title) = page(index, &rng)
            try insertURL.execute(arguments: [
                index + 1, url, title, counts[index], counts[index] / 10, last[index],
            ])
        }
    }
    try database.close()
}

/// Writes a History file of 100,000 pages and 1,000,000 visits at `path`, for
/// `swiftlet-peers-bench --swiftlet-history` (a launch with a large history).
@MainActor
func writeLargeHistory(at path: String) async throws {
    let service = HistoryService(path: path, clock: ManualTimerClock())
    await service.waitForPendingWork()
    service.shutdown()
    try generateHistory(at: path, pages: 100_000, visits: 1_000_000)
}

@MainActor
func historyBenchmark(quick: Bool) async {
    let directory = NSTemporaryDirectory() + "swiftlet-history-bench-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }

    // Recording: 10,000 visits at 100 a second (so a batch every 10 s of the manual clock).
    let recorded = 10_000
    let clock = ManualTimerClock()
    let path = directory + "/record/History"
    let service = HistoryService(path: path, clock: clock)
    await service.waitForPendingWork()
    var rng = SplitMix64(state: 3)
    var mainTimes: [Double] = []
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<recorded {
        let (url, title) = page(index % 2_000, &rng)
        let args = HistoryAddPageArgs(
            url: URL(string: url)!, time: Date(), transition: index % 10 == 0 ? .typed : .link, title: title)
        mainTimes.append(nanoseconds { service.addPage(args) })
        clock.advance(by: .milliseconds(10))
    }
    await service.flush()
    let total = Double(DispatchTime.now().uptimeNanoseconds - start)
    let batches = await service.committedBatchCount()
    service.shutdown()
    let recordBytes = fileBytes(path)
    print("History, recording \(recorded) visits (2,000 pages, 100 visits per second of a manual clock):")
    print(
        "  main-actor time of addPage   median \(format(percentile(mainTimes, 0.5)))  "
            + "p90 \(format(percentile(mainTimes, 0.9)))  max \(format(mainTimes.max() ?? 0))")
    print("  transactions committed       \(batches)")
    print("  all written (wall time)      \(milliseconds(total))")
    print("  file size per visit          \(recordBytes / recorded) bytes (\(recordBytes) bytes)")

    // A large history.
    let pages = quick ? 10_000 : 100_000
    let visits = quick ? 100_000 : 1_000_000
    let largePath = directory + "/large/History"
    let maker = HistoryService(path: largePath, clock: ManualTimerClock())
    await maker.waitForPendingWork()
    maker.shutdown()
    let generating = DispatchTime.now().uptimeNanoseconds
    do { try generateHistory(at: largePath, pages: pages, visits: visits) } catch {
        print("  could not generate the history: \(error)")
        return
    }
    let generated = Double(DispatchTime.now().uptimeNanoseconds - generating)
    let largeBytes = fileBytes(largePath)
    print("History of \(pages) pages and \(visits) visits (generated in \(milliseconds(generated))):")
    print("  file size per visit          \(largeBytes / visits) bytes (\(largeBytes / 1_048_576) MiB)")

    let runs = quick ? 3 : 7
    var opens: [Double] = []
    var firstPages: [Double] = []
    var searches: [Double] = []
    var rareSearches: [Double] = []
    var significant: [Double] = []
    var found = (0, 0, 0)
    for _ in 0..<runs {
        let began = DispatchTime.now().uptimeNanoseconds
        let large = HistoryService(path: largePath, clock: ManualTimerClock())
        let first = await large.queryHistory("", options: HistoryQueryOptions(maxCount: 100))
        opens.append(Double(DispatchTime.now().uptimeNanoseconds - began))
        var time = DispatchTime.now().uptimeNanoseconds
        _ = await large.queryHistory("", options: HistoryQueryOptions(maxCount: 100))
        firstPages.append(Double(DispatchTime.now().uptimeNanoseconds - time))
        time = DispatchTime.now().uptimeNanoseconds
        let common = await large.queryHistory("garden", options: HistoryQueryOptions(maxCount: 100))
        searches.append(Double(DispatchTime.now().uptimeNanoseconds - time))
        time = DispatchTime.now().uptimeNanoseconds
        let rare = await large.queryHistory("article-4242?", options: HistoryQueryOptions(maxCount: 100))
        rareSearches.append(Double(DispatchTime.now().uptimeNanoseconds - time))
        time = DispatchTime.now().uptimeNanoseconds
        let significantURLs = await large.querySignificantURLs()
        significant.append(Double(DispatchTime.now().uptimeNanoseconds - time))
        found = (first.count + common.count, rare.count, significantURLs.count)
        large.shutdown()
    }
    print(
        "  (medians of \(runs) runs, each on a new service; \(found.0) rows in the first pages and the search)"
    )
    print("  open + first page of 100     \(milliseconds(percentile(opens, 0.5)))")
    print("  first page of 100 (open)     \(milliseconds(percentile(firstPages, 0.5)))")
    print("  search, a common word        \(milliseconds(percentile(searches, 0.5)))")
    print("  search, one page (\(found.1) visits) \(milliseconds(percentile(rareSearches, 0.5)))")
    print("  significant URLs (\(found.2))  \(milliseconds(percentile(significant, 0.5)))")
}
