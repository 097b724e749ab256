import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs one measurement of one browser at a time and records its figures: restoring a
/// session, opening tabs, a headless page to PNG, and (Swiftlet) tabs loaded then
/// discarded. Every run starts the browser on a fresh copy of a profile made at the start
/// and ends it with every process it started.
///
/// While a browser runs, the PSS of its whole process tree (``ProcessTreeMemory``: the
/// process and every descendant, from `smaps_rollup`) is read every ``Settings/sampleInterval``;
/// the peak is the highest reading. A run has settled when no page was requested for
/// ``Settings/quiet`` (after the lazy-restore window, and once the pages it waits for have
/// sent their beacons); the settled PSS is the reading taken then. A run still busy at
/// ``Settings/maxRun`` is measured then, and the table says so.
@MainActor
final class ScenarioRunner {
    /// The timing rules.
    struct Settings {
        /// The window after spawn in which page requests are counted (lazy restore).
        var lazyWindow: Duration = .seconds(5)
        /// How long without a page request counts as settled.
        var quiet: Duration = .seconds(5)
        /// The longest a run lasts.
        var maxRun: Duration = .seconds(75)
        /// The tab switches measured in a run of the switch scenario.
        var switches = 10
        /// How often the process tree's memory is read.
        var sampleInterval: Duration = .milliseconds(250)
        /// After the tabs loaded, how long the memory-saver scenario gives the browser to
        /// discard the background ones before it waits for quiet.
        var discardWait: Duration = .seconds(10)
        /// The PSS of a browser's process tree at which its run is stopped, in bytes.
        var memoryLimit = 8_000_000_000
        /// The memory the machine keeps available (`MemAvailable`): a run that leaves less is
        /// stopped, whatever its own figure.
        var systemReserve = 2_000_000_000
    }

    let bench: BenchmarkContext
    let settings: Settings
    /// The figures so far.
    var results = Results()
    /// Scenarios of a browser stopped at the memory limit once, not run again.
    private var stopped: Set<String> = []

    /// A runner in `bench` with `settings`.
    init(bench: BenchmarkContext, settings: Settings) {
        self.bench = bench
        self.settings = settings
    }

    /// Records why `browser` has no figures for `figures`.
    func unavailable(_ reason: String, _ figures: [Figure], _ browser: any BenchmarkedBrowser) {
        for figure in figures { results.note(reason, figure, browser.name) }
    }

    // MARK: Restore

    /// Restores the session of `tabs` tabs in a copy of `template`.
    func restore(_ browser: any BenchmarkedBrowser, tabs: Int, template: URL, run: Int) {
        let active = tabs / 2
        let figures: [Figure] = [
            .windowMapped(tabs: tabs), .activeLoaded(tabs: tabs), .pagesRequested(tabs: tabs),
            .peakPSS(tabs: tabs), .settledPSS(tabs: tabs),
        ]
        let label = "restore \(Figure.count(tabs))"
        guard !stopped.contains("\(browser.name) \(label)") else { return }
        let started = start(browser, label, run, copying: template) { [bench] in
            .arguments(browser.restoreArguments(profile: $0, bench: bench))
        }
        guard case .running(let process, let profile) = started else {
            return unavailable(started.reason, figures, browser)
        }
        defer { finish(process, profile) }
        let pages = bench.pages
        let watch = watchUntil(process) { now in
            pages.beacons(since: process.spawnedAt).contains { $0.index == active }
                && now - process.spawnedAt >= nanoseconds(settings.lazyWindow)
        }
        let requests = pages.pageRequests(since: process.spawnedAt)
        let lazyEnd = process.spawnedAt + nanoseconds(settings.lazyWindow)
        let early = Set(requests.filter { $0.time <= lazyEnd }.map(\.index)).count
        let mapped = bench.windows.firstMapping(since: process.spawnedAt).map {
            seconds($0.time - process.spawnedAt)
        }
        let loaded = pages.beacons(since: process.spawnedAt).first { $0.index == active }.map {
            seconds($0.time - process.spawnedAt)
        }
        if let mapped { results.record(mapped, .windowMapped(tabs: tabs), browser.name) }
        if let loaded { results.record(loaded, .activeLoaded(tabs: tabs), browser.name) }
        results.record(Double(early), .pagesRequested(tabs: tabs), browser.name)
        if watch.end == .memory {
            stopAtMemoryLimit(
                watch, browser, label,
                [.peakPSS(tabs: tabs), .settledPSS(tabs: tabs)]
                    + (mapped == nil ? [.windowMapped(tabs: tabs)] : [])
                    + (loaded == nil ? [.activeLoaded(tabs: tabs)] : []))
        } else {
            results.record(Double(watch.peak), .peakPSS(tabs: tabs), browser.name)
            results.record(Double(watch.last), .settledPSS(tabs: tabs), browser.name)
        }
        if mapped == nil && watch.end != .memory {
            results.note("no window was mapped in some runs", .windowMapped(tabs: tabs), browser.name)
        }
        if loaded == nil && watch.end != .memory {
            results.note("the active tab did not load in some runs", .activeLoaded(tabs: tabs), browser.name)
        }
        noteEnd(watch, browser, .settledPSS(tabs: tabs))
        report(
            browser, label, run,
            "window \(format(mapped)), active tab loaded \(format(loaded)), pages requested in "
                + "\(seconds(settings.lazyWindow)) s: \(early) (\(Set(requests.map(\.index)).count) by the end), "
                + "PSS peak \(TableFormat.value(Double(watch.peak), .bytes)), "
                + "\(watch.describe(settings)) \(TableFormat.value(Double(watch.last), .bytes))")
    }

