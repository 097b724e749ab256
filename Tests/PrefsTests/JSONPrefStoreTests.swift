@_spi(Testing) import Base
import Foundation
import Prefs
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@MainActor
struct JSONPrefStoreTests {
    let files = PrefTestFiles()

    // MARK: Reading and writing

    @Test func aMissingFileMeansDefaultsAndIsNotAProblem() {
        let prefs = files.makeService()
        #expect(prefs.loadProblem == nil)
        #expect(prefs.bool("browser.show_home_button"))
        #expect(prefs.isDefault("tabs.max_count"))
        prefs.flush()
        #expect(!files.exists(files.directory))
    }

    @Test func aNewServiceReadsWhatTheOldOneWrote() {
        do {
            let prefs = files.makeService()
            prefs.set("browser.show_home_button", false)
            prefs.set("browser.home_page", "https://example.org/é")
            prefs.set("tabs.max_count", 7)
            prefs.set("zoom.default_level", 1.5)
            prefs.set("search.engines", ["wiki", 2, 2.5, ["k": "v"]])
            prefs.set("site_settings", ["example.org": ["js": false, "zoom": 2.0]])
            prefs.flush()
        }
        let reread = files.makeService()
        #expect(reread.loadProblem == nil)
        #expect(reread.bool("browser.show_home_button") == false)
        #expect(reread.string("browser.home_page") == "https://example.org/é")
        #expect(reread.int("tabs.max_count") == 7)
        #expect(reread.double("zoom.default_level") == 1.5)
        #expect(reread.list("search.engines") == ["wiki", 2, 2.5, ["k": "v"]])
        #expect(reread.dictionary("site_settings") == ["example.org": ["js": false, "zoom": 2.0]])
        #expect(reread.isDefault("device.name"))
    }

    @Test func dottedNamesAreNestedObjectsAndOnlyNonDefaultsAreWritten() {
        let prefs = files.makeService()
        prefs.set("browser.show_home_button", false)
        prefs.set("tabs.max_count", 5)
        prefs.set("device.name", "laptop")
        prefs.set("device.name", "")
        prefs.set("zoom.default_level", 1.0)
        prefs.flush()
        #expect(files.fileText == #"{"browser":{"show_home_button":false},"tabs":{"max_count":5}}"#)
    }

    @Test func resettingEverythingWritesAnEmptyObject() {
        let prefs = files.makeService()
        prefs.set("tabs.max_count", 5)
        prefs.flush()
        prefs.reset("tabs.max_count")
        prefs.flush()
        #expect(files.fileText == "{}")
    }

    @Test func unknownKeysAreKeptUnchanged() {
        let original =
            #"{"browser":{"future_flag":[1,2.0,null,{"x":"y"}],"show_home_button":false},"#
            + #""empty":{},"old_feature":{"enabled":null,"ratio":1.0}}"#
        files.writeFile(original)
        let prefs = files.makeService()
        #expect(prefs.loadProblem == nil)
        #expect(prefs.bool("browser.show_home_button") == false)
        prefs.set("tabs.max_count", 5)
        prefs.reset("browser.show_home_button")
        prefs.flush()
        #expect(
            files.fileText
                == #"{"browser":{"future_flag":[1,2.0,null,{"x":"y"}]},"#
                + #""empty":{},"old_feature":{"enabled":null,"ratio":1.0},"tabs":{"max_count":5}}"#)
    }

