import BenchmarkSupport
import Foundation

/// The scenarios that type into a browser's location bar, as a person does, through XTEST
/// (`xdotool`) into the window the X server mapped for it:
/// - *typing* (every browser): the site's home page is visited by typing its address
///   (`localhost:<port>/`) five times, so that the browser's history and its predictor know
///   it; then another site's page is opened (so the last load is a new site's, as it usually
///   is), and the first letters of the address are typed, and Enter. Measured from the Enter
///   key to the page's onload beacon and to its painted beacon (``PeerPages``). A browser that
///   prerenders its top suggestion may have loaded the page before Enter: the load then
///   counts as 0, and the painted beacon (no frames are run for a page not shown) is the
///   figure that tells.
/// - *keystroke* (Swiftlet): with a history of 100,000 URLs, each character typed in the
///   location entry, from the key to the dropdown's rows pushed (main-thread CPU) and to the
///   next frame painted, from Swiftlet's test-only event log (`omnibox-keystroke`).
/// - *prerender-memory* (Swiftlet): the PSS of the process tree before typing, while the
///   page the first letters complete to is prerendered, and after Escape and a click in the
///   page cancel it.
extension ScenarioRunner {
    /// The timing of typing.
    enum Typing {
        /// The letters typed before Enter.
        static let firstLetters = "loc"
        /// The delay between two keys typed by `xdotool type`, in milliseconds: the letters
        /// come about as fast as a person types them.
        static let keyDelay = 120
        /// From the last letter to Enter, the time a person takes to see the completion.
        static let pause: Duration = .milliseconds(500)
        /// The longest wait for a page.
        static let pageTimeout: Duration = .seconds(20)
    }

    /// What Swiftlet is told to do with prerendering (the peers keep their own settings).
    enum Prerender: Hashable {
        case on, off
    }

    // MARK: Typing