    // MARK: Switch

    /// Restores the session of `tabs` tabs and waits for its active tab; then, `switches`
    /// times, switches to the next tab as a person would (Ctrl+PageDown, typed through XTEST
    /// into the window focused with xdotool) and waits for that tab's page to load. Swiftlet's
    /// test-only event log (`SWIFTLET_EVENT_LOG`) gives each switch's main-thread CPU time, from
    /// the change of the active tab to the next frame painted (`tab-switched`). No peer reports
    /// that figure from outside, so only Swiftlet runs it.
    func switchTabs(_ browser: any BenchmarkedBrowser, tabs: Int, template: URL, run: Int) {
        let figures: [Figure] = [.tabSwitchCPU(tabs: tabs), .slowestTabSwitchCPU(tabs: tabs)]
        let label = "switch \(Figure.count(tabs))"
        let active = tabs / 2
        let eventLogName = "events.log"
        let started = start(
            browser, label, run, copying: template,
            environment: { ["SWIFTLET_EVENT_LOG": $0.appendingPathComponent(eventLogName).path] }
        ) { [bench] in
            .arguments(browser.restoreArguments(profile: $0, bench: bench))
        }
        guard case .running(let process, let profile) = started else {
            return unavailable(started.reason, figures, browser)
        }
        defer { finish(process, profile) }
        let eventLog = profile.appendingPathComponent(eventLogName)
        let pages = bench.pages
        let watch = watchUntil(process) { _ in
            pages.beacons(since: process.spawnedAt).contains { $0.index == active }
        }
        guard watch.end == .settled else {
            return unavailable("the restored session did not settle (\(watch.end))", figures, browser)
        }
        guard
            Self.xdotool([
                "search", "--onlyvisible", "--pid", String(process.pid), "", "windowfocus", "--sync",
            ])
        else {
            return unavailable("xdotool could not focus the window", figures, browser)
        }
        var times: [Double] = []
        for step in 1...max(1, settings.switches) {
            let before = Self.tabSwitchTimes(eventLog).count
            guard Self.xdotool(["key", "--clearmodifiers", "ctrl+Next"]) else { break }
            let deadline = ProcessClock.monotonicNanoseconds() + 5_000_000_000
            var switched = Self.tabSwitchTimes(eventLog)
            while switched.count <= before, ProcessClock.monotonicNanoseconds() < deadline {
                bench.sleep(for: .milliseconds(20))
                switched = Self.tabSwitchTimes(eventLog)
            }
            guard switched.count > before else { break }
            times.append(switched[before])
            // The tab it switched to loads its page: the next switch comes once it has.
            while !pages.beacons(since: process.spawnedAt).contains(where: { $0.index == active + step }),
                ProcessClock.monotonicNanoseconds() < deadline
            {
                bench.sleep(for: .milliseconds(20))
            }
            bench.sleep(for: .milliseconds(200))
        }
        guard !times.isEmpty else {
            return unavailable("no tab switch was recorded", figures, browser)
        }
        let sorted = times.sorted()
        results.record(sorted[sorted.count / 2], .tabSwitchCPU(tabs: tabs), browser.name)
        results.record(sorted.last!, .slowestTabSwitchCPU(tabs: tabs), browser.name)
        if times.count < settings.switches {
            results.note(
                "only \(times.count) of \(settings.switches) switches were recorded in some runs",
                .tabSwitchCPU(tabs: tabs), browser.name)
        }
        report(
            browser, label, run,
            "main-thread CPU per switch (ms): "
                + times.map { String(format: "%.1f", $0) }.joined(separator: " "))
    }

