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

    /// The browser at `program`; `revision` (the source's commit) goes into its version.
    init(program: String, revision: String?) {
        self.program = program
        self.revision = revision
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

    /// The memory saver (issue #12, part 4) is not built yet. Once the browser can discard
    /// background tabs, return the arguments that open `urls` and make it discard every
    /// background tab soon after it loaded (e.g. a command-line flag or a pref written into
    /// `profile` that sets the discard delay to a second): the scenario then waits for the
    /// loads and the discards and reads the settled PSS.
    func discardArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> Capability {
        .unsupported("waits for the memory saver (#12, part 4)")
    }
}
