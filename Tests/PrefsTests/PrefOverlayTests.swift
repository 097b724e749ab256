@_spi(Testing) import Base
import Prefs
import Testing

@MainActor
struct PrefOverlayTests {
    let files = PrefTestFiles()

    /// A persistent original with a file on disk, and an overlay of it.
    private func makePair() -> (original: PrefService, overlay: PrefService) {
        let original = files.makeService()
        original.set("browser.home_page", "https://original.example/")
        original.set("tabs.max_count", 5)
        original.flush()
        return (original, PrefService(overlaying: original))
    }

    @Test func readsFallThroughToTheOriginal() {
        let (original, overlay) = makePair()
        #expect(overlay.isOverlay)
        #expect(overlay.original === original)
        #expect(overlay.string("browser.home_page") == "https://original.example/")
        #expect(overlay.int("tabs.max_count") == 5)
        #expect(!overlay.isDefault("tabs.max_count"))
        #expect(!overlay.hasUserValue("tabs.max_count"))
        #expect(overlay.bool("browser.show_home_button"))
        #expect(overlay.isDefault("browser.show_home_button"))
        #expect(overlay.loadProblem == nil)
    }

    @Test func writesStayInTheOverlay() {
        let (original, overlay) = makePair()
        overlay.set("tabs.max_count", 9)
        overlay.set("device.name", "incognito")
        #expect(overlay.int("tabs.max_count") == 9)
        #expect(overlay.string("device.name") == "incognito")
        #expect(original.int("tabs.max_count") == 5)
        #expect(original.string("device.name") == "")
    }

    @Test func theOverlayCanHideANonDefaultOriginalValueWithTheDefault() {
        let (original, overlay) = makePair()
        overlay.set("tabs.max_count", 100)
        #expect(overlay.int("tabs.max_count") == 100)
        #expect(overlay.isDefault("tabs.max_count"))
        #expect(overlay.hasUserValue("tabs.max_count"))
        #expect(original.int("tabs.max_count") == 5)
    }

    @Test func resettingInTheOverlayRevealsTheOriginalValue() {
        let (_, overlay) = makePair()
        overlay.set("tabs.max_count", 9)
        overlay.reset("tabs.max_count")
        #expect(overlay.int("tabs.max_count") == 5)
        #expect(!overlay.hasUserValue("tabs.max_count"))
    }

    @Test func theOverlayNeverTouchesTheDisk() {
        let (original, overlay) = makePair()
        let listing = files.listing
        let bytes = files.bytes(files.path)
        #expect(listing == ["Preferences"])

        overlay.set("tabs.max_count", 9)
        overlay.set("device.name", "incognito")
        overlay.set("browser.home_page", "https://incognito.example/")
        overlay.reset("browser.home_page")
        overlay.commitPendingWrite(waitUntilDone: true)
        overlay.flush()
        #expect(files.clock.pendingCount == 0)
        files.clock.advance(by: .seconds(60))
        original.flush()

        #expect(files.listing == listing)
        #expect(files.bytes(files.path) == bytes)
        #expect(original.int("tabs.max_count") == 5)
    }

    @Test func anOverlayOfAnInMemoryServiceCreatesNoFile() {
        let overlay = PrefService(overlaying: PrefService(registry: PrefTestFiles.makeRegistry()))
        overlay.set("device.name", "incognito")
        overlay.flush()
        #expect(!files.exists(files.directory))
        #expect(overlay.string("device.name") == "incognito")
    }

    @Test func theOriginalsChangesAreVisibleAndObservedThroughTheOverlay() {
        let (original, overlay) = makePair()
        let events = PrefEvents()
        let observation = overlay.observe("device.name") { events.record($0) }
        original.set("device.name", "laptop")
        #expect(overlay.string("device.name") == "laptop")
        original.reset("device.name")
        #expect(events.values == ["laptop", ""])
        _ = observation
    }

    @Test func theOriginalsChangesToOverriddenPrefsAreHidden() {
        let (original, overlay) = makePair()
        let events = PrefEvents()
        let observation = overlay.observe("tabs.max_count") { events.record($0) }
        overlay.set("tabs.max_count", 9)
        original.set("tabs.max_count", 6)
        #expect(overlay.int("tabs.max_count") == 9)
        overlay.reset("tabs.max_count")
        #expect(events.values == [9, 6])
        _ = observation
    }

    @Test func resettingToTheSameValueAsTheOriginalNotifiesNothing() {
        let (_, overlay) = makePair()
        let events = PrefEvents()
        let observation = overlay.observe("tabs.max_count") { events.record($0) }
        overlay.set("tabs.max_count", 5)
        overlay.reset("tabs.max_count")
        #expect(events.values.isEmpty)
        _ = observation
    }

    @Test func theOriginalDoesNotHearTheOverlaysChanges() {
        let (original, overlay) = makePair()
        let events = PrefEvents()
        let observations = [
            original.observe("device.name") { events.record($0) },
            original.observeSyncableChanges { events.record($0, $1) },
        ]
        overlay.set("device.name", "incognito")
        overlay.set("browser.show_home_button", false)
        #expect(events.values.isEmpty)
        #expect(events.changes.isEmpty)
        _ = observations
    }

    @Test func anOverlayIsNeverSynced() {
        let (_, overlay) = makePair()
        let events = PrefEvents()
        let observation = overlay.observeSyncableChanges { events.record($0, $1) }
        overlay.set("browser.show_home_button", false)
        #expect(overlay.syncableValues.isEmpty)
        let lines = LogCapture.withCapturedMessages {
            #expect(!overlay.applySyncedValue("browser.show_home_button", true))
        }
        #expect(lines.count == 1)
        #expect(events.changes.isEmpty)
        #expect(overlay.bool("browser.show_home_button") == false)
        _ = observation
    }

    @Test func theOriginalOutlivesItsOverlay() {
        let (original, _) = makePair()
        weak var weakOverlay: PrefService?
        do {
            let overlay = PrefService(overlaying: original)
            weakOverlay = overlay
        }
        #expect(weakOverlay == nil)
        original.set("device.name", "still fine")
        #expect(original.string("device.name") == "still fine")
    }

    @Test func overlaysNest() {
        let (original, overlay) = makePair()
        let inner = PrefService(overlaying: overlay)
        let events = PrefEvents()
        let observation = inner.observe("device.name") { events.record($0) }
        original.set("device.name", "a")
        overlay.set("device.name", "b")
        inner.set("device.name", "c")
        original.set("device.name", "ignored")
        #expect(events.values == ["a", "b", "c"])
        _ = observation
    }
}
