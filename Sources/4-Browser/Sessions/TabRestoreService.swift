public import Base
public import Foundation
public import TabModel
public import Web

/// Recently closed tabs and windows, newest first, at most ``maximumEntries``, each with its
/// navigation history; persisted so that they survive a restart (Chromium's
/// TabRestoreService). Restoring puts a tab back at its old index in its window (or in the
/// given fallback window) and a window back as a window.
@MainActor
public final class TabRestoreService: WebStateListObserver {
    /// The most entries kept.
    public static let maximumEntries = 25

    /// The entries, newest first. Observers hear of every change.
    public internal(set) var entries: [Entry] = [] {
        didSet { observers.forEach { $0.tabRestoreServiceChanged(self) } }
    }
    let observers = ObserverList<any TabRestoreServiceObserver>()

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any TabRestoreServiceObserver) { observers.add(observer) }

    public func removeObserver(_ observer: any TabRestoreServiceObserver) { observers.remove(observer) }

    /// Where the entries are persisted (nil: kept in memory only, as for incognito).
    public let fileURL: URL?
    /// A problem met reading the file (also logged), if any.
    public internal(set) var loadProblem: SessionProblem?

    var nextEntryID = 1
    var observed: [ObjectIdentifier: (browser: Browser, sessionID: String)] = [:]
    var closingWindows: Set<ObjectIdentifier> = []
    let storageLoader: @MainActor (WebState, Browser, @escaping @MainActor (WebStateStorage?) -> Void) -> Void
    let io: SessionIO

    /// Creates the service, reading `fileURL` if it exists. `storageLoader` fetches the full
    /// storage of an unrealized tab being closed (its history is on disk); completions of
    /// background IO (``whenPersisted(_:)``) reach the main actor through `mainTaskRunner`.
    public init(
        fileURL: URL?, mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(),
        storageLoader:
            @escaping @MainActor (WebState, Browser, @escaping @MainActor (WebStateStorage?) -> Void) ->
            Void = { _, _, completion in completion(nil) }
    ) {
        self.fileURL = fileURL
        io = SessionIO(mainTaskRunner: mainTaskRunner)
        self.storageLoader = storageLoader
        if let fileURL { load(fileURL) }
    }
}
