import Base
import ContentSettings
import Foundation
import ModelTestSupport
import Prefs
import Profiles
import TestSupport
import Testing
import Web
import WebTestSupport

/// An application context on the fake engine in `directory`, with the content settings
/// factory registered and their prefs.
@MainActor
struct ContentSettingsApp {
    let context: ApplicationContext
    let maps: HostContentSettingsMapFactory

    init(directory: URL, engine: FakeWebEngine = FakeWebEngine()) {
        context = ApplicationContext(
            userDataDirectory: UserDataDirectory(path: directory), engine: engine, clock: ManualTimerClock(),
            isTesting: true, registerProfilePrefs: HostContentSettingsMap.registerProfilePrefs)
        maps = HostContentSettingsMapFactory.register(in: context)
    }

    func profile() -> Profile { try! context.profileManager.loadProfile(named: "Default") }
    func createProfile() -> Profile { try! context.profileManager.createProfile(named: "Default") }
}

let site = Origin(url: URL(string: "http://127.0.0.1:8000/page")!)!
let other = Origin(url: URL(string: "https://example.com/")!)!

@MainActor
struct HostContentSettingsMapTests {
    /// A row: what the regular profile and its off-the-record profile store for `site`'s
    /// notifications ("-": nothing), and what each then answers.
    struct Row: CustomTestStringConvertible, Sendable {
        let table: String
        var testDescription: String { table }
        init(_ table: String) { self.table = table }

        var parts: [String] { table.split(separator: " ").map(String.init) }
        static func setting(_ word: String) -> ContentSetting? {
            switch word {
            case "allow": .allow
            case "block": .block
            case "ask": .ask
            default: nil
            }
        }
    }

    // regular stored, incognito stored -> regular answers, incognito answers
    nonisolated static let rules: [Row] = [
        Row("- - -> ask ask"),
        Row("allow - -> allow ask"),
        Row("block - -> block block"),
        Row("- allow -> ask allow"),
        Row("- block -> ask block"),
        Row("block allow -> block allow"),
        Row("allow block -> allow block"),
        Row("block ask -> block block"),
    ]

    @Test(arguments: rules) func incognitoInheritsBlockButNotAllow(_ row: Row) {
        let app = ContentSettingsApp(directory: TestProfile.makeUserDataDirectory())
        let profile = app.createProfile()
        let regular = app.maps.map(for: profile)
        let incognito = app.maps.map(for: profile.offTheRecordProfile)
        let parts = row.parts
        if let setting = Row.setting(parts[0]) {
            regular.setContentSetting(setting, for: site, type: .notifications)
        }
        if let setting = Row.setting(parts[1]) {
            incognito.setContentSetting(setting, for: site, type: .notifications)
        }
        #expect(regular.contentSetting(for: site, type: .notifications) == Row.setting(parts[3]))
        #expect(incognito.contentSetting(for: site, type: .notifications) == Row.setting(parts[4]))
        #expect(regular.contentSetting(for: other, type: .notifications) == .ask)
        #expect(incognito.contentSetting(for: site, type: .geolocation) == .ask)
    }

    @Test func decisionsAreKeptPerOriginAndTypeInChromiumsPrefs() {
        let app = ContentSettingsApp(directory: TestProfile.makeUserDataDirectory())
        let profile = app.createProfile()
        let map = app.maps.map(for: profile)
        map.setContentSetting(.allow, for: site, type: .notifications)
        map.setContentSetting(.block, for: site, type: .geolocation)
        map.setContentSetting(.block, for: other, type: .mediastreamCamera)
        #expect(map.contentSetting(for: site, type: .notifications) == .allow)
        #expect(map.contentSetting(for: site, type: .geolocation) == .block)
        #expect(map.contentSetting(for: site, type: .mediastreamCamera) == .ask)
        let stored = profile.prefs.dictionary("profile.content_settings.exceptions.notifications")
        #expect(stored["http://127.0.0.1:8000,*"]?.dictionaryValue?["setting"] == .int(1))
        #expect(map.sitesWithExceptions.map(\.origin) == [site, other])
        #expect(map.sitesWithExceptions.first?.settings == [.notifications: .allow, .geolocation: .block])

        map.clearSettings(for: site)
        #expect(map.sitesWithExceptions.map(\.origin) == [other])
        #expect(map.contentSetting(for: site, type: .notifications) == .ask)
    }

