import Base
public import Foundation
import Profiles
import Sessions
public import TabModel
public import Web
import WebTestSupport

/// One input's round trip through the real services on the fake engine: files are written
/// in a scratch directory (emptied before each input), loaded, realized, saved and loaded
/// again. Every call must return; a crash is a finding.
@MainActor
public enum FuzzHarness {
    /// The scratch directory of this process.
    public static let scratch = URL(fileURLWithPath: scratchPath, isDirectory: true)
    private static let engine = FakeWebEngine()
    private static let clock = ManualTimerClock()
    /// One profile for every browser made here (its context lives as long as the process).
    private static let profile: Profile = {
        let context = ApplicationContext(
            userDataDirectory: UserDataDirectory(path: scratch.appendingPathComponent("profile-root")),
            engine: engine, clock: clock, isTesting: true)
        return try! context.profileManager.createProfile(named: "Default")
    }()

    /// libFuzzer ends with `exit`: the scratch directory goes then (a crash leaves it).
    private static let removeScratchAtExit: Void = {
        atexit { try? FileManager.default.removeItem(atPath: FuzzHarness.scratchPath) }
    }()
    private nonisolated static let scratchPath = NSTemporaryDirectory() + "swiftlet-fuzz-\(getpid())"

    /// The `SessionStorage` directory of one input.
    public static var storage: URL { scratch.appendingPathComponent("input/SessionStorage") }

    /// Empties the input's directory.
    public static func reset() {
        _ = removeScratchAtExit
        try? FileManager.default.removeItem(at: scratch.appendingPathComponent("input"))
        try? FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
    }

    /// Writes `data` at `relativePath` below ``storage``, creating directories.
    public static func write(_ data: Data, _ relativePath: String) {
        let url = storage.appendingPathComponent(relativePath)
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url)
    }

    /// Writes a valid session `sessionID` of two tabs with the real service in `storage`
    /// (the input's), so that the input replaces one of its files.
    public static func writeValidSession(_ sessionID: String, in storage: URL = storage) -> [WebStateID] {
        let service = SessionRestorationService(
            storageDirectory: storage, engineContext: engine.defaultContext, clock: clock)
        let browser = makeBrowser()
        service.setSessionID(sessionID, for: browser)
        for url in ["https://a.test/", "https://b.test/"] {
            let webState = WebState(params: .init(context: engine.defaultContext))
            webState.load(URL(string: url)!)
            browser.webStateList.insert(webState, .automatic.activating())
        }
        let ids = browser.webStateList.webStates.map(\.id)
        service.disconnect(browser)
        service.waitForPendingIO()
        return ids
    }

    /// A regular browser on the shared profile.
    public static func makeBrowser() -> Browser {
        Browser(kind: .regular, profile: profile, delegate: nil)
    }

    /// Loads `sessionID` in a fresh service, realizes every tab, navigates one, saves, and
    /// loads the result in another fresh service.
    public static func roundTripSession(_ sessionID: String) {
        for pass in 0..<2 {
            let service = SessionRestorationService(
                storageDirectory: storage, engineContext: engine.defaultContext, clock: clock)
            let browser = makeBrowser()
            service.setSessionID(sessionID, for: browser)
            _ = service.loadSession(for: browser)
            for webState in browser.webStateList.webStates { webState.forceRealized() }
            if pass == 0, !browser.webStateList.webStates.isEmpty {
                browser.webStateList.webState(at: 0).load(URL(string: "https://fuzz.test/")!)
            }
            service.saveSessions()
            service.waitForPendingIO()
            service.disconnect(browser)
            service.waitForPendingIO()
        }
    }

    /// Runs `body` on the main actor with the input's bytes; libFuzzer calls its callback on
    /// the main thread.
    public static func input(
        _ data: UnsafePointer<UInt8>?, _ size: Int, _ body: @MainActor (Data) -> Void
    ) -> Int32 {
        let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
        MainActor.assumeIsolated { body(bytes) }
        return 0
    }
}
