import Base
import Bookmarks
import Foundation
import GRDB
import History
import Importer
import Web

// The import's figures (docs/benchmarks.md): a generated Chromium profile of 10,000 bookmarks
// in 100 folders and 100,000 visits of 20,000 pages, imported into a new profile as the Import
// dialog does: the time of each part, the main actor's share, and the peak memory.

/// The process's resident-set high-water mark (`VmHWM`), in bytes.
private func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
}

/// Sets the high-water mark back to the current resident set (Linux's `clear_refs` 5).
private func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

private func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

/// Writes a Chromium profile directory at `directory`: a `Bookmarks` file of `bookmarks`
/// bookmarks in `folders` folders on the bookmark bar, and a `History` of `visits` visits of
/// `pages` pages over the last year, in Chromium's schema and epoch.
private func writeChromiumProfile(
    at directory: String, bookmarks: Int, folders: Int, visits: Int, pages: Int
)
    throws
{
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let now = Date().timeIntervalSince1970
    func chromium(_ unix: Double) -> Int64 { Int64((unix + 11_644_473_600) * 1_000_000) }
    var id = 10
    var children: [[String: Any]] = []
    for folder in 0..<folders {
        var items: [[String: Any]] = []
        for index in 0..<(bookmarks / folders) {
            id += 1
            let number = folder * (bookmarks / folders) + index
            items.append([
                "id": "\(id)", "type": "url", "name": "Bookmark \(number) — “Ünïcode” & <markup>",
                "url": "https://www.site\(number % 2_000).example/bookmarks/\(number)?ref=bench",
                "date_added": "\(chromium(now - Double(number) * 60))",
            ])
        }
        id += 1
        children.append([
            "id": "\(id)", "type": "folder", "name": "Folder \(folder)", "children": items,
            "date_added": "\(chromium(now - 86_400))", "date_modified": "\(chromium(now))",
        ])
    }
    let json: [String: Any] = [
        "version": 1,
        "roots": [
            "bookmark_bar": ["id": "1", "type": "folder", "name": "Bookmarks bar", "children": children],
            "other": ["id": "2", "type": "folder", "name": "Other bookmarks", "children": []],
        ],
    ]
    try JSONSerialization.data(withJSONObject: json).write(
        to: URL(fileURLWithPath: directory + "/Bookmarks"))
    let database = try DatabaseQueue(path: directory + "/History")
    try database.write { db in
        try db.execute(
            sql: """
                CREATE TABLE urls(id INTEGER PRIMARY KEY AUTOINCREMENT,url LONGVARCHAR,title LONGVARCHAR,\
                visit_count INTEGER DEFAULT 0 NOT NULL,typed_count INTEGER DEFAULT 0 NOT NULL,\
                last_visit_time INTEGER NOT NULL,hidden INTEGER DEFAULT 0 NOT NULL);
                CREATE TABLE visits(id INTEGER PRIMARY KEY AUTOINCREMENT,url INTEGER NOT NULL,\
                visit_time INTEGER NOT NULL,from_visit INTEGER,transition INTEGER DEFAULT 0 NOT NULL);
                """)
        let insertURL = try db.makeStatement(
            sql: "INSERT INTO urls (id, url, title, last_visit_time) VALUES (?, ?, ?, ?)")
        for page in 0..<pages {
            try insertURL.execute(arguments: [
                page + 1, "https://www.site\(page % 2_000).example/articles/\(page)?from=bench",
                "Article \(page): a title of some words", chromium(now),
            ])
        }
        let insertVisit = try db.makeStatement(
            sql: "INSERT INTO visits (url, visit_time, transition) VALUES (?, ?, ?)")
        let chain = PageTransition.chainStart.rawValue | PageTransition.chainEnd.rawValue
        var rng = SplitMix64(state: 11)
        let span: Double = 365 * 86_400
        for index in 0..<visits {
            let page = Int(rng.next() % UInt64(pages)) + 1
            let typed = index % 10 == 0
            try insertVisit.execute(arguments: [
                page, chromium(now - span + span * Double(index) / Double(visits)),
                Int64((typed ? PageTransition.typed : .link).rawValue | chain),
            ])
        }
    }
    try database.close()
}

@MainActor
func importBenchmark(quick: Bool) async {
    let directory = NSTemporaryDirectory() + "swiftlet-import-bench-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bookmarks = 10_000
    let visits = quick ? 20_000 : 100_000
    let pages = visits / 5
    do {
        try writeChromiumProfile(
            at: directory + "/chromium/Default", bookmarks: bookmarks, folders: 100, visits: visits,
            pages: pages)
    } catch {
        print("Import: could not write the profile: \(error)")
        return
    }
    let source = ImportSource.chromium(
        ChromiumProfiles.Profile(
            browser: "Chromium", name: "Bench",
            directory: URL(fileURLWithPath: directory + "/chromium/Default")))
    let model = BookmarkModel(store: BookmarkStore(path: directory + "/profile/Bookmarks.db"))
    let history = HistoryService(path: directory + "/profile/History", clock: ManualTimerClock())
    await model.waitUntilLoaded()
    await history.waitForPendingWork()
    let host = ImporterHost(writer: ProfileWriter(bookmarkModel: model, historyService: history))

    let baseline = residentBytes()
    resetPeakResident()
    var marks: [(Double, UInt64)] = []
    let start = DispatchTime.now().uptimeNanoseconds
    let report = await host.startImport(source) { fraction in
        marks.append((fraction, DispatchTime.now().uptimeNanoseconds))
    }
    let end = DispatchTime.now().uptimeNanoseconds
    let peak = peakResidentBytes()
    model.shutdown()
    history.shutdown()
    func at(_ fraction: Double) -> UInt64 { marks.first { $0.0 >= fraction }?.1 ?? end }
    let read = Double(at(0.3) - start)
    let bookmarksTime = Double(at(0.4) - at(0.3))
    let historyTime = Double(end - at(0.4))
    print(
        "Import of a Chromium profile (\(bookmarks) bookmarks in 100 folders, \(visits) visits of \(pages) pages):"
    )
    print("  read (off the main thread)    \(String(format: "%.0f ms", read / 1_000_000))")
    print(
        "  bookmarks into the model      \(String(format: "%.0f ms", bookmarksTime / 1_000_000)) (main actor)"
    )
    print("  history (on its own queue)    \(String(format: "%.0f ms", historyTime / 1_000_000))")
    print("  total                         \(String(format: "%.0f ms", Double(end - start) / 1_000_000))")
    print(
        "  peak RSS (high-water mark)    \(megabytes(peak)) (\(megabytes(peak - baseline)) above the start)")
    print(
        "  came in: \(report.bookmarksAdded) bookmarks, \(report.foldersAdded) folders, "
            + "\(report.visitsAdded) visits")
    precondition(
        report.bookmarksAdded == bookmarks && report.visitsAdded == visits, "the import lost entries")
}
