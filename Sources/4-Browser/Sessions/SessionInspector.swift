import Base
public import Foundation
import Prefs
import Profiles
import Web

#if canImport(Glibc)
import Glibc
#endif

/// Reads the sessions of a user data directory without changing anything and without an
/// engine: what `swiftlet sessions list` and `swiftlet sessions show` print.
///
/// A profile is a directory of the user data directory holding `SessionStorage`,
/// `RecentlyClosed.pb` or `Preferences`. Its regular windows are the sessions under
/// `<profile>/SessionStorage`, its incognito windows those under
/// `<profile>/OTR/SessionStorage`. `Local State`'s open scenes say which windows the next
/// launch restores. Lists go through the same loading rules as a restore (dropped tabs,
/// openers, pinned count, groups); what is damaged is reported, and for an unreadable list
/// the tabs a restore would recover from their own files are shown.
public struct SessionInspector: Sendable {
    /// The directory read.
    public let userDataDirectory: URL

    /// An inspector for `userDataDirectory`.
    public init(userDataDirectory: URL) {
        self.userDataDirectory = userDataDirectory.standardizedFileURL
    }

    /// Why the directory cannot be inspected at all.
    public enum InspectionError: Error, CustomStringConvertible, Equatable {
        /// The directory does not exist.
        case missing(String)
        /// Something other than a directory is there.
        case notADirectory(String)
        /// The directory cannot be listed (`reason`).
        case unreadable(String, reason: String)

        /// The message for the user.
        public var description: String {
            switch self {
            case .missing(let path): "\(path): no such directory"
            case .notADirectory(let path): "\(path): not a directory"
            case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
            }
        }
    }

    /// Reads everything.
    public func inspect() throws(InspectionError) -> SessionReport {
        let path = userDataDirectory.path
        let names: [String]
        switch ProfileFileReader.contentsOfDirectory(path, followingLink: true) {
        case .success(let found): names = found.sorted()
        case .failure(.missing): throw .missing(path)
        case .failure(.notARegularFile): throw .notADirectory(path)
        case .failure(let error): throw .unreadable(path, reason: error.description)
        }
        var problems: [SessionProblem] = []
        let localState = readLocalState(&problems)
        var profiles: [SessionReport.Profile] = []
        for name in names where name != "Cache" {
            let directory = userDataDirectory.appendingPathComponent(name, isDirectory: true).path
            switch ProfileFileReader.contentsOfDirectory(directory) {
            case .success(let entries):
                let marks = [
                    SessionFormat.storageDirectoryName, SessionFormat.recentlyClosedFileName, "Preferences",
                ]
                if entries.contains(where: marks.contains) {
                    profiles.append(inspectProfile(name, localState))
                }
            case .failure(.permissionDenied(let owner)):
                // Perhaps a profile: say so rather than leave it out without a word.
                problems.append(
                    .directoryNotReadable(path: directory, error: .permissionDenied(owner: owner)))
            case .failure: continue
            }
        }
        if localState.isMissing && profiles.contains(where: { !$0.windows.isEmpty }) {
            problems.insert(
                .noLocalState(path: userDataDirectory.appendingPathComponent("Local State").path), at: 0)
        }
        return SessionReport(
            userDataDirectory: path, lastRunCrashed: localState.lastRunCrashed, profiles: profiles,
            problems: problems)
    }

    // MARK: Local State

    /// A window of `Local State`'s open-scene registry (the application layer's
    /// `OpenSceneRegistry`, read here from the file itself).
    private struct OpenScene: Equatable {
        var sessionID: String
        var profileName: String
        var isIncognito: Bool
    }

    /// What the launch learns from `Local State` (the application layer's `AppState.launch`
    /// with its `OpenSceneRegistry`; the rules are repeated here because the inspector must
    /// not load prefs, which would correct the file).
    private struct LocalState {
        var openScenes: [OpenScene] = []
        var crashedScenes: [OpenScene] = []
        var lastRunCrashed = false
        /// Whether the open windows are known; if not, the launch takes every window
        /// session on disk as open.
        var isKnown = false
        /// Whether there is no `Local State` at all.
        var isMissing = false

        /// What the next launch does with the window `sessionID` of `profile`: keeps it
        /// (restores it, or after a crash offers it to restore) or not (a regular window goes
        /// to recently closed, an incognito one is deleted).
        func keeps(_ sessionID: String, profile: String, incognito: Bool) -> Bool {
            let scene = OpenScene(sessionID: sessionID, profileName: profile, isIncognito: incognito)
            if lastRunCrashed { return !isKnown || (openScenes + crashedScenes).contains(scene) }
            // After a clean quit the incognito state is deleted.
            if incognito { return false }
            return !isKnown || openScenes.contains(scene)
        }
    }

