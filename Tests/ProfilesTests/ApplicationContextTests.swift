import Base
import Foundation
import KeyedServices
import ModelTestSupport
import Prefs
import Profiles
import TestSupport
import Testing
import Web
import WebTestSupport

@MainActor
private final class ShutdownRecorder: KeyedService {
    static var log: [String] = []
    let name: String
    init(_ name: String) { self.name = name }
    func shutdown() { Self.log.append("shutdown \(name)") }
}

@MainActor
struct ApplicationContextTests {
    let engine = FakeWebEngine()
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "swiftlet-app-\(UUID().uuidString)")

    func context(_ registerPrefs: (PrefRegistry) -> Void = { _ in }) -> ApplicationContext {
        ApplicationContext(
            userDataDirectory: UserDataDirectory(path: root), engine: engine, clock: ManualTimerClock(),
            registerProfilePrefs: registerPrefs)
    }

    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue
            ?? -1
    }

    @Test func cleanExitFlagDetectsACrashedRun() {
        defer { try? FileManager.default.removeItem(at: root) }
        let first = context()
        first.start()
        #expect(!first.lastRunCrashed)
        // The process "crashes": no shutdown.
        let second = context()
        second.start()
        #expect(second.lastRunCrashed)
        second.shutdown()
        let third = context()
        third.start()
        #expect(!third.lastRunCrashed)
    }

    @Test func profilesLiveInPrivateDirectoriesWithPrivatePrefs() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let app = context { $0.register("browser.home", default: .string("about:blank"), scope: .syncable) }
        let profile = try app.profileManager.createProfile(named: "Work")
        #expect(profile.statePath.path == root.appendingPathComponent("Work").path)
        #expect(mode(root.path) == 0o700)
        #expect(mode(profile.statePath.path) == 0o700)
        profile.prefs.set("browser.home", .string("https://example.org/"))
        profile.prefs.flush()
        let prefsPath = profile.statePath.appendingPathComponent("Preferences").path
        #expect(mode(prefsPath) == 0o600)
        app.shutdown()
        #expect(mode(root.appendingPathComponent("Local State").path) == 0o600)
        // Another run reads them back.
        let again = context { $0.register("browser.home", default: .string("about:blank"), scope: .syncable) }
        let reloaded = try again.profileManager.loadProfile(named: "Work")
        #expect(reloaded.prefs.string("browser.home") == "https://example.org/")
        #expect(again.profileManager.lastUsedProfileName == "Work")
        #expect(again.profileManager.knownProfiles.map(\.name.rawValue) == ["Work"])
    }

    @Test func loadingAMissingOrBadlyNamedProfileFails() {
        defer { try? FileManager.default.removeItem(at: root) }
        let app = context()
        #expect(throws: ProfileManager.Error.notFound("Nobody")) {
            try app.profileManager.loadProfile(named: "Nobody")
        }
        #expect(throws: ProfileManager.Error.invalidName(.containsPathSeparator)) {
            try app.profileManager.createProfile(named: "../escape")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: root.deletingLastPathComponent().appendingPathComponent("escape").path))
    }

    @Test func asyncCreateAndLoad() async {
        defer { try? FileManager.default.removeItem(at: root) }
        let app = context()
        let created: Profile? = await withCheckedContinuation { continuation in
            app.profileManager.createProfileAsync(named: "Async") { continuation.resume(returning: $0) }
        }
        #expect(created?.name.rawValue == "Async")
        #expect(app.profileManager.profile(named: "Async") === created)
        let missing: Profile? = await withCheckedContinuation { continuation in
            app.profileManager.loadProfileAsync(named: "Missing") { continuation.resume(returning: $0) }
        }
        #expect(missing == nil)
    }

    @Test func asyncOpenCompletesThroughTheMainTaskRunner() {
        defer { try? FileManager.default.removeItem(at: root) }
        let runner = ManualMainTaskRunner()
        let app = ApplicationContext(
            userDataDirectory: UserDataDirectory(path: root), engine: engine, clock: ManualTimerClock(),
            mainTaskRunner: runner)
        var created: Profile??
        app.profileManager.createProfileAsync(named: "Async") { created = .some($0) }
        #expect(created == nil, "never called back synchronously")
        runner.runUntilIdle()
        #expect(created??.name.rawValue == "Async")
        #expect(app.profileManager.profile(named: "Async") === created ?? nil)
    }

    @Test func offTheRecordProfileOverlaysPrefsAndIsDeletedWithItsFiles() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let app = context { $0.register("browser.zoom", default: .double(1.0)) }
        let profile = try app.profileManager.createProfile(named: "Default")
        profile.prefs.set("browser.zoom", .double(1.5))
        #expect(!profile.hasOffTheRecordProfile)
        let otr = profile.offTheRecordProfile
        #expect(otr.isOffTheRecord)
        #expect(otr.originalProfile === profile)
        #expect(profile.offTheRecordProfile === otr)
        #expect(otr.statePath.path == profile.statePath.appendingPathComponent("OTR").path)
        #expect(otr.prefs.double("browser.zoom") == 1.5)
        otr.prefs.set("browser.zoom", .double(3))
        #expect(profile.prefs.double("browser.zoom") == 1.5)
        #expect(otr.webEngineContext.storage == .ephemeral)
        if case .persistent(let data, _) = profile.webEngineContext.storage {
            #expect(data.path.hasPrefix(profile.statePath.path))
        } else {
            Issue.record("the regular profile's engine storage should be persistent")
        }
        // Something the incognito sessions would write:
        try PrivateStorage.createDirectory(
            atPath: otr.statePath.appendingPathComponent("SessionStorage").path)
        profile.prefs.flush()
        let prefsBytes = try Data(contentsOf: profile.statePath.appendingPathComponent("Preferences"))
        #expect(!String(decoding: prefsBytes, as: UTF8.self).contains("3"))
        profile.destroyOffTheRecordProfile()
        #expect(!profile.hasOffTheRecordProfile)
        #expect(otr.isDestroyed)
        #expect(!FileManager.default.fileExists(atPath: otr.statePath.path))
    }

    @Test func servicesShutDownWithTheirProfileOffTheRecordFirst() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let app = context()
        let factory = KeyedServiceFactory<ShutdownRecorder>(name: "Recorder", offTheRecord: .ownInstance) {
            context in
            ShutdownRecorder(context.isOffTheRecord ? "otr" : "regular")
        }
        app.dependencyManager.register(factory)
        let profile = try app.profileManager.createProfile(named: "Default")
        _ = factory.service(for: profile)
        _ = factory.service(for: profile.offTheRecordProfile)
        ShutdownRecorder.log = []
        app.shutdown()
        #expect(ShutdownRecorder.log == ["shutdown otr", "shutdown regular"])
    }

    @Test func usingADestroyedProfileFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let app = TestProfile.makeApplicationContext(engine: FakeWebEngine())
                let profile = try! app.profileManager.createProfile(named: "Default")
                let otr = profile.offTheRecordProfile
                profile.destroyOffTheRecordProfile()
                _ = otr.webEngineContext
            }
        }.expectPreconditionMessage(
            "Profile 'Default' (off the record): webEngineContext after the profile was destroyed")
    }
}
