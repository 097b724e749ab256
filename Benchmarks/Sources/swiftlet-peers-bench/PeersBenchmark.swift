import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One run of the benchmark: starts the page server and the X watcher, makes every browser's
/// profiles and sessions once, runs the scenarios interleaved (each round runs every browser
/// once per scenario, in an order that rotates from round to round), and prints the table.
@MainActor
struct PeersBenchmark {
    let command: PeersBenchCommand

    /// Runs it; returns the exit status.
    func run() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        if (environment["DISPLAY"] ?? "").isEmpty {
            fail("no X display: run it under Xvfb (`make bench-peers` does)")
            return 1
        }
        let pages: PeerPages
        let windows: WindowMapWatcher
        do {
            pages = try PeerPages()
            windows = try WindowMapWatcher()
        } catch {
            fail("\(error)")
            return 1
        }
        defer { pages.stop() }
        let work: URL
        if let directory = command.workDir {
            work = URL(fileURLWithPath: directory, isDirectory: true)
        } else {
            var template = Array((NSTemporaryDirectory() + "swiftlet-peers-bench-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else {
                fail("could not make a working directory")
                return 1
            }
            work = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        }
        defer {
            if command.keep {
                say("Working directory kept: \(work.path)")
            } else {
                try? FileManager.default.removeItem(at: work)
            }
        }
        let bench: BenchmarkContext
        do { bench = try BenchmarkContext(pages: pages, windows: windows, workDirectory: work) } catch {
            fail("could not make the working directory: \(error)")
            return 1
        }
        let started = Date()
        var header = headerLines(bench: bench)
        for line in header { say(line) }

        let runner = ScenarioRunner(bench: bench, settings: command.settings)
        let scenarios = command.selectedScenarios
        var ready: [any BenchmarkedBrowser] = []
        var bases: [String: URL] = [:]
        var sessions: [String: [Int: URL]] = [:]
        let sessionSizes = sessionTabCounts(scenarios)
        say("")
        say("Profiles and sessions (once per benchmark run):")
        for browser in command.makeBrowsers() {
            guard Packages.isInstalled(browser.program) else {
                say("  \(browser.name): not installed")
                runner.unavailable("not installed", allFigures(scenarios), browser)
                continue
            }
            do {
                let clock = ContinuousClock.now
                let base = try bench.freshDirectory("profiles", "\(browser.name.lowercased())-base")
                try browser.prepareProfile(base, bench: bench)
                bases[browser.name] = base
                var made: [String] = ["profile \(format(ContinuousClock.now - clock))"]
                for count in sessionSizes {
                    let start = ContinuousClock.now
                    let template = try bench.copy(
                        base, as: "\(browser.name.lowercased())-session-\(count)", in: "profiles")
                    try browser.writeSession(
                        urls: pages.urls(count), active: count / 2, into: template, bench: bench)
                    sessions[browser.name, default: [:]][count] = template
                    made.append("\(Figure.count(count))-tab session \(format(ContinuousClock.now - start))")
                }
                say("  \(browser.name): " + made.joined(separator: ", "))
                ready.append(browser)
            } catch {
                say("  \(browser.name): failed: \(error)")
                runner.unavailable("could not prepare its profile: \(error)", allFigures(scenarios), browser)
            }
        }

        say("")
        say("Runs (interleaved; the browsers' order rotates from round to round):")
        for round in 0..<command.runs where !ready.isEmpty {
            let order = Array(ready[(round % ready.count)...] + ready[..<(round % ready.count)])
            let run = round + 1
            if scenarios.contains(.restore) {
                for browser in order {
                    guard let template = sessions[browser.name]?[command.tabs] else { continue }
                    runner.restore(browser, tabs: command.tabs, template: template, run: run)
                }
            }
            if scenarios.contains(.restoreMany) {
                for browser in order {
                    guard let template = sessions[browser.name]?[command.manyTabs] else { continue }
                    runner.restore(browser, tabs: command.manyTabs, template: template, run: run)
                }
            }
            if scenarios.contains(.open) {
                for count in [1, command.tabs] {
                    for browser in order {
                        runner.open(browser, tabs: count, base: bases[browser.name]!, run: run)
                    }
                }
            }
            if scenarios.contains(.headless) {
                for browser in order { runner.headless(browser, base: bases[browser.name]!, run: run) }
            }
            if scenarios.contains(.memorySaver), let swiftlet = order.first(where: { $0 is SwiftletBrowser })
            {
                runner.discard(swiftlet, tabs: command.tabs, base: bases[swiftlet.name]!, run: run)
            }
            if scenarios.contains(.switchTabs), let swiftlet = order.first(where: { $0 is SwiftletBrowser }),
                let template = sessions[swiftlet.name]?[command.manyTabs]
            {
                runner.switchTabs(swiftlet, tabs: command.manyTabs, template: template, run: run)
            }
            if scenarios.contains(.typing) {
                for browser in order {
                    let base = bases[browser.name]!
                    if browser is SwiftletBrowser {
                        runner.typeAddress(browser, base: base, run: run, prerender: .on)
                        runner.typeAddress(browser, base: base, run: run, prerender: .off)
                    } else {
                        runner.typeAddress(browser, base: base, run: run)
                    }
                }
            }
            if let swiftlet = order.first(where: { $0 is SwiftletBrowser }) as? SwiftletBrowser {
                if scenarios.contains(.keystroke) {
                    runner.keystrokes(swiftlet, base: bases[swiftlet.name]!, run: run)
                }
                if scenarios.contains(.prerenderMemory) {
                    runner.prerenderMemory(swiftlet, base: bases[swiftlet.name]!, run: run)
                }
            }
        }

        let names = command.makeBrowsers().map(\.name)
        let swiftletName = SwiftletBrowser.displayName
        let peers = names.filter { $0 != swiftletName }
        let targets = Targets(
            results: runner.results, swiftlet: swiftletName, peers: peers, tabs: command.tabs,
            manyTabs: command.manyTabs)
        let table = ResultTable(
            results: runner.results, rows: allFigures(scenarios), swiftlet: swiftletName, peers: peers,
            targets: targets, lazyWindowSeconds: command.lazyWindow)
        let minutes = Date().timeIntervalSince(started) / 60
        var report = [""]
        report.append(
            "Medians of \(command.runs) runs (the whole benchmark took \(String(format: "%.0f", minutes)) min):"
        )
        report.append("")
        report += table.lines()
        for line in report { say(line) }
        if let markdown = command.markdown {
            header.append(contentsOf: report)
            let file = URL(fileURLWithPath: markdown)
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                try (header.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
                say("\nThe report is in \(file.path)")
            } catch {
                fail("could not write \(file.path): \(error)")
            }
        }
        return ready.isEmpty ? 1 : 0
    }