    private func readLocalState(_ problems: inout [SessionProblem]) -> LocalState {
        let path = userDataDirectory.appendingPathComponent("Local State").path
        let data: Data
        switch ProfileFileReader.read(path, limit: JSONPrefStore.maximumFileSize) {
        case .success(let bytes): data = bytes
        case .failure(.missing):
            var state = LocalState()
            state.isMissing = true
            return state
        case .failure(let error) where error.isUnusable:
            problems.append(.localStateUnreadable(path: path))
            return LocalState()
        case .failure(let error):
            problems.append(.localStateNotReadable(path: path, error: error))
            return LocalState()
        }
        guard case .object(let root) = try? JSONParser.parse(Array(data)) else {
            problems.append(.localStateUnreadable(path: path))
            return LocalState()
        }
        // As the prefs read it: a value of the wrong kind reads as the default, and a list of
        // open windows of the wrong kind leaves them unknown.
        var state = LocalState()
        let application: [String: JSONValue]
        switch root["application"] {
        case nil: application = [:]
        case .object(let members)?: application = members
        default: return state
        }
        if case .bool(let cleanly) = application["exited_cleanly"] { state.lastRunCrashed = !cleanly }
        switch application["open_scenes"] {
        case nil: break
        case .array(let records)?: state.openScenes = Self.scenes(records)
        default: return state
        }
        if case .array(let records) = application["crashed_scenes"] {
            state.crashedScenes = Self.scenes(records)
        }
        state.isKnown = true
        return state
    }

    /// The records the registry takes: a session id that can name a session directory and a
    /// profile, each window once.
    private static func scenes(_ records: [JSONValue]) -> [OpenScene] {
        var scenes: [OpenScene] = []
        for case .object(let record) in records {
            guard case .string(let id) = record["session_id"], case .string(let profile) = record["profile"],
                SessionLayout.isUsableSessionID(id)
            else { continue }
            var incognito = false
            if case .bool(let value) = record["incognito"] { incognito = value }
            let scene = OpenScene(sessionID: id, profileName: profile, isIncognito: incognito)
            if !scenes.contains(scene) { scenes.append(scene) }
        }
        return scenes
    }

    // MARK: Profiles and windows

    private func inspectProfile(_ name: String, _ localState: LocalState) -> SessionReport.Profile {
        let directory = userDataDirectory.appendingPathComponent(name, isDirectory: true)
        var windows: [SessionReport.Window] = []
        var problems: [SessionProblem] = []
        for incognito in [false, true] {
            let storage = SessionLayout.storageDirectory(
                inProfile: incognito ? directory.appendingPathComponent("OTR") : directory)
            var ids: [String] = []
            if let link = LinkFreePath.firstLink(
                onPathTo: storage.path, below: directory.path, includingItself: true)
            {
                // As a launch does: nothing is read through it.
                problems.append(.storage(.linkInPlace(path: link)))
            } else {
                switch ProfileFileReader.contentsOfDirectory(storage.path) {
                case .success(let names): ids = names.sorted()
                case .failure(.missing): break
                case .failure(let error):
                    problems.append(.directoryNotReadable(path: storage.path, error: error))
                }
            }
            for id in ids where !id.hasPrefix(".") && !SessionLayout.isSetAside(id) {
                let path = SessionLayout.sessionDirectory(id, in: storage).path
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFLNK { problems.append(.storage(.linkInPlace(path: path))) }
                guard info.st_mode & S_IFMT == S_IFDIR else { continue }
                let open = localState.keeps(id, profile: name, incognito: incognito)
                windows.append(
                    inspectWindow(
                        at: path, sessionID: id, profile: name, incognito: incognito, open: open))
            }
        }
        let recentlyClosed = readRecentlyClosed(
            SessionLayout.recentlyClosedFile(inProfile: directory), &problems)
        return SessionReport.Profile(
            name: name, windows: windows, recentlyClosed: recentlyClosed, problems: problems)
    }

