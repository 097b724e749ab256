import BenchmarkSupport
import Foundation
import Web

/// The `--child first-load` mode: the first page load of a new browser process. Starts the
/// engine, opens one tab in the window, loads a page from the parent's server and reports
/// when its first `pageLoaded(.success)` came, with when `main()` began and when the
/// kernel says the process started (all on the machine-wide monotonic clock).
@MainActor
enum FirstLoadScenario {
    /// Runs the scenario; returns the exit status.
    static func run(base: String, mainStart: UInt64) -> Int32 {
        EngineHarness.run { harness in
            let engineReady = ProcessClock.monotonicNanoseconds()
            let webState = WebState(params: .init(context: harness.context))
            let recorder = PageLoadRecorder()
            webState.addObserver(recorder)
            harness.show(webState)
            let loadStart = ProcessClock.monotonicNanoseconds()
            webState.load(URL(string: base + BenchmarkPages.firstLoadPath)!)
            guard let status = harness.waitForPageLoads(recorder, count: 1) else {
                ChildReport.fail("first load: no pageLoaded within 30 s")
                return 1
            }
            guard status == .success else {
                ChildReport.fail("first load: the page failed to load: \(status)")
                return 1
            }
            let now = ProcessClock.monotonicNanoseconds()
            if let sinceStart = ProcessClock.nanosecondsSinceProcessStart() {
                ChildReport.emit("process-start", nanoseconds: now - sinceStart)
            }
            ChildReport.emit("main", nanoseconds: mainStart)
            ChildReport.emit("engine-ready", nanoseconds: engineReady)
            ChildReport.emit("load-start", nanoseconds: loadStart)
            ChildReport.emit("loaded", nanoseconds: recorder.lastLoadNanoseconds)
            harness.close(webState)
            return 0
        }
    }
}
