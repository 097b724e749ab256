/// One row of the table: what is measured, in which scenario.
enum Figure: Hashable {
    /// Restoring a session of `tabs` tabs: spawn → the window mapped.
    case windowMapped(tabs: Int)
    /// Restoring: spawn → the active tab's onload beacon.
    case activeLoaded(tabs: Int)
    /// Restoring: pages requested in the first seconds (the lazy-restore window).
    case pagesRequested(tabs: Int)
    /// Restoring: the highest PSS of the process tree seen.
    case peakPSS(tabs: Int)
    /// Restoring: the PSS of the process tree once settled.
    case settledPSS(tabs: Int)
    /// Opening `tabs` tabs from the command line and loading them all: settled PSS.
    case openSettledPSS(tabs: Int)
    /// Opening `tabs` tabs: spawn → the last of their onload beacons.
    case openAllLoaded(tabs: Int)
    /// Headless: spawn → the PNG written.
    case headlessPNG
    /// `tabs` tabs loaded, then the background ones discarded: settled PSS.
    case discardedSettledPSS(tabs: Int)
    /// A restored session of `tabs` tabs, switching to the next tab (Ctrl+PageDown): the main
    /// thread's CPU time from the switch to the next frame painted, median of a run's switches.
    case tabSwitchCPU(tabs: Int)
    /// The same, the slowest switch of a run.
    case slowestTabSwitchCPU(tabs: Int)
    /// Typing the first letters of a page visited five times by typing its address, and
    /// Enter: Enter → the page's onload beacon (0 when it had loaded before, prerendered).
    /// Swiftlet's prerendering on (its default) or off; the peers run with their defaults and
    /// are in the rows of `.on`.
    case typedLoaded(prerender: ScenarioRunner.Prerender)
    /// The same: Enter → the page's painted beacon (its next frame).
    case typedPainted(prerender: ScenarioRunner.Prerender)
    /// Typing in the location entry with a history of 100,000 URLs: the main thread's CPU
    /// time from a key to the dropdown's rows pushed, the median of a run's keystrokes.
    case keystrokeRowsCPU
    /// The same, the 99th percentile of a run's keystrokes.
    case keystrokeRowsCPUP99
    /// Typing: the key event → the next frame painted after the rows were pushed, median.
    case keystrokePainted
    /// The same, the 99th percentile.
    case keystrokePaintedP99
    /// One prerender: the PSS of the process tree before it, while it is in flight, and after
    /// it was cancelled.
    case prerenderPSS(PrerenderMoment)

    /// When ``prerenderPSS(_:)`` is read.
    enum PrerenderMoment: String {
        case before, during, after
    }

    /// What the figure is made of.
    enum Unit {
        case seconds, milliseconds, bytes, count
    }

    /// Its unit.
    var unit: Unit {
        switch self {
        case .windowMapped, .activeLoaded, .openAllLoaded, .headlessPNG: .seconds
        case .pagesRequested: .count
        case .tabSwitchCPU, .typedLoaded, .typedPainted, .slowestTabSwitchCPU, .keystrokeRowsCPU,
            .keystrokeRowsCPUP99, .keystrokePainted,
            .keystrokePaintedP99:
            .milliseconds
        case .peakPSS, .settledPSS, .openSettledPSS, .discardedSettledPSS, .prerenderPSS: .bytes
        }
    }

    /// The row's title.
    func title(lazyWindowSeconds: Int) -> String {
        switch self {
        case .windowMapped(let tabs): "restore \(Self.count(tabs)) tabs: window mapped"
        case .activeLoaded(let tabs): "restore \(Self.count(tabs)) tabs: active tab loaded"
        case .pagesRequested(let tabs):
            "restore \(Self.count(tabs)) tabs: pages requested in the first \(lazyWindowSeconds) s"
        case .peakPSS(let tabs): "restore \(Self.count(tabs)) tabs: peak PSS"
        case .settledPSS(let tabs): "restore \(Self.count(tabs)) tabs: settled PSS"
        case .openSettledPSS(let tabs):
            tabs == 1
                ? "open 1 tab, loaded: settled PSS" : "open \(Self.count(tabs)) tabs, all loaded: settled PSS"
        case .openAllLoaded(let tabs): "open \(Self.count(tabs)) tabs: all loaded"
        case .headlessPNG: "headless page to PNG"
        case .discardedSettledPSS(let tabs): "\(Self.count(tabs)) tabs loaded, then discarded: settled PSS"
        case .tabSwitchCPU(let tabs): "restore \(Self.count(tabs)) tabs: tab switch, main-thread CPU"
        case .slowestTabSwitchCPU(let tabs):
            "restore \(Self.count(tabs)) tabs: slowest tab switch, main-thread CPU"
        case .typedLoaded(let prerender):
            "typed first letters, Enter → page loaded" + Self.describe(prerender)
        case .typedPainted(let prerender):
            "typed first letters, Enter → page painted" + Self.describe(prerender)
        case .keystrokeRowsCPU: "keystroke, 100,000 URLs: key → rows pushed, main-thread CPU (median)"
        case .keystrokeRowsCPUP99: "keystroke, 100,000 URLs: key → rows pushed, main-thread CPU (p99)"
        case .keystrokePainted: "keystroke, 100,000 URLs: key → next frame painted (median)"
        case .keystrokePaintedP99: "keystroke, 100,000 URLs: key → next frame painted (p99)"
        case .prerenderPSS(let moment):
            switch moment {
            case .before: "one prerender: PSS before"
            case .during: "one prerender: PSS while in flight"
            case .after: "one prerender: PSS after its cancel"
            }
        }
    }

    private static func describe(_ prerender: ScenarioRunner.Prerender) -> String {
        switch prerender {
        case .on: ""
        case .off: ", Swiftlet with prerender off"
        }
    }

    /// `1000` as "1,000".
    static func count(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
