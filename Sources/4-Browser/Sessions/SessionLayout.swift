public import Foundation
import Web

/// Every path of Swiftlet's on-disk session layout, in one place:
///
///     <profile>/SessionStorage/                                    the window sessions
///     <profile>/SessionStorage.crash-backup/                       set aside after a crash
///     <profile>/SessionStorage/<session id>/session_metadata.pb    the list
///     <profile>/SessionStorage/<session id>/<tab %08x>/data.pb     a tab
///     <profile>/SessionStorage/<session id>/<tab %08x>/state.pb    the engine's native blob
///     <profile>/RecentlyClosed.pb                                  recently closed entries
///
/// and the names given to what is set aside: `<path>.bad` (unreadable), `<list>.v<N>` (a
/// list of a newer format version), `<tab>.unlisted` (a tab directory a list written by
/// Chromium does not name). The file names themselves are ``SessionFormat``'s constants.
public enum SessionLayout {
    /// The directory of the window sessions of the profile at `profile`.
    public static func storageDirectory(inProfile profile: URL) -> URL {
        profile.appendingPathComponent(SessionFormat.storageDirectoryName, isDirectory: true)
    }

    /// The recently closed file of the profile at `profile`.
    public static func recentlyClosedFile(inProfile profile: URL) -> URL {
        profile.appendingPathComponent(SessionFormat.recentlyClosedFileName)
    }

    /// Where crash recovery sets the sessions in `storageDirectory` aside.
    public static func crashBackup(of storageDirectory: URL) -> URL {
        URL(fileURLWithPath: storageDirectory.path + SessionFormat.crashBackupSuffix, isDirectory: true)
    }

    /// Where crash recovery builds the backup before renaming it into place.
    static func partialCrashBackup(of storageDirectory: URL) -> String {
        crashBackup(of: storageDirectory).path + ".partial"
    }

    /// Where restoring a crash backup moves the sessions it replaces, until it succeeds.
    static func replacedStorage(of storageDirectory: URL) -> String { storageDirectory.path + ".replaced" }

    /// The entry `name` of `directory`.
    static func entry(_ name: String, in directory: String) -> String { directory + "/" + name }

    /// The longest session id, in bytes of UTF-8: the longest file name Linux takes (`NAME_MAX`).
    public static let maximumSessionIDLength = 255

    /// Whether `sessionID` can name a session directory of its own inside the storage
    /// directory: not empty, at most ``maximumSessionIDLength`` bytes, neither `.` nor `..`,
    /// and without `/` or NUL (a C path ends at a NUL: `"..\0"` would name the parent).
    /// Every id read from disk is checked against this before it becomes a path.
    public static func isUsableSessionID(_ sessionID: String) -> Bool {
        !sessionID.isEmpty && sessionID.utf8.count <= maximumSessionIDLength && sessionID != "."
            && sessionID != ".." && !sessionID.utf8.contains(UInt8(ascii: "/")) && !sessionID.utf8.contains(0)
    }

    /// The directory of the window session `sessionID`.
    static func sessionDirectory(_ sessionID: String, in storageDirectory: URL) -> URL {
        storageDirectory.appendingPathComponent(sessionID, isDirectory: true)
    }

    /// The list file of the session in `sessionDirectory`.
    static func metadataFile(inSession sessionDirectory: String) -> String {
        entry(SessionFormat.metadataFileName, in: sessionDirectory)
    }

    /// The directory, named `storageName`, of a tab of the session in `sessionDirectory`.
    static func tabDirectory(_ storageName: String, inSession sessionDirectory: String) -> String {
        entry(storageName, in: sessionDirectory)
    }

    /// The stored identifier a tab directory's name stands for (the inverse of
    /// `WebStateID.storageName`: eight hex digits), or nil for any other name. The value is
    /// not validated as an identifier.
    static func rawTabID(directoryName name: String) -> Int32? {
        guard name.count == 8, name.allSatisfy(\.isHexDigit), let raw = UInt32(name, radix: 16) else {
            return nil
        }
        return Int32(bitPattern: raw)
    }

    /// The directory of the tab `id` of the session in `sessionDirectory`.
    static func tabDirectory(_ id: WebStateID, inSession sessionDirectory: String) -> String {
        tabDirectory(id.storageName, inSession: sessionDirectory)
    }

