import Base
import Foundation
import Profiles
import Sessions
import TabModel
import Web
import WebTestSupport

@MainActor var benchContexts: [ApplicationContext] = []

/// A profile on `engine` in a temporary directory.
@MainActor
func makeBenchProfile(_ engine: FakeWebEngine, root: URL) -> Profile {
    let context = ApplicationContext(
        userDataDirectory: UserDataDirectory(path: root.appendingPathComponent("udd-\(benchContexts.count)")),
        engine: engine, clock: ManualTimerClock())
    benchContexts.append(context)
    return try! context.profileManager.createProfile(named: "Default")
}

/// Session figures: restoring N-tab sessions, and one save with one dirty tab.
@MainActor
func sessionBenchmark(tabCounts: [Int], runs: Int) {
    let engine = FakeWebEngine()
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "swiftlet-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: root) }
    func makeBrowser(_ service: SessionRestorationService, _ id: String) -> Browser {
        let delegate = BrowserWebStateListDelegate(
            insertionPolicy: .attachTabHelpers, activationPolicy: .doNothing)
        let browser = Browser(
            kind: .regular, profile: makeBenchProfile(engine, root: root), delegate: delegate)
        service.setSessionID(id, for: browser)
        withExtendedLifetime(delegate) {}
        delegates.append(delegate)
        return browser
    }
    var delegates: [BrowserWebStateListDelegate] = []
    print("Sessions (fake engine; restore = loadSession to a ready list, files in the page cache):")
    for count in tabCounts {
        let id = "bench-\(count)"
        // Write a session of `count` tabs, each with a 3-entry history.
        do {
            let service = SessionRestorationService(
                storageDirectory: root, engineContext: engine.defaultContext, clock: ManualTimerClock())
            let browser = makeBrowser(service, id)
            let now = Date()
            browser.webStateList.performBatchOperation {
                for i in 0..<count {
                    let items = (0..<3).map {
                        NavigationItem(
                            url: URL(
                                string: "https://www.example.com/section/\(i)/page-\($0)?ref=benchmark")!,
                            title: "Page \($0) of tab \(i) — a realistic title for the benchmark")
                    }
                    let storage = WebStateStorage(
                        metadata: WebStateMetadata(creationTime: now, lastActiveTime: now),
                        navigation: NavigationHistory(items: items, lastCommittedItemIndex: 2))
                    browser.webStateList.insert(
                        service.createUnrealizedWebState(for: browser, storage: storage))
                }
            }
            service.saveSessions()
            service.waitForPendingIO()
            service.disconnect(browser)
            browser.destroy()
        }
        var times: [Double] = []
        var contents = 0
        for _ in 0..<runs {
            let service = SessionRestorationService(
                storageDirectory: root, engineContext: engine.defaultContext, clock: ManualTimerClock())
            let browser = makeBrowser(service, id)
            let before = engine.contentsCreated
            let start = DispatchTime.now().uptimeNanoseconds
            let restored = service.loadSession(for: browser)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(restored.count == count, "restored \(restored.count) of \(count) tabs")
            contents = engine.contentsCreated - before
            service.disconnect(browser)
            browser.destroy()
        }
        times.sort()
        print(
            String(
                format:
                    "  restore %6d tabs: median %7.2f ms  (min %.2f, max %.2f, %d runs), engine contents created: %d",
                count, times[times.count / 2], times.first!, times.last!, runs, contents))
    }
    // One save with one dirty tab in a 1,000-tab session.
    let service = SessionRestorationService(
        storageDirectory: root, engineContext: engine.defaultContext, clock: ManualTimerClock())
    let browser = makeBrowser(service, "bench-1000")
    service.loadSession(for: browser)
    var mainActor: [Double] = []
    var bytes: [Int] = []
    for round in 0..<max(runs, 5) {
        let tab = browser.webStateList.webState(at: round * 7 % browser.webStateList.count)
        tab.load(URL(string: "https://www.example.com/next/\(round)")!)
        let writtenBefore = service.bytesWritten
        let start = DispatchTime.now().uptimeNanoseconds
        service.saveSessions()
        mainActor.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        service.waitForPendingIO()
        bytes.append(service.bytesWritten - writtenBefore)
    }
    mainActor.sort()
    print(
        String(
            format: "  save, 1 dirty tab of 1,000: main actor median %.3f ms (max %.3f), bytes written %d",
            mainActor[mainActor.count / 2], mainActor.last!, bytes[bytes.count / 2]))
    service.disconnect(browser)
}
