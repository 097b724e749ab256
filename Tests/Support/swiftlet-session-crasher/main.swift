// swiftlet-session-crasher: the session crash test.
//
//   swiftlet-session-crasher torture --kills N [--seed S] [--dir D] [--longest-ms L]
//       Runs N rounds. Each round starts a child that restores the session, keeps mutating
//       it and saving (printing "saved <step>" after each completed save), kills it with
//       SIGKILL at a random moment, then restores the session itself and checks it equals
//       the state after the last reported save (or a later step whose save completed before
//       it could be reported). Each kill comes 2 ms to L ms (default 40) after the child
//       starts. The child also records a visit a step in a History file;
//       after each kill that file must open, pass `PRAGMA integrity_check` and hold the
//       visit of every step up to the last flush the child reported. Prints "N passed, M
//       failed" and exits non-zero on a failure. The child also makes a batch of bookmark
//       changes a step in a Bookmarks.db (BookmarkCrashSteps) and flushes it; after each kill
//       that file must pass `PRAGMA integrity_check` and hold what the steps it acknowledged
//       made (or that and the next step's batch, written but not acknowledged).
//   swiftlet-session-crasher child DIR SEED FIRST-STEP [--saves N] [--history FILE]
//       [--bookmarks FILE]
//       The child: mutates from FIRST-STEP on, forever, or for N saves and then exits 0.
//       "saved <step>" is written to standard output with one write(2) once the save of
//       that step completed, so that a system call trace shows where each save ends. With
//       --history, each step also records a visit in FILE (a batch committed every 3 steps
//       by the history's clock, every 4 by a flush, "flushed <step>" written after it). With
//       --bookmarks, each step then changes the bookmarks in FILE in one batch and flushes
//       them, "bookmarked <step>" written after the flush returned.
import Base
import Bookmarks
import Foundation
import GRDB
import History
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

/// The page step `step` visits in the history.
func visitedURL(_ step: Int) -> String { "https://s\(step).test/visited" }

/// Writes `line` with one write(2).
func report(_ line: String) { _ = line.withCString { write(1, $0, strlen($0)) } }

@MainActor
func runChild(
    directory: URL, seed: UInt64, firstStep: Int, saves: Int?, historyPath: String?, bookmarksPath: String?
) async -> Never {
    let engine = FakeWebEngine()
    let (service, browser, _) = openSession(directory, engine: engine)
    let historyClock = ManualTimerClock()
    let history = historyPath.map { HistoryService(path: $0, clock: historyClock) }
    let bookmarks = bookmarksPath.map { BookmarkModel(store: BookmarkStore(path: $0)) }
    await bookmarks?.waitUntilLoaded()
    var step = firstStep
    while true {
        CrashScenario.apply(step: step, seed: seed, to: browser.webStateList, context: engine.defaultContext)
        history?.addPage(
            HistoryAddPageArgs(
                url: URL(string: visitedURL(step))!,
                time: Date(),
                transition: .link, title: "Step \(step)"))
        service.saveSessions()
        service.waitForPendingIO()
        report("saved \(step)\n")
        if let history {
            historyClock.advance(by: .seconds(4))
            if step % 4 == 3 {
                await history.flush()
                report("flushed \(step)\n")
            }
        }
        if let bookmarks {
            var folder = BookmarkCrashSteps.Model(model: bookmarks)
            bookmarks.performExtensiveChanges { BookmarkCrashSteps.apply(step: step, to: &folder) }
            bookmarks.flush()
            report("bookmarked \(step)\n")
        }
        step += 1
        if let saves, step - firstStep >= saves { exit(0) }
    }
}

/// Checks the history file the killed child left: it opens, passes `PRAGMA integrity_check`
/// and holds a visit of every step of `flushed`; what is wrong, or nil.
func checkHistory(_ path: String, flushed: Set<Int>) -> String? {
    // A child killed before it made the file leaves none.
    if flushed.isEmpty && !FileManager.default.fileExists(atPath: path) { return nil }
    do {
        // Opened for writing, as the browser would: SQLite recovers the WAL.
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        let integrity = try database.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
        guard integrity == ["ok"] else { return "integrity_check: \(integrity.joined(separator: "; "))" }
        // A child killed while it made the schema leaves a file without tables: sound.
        guard !flushed.isEmpty else { return nil }
        let visited = try database.read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT u.url FROM visits v JOIN urls u ON u.id = v.url WHERE u.url LIKE 'https://s%'"
                ))
        }
        let missing = flushed.sorted().filter { !visited.contains(visitedURL($0)) }
        return missing.isEmpty ? nil : "visits of flushed steps missing: \(missing.prefix(10))"
    } catch {
        return "could not read: \(error)"
    }
}

