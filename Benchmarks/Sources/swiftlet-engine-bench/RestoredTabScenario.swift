import BenchmarkSupport
import Foundation
import GLibSupport
import Web
@_spi(Testing) import WebKitEngine

/// The `--child restored-tab` mode: realizing and loading tabs restored from a session.
///
/// A real content first navigates the three history pages and goes back one, and its
/// storage and WebKit session blob are kept, as a session save would. Then, for each
/// sample, an unrealized WebState whose loaders return them is made (as session restore
/// makes them) and switched to, as a user clicking through restored tabs would; every tab
/// stays open. The pages are of the source's site, so each restored tab joins the web
/// process the source runs in (one per site); the first load measures a new process. The time runs
/// from ``WebState/forceRealized()`` (a new web view, the history restored, the committed
/// entry loading) through putting the view on top of the window's stack, to
/// `pageLoaded(.success)`. The history pages are `no-store`: every restore asks the server.
@MainActor
enum RestoredTabScenario {
    /// Runs the scenario; returns the exit status.
    static func run(base: String, samples: Int) -> Int32 {
        EngineHarness.run { harness in
            let source = WebState(params: .init(context: harness.context))
            let sourceLoads = PageLoadRecorder()
            source.addObserver(sourceLoads)
            harness.show(source)
            for path in BenchmarkPages.historyPaths {
                let expected = sourceLoads.statuses.count + 1
                source.load(URL(string: base + path)!)
                let status = harness.waitForPageLoads(sourceLoads, count: expected)
                guard status == .success, source.lastCommittedURL == URL(string: base + path) else {
                    ChildReport.fail(
                        "restored tab: could not load \(path) in the source tab: \(String(describing: status))"
                    )
                    return 1
                }
            }
            let before = sourceLoads.statuses.count
            source.navigationManager.goBack()
            let backURL = URL(string: base + BenchmarkPages.historyPaths[1])
            let wentBack = GLibMainLoop.pump(timeout: .seconds(30)) {
                sourceLoads.statuses.count > before && source.lastCommittedURL == backURL
            }
            guard wentBack, sourceLoads.statuses.last == .success else {
                ChildReport.fail(
                    "restored tab: could not go back in the source tab: \(sourceLoads.statuses.last.map { "\($0)" } ?? "no page load")"
                )
                return 1
            }
            harness.settle(.milliseconds(300))  // late titles
            let storage = source.serializeToStorage()
            guard let blob = source.sessionStateData, storage.navigation.items.count == 3 else {
                ChildReport.fail("restored tab: the source tab has no session state or not 3 entries")
                return 1
            }
            let committedURL = storage.navigation.lastCommittedItem?.url
            ChildReport.emit("blob-bytes", String(blob.count))
            print(
                "history saved: \(storage.navigation.items.map(\.url.path)), committed index "
                    + "\(storage.navigation.lastCommittedItemIndex), WebKit session blob of \(blob.count) bytes"
            )
            harness.settle(.milliseconds(500))

            var restored: [WebState] = []
            var recorders: [PageLoadRecorder] = []  // WebStates hold observers weakly
            for _ in 0..<samples {
                let webProcessesBefore = ProcessTreeMemory.count(named: "WebKitWebProcess")
                let webState = WebState(
                    context: harness.context, id: .newUnique(), metadata: storage.metadata,
                    loaders: .init(storage: { storage }, nativeSessionState: { blob }))
                let recorder = PageLoadRecorder()
                webState.addObserver(recorder)
                restored.append(webState)
                recorders.append(recorder)
                let start = ProcessClock.monotonicNanoseconds()
                webState.forceRealized()
                let realized = ProcessClock.monotonicNanoseconds()
                harness.show(webState)
                guard let status = harness.waitForPageLoads(recorder, count: 1) else {
                    ChildReport.fail("restored tab: no pageLoaded within 30 s")
                    return 1
                }
                guard status == .success, webState.lastCommittedURL == committedURL,
                    webState.navigationItemCount == 3
                else {
                    ChildReport.fail(
                        "restored tab: \(status), committed \(webState.lastCommittedURL?.path ?? "nothing"), "
                            + "\(webState.navigationItemCount) entries")
                    return 1
                }
                ChildReport.emit("realize", nanoseconds: realized - start)
                ChildReport.emit("loaded", nanoseconds: recorder.lastLoadNanoseconds - start)
                ChildReport.emit("web-processes-before", String(webProcessesBefore))
                harness.settle(.milliseconds(500))
            }
            ChildReport.emit("views-created", String(harness.engine.webViewsCreated))
            for webState in restored { harness.close(webState) }
            harness.close(source)
            return 0
        }
    }
}
