public import Base
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Something wrong found in the session files, and what was (or, for the inspector, would
/// be) done about it: reported by restores, saves, the recently closed list and
/// ``SessionInspector``. ``description`` is the sentence for the log and the inspector;
/// ``userMessage`` says it in words a person understands.
public enum SessionProblem: Sendable, Equatable, CustomStringConvertible {
    /// What a restore did about a window session's list.
    public enum ListFix: Sendable, Equatable {
        /// The list was set aside as `session_metadata.pb.bad` and this many tabs were
        /// recovered from their own files.
        case setAside(recovered: Int)
        /// The inspector's view: a restore recovers the tabs shown from their own files.
        case wouldRecover
    }

    /// A file operation of the IO queue that failed.
    public enum StorageFailure: Sendable, Equatable, CustomStringConvertible {
        /// A file or directory could not be written or created (`reason`).
        case write(reason: String)
        /// A tab's storage at `path` could not be encoded.
        case encodeTab(path: String)
        /// A session list to be written at `path` could not be encoded.
        case encodeList(path: String)
        /// `path` could not be removed (`reason`).
        case remove(path: String, reason: String)
        /// The file `from` could not be linked as `to` (`errno`).
        case link(from: String, to: String, errno: Int32)
        /// `path` could not be renamed (`errno`).
        case rename(path: String, errno: Int32)
        /// A symbolic link is where a directory of the session storage should be (`path`):
        /// nothing is written, linked, renamed or deleted through it.
        case linkInPlace(path: String)
        /// `path` was to be deleted with its directory, but is left (`reason`: it is not
        /// Swiftlet's, or it cannot be read).
        case keptInPlace(path: String, reason: String)

        /// The sentence for the log.
        public var description: String {
            switch self {
            case .write(let reason): "session storage: \(reason)"
            case .encodeTab(let path): "session storage: could not encode \(path)"
            case .encodeList(let path): "could not encode the session list \(path)"
            case .remove(let path, let reason): "session storage: could not remove \(path): \(reason)"
            case .link(let from, let to, let code):
                "session storage: could not link \(from) to \(to): \(String(cString: strerror(code)))"
            case .rename(let path, let code):
                "session storage: could not rename \(path): \(String(cString: strerror(code)))"
            case .linkInPlace(let path):
                "session storage: \(path) is a symbolic link: not followed, left as it is"
            case .keptInPlace(let path, let reason): "session storage: left \(path) in place: \(reason)"
            }
        }
    }

    /// A problem of the window session `sessionID`.
    indirect case inSession(String, SessionProblem)

    // MARK: The list

    /// The list's path holds a directory, not a list.
    case listIsDirectory(path: String, ListFix)
    /// The list is unreadable (`reason`).
    case listUnreadable(path: String, reason: String, ListFix)
    /// A file of the session (`path`) could not be read, though it is not damaged (`error`:
    /// this user may not read it, or the disk failed): every file of the session is left as
    /// it is, and the window is not saved while that lasts.
    case sessionNotReadable(path: String, error: ProfileFileReadError)
    /// There is no list, but tabs were recovered from their own files.
    case noList(recovered: Int)
    /// The inspector's view: there is no list; a restore recovers the tabs shown.
    case noListWouldRecover
    /// The list was written by a newer version; a copy of it is kept as `backup` (nil: the
    /// inspector's view, fields this version does not know are shown as absent).
    case newerFormat(version: Int32, backup: String?)
    /// The list has no format version: it was written by Chromium.
    case writtenByChromium(path: String)

    // MARK: The list's entries

    /// A listed tab has no navigation item: dropped.
    case tabWithoutPage(tab: Int32)
    /// A tab is listed twice: the later copy was dropped.
    case duplicateTab(tab: Int32)
    /// A listed tab is already open in another window: this copy was given `newID`.
    case tabAlreadyOpen(tab: Int32, newID: Int32)
    /// A listed identifier is invalid: the tab was given `newID`.
    case invalidTabID(tab: Int32, newID: Int32)
    /// The active index is out of range: the first tab was activated.
    case activeIndexOutOfRange(Int)
    /// A tab group's range `[start, end)` is invalid: the group was dropped.
    case invalidGroupRange(start: Int, end: Int)
    /// Tab groups overlap: the later one was dropped.
    case overlappingGroups
    /// A tab group is listed twice: the later copy was dropped.
    case duplicateGroup(String)

    // MARK: Tabs' own files

    /// The tab directory `name` that no list names has an unusable data.pb: set aside as
    /// `<name>.bad` (`setAside`), or, in the inspector's view, it cannot come back.
    case unrecoverableTab(name: String, setAside: Bool)
    /// A tab's data.pb (`path`) could not give its history (`failure`): the tab comes back
    /// with its list entry's page; a damaged file was set aside as `data.pb.bad`.
    case tabData(tab: Int32, path: String, failure: TabStorageReader.Failure)
    /// The inspector's view of ``tabData(tab:path:failure:)``.
    case tabDataWouldFallBack(tab: Int32, failure: TabStorageReader.Failure)
    /// A tab's state.pb does not match its data.pb: restored from data.pb.
    case stateMismatch(tab: Int32)
    /// A tab's history (`tab`; nil for the recently closed file) held entries a restore must
    /// not load (`NavigationItem.isRestorable`: `javascript:` …), with these `schemes`: they
    /// were dropped.
    case unrestorableEntries(tab: Int32?, schemes: [String])
    /// A tab's state.pb (`path`) could not be read (`error`): restored from data.pb; what can
    /// never be read (``ProfileFileReadError/isUnusable``) was set aside as `state.pb.bad`.
    case stateFile(tab: Int32, path: String, error: ProfileFileReadError)

    // MARK: Other files and requests

    /// A session that is still connected was to be discarded: its data was kept.
    case stillConnected(sessionID: String)
    /// A file or directory could not be written, linked, renamed or removed.
    case storage(StorageFailure)
    /// `Local State` is damaged: which windows are open is unknown.
    case localStateUnreadable(path: String)
    /// `Local State` could not be read, though it may be fine (`error`): which windows are
    /// open is unknown.
    case localStateNotReadable(path: String, error: ProfileFileReadError)
    /// There is no `Local State`: which windows are open is unknown.
    case noLocalState(path: String)
    /// The directory `path` could not be listed (`error`): what it holds is not shown.
    case directoryNotReadable(path: String, error: ProfileFileReadError)
    /// A file of the profile (`path`: `Local State`, `Preferences` …) could not be read,
    /// though it may be fine (`error`): it is left as it is and never written in this run.
    case fileNotReadable(path: String, error: ProfileFileReadError)
    /// The recently closed file is unreadable (`reason`); set aside as `setAsideAs` (nil:
    /// the inspector's view, `path` is its name).
    case recentlyClosedUnreadable(path: String, reason: String, setAsideAs: String?)
    /// The recently closed file could not be read, though it is not damaged (`error`: this
    /// user may not read it, or the disk failed): it is left as it is.
    case recentlyClosedNotReadable(path: String, error: ProfileFileReadError)

    /// The sentence for the log and the inspector.
    public var description: String {
        let list = SessionFormat.metadataFileName
        let data = SessionFormat.dataFileName
        switch self {
        case .inSession(let sessionID, let problem): return "session \(sessionID): \(problem)"
        case .listIsDirectory(let path, .setAside(let recovered)):
            return "\(path) is a directory, not a list; set aside as \(list).bad, "
                + "\(recovered) tab(s) recovered from their own files"
        case .listIsDirectory(_, .wouldRecover):
            return
                "\(list) is a directory; a restore sets it aside and recovers these tabs from their own files"
        case .listUnreadable(let path, let reason, .setAside(let recovered)):
            return "\(path) is unreadable (\(reason)); set aside as \(list).bad, "
                + "\(recovered) tab(s) recovered from their own files"
        case .listUnreadable(_, let reason, .wouldRecover):
            return
                "\(list) is unreadable (\(reason)); these are the tabs a restore recovers from their own files"
        case .sessionNotReadable(let path, let error):
            return "\(path) cannot be read (\(error)); the window's files are left as they are and it is not "
                + "saved"
        case .noList(let recovered):
            return "no session list; \(recovered) tab(s) recovered from their own files"
        case .noListWouldRecover:
            return "no \(list); these are the tabs a restore recovers from their own files"
        case .newerFormat(let version, let backup?):
            return "written by a newer version (format \(version)); a copy of its list is kept as \(backup)"
        case .newerFormat(let version, nil):
            return
                "written by a newer version (format \(version)): fields this version does not know are shown as absent"
        case .writtenByChromium(let path):
            return "\(path) has no format version: read as a list written by Chromium"
        case .tabWithoutPage(let tab): return "tab \(tab) has no navigation item: dropped"
        case .duplicateTab(let tab): return "tab \(tab) appears twice: later copy dropped"
        case .tabAlreadyOpen(let tab, let newID):
            return "tab \(tab) is already open (in another window): this copy is given \(newID)"
        case .invalidTabID(let tab, let newID): return "tab identifier \(tab) is invalid: tab given \(newID)"
        case .activeIndexOutOfRange(let index):
            return "active index \(index) out of range: first tab activated"
        case .invalidGroupRange(let start, let end):
            return "tab group range [\(start), \(end)) is invalid: group dropped"
        case .overlappingGroups: return "tab groups overlap: later group dropped"
        case .duplicateGroup(let id): return "tab group \(id) appears twice: later copy dropped"
        case .unrecoverableTab(let name, true):
            return
                "\(name)/\(data) is unreadable and no list names the tab: its files are set aside as \(name).bad"
        case .unrecoverableTab(let name, false):
            return "\(name)/\(data) is unreadable: the tab cannot come back"
        case .tabData(let tab, let path, .missing):
            return "tab \(tab): \(path) is missing; restoring its last page from the list"
        case .tabData(let tab, let path, let failure) where failure.isDamaged:
            return "tab \(tab): \(path) is unreadable (\(failure)); set aside as \(data).bad"
        case .tabData(let tab, let path, let failure):
            return "tab \(tab): \(path) cannot be read (\(failure)); restoring its last page from the list"
        case .tabDataWouldFallBack(let tab, .missing):
            return "tab \(tab) has no \(data): it comes back with its last URL only"
        case .tabDataWouldFallBack(let tab, let failure) where failure.isDamaged:
            return
                "tab \(tab): \(data) is damaged (\(failure)); a restore sets it aside and the tab comes back "
                + "with its last URL only"
        case .tabDataWouldFallBack(let tab, let failure):
            return "tab \(tab): \(data) cannot be read (\(failure)): it comes back with its last URL only"
        case .stateMismatch(let tab):
            return "tab \(tab): state.pb does not match data.pb; restoring from data.pb"
        case .unrestorableEntries(let tab, let schemes):
            let whose = tab.map { "tab \($0)" } ?? "recently closed"
            let kinds = schemes.map { $0 + ":" }.joined(separator: ", ")
            return "\(whose): history entries a restore must not load (\(kinds)) were dropped"
        case .stateFile(let tab, let path, let error):
            return "tab \(tab): \(path) cannot be read (\(error)); restoring from data.pb"
                + (error.isUnusable ? "; set aside as \(SessionFormat.stateFileName).bad" : "")
        case .stillConnected(let sessionID):
            return "session \(sessionID) is still connected: its data is not discarded"
        case .storage(let failure): return failure.description
        case .localStateUnreadable(let path):
            return "\(path) is unreadable: which windows are open is unknown; the next launch restores "
                + "every window on disk"
        case .localStateNotReadable(let path, let error):
            return "\(path) cannot be read (\(error)): which windows are open is unknown; the next launch "
                + "restores every window on disk"
        case .noLocalState(let path):
            return "there is no \(path): the next launch restores every window on disk"
        case .directoryNotReadable(let path, let error):
            return "\(path) cannot be read (\(error)): what it holds is not shown"
        case .fileNotReadable(let path, let error):
            return "\(path) cannot be read (\(error)); it is left as it is and not written"
        case .recentlyClosedUnreadable(let path, let reason, let aside?):
            return "\(path) is unreadable (\(reason)); set aside as \(aside)"
        case .recentlyClosedUnreadable(let name, let reason, nil): return "\(name) is unreadable (\(reason))"
        case .recentlyClosedNotReadable(let path, let error):
            return "\(path) cannot be read (\(error)); it is left as it is"
        }
    }

    /// Whether something could not be read at all, though it may be fine (permission denied,
    /// an I/O error), rather than being damaged: what is shown may then be incomplete.
    public var isNotReadable: Bool {
        switch self {
        case .inSession(_, let problem): problem.isNotReadable
        case .sessionNotReadable, .recentlyClosedNotReadable, .localStateNotReadable, .fileNotReadable: true
        case .directoryNotReadable(_, let error): !error.isUnusable
        case .stateFile(_, _, let error): !error.isUnusable
        case .tabData(_, _, .unreadable(let error)), .tabDataWouldFallBack(_, .unreadable(let error)):
            !error.isUnusable
        default: false
        }
    }

    /// The problem in words a person understands, e.g. "A damaged window was set aside; 3
    /// tabs were recovered."
    public var userMessage: String {
        switch self {
        case .inSession(_, let problem): return problem.userMessage
        case .listIsDirectory(_, .setAside(let recovered)), .listUnreadable(_, _, .setAside(let recovered)):
            return "A damaged window was set aside; \(Self.tabs(recovered)) recovered."
        case .listIsDirectory(_, .wouldRecover), .listUnreadable(_, _, .wouldRecover), .noListWouldRecover:
            return "This window is damaged; its tabs can be recovered."
        case .noList(let recovered): return "A window was rebuilt; \(Self.tabs(recovered)) recovered."
        case .sessionNotReadable(let path, let error):
            return Self.notReadableMessage(path, error, what: "this window")
        case .newerFormat: return "This window was saved by a newer version of Swiftlet."
        case .writtenByChromium: return "This window was saved by Chromium."
        case .tabWithoutPage, .duplicateTab: return "A damaged tab could not be restored."
        case .tabAlreadyOpen, .invalidTabID, .activeIndexOutOfRange, .invalidGroupRange, .overlappingGroups,
            .duplicateGroup:
            return "Part of a window was damaged and was repaired."
        case .unrecoverableTab(_, true): return "A damaged tab could not be restored; its files were kept."
        case .unrecoverableTab(_, false): return "A damaged tab cannot be restored."
        case .tabData, .tabDataWouldFallBack, .stateMismatch:
            return "A tab's history was lost; it shows its last page."
        case .stateFile: return "A tab's saved state was damaged; it was reloaded."
        case .unrestorableEntries:
            return "Saved history held links that would run script or other programs; they were removed."
        case .stillConnected: return "An open window was not deleted."
        case .storage(.linkInPlace):
            return "A link in your profile leads out of it: Swiftlet left it as it is and did not follow it."
        case .storage(.keptInPlace): return "Files that are not Swiftlet's were left where they are."
        case .storage: return "Your tabs could not be saved; Swiftlet will try again."
        case .localStateUnreadable, .localStateNotReadable, .noLocalState:
            return "Which windows were open is unknown."
        case .directoryNotReadable(let path, let error), .fileNotReadable(let path, let error):
            return Self.notReadableMessage(path, error, what: "some of your settings or windows")
        case .recentlyClosedUnreadable: return "The list of recently closed tabs was damaged and was reset."
        case .recentlyClosedNotReadable(let path, let error):
            return Self.notReadableMessage(path, error, what: "the list of recently closed tabs")
        }
    }

    /// What to tell the person whose `what` (stored at `path`) could not be read: that it is
    /// left as it is and not saved, whose files they are and the command that gives them
    /// back (what a careless `sudo swiftlet` leaves).
    static func notReadableMessage(_ path: String, _ error: ProfileFileReadError, what: String) -> String {
        guard case .permissionDenied(let owner) = error else {
            return "Swiftlet could not read \(what) (\(error)); it leaves the files as they are and does not "
                + "save \(what) until they can be read."
        }
        let whose = owner.map { " (they belong to \(ProfileFileReadError.userDescription($0)))" } ?? ""
        return "Swiftlet may not read the files of \(what)\(whose), so it leaves them as they are and does "
            + "not save \(what). To make them yours again, quit Swiftlet and run: \(fixCommand(forFileIn: path))"
    }

    /// `sudo chown -R <this user>: '<directory>'` for the file at `path`: the profile of a
    /// session file, else the directory holding the file.
    static func fixCommand(forFileIn path: String) -> String {
        var directory = (path as NSString).deletingLastPathComponent
        if let storage = path.range(of: "/" + SessionFormat.storageDirectoryName + "/") {
            directory = String(path[..<storage.lowerBound])
            if directory.hasSuffix("/OTR") { directory.removeLast("/OTR".count) }
        }
        let user = ProfileFileReadError.userName(UInt32(geteuid())) ?? "$USER"
        return "sudo chown -R \(user): '\(directory.replacingOccurrences(of: "'", with: "'\\''"))'"
    }

    private static func tabs(_ count: Int) -> String {
        count == 1 ? "1 tab was" : "\(count) tabs were"
    }
}

extension SessionProblem: Encodable {
    /// Encodes the problem as its ``description`` (as `swiftlet sessions show --json` prints it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
