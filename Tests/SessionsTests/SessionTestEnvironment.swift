import Base
import BaseTestSupport
import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// A session storage directory of its own (under the temporary directory), with a fake
/// engine and a manual clock, for one test. Call ``tearDown()`` at the end (it waits for
/// the services' IO, then removes the directory).
///
/// ``restart()`` simulates a new process: a new engine and clock, and services made
/// afterwards read what the earlier ones wrote.
@MainActor
final class SessionTestEnvironment {
    /// The `SessionStorage` directory.
    let root: URL
    /// The save delay of the services made here.
    let saveDelay: Duration = .seconds(1)
    private(set) var engine = FakeWebEngine()
    private(set) var clock = ManualTimerClock()
    /// Where the services' background IO posts its completions: they run only when a test
    /// calls `runUntilIdle()`.
    let mainTasks = ManualMainTaskRunner()
    /// The file calls of the services made here (in every process ``restart()`` simulates):
    /// a test makes a write fail or wait.
    let fileSystem = FaultInjectingFileSystemCalls()
    private var services: [SessionRestorationService] = []
    private let temporary: URL

    init() {
        temporary = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "swiftlet-sessiontests-\(UUID().uuidString)")
        root = temporary.appendingPathComponent(SessionFormat.storageDirectoryName)
    }

    /// Waits for every service's IO, shuts them down, and removes the directory.
    func tearDown() {
        for service in services { service.waitForPendingIO() }
        services.removeAll()
        try? FileManager.default.removeItem(at: temporary)
    }

    // MARK: Services and browsers

    /// A new service on the current engine and clock.
    func makeService() -> SessionRestorationService {
        let service = SessionRestorationService(
            storageDirectory: root, engineContext: engine.defaultContext, clock: clock,
            mainTaskRunner: mainTasks, saveDelay: saveDelay, fileWriter: fileSystem.writer)
        services.append(service)
        return service
    }

    /// Simulates a restart: waits for the earlier services' IO, then switches to a new
    /// engine and clock. Returns a new service.
    func restart() -> SessionRestorationService {
        for service in services { service.waitForPendingIO() }
        engine = FakeWebEngine()
        clock = ManualTimerClock()
        return makeService()
    }

    /// A regular browser whose delegate does nothing (restored tabs stay unrealized), or,
    /// with `realizingActiveTab`, the production delegate (the active tab is realized).
    func makeBrowser(realizingActiveTab: Bool = false) -> Browser {
        Browser(
            kind: .regular, profile: TestProfile.make(engine: engine),
            delegate: realizingActiveTab ? productionDelegate : nil)
    }

    private lazy var productionDelegate = BrowserWebStateListDelegate()

    /// A realized tab that loaded `urls` in order.
    func makeRealizedTab(_ urls: [String]) -> WebState {
        let webState = WebState(params: .init(context: engine.defaultContext))
        for url in urls { webState.load(URL(string: url)!) }
        return webState
    }

    /// Inserts one realized tab per URL at the end of `browser`'s list, each activated (the
    /// last one ends up active), as Chromium's tests do.
    @discardableResult
    func insertTabs(_ browser: Browser, urls: [String]) -> [WebState] {
        urls.map { url in
            let webState = makeRealizedTab([url])
            browser.webStateList.insert(webState, .automatic.activating())
            return webState
        }
    }

    /// Lets the save delay expire (longer after failed saves) and waits for the disk.
    func waitForSave(_ service: SessionRestorationService) {
        clock.advance(by: service.delayedSaveDelay)
        service.waitForPendingIO()
    }

    /// A saved session `sessionID` holding one realized tab per entry of `histories`
    /// (each entry a tab's URLs, loaded in order); the last tab is active. Returns the
    /// tabs' identifiers. The service used is disconnected.
    @discardableResult
    func makeSavedSession(_ sessionID: String, histories: [[String]]) -> [WebStateID] {
        let service = makeService()
        let browser = makeBrowser()
        service.setSessionID(sessionID, for: browser)
        for history in histories {
            browser.webStateList.insert(makeRealizedTab(history), .automatic.activating())
        }
        let ids = browser.webStateList.webStates.map(\.id)
        service.disconnect(browser)
        service.waitForPendingIO()
        return ids
    }

    // MARK: Paths and files

    /// The directory of session `sessionID`.
    func sessionPath(_ sessionID: String) -> String { root.appendingPathComponent(sessionID).path }

    /// The path of `sessionID`'s list.
    func metadataPath(_ sessionID: String) -> String {
        sessionPath(sessionID) + "/" + SessionFormat.metadataFileName
    }

    /// The directory of tab `id` in session `sessionID`.
    func tabPath(_ sessionID: String, _ id: WebStateID) -> String {
        sessionPath(sessionID) + "/" + id.storageName
    }

    /// Paths (relative to ``root``) of tab `id`'s files in `sessionID`: data.pb, and
    /// state.pb if `withState`.
    func tabFiles(_ sessionID: String, _ id: WebStateID, withState: Bool = true) -> Set<String> {
        let directory = sessionID + "/" + id.storageName + "/"
        var files: Set<String> = [directory + SessionFormat.dataFileName]
        if withState { files.insert(directory + SessionFormat.stateFileName) }
        return files
    }

    /// The relative path of `sessionID`'s list.
    func metadataFile(_ sessionID: String) -> String { sessionID + "/" + SessionFormat.metadataFileName }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Writes `data` at `path`, creating directories.
    func write(_ data: Data, to path: String) {
        try! FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! data.write(to: URL(fileURLWithPath: path))
    }

    /// The inode of `path` (files are replaced, never modified in place, so a new inode
    /// means the file was rewritten; hard links share one).
    func inode(_ path: String) -> UInt64? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? NSNumber)?
            .uint64Value
    }

    /// Every regular file below ``root`` (relative path -> inode).
    func snapshot() -> [String: UInt64] {
        var result: [String: UInt64] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return result }
        while let relative = enumerator.nextObject() as? String {
            let path = root.path + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            if let inode = inode(path) { result[relative] = inode }
        }
        return result
    }

    /// Files created or rewritten since `before`.
    func modifiedFiles(since before: [String: UInt64]) -> Set<String> {
        Set(snapshot().filter { before[$0.key] != $0.value }.keys)
    }

    /// Files deleted since `before`.
    func deletedFiles(since before: [String: UInt64]) -> Set<String> {
        let now = snapshot()
        return Set(before.keys.filter { now[$0] == nil })
    }

    // MARK: Hand-made storage

    /// Writes `storage` as `sessionID`'s list.
    func writeList(_ storage: StorageWebStateListStorage, _ sessionID: String) {
        write(try! storage.serializedData(), to: metadataPath(sessionID))
    }

    /// Reads `sessionID`'s list.
    func readList(_ sessionID: String) -> StorageWebStateListStorage? {
        read(metadataPath(sessionID)).flatMap { try? StorageWebStateListStorage(serializedBytes: $0) }
    }

    /// Writes a data.pb for the tab stored as `rawID` in `sessionID` with `urls` as its
    /// history (the last one committed).
    func writeTabData(_ sessionID: String, rawID: Int32, urls: [String]) {
        var storage = StorageWebStateStorage()
        storage.navigation = StorageNavigationStorage(history(urls))
        write(
            try! storage.serializedData(),
            to: sessionPath(sessionID) + "/" + WebStateListSerialization.storageName(rawValue: rawID) + "/"
                + SessionFormat.dataFileName)
    }

    /// Reads tab `id`'s data.pb in `sessionID`.
    func readTabData(_ sessionID: String, _ id: WebStateID) -> StorageWebStateStorage? {
        read(tabPath(sessionID, id) + "/" + SessionFormat.dataFileName).flatMap {
            try? StorageWebStateStorage(serializedBytes: $0)
        }
    }
}

