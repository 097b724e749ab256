public import Base
public import Foundation

/// Reads and parses a tab's `data.pb`: the one reader behind restoring, realizing,
/// recovering, inspecting and purging tabs (Chromium's `session_loading`). It reads only
/// (through ``ProfileFileReader``); what to do about a file that cannot be used (set it
/// aside, fall back to the list's entry, report it) is each caller's policy.
public enum TabStorageReader {
    /// Why a tab's `data.pb` cannot give the tab's history.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// There is no file (or no tab directory).
        case missing
        /// The file is empty: it parses (as an empty message) but is never written.
        case empty
        /// What is there cannot be read (see ``ProfileFileReadError``).
        case unreadable(ProfileFileReadError)
        /// The file does not parse; the associated value is the decoder's reason.
        case malformed(String)
        /// The file parses but holds no page (saved before the tab's first page committed);
        /// the associated value is the native state digest it records.
        case noPage(nativeStateDigest: Data)

        /// The reason in words, e.g. "the file is empty".
        public var description: String {
            switch self {
            case .missing: "the file is missing"
            case .empty: SessionLoadError.empty.description
            case .unreadable(let error): error.description
            case .malformed(let reason): reason
            case .noPage: "the file holds no page"
            }
        }

        /// Whether what is there can never give a history as it is — empty, not parsing, or
        /// not a regular file within the size limit (``ProfileFileReadError/isUnusable``): a
        /// restore sets it aside. A file this user may not read is left where it is.
        public var isDamaged: Bool {
            switch self {
            case .empty, .malformed: true
            case .unreadable(let error): error.isUnusable
            case .missing, .noPage: false
            }
        }
    }

    /// Reads the `data.pb` of the tab directory `tabDirectory`. Callable from any thread.
    static func read(tabDirectory: String) -> Result<StorageWebStateStorage, Failure> {
        read(file: SessionLayout.dataFile(inTab: tabDirectory))
    }

    /// Reads the tab storage file at `path`.
    static func read(file path: String) -> Result<StorageWebStateStorage, Failure> {
        let data: Data
        switch contents(of: path) {
        case .success(let bytes): data = bytes
        case .failure(let failure): return .failure(failure)
        }
        guard !data.isEmpty else { return .failure(.empty) }
        let stored: StorageWebStateStorage
        do {
            stored = try StorageWebStateStorage(serializedBytes: data)
        } catch {
            return .failure(.malformed("\(error)"))
        }
        guard stored.navigation.model.lastCommittedItem != nil else {
            return .failure(.noPage(nativeStateDigest: stored.nativeStateDigest))
        }
        return .success(stored)
    }

    /// The bytes of the file at `path`.
    private static func contents(of path: String) -> Result<Data, Failure> {
        switch ProfileFileReader.read(path, limit: SessionFormat.maximumFileSize) {
        case .success(let data): .success(data)
        case .failure(.missing): .failure(.missing)
        case .failure(let error): .failure(.unreadable(error))
        }
    }
}