    @Test func aDoublePrefAcceptsAnIntegerInTheFile() {
        files.writeFile(#"{"zoom":{"default_level":2}}"#)
        let prefs = files.makeService()
        #expect(prefs.loadProblem == nil)
        #expect(prefs.value("zoom.default_level") == .double(2))
    }

    @Test func valuesEqualToTheDefaultInTheFileAreDropped() {
        files.writeFile(#"{"tabs":{"max_count":100},"device":{"name":"pc"}}"#)
        let prefs = files.makeService()
        #expect(prefs.isDefault("tabs.max_count"))
        #expect(!prefs.hasUserValue("tabs.max_count"))
        prefs.set("browser.show_home_button", false)
        prefs.flush()
        #expect(files.fileText == #"{"browser":{"show_home_button":false},"device":{"name":"pc"}}"#)
    }

    // MARK: Coalescing

    @Test func severalChangesMakeOneWriteAfterTheDelay() {
        let store = files.makeStore()
        let prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
        prefs.set("tabs.max_count", 1)
        prefs.set("tabs.max_count", 2)
        prefs.set("device.name", "laptop")
        #expect(store.hasPendingWrite)
        #expect(files.clock.pendingCount == 1)
        files.clock.advance(by: .milliseconds(999))
        #expect(store.writeCount == 0)
        #expect(!files.exists(files.path))
        files.clock.advance(by: .milliseconds(1))
        #expect(store.writeCount == 1)
        #expect(!store.hasPendingWrite)
        store.flush()  // waits for the background write; nothing new to write
        #expect(store.writeCount == 1)
        #expect(files.fileText == #"{"device":{"name":"laptop"},"tabs":{"max_count":2}}"#)
    }

    @Test func aChangeAfterAWriteSchedulesTheNextOne() {
        let store = files.makeStore(writeDelay: .seconds(10))
        let prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
        prefs.set("tabs.max_count", 1)
        files.clock.advance(by: .seconds(10))
        prefs.set("tabs.max_count", 2)
        files.clock.advance(by: .seconds(9))
        #expect(store.writeCount == 1)
        files.clock.advance(by: .seconds(1))
        #expect(store.writeCount == 2)
        store.flush()
        #expect(files.fileText == #"{"tabs":{"max_count":2}}"#)
    }

    @Test func writesThatChangeNothingScheduleNothing() {
        let store = files.makeStore()
        let prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
        prefs.set("tabs.max_count", 100)
        prefs.reset("device.name")
        #expect(!store.hasPendingWrite)
        #expect(files.clock.pendingCount == 0)
    }

    @Test func commitPendingWriteWritesBeforeTheDelay() {
        let store = files.makeStore()
        let prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
        prefs.set("tabs.max_count", 3)
        prefs.commitPendingWrite(waitUntilDone: true)
        #expect(files.fileText == #"{"tabs":{"max_count":3}}"#)
        #expect(files.clock.pendingCount == 0)
        prefs.set("tabs.max_count", 4)
        prefs.commitPendingWrite()
        prefs.flush()
        #expect(store.writeCount == 2)
        #expect(files.fileText == #"{"tabs":{"max_count":4}}"#)
        files.clock.advance(by: .seconds(5))
        #expect(store.writeCount == 2)
    }

    @Test func flushWritesSynchronouslyWithoutTheClock() {
        let prefs = files.makeService()
        prefs.set("device.name", "laptop")
        prefs.flush()
        #expect(files.fileText == #"{"device":{"name":"laptop"}}"#)
        #expect(files.clock.pendingCount == 0)
    }

    @Test func releasingTheServiceWritesPendingChanges() {
        do {
            let prefs = files.makeService()
            prefs.set("device.name", "laptop")
        }
        #expect(files.fileText == #"{"device":{"name":"laptop"}}"#)
    }

    @Test func filesAre0600AndNewDirectories0700() {
        let nested = files.root + "/a/b/Preferences"
        let prefs = PrefService(
            registry: PrefTestFiles.makeRegistry(), store: JSONPrefStore(path: nested, clock: files.clock))
        prefs.set("device.name", "laptop")
        prefs.flush()
        #expect(files.permissions(nested) == 0o600)
        #expect(files.permissions(files.root + "/a/b") == 0o700)
        #expect(files.permissions(files.root + "/a") == 0o700)
    }

    @Test func writeFailuresAreLogged() {
        let prefs = files.makeService()
        files.fileSystem.injectFault(forPath: files.path, at: .rename, code: EIO)
        prefs.set("device.name", "laptop")
        let lines = LogCapture.withCapturedMessages { prefs.flush() }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("swiftlet: error: could not save prefs") == true)
        #expect(lines.first?.contains(files.path) == true)
        #expect(!files.exists(files.path))
    }

    @Test func aFailedWriteIsRetriedOnTheClockWithABackoff() async {
        let store = files.makeStore()
        let prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
        files.fileSystem.injectFault(forPath: files.path, at: .rename, code: ENOSPC)
        prefs.set("device.name", "laptop")
        _ = LogCapture.withCapturedMessages { store.flush() }
        // Used to be dropped: nothing pending, nothing scheduled, never written.
        #expect(store.failuresInARow == 1)
        #expect(store.hasPendingWrite)
        #expect(store.scheduledWriteDelay == .seconds(2))
        files.clock.advance(by: .milliseconds(1999))
        #expect(store.writeCount == 1)
        // The retry fails too (in the background); the next one waits twice as long.
        _ = LogCapture.withCapturedMessages { files.clock.advance(by: .milliseconds(1)) }
        #expect(store.writeCount == 2)
        files.mainTasks.runUntilIdle()
        #expect(store.failuresInARow == 2)
        #expect(store.scheduledWriteDelay == .seconds(4))
        // The disk has room again: the retry writes the values.
        files.fileSystem.clearFault(forPath: files.path)
        files.clock.advance(by: .seconds(4))
        #expect(store.writeCount == 3)
        files.mainTasks.runUntilIdle()
        #expect(store.failuresInARow == 0)
        store.flush()
        #expect(files.fileText == #"{"device":{"name":"laptop"}}"#)
        #expect(store.scheduledWriteDelay == .seconds(1))
    }

    @Test func retriesWaitAtMostAMinute() {
        let store = files.makeStore()
        let prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
        files.fileSystem.injectFault(forPath: files.path, at: .rename, code: ENOSPC)
        prefs.set("device.name", "laptop")
        for _ in 0..<10 { _ = LogCapture.withCapturedMessages { store.flush() } }
        #expect(store.failuresInARow == 10)
        #expect(store.scheduledWriteDelay == JSONPrefStore.maximumRetryDelay)
    }

    // MARK: Bad files

    /// Loads `bytes` as the prefs file and checks the common consequences of a bad file.
    private func expectBadFile(
        _ bytes: [UInt8], reason: PrefLoadProblem.Reason, mentioning detail: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        files.writeFile(bytes)
        var prefs: PrefService?
        let lines = LogCapture.withCapturedMessages { prefs = files.makeService() }
        guard let prefs else { return }
        let expected = PrefLoadProblem(path: files.path, reason: reason, movedTo: files.badPath)
        #expect(prefs.loadProblem == expected, sourceLocation: sourceLocation)
        #expect(files.bytes(files.badPath) == bytes, sourceLocation: sourceLocation)
        #expect(!files.exists(files.path), sourceLocation: sourceLocation)
        #expect(prefs.bool("browser.show_home_button"), sourceLocation: sourceLocation)
        #expect(prefs.isDefault("tabs.max_count"), sourceLocation: sourceLocation)
        #expect(lines.count == 1, sourceLocation: sourceLocation)
        let line = lines.first ?? ""
        #expect(line.hasPrefix("swiftlet: error: prefs file \(files.path): "), sourceLocation: sourceLocation)
        #expect(line.contains(detail), "\(line)", sourceLocation: sourceLocation)
        #expect(line.contains(files.badPath), sourceLocation: sourceLocation)

        // The next write creates a fresh file and leaves the bad one alone.
        prefs.set("device.name", "fresh")
        prefs.flush()
        #expect(files.fileText == #"{"device":{"name":"fresh"}}"#, sourceLocation: sourceLocation)
        #expect(files.bytes(files.badPath) == bytes, sourceLocation: sourceLocation)
    }

    @Test func corruptJSONIsMovedAside() {
        expectBadFile(
            Array(#"{"browser": {"show_home_button": fals"#.utf8),
            reason: .invalidJSON("line 1, column 34: invalid literal, expected false"),
            mentioning: "not valid JSON")
    }

    @Test func invalidUTF8IsMovedAside() {
        expectBadFile(
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D],
            reason: .invalidJSON("line 1, column 3: invalid UTF-8 in a string"), mentioning: "UTF-8")
    }

    @Test func aWronglyTypedValueIsMovedAside() {
        expectBadFile(
            Array(#"{"browser":{"show_home_button":"yes"}}"#.utf8),
            reason: .wrongType(pref: "browser.show_home_button", expected: .bool),
            mentioning: "'browser.show_home_button' is not of type bool")
    }

    @Test func anIntegerPrefHoldingADoubleIsMovedAside() {
        expectBadFile(
            Array(#"{"tabs":{"max_count":5.0}}"#.utf8),
            reason: .wrongType(pref: "tabs.max_count", expected: .int), mentioning: "tabs.max_count")
    }

    @Test func aNullForARegisteredPrefIsMovedAside() {
        expectBadFile(
            Array(#"{"search":{"engines":["a",null]}}"#.utf8),
            reason: .wrongType(pref: "search.engines", expected: .list), mentioning: "search.engines")
    }

    @Test func aNonObjectOnAPrefsPathIsMovedAside() {
        expectBadFile(
            Array(#"{"browser":5}"#.utf8),
            reason: .wrongType(pref: "browser.home_page", expected: .string), mentioning: "browser.home_page")
    }

    @Test func aDocumentThatIsNotAnObjectIsMovedAside() {
        expectBadFile(Array("[1, 2]".utf8), reason: .notAnObject, mentioning: "not a JSON object")
    }

    @Test func anEmptyFileIsMovedAside() {
        expectBadFile([], reason: .empty, mentioning: "empty")
    }

    @Test func aBlankFileIsMovedAside() {
        expectBadFile(
            Array(" \n".utf8),
            reason: .invalidJSON("line 2, column 1: unexpected end of input, expected a value"),
            mentioning: "not valid JSON")
    }

    @Test func anOlderBadFileIsReplaced() {
        files.writeFile(Array("old bad".utf8), to: files.badPath)
        expectBadFile(
            Array("new bad".utf8), reason: .invalidJSON("line 1, column 1: invalid literal, expected null"),
            mentioning: "not valid JSON")
    }

    @Test func anUnreadableFileIsLeftAloneAndNeverOverwritten() throws {
        // A directory where the file should be: it opens but cannot be read.
        try FileManager.default.createDirectory(atPath: files.path, withIntermediateDirectories: true)
        let store = files.makeStore()
        var prefs: PrefService?
        let lines = LogCapture.withCapturedMessages {
            prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
        }
        let problem = try #require(prefs?.loadProblem)
        #expect(problem.movedTo == nil)
        guard case .unreadable = problem.reason else {
            Issue.record("unexpected reason \(problem.reason)")
            return
        }
        #expect(store.isReadOnly)
        #expect(lines.count == 1)
        #expect(lines.first?.contains(files.path) == true)
        #expect(lines.first?.contains("not saving") == true)
        prefs?.set("device.name", "laptop")
        prefs?.flush()
        #expect(store.writeCount == 0)
        #expect(files.listing == ["Preferences"])
        #expect(!files.exists(files.badPath))
    }

    @Test func aStoreServesOneServiceOnly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = JSONPrefStore(path: "/nonexistent/Preferences", clock: ManualTimerClock())
                _ = PrefService(registry: PrefRegistry(), store: store)
                _ = PrefService(registry: PrefRegistry(), store: store)
            }
        }.expectPreconditionMessage(
            "JSONPrefStore: /nonexistent/Preferences is already used by a PrefService")
    }
}
