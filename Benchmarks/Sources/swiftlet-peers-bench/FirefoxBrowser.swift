import Foundation

/// Firefox ESR, on a profile of its own (`--profile DIR --no-remote`). Its session is a
/// `sessionstore.jsonlz4` written by the benchmark (``FirefoxSessionFile``), restored at
/// launch because the profile's `user.js` sets `browser.startup.page` to 3.
@MainActor
final class FirefoxBrowser: BenchmarkedBrowser {
    let name = "Firefox"
    let program = "firefox-esr"
    var version: String { Packages.version("firefox-esr") ?? "?" }

    /// First-run pages, update checks and reporting off: none of them is the browser's work
    /// for the user, and they would load pages or hit the network during the measurements.
    static let preferences = [
        #"user_pref("browser.shell.checkDefaultBrowser", false);"#,
        #"user_pref("browser.aboutwelcome.enabled", false);"#,
        #"user_pref("trailhead.firstrun.didSeeAboutWelcome", true);"#,
        #"user_pref("browser.startup.homepage_override.mstone", "ignore");"#,
        #"user_pref("datareporting.policy.dataSubmissionEnabled", false);"#,
        #"user_pref("datareporting.healthreport.uploadEnabled", false);"#,
        #"user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);"#,
        #"user_pref("app.update.enabled", false);"#,
        #"user_pref("app.normandy.enabled", false);"#,
        #"user_pref("browser.newtabpage.activity-stream.feeds.system.topstories", false);"#,
    ]

    func prepareProfile(_ profile: URL, bench: BenchmarkContext) throws {
        try (Self.preferences.joined(separator: "\n") + "\n").write(
            to: profile.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
        try bench.launchOnce(
            self, ["--profile", profile.path, "--no-remote", "about:blank"], settle: .seconds(5))
        // Firefox ends on SIGTERM without writing its session: nothing of this launch is restored.
        for file in ["sessionstore.jsonlz4", "sessionstore-backups", "sessionCheckpoints.json"] {
            try? FileManager.default.removeItem(at: profile.appendingPathComponent(file))
        }
    }

    func writeSession(urls: [URL], active: Int, into profile: URL, bench: BenchmarkContext) throws {
        let userJS = profile.appendingPathComponent("user.js")
        let preferences = try String(contentsOf: userJS, encoding: .utf8)
        try (preferences + #"user_pref("browser.startup.page", 3);"# + "\n").write(
            to: userJS, atomically: true, encoding: .utf8)
        try FirefoxSessionFile.write(urls: urls, active: active, into: profile)
    }

    func restoreArguments(profile: URL, bench: BenchmarkContext) -> [String] {
        ["--profile", profile.path, "--no-remote"]
    }

    func openArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> [String] {
        ["--profile", profile.path, "--no-remote"] + urls.map(\.absoluteString)
    }

    func headlessArguments(profile: URL, url: URL, png: URL, bench: BenchmarkContext) -> Capability {
        .arguments([
            "--headless", "--profile", profile.path, "--no-remote", "--window-size", "1280,800",
            "--screenshot", png.path, url.absoluteString,
        ])
    }

    func discardArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> Capability {
        .unsupported("a Swiftlet-only row")
    }

    /// Its location bar does not fill in `localhost:<port>/` after "loc" (Enter searches).
    var completesTypedAddresses: Bool { false }
}