    /// The typing scenario in `browser`, on a copy of `base`.
    func typeAddress(_ browser: any BenchmarkedBrowser, base: URL, run: Int, prerender: Prerender? = nil) {
        let figures: [Figure] = [
            .typedLoaded(prerender: prerender ?? .on), .typedPainted(prerender: prerender ?? .on),
        ]
        let label = "typing" + (prerender.map { $0 == .on ? " prerender" : " no-prerender" } ?? "")
        let started = start(browser, label, run, copying: base) { [bench] profile in
            if let prerender, let swiftlet = browser as? SwiftletBrowser {
                return swiftlet.prerenderArguments(profile: profile, enabled: prerender == .on, bench: bench)
            }
            return .arguments(
                browser.openArguments(profile: profile, urls: [URL(string: "about:blank")!], bench: bench))
        }
        guard case .running(let process, let profile) = started else {
            return unavailable(started.reason, figures, browser)
        }
        defer { finish(process, profile) }
        let pages = bench.pages
        if let problem = visitFiveTimesAndLeave(process) {
            report(browser, label, run, problem)
            return unavailable(problem, figures, browser)
        }
        let typed = ProcessClock.monotonicNanoseconds()
        guard Self.xdotool(["key", "--clearmodifiers", "ctrl+l"]),
            Self.xdotool(["type", "--delay", String(Typing.keyDelay), Typing.firstLetters])
        else { return unavailable("xdotool could not type", figures, browser) }
        bench.sleep(for: Typing.pause)
        if !browser.completesTypedAddresses {
            guard Self.xdotool(["key", "Down"]) else {
                return unavailable("xdotool could not type", figures, browser)
            }
            bench.sleep(for: .milliseconds(300))
        }
        let enter = ProcessClock.monotonicNanoseconds()
        guard Self.xdotool(["key", "Return"]) else {
            return unavailable("xdotool could not type", figures, browser)
        }
        let home = PeerPages.homeIndex
        let painted = bench.wait(for: Typing.pageTimeout) {
            pages.paintedBeacons(since: typed).contains { $0.index == home }
        }
        let requestedEarly = pages.pageRequests(since: typed).contains { $0.index == home && $0.time < enter }
        guard painted else {
            // What the window showed, for the reader of the working directory (`--keep`).
            let picture = bench.workDirectory.appendingPathComponent(
                "png/\(browser.name.lowercased())-\(label.replacingOccurrences(of: " ", with: "-"))-\(run).png"
            )
            try? FileManager.default.createDirectory(
                at: picture.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = Packages.run(["import", "-window", "root", picture.path])
            let why =
                "Enter on \"\(Typing.firstLetters)\" did not open the page within "
                + "\(seconds(Typing.pageTimeout)) s in some runs"
            report(browser, label, run, why)
            return unavailable(why, figures, browser)
        }
        func sinceEnter(_ time: UInt64?) -> Double? { time.map { $0 > enter ? seconds($0 - enter) : 0 } }
        let loaded = sinceEnter(pages.beacons(since: typed).first { $0.index == home }?.time)
        let shown = sinceEnter(pages.paintedBeacons(since: typed).first { $0.index == home }?.time)
        if let loaded {
            results.record(loaded * 1000, .typedLoaded(prerender: prerender ?? .on), browser.name)
        }
        if let shown {
            results.record(shown * 1000, .typedPainted(prerender: prerender ?? .on), browser.name)
        }
        report(
            browser, label, run,
            "Enter → loaded \(milliseconds(loaded)), → painted \(milliseconds(shown)); page requested "
                + (requestedEarly ? "before Enter (prerendered)" : "after Enter"))
    }

    private func milliseconds(_ seconds: Double?) -> String {
        seconds.map { String(format: "%.0f ms", $0 * 1000) } ?? "never"
    }

    /// Focuses the browser's window, visits the home page by typing its address five times,
    /// then opens page 1 of 127.0.0.1 (another site) the same way; nil, or what went wrong.
    private func visitFiveTimesAndLeave(_ process: BrowserProcess) -> String? {
        let pages = bench.pages
        guard
            bench.wait(
                for: .seconds(60), until: { bench.windows.firstMapping(since: process.spawnedAt) != nil }),
            let window = bench.windows.firstMapping(since: process.spawnedAt)?.window
        else { return "no window was mapped" }
        // The browser's start-up work (first paint, services) is not the user's typing.
        bench.sleep(for: .seconds(2))
        settle()
        guard Self.xdotool(["windowfocus", "--sync", String(window)]) else {
            return "xdotool could not focus the window"
        }
        let other = pages.url(1).absoluteString.replacingOccurrences(of: "http://", with: "")
        for (address, index) in Array(repeating: (pages.homeAddress, PeerPages.homeIndex), count: 5) + [
            (other, 1)
        ] {
            let enter = ProcessClock.monotonicNanoseconds()
            guard Self.xdotool(["key", "--clearmodifiers", "ctrl+l"]),
                Self.xdotool(["type", "--delay", "20", address]), Self.xdotool(["key", "Return"])
            else { return "xdotool could not type" }
            guard
                bench.wait(
                    for: Typing.pageTimeout,
                    until: { pages.beacons(since: enter).contains { $0.index == index } })
            else { return "typing \(address) and Enter did not load it" }
            bench.sleep(for: .milliseconds(300))
        }
        settle()
        return nil
    }

    // MARK: Keystrokes

    /// Strings typed one key at a time, from what the generated history holds
    /// (`swiftlet-bench --write-history`: hosts `www.siteN.example`, paths and titles made of a
    /// small vocabulary).
    static let keystrokeQueries = [
        "site1234", "www.site42.example/news", "recipes and", "football", "science", "weather guide",
        "linux", "site7/travel",
    ]

    /// The keystroke scenario in Swiftlet (`browser`), on a copy of `base`, whose profile holds
    /// the large history.
    func keystrokes(_ browser: SwiftletBrowser, base: URL, run: Int) {
        let figures: [Figure] = [
            .keystrokeRowsCPU, .keystrokeRowsCPUP99, .keystrokePainted, .keystrokePaintedP99,
        ]
        guard browser.historyFile != nil else {
            return unavailable("needs --swiftlet-history (a History file of 100,000 URLs)", figures, browser)
        }
        let label = "keystroke"
        let eventLogName = "events.log"
        let started = start(
            browser, label, run, copying: base,
            environment: { ["SWIFTLET_EVENT_LOG": $0.appendingPathComponent(eventLogName).path] }
        ) { [bench] in
            .arguments(browser.openArguments(profile: $0, urls: [URL(string: "about:blank")!], bench: bench))
        }
        guard case .running(let process, let profile) = started else {
            return unavailable(started.reason, figures, browser)
        }
        defer { finish(process, profile) }
        let eventLog = profile.appendingPathComponent(eventLogName)
        guard
            bench.wait(for: .seconds(90), until: { !Self.events("url-index-built", eventLog).isEmpty }),
            let window = bench.windows.firstMapping(since: process.spawnedAt)?.window
        else { return unavailable("the history index was not built within 90 s", figures, browser) }
        settle()
        guard Self.xdotool(["windowfocus", "--sync", String(window)]) else {
            return unavailable("xdotool could not focus the window", figures, browser)
        }
        for query in Self.keystrokeQueries {
            guard Self.xdotool(["key", "--clearmodifiers", "ctrl+l"]) else { break }
            bench.sleep(for: .milliseconds(100))
            for character in query {
                let before = Self.events("omnibox-keystroke", eventLog).count
                guard Self.xdotool(["key", Self.keysym(character)]) else { break }
                _ = bench.wait(for: .seconds(2)) { Self.events("omnibox-keystroke", eventLog).count > before }
                bench.sleep(for: .milliseconds(60))
            }
            _ = Self.xdotool(["key", "Escape", "Escape"])
            bench.sleep(for: .milliseconds(200))
        }
        let fields = Self.events("omnibox-keystroke", eventLog).map { $0.split(separator: " ") }
        let cpu = fields.compactMap { $0.first.flatMap { Double($0) } }
        // From the key event's own time where the event had one (Chromium's measure), else
        // from the key's handler.
        let painted = fields.compactMap { field -> Double? in
            guard field.count >= 4 else { return nil }
            return Double(field[3]) ?? Double(field[2])
        }
        let toView = fields.compactMap { $0.count >= 5 ? Double($0[4]) : nil }
        guard !cpu.isEmpty, !painted.isEmpty else {
            return unavailable("no keystroke was recorded", figures, browser)
        }
        let expected = Self.keystrokeQueries.reduce(0) { $0 + $1.count }
        results.record(Figures.median(cpu), .keystrokeRowsCPU, browser.name)
        results.record(Self.percentile(cpu, 0.99), .keystrokeRowsCPUP99, browser.name)
        results.record(Figures.median(painted), .keystrokePainted, browser.name)
        results.record(Self.percentile(painted, 0.99), .keystrokePaintedP99, browser.name)
        if cpu.count < expected {
            results.note(
                "\(cpu.count) of \(expected) keystrokes were recorded in some runs", .keystrokeRowsCPU,
                browser.name)
        }
        func ms(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f ms", value) }
        let view =
            toView.isEmpty
            ? ""
            : " (to the rows handed to the view: median \(ms(Figures.median(toView))), "
                + "p99 \(ms(Self.percentile(toView, 0.99))))"
        report(
            browser, label, run,
            "\(cpu.count) keystrokes: key → rows CPU median \(ms(Figures.median(cpu))), "
                + "p99 \(ms(Self.percentile(cpu, 0.99)))\(view); key → painted median "
                + "\(ms(Figures.median(painted), 1)), p99 \(ms(Self.percentile(painted, 0.99), 1)), "
                + "max \(ms(painted.max() ?? 0, 1))")
    }

    /// The X keysym `xdotool key` types `character` with.
    static func keysym(_ character: Character) -> String {
        switch character {
        case " ": "space"
        case ".": "period"
        case "/": "slash"
        case ":": "colon"
        default: String(character)
        }
    }

    /// The `p` quantile of `values` (nearest rank).
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The details (after the name) of the `name` events of Swiftlet's event log.
    static func events(_ name: String, _ eventLog: URL) -> [String] {
        guard let text = try? String(contentsOf: eventLog, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count >= 3, fields[2] == name else { return nil }
            return fields.count == 4 ? String(fields[3]) : ""
        }
    }

    // MARK: Prerender memory

    /// The prerender-memory scenario in Swiftlet, on a copy of `base`: the PSS of the process
    /// tree once settled after the visits (before), once the first letters have been typed
    /// and the prerendered page has loaded (during), and after Escape and a click in the page
    /// have cancelled it (after).
    func prerenderMemory(_ browser: SwiftletBrowser, base: URL, run: Int) {
        let figures: [Figure] = [.prerenderPSS(.before), .prerenderPSS(.during), .prerenderPSS(.after)]
        let label = "prerender-memory"
        let started = start(browser, label, run, copying: base) { [bench] in
            browser.prerenderArguments(profile: $0, enabled: true, bench: bench)
        }
        guard case .running(let process, let profile) = started else {
            return unavailable(started.reason, figures, browser)
        }
        defer { finish(process, profile) }
        let pages = bench.pages
        if let problem = visitFiveTimesAndLeave(process) {
            report(browser, label, run, problem)
            return unavailable(problem, figures, browser)
        }
        bench.sleep(for: .seconds(2))
        let before = process.memory().totalPSS
        let typed = ProcessClock.monotonicNanoseconds()
        guard Self.xdotool(["key", "--clearmodifiers", "ctrl+l"]),
            Self.xdotool(["type", "--delay", String(Typing.keyDelay), Typing.firstLetters])
        else { return unavailable("xdotool could not type", figures, browser) }
        // A prerendered page loads without being shown: its onload beacon says it is there.
        let prerendered = bench.wait(for: .seconds(10)) {
            pages.beacons(since: typed).contains { $0.index == PeerPages.homeIndex }
        }
        guard prerendered else {
            _ = Self.xdotool(["key", "Escape", "Escape"])
            let why = "no prerender started: typing \"\(Typing.firstLetters)\" loaded nothing before Enter"
            report(browser, label, run, why + String(format: " (PSS %.0f MB)", Double(before) / 1e6))
            results.record(Double(before), .prerenderPSS(.before), browser.name)
            return unavailable(why, [.prerenderPSS(.during), .prerenderPSS(.after)], browser)
        }
        bench.sleep(for: .seconds(2))
        let during = process.memory()
        // Escape puts back the page's URL and closes the dropdown; the click in the page
        // takes the focus from the location bar.
        _ = Self.xdotool(["key", "Escape", "Escape"])
        if let mapping = bench.windows.firstMapping(since: process.spawnedAt) {
            _ = Self.xdotool([
                "mousemove", "--window", String(mapping.window), String(mapping.width / 2),
                String(mapping.height / 2), "click", "1",
            ])
        }
        bench.sleep(for: .seconds(3))
        let after = process.memory()
        results.record(Double(before), .prerenderPSS(.before), browser.name)
        results.record(Double(during.totalPSS), .prerenderPSS(.during), browser.name)
        results.record(Double(after.totalPSS), .prerenderPSS(.after), browser.name)
        report(
            browser, label, run,
            String(
                format:
                    "PSS before %.0f MB, during %.0f MB (%d processes), after the cancel %.0f MB (%d processes)",
                Double(before) / 1e6, Double(during.totalPSS) / 1e6, during.entries.count,
                Double(after.totalPSS) / 1e6, after.entries.count))
    }
}
