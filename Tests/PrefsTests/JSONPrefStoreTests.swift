@_spi(Testing) import Base
import FileSystemTestSupport
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

    /// A value of the wrong kind resets that pref alone: the file stays, every other value
    /// (known or not) is kept, each bad pref is reported once, and the next write leaves the
    /// bad values out so that the next load reports nothing.
    @Test(
        arguments: [
            (
                "a string for a bool", #""browser":{"show_home_button":"yes"}"#,
                ["browser.show_home_button": .bool]
            ),
            ("a double for an int", #""tabs":{"max_count":5.0}"#, ["tabs.max_count": .int]),
            ("a null in a list", #""search":{"engines":["a",null]}"#, ["search.engines": .list]),
            ("a string for a double", #""zoom":{"default_level":"2"}"#, ["zoom.default_level": .double]),
            (
                "a number where the object of two prefs belongs", #""browser":5"#,
                ["browser.home_page": .string, "browser.show_home_button": .bool]
            ),
        ] as [(String, String, [String: PrefValue.Kind])])
    func aValueOfTheWrongKindResetsThatPrefAlone(
        _ name: String, _ bad: String, _ expected: [String: PrefValue.Kind]
    ) {
        let text = #"{"device":{"name":"kept"},"other":{"x":1},"# + bad + "}"
        files.writeFile(text)
        var prefs: PrefService?
        let lines = LogCapture.withCapturedMessages { prefs = files.makeService() }
        guard let prefs else { return }
        #expect(prefs.loadProblem == nil && prefs.valuesWereReadFromFile, "\(name)")
        let reported = prefs.valueProblems.map(\.reason)
        #expect(
            reported == expected.keys.sorted().map { .wrongType(pref: $0, expected: expected[$0]!) },
            "\(name)")
        #expect(expected.keys.allSatisfy { prefs.isDefault($0) && prefs.wasResetAtLoad($0) }, "\(name)")
        #expect(prefs.string("device.name") == "kept", "the other prefs keep their values: \(name)")
        #expect(!prefs.wasResetAtLoad("device.name"))
        #expect(!files.exists(files.badPath) && files.fileText == text, "the file stays as it was: \(name)")
        #expect(lines.count == expected.count, "once each: \(lines)")
        for (line, pref) in zip(lines, expected.keys.sorted()) {
            #expect(line.contains("'\(pref)'") && line.contains("that pref alone is reset"), "\(line)")
        }

        // The file is corrected at the next write: the report comes once.
        files.clock.advance(by: .seconds(1))
        prefs.flush()
        #expect(files.fileText == #"{"device":{"name":"kept"},"other":{"x":1}}"#, "\(name)")
        let reread = PrefService(registry: PrefTestFiles.makeRegistry(), store: files.makeStore())
        #expect(reread.valueProblems.isEmpty && reread.string("device.name") == "kept", "\(name)")
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

    @Test(arguments: HostileEntry.allCases)
    func whatIsNotAPrefsFileIsMovedAsideAtOnceAndSavingWorks(_ entry: HostileEntry) {
        files.createDirectory()
        entry.make(at: files.path, outside: files.root)
        let store = files.makeStore()
        let lines = LogCapture.withCapturedMessages {
            let prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
            guard case .notAPrefsFile = prefs.loadProblem?.reason else {
                Issue.record("\(entry): \(String(describing: prefs.loadProblem))")
                return
            }
            #expect(prefs.loadProblem?.movedTo == files.badPath)
            prefs.set("device.name", "laptop")
            prefs.flush()
        }
        #expect(lines.count == 1 && lines.first?.contains("not a prefs file") == true, "\(lines)")
        #expect(!store.isReadOnly)
        #expect(files.fileValue == .dictionary(["device": .dictionary(["name": "laptop"])]))
        #expect(files.listing == ["Preferences", "Preferences.bad"])
    }

    @Test func aFileThisUserMayNotReadIsLeftAloneAndNeverOverwritten() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let files = PrefTestFiles()
                files.writeFile(#"{"device": {"name": "theirs"}}"#)
                ForeignOwnership.makeUnreadable(files.path)
                ForeignOwnership.becomeUser(owning: files.root)
                let store = files.makeStore()
                var prefs: PrefService?
                let lines = LogCapture.withCapturedMessages {
                    prefs = PrefService(registry: PrefTestFiles.makeRegistry(), store: store)
                }
                guard let problem = prefs?.loadProblem, case .unreadable(let reason) = problem.reason else {
                    preconditionFailure("\(String(describing: prefs?.loadProblem))")
                }
                precondition(
                    problem.movedTo == nil && "\(reason)".contains("permission denied"), "\(problem)")
                precondition(store.isReadOnly)
                precondition(
                    lines.count == 1 && lines[0].contains(files.path) && lines[0].contains("not saving"))
                prefs?.set("device.name", "laptop")
                prefs?.flush()
                precondition(store.writeCount == 0)
                precondition(files.listing == ["Preferences"])
                var info = stat()
                precondition(stat(files.path, &info) == 0 && info.st_size == 30, "the file is as it was")
            }
        }
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
