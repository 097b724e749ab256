import BenchmarkSupport
import Foundation
import LocalHTTPServer
import WebKitEngine

/// The parent process: serves the pages from 127.0.0.1, runs each measurement in child
/// processes of this same binary (``ChildProcess``), and prints the figures.
struct BenchmarkCoordinator {
    /// What to run.
    struct Options {
        /// How many new processes measure the first load.
        var firstLoadRuns = 5
        /// How many restored tabs are measured.
        var restoredSamples = 7
        /// Realized tabs of the many-tabs memory scenario.
        var manyTabs = 20
        /// Unrealized WebStates of the last memory scenario.
        var unrealized = 1_000
    }

    static let usage = """
        usage: swiftlet-engine-bench [--runs N] [--samples N] [--tabs N] [--unrealized N]
          --runs N        new processes timed to their first page load (default 5)
          --samples N     restored tabs timed from realization to page loaded (default 7)
          --tabs N        realized tabs of the many-tabs memory scenario (default 20)
          --unrealized N  unrealized WebStates next to one realized tab (default 1000)
        Needs a display (X11 or Wayland); `make bench-engine` runs it under Xvfb.
        """

    /// Parses the command line; nil (after printing why) if it is wrong.
    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else {
                ChildReport.fail("\(name) needs a positive number\n\(usage)")
                return nil
            }
            switch name {
            case "--runs": options.firstLoadRuns = value
            case "--samples": options.restoredSamples = value
            case "--tabs": options.manyTabs = value
            case "--unrealized": options.unrealized = value
            default:
                ChildReport.fail("unknown option \(name)\n\(usage)")
                return nil
            }
            index += 2
        }
        return options
    }

    let options: Options
    private let server: LocalHTTPServer
    private var base: String { server.baseURL.absoluteString }

    /// Starts the page server.
    init(options: Options) throws {
        self.options = options
        server = try LocalHTTPServer()
        BenchmarkPages.install(on: server)
    }

    /// Runs every measurement and prints the figures; returns the exit status.
    func run() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            ChildReport.fail("no display: run it under xvfb-run (`make bench-engine` does)")
            return 1
        }
        defer { server.stop() }
        let sandbox =
            environment["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS"] == "1"
            ? "off (WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1)" : "on"
        print(
            "swiftlet-engine-bench: WebKitGTK \(WebKitEngine.version), \(ProcessInfo.processInfo.activeProcessorCount) "
                + "CPUs, WebKit sandbox \(sandbox), pages served from \(base)")
        print("")
        var summary: [(String, String)] = []
        var failed = false
        for (name, body) in [
            ("first load", firstLoad), ("restored tab", restoredTab), ("memory", memory),
        ] as [(String, () throws -> [(String, String)]?)] {
            do {
                if let rows = try body() { summary += rows } else { failed = true }
            } catch {
                ChildReport.fail("\(name): could not start a child process: \(error)")
                failed = true
            }
            print("")
        }
        print("Summary:")
        for (what, figure) in summary { print("  " + Figures.pad(what, 66) + figure) }
        return failed ? 1 : 0
    }

    private func firstLoad() throws -> [(String, String)]? {
        print(
            "First load in a new process (\(options.firstLoadRuns) new processes, each loads \(BenchmarkPages.firstLoadPath)):"
        )
        var fromSpawn: [Double] = []
        var fromStart: [Double] = []
        var fromMain: [Double] = []
        var engineStart: [Double] = []
        var loadOnly: [Double] = []
        for run in 1...options.firstLoadRuns {
            let child = try ChildProcess.run(["--child", "first-load", "--base", base])
            relay(child)
            guard child.succeeded, let main = child.integer("main"), let loaded = child.integer("loaded"),
                let engineReady = child.integer("engine-ready"), let loadStart = child.integer("load-start")
            else {
                ChildReport.fail("first load: run \(run) failed (status \(child.status))")
                return nil
            }
            fromSpawn.append(Double(loaded - child.spawnedAt))
            fromMain.append(Double(loaded - main))
            engineStart.append(Double(engineReady - main))
            loadOnly.append(Double(loaded - loadStart))
            if let start = child.integer("process-start") { fromStart.append(Double(loaded) - Double(start)) }
            print(
                "  run \(run): spawn → main() \(Figures.milliseconds(Double(main - child.spawnedAt))), "
                    + "main() → engine \(Figures.milliseconds(Double(engineReady - main))), "
                    + "load() → pageLoaded \(Figures.milliseconds(Double(loaded - loadStart))), "
                    + "spawn → pageLoaded \(Figures.milliseconds(Double(loaded - child.spawnedAt)))")
        }
        let rows = [
            ("from spawn (parent's clock just before posix_spawn)", fromSpawn),
            ("from process start (kernel start time, 10 ms ticks: reads ≤ 10 ms long)", fromStart),
            ("from main()", fromMain),
            ("  of which main() → engine ready (GTK init, profile, window)", engineStart),
            ("  of which load() → pageLoaded(.success)", loadOnly),
        ]
        print("  median [min–max]:")
        for (what, values) in rows where !values.isEmpty {
            print("    " + Figures.pad(what, 72) + Figures.spread(values))
        }
        return [
            ("first load, from spawn (\(fromSpawn.count) new processes)", Figures.spread(fromSpawn)),
            ("first load, from process start (kernel, 10 ms ticks)", Figures.spread(fromStart)),
            ("first load, from main()", Figures.spread(fromMain)),
        ]
    }

    private func restoredTab() throws -> [(String, String)]? {
        print(
            "Restored tabs: unrealized WebStates (saved storage + WebKit session blob of a 3-page history),")
        print("switched to one after the other, all kept open; forceRealized() → view on top → pageLoaded:")
        let child = try ChildProcess.run([
            "--child", "restored-tab", "--base", base, "--samples", "\(options.restoredSamples)",
        ])
        relay(child)
        let loaded = (child.figures["loaded"] ?? []).compactMap(Double.init)
        let realize = (child.figures["realize"] ?? []).compactMap(Double.init)
        let webProcesses = child.figures["web-processes-before"] ?? []
        guard child.succeeded, !loaded.isEmpty else {
            ChildReport.fail("restored tab: the child failed (status \(child.status))")
            return nil
        }
        for (index, value) in loaded.enumerated() {
            print(
                "  tab \(index + 1): \(Figures.milliseconds(value)) (forceRealized() \(Figures.milliseconds(realize[index]))); "
                    + "web processes before it: \(index < webProcesses.count ? webProcesses[index] : "?")")
        }
        print(
            "  " + Figures.pad("forceRealized() → pageLoaded, all \(loaded.count), median [min–max]", 62)
                + Figures.spread(loaded))
        print(
            "  " + Figures.pad("forceRealized() call alone, all \(realize.count)", 62)
                + Figures.spread(realize))
        return [
            ("restored tab, forceRealized() → pageLoaded (\(loaded.count) tabs)", Figures.spread(loaded)),
            ("restored tab, forceRealized() call alone", Figures.spread(realize)),
        ]
    }

    private func memory() throws -> [(String, String)]? {
        print("Memory: PSS summed over the process tree (smaps_rollup of this process and every descendant),")
        print("after a 1 s settle; one new process per scenario:")
        let scenarios = [
            ("(a) 1 realized tab", 1, 0),
            ("(b) \(options.manyTabs) realized tabs, different pages", options.manyTabs, 0),
            ("(c) 1 realized + \(options.unrealized) unrealized", 1, options.unrealized),
        ]
        var rows: [(String, String)] = []
        for (name, realized, unrealized) in scenarios {
            print("  \(name):")
            let child = try ChildProcess.run([
                "--child", "memory", "--base", base, "--realized", "\(realized)", "--unrealized",
                "\(unrealized)",
            ])
            relay(child, indent: "    ")
            guard child.succeeded, let total = child.integer("pss-total"), let ui = child.integer("pss-self"),
                let processes = child.integer("processes"), let contents = child.integer("contents-created")
            else {
                ChildReport.fail("memory \(name): the child failed (status \(child.status))")
                return nil
            }
            rows.append(
                (
                    "PSS \(name)",
                    "\(Figures.mebibytes(Int(total))) in \(processes) processes (UI process \(Figures.mebibytes(Int(ui))), "
                        + "\(contents) engine contents)"
                ))
        }
        return rows
    }

    private func relay(_ child: ChildProcess, indent: String = "  ") {
        for line in child.lines { print(indent + line) }
        fflush(nil)  // keep our lines in order with the children's warnings on standard error
    }
}
