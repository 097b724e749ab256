import ArgumentParser
import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `swiftlet-peers-bench`: Swiftlet side by side with Chromium, Firefox and Epiphany. Run
/// by `make bench-peers` (release build, under one Xvfb and a private D-Bus session, with
/// HOME and the XDG directories in a temporary directory).
struct PeersBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiftlet-peers-bench",
        abstract: "Measure Swiftlet side by side with Chromium, Firefox and Epiphany.",
        discussion: """
            Restores a session of --tabs and of --many-tabs tabs, opens --tabs tabs (and one), \
            and renders a page to PNG headlessly, in each browser in turn, --runs times, each \
            run on a fresh copy of a profile made at the start; then prints the medians side \
            by side with the issue's targets. Needs a display (`make bench-peers` runs it \
            under Xvfb).
            """)

    /// The scenarios.
    enum Scenario: String, CaseIterable, ExpressibleByArgument {
        case restore, restoreMany = "restore-many", open, headless, memorySaver = "memory-saver"
        case switchTabs = "switch"
        case typing, keystroke
        case prerenderMemory = "prerender-memory"
    }

    @Option(help: "Runs of each scenario in each browser.")
    var runs = 3

    @Option(help: "Tabs of the small session, and of the open scenario.")
    var tabs = 20

    @Option(help: "Tabs of the large session.")
    var manyTabs = 1_000

    @Option(help: "The browsers, comma-separated (swiftlet, chromium, firefox, epiphany).")
    var browsers = "swiftlet,chromium,firefox,epiphany"

    @Option(
        help: ArgumentHelp(
            "The scenarios, comma-separated (restore, restore-many, open, headless, memory-saver, switch, "
                + "typing, keystroke, prerender-memory; keystroke needs --swiftlet-history)."))
    var scenarios = "restore,restore-many,open,headless,memory-saver,switch,typing,prerender-memory"

    @Option(help: "Tab switches (Ctrl+PageDown) measured in each run of the switch scenario.")
    var switches = 10

    @Option(help: ArgumentHelp("The swiftlet executable (default: next to this one).", valueName: "path"))
    var swiftlet: String?

    @Option(help: ArgumentHelp("The source revision, for Swiftlet's version.", valueName: "text"))
    var revision: String?

    @Option(
        help: ArgumentHelp(
            "A History file to put in Swiftlet's profile (`swiftlet-bench --write-history FILE` makes one of "
                + "1,000,000 visits), to measure its launch with a large history.", valueName: "file"))
    var swiftletHistory: String?

    @Option(help: "Seconds after spawn in which page requests are counted.")
    var lazyWindow = 5

    @Option(help: "Seconds without a page request after which a run has settled.")
    var quiet = 5

    @Option(help: "Seconds a run lasts at most.")
    var maxRun = 75

    @Option(help: "Milliseconds between two readings of a process tree's memory.")
    var sampleInterval = 250

    @Option(help: "MB of PSS of one browser's processes at which its run is stopped (and not run again).")
    var memoryLimit = 6_000

    @Option(help: ArgumentHelp("Also write the report (Markdown) to this file.", valueName: "file"))
    var markdown: String?

    @Option(help: ArgumentHelp("The working directory (default: a new temporary one).", valueName: "dir"))
    var workDir: String?

    @Flag(help: "Keep the working directory (profiles, logs, PNGs).")
    var keep = false

    func validate() throws {
        for (name, value) in [
            ("--runs", runs), ("--tabs", tabs), ("--many-tabs", manyTabs), ("--lazy-window", lazyWindow),
            ("--quiet", quiet), ("--max-run", maxRun), ("--sample-interval", sampleInterval),
            ("--memory-limit", memoryLimit),
        ] where value < 1 {
            throw ValidationError("\(name) needs a positive number")
        }
        for name in browserNames where !["swiftlet", "chromium", "firefox", "epiphany"].contains(name) {
            throw ValidationError("unknown browser \(name)")
        }
        for name in scenarios.split(separator: ",") where Scenario(rawValue: String(name)) == nil {
            throw ValidationError("unknown scenario \(name)")
        }
    }

    private var browserNames: [String] { browsers.split(separator: ",").map { $0.lowercased() } }

    func run() throws {
        let status = MainActor.assumeIsolated { PeersBenchmark(command: self).run() }
        if status != 0 { throw ExitCode(status) }
    }

    /// The parsed scenarios.
    var selectedScenarios: Set<Scenario> {
        Set(scenarios.split(separator: ",").compactMap { Scenario(rawValue: String($0)) })
    }

    /// The browsers to measure, Swiftlet first.
    @MainActor
    func makeBrowsers() -> [any BenchmarkedBrowser] {
        let program =
            swiftlet
            ?? ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("swiftlet").path
            } ?? "swiftlet")
        let all: [String: any BenchmarkedBrowser] = [
            "swiftlet": SwiftletBrowser(
                program: program, revision: revision,
                historyFile: swiftletHistory.map { URL(fileURLWithPath: $0) }),
            "chromium": ChromiumBrowser(),
            "firefox": FirefoxBrowser(), "epiphany": EpiphanyBrowser(),
        ]
        return ["swiftlet", "chromium", "firefox", "epiphany"].filter(browserNames.contains).compactMap {
            all[$0]
        }
    }

    /// The settings of the scenario runner.
    var settings: ScenarioRunner.Settings {
        ScenarioRunner.Settings(
            lazyWindow: .seconds(lazyWindow), quiet: .seconds(quiet), maxRun: .seconds(maxRun),
            switches: switches,
            sampleInterval: .milliseconds(sampleInterval), memoryLimit: memoryLimit * 1_000_000)
    }
}
