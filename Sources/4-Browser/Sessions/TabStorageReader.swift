public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads and parses a tab's `data.pb`: the one reader behind restoring, realizing,
/// recovering, inspecting and purging tabs (Chromium's `session_loading`). It reads only;
/// what to do about a file that cannot be used (set it aside, fall back to the list's entry,
/// report it) is each caller's policy.
public enum TabStorageReader {
    /// Why a tab's `data.pb` cannot give the tab's history.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// There is no file (or no tab directory).
        case missing
        /// The file is empty: it parses (as an empty message) but is never written.
        case empty
        /// The file exists but cannot be read; the associated value is the system's `errno`.
        case unreadable(errno: Int32)
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
            case .unreadable(let code): String(cString: strerror(code))
            case .malformed(let reason): reason
            case .noPage: "the file holds no page"
            }
        }

        /// Whether the file is there but damaged (empty or not parsing): a restore sets such
        /// a file aside.
        public var isDamaged: Bool {
            switch self {
            case .empty, .malformed: true
            case .missing, .unreadable, .noPage: false
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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(code == ENOENT || code == ENOTDIR ? .missing : .unreadable(errno: code))
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(data) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(errno: errno))
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}
