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

    /// What the figure is made of.
    enum Unit {
        case seconds, milliseconds, bytes, count
    }

    /// Its unit.
    var unit: Unit {
        switch self {
        case .windowMapped, .activeLoaded, .openAllLoaded, .headlessPNG: .seconds
        case .pagesRequested: .count
        case .tabSwitchCPU, .slowestTabSwitchCPU: .milliseconds
        case .peakPSS, .settledPSS, .openSettledPSS, .discardedSettledPSS: .bytes
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
