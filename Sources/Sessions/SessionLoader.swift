import Foundation
import Model
import Web

#if canImport(Glibc)
import Glibc
#endif

/// Reads one window session directory for restoration, on the caller's thread (IO already
/// drained), and tidies it: an unreadable list is set aside and the session rebuilt from
/// the tabs' own files; a list from a newer format version is kept as a backup before
/// anything rewrites it; tabs whose stored identifier was invalid get their directory
/// renamed; files the session no longer refers to are deleted.
struct SessionLoader {
    let io: SessionIO
    let directory: String

    struct Result {
        var session: LoadedSession
        var problems: [String]
    }

    func load() -> Result {
        let metadataPath = directory + "/" + SessionFormat.metadataFileName
        var problems: [String] = []
        guard let bytes = io.read(metadataPath) else {
            // No list: no save of this session ever completed (or it is new). Tab files
            // without a list come from an interrupted first save; they are left alone here
            // and go with the next load that has a list.
            return Result(session: .empty, problems: [])
        }
        var session: LoadedSession
        do {
            guard !bytes.isEmpty else { throw SessionLoadError.empty }
            let storage = try StorageWebStateListStorage(serializedBytes: bytes)
            if storage.formatVersion > SessionFormat.currentVersion {
                let backup = metadataPath + ".v\(storage.formatVersion)"
                _ = io.sync { [io] in io.write(bytes, to: backup) }
                problems.append(
                    "written by a newer version (format \(storage.formatVersion)); a copy of its list is kept as "
                        + (backup as NSString).lastPathComponent)
            }
            session = WebStateListSerialization.load(storage)
        } catch {
            let aside = metadataPath + ".bad"
            io.rename(metadataPath, to: aside)
            session = recoverFromTabDirectories()
            problems.append(
                "\(metadataPath) is unreadable (\(error)); set aside as \(SessionFormat.metadataFileName).bad, "
                    + "\(session.items.count) tab(s) recovered from their own files")
        }
        problems += session.problems
        refreshEntriesFromNewerTabFiles(&session, listPath: metadataPath)
        // Tabs that got a fresh identifier: move their files to the new name.
        for index in session.items.indices
        where session.items[index].storageName != session.items[index].id.storageName {
            let item = session.items[index]
            let from = directory + "/" + item.storageName
            let to = directory + "/" + item.id.storageName
            if FileManager.default.fileExists(atPath: from) { io.linkDirectory(from: from, to: to) }
            session.items[index].storageName = item.id.storageName
        }
        deleteObsoleteFiles(keeping: Set(session.items.map(\.storageName)))
        return Result(session: session, problems: problems)
    }

    /// A crash between a tab's data.pb write and the list's write leaves the tab's own file
    /// one change ahead of its list entry. Such a tab (its data.pb is newer than the list)
    /// gets its entry refreshed from the file (timestamps are as coarse as the kernel's tick, so
    /// "as new as" counts: refreshing from a file written in the same save changes nothing), so the tab strip shows what realizing the
    /// tab will load. Costs one stat per tab; reads only the files that are newer.
    private func refreshEntriesFromNewerTabFiles(_ session: inout LoadedSession, listPath: String) {
        guard let listTime = modificationTime(listPath) else { return }
        for index in session.items.indices {
            let path = directory + "/" + session.items[index].storageName + "/" + SessionFormat.dataFileName
            guard let tabTime = modificationTime(path), !(listTime > tabTime), let data = io.read(path),
                let stored = try? StorageWebStateStorage(serializedBytes: data)
            else { continue }
            let navigation = stored.navigation.model
            guard let item = navigation.lastCommittedItem else { continue }
            session.items[index].metadata.url = item.displayURL
            session.items[index].metadata.title = item.title
            session.items[index].metadata.navigationItemCount = navigation.items.count
        }
    }

    private func modificationTime(_ path: String) -> timespec? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mtim
    }

    /// Rebuilds a session from the `<id>/data.pb` files of the directory, ordered by id.
    private func recoverFromTabDirectories() -> LoadedSession {
        var session = LoadedSession()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        for name in names where name.count == 8 {
            guard let raw = UInt32(name, radix: 16),
                let id = WebStateID.fromSerializedValue(Int32(bitPattern: raw)),
                let data = io.read(directory + "/" + name + "/" + SessionFormat.dataFileName),
                let stored = try? StorageWebStateStorage(serializedBytes: data)
            else { continue }
            let navigation = stored.navigation.model
            guard let item = navigation.lastCommittedItem else { continue }
            let now = Date()
            let metadata = WebStateMetadata(
                creationTime: item.timestamp, lastActiveTime: now, title: item.title, url: item.displayURL,
                navigationItemCount: navigation.items.count)
            session.items.append(
                LoadedSession.Item(
                    id: id, storageName: name, metadata: metadata, openerIndex: nil, openerNavigationIndex: -1
                ))
        }
        if !session.items.isEmpty { session.activeIndex = 0 }
        return session
    }

    /// Deletes tab directories and temporary files the list does not refer to. Set-aside
    /// files (`.bad`, version backups) are kept.
    private func deleteObsoleteFiles(keeping kept: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names {
            if name == SessionFormat.metadataFileName || name.hasPrefix(SessionFormat.metadataFileName + ".")
            {
                continue
            }
            if kept.contains(name) { continue }
            io.remove(directory + "/" + name)
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