    /// The main-thread CPU times of the `tab-switched` events of Swiftlet's event log, in ms.
    private static func tabSwitchTimes(_ eventLog: URL) -> [Double] {
        guard let text = try? String(contentsOf: eventLog, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 4, fields[2] == "tab-switched" else { return nil }
            return Double(fields[3])
        }
    }

    /// Runs `xdotool arguments…` and waits for it.
    static func xdotool(_ arguments: [String]) -> Bool {
        Packages.run(["xdotool"] + arguments) != nil
    }

    // MARK: Open

    /// Opens `tabs` pages from the command line in a copy of `base` and waits for them all.
    func open(_ browser: any BenchmarkedBrowser, tabs: Int, base: URL, run: Int) {
        let figures: [Figure] = [.openSettledPSS(tabs: tabs), .openAllLoaded(tabs: tabs)]
        let label = "open \(Figure.count(tabs))"
        guard !stopped.contains("\(browser.name) \(label)") else { return }
        let urls = bench.pages.urls(tabs)
        let started = start(browser, label, run, copying: base) { [bench] in
            .arguments(browser.openArguments(profile: $0, urls: urls, bench: bench))
        }
        guard case .running(let process, let profile) = started else {
            return unavailable(started.reason, figures, browser)
        }
        defer { finish(process, profile) }
        let pages = bench.pages
        let watch = watchUntil(process) { _ in
            Set(pages.beacons(since: process.spawnedAt).map(\.index)).isSuperset(of: 0..<tabs)
        }
        let loaded = loadedTime(tabs, process)
        if watch.end == .memory {
            stopAtMemoryLimit(watch, browser, label, [.openSettledPSS(tabs: tabs)])
        } else {
            results.record(Double(watch.last), .openSettledPSS(tabs: tabs), browser.name)
        }
        if let loaded { results.record(loaded, .openAllLoaded(tabs: tabs), browser.name) }
        noteEnd(watch, browser, .openSettledPSS(tabs: tabs))
        let count = Set(pages.beacons(since: process.spawnedAt).map(\.index).filter { $0 < tabs }).count
        report(
            browser, label, run,
            (loaded.map { "all \(tabs) loaded at \(format($0))" } ?? "\(count) of \(tabs) loaded") + ", "
                + "PSS peak \(TableFormat.value(Double(watch.peak), .bytes)), "
                + "\(watch.describe(settings)) \(TableFormat.value(Double(watch.last), .bytes))")
    }

    // MARK: Memory saver

    /// Opens `tabs` pages with the browser told to discard background tabs, waits for the
    /// loads, gives it ``Settings/discardWait`` to discard, and reads the settled PSS.
    func discard(_ browser: any BenchmarkedBrowser, tabs: Int, base: URL, run: Int) {
        let figure = Figure.discardedSettledPSS(tabs: tabs)
        let urls = bench.pages.urls(tabs)
        let label = "discard \(Figure.count(tabs))"
        let started = start(browser, label, run, copying: base) { [bench] in
            browser.discardArguments(profile: $0, urls: urls, bench: bench)
        }
        guard case .running(let process, let profile) = started else {
            return unavailable("not measured: \(started.reason)", [figure], browser)
        }
        defer { finish(process, profile) }
        let pages = bench.pages
        var loadedAt: UInt64?
        let watch = watchUntil(process) { now in
            if loadedAt == nil,
                Set(pages.beacons(since: process.spawnedAt).map(\.index)).isSuperset(of: 0..<tabs)
            {
                loadedAt = now
            }
            return loadedAt.map { now - $0 >= self.nanoseconds(self.settings.discardWait) } ?? false
        }
        if watch.end == .memory {
            stopAtMemoryLimit(watch, browser, label, [figure])
        } else {
            results.record(Double(watch.last), figure, browser.name)
        }
        noteEnd(watch, browser, figure)
        report(
            browser, label, run,
            "\(watch.describe(settings)) \(TableFormat.value(Double(watch.last), .bytes))")
    }

    // MARK: Headless

