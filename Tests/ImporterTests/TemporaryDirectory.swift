import Foundation

/// A directory of the test's own, removed when the value goes.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(
            path: "importer-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contents` at `path` (relative), creating its directories.
    @discardableResult
    func write(_ contents: Data, at path: String) throws -> URL {
        let file = url.appending(path: path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file
    }

    func makeDirectory(_ path: String) throws -> URL {
        let directory = url.appending(path: path, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Whole seconds since 1970 of `date`, for checking dates to the second.
func seconds(_ date: Date?) -> Int64? {
    date.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
}