    /// The tab counts of the sessions the scenarios restore.
    private func sessionTabCounts(_ scenarios: Set<PeersBenchCommand.Scenario>) -> [Int] {
        var counts: [Int] = []
        if scenarios.contains(.restore) { counts.append(command.tabs) }
        if scenarios.contains(.restoreMany) || scenarios.contains(.switchTabs),
            !counts.contains(command.manyTabs)
        {
            counts.append(command.manyTabs)
        }
        return counts
    }

    /// The table's rows for `scenarios`, in order.
    private func allFigures(_ scenarios: Set<PeersBenchCommand.Scenario>) -> [Figure] {
        var rows: [Figure] = []
        for (scenario, count) in [
            (PeersBenchCommand.Scenario.restore, command.tabs), (.restoreMany, command.manyTabs),
        ]
        where scenarios.contains(scenario) {
            rows += [
                .windowMapped(tabs: count), .activeLoaded(tabs: count), .pagesRequested(tabs: count),
                .peakPSS(tabs: count), .settledPSS(tabs: count),
            ]
        }
        if scenarios.contains(.open) {
            rows += [
                .openSettledPSS(tabs: 1), .openAllLoaded(tabs: command.tabs),
                .openSettledPSS(tabs: command.tabs),
            ]
        }
        if scenarios.contains(.headless) { rows.append(.headlessPNG) }
        if scenarios.contains(.memorySaver) { rows.append(.discardedSettledPSS(tabs: command.tabs)) }
        if scenarios.contains(.switchTabs) {
            rows += [.tabSwitchCPU(tabs: command.manyTabs), .slowestTabSwitchCPU(tabs: command.manyTabs)]
        }
        if scenarios.contains(.typing) {
            rows += [
                .typedLoaded(prerender: .on), .typedLoaded(prerender: .off), .typedPainted(prerender: .on),
                .typedPainted(prerender: .off),
            ]
        }
        if scenarios.contains(.keystroke) {
            rows += [.keystrokeRowsCPU, .keystrokeRowsCPUP99, .keystrokePainted, .keystrokePaintedP99]
        }
        if scenarios.contains(.prerenderMemory) {
            rows += [.prerenderPSS(.before), .prerenderPSS(.during), .prerenderPSS(.after)]
        }
        return rows
    }

    /// The date, the machine, the versions, the sandboxes and the command.
    private func headerLines(bench: BenchmarkContext) -> [String] {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }.map {
                String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces)
            } ?? "?"
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        var system = "?"
        var name = utsname()
        if uname(&name) == 0 {
            system = withUnsafeBytes(of: &name.release) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        let webkitSandbox =
            ProcessInfo.processInfo.environment["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS"] == "1"
            ? "off (no unprivileged user namespaces)" : "on"
        var lines = [
            "# swiftlet-peers-bench, \(formatter.string(from: Date())) UTC",
            "",
            "- machine: \(ProcessInfo.processInfo.activeProcessorCount) cores (\(cpu)), "
                + String(format: "%.0f GiB", memory) + " of memory, Linux \(system), Xvfb 1280×1024×24",
            "- sandboxes: WebKit's (Swiftlet, Epiphany) \(webkitSandbox); Chromium's "
                + (bench.chromiumNoSandbox.map { "off (--no-sandbox: \($0))" } ?? "on")
                + "; Firefox's as it sets itself up",
            "- pages: \(PeerPages.pageSize / 1000) KB each, no-store, served from \(bench.pages.baseURL.absoluteString)",
            "- command: swiftlet-peers-bench " + CommandLine.arguments.dropFirst().joined(separator: " "),
            "- settled: no page requested for \(command.quiet) s (after the \(command.lazyWindow) s lazy-restore "
                + "window); a run lasts at most \(command.maxRun) s, or until its browser's PSS passes "
                + "\(command.memoryLimit) MB; PSS read every \(command.sampleInterval) ms",
            "- versions:",
        ]
        for browser in command.makeBrowsers() {
            lines.append(
                "  - \(browser.name): "
                    + (Packages.isInstalled(browser.program) ? browser.version : "not installed"))
        }
        return lines
    }

    private func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f s", Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Prints a line at once (standard output is a file or a pipe under make).
    private func say(_ line: String) {
        print(line)
        fflush(nil)
    }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data("swiftlet-peers-bench: \(message)\n".utf8))
    }
}
