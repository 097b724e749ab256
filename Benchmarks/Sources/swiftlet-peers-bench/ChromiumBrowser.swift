import Foundation

/// Chromium, started as Debian starts it (`/usr/bin/chromium`, a script that adds Debian's
/// default flags and runs the browser in its place). Its session is produced by driving it:
/// its remote debugging server opens the URLs as tabs and selects the middle one, and it quits
/// (SIGTERM is its clean quit), leaving `Default/Sessions`; `--restore-last-session` brings
/// it back.
@MainActor
final class ChromiumBrowser: BenchmarkedBrowser {
    let name = "Chromium"
    let program = "chromium"
    var version: String { Packages.version("chromium") ?? "?" }

    private func common(_ profile: URL, _ bench: BenchmarkContext) -> [String] {
        var arguments = [
            "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check",
            // No keyring over D-Bus (a desktop would have one; here it would only add a wait).
            "--password-store=basic", "--window-size=1280,960",
        ]
        if bench.chromiumNoSandbox != nil { arguments.append("--no-sandbox") }
        return arguments
    }

    func prepareProfile(_ profile: URL, bench: BenchmarkContext) throws {
        try bench.launchOnce(self, common(profile, bench) + ["about:blank"])
        try? FileManager.default.removeItem(at: profile.appendingPathComponent("Default/Sessions"))
    }

    func writeSession(urls: [URL], active: Int, into profile: URL, bench: BenchmarkContext) throws {
        // Chromium loads every tab it opens at once, each in a renderer of its own: given 1,000
        // URLs on its command line it never finished. While it makes the session it shares two
        // renderers, gets small placeholder pages, and is handed the tabs in batches through its
        // remote debugging server; the restore runs have none of that.
        bench.pages.producingSessions = true
        defer { bench.pages.producingSessions = false }
        let process = try bench.spawn(
            self,
            common(profile, bench)
                + ["--remote-debugging-port=0", "--renderer-process-limit=2", "--process-per-site"]
                + [urls[0].absoluteString])
        defer { process.terminate() }
        var client: DevToolsClient?
        var tabs: [DevToolsClient.Tab] = []
        /// Waits until the first `count` URLs are open and titled.
        @MainActor func waitForTabs(_ count: Int) -> Bool {
            bench.wait(for: .seconds(120)) {
                guard process.isRunning else { return true }
                client = client ?? DevToolsClient(userDataDirectory: profile)
                tabs = client?.tabs() ?? []
                let titled = tabs.count { $0.title.hasPrefix("Page ") }
                if titled < count { bench.sleep(for: .milliseconds(250)) }
                return titled >= count
            } && process.isRunning
        }
        var opened = 1
        var ready = waitForTabs(1)
        while ready && opened < urls.count, let client {
            let batch = urls[opened..<min(opened + 50, urls.count)]
            guard batch.allSatisfy(client.open) else { break }
            opened += batch.count
            ready = waitForTabs(opened)
        }
        guard ready, opened == urls.count, tabs.count == urls.count, let client else {
            let state =
                !process.isRunning
                ? "it exited"
                : client == nil ? "no DevToolsActivePort" : "\(tabs.count) tabs listed by DevTools"
            throw BenchmarkContext.Failure(
                description: "Chromium did not open the \(urls.count) tabs (\(state))")
        }
        let target = urls[active].absoluteString
        guard let tab = tabs.first(where: { $0.url == target }), client.activate(tab.id) else {
            throw BenchmarkContext.Failure(description: "Chromium could not select \(target)")
        }
        // It saves its session a few seconds after a change, and again when it quits.
        bench.sleep(for: .seconds(5))
        process.terminate(grace: .seconds(60))
        try? FileManager.default.removeItem(at: profile.appendingPathComponent("DevToolsActivePort"))
        let sessions = profile.appendingPathComponent("Default/Sessions")
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: sessions.path),
            files.contains(where: { $0.hasPrefix("Session_") })
        else { throw BenchmarkContext.Failure(description: "Chromium left no session in \(sessions.path)") }
    }

    func restoreArguments(profile: URL, bench: BenchmarkContext) -> [String] {
        common(profile, bench) + ["--restore-last-session"]
    }

    func openArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> [String] {
        common(profile, bench) + urls.map(\.absoluteString)
    }

    func headlessArguments(profile: URL, url: URL, png: URL, bench: BenchmarkContext) -> Capability {
        var arguments = [
            "--headless", "--user-data-dir=\(profile.path)", "--no-first-run", "--password-store=basic",
            "--window-size=1280,800", "--screenshot=\(png.path)",
        ]
        if bench.chromiumNoSandbox != nil { arguments.append("--no-sandbox") }
        return .arguments(arguments + [url.absoluteString])
    }

    func discardArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> Capability {
        .unsupported("a Swiftlet-only row")
    }
}
