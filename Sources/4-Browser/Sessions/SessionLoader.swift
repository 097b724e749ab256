import Base
import Foundation
import Web

#if canImport(Glibc)
import Glibc
#endif

/// Reads one window session directory for restoration, on the IO queue (call ``load()``
/// inside ``SessionIO/sync(_:)``: its writes are plain calls of the queue's operations, so
/// no step ever nests a sync on the queue), and tidies it: an unreadable list is set aside and the session rebuilt from
/// the tabs' own files; a list from a newer format version is kept as a backup before
/// anything rewrites it; tabs whose stored identifier was invalid or already in use get a
/// fresh one and their files follow; files the session no longer refers to are deleted
/// (unrecoverable ones are set aside instead).
struct SessionLoader {
    let io: SessionIO
    let directory: String
    /// Identifiers of the tabs this process already has (other windows): a stored tab
    /// carrying one gets a fresh identifier, so that no two tabs share one.
    var idsInUse: Set<WebStateID> = []

    struct Result {
        var session: LoadedSession
        var problems: [SessionProblem]
        /// Whether tabs were given fresh identifiers and their files moved: the list on disk
        /// names their old directories until the session is saved.
        var reidentifiedTabs = false
        /// Whether some of the session's files could not be read (not damaged: this user may
        /// not read them, or the disk failed). Nothing was changed then, and nothing of the
        /// session may be written or deleted: what could not be read would be lost.
        var couldNotRead = false
    }

    func load() -> Result {
        precondition(io.isOnQueue, "SessionLoader.load: must run on the IO queue")
        let metadataPath = SessionLayout.metadataFile(inSession: directory)
        if let confinement = io.confinement,
            let link = LinkFreePath.firstLink(onPathTo: directory, below: confinement, includingItself: true)
        {
            // A link where the session's directory, or a directory above it, belongs: nothing
            // is read or written through it. The session's own link is set aside (renamed,
            // never followed) and the window starts empty; a link above it stays as it is,
            // and the window is not saved.
            let problems: [SessionProblem] = [.storage(.linkInPlace(path: link))]
            if link == directory, io.rename(directory, to: SessionLayout.setAside(directory)) {
                return Result(session: LoadedSession(), problems: problems)
            }
            return Result(session: LoadedSession(), problems: problems, couldNotRead: true)
        }
        let linkedTabs = setAsideLinkedTabDirectories()
        if let (path, error) = Self.firstFileNotReadable(inSession: directory) {
            // Unreadable is not missing: what the list says is shown (if it can be read), and
            // nothing is set aside, moved or deleted.
            var session = LoadedSession()
            if case .success(let bytes) = io.read(metadataPath),
                let storage = try? StorageWebStateListStorage(serializedBytes: bytes)
            {
                session = WebStateListSerialization.load(storage, idsInUse: idsInUse)
            }
            return Result(
                session: session, problems: linkedTabs + [.sessionNotReadable(path: path, error: error)],
                couldNotRead: true)
        }
        var problems = linkedTabs
        let bytes: Data
        switch io.read(metadataPath) {
        case .success(let data): bytes = data
        case .failure(.missing):
            // No list. Tab directories without a list can only come from a crash before the
            // first list was written: bring them back rather than deleting them.
            var recovered = recoverFromTabDirectories()
            if !recovered.items.isEmpty {
                problems.append(.noList(recovered: recovered.items.count))
            }
            let moved = moveRenamedTabs(&recovered)
            return Result(
                session: recovered, problems: problems + recovered.problems, reidentifiedTabs: moved)
        case .failure(let error) where error.isUnusable:
            // A directory, a link, a pipe, a device or a file too large: never a list, and a
            // directory no save could replace. Set aside like an unreadable list (an older
            // set-aside copy is replaced; a rename moves a link itself, never what it points
            // to) and recover the tabs from their files.
            let aside = SessionLayout.setAside(metadataPath)
            io.remove(aside, kind: .foreign)
            io.rename(metadataPath, to: aside)
            var session = recoverFromTabDirectories()
            let fix = SessionProblem.ListFix.setAside(recovered: session.items.count)
            problems.append(
                error == .notARegularFile(kind: "a directory")
                    ? .listIsDirectory(path: metadataPath, fix)
                    : .listUnreadable(path: metadataPath, reason: error.description, fix))
            problems += session.problems
            let moved = moveRenamedTabs(&session)
            deleteObsoleteFiles(keeping: Set(session.items.map(\.storageName)))
            return Result(session: session, problems: problems, reidentifiedTabs: moved)
        case .failure(let error):
            // Read between the check and now: as above.
            return Result(
                session: LoadedSession(), problems: [.sessionNotReadable(path: metadataPath, error: error)],
                couldNotRead: true)
        }
        var session: LoadedSession
        do {
            guard !bytes.isEmpty else { throw SessionLoadError.empty }
            let storage = try StorageWebStateListStorage(serializedBytes: bytes)
            if storage.formatVersion > SessionFormat.currentVersion {
                let backup = SessionLayout.versionBackup(of: metadataPath, version: storage.formatVersion)
                io.write(bytes, to: backup)
                problems.append(
                    .newerFormat(
                        version: storage.formatVersion, backup: (backup as NSString).lastPathComponent))
            }
            session = WebStateListSerialization.load(storage, idsInUse: idsInUse)
            if storage.formatVersion <= 0 {
                // Our format-version field is not there: Chromium wrote this list (a list of
                // ours is written whole or not at all: temporary file, fsync, rename). It is
                // complete; its tab directories that it does not name are Chromium's leftovers.
                problems.append(.writtenByChromium(path: metadataPath))
                keepUnlistedTabsAside(listed: Set(session.items.map(\.storageName)))
            }
        } catch {
            let aside = SessionLayout.setAside(metadataPath)
            io.rename(metadataPath, to: aside)
            session = recoverFromTabDirectories()
            problems.append(
                .listUnreadable(
                    path: metadataPath, reason: "\(error)", .setAside(recovered: session.items.count)))
        }
        problems += session.problems
        Self.refreshEntriesFromNewerTabFiles(&session, directory: directory, listPath: metadataPath)
        let moved = moveRenamedTabs(&session)
        deleteObsoleteFiles(keeping: Set(session.items.map(\.storageName)))
        return Result(session: session, problems: problems, reidentifiedTabs: moved)
    }

