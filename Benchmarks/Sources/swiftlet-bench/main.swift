// swiftlet-bench: prints performance figures of the model layer.
// Run with `make bench` (release build). Figures, not pass/fail: machines are noisy.
import Foundation
import TabModel
import Web
import WebTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Resident set size of this process, in bytes (from /proc/self/statm).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func nanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func format(_ ns: Double) -> String { String(format: "%.2f µs", ns / 1000) }

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@MainActor
final class CountingObserver: WebStateListObserver {
    var changes = 0
    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        changes += 1
    }
}

@MainActor
func makeUnrealized(_ context: any WebEngineContext, title: String, url: URL?) -> WebState {
    let now = Date()
    return WebState(
        context: context, id: .newUnique(),
        metadata: WebStateMetadata(
            creationTime: now, lastActiveTime: now, title: title, url: url, navigationItemCount: 1),
        loaders: WebState.StorageLoaders(storage: { nil }, nativeSessionState: { nil }))
}

@MainActor
func listBenchmark(tabs: Int, operations: Int) {
    let engine = FakeWebEngine()
    let context = engine.defaultContext
    let delegate = BrowserWebStateListDelegate(
        insertionPolicy: .attachTabHelpers, activationPolicy: .doNothing)
    let list = WebStateList(delegate: delegate)
    let observer = CountingObserver()
    list.addObserver(observer)
    var rng = SplitMix64(state: 42)
    for i in 0..<tabs {
        list.insert(makeUnrealized(context, title: "Tab \(i)", url: URL(string: "https://example.com/\(i)")))
    }
    list.activate(at: tabs / 2)
    let spare = (0..<operations).map {
        makeUnrealized(context, title: "New \($0)", url: URL(string: "https://example.org/\($0)"))
    }
    var insert: [Double] = []
    var activate: [Double] = []
    var move: [Double] = []
    var close: [Double] = []
    for webState in spare {
        let index = Int.random(in: 0...list.count, using: &rng)
        insert.append(nanoseconds { list.insert(webState, .atIndex(index)) })
    }
    for _ in 0..<operations {
        let index = Int.random(in: 0..<list.count, using: &rng)
        activate.append(nanoseconds { list.activate(at: index) })
    }
    for _ in 0..<operations {
        let from = Int.random(in: 0..<list.count, using: &rng)
        let to = Int.random(in: 0..<list.count, using: &rng)
        move.append(nanoseconds { list.move(from: from, to: to) })
    }
    for _ in 0..<operations {
        let index = Int.random(in: 0..<list.count, using: &rng)
        close.append(nanoseconds { list.close(at: index) })
    }
    print("WebStateList at \(tabs) tabs (\(operations) ops each, one observer, random indices):")
    for (name, values) in [("insert", insert), ("activate", activate), ("move", move), ("close", close)] {
        print(
            "  \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) median \(format(percentile(values, 0.5)))"
                + "  p90 \(format(percentile(values, 0.9)))")
    }
    precondition(observer.changes >= operations * 3, "observer missed changes")
    list.destroy()
}

@MainActor
func memoryBenchmark(count: Int) {
    let engine = FakeWebEngine()
    let context = engine.defaultContext
    // 60-character titles, 80-character URLs, all distinct.
    func title(_ i: Int) -> String {
        let base = "Tab title number \(i) with some words to make it long"
        return base.padding(toLength: 60, withPad: ".", startingAt: 0)
    }
    func urlString(_ i: Int) -> String {
        let base = "https://www.example.com/articles/\(i)/a-long-path-segment?query="
        return base.padding(toLength: 80, withPad: "x", startingAt: 0)
    }
    let baseline = residentBytes()
    var titles: [String] = []
    var urls: [URL] = []
    titles.reserveCapacity(count)
    urls.reserveCapacity(count)
    for i in 0..<count {
        titles.append(title(i))
        urls.append(URL(string: urlString(i))!)
    }
    let afterStrings = residentBytes()
    var webStates: [WebState] = []
    webStates.reserveCapacity(count)
    for i in 0..<count { webStates.append(makeUnrealized(context, title: titles[i], url: urls[i])) }
    let afterWebStates = residentBytes()
    let list = WebStateList(delegate: nil)
    list.performBatchOperation { for webState in webStates { list.insert(webState) } }
    let afterList = residentBytes()
    precondition(engine.contentsCreated == 0, "unrealized WebStates created engine contents")
    precondition(titles.count == count && urls.count == count)
    let stringsPer = Double(afterStrings - baseline) / Double(count)
    let webStatePer = Double(afterWebStates - afterStrings) / Double(count)
    let listPer = Double(afterList - afterWebStates) / Double(count)
    print("Memory, \(count) unrealized WebStates (60-char titles, 80-char URLs), RSS growth / N:")
    print(String(format: "  title + URL values      %7.0f bytes each", stringsPer))
    print(String(format: "  WebState beyond strings %7.0f bytes each", webStatePer))
    print(String(format: "  WebStateList entry      %7.0f bytes each", listPer))
    print("  engine contents created: \(engine.contentsCreated)")
    list.destroy()
}

// `--write-history FILE` only writes a large History file (for `make bench-peers`).
if let index = CommandLine.arguments.firstIndex(of: "--write-history"),
    index + 1 < CommandLine.arguments.count
{
    try await writeLargeHistory(at: CommandLine.arguments[index + 1])
    exit(0)
}
// `--history`, `--omnibox` and `--import` run the history's, the location bar's and the
// import's figures alone.
let quick = CommandLine.arguments.contains("--quick")
let historyOnly = CommandLine.arguments.contains("--history")
let omniboxOnly = CommandLine.arguments.contains("--omnibox")
let importOnly = CommandLine.arguments.contains("--import")
print("swiftlet-bench (\(quick ? "quick" : "full") run)")
// Top-level code that awaits runs on the main actor.
if !historyOnly && !omniboxOnly && !importOnly {
    listBenchmark(tabs: 10_000, operations: quick ? 200 : 2_000)
    memoryBenchmark(count: quick ? 10_000 : 100_000)
    sessionBenchmark(tabCounts: quick ? [1_000] : [1_000, 10_000], runs: quick ? 3 : 7)
}
if !omniboxOnly && !importOnly { await historyBenchmark(quick: quick) }
if !historyOnly && !importOnly { await omniboxBenchmark(count: 100_000, typedPages: quick ? 50 : 400) }
if !historyOnly && !importOnly {
    await bookmarkOmniboxBenchmark(count: 10_000, typedBookmarks: quick ? 50 : 400)
}
if !historyOnly && !omniboxOnly { await importBenchmark(quick: quick) }
