import Foundation

/// Swiftlet, the release build of `swiftlet`, on a user data directory of its own
/// (`--user-data-dir DIR`). Its session is written by the application layer itself
/// (``SwiftletSessionWriter``), with the window listed in `Local State` as open, so that the
/// launch brings it back.
@MainActor
final class SwiftletBrowser: BenchmarkedBrowser {
    /// Its name in the table.
    static let displayName = "Swiftlet"
    let name = SwiftletBrowser.displayName
    let program: String
    let revision: String?
    /// A history the profile starts with (its `Default/History`), if any.
    let historyFile: URL?

    /// The browser at `program`; `revision` (the source's commit) goes into its version.
    init(program: String, revision: String?, historyFile: URL? = nil) {
        self.program = program
        self.revision = revision
        self.historyFile = historyFile
    }

    var version: String {
        let build = Packages.run([program, "--version"])?.trimmingCharacters(in: .whitespacesAndNewlines)
        let engine = Packages.version("libwebkitgtk-6.0-4").map { ", WebKitGTK \($0)" } ?? ""
        return (build.map { $0.replacingOccurrences(of: "swiftlet ", with: "") } ?? "?")
            + (revision.map { " (\($0))" } ?? "") + engine
    }

    func prepareProfile(_ profile: URL, bench: BenchmarkContext) throws {
        // A headless load in the profile makes its files and the engine's, and no window.
        try bench.launchOnce(
            self, ["--headless", "--user-data-dir", profile.path, "about:blank"], windowless: true)
        if let historyFile {
            let history = profile.appendingPathComponent("Default/History")
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: history.path + suffix)
            }
            try FileManager.default.copyItem(at: historyFile, to: history)
        }
    }

    func writeSession(urls: [URL], active: Int, into profile: URL, bench: BenchmarkContext) throws {
        try SwiftletSessionWriter.write(urls: urls, active: active, into: profile)
    }

    func restoreArguments(profile: URL, bench: BenchmarkContext) -> [String] {
        ["--user-data-dir", profile.path]
    }

    func openArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> [String] {
        ["--user-data-dir", profile.path] + urls.map(\.absoluteString)
    }

    func headlessArguments(profile: URL, url: URL, png: URL, bench: BenchmarkContext) -> Capability {
        .arguments([
            "--headless", "--user-data-dir", profile.path, "--screenshot", png.path, url.absoluteString,
        ])
    }

    /// Opens `urls` with the memory saver's delay set to three seconds in the profile's prefs
    /// (`memory_saver.discard_after_seconds`): every background tab is discarded three
    /// seconds after it loaded, as it would be after half an hour by default. (A tab whose
    /// load has been asked for but not started yet does not count as loading: a delay
    /// shorter than the web processes take to start would discard pages before they load.)
    func discardArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> Capability {
        let file = profile.appendingPathComponent("Default/Preferences")
        var document =
            (try? Data(contentsOf: file)).flatMap {
                try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
            } ?? [:]
        var memorySaver = document["memory_saver"] as? [String: Any] ?? [:]
        memorySaver["discard_after_seconds"] = 3
        document["memory_saver"] = memorySaver
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: document).write(to: file)
        } catch {
            return .unsupported("could not write \(file.path): \(error)")
        }
        return .arguments(openArguments(profile: profile, urls: urls, bench: bench))
    }

    /// Opens `about:blank` with prerendering on or off in the profile's prefs
    /// (`prerender.enabled`).
    func prerenderArguments(profile: URL, enabled: Bool, bench: BenchmarkContext) -> Capability {
        let file = profile.appendingPathComponent("Default/Preferences")
        var document =
            (try? Data(contentsOf: file)).flatMap {
                try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
            } ?? [:]
        var prerender = document["prerender"] as? [String: Any] ?? [:]
        prerender["enabled"] = enabled
        document["prerender"] = prerender
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: document).write(to: file)
        } catch {
            return .unsupported("could not write \(file.path): \(error)")
        }
        return .arguments(openArguments(profile: profile, urls: [URL(string: "about:blank")!], bench: bench))
    }
}