    /// The tab's storage file (`data.pb`) in `tabDirectory`.
    static func dataFile(inTab tabDirectory: String) -> String {
        entry(SessionFormat.dataFileName, in: tabDirectory)
    }

    /// The tab's native state file (`state.pb`) in `tabDirectory`.
    static func stateFile(inTab tabDirectory: String) -> String {
        entry(SessionFormat.stateFileName, in: tabDirectory)
    }

    /// Where an unreadable file or directory at `path` is set aside.
    static func setAside(_ path: String) -> String { path + SessionFormat.setAsideSuffix }

    /// Whether `name` is the name of something set aside as unreadable.
    static func isSetAside(_ name: String) -> Bool { name.hasSuffix(SessionFormat.setAsideSuffix) }

    /// Where a list of the newer format `version` is kept before anything rewrites it.
    static func versionBackup(of listPath: String, version: Int32) -> String { listPath + ".v\(version)" }

    /// Where a tab directory that a list written by Chromium does not name is kept.
    static func unlisted(_ tabDirectory: String) -> String { tabDirectory + SessionFormat.unlistedSuffix }

    /// Whether `name` is the name of a tab directory kept as unlisted.
    static func isUnlisted(_ name: String) -> Bool { name.hasSuffix(SessionFormat.unlistedSuffix) }

    /// The profile directory whose session storage is `storageDirectory` (an incognito
    /// profile's storage, `<profile>/OTR/SessionStorage`, belongs to `<profile>`): no link
    /// below it is ever followed.
    static func profileDirectory(ofStorage storageDirectory: URL) -> String {
        let parent = storageDirectory.deletingLastPathComponent()
        return (parent.lastPathComponent == "OTR" ? parent.deletingLastPathComponent() : parent).path
    }

    /// What a directory of the session storage is, for deleting only what Swiftlet names in it.
    enum DirectoryKind {
        /// A window session's directory (`<session id>`).
        case session
        /// A tab's directory (`<tab %08x>`, and its set-aside copies).
        case tab
        /// Something set aside in a file's place (`data.pb.bad` a directory): none of its
        /// entries is Swiftlet's.
        case foreign
    }

    /// The kind of directory an entry named `name` of a `kind` directory is, if it is one
    /// Swiftlet names; nil for a file Swiftlet names.
    static func childKind(_ name: String, in kind: DirectoryKind) -> DirectoryKind? {
        switch kind {
        case .session: isTabDirectoryName(name) ? .tab : .foreign
        case .tab, .foreign: .foreign
        }
    }

    /// Whether Swiftlet names the entry `name` of a `kind` directory: a session's list and its
    /// copies, its tab directories (set aside, unlisted), a tab's data.pb and state.pb (and
    /// their set-aside copies), and the temporary files of atomic writes. Only those are ever
    /// deleted.
    static func isSwiftletName(_ name: String, in kind: DirectoryKind) -> Bool {
        if isTemporaryFileName(name) { return kind != .foreign }
        switch kind {
        case .session: return isMetadataFileOrCopy(name) || isTabDirectoryName(name)
        case .tab:
            return [SessionFormat.dataFileName, SessionFormat.stateFileName].contains {
                name == $0 || name == setAside($0)
            }
        case .foreign: return false
        }
    }

    /// Whether `name` is a tab directory's, as Swiftlet names it or sets it aside.
    static func isTabDirectoryName(_ name: String) -> Bool {
        var base = name
        for suffix in [SessionFormat.setAsideSuffix, SessionFormat.unlistedSuffix]
        where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
        }
        return rawTabID(directoryName: base) != nil
    }

    /// Whether `name` is a temporary file of an atomic write (`.<name>.tmp-XXXXXX`).
    static func isTemporaryFileName(_ name: String) -> Bool { name.hasPrefix(".") && name.contains(".tmp-") }

    /// Whether `name`, an entry of a session directory, is the list or a copy of it (set
    /// aside, version backup, temporary file).
    static func isMetadataFileOrCopy(_ name: String) -> Bool {
        name == SessionFormat.metadataFileName || name.hasPrefix(SessionFormat.metadataFileName + ".")
    }
}