/// A history of `urls`, the last one committed, titled by the fake engine's rule.
@MainActor
func history(_ urls: [String]) -> NavigationHistory {
    NavigationHistory(
        items: urls.map {
            let url = URL(string: $0)!
            return NavigationItem(url: url, title: FakeWebEngine.defaultTitle(for: url))
        },
        lastCommittedItemIndex: urls.count - 1)
}

/// A list item as a session list stores it: identifier, page and navigation item count.
@MainActor
func listItem(
    _ rawID: Int32, url: String, itemCount: Int32 = 1, opener: Int32? = nil
) -> StorageWebStateListItemStorage {
    var item = StorageWebStateListItemStorage()
    item.identifier = rawID
    let now = Date()
    item.metadata = StorageWebStateMetadataStorage(
        WebStateMetadata(
            creationTime: now, lastActiveTime: now, title: FakeWebEngine.defaultTitle(for: URL(string: url)!),
            url: URL(string: url), navigationItemCount: Int(itemCount)))
    if let opener {
        item.opener.index = opener
        item.opener.navigationIndex = 0
    }
    return item
}

/// A session list of `items`, written by the current format version.
func listStorage(
    _ items: [StorageWebStateListItemStorage], active: Int32, pinned: Int32 = 0,
    groups: [StorageTabGroupStorage] = []
) -> StorageWebStateListStorage {
    var storage = StorageWebStateListStorage()
    storage.formatVersion = SessionFormat.currentVersion
    storage.items = items
    storage.activeIndex = active
    storage.pinnedItemCount = pinned
    storage.groups = groups
    return storage
}

/// A stored tab group over `start ..< start + count`.
func groupStorage(start: Int32, count: Int32, title: String, id: TabGroupID) -> StorageTabGroupStorage {
    var group = StorageTabGroupStorage()
    group.range.start = start
    group.range.count = count
    group.title = title
    group.color = .tabGroupColorPurple
    group.tabGroupID.high = id.high
    group.tabGroupID.low = id.low
    return group
}

/// Records the service's notifications.
@MainActor
final class RecordingSessionObserver: SessionRestorationObserver {
    /// Browsers whose restoration started, with their tab count at that moment.
    var started: [(browser: Browser, tabCount: Int)] = []
    /// Browsers whose restoration finished, with the tabs reported.
    var finished: [(browser: Browser, webStates: [WebState])] = []

    func willStartSessionRestoration(_ browser: Browser) {
        started.append((browser, browser.webStateList.count))
    }

    func sessionRestorationFinished(_ browser: Browser, restoredWebStates: [WebState]) {
        finished.append((browser, restoredWebStates))
    }
}
