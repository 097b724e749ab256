import Base
import Foundation
import FuzzSupport
import History
import Web

// The input is a profile's `History` file: read it with the command line's read-only
// reader, then open it with the service (which may set it aside), query it, record and
// delete visits, flush, shut down, and open and query it again. Every call must return.

/// Runs `body` on the main actor and the main queue until it ends (the service's answers come
/// through the main queue, and libFuzzer calls in on the main thread).
@MainActor
func runToEnd(_ body: @escaping @MainActor () async -> Void) {
    var done = false
    Task { @MainActor in
        await body()
        done = true
    }
    while !done { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
}

@MainActor
func exercise(_ service: HistoryService) async {
    let all = await service.queryHistory("", options: HistoryQueryOptions(maxCount: 50))
    _ = await service.queryHistory("a b%_", options: HistoryQueryOptions(end: all.last?.visitTime))
    _ = await service.querySignificantURLs()
    _ = await service.queryMostVisitedURLs(count: 10)
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    service.addPage(
        HistoryAddPageArgs(
            url: URL(string: "https://fuzz.test/b")!, time: now,
            redirects: [URL(string: "http://fuzz.test/a")!, URL(string: "https://fuzz.test/b")!],
            transition: .typed, title: "B", referrer: all.first?.url))
    service.setPageTitle("Title", for: all.first?.url ?? URL(string: "https://fuzz.test/b")!)
    await service.flush()
    await service.deleteVisits(all.prefix(3).map(\.id))
    if let url = all.dropFirst(3).first?.url {
        await service.deleteURLs([url])
        await service.deleteHost(url.host ?? "")
    }
    await service.expireHistoryBetween(now - 86_400, now)
}

exit(
    runFuzzer { data, size in
        FuzzHarness.input(data, size) { bytes in
            FuzzHarness.reset()
            let directory = FuzzHarness.scratch.appendingPathComponent("input/Default", isDirectory: true)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent(HistoryService.fileName).path
            try? bytes.write(to: URL(fileURLWithPath: path))
            if let reader = try? HistoryFileReader(path: path) {
                _ = try? reader.queryHistory("a", options: HistoryQueryOptions(maxCount: 20))
            }
            runToEnd {
                for _ in 0..<2 {
                    let service = HistoryService(path: path, clock: ManualTimerClock())
                    await exercise(service)
                    service.shutdown()
                }
            }
        }
    })
