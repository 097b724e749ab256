import BenchmarkSupport
import Foundation
import Web
@_spi(Testing) import WebKitEngine

/// The `--child memory` mode: the memory of the whole process tree (this process, WebKit's
/// network and web processes, their sandbox helpers) with `realized` tabs each showing a
/// different page of one site (so sharing one web process), plus `unrealized` WebStates restored from a session and never shown.
///
/// The realized tabs are opened one after the other, each on top of the window's stack
/// while its page loads (as a user opening tabs would); the last one stays on top. Then
/// the unrealized WebStates are made, the loop runs for a second, and PSS is read.
@MainActor
enum MemoryScenario {
    /// Runs the scenario; returns the exit status.
    static func run(base: String, realized: Int, unrealized: Int) -> Int32 {
        EngineHarness.run { harness in
            let recorder = PageLoadRecorder()
            var tabs: [WebState] = []
            for index in 0..<realized {
                let path = BenchmarkPages.tabPath(index % BenchmarkPages.tabPageCount)
                let url = URL(string: base + path)!
                // Told the page, as the browser's new tabs are: the tabs of one site share
                // a web process.
                let webState = WebState(params: .init(context: harness.context, url: url))
                webState.addObserver(recorder)
                harness.show(webState)
                webState.load(url)
                guard harness.waitForPageLoads(recorder, count: index + 1) == .success else {
                    ChildReport.fail("memory: could not load \(path) in tab \(index + 1)")
                    return 1
                }
                harness.settle(.milliseconds(100))  // a frame or two on screen
                tabs.append(webState)
            }
            let viewsBefore = harness.engine.webViewsCreated
            let now = Date()
            for index in 0..<unrealized {
                let metadata = WebStateMetadata(
                    creationTime: now, lastActiveTime: now, title: "Saved tab \(index)",
                    url: URL(string: "\(base)/saved/\(index)/2"), navigationItemCount: 3)
                // Loaders that build the storage when called, as ones reading it from disk would.
                let loaders = WebState.StorageLoaders(
                    storage: {
                        let items = (0..<3).map {
                            NavigationItem(
                                url: URL(string: "\(base)/saved/\(index)/\($0)")!, title: "Saved \($0)")
                        }
                        return WebStateStorage(
                            metadata: metadata,
                            navigation: NavigationHistory(items: items, lastCommittedItemIndex: 2))
                    }, nativeSessionState: { nil })
                tabs.append(
                    WebState(context: harness.context, id: .newUnique(), metadata: metadata, loaders: loaders)
                )
            }
            let contentsForUnrealized = harness.engine.webViewsCreated - viewsBefore
            harness.settle(.seconds(1))
            let memory = ProcessTreeMemory()
            let realizedCount = tabs.count { $0.isRealized }

            print(
                "\(realized) realized + \(unrealized) unrealized tabs; engine contents created: "
                    + "\(harness.engine.webViewsCreated) (\(contentsForUnrealized) for the unrealized ones), "
                    + "live: \(harness.engine.liveWebViews)")
            print(
                Figures.pad("process", 24) + Figures.padLeft("count", 6) + Figures.padLeft("PSS", 12)
                    + Figures.padLeft("each (min–max)", 22) + Figures.padLeft("private", 12))
            for group in memory.groups {
                let each =
                    group.count == 1
                    ? "" : "\(Figures.mebibytes(group.minPSS))–\(Figures.mebibytes(group.maxPSS))"
                print(
                    Figures.pad(group.name, 24) + Figures.padLeft(String(group.count), 6)
                        + Figures.padLeft(Figures.mebibytes(group.pss), 12) + Figures.padLeft(each, 22)
                        + Figures.padLeft(Figures.mebibytes(group.privateBytes), 12))
            }
            print(
                Figures.pad("total", 24) + Figures.padLeft(String(memory.entries.count), 6)
                    + Figures.padLeft(Figures.mebibytes(memory.totalPSS), 12) + Figures.padLeft("", 22)
                    + Figures.padLeft(Figures.mebibytes(memory.totalPrivate), 12))
            if !memory.unreadable.isEmpty {
                print("unreadable (ended or not ours): pids \(memory.unreadable)")
            }
            ChildReport.emit("pss-total", String(memory.totalPSS))
            ChildReport.emit("pss-self", String(memory.entries.first?.pss ?? 0))
            ChildReport.emit("processes", String(memory.entries.count))
            ChildReport.emit("contents-created", String(harness.engine.webViewsCreated))
            ChildReport.emit("contents-for-unrealized", String(contentsForUnrealized))
            ChildReport.emit("realized", String(realizedCount))
            for webState in tabs { harness.close(webState) }
            return 0
        }
    }
}