    /// Sets aside each link where a tab directory belongs (renamed to `<name>.bad`, never
    /// followed: its tab comes back with its list entry's page) and reports it.
    private func setAsideLinkedTabDirectories() -> [SessionProblem] {
        guard case .success(let names) = ProfileFileReader.contentsOfDirectory(directory) else { return [] }
        var problems: [SessionProblem] = []
        var info = stat()
        for name in names.sorted() where SessionLayout.rawTabID(directoryName: name) != nil {
            let path = SessionLayout.tabDirectory(name, inSession: directory)
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { continue }
            io.remove(SessionLayout.setAside(path), kind: .tab)
            io.rename(path, to: SessionLayout.setAside(path))
            problems.append(.storage(.linkInPlace(path: path)))
        }
        return problems
    }

    /// The first file of the session in `directory` that this user may not read (or that the
    /// disk fails to give), with why: the directory itself, its list, a tab directory, a
    /// tab's data.pb or state.pb. Costs a few system calls a tab; reads nothing.
    static func firstFileNotReadable(inSession directory: String) -> (String, ProfileFileReadError)? {
        let names: [String]
        switch ProfileFileReader.contentsOfDirectory(directory) {
        case .success(let found): names = found.sorted()
        case .failure(.missing): return nil
        case .failure(let error) where !error.isUnusable: return (directory, error)
        case .failure: return nil
        }
        var paths = [SessionLayout.metadataFile(inSession: directory)]
        for name in names where SessionLayout.rawTabID(directoryName: name) != nil {
            let tab = SessionLayout.tabDirectory(name, inSession: directory)
            paths += [tab, SessionLayout.dataFile(inTab: tab), SessionLayout.stateFile(inTab: tab)]
        }
        for path in paths {
            if let error = ProfileFileReader.readability(path) { return (path, error) }
        }
        return nil
    }

    /// Links the files of tabs that got a fresh identifier under their new name; returns
    /// whether there was any.
    private func moveRenamedTabs(_ session: inout LoadedSession) -> Bool {
        var moved = false
        for index in session.items.indices
        where session.items[index].storageName != session.items[index].id.storageName {
            let item = session.items[index]
            let from = SessionLayout.tabDirectory(item.storageName, inSession: directory)
            let to = SessionLayout.tabDirectory(item.id, inSession: directory)
            if FileManager.default.fileExists(atPath: from) { io.linkDirectory(from: from, to: to) }
            session.items[index].storageName = item.id.storageName
            moved = true
        }
        return moved
    }

    /// A crash between a tab's data.pb write and the list's write leaves the tab's own file
    /// one change ahead of its list entry. Such a tab (its data.pb is newer than the list)
    /// gets its entry refreshed from the file (timestamps are as coarse as the kernel's tick, so
    /// "as new as" counts: refreshing from a file written in the same save changes nothing), so the tab strip shows what realizing the
    /// tab will load. Costs one stat per tab; reads only the files that are newer.
    /// Reads only; the inspector applies it too.
    static func refreshEntriesFromNewerTabFiles(
        _ session: inout LoadedSession, directory: String, listPath: String
    ) {
        guard let listTime = modificationTime(listPath) else { return }
        for index in session.items.indices {
            let path = SessionLayout.dataFile(
                inTab: SessionLayout.tabDirectory(session.items[index].storageName, inSession: directory))
            guard let tabTime = modificationTime(path), !(listTime > tabTime),
                case .success(let stored) = TabStorageReader.read(file: path)
            else { continue }
            let navigation = stored.navigation.model
            guard let item = navigation.lastCommittedItem else { continue }
            session.items[index].metadata.url = item.displayURL
            session.items[index].metadata.title = item.title
            session.items[index].metadata.navigationItemCount = navigation.items.count
        }
    }

