// swiftlet-session-crasher: the session crash test.
//
//   swiftlet-session-crasher torture --kills N [--seed S] [--dir D]
//       Runs N rounds. Each round starts a child that restores the session, keeps mutating
//       it and saving (printing "saved <step>" after each completed save), kills it with
//       SIGKILL at a random moment, then restores the session itself and checks it equals
//       the state after the last reported save (or a later step whose save completed before
//       it could be reported). Prints "N passed, M failed" and exits non-zero on a failure.
//   swiftlet-session-crasher child DIR SEED FIRST-STEP [--saves N]
//       The child: mutates from FIRST-STEP on, forever, or for N saves and then exits 0.
//       "saved <step>" is written to standard output with one write(2) once the save of
//       that step completed, so that a system call trace shows where each save ends.
import Base
import Foundation
import Profiles
import Sessions
import TabModel
import Web
import WebTestSupport

#if canImport(Glibc)
import Glibc
#endif

SwiftletLogHandler.bootstrap()

@MainActor
func openSession(_ directory: URL, engine: FakeWebEngine) -> (SessionRestorationService, Browser, BrowserList)
{
    let service = SessionRestorationService(
        storageDirectory: directory, engineContext: engine.defaultContext, clock: ManualTimerClock())
    let browserList = BrowserList(
        webStateListDelegate: BrowserWebStateListDelegate(
            insertionPolicy: .doNothing, activationPolicy: .doNothing))
    let browser = Browser(
        kind: .regular, profile: makeProfile(engine, beside: directory),
        delegate: browserList.webStateListDelegate)
    service.setSessionID("crash-test", for: browser)
    service.loadSession(for: browser)
    return (service, browser, browserList)
}

/// A profile on the fake engine, its user data directory beside the session directory.
@MainActor
func makeProfile(_ engine: FakeWebEngine, beside sessionDirectory: URL) -> Profile {
    let directory = URL(fileURLWithPath: sessionDirectory.path + ".profile")
    let context = ApplicationContext(
        userDataDirectory: UserDataDirectory(path: directory), engine: engine, clock: ManualTimerClock())
    profileContexts.append(context)
    return try! context.profileManager.createProfile(named: "Default")
}

nonisolated(unsafe) var profileContexts: [ApplicationContext] = []

@MainActor
func runChild(directory: URL, seed: UInt64, firstStep: Int, saves: Int?) -> Never {
    let engine = FakeWebEngine()
    let (service, browser, _) = openSession(directory, engine: engine)
    var step = firstStep
    while true {
        CrashScenario.apply(step: step, seed: seed, to: browser.webStateList, context: engine.defaultContext)
        service.saveSessions()
        service.waitForPendingIO()
        let line = "saved \(step)\n"
        _ = line.withCString { write(1, $0, strlen($0)) }
        step += 1
        if let saves, step - firstStep >= saves { exit(0) }
    }
}

@MainActor
func runTorture(kills: Int, seed: UInt64, directory: URL, stopOnFailure: Bool) -> Int32 {
    try? FileManager.default.removeItem(at: directory)
    // Start from a saved empty session: a session that never completed a save is recovered
    // from its tab files (tested on its own), which is more than this harness can predict.
    do {
        let engine = FakeWebEngine()
        let (service, browser, _) = openSession(directory, engine: engine)
        browser.webStateList.insert(WebState(params: .init(context: engine.defaultContext)))
        browser.webStateList.close(at: 0)
        service.saveSessions()
        service.waitForPendingIO()
        browser.destroy()
    }
    var verified = -1  // The step the session on disk is known to reflect.
    var expected = CrashScenario.expectedStates(seed: seed, through: 200)
    var passed = 0
    var failed = 0
    var generator = CrashScenario.Generator(seed: seed, step: -1)
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let started = Date()
    for round in 0..<kills {
        let child = Process()
        child.executableURL = executable
        child.arguments = ["child", directory.path, String(seed), String(verified + 1)]
        let pipe = Pipe()
        child.standardOutput = pipe
        do { try child.run() } catch {
            print("crash test: could not start the child: \(error)")
            return 2
        }
        usleep(UInt32.random(in: 2_000...40_000, using: &generator))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let reported =
            output.split(separator: "\n").compactMap { line in
                line.hasPrefix("saved ") ? Int(line.dropFirst(6)) : nil
            }.max() ?? verified
        while expected.count <= reported + 3 {
            expected = CrashScenario.expectedStates(seed: seed, through: expected.count * 2)
        }
        let engine = FakeWebEngine()
        let (service, browser, _) = openSession(directory, engine: engine)
        let loaded = CrashScenario.describe(browser.webStateList)
        // The save of step `reported + 1` may have completed without being reported.
        let candidates = [reported, reported + 1].filter { $0 >= verified }
        if let match = candidates.first(where: { step in step < 0 ? loaded.isEmpty : expected[step] == loaded
        }) {
            // Every tab's own files must restore its history too.
            var historyOK = true
            for tab in browser.webStateList.webStates {
                let count = tab.navigationItemCount
                let url = tab.visibleURL
                tab.forceRealized()
                if tab.navigationManager.itemCount != count || tab.visibleURL != url {
                    historyOK = false
                    print(
                        "crash test: round \(round): tab \(tab.id.rawValue) listed as \(url?.absoluteString ?? "-")#\(count)"
                            + " restored as \(tab.visibleURL?.absoluteString ?? "-")#\(tab.navigationManager.itemCount)"
                    )
                }
            }
            for problem in service.problems { print("  problem: \(problem)") }
            verified = match
            if historyOK { passed += 1 } else { failed += 1 }
            if !historyOK && stopOnFailure { break }
        } else {
            failed += 1
            print("crash test: round \(round): loaded state matches no step in \(candidates)")
            print("  loaded:   \(loaded)")
            for step in candidates where step >= 0 { print("  step \(step): \(expected[step])") }
            for problem in service.problems { print("  problem: \(problem)") }
            // Continue from what is on disk: find its step, if any.
            verified = expected.lastIndex(of: loaded) ?? verified
            if stopOnFailure { break }
        }
        // Drop the session without saving: the next child must start from exactly what the
        // killed one left on disk.
        _ = service
        browser.destroy()
    }
    let seconds = Date().timeIntervalSince(started)
    print(String(format: "crash test: %d kills in %.1f s, session reached step %d", kills, seconds, verified))
    print("\(passed) passed, \(failed) failed")
    return failed == 0 ? 0 : 1
}

let arguments = CommandLine.arguments
MainActor.assumeIsolated {
    if arguments.count >= 5 && arguments[1] == "child" {
        let saves = arguments.firstIndex(of: "--saves").flatMap {
            $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil
        }
        runChild(
            directory: URL(fileURLWithPath: arguments[2]), seed: UInt64(arguments[3]) ?? 1,
            firstStep: Int(arguments[4]) ?? 0, saves: saves)
    }
    if arguments.count >= 2 && arguments[1] == "torture" {
        func option(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        let kills = option("--kills").flatMap(Int.init) ?? 20
        let seed = option("--seed").flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
        let directory = URL(
            fileURLWithPath: option("--dir")
                ?? (NSTemporaryDirectory() + "swiftlet-crash-test-\(getpid())"))
        print("crash test: seed \(seed), directory \(directory.path)")
        let status = runTorture(
            kills: kills, seed: seed, directory: directory,
            stopOnFailure: arguments.contains("--stop-on-failure"))
        if option("--dir") == nil {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(atPath: directory.path + ".profile")
        }
        exit(status)
    }
    print("usage: swiftlet-session-crasher torture --kills N [--seed S] [--dir D]")
    exit(2)
}
