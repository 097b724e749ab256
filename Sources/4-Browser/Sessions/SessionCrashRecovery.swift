public import Base
public import Foundation
import Logging
import Web

#if canImport(Glibc)
import Glibc
#endif

/// Crash recovery for a profile's sessions. When the last run crashed, the sessions are set
/// aside — hard-linked into `SessionStorage.crash-backup` beside `SessionStorage` — before
/// anything loads or rewrites them. The UI then offers the user a choice: ``restore()``
/// puts the backup back in place of whatever was saved since (then load the sessions), and
/// ``discard()`` deletes it. Hard links make the backup instant and free of copies: saves
/// replace files (atomic rename) and never modify them in place, so the backup's files stay
/// as they were.
@MainActor
public final class SessionCrashRecovery {
    /// The live session directory.
    public let storageDirectory: URL
    /// Where the backup lives.
    public let backupDirectory: URL

    /// Makes directories durable (fsyncs them) after renames and links.
    private let fileWriter: AtomicFileWriter

    /// Recovery for the sessions in `storageDirectory`.
    public init(storageDirectory: URL, fileWriter: AtomicFileWriter = AtomicFileWriter()) {
        self.storageDirectory = storageDirectory.standardizedFileURL
        backupDirectory = SessionLayout.crashBackup(of: self.storageDirectory)
        self.fileWriter = fileWriter
    }

    /// Whether a backup is waiting for the user's choice.
    public var hasBackup: Bool { FileManager.default.fileExists(atPath: backupDirectory.path) }

    /// Sets the sessions aside if `lastRunCrashed` and there is anything to set aside. A
    /// backup left by an earlier crash is replaced by this newer one. Returns whether a
    /// backup was made.
    @discardableResult
    public func setAsideIfNeeded(lastRunCrashed: Bool) -> Bool {
        guard lastRunCrashed, FileManager.default.fileExists(atPath: storageDirectory.path) else {
            return false
        }
        let temporary = SessionLayout.partialCrashBackup(of: storageDirectory)
        try? FileManager.default.removeItem(atPath: temporary)
        guard linkTree(from: storageDirectory.path, to: temporary) else {
            Logger.sessions.error("crash recovery: could not back up \(storageDirectory.path)")
            try? FileManager.default.removeItem(atPath: temporary)
            return false
        }
        try? FileManager.default.removeItem(at: backupDirectory)
        guard rename(temporary, backupDirectory.path) == 0 else { return false }
        try? fileWriter.syncDirectory(backupDirectory.deletingLastPathComponent().path)
        Logger.sessions.warning(
            "the last run did not exit cleanly; its sessions are kept in \(backupDirectory.path)")
        return true
    }

    /// Makes every later `WebStateID.newUnique()` greater than the identifier of each tab
    /// with files under the live sessions (a tab's directory is named after its identifier).
    /// Identifiers are advanced past as sessions load; windows that crashed wait for the
    /// user's choice unloaded, and a tab made meanwhile must not take one of their tabs'
    /// identifiers. Reads directory names only.
    public func reserveStoredTabIDs() {
        let manager = FileManager.default
        let sessions = (try? manager.contentsOfDirectory(atPath: storageDirectory.path)) ?? []
        for session in sessions {
            let directory = storageDirectory.appendingPathComponent(session).path
            for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
                if let raw = SessionLayout.rawTabID(directoryName: name) {
                    _ = WebStateID.fromSerializedValue(raw)
                }
            }
        }
    }

    /// Puts the backup in place of the live sessions (which are replaced). Load the sessions
    /// afterwards. Returns false if there was no backup or it could not be put back.
    @discardableResult
    public func restore() -> Bool {
        guard hasBackup else { return false }
        let old = SessionLayout.replacedStorage(of: storageDirectory)
        try? FileManager.default.removeItem(atPath: old)
        if FileManager.default.fileExists(atPath: storageDirectory.path),
            rename(storageDirectory.path, old) != 0
        {
            return false
        }
        guard rename(backupDirectory.path, storageDirectory.path) == 0 else {
            _ = rename(old, storageDirectory.path)
            return false
        }
        try? fileWriter.syncDirectory(storageDirectory.deletingLastPathComponent().path)
        try? FileManager.default.removeItem(atPath: old)
        return true
    }

    public func backupHasSession(_ sessionID: String) -> Bool {
        FileManager.default.fileExists(
            atPath: SessionLayout.sessionDirectory(sessionID, in: backupDirectory).path)
    }

    /// Puts the backup's copy of the one session `sessionID` in place of the live one (which
    /// must not be connected to a browser); the rest of the live sessions — windows opened
    /// since the crash — stay as they are. The backup's copy is left in the backup, so the
    /// session can be restored again until ``discard()``. Load the session afterwards.
    /// Returns false if the backup has no such session or it could not be put back (the
    /// live one is then unchanged).
    @discardableResult
    public func restoreSession(_ sessionID: String) -> Bool {
        let source = SessionLayout.sessionDirectory(sessionID, in: backupDirectory).path
        let destination = SessionLayout.sessionDirectory(sessionID, in: storageDirectory).path
        guard FileManager.default.fileExists(atPath: source) else { return false }
        let staging = SessionLayout.partialCrashBackup(of: storageDirectory) + "-" + sessionID
        try? FileManager.default.removeItem(atPath: staging)
        do { try PrivateStorage.createDirectory(atPath: storageDirectory.path, fileWriter: fileWriter) } catch
        { return false }
        guard linkTree(from: source, to: staging) else {
            try? FileManager.default.removeItem(atPath: staging)
            return false
        }
        let old = SessionLayout.replacedStorage(of: storageDirectory) + "-" + sessionID
        try? FileManager.default.removeItem(atPath: old)
        let hadLive = FileManager.default.fileExists(atPath: destination)
        if hadLive, rename(destination, old) != 0 {
            try? FileManager.default.removeItem(atPath: staging)
            return false
        }
        guard rename(staging, destination) == 0 else {
            if hadLive { _ = rename(old, destination) }
            try? FileManager.default.removeItem(atPath: staging)
            return false
        }
        try? fileWriter.syncDirectory(storageDirectory.path)
        try? FileManager.default.removeItem(atPath: old)
        return true
    }

    /// Deletes the backup (the user chose not to restore).
    public func discard() { try? FileManager.default.removeItem(at: backupDirectory) }

    private func linkTree(from source: String, to destination: String) -> Bool {
        do {
            try PrivateStorage.createDirectory(atPath: destination, fileWriter: fileWriter)
        } catch {
            return false
        }
        // Never through a link (the source itself, or one in it): what it leads to is not the
        // sessions', and is neither read nor linked here.
        let names = (try? ProfileFileReader.contentsOfDirectory(source).get()) ?? []
        var info = stat()
        for name in names {
            let from = SessionLayout.entry(name, in: source)
            let to = SessionLayout.entry(name, in: destination)
            guard lstat(from, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: guard linkTree(from: from, to: to) else { return false }
            case S_IFREG: guard link(from, to) == 0 else { return false }
            default: continue
            }
        }
        // The links are entries of `destination`: make them durable.
        do { try fileWriter.syncDirectory(destination) } catch { return false }
        return true
    }
}