    /// Loads one page without a window and writes a PNG; the time is from spawn to the
    /// PNG's last write (its modification time).
    func headless(_ browser: any BenchmarkedBrowser, base: URL, run: Int) {
        let figure = Figure.headlessPNG
        let png = bench.workDirectory.appendingPathComponent("png/\(browser.name.lowercased())-\(run).png")
        try? FileManager.default.removeItem(at: png)
        let url = bench.pages.url(run)
        let label = "headless"
        let started = start(browser, label, run, copying: base) { [bench] in
            browser.headlessArguments(profile: $0, url: url, png: png, bench: bench)
        }
        guard case .running(let process, let profile) = started else {
            return unavailable(started.reason, [figure], browser)
        }
        defer { finish(process, profile) }
        let exited = process.waitForExit(timeout: settings.maxRun)
        let exitTime = seconds(ProcessClock.monotonicNanoseconds() - process.spawnedAt)
        guard exited, let written = Self.modificationTime(png), Self.isPNG(png) else {
            results.note("no PNG in some runs", figure, browser.name)
            report(
                browser, label, run,
                exited ? "no PNG written" : "did not exit within \(seconds(settings.maxRun)) s")
            return
        }
        let time = Double(Int64(written) - Int64(process.spawnedAtWallClock)) / 1e9
        results.record(time, figure, browser.name)
        report(browser, label, run, "PNG written at \(format(time)), exited by \(format(exitTime))")
    }

    // MARK: Running a browser

    /// What the memory readings of a run say.
    struct Watch {
        /// The highest PSS read.
        var peak = 0
        /// The last PSS read.
        var last = 0
        /// The processes of the tree at the last reading.
        var processes = 0
        /// How the run ended.
        var end = End.settled
        /// When it ended, from spawn.
        var duration: Double = 0

        enum End { case settled, limit, exited, memory }

        func describe(_ settings: Settings) -> String {
            switch end {
            case .memory:
                String(format: "stopped at the memory limit at %.1f s, %d processes:", duration, processes)
            case .settled: String(format: "settled at %.1f s:", duration)
            case .limit: String(format: "still busy at the %.0f s limit:", duration)
            case .exited: String(format: "exited at %.1f s, last reading", duration)
            }
        }
    }

    /// Reads the memory every sample interval until `ready` holds and no page was requested
    /// for ``Settings/quiet``, the browser exits, or the time limit.
    func watchUntil(_ process: BrowserProcess, ready: (UInt64) -> Bool) -> Watch {
        var watch = Watch()
        while true {
            let tree = process.memory()
            let memory = tree.totalPSS
            watch.last = memory
            watch.peak = max(watch.peak, memory)
            watch.processes = tree.entries.count
            let now = ProcessClock.monotonicNanoseconds()
            watch.duration = seconds(now - process.spawnedAt)
            let lastRequest =
                bench.pages.pageRequests(since: process.spawnedAt).last?.time ?? process.spawnedAt
            if !process.isRunning {
                watch.end = .exited
                return watch
            }
            if memory > settings.memoryLimit || Self.availableMemory() < settings.systemReserve {
                watch.end = .memory
                return watch
            }
            if ready(now) && now - lastRequest >= nanoseconds(settings.quiet) { return watch }
            if now - process.spawnedAt >= nanoseconds(settings.maxRun) {
                watch.end = .limit
                return watch
            }
            bench.sleep(for: settings.sampleInterval)
        }
    }

    /// Notes that `browser` went over the memory limit in `label`, and that it will not run
    /// that scenario again.
    private func stopAtMemoryLimit(
        _ watch: Watch, _ browser: any BenchmarkedBrowser, _ label: String, _ figures: [Figure]
    ) {
        stopped.insert("\(browser.name) \(label)")
        let note = String(
            format:
                "%@ was stopped at the memory limit after %.0f s (%@ of PSS in %d processes), and not run again",
            browser.name, watch.duration, TableFormat.value(Double(watch.peak), .bytes), watch.processes)
        for figure in figures { results.note(note, figure, browser.name) }
    }