    @Test func decisionsSurviveAReloadOfTheProfile() {
        let directory = TestProfile.makeUserDataDirectory()
        do {
            let app = ContentSettingsApp(directory: directory)
            let profile = app.createProfile()
            app.maps.map(for: profile).setContentSetting(.allow, for: site, type: .notifications)
            app.maps.map(for: profile.offTheRecordProfile).setContentSetting(
                .block, for: other, type: .notifications)
            app.context.shutdown()
        }
        let app = ContentSettingsApp(directory: directory)
        let profile = app.profile()
        let map = app.maps.map(for: profile)
        #expect(map.contentSetting(for: site, type: .notifications) == .allow)
        #expect(map.contentSetting(for: other, type: .notifications) == .ask)
        #expect(
            app.maps.map(for: profile.offTheRecordProfile).contentSetting(for: other, type: .notifications)
                == .ask)
    }

    @Test func incognitoForgetsItsDecisionsWhenItsProfileGoes() {
        let app = ContentSettingsApp(directory: TestProfile.makeUserDataDirectory())
        let profile = app.createProfile()
        app.maps.map(for: profile.offTheRecordProfile).setContentSetting(
            .allow, for: site, type: .geolocation)
        #expect(
            app.maps.map(for: profile.offTheRecordProfile).contentSetting(for: site, type: .geolocation)
                == .allow)
        profile.destroyOffTheRecordProfile()
        #expect(
            app.maps.map(for: profile.offTheRecordProfile).contentSetting(for: site, type: .geolocation)
                == .ask)
        #expect(app.maps.map(for: profile).contentSetting(for: site, type: .geolocation) == .ask)
    }

    @Test func aChangeToTheRegularMapIsSeenByIncognitoAtOnce() {
        let app = ContentSettingsApp(directory: TestProfile.makeUserDataDirectory())
        let profile = app.createProfile()
        let incognito = app.maps.map(for: profile.offTheRecordProfile)
        let recorder = ChangeRecorder()
        incognito.addObserver(recorder)
        app.maps.map(for: profile).setContentSetting(.block, for: site, type: .mediastreamMic)
        #expect(incognito.contentSetting(for: site, type: .mediastreamMic) == .block)
        #expect(recorder.changes == ["http://127.0.0.1:8000 media_stream_mic"])
    }

    @Test func aDamagedPreferencesFileIsSetAsideAndReported() throws {
        let directory = TestProfile.makeUserDataDirectory()
        do {
            let app = ContentSettingsApp(directory: directory)
            app.maps.map(for: app.createProfile()).setContentSetting(.allow, for: site, type: .notifications)
            app.context.shutdown()
        }
        let file = directory.appendingPathComponent("Default/Preferences")
        try Data("{\"profile\": {\"content_settings\": ".utf8).write(to: file)
        let app = ContentSettingsApp(directory: directory)
        let profile = app.profile()
        let problem = try #require(profile.prefs.loadProblem)
        #expect(problem.movedTo == file.path + ".bad")
        #expect(FileManager.default.fileExists(atPath: file.path + ".bad"))
        let map = app.maps.map(for: profile)
        #expect(map.contentSetting(for: site, type: .notifications) == .ask)
        map.setContentSetting(.block, for: site, type: .notifications)
        #expect(map.contentSetting(for: site, type: .notifications) == .block)
    }

    @Test func unreadableEntriesAreDroppedAndReported() throws {
        let directory = TestProfile.makeUserDataDirectory()
        do {
            let app = ContentSettingsApp(directory: directory)
            let profile = app.createProfile()
            profile.prefs.set(
                "profile.content_settings.exceptions.geolocation",
                .dictionary([
                    "http://127.0.0.1:8000,*": .dictionary(["setting": .int(2)]),
                    "not an origin": .dictionary(["setting": .int(1)]),
                    "https://example.com:443,*": .dictionary(["setting": .string("allow")]),
                    "https://example.org:443,*": .int(7),
                ]))
            app.context.shutdown()
        }
        let app = ContentSettingsApp(directory: directory)
        let profile = app.profile()
        let map = app.maps.map(for: profile)
        #expect(
            map.droppedEntries.map(\.description) == [
                "profile.content_settings.exceptions.geolocation: 'https://example.com:443,*'",
                "profile.content_settings.exceptions.geolocation: 'https://example.org:443,*'",
                "profile.content_settings.exceptions.geolocation: 'not an origin'",
            ])
        #expect(map.contentSetting(for: site, type: .geolocation) == .block)
        #expect(profile.prefs.dictionary("profile.content_settings.exceptions.geolocation").count == 1)
    }

    @Test func anOffTheRecordMapCannotBeMadeOfAnotherOffTheRecordMap() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let app = ContentSettingsApp(directory: TestProfile.makeUserDataDirectory())
                let incognito = app.maps.map(for: app.createProfile().offTheRecordProfile)
                _ = HostContentSettingsMap(offTheRecordOf: incognito)
            }
        }.expectPreconditionMessage(
            "HostContentSettingsMap.init(offTheRecordOf:): the parent is off the record")
    }
}

@MainActor
final class ChangeRecorder: HostContentSettingsMapObserver {
    var changes: [String] = []
    func contentSettingChanged(_ map: HostContentSettingsMap, origin: Origin, type: ContentSettingsType) {
        changes.append("\(origin.serialized) \(type.rawValue)")
    }
}

@MainActor
struct HostContentSettingsMapFactoryTests {
    @Test func aTabGetsTheMapOfItsProfileIncognitoItsOwn() {
        let app = ContentSettingsApp(directory: TestProfile.makeUserDataDirectory())
        let profile = app.createProfile()
        let regularTab = WebState(params: .init(context: profile.webEngineContext))
        let incognitoTab = WebState(params: .init(context: profile.offTheRecordProfile.webEngineContext))
        #expect(app.maps.map(for: regularTab) === app.maps.map(for: profile))
        #expect(app.maps.map(for: incognitoTab) === app.maps.map(for: profile.offTheRecordProfile))
        #expect(app.maps.map(for: incognitoTab)?.isOffTheRecord == true)
        let otherEngine = FakeWebEngine()
        let stranger = WebState(params: .init(context: otherEngine.defaultContext))
        #expect(app.maps.map(for: stranger) == nil)
        withExtendedLifetime(otherEngine) {}
    }
}
