import Prefs
import TestSupport
import Testing

@MainActor
struct PrefServiceTests {
    let prefs = PrefService(registry: PrefTestFiles.makeRegistry())

    @Test func readsDefaultsOfEveryKind() {
        #expect(prefs.bool("browser.show_home_button") == true)
        #expect(prefs.string("browser.home_page") == "about:blank")
        #expect(prefs.int("tabs.max_count") == 100)
        #expect(prefs.double("zoom.default_level") == 1.0)
        #expect(prefs.list("search.engines") == ["duck", "wiki"])
        #expect(prefs.dictionary("site_settings") == [:])
        #expect(prefs.value("tabs.max_count") == .int(100))
        #expect(prefs.defaultValue("tabs.max_count") == .int(100))
        #expect(prefs.isDefault("tabs.max_count"))
        #expect(!prefs.hasUserValue("tabs.max_count"))
        #expect(!prefs.isOverlay)
        #expect(prefs.loadProblem == nil)
    }

    @Test func setsValuesOfEveryKind() {
        prefs.set("browser.show_home_button", false)
        prefs.set("browser.home_page", "https://example.org/")
        prefs.set("tabs.max_count", 7)
        prefs.set("zoom.default_level", 1.25)
        prefs.set("search.engines", ["wiki", 3, ["nested": true]])
        prefs.set("site_settings", ["example.org": ["js": false]])
        #expect(prefs.bool("browser.show_home_button") == false)
        #expect(prefs.string("browser.home_page") == "https://example.org/")
        #expect(prefs.int("tabs.max_count") == 7)
        #expect(prefs.double("zoom.default_level") == 1.25)
        #expect(prefs.list("search.engines") == ["wiki", 3, ["nested": true]])
        #expect(prefs.dictionary("site_settings") == ["example.org": ["js": false]])
        #expect(!prefs.isDefault("tabs.max_count"))
        #expect(prefs.hasUserValue("tabs.max_count"))
    }

    @Test func anIntegerIsAcceptedForADouble() {
        prefs.set("zoom.default_level", 2)
        #expect(prefs.value("zoom.default_level") == .double(2))
        #expect(prefs.double("zoom.default_level") == 2)
    }

    @Test func resetReturnsToTheDefault() {
        prefs.set("tabs.max_count", 7)
        prefs.reset("tabs.max_count")
        #expect(prefs.int("tabs.max_count") == 100)
        #expect(prefs.isDefault("tabs.max_count"))
        #expect(!prefs.hasUserValue("tabs.max_count"))
        prefs.reset("tabs.max_count")
        #expect(prefs.isDefault("tabs.max_count"))
    }

    @Test func settingTheDefaultValueClearsTheSetValue() {
        prefs.set("tabs.max_count", 7)
        prefs.set("tabs.max_count", 100)
        #expect(prefs.isDefault("tabs.max_count"))
        #expect(!prefs.hasUserValue("tabs.max_count"))
        prefs.set("zoom.default_level", 1)
        #expect(!prefs.hasUserValue("zoom.default_level"))
    }

    // MARK: Observers

    @Test func observersHearChangesWithTheNewValue() {
        let events = PrefEvents()
        let observation = prefs.observe("tabs.max_count") { events.record($0) }
        prefs.set("tabs.max_count", 5)
        prefs.set("tabs.max_count", 6)
        prefs.reset("tabs.max_count")
        #expect(events.values == [5, 6, 100])
        #expect(observation.isActive)
    }

    @Test func observersDoNotHearWritesThatChangeNothing() {
        let events = PrefEvents()
        let observation = prefs.observe("tabs.max_count") { events.record($0) }
        prefs.set("tabs.max_count", 100)
        prefs.reset("tabs.max_count")
        prefs.set("tabs.max_count", 5)
        prefs.set("tabs.max_count", 5)
        prefs.set("zoom.default_level", 3)
        #expect(events.values == [5])
        _ = observation
    }