/// Checks the bookmarks file the killed child left: it passes `PRAGMA integrity_check` and
/// holds what `onDisk` (what it held when the child started) became through the steps
/// `acknowledged`, or through those and `next` (written, the kill coming before its
/// acknowledgement). What is wrong, or nil; `onDisk` becomes what the file holds.
@MainActor
func checkBookmarks(
    _ path: String, from onDisk: inout [BookmarkCrashSteps.Entry], acknowledged: [Int], next: Int
) -> String? {
    let loaded: [BookmarkCrashSteps.Entry]
    do { loaded = try BookmarkCrashSteps.read(path) } catch { return "could not read: \(error)" }
    let expected = BookmarkCrashSteps.expected(from: onDisk, steps: acknowledged)
    let withNext = BookmarkCrashSteps.expected(from: expected, steps: [next])
    onDisk = loaded
    guard loaded != expected && loaded != withNext else { return nil }
    let first =
        zip(loaded, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(loaded.count, expected.count)
    return
        "after the acknowledged steps \(acknowledged.first ?? next)...\(acknowledged.last ?? next - 1) the file "
        + "holds \(loaded.count) bookmarks, not \(expected.count) (or \(withNext.count) with step \(next)); "
        + "the first difference, at \(first): \(loaded.dropFirst(first).first?.description ?? "none") "
        + "where \(expected.dropFirst(first).first?.description ?? "none") was expected"
}

@MainActor
func runTorture(kills: Int, seed: UInt64, directory: URL, longest: UInt32, stopOnFailure: Bool) -> Int32 {
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
    // The steps whose visits a child reported flushed: from the step it started at to its
    // last flush (what it recorded after that may be lost with the kill, and the next child
    // starts after the session's last save, which may be later).
    var flushed = Set<Int>()
    let historyPath = directory.path + ".history/History"
    try? FileManager.default.removeItem(atPath: directory.path + ".history")
    // What the bookmarks file held when the last child started.
    var bookmarksOnDisk: [BookmarkCrashSteps.Entry] = []
    var bookmarkedSteps = 0
    let bookmarksPath = directory.path + ".bookmarks/" + BookmarkStore.fileName
    try? FileManager.default.removeItem(atPath: directory.path + ".bookmarks")
    try? FileManager.default.createDirectory(
        atPath: directory.path + ".bookmarks", withIntermediateDirectories: true)
    var expected = CrashScenario.expectedStates(seed: seed, through: 200)
    var passed = 0
    var failed = 0
    var generator = CrashScenario.Generator(seed: seed, step: -1)
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let started = Date()
    for round in 0..<kills {
        let child = Process()
        child.executableURL = executable
        let firstStep = verified + 1
        child.arguments = [
            "child", directory.path, String(seed), String(firstStep), "--history", historyPath,
            "--bookmarks", bookmarksPath,
        ]
        let pipe = Pipe()
        child.standardOutput = pipe
        do { try child.run() } catch {
            print("crash test: could not start the child: \(error)")
            return 2
        }
        usleep(UInt32.random(in: 2_000...max(2_000, longest * 1_000), using: &generator))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let reported =
            output.split(separator: "\n").compactMap { line in
                line.hasPrefix("saved ") ? Int(line.dropFirst(6)) : nil
            }.max() ?? verified
        let lastFlush =
            output.split(separator: "\n").compactMap { line in
                line.hasPrefix("flushed ") ? Int(line.dropFirst(8)) : nil
            }.max() ?? -1
        if lastFlush >= firstStep { flushed.formUnion(firstStep...lastFlush) }
        let acknowledged = output.split(separator: "\n").compactMap { line in
            line.hasPrefix("bookmarked ") ? Int(line.dropFirst(11)) : nil
        }
        bookmarkedSteps += acknowledged.count
        let historyProblem = checkHistory(historyPath, flushed: flushed)
        if let historyProblem { print("crash test: round \(round): history: \(historyProblem)") }
        let bookmarksProblem = checkBookmarks(
            bookmarksPath, from: &bookmarksOnDisk, acknowledged: acknowledged,
            next: (acknowledged.last ?? firstStep - 1) + 1)
        if let bookmarksProblem { print("crash test: round \(round): bookmarks: \(bookmarksProblem)") }
        let filesOK = historyProblem == nil && bookmarksProblem == nil
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
            if historyOK && filesOK { passed += 1 } else { failed += 1 }
            if !(historyOK && filesOK) && stopOnFailure { break }
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
    print(
        String(
            format:
                "crash test: %d kills in %.1f s, session reached step %d, history flushed to step %d, "
                + "%d bookmark batches acknowledged",
            kills, seconds, verified, flushed.max() ?? -1, bookmarkedSteps))
    print("\(passed) passed, \(failed) failed")
    return failed == 0 ? 0 : 1
}

let arguments = CommandLine.arguments
MainActor.assumeIsolated {
    if arguments.count >= 5 && arguments[1] == "child" {
        let saves = arguments.firstIndex(of: "--saves").flatMap {
            $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil
        }
        let historyPath = arguments.firstIndex(of: "--history").flatMap {
            $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
        }
        let bookmarksPath = arguments.firstIndex(of: "--bookmarks").flatMap {
            $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
        }
        // The history's flush is asynchronous: the child runs in a task on the main queue.
        Task { @MainActor in
            await runChild(
                directory: URL(fileURLWithPath: arguments[2]), seed: UInt64(arguments[3]) ?? 1,
                firstStep: Int(arguments[4]) ?? 0, saves: saves, historyPath: historyPath,
                bookmarksPath: bookmarksPath)
        }
        dispatchMain()
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
            longest: option("--longest-ms").flatMap(UInt32.init) ?? 40,
            stopOnFailure: arguments.contains("--stop-on-failure"))
        if option("--dir") == nil {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(atPath: directory.path + ".profile")
            try? FileManager.default.removeItem(atPath: directory.path + ".history")
            try? FileManager.default.removeItem(atPath: directory.path + ".bookmarks")
        }
        exit(status)
    }
    print("usage: swiftlet-session-crasher torture --kills N [--seed S] [--dir D] [--longest-ms L]")
    exit(2)
}
