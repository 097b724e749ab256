@_spi(Testing) import Base
import Testing

@MainActor
struct PrefSyncTests {
    let files = PrefTestFiles()

    @Test func syncableValuesExcludeLocalPrefs() {
        let prefs = files.makeService()
        prefs.set("browser.home_page", "https://example.org/")
        prefs.set("device.name", "laptop")
        prefs.set("tabs.max_count", 3)
        #expect(
            prefs.syncableValues == [
                "browser.show_home_button": true,
                "browser.home_page": "https://example.org/",
                "zoom.default_level": 1.0,
                "site_settings": [:],
            ])
    }

    @Test func syncObserversHearLocalChangesOfSyncablePrefsOnly() {
        let prefs = files.makeService()
        let events = PrefEvents()
        let observation = prefs.observeSyncableChanges { events.record($0, $1) }
        prefs.set("browser.show_home_button", false)
        prefs.set("browser.show_home_button", false)
        prefs.set("device.name", "laptop")
        prefs.set("tabs.max_count", 3)
        prefs.set("zoom.default_level", 2)
        prefs.reset("browser.show_home_button")
        #expect(
            events.changes == [
                "browser.show_home_button=false", "zoom.default_level=2.0", "browser.show_home_button=true",
            ])
        observation.cancel()
        prefs.set("browser.home_page", "x")
        #expect(events.changes.count == 3)
    }

    @Test func appliedSyncedValuesAreSetObservedAndSavedButNotEchoed() {
        let prefs = files.makeService()
        let synced = PrefEvents()
        let observed = PrefEvents()
        let observations = [
            prefs.observeSyncableChanges { synced.record($0, $1) },
            prefs.observe("browser.home_page") { observed.record($0) },
        ]
        #expect(prefs.applySyncedValue("browser.home_page", "https://sync.example/"))
        #expect(prefs.string("browser.home_page") == "https://sync.example/")
        #expect(observed.values == ["https://sync.example/"])
        #expect(synced.changes.isEmpty)
        prefs.flush()
        #expect(files.fileText == #"{"browser":{"home_page":"https://sync.example/"}}"#)
        _ = observations
    }

    @Test func aChangeMadeInReactionToSyncIsStillSynced() {
        let prefs = files.makeService()
        let synced = PrefEvents()
        let observations = [
            prefs.observeSyncableChanges { synced.record($0, $1) },
            prefs.observe("browser.show_home_button") { [prefs] _ in prefs.set("browser.home_page", "reacted")
            },
        ]
        prefs.applySyncedValue("browser.show_home_button", false)
        #expect(synced.changes == [#"browser.home_page="reacted""#])
        _ = observations
    }

    @Test func applyingAnIntegerToADoublePrefConvertsIt() {
        let prefs = files.makeService()
        #expect(prefs.applySyncedValue("zoom.default_level", 3))
        #expect(prefs.value("zoom.default_level") == .double(3))
    }

    @Test func applyingTheDefaultClearsTheValue() {
        let prefs = files.makeService()
        prefs.set("browser.show_home_button", false)
        #expect(prefs.applySyncedValue("browser.show_home_button", true))
        #expect(!prefs.hasUserValue("browser.show_home_button"))
    }

    @Test func wrongTypesAreRejectedWithAWarning() {
        let prefs = files.makeService()
        var results: [Bool] = []
        let lines = LogCapture.withCapturedMessages {
            results.append(prefs.applySyncedValue("browser.show_home_button", "yes"))
            results.append(prefs.applySyncedValue("browser.home_page", 1))
            results.append(prefs.applySyncedValue("zoom.default_level", .double(.nan)))
        }
        #expect(results == [false, false, false])
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("swiftlet: warning: prefs: ignoring synced value") })
        #expect(lines.first?.contains("browser.show_home_button") == true)
        #expect(prefs.isDefault("browser.show_home_button"))
        #expect(prefs.isDefault("browser.home_page"))
        #expect(!files.exists(files.path))
        #expect(files.clock.pendingCount == 0)
    }

    @Test func localAndUnknownPrefsCannotBeSetBySync() {
        let prefs = files.makeService()
        var results: [Bool] = []
        let lines = LogCapture.withCapturedMessages {
            results.append(prefs.applySyncedValue("device.name", "from another device"))
            results.append(prefs.applySyncedValue("tabs.max_count", 3))
            results.append(prefs.applySyncedValue("newer.version.pref", true))
        }
        #expect(results == [false, false, false])
        #expect(
            lines == [
                "swiftlet: warning: prefs: ignoring synced value for local pref 'device.name'",
                "swiftlet: warning: prefs: ignoring synced value for local pref 'tabs.max_count'",
                "swiftlet: warning: prefs: ignoring synced value for unregistered pref 'newer.version.pref'",
            ])
        #expect(prefs.string("device.name") == "")
        #expect(prefs.int("tabs.max_count") == 100)
    }
}