    @Test func everyObserverOfAPrefIsCalled() {
        let first = PrefEvents()
        let second = PrefEvents()
        let other = PrefEvents()
        let observations = [
            prefs.observe("device.name") { first.record($0) },
            prefs.observe("device.name") { second.record($0) },
            prefs.observe("browser.home_page") { other.record($0) },
        ]
        prefs.set("device.name", "laptop")
        #expect(first.values == ["laptop"])
        #expect(second.values == ["laptop"])
        #expect(other.values.isEmpty)
        _ = observations
    }

    @Test func cancellingStopsTheCallback() {
        let events = PrefEvents()
        let observation = prefs.observe("tabs.max_count") { events.record($0) }
        prefs.set("tabs.max_count", 5)
        observation.cancel()
        observation.cancel()
        prefs.set("tabs.max_count", 6)
        #expect(events.values == [5])
        #expect(!observation.isActive)
    }

    @Test func releasingTheTokenStopsTheCallback() {
        let events = PrefEvents()
        var observation: PrefObservation? = prefs.observe("tabs.max_count") { events.record($0) }
        prefs.set("tabs.max_count", 5)
        observation = nil
        prefs.set("tabs.max_count", 6)
        #expect(events.values == [5])
        #expect(observation == nil)
    }

    @Test func anObserverMayCancelAnotherDuringANotification() {
        let events = PrefEvents()
        var second: PrefObservation?
        let first = prefs.observe("tabs.max_count") { value in
            events.record(value)
            second?.cancel()
        }
        second = prefs.observe("tabs.max_count") { _ in events.record("second") }
        prefs.set("tabs.max_count", 5)
        #expect(events.values == [5])
        _ = first
    }

    @Test func anObserverMayWriteAnotherPref() {
        let events = PrefEvents()
        let observations = [
            prefs.observe("tabs.max_count") { [prefs] value in prefs.set("device.name", .string("\(value)"))
            },
            prefs.observe("device.name") { events.record($0) },
        ]
        prefs.set("tabs.max_count", 5)
        #expect(prefs.string("device.name") == "5")
        #expect(events.values == ["5"])
        _ = observations
    }

    // MARK: Programming errors

    @Test func readingAnUnregisteredPrefIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = PrefService(registry: PrefRegistry()).value("nope") }
        }.expectPreconditionMessage("PrefService: unregistered pref 'nope'")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = PrefService(registry: PrefRegistry()).bool("nope") }
        }.expectPreconditionMessage("PrefService: unregistered pref 'nope'")
    }

    @Test func writingAnUnregisteredPrefIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { PrefService(registry: PrefRegistry()).set("nope", true) }
        }.expectPreconditionMessage("PrefService: unregistered pref 'nope'")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { PrefService(registry: PrefRegistry()).reset("nope") }
        }.expectPreconditionMessage("PrefService: unregistered pref 'nope'")
    }

    @Test func observingAnUnregisteredPrefIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = PrefService(registry: PrefRegistry()).observe("nope") { _ in } }
        }.expectPreconditionMessage("PrefService: unregistered pref 'nope'")
    }

    @Test func settingTheWrongTypeIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("flag", default: true)
                PrefService(registry: registry).set("flag", 1)
            }
        }.expectPreconditionMessage("PrefService: 'flag' is a bool pref; cannot set a int")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("count", default: 1)
                PrefService(registry: registry).set("count", 1.5)
            }
        }.expectPreconditionMessage("PrefService: 'count' is a int pref; cannot set a double")
    }

    @Test func settingANonFiniteNumberIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("zoom", default: 1.0)
                PrefService(registry: registry).set("zoom", .double(.infinity))
            }
        }.expectPreconditionMessage("PrefService: value for 'zoom' contains a number that is not finite")
    }

    @Test func readingWithTheWrongAccessorIsAProgrammingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                registry.register("count", default: 1)
                _ = PrefService(registry: registry).double("count")
            }
        }.expectPreconditionMessage("PrefService: 'count' is a int pref, not a double pref")
    }
}