    private static func modificationTime(_ path: String) -> timespec? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mtim
    }

    /// Rebuilds a session from the `<id>/data.pb` files of the directory, ordered by id,
    /// leaving out the directories in `excluded`. Identifiers in use get fresh ones; tabs
    /// whose file cannot say what they showed are set aside.
    private func recoverFromTabDirectories(excluding excluded: Set<String> = []) -> LoadedSession {
        let found = Self.tabsInTheirOwnFiles(in: directory, excluding: excluded)
        var session = LoadedSession()
        for var item in found.items {
            if idsInUse.contains(item.id) { item.id = .newUnique() }
            session.items.append(item)
        }
        for name in found.unreadable {
            // No list says what this tab showed and its own file cannot: it cannot come
            // back, but its files are kept aside rather than deleted as obsolete.
            let path = SessionLayout.tabDirectory(name, inSession: directory)
            io.remove(SessionLayout.setAside(path), kind: .tab)
            io.rename(path, to: SessionLayout.setAside(path))
            session.problems.append(.unrecoverableTab(name: name, setAside: true))
        }
        if !session.items.isEmpty { session.activeIndex = 0 }
        return session
    }

    /// The tabs that the `<id>/data.pb` files of `directory` describe, ordered by directory
    /// name, leaving out the directories in `excluded`, with their stored identifiers; and
    /// the directories whose data.pb cannot say what the tab showed. Reads only.
    static func tabsInTheirOwnFiles(
        in directory: String, excluding excluded: Set<String> = []
    ) -> (items: [LoadedSession.Item], unreadable: [String]) {
        var items: [LoadedSession.Item] = []
        var unreadable: [String] = []
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var info = stat()
        for name in names where !excluded.contains(name) {
            guard let raw = SessionLayout.rawTabID(directoryName: name) else { continue }
            let tabDirectory = SessionLayout.tabDirectory(name, inSession: directory)
            // Nothing is read through a link where a tab's directory belongs.
            guard lstat(tabDirectory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            let read = TabStorageReader.read(tabDirectory: tabDirectory)
            // Only files that could be read say anything (as before the list was written); a
            // file that is not one at all (a pipe, a link) makes the tab unrecoverable.
            if case .failure(.missing) = read { continue }
            if case .failure(.unreadable(let error)) = read, !error.isUnusable { continue }
            // A name that is not a valid identifier (not positive, or at the top of the range)
            // still names a tab's files: the tab gets a fresh identifier, as in a list.
            let id = WebStateID.fromSerializedValue(raw) ?? .newUnique()
            guard case .success(let stored) = read else {
                unreadable.append(name)
                continue
            }
            let navigation = stored.navigation.model.withoutUnrestorableItems().history
            guard let item = navigation.lastCommittedItem else { continue }
            let metadata = WebStateMetadata(
                creationTime: item.timestamp, lastActiveTime: item.timestamp, title: item.title,
                url: item.displayURL, navigationItemCount: navigation.items.count)
            items.append(
                LoadedSession.Item(
                    id: id, storageName: name, metadata: metadata, openerIndex: nil, openerNavigationIndex: -1
                ))
        }
        return (items, unreadable)
    }

    /// Deletes tab directories and temporary files the list does not refer to. Set-aside
    /// files (`.bad`, version backups) are kept.
    /// Renames the tab directories a foreign list does not name to `<name>.unlisted`: not
    /// restored (by Chromium's rules they are leftovers), but not deleted either.
    private func keepUnlistedTabsAside(listed: Set<String>) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where !listed.contains(name) && name.count == 8 && name.allSatisfy(\.isHexDigit) {
            let path = SessionLayout.tabDirectory(name, inSession: directory)
            io.rename(path, to: SessionLayout.unlisted(path))
        }
    }

    private func deleteObsoleteFiles(keeping kept: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names {
            if SessionLayout.isMetadataFileOrCopy(name) { continue }
            if kept.contains(name) || SessionLayout.isSetAside(name) || SessionLayout.isUnlisted(name) {
                continue
            }
            // Only what Swiftlet names: whatever else someone put here is not ours to delete.
            guard SessionLayout.isSwiftletName(name, in: .session) else { continue }
            io.remove(
                SessionLayout.entry(name, in: directory), kind: SessionLayout.childKind(name, in: .session))
        }
    }
}

enum SessionLoadError: Error, CustomStringConvertible {
    case empty
    var description: String { "the file is empty" }
}

extension timespec {
    static func > (lhs: timespec, rhs: timespec) -> Bool {
        lhs.tv_sec != rhs.tv_sec ? lhs.tv_sec > rhs.tv_sec : lhs.tv_nsec > rhs.tv_nsec
    }
}
