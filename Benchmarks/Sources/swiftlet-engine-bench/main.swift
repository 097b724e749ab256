// swiftlet-engine-bench: prints figures of the real engine (WebKitGTK): the first page load
// of a new process, realizing and loading a restored tab, and the memory of the process
// tree with 1 tab, many tabs, and many unrealized tabs. Figures, not pass/fail.
// Run with `make bench-engine` (release build, under Xvfb). Each measurement runs in a
// child process of this same binary (`--child MODE`).
import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let mainStart = ProcessClock.monotonicNanoseconds()
let arguments = Array(CommandLine.arguments.dropFirst())

/// The value following `name` in `arguments`.
func argument(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let status: Int32 = MainActor.assumeIsolated {
    if let mode = argument("--child") {
        guard let base = argument("--base") else {
            ChildReport.fail("--child needs --base URL")
            return 2
        }
        switch mode {
        case "first-load":
            return FirstLoadScenario.run(base: base, mainStart: mainStart)
        case "restored-tab":
            return RestoredTabScenario.run(
                base: base, samples: argument("--samples").flatMap { Int($0) } ?? 7)
        case "memory":
            return MemoryScenario.run(
                base: base, realized: argument("--realized").flatMap { Int($0) } ?? 1,
                unrealized: argument("--unrealized").flatMap { Int($0) } ?? 0)
        default:
            ChildReport.fail("unknown child mode \(mode)")
            return 2
        }
    }
    if arguments.contains("--help") || arguments.contains("-h") {
        print(BenchmarkCoordinator.usage)
        return 0
    }
    guard let options = BenchmarkCoordinator.parse(arguments) else { return 2 }
    do {
        return try BenchmarkCoordinator(options: options).run()
    } catch {
        ChildReport.fail("could not start the page server: \(error)")
        return 1
    }
}
exit(status)