    private func inspectWindow(
        at directory: String, sessionID: String, profile: String, incognito: Bool, open: Bool
    ) -> SessionReport.Window {
        var window = SessionReport.Window(
            sessionID: sessionID, profile: profile, incognito: incognito, state: open ? .open : .closed,
            formatVersion: 0, tabs: [], groups: [], problems: [])
        let metadataPath = SessionLayout.metadataFile(inSession: directory)
        var session: LoadedSession
        // What SessionLoader does, without its writes: it would set damaged files aside.
        switch ProfileFileReader.read(metadataPath, limit: SessionFormat.maximumFileSize) {
        case .success(let bytes):
            do {
                guard !bytes.isEmpty else { throw SessionLoadError.empty }
                let storage = try StorageWebStateListStorage(serializedBytes: bytes)
                window.formatVersion = storage.formatVersion
                session = WebStateListSerialization.load(storage)
                if storage.formatVersion > SessionFormat.currentVersion {
                    window.problems.append(.newerFormat(version: storage.formatVersion, backup: nil))
                } else if storage.formatVersion <= 0 {
                    window.problems.append(.writtenByChromium(path: SessionFormat.metadataFileName))
                }
            } catch {
                window.problems.append(.listUnreadable(path: metadataPath, reason: "\(error)", .wouldRecover))
                session = tabsFromTheirOwnFiles(in: directory, problems: &window.problems)
            }
            SessionLoader.refreshEntriesFromNewerTabFiles(
                &session, directory: directory, listPath: metadataPath)
        case .failure(.missing):
            session = tabsFromTheirOwnFiles(in: directory, problems: &window.problems)
            window.problems.append(.noListWouldRecover)
        case .failure(let error) where error.isUnusable:
            session = tabsFromTheirOwnFiles(in: directory, problems: &window.problems)
            window.problems.append(
                error == .notARegularFile(kind: "a directory")
                    ? .listIsDirectory(path: metadataPath, .wouldRecover)
                    : .listUnreadable(path: metadataPath, reason: error.description, .wouldRecover))
        case .failure(let error):
            session = LoadedSession()
            window.problems.append(.sessionNotReadable(path: metadataPath, error: error))
        }
        window.problems += session.problems
        for (index, item) in session.items.enumerated() {
            // The stored identifier (a restore gives an invalid one a fresh value).
            let storedID = SessionLayout.rawTabID(directoryName: item.storageName) ?? 0
            let tabDirectory = SessionLayout.tabDirectory(item.storageName, inSession: directory)
            // What a restore does with the tab's data.pb: missing, it is passed over; empty or
            // not parsing, it is damaged and set aside. Either way the list's URL is all that is left.
            let dataPath = SessionLayout.dataFile(inTab: tabDirectory)
            var hasData = false
            switch TabStorageReader.read(file: dataPath) {
            case .success, .failure(.noPage): hasData = true
            case .failure(let failure):
                window.problems.append(.tabDataWouldFallBack(tab: storedID, failure: failure))
            }
            window.tabs.append(
                SessionReport.Tab(
                    index: index, id: storedID, directory: item.storageName, title: item.metadata.title,
                    url: item.metadata.url?.absoluteString ?? "", pinned: index < session.pinnedCount,
                    active: index == session.activeIndex,
                    group: session.groups.first { $0.range.indices.contains(index) }?.visualData.title,
                    opener: item.openerIndex, navigationItemCount: item.metadata.navigationItemCount,
                    lastActiveTime: item.metadata.lastActiveTime, wasLoading: item.wasLoading,
                    hasData: hasData,
                    hasNativeState: FileManager.default.fileExists(
                        atPath: SessionLayout.stateFile(inTab: tabDirectory))))
        }
        window.groups = session.groups.map {
            SessionReport.Group(
                title: $0.visualData.title, color: "\($0.visualData.color)",
                collapsed: $0.visualData.isCollapsed,
                start: $0.range.start, count: $0.range.count)
        }
        return window
    }

    /// The tabs a restore recovers from their own files (ordered by identifier).
    private func tabsFromTheirOwnFiles(
        in directory: String, excluding excluded: Set<String> = [], problems: inout [SessionProblem]
    ) -> LoadedSession {
        let found = SessionLoader.tabsInTheirOwnFiles(in: directory, excluding: excluded)
        for name in found.unreadable {
            problems.append(.unrecoverableTab(name: name, setAside: false))
        }
        var session = LoadedSession()
        session.items = found.items
        if !session.items.isEmpty { session.activeIndex = 0 }
        return session
    }

    // MARK: Recently closed

    private func readRecentlyClosed(
        _ file: URL, _ problems: inout [SessionProblem]
    ) -> [SessionReport.ClosedEntry] {
        let read = ProfileFileReader.read(file.path, limit: SessionFormat.maximumFileSize)
        if case .failure(.missing) = read { return [] }
        if case .failure(let error) = read, !error.isUnusable {
            problems.append(.recentlyClosedNotReadable(path: file.lastPathComponent, error: error))
            return []
        }
        let storage: StorageRecentlyClosedStorage
        do {
            let data = try read.get()
            guard !data.isEmpty else { throw SessionLoadError.empty }
            storage = try StorageRecentlyClosedStorage(serializedBytes: data)
        } catch {
            problems.append(
                .recentlyClosedUnreadable(path: file.lastPathComponent, reason: "\(error)", setAsideAs: nil))
            return []
        }
        return storage.entries.compactMap { entry in
            switch entry.entry {
            case .tab(let tab): closedTab(tab)
            case .window(let window):
                SessionReport.ClosedEntry(
                    kind: .window, closedTime: window.closedTime.date,
                    windowSessionID: window.windowSessionID.isEmpty ? nil : window.windowSessionID,
                    tabs: window.tabs.map(closedTab))
            case nil: nil
            }
        }
    }

    private func closedTab(_ tab: StorageClosedTabStorage) -> SessionReport.ClosedEntry {
        let history = tab.storage.navigation.model
        let current = history.lastCommittedItem
        return SessionReport.ClosedEntry(
            kind: .tab, closedTime: tab.closedTime.date,
            windowSessionID: tab.windowSessionID.isEmpty ? nil : tab.windowSessionID, index: Int(tab.index),
            title: current?.title ?? tab.metadata.activePage.pageTitle,
            url: current?.url.absoluteString ?? tab.metadata.activePage.pageURL,
            navigationItemCount: history.items.count)
    }
}
