import Foundation

/// Epiphany (GNOME Web), on a profile of its own (`--profile=DIR`). Its session is a
/// `session_state.xml` written by the benchmark (``EpiphanySessionFile``), restored at launch
/// (its default `restore-session-policy`). It has no headless mode.
@MainActor
final class EpiphanyBrowser: BenchmarkedBrowser {
    let name = "Epiphany"
    let program = "epiphany"
    var version: String {
        let engine = Packages.version("libwebkit2gtk-4.1-0").map { ", WebKitGTK \($0)" } ?? ""
        return (Packages.version("epiphany-browser") ?? "?") + engine
    }

    func prepareProfile(_ profile: URL, bench: BenchmarkContext) throws {
        try bench.launchOnce(self, ["--profile=\(profile.path)", "about:blank"])
        for file in ["session_state.xml", "session_state.xml~"] {
            try? FileManager.default.removeItem(at: profile.appendingPathComponent(file))
        }
    }

    func writeSession(urls: [URL], active: Int, into profile: URL, bench: BenchmarkContext) throws {
        try EpiphanySessionFile.write(urls: urls, active: active, into: profile)
    }

    func restoreArguments(profile: URL, bench: BenchmarkContext) -> [String] {
        ["--profile=\(profile.path)"]
    }

    func openArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> [String] {
        ["--profile=\(profile.path)"] + urls.map(\.absoluteString)
    }

    func headlessArguments(profile: URL, url: URL, png: URL, bench: BenchmarkContext) -> Capability {
        .unsupported("Epiphany has no headless mode")
    }

    func discardArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> Capability {
        .unsupported("a Swiftlet-only row")
    }

    /// Its location bar does not fill in `localhost:<port>/` after "loc" (Enter searches).
    var completesTypedAddresses: Bool { false }
}