    /// `MemAvailable` of `/proc/meminfo`, in bytes (Int.max if unreadable).
    private static func availableMemory() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
            let kilobytes = Int(
                line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return .max }
        return kilobytes * 1024
    }

    private func noteEnd(_ watch: Watch, _ browser: any BenchmarkedBrowser, _ figure: Figure) {
        switch watch.end {
        case .settled, .memory: break
        case .limit:
            results.note(
                "\(browser.name) was still loading at the \(seconds(settings.maxRun)) s limit in some runs: "
                    + "measured then", figure, browser.name)
        case .exited:
            results.note("\(browser.name) exited before it settled in some runs", figure, browser.name)
        }
    }

    /// A browser started for a run, or why not.
    enum Started {
        /// It runs, on this copy of the profile.
        case running(BrowserProcess, URL)
        /// It cannot run the scenario.
        case unsupported(String)
        /// It could not be started (the run's line says why).
        case failed

        /// Why it is not running.
        var reason: String {
            switch self {
            case .running: ""
            case .unsupported(let why): why
            case .failed: "the browser did not start (see its log)"
            }
        }
    }

    /// Copies `template` for the run and starts the browser with the arguments `arguments`
    /// gives for the copy.
    func start(
        _ browser: any BenchmarkedBrowser, _ label: String, _ run: Int, copying template: URL,
        environment: (URL) -> [String: String] = { _ in [:] }, _ arguments: (URL) -> Capability
    ) -> Started {
        let slug = label.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ",", with: "")
        let name = "\(browser.name.lowercased())-\(slug)-\(run)"
        do {
            let profile = try bench.copy(template, as: name)
            switch arguments(profile) {
            case .unsupported(let why):
                try? FileManager.default.removeItem(at: profile)
                return .unsupported(why)
            case .arguments(let arguments):
                settle()
                return .running(
                    try bench.spawn(browser, arguments, environment: environment(profile)), profile)
            }
        } catch {
            report(browser, label, run, "could not start: \(error)")
            return .failed
        }
    }

    /// Ends the browser and deletes the run's profile.
    func finish(_ process: BrowserProcess, _ profile: URL) {
        process.terminate()
        try? FileManager.default.removeItem(at: profile)
    }

    /// Waits after the previous run until the machine is quiet, so that its processes' exit
    /// (a browser that had 1,000 tabs takes seconds to tear down: renderers, session writes)
    /// and the copy of the profile are not in the next one's figures: at least a second, then
    /// until the CPUs were busy less than 10 % of a quarter second, 15 s at most.
    func settle() {
        // Writes the previous run's files and the new copy of the profile to disk first
        // (sync(2) returns once they are written): their writeback is I/O the next run
        // would otherwise share the machine with.
        sync()
        bench.sleep(for: .seconds(1))
        let deadline = ProcessClock.monotonicNanoseconds() + 15_000_000_000
        while ProcessClock.monotonicNanoseconds() < deadline {
            guard let before = Self.cpuTimes() else { return }
            bench.sleep(for: .milliseconds(250))
            guard let after = Self.cpuTimes() else { return }
            let total = after.total - before.total
            if total == 0 || Double(total - (after.idle - before.idle)) / Double(total) < 0.10 { return }
        }
    }

    /// The machine's CPU time so far, all of it and idle (with I/O wait), in clock ticks
    /// (the `cpu` line of `/proc/stat`).
    private static func cpuTimes() -> (total: UInt64, idle: UInt64)? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard fields.count >= 5 else { return nil }
        return (fields.reduce(0, +), fields[3] + fields[4])
    }

    /// When the last of pages `0..<tabs` sent its beacon, from spawn; nil if one did not.
    private func loadedTime(_ tabs: Int, _ process: BrowserProcess) -> Double? {
        var seen = Set<Int>()
        for beacon in bench.pages.beacons(since: process.spawnedAt) where beacon.index < tabs {
            seen.insert(beacon.index)
            if seen.count == tabs { return seconds(beacon.time - process.spawnedAt) }
        }
        return nil
    }

    func report(_ browser: any BenchmarkedBrowser, _ label: String, _ run: Int, _ text: String) {
        print("  \(Figures.pad(browser.name, 9)) \(Figures.pad(label, 14)) run \(run): \(text)")
        fflush(nil)
    }

    func nanoseconds(_ duration: Duration) -> UInt64 {
        let (whole, fraction) = duration.components
        return UInt64(whole) * 1_000_000_000 + UInt64(fraction / 1_000_000_000)
    }

    func seconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }

    func seconds(_ duration: Duration) -> Int { Int(duration.components.seconds) }

    func format(_ seconds: Double?) -> String {
        seconds.map { TableFormat.value($0, .seconds) } ?? "never"
    }

    /// The modification time of `file` in nanoseconds since 1970, if it exists.
    private static func modificationTime(_ file: URL) -> UInt64? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        return UInt64(info.st_mtim.tv_sec) * 1_000_000_000 + UInt64(info.st_mtim.tv_nsec)
    }

    /// Whether `file` starts with the PNG signature.
    private static func isPNG(_ file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        let signature = handle.readData(ofLength: 8)
        return signature == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
